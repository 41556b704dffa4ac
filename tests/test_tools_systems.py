"""The tools list the systems from their descriptors (issue 30 item 1); what a bench does per
system (its fight's measures, its heaviest step, its size ladder) lives in the system's own
``tools/bench_fight_<key>.py``, found by the descriptor's key: a new system is benched from its
own module, with no shared table to add it to, and a system without its pieces fails here
rather than going unmeasured.

The tools import Playwright, so they are read, not imported (this runs in Pyodide too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pycore.systems.system import SYSTEM_KEYS

TOOLS = Path(__file__).resolve().parent.parent / "tools"
#: The benches every system shares: they find a system's pieces by its key.
SHARED = ("bench", "bench_clicks", "bench_sizes", "bench_common", "view_sizes")


def _assigned(module: str) -> dict[str, ast.expr]:
    """The values assigned to top-level names in ``tools/<module>.py``."""
    tree = ast.parse((TOOLS / f"{module}.py").read_text(encoding="utf-8"))
    found: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                found[target.id] = node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
            found[node.target.id] = node.value
    return found


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_each_system_has_its_fight_measure(key: str) -> None:
    assert (TOOLS / f"bench_fight_{key}.py").is_file(), f"tools/bench_fight_{key}.py"


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_each_system_has_its_heaviest_step_and_size_ladders(key: str) -> None:
    """``HEAVIEST`` (tools/bench_clicks.py, on the system's own page), ``LADDER``
    (tools/bench_sizes.py) and ``VIEW_LADDER`` (tools/view_sizes.py)."""
    names = _assigned(f"bench_fight_{key}")
    for name, kind in (
        ("HEAVIEST", "HeaviestStep"),
        ("LADDER", "SizeLadder"),
        ("VIEW_LADDER", "ViewLadder"),
    ):
        found = names.get(name)
        assert isinstance(found, ast.Call) and ast.unparse(found.func) == kind, (key, name)


@pytest.mark.parametrize("module", SHARED)
def test_no_shared_bench_lists_the_systems(module: str) -> None:
    """A shared bench names no system's key in a table (the ``ATTACK_FIGURES``, ``SYSTEMS``
    and ``LADDERS`` tables that each new system had to be added to are gone)."""
    tree = ast.parse((TOOLS / f"{module}.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            assert not keys & set(SYSTEM_KEYS), f"tools/{module}.py: {sorted(keys)}"
