"""A side's members changed mid-round: a fighter joining (PCT-23, line 61: "a side or an
individual"), leaving, falling asleep or waking (PCT-06). Each is :mod:`.value`'s edit of the
sides with the turn kept by the fighter whose turn it is (:func:`.turns.keep_turn`): the turn is an
index into the round's list, and a fighter slotted ahead of it moved the turn to someone else.

>>> from dataclasses import replace
>>> from pycore.systems.percentile import sides
>>> from pycore.systems.percentile.roster import Fighter
>>> from pycore.systems.percentile.fight.value import Fight
>>> f = Fight((Fighter("c1", "Ann"), Fighter("c2", "Bob"), Fighter("c3", "Cy")))
>>> f = add_member(add_member(f, 0, "c1"), 1, "c2")
>>> f = replace(f, order=sides.primary_attack({"Side A": 10, "Side B": 20}), turn=1)  # Bob's turn
>>> f, joined = join_member(f, 0, "c3")
>>> str(joined)
"Cy joins Side A: Cy's place this round has passed, Cy acts from next round"
>>> f.turn, [c for c in turn_order(f)]
(2, ['c1', 'c3', 'c2'])
"""

from __future__ import annotations

from pycore.systems.percentile.fight import value
from pycore.systems.percentile.fight.turns import acting_now, keep_turn, side_of, turn_order
from pycore.systems.percentile.fight.value import Fight, Note, refuse_while_under_way
from pycore.validate import checked


@checked
def add_member(fight: Fight, index: int, cid: str) -> Fight:
    """A character joins side ``index`` (and leaves any other side), the turn kept."""
    return keep_turn(fight, value.add_member(fight, index, cid))


@checked
def join_member(fight: Fight, index: int, cid: str) -> tuple[Fight, Note]:
    """:func:`add_member`, and whether they act this round: mid-round, only if their place is still
    to come (PCT-23); no words before the round's first turn (the sides are being set up). Not
    while an attack is under way: a newcomer "waits for its place before it can attack" (line
    61), and the attack's roll or answer is its own turn's (FIGHT.md's first law)."""
    fighter = fight.fighter(cid)
    refuse_while_under_way(fight, f"{fighter.name if fighter else cid} joins the fight")
    after = add_member(fight, index, cid)
    return after, Note(_joins_when(fight, after, cid), rules=("PCT-23",))


@checked
def remove_member(fight: Fight, index: int, cid: str) -> Fight:
    """A character leaves side ``index``; mid-round, if their turn was under way, the next in
    line acts now."""
    return keep_turn(fight, value.remove_member(fight, index, cid))


@checked
def toggle_asleep(fight: Fight, index: int, cid: str) -> Fight:
    """PCT-06: asleep or awake; a sleeper has no turn, one who wakes mid-round acts this round
    only if their place is still to come (as a newcomer, PCT-23)."""
    return keep_turn(fight, value.toggle_asleep(fight, index, cid))


def _joins_when(before: Fight, after: Fight, cid: str) -> str:
    fighter = after.fighter(cid)
    if before.turn < 0 or before.order is None or fighter is None or cid in turn_order(before):
        return ""
    name, side = fighter.name, side_of(after, cid)
    order = turn_order(after)
    if cid in order[after.turn + 1 :]:
        return f"{name} joins {side}: {name}'s place this round is still to come, {name} acts this round"
    if cid in order:
        return f"{name} joins {side}: {name}'s place this round has passed, {name} acts from next round"
    acting, reason = acting_now(after)
    if side not in acting:
        return f"{name} joins {side}, which has no turn this round ({reason}): {name} acts from next round"
    return ""  # asleep: no turn
