"""One block and one parry per turn (GUR-47, GUR-48): "Only one block per turn" (004 line 243),
"only one parry per turn" (004 line 249). The texts make no exception for a second weapon or
bare hands: one parry per turn, counted across all of them (the rules file's reading of
GUR-48). "Turn" is the defender's own, from choosing a maneuver to their next chance to choose
one (004 line 23, GUR-04), so what they have used comes back when their own turn begins; All-Out
Defense (Double Defense) obeys the limits too (GUR-17).

What they have used is read from the fight's record of the defences rolled
(:attr:`~.value.Fight.defended`: who, which, since their own turn began), never from a flag kept
beside it: an undo takes the defence back with the record. A GM's play-through: Ana blocked
Bo's first attack of an All-Out Attack (Double) and was offered Block again for the second.

>>> from pycore.systems.gurps.sheet import Combatant
>>> fight = with_defence(Fight((Combatant(id="a", name="Ana"),)), "a", "block")
>>> used(fight, "a"), used(fight, "b")
(('block',), ())
>>> spent_said(fight, "a")
('Block: already used this turn (one block per turn).',)
>>> used(turn_begins(fight, "a"), "a")
()
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.gurps.fight.hands import defending
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.modifiers import EffectiveSkill
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackPreview, AttackSetup, preview
from pycore.validate import checked, shown

#: The defences a turn allows once each (GUR-47, GUR-48); a dodge has no such limit.
ONCE: Final = ("block", "parry")
#: The most defences the saved record keeps (a fight saved by hand with more is refused).
_MOST: Final = 200


@checked
def used(fight: Fight, fighter: str) -> tuple[str, ...]:
    """The once-a-turn defences ``fighter`` has rolled since their own turn began."""
    kinds = {kind for who, kind in fight.defended if who == fighter}
    return tuple(k for k in ONCE if k in kinds)


@checked
def with_defence(fight: Fight, fighter: str, kind: str) -> Fight:
    """The fight recording that ``fighter`` has rolled the defence ``kind``: a block or a parry,
    once (a dodge has no limit, so its record would only grow the saved fight and its undo).

    >>> fight = with_defence(Fight((Combatant(id="a", name="Ana"),)), "a", "dodge")
    >>> with_defence(with_defence(fight, "a", "parry"), "a", "parry").defended
    (('a', 'parry'),)
    """
    if kind not in ONCE or (fighter, kind) in fight.defended:
        return fight
    return replace(fight, defended=(*fight.defended, (fighter, kind))[-_MOST:])


@checked
def turn_begins(fight: Fight, fighter: str) -> Fight:
    """Their own turn begins: their defences of the last one no longer count (GUR-04)."""
    return replace(fight, defended=tuple(d for d in fight.defended if d[0] != fighter))


@checked
def defending_now(
    fight: Fight, attacker: Combatant, defender: Combatant, setup: AttackSetup
) -> tuple[tuple[str, EffectiveSkill], ...]:
    """The defences ``defender`` may use against this attack with what they hold now
    (:func:`.hands.defending`), less a block or a parry they have used this turn."""
    spent = used(fight, defender.id)
    return tuple(o for o in defending(fight, attacker, defender, setup) if o[0] not in spent)


@checked
def preview_left(
    fight: Fight, attacker: Combatant, defender: Combatant, setup: AttackSetup
) -> AttackPreview:
    """The attack before its roll, its odds counting the defences the defence step will offer
    (:func:`defending_now`): none they have used this turn."""
    return preview(attacker, defender, setup, defending_now(fight, attacker, defender, setup))


@checked
def spent_said(fight: Fight, fighter: str) -> tuple[str, ...]:
    """Why a block or a parry is not offered: used already this turn, in plain words."""
    return tuple(
        f"{kind.capitalize()}: already used this turn (one {kind} per turn)."
        for kind in used(fight, fighter)
    )


@checked
def defended_from_json(raw: object, ids: set[str]) -> tuple[tuple[str, str], ...]:
    """The saved record (``[[fighter, defence], ...]``), each checked; one of someone no longer
    in the fight is left out."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > _MOST:
        raise RuleError(f"saved defences {shown(raw)} is not a list of at most {_MOST}")
    kept: list[tuple[str, str]] = []
    for row in raw:
        ok = isinstance(row, list) and len(row) == 2 and all(isinstance(v, str) for v in row)
        if not ok or row[1] not in ("dodge", *ONCE):
            raise RuleError(f"a saved defence {shown(row)} is not [fighter, dodge/parry/block]")
        if row[0] in ids:
            kept.append((row[0], row[1]))
    return tuple(kept)


@checked
def defended_to_json(fight: Fight) -> list[Any]:
    return [list(d) for d in fight.defended]
