"""The fight's clock and agility points (PCT-07, PCT-24–PCT-29): rounds, deci-percentage
pieces, whose turn it is, spending, borrowing and stun, and the order within a side.

A round's turns are the acting sides in their order, each side's awake members in the side's
order (PCT-07); :func:`next_turn` moves to the next one, starting a new round (and rolling the
order, and surprise at the start of the fight, when due) after the last.

>>> import random
>>> from pycore.systems.percentile.fight import add_member
>>> from pycore.systems.percentile.roster import Fighter
>>> f = Fight((Fighter("c1", "Ann"), Fighter("c2", "Bob")))
>>> f = add_member(add_member(f, 0, "c1"), 1, "c2")
>>> f, step = next_turn(f, random.Random(2))
>>> active(f).name in ("Ann", "Bob"), f.round, f.turn
(True, 1, 0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.step import Step
from pycore.systems.percentile import agility, combat, sides
from pycore.systems.percentile.checks import roll_percent
from pycore.systems.percentile.fight import ap
from pycore.systems.percentile.fight.ap import ApChange as ApChange
from pycore.systems.percentile.fight.ap import ap_amount as ap_amount
from pycore.systems.percentile.fight.ap import take_turn
from pycore.systems.percentile.fight.surprise import (
    Surprised,
    awake_members,
    roll_surprise,
    side_modifier,
    side_modifiers,
)
from pycore.systems.percentile.fight.value import (
    WAITING,
    Fight,
    Note,
    refuse_while_under_way,
    side_at,
    with_side,
)
from pycore.systems.percentile.roster import Fighter
from pycore.systems.percentile.sides import PrimaryAttack
from pycore.validate import checked

# --- Order of attack (PCT-18–PCT-23) -----------------------------------------------------------

UNDO_ORDER = "Undo back to the roll to roll it again."
SURPRISE_FIRST = (
    "Surprise first: roll it on the Surprise card (a tie rolls again), or set surprise to none "
    "in Settings."
)


@checked
def surprise_due(fight: Fight) -> bool:
    """The fight's first surprise check is still to be made: PCT-08 step 1 (Check for Surprise)
    comes before step 2 (Primary Attack), and PCT-15 reads a shared lowest score as rolled
    again until one side is lowest, so a tie typed leaves it due, not skipped ("none" in the
    settings skips it, R-D). Only before the first order of the fight: a later check is the
    GM's (PCT-16)."""
    return (
        fight.settings.surprise != "none"
        and fight.surprise is None
        and fight.order is None
        and fight.round == 1
        and fight.piece == 1
    )


@checked
def order_chances(fight: Fight) -> dict[str, Fraction]:
    return sides.first_odds(side_modifiers(fight))


@dataclass(frozen=True)
class OrderStep:
    """The order rolled, the sides that act this round and the rule that decided which."""

    rolled: sides.OrderRoll
    acting: tuple[str, ...]
    reason: str

    def __str__(self) -> str:
        return (
            f"Order of attack: {self.rolled} · this round: {', '.join(self.acting)} ({self.reason})"
        )

    @property
    def step(self) -> Step:
        return Step(str(self), f"This round: {', '.join(self.acting)}", ("PCT-18", "PCT-19"))


@checked
def roll_order(fight: Fight, rng: RandintSource) -> tuple[Fight, OrderStep]:
    """PCT-18/19: every side rolls 1:100sd plus its damage modifier; lowest attacks first. The
    step says who acts this round and why: SURPRISE (PCT-09, line 49) comes before the lead of
    30 (PCT-21, line 60). Rolled once for its round (or piece): again, it would reorder turns
    already taken and give a fighter a second turn in the round (PCT-07, line 33). Not before
    the fight's first surprise (:func:`surprise_due`): the order is step 2 of the sequence, the
    surprise step 1 (PCT-08), and a tie typed for the surprise is rolled again, not read as
    "nobody surprised" (PCT-15); refused in words that say what to do."""
    if fight.pending is not None:
        raise RuleError(WAITING)
    if surprise_due(fight):
        raise RuleError(SURPRISE_FIRST)
    if fight.order is not None:
        when = combat.order_rolled_when(fight.settings)
        raise RuleError(f"The order of attack is already rolled: it is rolled {when}. {UNDO_ORDER}")
    rolled = sides.roll_primary_attack(side_modifiers(fight), rng)
    fight = replace(fight, order=rolled.result)
    acting, reason = acting_now(fight)
    return fight, OrderStep(rolled, tuple(acting), reason)


