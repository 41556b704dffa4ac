"""Agility points (PCT-24–PCT-29): time per action, deci-percentage pieces, borrowing a third
from the next turn and damage stun as a debt.

All exact (R-B): an Aracnian's tenth of 345 AP is 34½, borrowing 10 AP gains 10/3.

>>> time_for_ap(20, 50)            # PCT-D17
Fraction(2, 1)
>>> t = start_turn(stun(new_ledger(50), 200)); t.available, t.debt   # PCT-D11
(Fraction(30, 1), Fraction(0, 1))
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.errors import RuleError
from pycore.systems.percentile.checks import Number, bounded, fmt
from pycore.validate import checked

ROUND_SECONDS = 5  # PCT-07, PCT-25
BORROW_RATE = 3  # PCT-27: 3 next-turn AP for 1 now
STUN_DIVISOR = 10  # PCT-28
STUN_TURNS_HINT = 15  # PCT-28: "from one to fifteen turns"
MAX_AP = 10_000  # R-F
MAX_MODIFIER = 100_000


def _ap(value: Number, name: str = "Agility Points") -> Fraction:
    return bounded(name, value, 1, MAX_AP, whole=False)


@checked
def time_for_ap(spent: Number, ap_turn: Number) -> Fraction:
    """PCT-25: seconds for spending ``spent`` of this turn's ``ap_turn`` AP (½ s per 10 %).

    >>> time_for_ap(50, 50), time_for_ap(345, 345), time_for_ap(Fraction(69, 2), 345)   # E01-E03
    (Fraction(5, 1), Fraction(5, 1), Fraction(1, 2))
    """
    total = _ap(ap_turn, "AP this turn")
    s = bounded("AP spent", spent, 0, MAX_AP * 2, whole=False)
    return ROUND_SECONDS * s / total


@dataclass(frozen=True)
class Piece:
    """One deci-percentage piece of a turn (PCT-26): its number, AP and seconds."""

    number: int
    ap: Fraction
    seconds: Fraction

    def __str__(self) -> str:
        return f"piece {self.number}: {fmt(self.ap)} AP in {fmt(self.seconds)} s"


@checked
def turn_pieces(ap_turn: Number, fraction: Number = Fraction(1, 10)) -> list[Piece]:
    """PCT-26: split a turn into pieces of ``fraction`` of its AP and time (10, 25, 50 % or less).

    >>> ps = turn_pieces(50); len(ps), str(ps[0])   # PCT-E04
    (10, 'piece 1: 5 AP in ½ s')
    >>> turn_pieces(345)[0].ap
    Fraction(69, 2)
    """
    total = _ap(ap_turn, "AP this turn")
    f = bounded("piece size", fraction, Fraction(1, 100), 1, whole=False)
    count = math.ceil(1 / f)
    pieces = []
    for i in range(count):
        share = min(f, 1 - i * f)
        pieces.append(Piece(i + 1, total * share, ROUND_SECONDS * share))
    return pieces


@dataclass(frozen=True)
class Ledger:
    """A character's AP accounting across turns.

    ``ap`` is the sheet's AP score; ``available`` and ``spent`` are this turn's; ``debt`` is the
    stun debt still owed (PCT-28); ``borrowed`` is what this turn took from the next (PCT-27);
    ``locked`` means the next turn was borrowed whole, so no more borrowing until it is over.
    ``taken``: the character had this turn (it came to them, or they spent or borrowed in it);
    ``repaid``: what a borrowing took off this turn at its start; ``stun_paid``: what the stun
    debt took off it. A round in which their side has no turn (another side's SURPRISE, PCT-09;
    a lead of 30, PCT-21) or they sleep is no turn of theirs: what they borrowed is paid by the next
    turn they have (PCT-27, line 74: "three less agility points in the next turn"), in whichever
    round it comes, and so is the stun debt (PCT-28, line 74: the NO-MOVEMENT turns "continue
    until the character has paid-off the debt", a turn at a time). ``turn`` counts their own
    turns (the one under way or still to come), not the rounds.
    """

    ap: Fraction
    available: Fraction
    spent: Fraction = Fraction(0)
    debt: Fraction = Fraction(0)
    borrowed: Fraction = Fraction(0)
    locked: bool = False
    no_borrow_this_turn: bool = False
    turn: int = 1
    taken: bool = False
    repaid: Fraction = Fraction(0)
    stun_paid: Fraction = Fraction(0)

    @property
    def remaining(self) -> Fraction:
        return self.available - self.spent

    @property
    def no_movement(self) -> bool:
        return self.available <= 0

    @property
    def stun_turns(self) -> int:
        """Turns still affected by the stun debt, after the one the ledger holds:
        ``ceil(debt / AP)``."""
        return math.ceil(self.debt / self.ap)

    @property
    def stunned(self) -> bool:
        """PCT-28 reading: "stunned while a debt is outstanding at the start of a turn": a debt
        still owed, or the turn the ledger holds (under way or still to come) lowered by it."""
        return bool(self.debt or self.stun_paid)

    def borrowable(self) -> Fraction:
        """What may still be borrowed from the next turn (PCT-27 reading)."""
        if self.locked or self.no_borrow_this_turn:
            return Fraction(0)
        return max(Fraction(0), self.ap - self.debt) - self.borrowed

    def __str__(self) -> str:
        text = (
            f"own turn {self.turn}: {fmt(self.remaining)} of {fmt(self.available)} AP left "
            f"(spent {fmt(self.spent)}, {fmt(time_for_ap(self.spent, max(self.available, Fraction(1))))} s)"
        )
        if self.no_movement:
            text += "; NO-MOVEMENT turn"
        if self.debt:
            turns = self.stun_turns
            text += f"; stun debt {fmt(self.debt)} ({turns} turn{'s' if turns != 1 else ''})"
        if self.borrowed:
            text += f"; {fmt(self.borrowed)} AP borrowed from next turn"
        return text


@checked
def new_ledger(ap: Number) -> Ledger:
    """A fresh character: this turn has the full AP (PCT-29 c2).

    >>> new_ledger(50).remaining
    Fraction(50, 1)
    """
    a = _ap(ap)
    return Ledger(a, a)


@checked
def spend(ledger: Ledger, cost: Number, action: str = "action") -> Ledger:
    """PCT-24: pay an action's AP; an action costing more than is left cannot be started.

    >>> spend(new_ledger(50), 20).remaining
    Fraction(30, 1)
    >>> spend(new_ledger(50), 60, "jumping side-kick")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: jumping side-kick costs 60 AP but only 50 are left this turn
    """
    c = bounded(f"{action} AP cost", cost, 0, MAX_AP, whole=False)
    if c > ledger.remaining:
        raise RuleError(
            f"{action} costs {fmt(c)} AP but only {fmt(ledger.remaining)} are left this turn"
        )
    return replace(ledger, spent=ledger.spent + c, taken=True)


@checked
def borrow(ledger: Ledger, amount: Number) -> Ledger:
    """PCT-27: borrow ``amount`` AP of the next turn for ``amount / 3`` AP now.

    >>> b = borrow(new_ledger(50), 12); b.available, start_turn(b).available   # PCT-D12
    (Fraction(54, 1), Fraction(38, 1))
    >>> start_turn(borrow(new_ledger(50), 50)).no_movement   # PCT-E06
    True
    """
    a = bounded("AP to borrow", amount, 0, MAX_AP, whole=False)
    limit = ledger.borrowable()
    if ledger.locked or ledger.no_borrow_this_turn:
        raise RuleError("borrowing: not until the no-movement turn paid for it is finished")
    if a > limit:
        raise RuleError(
            f"AP to borrow must be from 0 to {fmt(limit)} (the next turn's AP), got {fmt(a)}"
        )
    borrowed = ledger.borrowed + a
    full = borrowed >= max(Fraction(0), ledger.ap - ledger.debt) and borrowed > 0
    gain = ledger.available + a / BORROW_RATE
    return replace(ledger, available=gain, borrowed=borrowed, locked=full, taken=True)


@checked
def stun(ledger: Ledger, table_modifier: Number, *, turn_to_come: bool = False) -> Ledger:
    """PCT-28: damage stuns; ``M / 10`` AP (M from Table #3-7.0) are owed from the next turns,
    paid "at the start of each of the character's turns" (the reading). In their turn, or after
    it in the round (:attr:`Ledger.taken`), the next they have pays it. Before it, their next own
    turn is the one the ledger holds, still to come this round: it pays now what its start
    would have, so a stun taken before their turn in a round lowers that round's turn, not only
    the one after. Should that turn never come to them (another side's SURPRISE, a lead of 30,
    asleep), :func:`start_turn` hands what it paid back to the debt for the next they have.

    >>> t = take(new_ledger(50))   # in their turn: the next pays
    >>> stun(t, 200).debt, stun(t, 200).available   # PCT-D11
    (Fraction(20, 1), Fraction(50, 1))
    >>> s = stun(new_ledger(50), 200); s.available, s.debt, start_turn(take(s)).available
    (Fraction(30, 1), Fraction(0, 1), Fraction(50, 1))
    >>> s = stun(s, 600); s.available, s.debt, s.stun_paid   # 80 owed: 50 paid by this turn
    (Fraction(0, 1), Fraction(30, 1), Fraction(50, 1))

    ``turn_to_come``: with pieces (PCT-26, line 71: "Treat each of these pieces as you would a
    whole turn"), a piece of this round still gives him a turn: its start pays the debt, from
    the AP of this turn he has not spent (what the pieces to come hold), the rest owed on.

    >>> p = stun(spend(take(new_ledger(50)), 20), 400, turn_to_come=True)   # 40 owed, 30 left
    >>> p.remaining, p.debt, p.stunned
    (Fraction(0, 1), Fraction(10, 1), True)
    """
    m = bounded("Table #3-7.0 modifier", table_modifier, 0, MAX_MODIFIER, whole=False)
    debt = ledger.debt + m / STUN_DIVISOR
    if ledger.taken and turn_to_come:
        paid = min(max(Fraction(0), ledger.remaining), debt)
        return replace(
            ledger,
            available=ledger.available - paid,
            debt=debt - paid,
            stun_paid=ledger.stun_paid + paid,
        )
    if ledger.taken:
        return replace(ledger, debt=debt)
    # The turn still to come: its start pays the debt from the AP it has not paid yet, then
    # the borrowing it repays (what start_turn does), and nothing of it is spent or borrowed
    # (spending or borrowing makes it taken).
    paid = min(ledger.ap - ledger.stun_paid, debt)
    stun_paid = ledger.stun_paid + paid
    available = max(Fraction(0), ledger.ap - stun_paid - ledger.repaid)
    return replace(ledger, debt=debt - paid, stun_paid=stun_paid, available=available)


@checked
def take(ledger: Ledger) -> Ledger:
    """The character has this turn: it came to them (the borrowing it repaid is settled)."""
    return ledger if ledger.taken else replace(ledger, taken=True)


@checked
def start_turn(ledger: Ledger) -> Ledger:
    """Begin the character's next turn: pay the stun debt from the AP, then the borrowed points.
    A turn they did not have (:attr:`Ledger.taken`) repaid no borrowing and paid no stun: its
    repayment, the ban on borrowing again and the AP the stun took off it pass to the next
    (PCT-27: "the next turn" is the next they have; PCT-28, line 74: "These NO-MOVEMENT turns will
    continue until the character has 'paid-off' the debt", paid "at the start of each of the
    character's turns" as the reading says), and their turn count stays where it was.

    >>> t = start_turn(stun(new_ledger(50), 1200)); t.available, t.debt, t.no_movement   # E07
    (Fraction(0, 1), Fraction(70, 1), True)
    >>> round_2 = start_turn(borrow(new_ledger(50), 12)); round_2.available   # no turn in it
    Fraction(38, 1)
    >>> start_turn(round_2).available, start_turn(take(round_2)).available
    (Fraction(38, 1), Fraction(50, 1))
    >>> stunned = start_turn(stun(take(new_ledger(50)), 1200))   # debt 120: 50 paid, 70 left
    >>> start_turn(stunned).debt, start_turn(take(stunned)).debt   # no turn of theirs: none paid
    (Fraction(70, 1), Fraction(20, 1))
    """
    had = ledger.taken
    if not had:
        locked = ledger.locked or ledger.no_borrow_this_turn
        ledger = replace(
            ledger,
            borrowed=ledger.borrowed + ledger.repaid,
            debt=ledger.debt + ledger.stun_paid,
            locked=locked,
        )
    paid = min(ledger.ap, ledger.debt)
    available = max(Fraction(0), ledger.ap - paid - ledger.borrowed)
    return Ledger(
        ap=ledger.ap,
        available=available,
        debt=ledger.debt - paid,
        no_borrow_this_turn=ledger.locked,
        turn=ledger.turn + 1 if had else ledger.turn,
        repaid=ledger.borrowed,
        stun_paid=paid,
    )


@checked
def stun_warning(ledger: Ledger) -> str | None:
    """A warning when the stun would last longer than the text's fifteen turns (PCT-28).

    >>> stun_warning(stun(new_ledger(1), 200))
    'stun lasts 20 turns, more than the 15 the text mentions (line 74); the GM decides'
    """
    # a turn still to come that the stun already lowered (:func:`stun`) is one of its turns
    turns = ledger.stun_turns + (0 if ledger.taken or not ledger.stun_paid else 1)
    if turns > STUN_TURNS_HINT:
        return (
            f"stun lasts {turns} turns, more than the 15 the text mentions (line 74); "
            "the GM decides"
        )
    return None


def piece_sizes() -> list[tuple[Fraction, Fraction]]:
    """PCT-T06: the text's piece sizes ``(fraction, seconds)``.

    >>> [(str(f), str(s)) for f, s in piece_sizes()][:2]
    [('1/10', '1/2'), ('1/4', '5/4')]
    """
    from pycore.tables import load_table

    table = load_table("percentile", "turn_pieces")
    return [(Fraction(str(r["fraction"])), Fraction(str(r["seconds"]))) for r in table.rows]
