"""A stun taken between pieces (PCT-26 with PCT-28): each piece is treated "as you would a
whole turn" (line 71), and a stun's AP are lost at the start of each of the character's turns
(line 74; the reading's debt model). So a piece of this round still to come to the stunned
fighter pays the debt from the AP he has not spent this turn; the turn-level rule left him
spending them all through the rest of the round, stunned only from the next."""

from __future__ import annotations

from fractions import Fraction

from scripted import Faces as Dice
from test_percentile_fight import unsurprised

from pycore.systems.percentile import fight as F
from pycore.systems.percentile.agility import Ledger
from pycore.systems.percentile.fight import turns as R


def _anns_turn(pieces: bool) -> F.Fight:
    """Ann's turn in piece 1 of 2 (or in the round, pieces off), 20 of her 50 AP spent."""
    fight = unsurprised(pieces=pieces, piece_fraction="1/2")
    fight, _ = R.next_turn(fight, Dice(10, 20))  # Side A first (no lead of 30): Ann
    assert R.active(fight).name == "Ann"  # type: ignore[union-attr]
    return R.change_ap(fight, "c1", "spend", Fraction(20))[0]


def _ledger(fight: F.Fight, cid: str) -> Ledger:
    fighter = fight.fighter(cid)
    assert fighter is not None
    return fighter.ledger


def test_a_stun_in_piece_1_is_paid_by_the_piece_to_come() -> None:
    """Ann stunned for 40 AP (Table #3-7.0 modifier 400) after her piece-1 turn: piece 2 is a
    whole turn of hers still to come this round; its start pays 30 of the debt (all she has
    left), 10 owed on. Pieces off: the next round's turn pays it all (the turn-level rule)."""
    stunned, _ = R.change_ap(_anns_turn(pieces=True), "c1", "stun", Fraction(400))
    ledger = _ledger(stunned, "c1")
    assert (ledger.remaining, ledger.debt, ledger.stunned) == (0, 10, True)
    whole, _ = R.change_ap(_anns_turn(pieces=False), "c1", "stun", Fraction(400))
    assert (_ledger(whole, "c1").remaining, _ledger(whole, "c1").debt) == (30, 40)


def test_a_stun_after_her_turn_in_the_last_piece_waits_for_the_next_round() -> None:
    """In the round's last piece, once Ann's turn in it is over, no piece of the round is left
    to her: the next round's turn pays the stun."""
    fight = _anns_turn(pieces=True)
    fight, _ = R.next_turn(fight, Dice())  # Bob's turn, piece 1
    fight, _ = R.next_turn(fight, Dice(10, 20))  # piece 2: the order again, Ann first
    assert fight.piece == 2 and R.active(fight).name == "Ann"  # type: ignore[union-attr]
    assert R.piece_to_come(fight, "c2")  # Bob's turn in piece 2 is still to come
    assert not R.piece_to_come(fight, "c1")
    stunned, _ = R.change_ap(fight, "c1", "stun", Fraction(400))
    assert (_ledger(stunned, "c1").remaining, _ledger(stunned, "c1").debt) == (30, 40)