@dataclass(frozen=True)
class DueRolled:
    """The order rolled with the app's dice, the fight's first surprise rolled before it when
    it was due (PCT-08 step 1 before step 2)."""

    surprise: Surprised | None
    order: OrderStep

    def __str__(self) -> str:
        return " · ".join(str(s) for s in (self.surprise, self.order) if s is not None)

    @property
    def step(self) -> Step:
        steps = [s.step for s in (self.surprise, self.order) if s is not None]
        public = " · ".join(s.public for s in steps if s.public)
        return Step(str(self), public, tuple(r for s in steps for r in s.rules))


@checked
def roll_due(fight: Fight, rng: RandintSource) -> tuple[Fight, DueRolled]:
    """The order with the app's dice, and before it the fight's first surprise when it is due,
    as "Next turn" rolls them on the way: PCT-08 makes the surprise check step 1 and the order
    step 2, and PCT-15 reads a tie as rolled again until one side is lowest, so a tie typed
    on the Surprise card leaves it due, never skipped. Dice typed for the order are the
    order's: :func:`roll_order` refuses them while the surprise is due."""
    surprised = None
    if surprise_due(fight):
        fight, surprised = roll_surprise(fight, rng)
    fight, order = roll_order(fight, rng)
    return fight, DueRolled(surprised, order)


def _order(fight: Fight) -> PrimaryAttack:
    if fight.order is None:
        raise RuleError("Roll the order of attack first.")
    return fight.order


@dataclass(frozen=True)
class Passed:
    """PCT-22: the side with Primary Attack passed; ``order`` is the order now."""

    order: PrimaryAttack

    def __str__(self) -> str:
        return str(self.order)

    @property
    def step(self) -> Step:
        side = self.order.passed[0] if self.order.passed else ""
        return Step(str(self), f"{side} passes Primary Attack", ("PCT-22",))


@checked
def pass_order(fight: Fight) -> tuple[Fight, Passed]:
    """PCT-22: the side with Primary Attack passes and acts last: at step 2 of the sequence
    (PCT-08, lines 38-46), before the round's first turn acts; a pass once it has would give
    that fighter a second turn in the round (PCT-07, line 33: one turn each)."""
    order = _order(fight)
    if fight.pending is not None:
        raise RuleError(WAITING)
    if order.passed:
        raise RuleError("Primary attack has already been passed this round.")
    first = active(replace(fight, turn=0)) if fight.turn >= 0 else None  # the round's first
    # AP borrowed alone are no action (line 74 takes them from the next turn; line 68's actions
    # spend AP): the text is silent on a borrowing and a pass, so it does not stop one.
    if first and (fight.turn > 0 or fight.attacked or fight.headline or first.ledger.spent):
        raise RuleError(
            "Primary Attack passes only before the round's first turn acts: "
            f"{first.name} has acted. Undo back to the start of the round to pass."
        )
    passed = sides.pass_primary(order)
    fight = replace(fight, order=passed)
    now = active(fight) if first else None  # the round's first turn, now the next side's
    return (take_turn(fight, now.id) if now else fight), Passed(passed)


@dataclass(frozen=True)
class Joined:
    """PCT-23: a side joining the fight, its rolls (re-rolled on an equal result) and the order;
    ``when``: joining mid-round, whether its members act this round or from the next."""

    side: str
    rolls: tuple[int, ...]
    order: PrimaryAttack
    when: str = ""

    def __str__(self) -> str:
        dice = ", ".join(str(r) for r in self.rolls)
        when = f" · {self.when}" if self.when else ""
        return f"{self.side} joins: 1:100sd ({dice}); {self.order}{when}"

    @property
    def step(self) -> Step:
        return Step(str(self), f"{self.side} joins the fight", ("PCT-23",))


