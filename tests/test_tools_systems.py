"""The tools list the systems from their descriptors (issue 30 item 1); what a tool does per
system (the bench's fight script, its heaviest step) is keyed by the descriptor's key, so a
system without its entry fails here rather than going unmeasured.

The tools import Playwright, so they are read, not imported (this runs in Pyodide too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pycore.systems.system import SYSTEM_KEYS

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def _dict_keys(module: str, name: str) -> list[str]:
    """The literal keys of the dict ``name`` assigned at the top of ``tools/<module>.py``."""
    tree = ast.parse((TOOLS / f"{module}.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == name:
            assert isinstance(node.value, ast.Dict), f"{module}.{name} is a dict"  # type: ignore[union-attr]
            return [ast.literal_eval(k) for k in node.value.keys if k is not None]  # type: ignore[union-attr]
    raise AssertionError(f"tools/{module}.py assigns no {name}")


@pytest.mark.parametrize(
    ("module", "name"), [("bench_clicks", "ATTACK_FIGURES"), ("bench_sizes", "SYSTEMS")]
)
def test_each_system_has_its_bench_entry(module: str, name: str) -> None:
    assert sorted(_dict_keys(module, name)) == sorted(SYSTEM_KEYS)


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_each_system_has_its_fight_measure(key: str) -> None:
    assert (TOOLS / f"bench_fight_{key}.py").is_file(), f"tools/bench_fight_{key}.py"
