"""The range between two fighters as the fight holds it (shared/FIGHT.md's first law: an attack
is born from the sheets and the fight so far). A ranged attack's yards stay with the pair,
whoever shot at whom, and the next attack between them starts from them: a GM's play-through
found the range back at 0 each turn, and the −6 for 20 yards gone unless re-typed (GUR-38).

>>> from pycore.systems.gurps.sheet import Combatant
>>> fight = with_range(Fight((Combatant(id="a"), Combatant(id="b"))), "b", "a", Fraction(25, 2))
>>> range_between(fight, "a", "b"), range_between(fight, "a", "c"), fight.ranges
('12.5', '', (('a', 'b', '12.5'),))
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from pycore.errors import RuleError
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.injury import MAX_YARDS
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.validate import checked, shown


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@checked
def range_between(fight: Fight, a: str, b: str) -> str:
    """The yards between ``a`` and ``b`` as typed for their last ranged attack ("" if none)."""
    pair = _pair(a, b)
    return next((yards for x, y, yards in fight.ranges if (x, y) == pair), "")


@checked
def with_range(fight: Fight, a: str, b: str, yards: Fraction | int) -> Fight:
    """The fight holding ``yards`` between ``a`` and ``b`` in place of what it held."""
    pair = _pair(a, b)
    kept = tuple(r for r in fight.ranges if (r[0], r[1]) != pair)
    return replace(fight, ranges=(*kept, (*pair, decimal_text(yards))))


@checked
def ranges_from_json(raw: object, ids: set[str]) -> tuple[tuple[str, str, str], ...]:
    """The saved ranges (``[[a, b, yards], ...]``), each checked; a pair with someone no longer
    in the fight is left out."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise RuleError(f"saved ranges {shown(raw)} is not a list")
    ranges: dict[tuple[str, str], str] = {}
    for row in raw[: len(ids) ** 2]:
        if not (isinstance(row, list) and len(row) == 3 and all(isinstance(v, str) for v in row)):
            raise RuleError(f"a saved range {shown(row)} is not [fighter, fighter, yards]")
        a, b, yards = row
        if {a, b} <= ids and a != b:
            ranges[_pair(a, b)] = decimal_text(exact("saved range (yards)", yards, 0, MAX_YARDS))
    return tuple((*pair, yards) for pair, yards in ranges.items())


@checked
def ranges_to_json(fight: Fight) -> list[Any]:
    """The ranges as the fight's saved form keeps them."""
    return [list(r) for r in fight.ranges]
