"""One place per rule (issue 30 item 5): one integer check, each limit defined once, Simply's
luck against injury implemented once.

Read from the source (this runs in Pyodide too)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

from pycore.errors import RuleError
from pycore.systems.simply.damage import apply_damage
from pycore.systems.simply.luck import luck_on_injury
from pycore.systems.system import SYSTEM_KEYS

ROOT = Path(__file__).resolve().parent.parent
WHOLE_NUMBER_TEST = ("pycore/validate/ranges.py", "pycore/validate/typecheck.py")


def _is_instance_of(node: ast.AST, kind: str) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        node = node.operand
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "isinstance"
        and len(node.args) == 2
        and ast.unparse(node.args[1]) == kind
    )


def test_one_integer_check() -> None:
    """``isinstance(v, int)`` beside ``isinstance(v, bool)`` is the whole-number test of
    ``pycore.validate`` (``whole`` refuses, ``is_whole`` asks); a second copy drifts in its words
    and its edges (a bool, a Fraction 3/1)."""
    found = []
    for folder in ("pycore", "web/rkweb"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            # The test itself: is_whole, and the annotation check of ``int`` beside it.
            if path.relative_to(ROOT).as_posix() in WHOLE_NUMBER_TEST:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                values = node.values if isinstance(node, ast.BoolOp) else []
                if any(_is_instance_of(v, "bool") for v in values) and any(
                    _is_instance_of(v, "int") for v in values
                ):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == [], "use pycore.validate.whole or is_whole"


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_each_limit_is_defined_once_in_a_system(key: str) -> None:
    """A ``MAX_``/``MIN_`` bound assigned in two modules of one system is one limit kept twice
    (the codec's and the rule's drift apart): define it once (e.g. the system's ``limits.py``)
    and import it."""
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted((ROOT / "pycore" / "systems" / key).rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target = node.target if isinstance(node, ast.AnnAssign) else None
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
            if isinstance(target, ast.Name) and target.id.startswith(("MAX_", "MIN_")):
                where[target.id].append(path.name)
    assert {name: files for name, files in where.items() if len(files) > 1} == {}


def test_simply_luck_against_injury_is_one_rule() -> None:
    """SIM-43 is ``luck.luck_on_injury``; the damage the fight applies spends luck through it, so
    the two refuse the same overspend in the same words."""
    with pytest.raises(RuleError) as alone:
        luck_on_injury(3, 20, 4)
    with pytest.raises(RuleError) as applied:
        apply_damage(3, hp=20, hp_max=20, strength=6, health=5, luck_spent=4, luck_available=20)
    assert str(applied.value) == str(alone.value)
    assert applied.value.rules == alone.value.rules == ("SIM-43",)
