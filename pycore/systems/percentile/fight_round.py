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
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.percentile import agility, combat, sides
from pycore.systems.percentile.checks import fmt, parse_number
from pycore.systems.percentile.fight import (
    AP_RANGE,
    WAITING,
    Fight,
    acting_now,
    acting_sides,
    roll_order,
    roll_surprise,
    side_at,
    with_side,
)
from pycore.systems.percentile.roster import Fighter
from pycore.validate import checked

# --- Rounds and pieces (PCT-07, PCT-26) --------------------------------------------------------


@dataclass(frozen=True)
class RoundStarted:
    round: int

    def __str__(self) -> str:
        return combat.round_seconds(self.round)


@checked
def next_round(fight: Fight) -> tuple[Fight, RoundStarted]:
    """A new round: every member starts a turn (stun debt and borrowing paid, PCT-27/28); whoever
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
def next_piece(fight: Fight) -> tuple[Fight, str]:
    """PCT-26: each piece is a whole turn: the order is checked again."""
    piece = fight.piece + 1
    text = f"piece {piece} of the round: roll the order again"
    return replace(fight, piece=piece, order=None, turn=-1), text


@checked
def pieces_text(fighter: Fighter, fight: Fight) -> str:
    """PCT-26: this turn's AP cut into pieces of the chosen size, each a fraction of 5 s."""
    if fighter.ledger.available <= 0:
        return "no-movement turn: no pieces"
    pieces = agility.turn_pieces(fighter.ledger.available, fight.settings.piece)
    shown = "; ".join(str(p) for p in pieces[:3])
    return f"{len(pieces)} pieces: {shown}" + ("; …" if len(pieces) > 3 else "")


# --- Agility points (PCT-24–PCT-29) ------------------------------------------------------------


@dataclass(frozen=True)
class ApChange:
    """AP spent, borrowed (3 for 1, PCT-27) or owed to a stun (modifier ÷ 10, PCT-28)."""

    name: str
    kind: str  # spend | borrow | stun
    amount: Fraction

    def __str__(self) -> str:
        if self.kind == "borrow":
            return (
                f"{self.name} borrows {fmt(self.amount)} AP of the next turn for "
                f"{fmt(self.amount / agility.BORROW_RATE)} now"
            )
        if self.kind == "stun":
            owed = fmt(self.amount / agility.STUN_DIVISOR)
            return f"{self.name} stunned: Table #3-7.0 modifier {fmt(self.amount)} → {owed} AP owed"
        return f"{self.name} spends {fmt(self.amount)} AP"


def ap_amount(text: str) -> Fraction:
    return parse_number("AP amount", text, 0, AP_RANGE, whole=False)


@checked
def change_ap(fight: Fight, cid: str, kind: str, amount: Fraction) -> tuple[Fight, ApChange]:
    """Spend (PCT-24), borrow (PCT-27, when on) or owe to a stun (PCT-28, when on)."""
    fighter = fight.fighter(cid)
    if fighter is None:
        raise RuleError(f"no character {cid!r}")
    if kind == "spend":
        ledger = agility.spend(fighter.ledger, amount)
    elif kind == "borrow":
        if not fight.settings.borrowing:
            raise RuleError("Borrowing is switched off in the settings.")
        ledger = agility.borrow(fighter.ledger, amount)
    elif kind == "stun":
        if not fight.settings.stun:
            raise RuleError("Damage stun is switched off in the settings.")
        ledger = agility.stun(fighter.ledger, amount)
    else:
        raise RuleError(f"AP change must be spend, borrow or stun, got {kind!r}")
    return fight.with_fighter(replace(fighter, ledger=ledger)), ApChange(fighter.name, kind, amount)


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


@checked
def roll_off(fight: Fight, index: int, rng: RandintSource) -> tuple[Fight, SideRollOff]:
    side = side_at(fight, index)
    names = {m.id: (f.name if (f := fight.fighter(m.id)) else m.id) for m in side.members}
    off = sides.roll_within_side([m.id for m in side.members], rng)
    by_id = {m.id: m for m in side.members}
    ordered = replace(side, members=tuple(by_id[c] for c in off.order))
    return with_side(fight, index, ordered), SideRollOff(side.name, off, names)


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
def side_of(fight: Fight, cid: str) -> str:
    return next((s.name for s in fight.sides if any(m.id == cid for m in s.members)), "")


@checked
def why_no_turn(fight: Fight) -> list[str]:
    """Each side without a turn this round and why, in words: the SURPRISE (PCT-09, line 49) or
    a lead of 30 (PCT-21, line 60) of another side; a side with no one awake.

    >>> from pycore.systems.percentile import sides
    >>> from pycore.systems.percentile.fight import SurpriseOutcome
    >>> f = Fight(order=sides.primary_attack({"Side A": 10, "Side B": 50}),
    ...     surprise=SurpriseOutcome("Side B", ""))
    >>> why_no_turn(f)
    ['Side A has no turn this round: Side B have SURPRISE: the only turn of this round']
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


def _pieces(fight: Fight) -> int:
    return math.ceil(1 / fight.settings.piece) if fight.settings.pieces else 1


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
        if fight.order is not None and fight.piece < _pieces(fight):
            fight, text = next_piece(fight)
            events.append(text)
        elif fight.order is not None:
            fight, started = next_round(fight)
            events.append(str(started))
        if fight.order is None:
            if fight.round == 1 and fight.surprise is None and fight.settings.surprise != "none":
                fight, surprise = roll_surprise(fight, rng)
                events.append(f"surprise {fight.settings.surprise}: {surprise}")
            fight, order = roll_order(fight, rng)
            events.append(f"order {fight.settings.order}: {order}")
        if not turn_order(fight):
            raise RuleError("No one can act: put awake characters on the sides.")
        fight = replace(fight, turn=0)
    now = active(fight)
    assert now is not None
    return fight, TurnStep(tuple(events), now.name, side_of(fight, now.id))
