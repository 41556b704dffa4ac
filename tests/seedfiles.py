"""Where the rule texts are: ``shared/seeds`` beside the repository (as on CI, which lays a copy of
``shared/`` beside its clone, and in Pyodide, whose runner mounts it at ``/shared``), or the folder
``$RULEKEEPER_SEEDS`` names. Never an absolute path of one machine.

A test that reads a text skips where it is absent on a developer's machine, and fails under CI
(``CI`` set): a rule-text test that quietly skips there checks nothing (issue 30 item 8).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = tuple(
    path
    for path in (
        Path(os.environ["RULEKEEPER_SEEDS"]) if os.environ.get("RULEKEEPER_SEEDS") else None,
        ROOT.parent / "shared" / "seeds",
    )
    if path is not None
)


def seeds_dir() -> Path:
    """The seeds folder (the first candidate that exists; else where it should be)."""
    for candidate in CANDIDATES:
        if candidate.is_dir():
            return candidate
    return CANDIDATES[-1]


def missing(what: str) -> NoReturn:
    """A rule text the test needs is not there: a failure under CI, a skip elsewhere."""
    message = f"{what} is not beside the repository (shared/ or $RULEKEEPER_SEEDS)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def shared_file(relative: str) -> Path:
    """A file of ``shared/`` (``rules/simply.md``, ``seeds/002_….txt``), or :func:`missing`."""
    path = seeds_dir().parent / relative
    if not path.is_file():
        missing(f"shared/{relative}")
    return path


def seed_lines(name: str) -> list[str]:
    return shared_file(f"seeds/{name}").read_text(encoding="utf-8").split("\n")