@checked
def join_order(fight: Fight, name: str, rng: RandintSource) -> tuple[Fight, Joined]:
    """PCT-23 (line 61): a side joining is slotted by its roll; its turn "may be added on at the
    end, beginning or even in between the original combatants' turns", and it waits for its
    place: joining mid-round, it acts this round only if its place is still to come. The turn
    stays with the fighter whose turn it is (left at its index, it moved to another fighter and
    gave someone a second turn in the round, PCT-07, line 33)."""
    order = _order(fight)
    if name not in {s.name for s in fight.sides}:
        raise RuleError(f"no side {name!r}")
    refuse_while_under_way(fight, f"{name} joins the fight")
    modifier = side_modifier(fight, next(s for s in fight.sides if s.name == name))
    rolls: list[int] = []
    for _ in range(sides.MAX_REROLLS):
        rolls.append(roll_percent(rng))
        joined = sides.join(order, name, rolls[-1] + modifier)
        if not joined.reroll:
            break
    else:  # pragma: no cover
        raise RuleError("join: still tied after 1000 re-rolls")
    if fight.turn >= 0 and order.exclusive:
        # PCT-21: a lead of 30 is "the one and only attack this round": a side joining in that
        # round neither takes it nor opens the round to the others; it acts from the next.
        lead = order.order[0]
        joined = replace(joined, order=[lead, *(s for s in joined.order if s != lead)])
        joined = replace(joined, exclusive=True)
    elif fight.turn >= 0 or not _lead_counts(fight, order):
        # a round under way is not made anyone's only attack by a newcomer; under b1 the lead
        # belongs to the order's first round only (PCT-21), so a later round keeps none
        joined = replace(joined, exclusive=False)
    # else: before the round's first turn, the lead is the one the results now give (PCT-21,
    # taken again with the newcomer's, sides.join): a lead of 30 a newcomer breaks or takes
    after = keep_turn(fight, replace(fight, order=joined))
    return after, Joined(name, tuple(rolls), joined, _joins_when(fight, after, name))


def _lead_counts(fight: Fight, order: PrimaryAttack) -> bool:
    """Whether a lead of 30 gives this round's only attack (PCT-21, line 60): the round the
    order is rolled for (b1: the first; b2: each; pieces: each piece), or the round after a
    surprise round the lead was kept for (:func:`next_round`)."""
    return order.exclusive or combat.order_roll_due(fight.settings, fight.round, fight.piece)


def _joins_when(before: Fight, after: Fight, name: str) -> str:
    """Mid-round: whether the side's awake members act this round (their place still to come)."""
    if before.turn < 0:
        return ""
    side = next(s for s in after.sides if s.name == name)
    names = [f.name for _, f in awake_members(after, side)]
    if not names:
        return ""
    who = f"{', '.join(names)} {'acts' if len(names) == 1 else 'act'}"
    ids = {m.id for m in side.members}
    if any(c in ids for c in turn_order(after)[after.turn + 1 :]):
        return f"{name} joins before its place this round: {who} this round"
    acting, reason = acting_now(after)
    if name not in acting:
        return f"this round: {reason}: {who} from next round"
    return f"{name} joins after its place this round: {who} from next round"


@checked
def acting_sides(fight: Fight) -> list[str]:
    return acting_now(fight)[0]


@checked
def acting_now(fight: Fight) -> tuple[list[str], str]:
    """The sides that act this round, in order, and the rule that decided it in words.

    >>> from pycore.systems.percentile.fight.value import SurpriseOutcome
    >>> f = Fight(order=sides.primary_attack({"Patrol": 10, "Raiders": 50}),
    ...     surprise=SurpriseOutcome("Raiders", ""))
    >>> acting_now(f)
    (['Raiders'], 'Raiders has SURPRISE: the only turn of this round')
    >>> acting_now(replace(f, surprise=None))
    (['Patrol'], 'Patrol leads by 30 or more: the only attack this round')
    """
    order = _order(fight)
    winner = fight.surprise.winner if fight.surprise else None
    acting = combat.acting_sides(order.order, order.exclusive, winner)
    if winner is not None:
        return acting, f"{winner} has SURPRISE: the only turn of this round"
    if order.exclusive:
        return acting, f"{acting[0]} leads by 30 or more: the only attack this round"
    if order.passed:
        return acting, f"{order.passed[0]} passed Primary Attack and acts last"
    return acting, "lowest result first"


