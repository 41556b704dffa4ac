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
from test_percentile_fight import section, two_sides

from pycore.systems.percentile import agility
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.fight import turns as R
from pycore.systems.percentile.fight.codec import fight_from_json, fight_into_json
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
    ledger = agility.start_turn(agility.stun(agility.take(agility.new_ledger(50)), 700))
    assert not ledger.taken and ledger.debt == 20
    said = ap_now_and_next(ledger, "stunned")
    assert said == "no-movement turn; next turn 30: stunned", said


# --- A stun before his turn in the round -------------------------------------------------------


def _bob_stunned_in_anns_turn(modifier: int) -> F.Fight:
    """Round 1, Side A first (Ann 20, Bob 15 + his modifier 10): in Ann's turn Bob, whose turn
    is still to come this round, is stunned."""
    fight = two_sides(settings={"surprise": "none"})
    fight, _ = F.roll_order(fight, Dice(20, 15))
    fight, _ = R.next_turn(fight, Dice())
    assert R.active(fight) is not None and R.active(fight).id == "c1"  # type: ignore[union-attr]
    fight, _ = R.change_ap(fight, "c2", "stun", Fraction(modifier))
    return fight


def test_pct_28_a_stun_before_his_turn_in_the_round_is_paid_by_that_turn() -> None:
    """The reported defect: Bob stunned (200: 20 AP) in Ann's turn, before his own in the same
    round, had his full 50 AP in it and paid the 20 in round 2. His next own turn is this
    round's: it starts with 30, and round 2's has his 50 again."""
    fight = _bob_stunned_in_anns_turn(200)
    fight, _ = R.next_turn(fight, Dice())  # round 1: Bob's own turn 1
    bob = R.active(fight)
    assert fight.round == 1 and bob is not None and bob.id == "c2"
    assert (bob.ledger.available, bob.ledger.debt) == (30, 0)
    assert str(bob.ledger).startswith("own turn 1: 30 of 30 AP left"), str(bob.ledger)
    fight, _ = R.next_turn(fight, Dice())  # round 2: Ann
    fight, _ = R.next_turn(fight, Dice())  # round 2: Bob's own turn 2, nothing owed
    bob = R.active(fight)
    assert fight.round == 2 and bob is not None and bob.id == "c2"
    assert str(bob.ledger).startswith("own turn 2: 50 of 50 AP left"), str(bob.ledger)


def test_pct_28_a_stun_over_his_ap_before_his_turn_pays_his_ap_then_the_rest() -> None:
    """120 AP owed (AP 50) before his turn: this round's turn is a NO-MOVEMENT one paying 50,
    round 2's pays 50 more, round 3's the last 20 (30 left), his own turns 1, 2 and 3."""
    fight = _bob_stunned_in_anns_turn(1200)
    seen = []
    for _ in range(3):
        fight, _ = R.next_turn(fight, Dice())  # Bob
        bob = R.active(fight)
        assert bob is not None and bob.id == "c2"
        seen.append((fight.round, bob.ledger.turn, bob.ledger.available, bob.ledger.debt))
        fight, _ = R.next_turn(fight, Dice())  # the next round: Ann
    assert seen == [(1, 1, 0, 70), (2, 2, 0, 20), (3, 3, 30, 0)], seen


def test_pct_28_a_stun_in_his_own_turn_or_after_it_is_paid_by_his_next() -> None:
    """In his own turn (or after it, in the round) the turn under way is not lowered: the
    stun is paid by the next he has (PCT-28: at the start of his turns)."""
    fight = _bob_stunned_in_anns_turn(0)
    fight, _ = R.next_turn(fight, Dice())  # Bob's turn
    fight, _ = R.change_ap(fight, "c2", "stun", Fraction(200))
    bob = R.active(fight)
    assert bob is not None and (bob.ledger.available, bob.ledger.debt) == (50, 20)
    fight, _ = R.next_turn(fight, Dice())  # round 2: Ann
    bob = fight.fighter("c2")
    assert bob is not None and (bob.ledger.available, bob.ledger.debt) == (30, 0)


def test_pct_28_a_stun_before_a_turn_he_never_has_waits_for_the_next_he_has() -> None:
    """Bob stunned in round 1 while Side A has SURPRISE (PCT-09: no turn of his that round):
    his own turn 1 is round 2's, and it pays the 20."""
    fight, _ = F.roll_surprise(two_sides(), Dice(10, 90))  # Side A surprises
    fight, _ = F.roll_order(fight, Dice(20, 15))
    fight, _ = R.next_turn(fight, Dice())  # round 1: Ann alone
    assert R.turn_order(fight) == ["c1"]
    fight, _ = R.change_ap(fight, "c2", "stun", Fraction(200))
    fight, _ = R.next_turn(fight, Dice())  # round 2: Ann
    fight, _ = R.next_turn(fight, Dice())  # round 2: Bob
    bob = R.active(fight)
    assert fight.round == 2 and bob is not None and bob.id == "c2"
    assert str(bob.ledger).startswith("own turn 1: 30 of 30 AP left"), str(bob.ledger)
    fight, _ = R.next_turn(fight, Dice())  # round 3: nothing owed
    bob = fight.fighter("c2")
    assert bob is not None and (bob.ledger.available, bob.ledger.debt) == (50, 0)


def test_pct_28_the_stun_paid_before_his_turn_survives_a_reload() -> None:
    """The turn still to come, lowered by the stun, is saved and read back as it stood."""
    fight = _bob_stunned_in_anns_turn(1200)
    again = fight_from_json(fight_into_json(section(settings={"surprise": "none"}), fight))
    assert again == fight
    fight, _ = R.next_turn(again, Dice())
    bob = R.active(fight)
    assert bob is not None and (bob.ledger.available, bob.ledger.debt) == (0, 70)
