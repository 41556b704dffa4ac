"""PCT-23 mid-round, and PCT-26's "Next piece" under an attack. A GM's report: a side that joined
mid-round with a lower result was slotted ahead of the fighter whose turn it was, the turn stayed
at its place in the list, and the turn moved to someone else: Ann acted twice in the round (PCT-07,
line 33: one turn each). Line 61: the newcomer's "turn may be added on at the end, beginning or even
in between the original combatants' turns. However, he or she, will have to wait until it is their
turn"; the inventory's reading: joining mid-round, it acts this round only if its place has not yet
passed. The fighter whose turn it is stays on, no one acts twice or loses his turn, and the log says
whether the newcomer acts this round or from the next."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rkweb.app.model import Model
from scripted import Faces as Dice
from test_percentile_fight import settings, two_sides, unsurprised
from test_percentile_pages import go, round_ready, texts
from test_percentile_question_now import _anns_hit_waits_for_the_stun

from pycore.errors import RuleError
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import turns as R
from pycore.systems.percentile.fight.setup import setup_of


def _ordered(a: int, b: int) -> F.Fight:
    """Ann on Side A, Bob (damage modifier 10) on Side B, the order rolled (a, b): results a and
    b + 10; Cy on Side C, not yet in it."""
    fight, _ = F.roll_order(unsurprised(), Dice(a, b))
    return replace(fight, sides=F.add_member(F.add_side(fight), 2, "c3").sides)


def _turns(fight: F.Fight) -> tuple[list[str], int]:
    """Whose turns are still to come this round, from the current one on, and the round then."""
    seen = [R.active(fight).name]  # type: ignore[union-attr]
    start = fight.round
    while True:
        fight, _ = R.next_turn(fight, Dice(1, 99, 50))  # the next round's order, if rolled
        if fight.round != start:
            return seen, fight.round
        seen.append(R.active(fight).name)  # type: ignore[union-attr]


def test_pct_23_a_side_joining_ahead_of_the_current_turn_waits_for_next_round() -> None:
    fight, _ = R.next_turn(_ordered(30, 45), Dice())  # Ann's turn
    fight, _ = R.next_turn(fight, Dice())  # Bob's turn: Ann has acted
    fight, joined = F.join_order(fight, "Side C", Dice(10))  # Cy 10: first in the order
    assert fight.order is not None and fight.order.order == ["Side C", "Side A", "Side B"]
    assert _turns(fight) == (["Bob"], 2)  # Bob stays on; Ann does not act again, nor Cy
    assert "Side C joins after its place this round: Cy acts from next round" in str(joined)


def test_pct_23_the_current_turn_stays_and_a_later_place_acts_this_round() -> None:
    anns, _ = R.next_turn(_ordered(30, 45), Dice())  # Ann's turn
    ahead, joined = F.join_order(anns, "Side C", Dice(10))
    assert _turns(ahead) == (["Ann", "Bob"], 2)  # Ann keeps her turn; Cy's place has passed
    assert "Cy acts from next round" in str(joined)
    between, joined = F.join_order(anns, "Side C", Dice(40))
    assert _turns(between) == (["Ann", "Cy", "Bob"], 2)
    assert "Side C joins before its place this round: Cy acts this round" in str(joined)


def test_pct_22_23_a_pass_stays_when_a_side_joins() -> None:
    """PCT-22: the passer acts last this round; a join slots the newcomer among the others."""
    fight, _ = R.next_turn(_ordered(30, 45), Dice())
    fight, _ = F.pass_order(fight)  # Side A passes: Bob, then Ann
    fight, _ = R.next_turn(fight, Dice())  # Ann's turn, the round's last
    fight, _ = F.join_order(fight, "Side C", Dice(40))
    assert fight.order is not None and fight.order.order == ["Side C", "Side B", "Side A"]
    assert _turns(fight) == (["Ann"], 2)


def test_pct_21_23_a_side_joining_a_round_led_by_30_does_not_give_the_others_a_turn() -> None:
    """PCT-21: a lead of 30 is "the one and only attack this round"; a side joining in it does
    not open the round to the others."""
    fight, _ = R.next_turn(_ordered(10, 80), Dice())  # Side A leads by 70: Ann alone
    fight, joined = F.join_order(fight, "Side C", Dice(5))
    assert _turns(fight) == (["Ann"], 2)  # not Cy, not Bob
    assert "Cy acts from next round" in str(joined)


def test_pct_26_next_piece_waits_for_the_attack_under_way() -> None:
    fight = replace(two_sides(), settings=settings(stun=False, pieces=True))
    form = {"attacker": "c1", "target": "c2", "location": "roll"}
    fight, _ = FA.attack(fight, setup_of(form), Dice(15, 7))  # waits for the body part
    assert fight.pending is not None
    with pytest.raises(RuleError, match="An attack is under way"):
        R.next_piece(fight)


def _cy_on_side_c(m: Model) -> Model:
    m = go(m, "percentile.char_new")
    m = go(m, "percentile.char_field", "c3", "name", "Cy")
    m = go(m, "percentile.side_add")
    m = go(m, "percentile.member_add", 2, "c3")
    return go(m, "percentile.tab", "combat")


def test_the_log_says_when_a_side_joining_mid_round_acts() -> None:
    m = go(round_ready(), "percentile.order_roll_typed", "30 45")
    m = go(m, "percentile.turn_next")  # Ann's turn
    m = go(_cy_on_side_c(m), "percentile.turn_next")  # Bob's turn
    m = go(m, "percentile.order_join_typed", "Side C", "10")
    assert (
        "Side C joins after its place this round: Cy acts from next round"
        in (texts(m, "percentile-log-entry")[0])
    )
    assert texts(m, "percentile-strip-c2")[0].startswith("Bob · Side B · now")


def test_next_piece_is_refused_beside_the_order_buttons_while_an_attack_is_under_way() -> None:
    m = go(_anns_hit_waits_for_the_stun(), "percentile.setting", "pieces", "on")
    m = go(m, "percentile.tab", "combat")
    m = go(m, "shell.fold", "percentile-fold-setup-during", True)  # where the buttons are
    refused = go(m, "percentile.piece_next")
    said = texts(refused, "percentile-order-error")[0]
    assert said.startswith("An attack is under way: finish it, or tap Set the attack aside"), said
    assert refused.history is m.history  # nothing changed, no step to undo


def test_pct_23_a_fighter_joining_a_side_mid_round_keeps_the_turn_where_it_is() -> None:
    """Line 61, "a side or an individual": Cy put on Side A during Bob's turn is slotted after
    Ann, ahead of Bob: Bob stays on and Cy waits; put on Side B, after Bob, he acts this round."""
    fight, _ = R.next_turn(_ordered(30, 45), Dice())
    bobs, _ = R.next_turn(fight, Dice())
    on_a, note = F.join_member(bobs, 0, "c3")
    assert _turns(on_a) == (["Bob"], 2)
    assert str(note) == "Cy joins Side A: Cy's place this round has passed, Cy acts from next round"
    on_b, note = F.join_member(bobs, 1, "c3")
    assert _turns(on_b) == (["Bob", "Cy"], 2)
    assert "Cy's place this round is still to come, Cy acts this round" in str(note)


def test_pct_07_a_change_mid_round_that_would_give_a_second_turn_is_refused() -> None:
    fight, _ = R.next_turn(_ordered(30, 45), Dice())
    bobs, _ = R.next_turn(fight, Dice())  # Ann has had her turn
    with pytest.raises(
        RuleError, match=r"Ann would act a second time this round.*start of a round"
    ):
        F.add_member(bobs, 1, "c1")  # Ann moved to Side B, after Bob
    asleep = F.toggle_asleep(bobs, 1, "c2")  # Bob falls asleep in his turn: the round is over
    assert R.active(asleep) is None and R.next_turn(asleep, Dice())[0].round == 2


def test_the_log_says_when_a_fighter_joining_mid_round_acts() -> None:
    m = go(round_ready(), "percentile.order_roll_typed", "30 45")
    m = go(m, "percentile.turn_next")  # Ann's turn
    m = go(m, "percentile.char_new")
    m = go(m, "percentile.char_field", "c3", "name", "Cy")
    m = go(go(m, "percentile.tab", "combat"), "percentile.turn_next")  # Bob's turn
    m = go(m, "percentile.member_add", 0, "c3")
    assert texts(m, "percentile-log-entry")[0].startswith(
        "round 1: Cy joins Side A: Cy's place this round has passed, Cy acts from next round"
    )
    assert texts(m, "percentile-strip-c2")[0].startswith("Bob · Side B · now")