@checked
def members_of(fight: Fight, ids: Sequence[str]) -> list[Fighter]:
    return [f for cid in ids if (f := fight.fighter(cid)) is not None]


# --- Rounds and pieces (PCT-07, PCT-26) --------------------------------------------------------


@dataclass(frozen=True)
class RoundStarted:
    round: int

    def __str__(self) -> str:
        return combat.round_seconds(self.round)

    @property
    def step(self) -> Step:
        return Step(str(self), f"Round {self.round} begins", ("PCT-07",))


@checked
def next_round(fight: Fight) -> tuple[Fight, RoundStarted]:
    """A new round: every member starts a turn (stun debt and borrowing paid by the turn they had
    in the round before, else carried to the next they have: PCT-27/28, :func:`agility.start_turn`); whoever
    was attacked must rise an Alertness Condition (PCT-17); the order is rolled again when due
    (b2, pieces) and a pass lasts one round (PCT-22)."""
    if fight.pending is not None:
        raise RuleError(WAITING)
    fighters = tuple(
        replace(f, ledger=agility.start_turn(f.ledger)) if f.id in fight.member_ids else f
        for f in fight.fighters
    )
    number = fight.round + 1
    order = fight.order
    if combat.order_roll_due(fight.settings, number):
        order = None
    elif order is not None:
        # PCT-21/22: the b1 order returns sorted by its results and a pass lasted one round; the
        # exclusive attack belongs to the order's first round: the round after a surprise round
        # when the order was rolled in it (PCT-09: the next round starts at step 2).
        kept = order.exclusive and fight.surprise is not None
        order = replace(sides.primary_attack(order.results), exclusive=kept)
    started = replace(
        fight,
        fighters=fighters,
        round=number,
        piece=1,
        surprise=None,
        order=order,
        raise_alertness=fight.attacked,
        attacked=(),
        turn=-1,
    )
    return started, RoundStarted(number)


@checked
def next_piece(fight: Fight) -> tuple[Fight, Note]:
    """PCT-26: each piece is a whole turn: the order is checked again. Not while an attack is
    under way: its roll or answer belongs to this piece's turn (FIGHT.md, the first law)."""
    if fight.pending is not None:
        raise RuleError(WAITING)
    piece = fight.piece + 1
    text = f"piece {piece} of the round: roll the order again"
    note = Note(text, f"Piece {piece} of the round", ("PCT-26",))
    return replace(fight, piece=piece, order=None, turn=-1), note


@checked
def pieces_text(fighter: Fighter, fight: Fight) -> str:
    """PCT-26: this turn's AP cut into pieces of the chosen size, each a fraction of 5 s."""
    if fighter.ledger.available <= 0:
        return "no-movement turn: no pieces"
    pieces = agility.turn_pieces(fighter.ledger.available, fight.settings.piece)
    shown = "; ".join(str(p) for p in pieces[:3])
    return f"{len(pieces)} pieces: {shown}" + ("; …" if len(pieces) > 3 else "")


@dataclass(frozen=True)
class SideRollOff:
    """PCT-07: a side's members ordered by a roll-off, with their names."""

    side: str
    rolloff: sides.RollOff
    names: Mapping[str, str]

    def __str__(self) -> str:
        dice = ", ".join(f"{self.names[c]} {r}" for c, r in self.rolloff.rolls)
        order = ", ".join(self.names[c] for c in self.rolloff.order)
        return f"{self.side} roll-off within the side 1:100sd ({dice}): {order}"

    @property
    def step(self) -> Step:
        order = ", ".join(self.names[c] for c in self.rolloff.order)
        return Step(str(self), f"{self.side} acts in the order {order}", ("PCT-07",))


