"""The range between two fighters as the fight holds it (shared/FIGHT.md's first law: an attack
is born from the sheets and the fight so far). A ranged attack's yards stay with the pair,
whoever shot at whom, and the next attack between them starts from them: a GM's play-through
found the range back at 0 each turn, and the −6 for 20 yards gone unless re-typed (GUR-38).

Past the table's 100 yd the GM types the speed/range modifier (GUR-28's ASK, 004 lines
181-195): it belongs to that range between these two and stays with it, and a new range drops
it (another GM's play-through typed −11 again at each shot between the same two fighters).

>>> from pycore.systems.gurps.sheet import Combatant
>>> fight = with_range(Fight((Combatant(id="a"), Combatant(id="b"))), "b", "a", Fraction(25, 2))
>>> range_between(fight, "a", "b"), range_between(fight, "a", "c"), fight.ranges
('12.5', '', (('a', 'b', '12.5', ''),))
>>> far = with_range(fight, "a", "b", 150, -11)
>>> range_between(far, "b", "a"), beyond_between(far, "b", "a")
('150', '-11')
>>> beyond_between(with_range(far, "a", "b", 160), "a", "b")
''
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from typing import Any

from pycore.errors import RuleError
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.injury import MAX_YARDS
from pycore.systems.gurps.modifiers import MAX_MODIFIER
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.systems.gurps.sheet import Combatant
from pycore.validate import checked, shown, whole


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@checked
def range_between(fight: Fight, a: str, b: str) -> str:
    """The yards between ``a`` and ``b`` as typed for their last ranged attack ("" if none)."""
    pair = _pair(a, b)
    return next((yards for x, y, yards, _ in fight.ranges if (x, y) == pair), "")


@checked
def beyond_between(fight: Fight, a: str, b: str) -> str:
    """The speed/range modifier the GM typed for the range held between ``a`` and ``b``, past
    the table's 100 yd (GUR-28), as typed; "" if none is held with it."""
    pair = _pair(a, b)
    return next((beyond for x, y, _, beyond in fight.ranges if (x, y) == pair), "")


@checked
def with_range(
    fight: Fight, a: str, b: str, yards: Fraction | int, beyond: int | None = None
) -> Fight:
    """The fight holding ``yards`` between ``a`` and ``b`` in place of what it held, with the
    GM's speed/range modifier for that range (``beyond``, past the table; None: none)."""
    pair = _pair(a, b)
    kept = tuple(r for r in fight.ranges if (r[0], r[1]) != pair)
    modifier = (
        "" if beyond is None else str(whole(beyond, "speed/range modifier", -MAX_MODIFIER, 0))
    )
    return replace(fight, ranges=(*kept, (*pair, decimal_text(yards), modifier)))


@checked
def ranges_from_json(raw: object, ids: set[str]) -> tuple[tuple[str, str, str, str], ...]:
    """The saved ranges (``[[a, b, yards], ...]``, with the GM's modifier past the table as a
    fourth item, ``[a, b, yards, modifier]``), each checked; a pair with someone no longer in
    the fight is left out."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise RuleError(f"saved ranges {shown(raw)} is not a list")
    ranges: dict[tuple[str, str], tuple[str, str]] = {}
    for row in raw[: len(ids) ** 2]:
        if not (
            isinstance(row, list) and len(row) in (3, 4) and all(isinstance(v, str) for v in row)
        ):
            raise RuleError(
                f"a saved range {shown(row)} is not [fighter, fighter, yards] (and its modifier)"
            )
        a, b, yards, *beyond = row
        if {a, b} <= ids and a != b:
            held = decimal_text(exact("saved range (yards)", yards, 0, MAX_YARDS))
            ranges[_pair(a, b)] = (held, _saved_modifier(beyond[0]) if beyond else "")
    return tuple((*pair, *held) for pair, held in ranges.items())


def _saved_modifier(typed: str) -> str:
    """A saved speed/range modifier past the table, checked: "" or a whole number ≤ 0."""
    if not typed:
        return ""
    value = exact("saved speed/range modifier", typed, -MAX_MODIFIER, 0)
    if value.denominator != 1:
        raise RuleError(f"saved speed/range modifier {shown(typed)} is not a whole number")
    return str(int(value))


@checked
def ranges_to_json(fight: Fight) -> list[Any]:
    """The ranges as the fight's saved form keeps them (the modifier only where one is held,
    so a fight saved before it reads the same)."""
    return [list(r) if r[3] else list(r[:3]) for r in fight.ranges]


def _reach_yards(reach: str) -> int | None:
    """The farthest a melee weapon reaches, in yards, from its typed reach ("C" close combat:
    0; "C,1", "1-2", "2*"); None when not typed or unreadable (then any held range is asked)."""
    steps = [p.strip().rstrip("*").upper() for p in re.split(r"[,\-–]", reach) if p.strip()]
    yards = [0 if p == "C" else int(p) if p.isascii() and p.isdigit() else None for p in steps]
    if not yards or None in yards:
        return None
    return max(y for y in yards if y is not None)


@checked
def out_of_reach(fight: Fight, using: Combatant, defender: Combatant, typed: str = "") -> str:
    """GUR-14, GUR-21 (004 lines 52, 88): a melee target must be within reach. The tracker has
    no map, so that is the GM's to confirm (the rules' reading); when the range typed in this
    attack (``typed``), else the one the fight holds between the two, is past the weapon's
    reach (``using``: the attacker armed with the line), the question in words; "" when there
    is none to ask (a ranged attack, no range, within reach).

    >>> from pycore.systems.gurps.sheet import Combatant
    >>> bo = Combatant(id="b", name="Bo", weapon="Knife", reach="C,1")
    >>> ana = Combatant(id="a", name="Ana")
    >>> out_of_reach(Fight((bo, ana)), bo, ana, "10")
    'Ana is 10 yd away (the range typed): moved within reach?'
    """
    if using.ranged:
        return ""
    held = range_between(fight, using.id, defender.id)
    yards, said = held, "the range the fight holds"
    if _read(typed) and not (held and Fraction(typed.strip()) == Fraction(held)):
        yards, said = typed.strip(), "the range typed"
    if not yards:
        return ""
    reach = _reach_yards(using.reach)
    if reach is not None and Fraction(yards) <= reach:
        return ""
    return f"{defender.name} is {yards} yd away ({said}): moved within reach?"


def _read(typed: str) -> bool:
    """Whether ``typed`` reads as a range in yards (a field that is no number says so itself)."""
    try:
        return Fraction(typed.strip()) >= 0
    except (ValueError, ZeroDivisionError):
        return False


@checked
def without_range(fight: Fight, a: str, b: str) -> Fight:
    """The fight holding no range between ``a`` and ``b``: a melee attack between them shows
    they were within reach (GUR-14), the range held before no longer holds."""
    pair = _pair(a, b)
    return replace(fight, ranges=tuple(r for r in fight.ranges if (r[0], r[1]) != pair))
