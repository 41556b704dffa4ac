"""PCT-22 and PCT-18/19 at the table: "Primary attack passes" and "Roll order" belong to the
start of a round (the combat sequence, PCT-08 lines 38-46: 2 Primary Attack before 3 Action for
each player). A GM's report: both were taken while an attack was under way and mid-round, and
after a pass mid-round Ann had a second turn in the same round (PCT-07, line 33: "Each player
receives only one turn"). The core now refuses them in words that say what to do, and the order
card shows the refusal beside its buttons."""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest
from scripted import Faces as Dice
from test_percentile_fight import unsurprised
from test_percentile_pages import go, texts
from test_percentile_question_now import _anns_hit_waits_for_the_stun

from pycore.errors import RuleError
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.fight import turns as R


def _anns_turn() -> F.Fight:
    """Side A 30, Side B 50 (no lead of 30): Ann's turn, the round's first."""
    fight, _ = F.roll_order(unsurprised(), Dice(30, 40))
    fight, _ = R.next_turn(fight, Dice())
    assert R.active(fight) is not None and R.active(fight).id == "c1"  # type: ignore[union-attr]
    return fight


def test_pct_22_passes_before_the_rounds_first_turn_acts_and_each_acts_once() -> None:
    fight, passed = F.pass_order(_anns_turn())
    assert passed.order.order == ["Side B", "Side A"]
    seen = [R.active(fight).id]  # type: ignore[union-attr]
    fight, _ = R.next_turn(fight, Dice())
    seen.append(R.active(fight).id)  # type: ignore[union-attr]
    fight, _ = R.next_turn(fight, Dice())
    assert seen == ["c2", "c1"] and fight.round == 2  # one turn each, then the next round


def test_pct_22_no_pass_once_the_first_turn_has_acted() -> None:
    fight, _ = R.change_ap(_anns_turn(), "c1", "spend", Fraction(5))  # Ann acted
    with pytest.raises(RuleError, match=r"before the round's first turn acts.*Ann has acted"):
        F.pass_order(fight)


def test_pct_22_a_borrowing_alone_is_no_action_ann_may_still_pass() -> None:
    """Kept as it is, the text being silent: line 60 lets the side with Primary Attack pass and
    says nothing of borrowing; line 74 makes a borrowing AP taken from the next turn, not an
    action (line 68: an action is what AP are spent on). The 4 AP she gained stay hers, for
    her turn at the end of the round, and her next turn still pays the 12 (PCT-27)."""
    fight, _ = R.change_ap(_anns_turn(), "c1", "borrow", Fraction(12))
    fight, passed = F.pass_order(fight)
    assert passed.order.order == ["Side B", "Side A"]
    fight, _ = R.next_turn(fight, Dice())  # Ann, last
    ann = R.active(fight)
    assert ann is not None and ann.id == "c1" and ann.ledger.available == 54
    fight, _ = R.next_turn(fight, Dice())  # round 2: the 12 paid by her next turn
    assert fight.fighter("c1").ledger.available == 38  # type: ignore[union-attr]


def test_pct_22_no_pass_mid_round_ann_would_act_twice() -> None:
    fight, _ = R.next_turn(_anns_turn(), Dice())  # Bob's turn: Ann's is over
    with pytest.raises(RuleError, match=r"before the round's first turn acts.*Undo"):
        F.pass_order(fight)


def test_pct_18_19_the_order_is_rolled_once_for_its_round() -> None:
    fight = _anns_turn()
    with pytest.raises(
        RuleError,
        match=r"already rolled: it is rolled once, at the start of combat.*Undo",
    ):
        F.roll_order(fight, Dice(90, 10))
    b2 = unsurprised(order="b2")
    b2, _ = F.roll_order(b2, Dice(30, 40))
    with pytest.raises(RuleError, match=r"it is rolled at the start of each round\."):
        F.roll_order(b2, Dice(90, 10))
    b2, _ = R.next_round(b2)  # b2: the next round's order is rolled afresh
    assert F.roll_order(b2, Dice(90, 10))[0].order is not None


def test_pass_and_order_roll_are_refused_beside_their_buttons_while_an_attack_is_under_way() -> (
    None
):
    m = _anns_hit_waits_for_the_stun()  # Ann's hit on Bob waits for its Table #3-7.0 answer
    m = go(m, "shell.fold", "percentile-fold-setup-during", True)  # where the buttons are
    for msg in (("percentile.order_pass",), ("percentile.order_roll",)):
        refused = go(m, *msg)
        said = texts(refused, "percentile-order-error")[0]
        assert said.startswith("An attack is under way: finish it, or tap Set the attack aside"), (
            said
        )
        assert refused.history is m.history  # nothing changed, no step to undo
        assert texts(refused, "percentile-strip-c1")[0].startswith("Ann · Side A · now")


RULE_ID = re.compile(r"PCT-\d")


def test_the_round_refusals_are_in_plain_words_with_no_rule_id() -> None:
    """A GM's play-through: "Primary Attack passes only before the round's first turn acts
    (PCT-22): Ann has acted" on the order card; a rule ID belongs under "Why" only (STYLE 20).
    The order rolled again and a change giving a fighter a second turn read the same way."""
    refused: list[str] = []
    fight, _ = R.change_ap(_anns_turn(), "c1", "spend", Fraction(5))  # Ann acted
    for run in (lambda: F.pass_order(fight), lambda: F.roll_order(fight, Dice(90, 10))):
        with pytest.raises(RuleError) as said:
            run()
        refused.append(str(said.value))
    for order, pieces in (("b2", False), ("b1", True)):
        other = unsurprised(order=order, pieces=pieces)
        other, _ = F.roll_order(other, Dice(30, 40))
        with pytest.raises(RuleError) as said:
            F.roll_order(other, Dice(90, 10))
        refused.append(str(said.value))
    bobs, _ = R.next_turn(_anns_turn(), Dice())  # Bob's turn: Ann's is over
    with pytest.raises(RuleError) as said:  # Ann put after Bob: she would act again
        R.keep_turn(bobs, replace(bobs, order=replace(bobs.order, order=["Side B", "Side A"])))
    refused.append(str(said.value))
    assert [r for r in refused if RULE_ID.search(r)] == [], refused
    assert "Ann has acted" in refused[0] and "at the start of each piece" in refused[3]
    assert refused[4].startswith("Ann would act a second time this round")
