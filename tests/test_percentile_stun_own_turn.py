"""PCT-28 (line 74): the stun's NO-MOVEMENT turns "continue until the character has
'paid-off' the debt", paid at the start of each of the character's own turns (the rules'
reading). A GM's play-through: Ann's stun debt dropped by her AP every round, also in a round
her side had no turn (another side's lead of 30, PCT-21), so it was paid off without a turn
of hers. And her AP record read "turn 3" in round 3 when it was her second turn: the count
was of rounds, not of her turns."""

from __future__ import annotations

from fractions import Fraction

from rkweb.features.percentile.combat_cards import ap_now_and_next
from scripted import Faces as Dice
from test_percentile_fight import two_sides

from pycore.systems.percentile import agility
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.fight import turns as R
from pycore.systems.percentile.roster import ledger_from_json, ledger_to_json


def _stunned_ann_without_a_turn_in_round_2() -> F.Fight:
    fight, _ = F.roll_surprise(two_sides(), Dice(10, 90))  # Side A surprises: round 1 is Ann's
    fight, _ = F.roll_order(fight, Dice(65, 13))  # Side B leads by 52: round 2 is Bob's only
    fight, _ = R.next_turn(fight, Dice())  # round 1: Ann
    fight, _ = R.change_ap(fight, "c1", "stun", Fraction(1200))  # 120 AP owed, her AP 50
    fight, _ = R.next_turn(fight, Dice())  # round 2: Bob alone
    assert fight.round == 2 and R.turn_order(fight) == ["c2"]
    return fight


def test_pct_28_a_round_without_her_turn_pays_none_of_the_stun_debt() -> None:
    fight = _stunned_ann_without_a_turn_in_round_2()
    ann = fight.fighter("c1")
    assert ann is not None and ann.ledger.debt == 70  # her turn still to come pays 50 of 120
    fight, _ = R.next_turn(fight, Dice())  # round 3: Bob
    fight, _ = R.next_turn(fight, Dice())  # round 3: Ann, her second turn
    ann = R.active(fight)
    assert fight.round == 3 and ann is not None and ann.id == "c1"
    assert ann.ledger.no_movement, "her second turn pays 50 of the 120: none left to move"
    assert ann.ledger.debt == 70, "round 2 had no turn of hers: it paid nothing"
    fight, _ = R.next_turn(fight, Dice())  # round 4: her third turn pays 50 more
    ann = fight.fighter("c1")
    assert ann is not None and ann.ledger.debt == 20


def test_pct_28_the_ap_record_counts_her_own_turns_not_the_rounds() -> None:
    fight = _stunned_ann_without_a_turn_in_round_2()
    fight, _ = R.next_turn(fight, Dice())  # round 3: Bob
    fight, _ = R.next_turn(fight, Dice())  # round 3: Ann
    ann = R.active(fight)
    assert ann is not None
    assert str(ann.ledger).startswith("own turn 2: 0 of 0 AP left"), str(ann.ledger)


def test_the_stun_paid_at_a_turn_start_is_saved() -> None:
    ledger = agility.start_turn(agility.take(agility.stun(agility.new_ledger(50), 1200)))
    again = ledger_from_json(ledger_to_json(ledger), Fraction(50))
    assert again == ledger and again.stun_paid == 50


def test_the_card_says_what_the_turn_after_the_one_still_to_come_has() -> None:
    """Ann owed 70 AP (AP 50): round 2's turn, still to come, pays 50 of it; the card's "next
    turn" is the one after it, which pays the last 20 and leaves her 30."""
    ledger = agility.start_turn(agility.take(agility.stun(agility.new_ledger(50), 700)))
    assert not ledger.taken and ledger.debt == 20
    said = ap_now_and_next(ledger, "stunned")
    assert said == "no-movement turn; next turn 30: stunned", said
