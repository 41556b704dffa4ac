"""The players' line of each Simply fight step (shared/FIGHT.md: an allow list built from the
step's values, never taken from the GM's text): names, what was done, hit or miss, a condition's
name. Attack and Defend rolls, TNs, damage, HP and luck stay the GM's.

>>> attack_line("Ana", "Bo", True), check_line("Bo", "Stamina Check", "unconscious", False)
('Ana attacks Bo → hit', 'Bo: Stamina Check → failed: unconscious')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from pycore.step import Step, seen, verdict
from pycore.validate import checked

#: A new turn's line: the dice and the order's totals are the GM's; the order strip shows who acts.
INITIATIVE_LINE: Final = "Initiative rolled: a new turn"


@checked
def attack_line(attacker: str, target: str, hit: bool) -> str:
    return f"{attacker} attacks {target} → {verdict(hit)}"


@checked
def hit_line(name: str) -> str:
    """A hit taken: its effects ("quarter HP", a heavy injury) are the GM's; what shows (down,
    bleeding) is in the order strip's conditions."""
    return f"{name} is hit"


@checked
def check_line(name: str, check: str, on_failure: str, passed: bool) -> str:
    outcome = "passed" if passed else f"failed: {seen(on_failure)}"
    return f"{name}: {seen(check)} → {outcome}".rstrip(": ")


@checked
def treatment_line(name: str, treatment: str, success: bool) -> str:
    return f"{name}: {seen(treatment)} → {verdict(success, 'success', 'failure')}"


@checked
def action_line(name: str, action: str) -> str:
    """An action taken: the actions left are the GM's."""
    return f"{name}: {action}"


@checked
def simply_public(result: object, names: Mapping[str, str] | None = None) -> str:
    """The players' line of a Simply fight step's result: its :class:`~pycore.step.Step`'s
    public line ("" for a result that has none). ``names`` is kept for callers that pass the
    fight's names; every result names its people itself.

    >>> from pycore.systems.simply.fight import AttackRoll
    >>> simply_public(AttackRoll("a", "b", True, "2d10 (3, 9) = 12 vs TN 14", names=("Ana", "Bo")))
    'Ana attacks Bo → hit'
    """
    step = getattr(result, "step", None)
    return step.public if isinstance(step, Step) else ""
