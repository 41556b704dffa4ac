"""The Aim each fighter holds (GUR-11, 004 line 49): "one or more Aim maneuvers immediately
before" an Attack or All-Out Attack on the same target add the weapon's Acc, +1 after 2 seconds,
+2 after 3 or more. The fight counts them as the turns pass: a turn of Aim at a target adds a
second (its first after any other maneuver or another target); any other turn ends the Aim, the
attack that spends it too. A GM's play-through: Bo aimed their bow at Ana, and their next turn's
attack started at Cy, with no Acc, the Aim forgotten.

>>> from pycore.systems.gurps.sheet import Combatant
>>> fight = Fight((Combatant(id="b", maneuver="Aim"), Combatant(id="a")), chosen=True)
>>> fight = turn_aim(turn_aim(fight, "b", "a"), "b", "a")
>>> aim_seconds(fight, "b", "a"), aim_seconds(fight, "b", "c"), aimed_target(fight, "b")
(2, 0, 'a')
>>> aim_seconds(turn_aim(fight, "b", "c"), "b", "c")  # another target: a first second
1
>>> from dataclasses import replace
>>> turn_aim(replace(fight, chosen=False), "b", "a").aims  # no Aim chosen this turn: ended
()
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.systems.gurps.fight.value import Fight
from pycore.validate import checked, shown

#: Past this, more seconds change nothing (GUR-11: +2 after 3 or more; a scope's bonus is
#: at most its own maximum, which the sheet does not hold): the count stops here.
MOST_SECONDS = 60


@checked
def aim_seconds(fight: Fight, who: str, target: str) -> int:
    """The seconds of Aim ``who`` took at ``target`` on their turns just before (0 if none)."""
    return next((n for w, t, n in fight.aims if (w, t) == (who, target)), 0)


@checked
def aimed_target(fight: Fight, who: str) -> str:
    """Whom ``who`` aims at ("" if they hold no Aim)."""
    return next((t for w, t, _ in fight.aims if w == who), "")


@checked
def turn_aim(fight: Fight, who: str, target: str) -> Fight:
    """The fight as ``who``'s turn ends: a second more of Aim at ``target`` if they chose Aim this
    turn (the first if their Aim was at another or none), else none held (GUR-11: "immediately
    before"; the Attack that spends it ends it too)."""
    kept = tuple(a for a in fight.aims if a[0] != who)
    c = fight.combatant(who)
    if not (fight.chosen and c.maneuver == "Aim" and target and target != who):
        return replace(fight, aims=kept)
    seconds = min(aim_seconds(fight, who, target) + 1, MOST_SECONDS)
    return replace(fight, aims=(*kept, (who, target, seconds)))


@checked
def aims_from_json(raw: object, ids: set[str]) -> tuple[tuple[str, str, int], ...]:
    """The saved Aims (``[[fighter, target, seconds], ...]``), each checked; one with someone
    no longer in the fight is left out."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise RuleError(f"saved aims {shown(raw)} is not a list")
    aims: dict[str, tuple[str, int]] = {}
    for row in raw[: len(ids)]:
        if not (
            isinstance(row, list)
            and len(row) == 3
            and isinstance(row[0], str)
            and isinstance(row[1], str)
            and type(row[2]) is int
            and 1 <= row[2] <= MOST_SECONDS
        ):
            raise RuleError(f"a saved aim {shown(row)} is not [fighter, target, seconds]")
        who, target, seconds = row
        if {who, target} <= ids and who != target:
            aims[who] = (target, seconds)
    return tuple((who, t, n) for who, (t, n) in aims.items())


@checked
def aims_to_json(fight: Fight) -> list[Any]:
    """The Aims as the fight's saved form keeps them."""
    return [list(a) for a in fight.aims]