@checked
def roll_off(fight: Fight, index: int, rng: RandintSource) -> tuple[Fight, SideRollOff]:
    side = side_at(fight, index)
    names = {m.id: (f.name if (f := fight.fighter(m.id)) else m.id) for m in side.members}
    off = sides.roll_within_side([m.id for m in side.members], rng)
    by_id = {m.id: m for m in side.members}
    ordered = replace(side, members=tuple(by_id[c] for c in off.order))
    # mid-round, a new order within the side must not give a turn twice or take one away
    return keep_turn(fight, with_side(fight, index, ordered)), SideRollOff(side.name, off, names)


# --- Turns (PCT-07, PCT-08) --------------------------------------------------------------------


@checked
def turn_order(fight: Fight) -> list[str]:
    """This round's turns: the acting sides in order, each side's awake members in its order."""
    if fight.order is None:
        return []
    by_name = {s.name: s for s in fight.sides}
    return [
        m.id
        for name in acting_sides(fight)
        for m in (by_name[name].members if name in by_name else ())
        if not m.asleep and fight.fighter(m.id) is not None
    ]


@checked
def active(fight: Fight) -> Fighter | None:
    """Whose turn it is, if a turn is under way."""
    order = turn_order(fight)
    return fight.fighter(order[fight.turn]) if 0 <= fight.turn < len(order) else None


@checked
def keep_turn(before: Fight, after: Fight) -> Fight:
    """``after`` (the sides or the order changed mid-round) with the turn kept by the fighter
    whose turn it was: the turn is an index into the round's list, which a newcomer lengthens.
    Who had their turn this round stays before it, who waits for their stays after it (PCT-07, line
    33: one turn each); a newcomer ahead of it waits for the next round (PCT-23, line 61). A
    change that would give a fighter a second turn, or take their away, is refused."""
    old = turn_order(before)
    if not 0 <= before.turn < len(old):
        return after
    done, now = old[: before.turn], old[before.turn]
    new = turn_order(after)
    here = new.index(now) if now in new else sum(c in done for c in new)
    again = [c for c in new[here + 1 if now in new else here :] if c in done]
    lost = [c for c in new[:here] if c in old and c not in done]
    if again or lost:
        who = ", ".join(f.name for f in members_of(after, again or lost))
        fate = "would act a second time" if again else "would lose the turn still to come"
        raise RuleError(
            f"{who} {fate} this round: each fighter has one turn. Make this change at the "
            "start of a round."
        )
    return replace(after, turn=here)


@checked
def side_of(fight: Fight, cid: str) -> str:
    return next((s.name for s in fight.sides if any(m.id == cid for m in s.members)), "")


@checked
def why_no_turn(fight: Fight) -> list[str]:
    """Each side without a turn this round and why, in words: the SURPRISE (PCT-09, line 49) or
    a lead of 30 (PCT-21, line 60) of another side; a side with no one awake.

    >>> from pycore.systems.percentile import sides
    >>> from pycore.systems.percentile.fight.value import SurpriseOutcome
    >>> f = Fight(order=sides.primary_attack({"Side A": 10, "Side B": 50}),
    ...     surprise=SurpriseOutcome("Side B", ""))
    >>> why_no_turn(f)
    ['Side A has no turn this round: Side B has SURPRISE: the only turn of this round']
    """
    if fight.order is None:
        return []
    acting, reason = acting_now(fight)
    out = []
    for side in fight.sides:
        if side.name not in acting:
            out.append(f"{side.name} has no turn this round: {reason}")
        elif side.members and all(m.asleep for m in side.members):
            out.append(f"{side.name} has no turn this round: everyone on it is asleep")
    return out


@dataclass(frozen=True)
class TurnStep:
    """A new turn: what was rolled or started on the way, and who acts now."""

    events: tuple[str, ...]
    name: str
    side: str

    def __str__(self) -> str:
        return " · ".join((*self.events, f"{self.name}'s turn ({self.side})"))

    @property
    def step(self) -> Step:
        return Step(str(self), f"{self.name}'s turn ({self.side})", ("PCT-08",))


@checked
def pieces_of(fight: Fight) -> int:
    """The pieces a round is cut into (PCT-26): 1 when pieces are off."""
    return math.ceil(1 / fight.settings.piece) if fight.settings.pieces else 1


