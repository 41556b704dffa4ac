"""Where the rule texts are: ``shared/seeds`` beside the repository (as on CI and in Pyodide)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = (
    Path(os.environ.get("RULEKEEPER_SEEDS", "/nonexistent")),
    ROOT.parent / "shared" / "seeds",
    Path("/work/shared/seeds"),
)


def seeds_dir() -> Path:
    """The seeds folder; a test that needs it is skipped where the texts are not present."""
    for candidate in CANDIDATES:
        if candidate.is_dir():
            return candidate
    return CANDIDATES[1]


def seed_lines(name: str) -> list[str]:
    path = seeds_dir() / name
    if not path.exists():
        pytest.skip(f"rule text {name} is not beside the repository")
    return path.read_text(encoding="utf-8").split("\n")
