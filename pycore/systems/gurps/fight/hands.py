"""The weapon each fighter holds, as the fight holds it: the attack line of his last attack.
"You cannot parry unless your weapon is ready" (004 line 248); "a one-handed weapon is ready if
it's being held in your hand" (004 line 93); "to draw a new weapon from a sheath, scabbard, or
sling ... you must take a Ready maneuver" (004 line 95). So he parries with the weapon in his
hand, and with no other until a Ready maneuver. A GM's play-through: Bo parried with his knife
right after shooting his bow, the app taking the first melee weapon on his sheet.

Before his first attack the fight knows of no weapon in hand: his sheet's weapons stand as
ready (his first that parries), as before. A Ready maneuver clears the record: what he readied
is the GM's, and the sheet's first weapon that parries is then the one he parries with.

>>> from pycore.systems.gurps.sheet import Combatant, own_parry
>>> from pycore.systems.gurps.lines import lines_from_saved
>>> bo = Combatant(id="b", name="Bo", weapon="Short bow", attack_kind="bow",
...     more_attacks=lines_from_saved("Knife: 12, 1d-1 imp"))
>>> fight = with_hand(Fight((bo,)), "b", 0)
>>> own_parry(holding(fight, bo)) is None, own_parry(bo) is not None
(True, True)
>>> print(parry_withheld(fight, bo))
No parry: Bo holds his Short bow (his last attack) and a parry needs a ready weapon (004 line 248): another weapon must first be drawn with a Ready maneuver (004 line 95).
>>> own_parry(holding(with_hand(fight, "b", 1), bo)).value
9
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.systems.gurps.attacks import armed, attack_lines
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.sheet import Combatant, own_parry
from pycore.validate import checked, is_whole, shown


@checked
def in_hand(fight: Fight, fighter: str) -> int | None:
    """The attack line ``fighter`` last attacked with (None: none recorded)."""
    return next((line for who, line in fight.hands if who == fighter), None)


@checked
def with_hand(fight: Fight, fighter: str, line: int | None) -> Fight:
    """The fight holding ``line`` in ``fighter``'s hand (None: no record, after a Ready)."""
    kept = tuple(h for h in fight.hands if h[0] != fighter)
    return replace(fight, hands=kept if line is None else (*kept, (fighter, line)))


@checked
def holding(fight: Fight, c: Combatant) -> Combatant:
    """``c`` as he defends: the weapon in his hand his only one to parry with (004 line 248)."""
    line = in_hand(fight, c.id)
    if line is None or line >= len(attack_lines(c)):
        return c
    return replace(armed(c, line), more_attacks=())


@checked
def parry_withheld(fight: Fight, c: Combatant) -> str:
    """Why ``c`` has no parry though his sheet gives one ("" when it does not withhold one)."""
    held = holding(fight, c)
    if held is c or own_parry(held) is not None or own_parry(c) is None:
        return ""
    return (
        f"No parry: {c.name} holds his {held.weapon} (his last attack) and a parry needs a ready "
        "weapon (004 line 248): another weapon must first be drawn with a Ready maneuver "
        "(004 line 95)."
    )


@checked
def hands_from_json(raw: object, ids: set[str]) -> tuple[tuple[str, int], ...]:
    """The saved weapons in hand (``{fighter: line}``), each checked; one of someone no longer
    in the fight is left out."""
    if raw is None:
        return ()
    if not isinstance(raw, dict) or len(raw) > len(ids):
        raise RuleError(f"saved weapons in hand {shown(raw)} is not one line per fighter")
    for fighter, line in raw.items():
        if not (is_whole(line) and 0 <= line < 100):
            raise RuleError(f"saved weapon in hand of {shown(fighter)}: {shown(line)} is no line")
    return tuple((who, line) for who, line in raw.items() if who in ids)


@checked
def hands_to_json(fight: Fight) -> dict[str, Any]:
    return dict(fight.hands)