@checked
def piece_to_come(fight: Fight, cid: str) -> bool:
    """Whether a piece of this round still gives ``cid`` a turn (PCT-26, line 71: each piece is
    treated "as you would a whole turn"): a piece after this one, or his place in this last
    piece's order not reached yet. Its start pays a stun taken now (PCT-28, line 74: the AP
    are lost at the start of each of his turns), not the next round's turn only."""
    if not fight.settings.pieces:
        return False
    if fight.piece < pieces_of(fight):
        return True
    order = turn_order(fight)
    return cid in order and order.index(cid) > fight.turn


@checked
def change_ap(
    fight: Fight, cid: str, kind: str, amount: Fraction, what: str = ""
) -> tuple[Fight, ApChange]:
    """:func:`ap.change_ap`, a stun paid by the piece of this round still to come to ``cid``
    (:func:`piece_to_come`, PCT-26/PCT-28)."""
    return ap.change_ap(fight, cid, kind, amount, what, to_come=piece_to_come(fight, cid))


@checked
def order_next(fight: Fight) -> bool:
    """Whether "Next turn" now ends the round (or piece) and rolls the next one's order (b2,
    PCT-19; pieces, PCT-26): its dice are the app's in that same tap, as b1's first order is,
    or the players', asked on the last turn before they are needed (FIGHT.md 4). False while
    a turn of this round is still to come, an attack is under way, or b1 keeps the order.

    >>> import random
    >>> from pycore.systems.percentile.fight import add_member
    >>> f = Fight((Fighter("c1", "Ann"), Fighter("c2", "Bob")),
    ...     settings=combat.Settings(order="b2", surprise="none"))
    >>> f = add_member(add_member(f, 0, "c1"), 1, "c2")
    >>> f, _ = next_turn(f, random.Random(2))
    >>> order_next(f), order_next(replace(f, turn=1))
    (False, True)
    >>> order_next(replace(f, turn=1, settings=combat.Settings(surprise="none")))   # b1
    False
    """
    if fight.order is None or fight.pending is not None:
        return False
    if fight.turn + 1 < len(turn_order(fight)):
        return False
    return fight.piece < pieces_of(fight) or combat.order_roll_due(fight.settings, fight.round + 1)


@checked
def next_turn_ordered(fight: Fight, rng: RandintSource) -> tuple[Fight, TurnStep]:
    """:func:`next_turn` at the end of a round (or piece) whose next order is due
    (:func:`order_next`), the order rolled with ``rng``: the dice the players typed for it.
    Refused in words at any other time: typed dice are never spent on a turn that rolls none."""
    if fight.pending is not None:
        raise RuleError(WAITING)
    if not order_next(fight):
        raise RuleError(
            "No order of attack is due yet: it is rolled once the last turn of the round is over."
        )
    return next_turn(fight, rng)


@checked
def next_turn(fight: Fight, rng: RandintSource) -> tuple[Fight, TurnStep]:
    """PCT-08: the next combatant's turn; after the last, the next piece or round. Surprise (at
    the start of the fight, PCT-09) and the order (when due, PCT-18/19/26) are rolled on the way."""
    if fight.pending is not None:
        raise RuleError(WAITING)
    events: list[str] = []
    if fight.order is not None and fight.turn + 1 < len(turn_order(fight)):
        fight = replace(fight, turn=fight.turn + 1)
    else:
        if fight.order is not None and fight.piece < pieces_of(fight):
            fight, note = next_piece(fight)
            events.append(str(note))
        elif fight.order is not None:
            fight, started = next_round(fight)
            events.append(str(started))
        if fight.order is None:
            fight, due = roll_due(fight, rng)
            events.append(str(due))
        if not turn_order(fight):
            raise RuleError("No one can act: put awake characters on the sides.")
        fight = replace(fight, turn=0)
    now = active(fight)
    assert now is not None
    # The last attack's verdict belongs to its turn (the log keeps it): kept, it came back
    # under the new turn's roll at its first logged step (an AP cost typed, a borrowing) and
    # read as that step's result.
    fight = take_turn(replace(fight, headline=""), now.id)
    return fight, TurnStep(tuple(events), now.name, side_of(fight, now.id))
