"""A GM's play-through of the Percentile round, its leftovers: a side or a fighter joining while
an attack waits for its roll or its answer (PCT-23, line 61: the newcomer "will have to wait until
it is their turn"; the attack's dice and answer are its own turn's, FIGHT.md's first law), the
lead of 30 (PCT-21, line 60) when a side joins before the round's first turn, and "Roll order"
offered once the round's order is rolled (PCT-18/19)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all
from scripted import Faces as Dice
from test_percentile_fight import unsurprised
from test_percentile_join_turn import _cy_on_side_c, _ordered, _turns
from test_percentile_pages import go, round_ready, texts
from test_percentile_question_now import _anns_hit_waits_for_the_stun
from test_percentile_surprise_first import _tied

from pycore.errors import RuleError
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import turns as R
from pycore.systems.percentile.fight.setup import setup_of

WAITS = (
    "Ann's attack on Bob is under way: roll it on or answer its question, or tap Set the "
    "attack aside, before Cy joins the fight."
)


def _anns_attack_waits() -> F.Fight:
    """Ann's turn, her hit on Bob waiting for the body part it struck (a question)."""
    fight, _ = R.next_turn(_ordered(30, 45), Dice())
    form = {"attacker": "c1", "target": "c2", "location": "roll"}
    fight, _ = FA.attack(replace(fight, turn=0), setup_of(form), Dice(15, 7))
    assert fight.pending is not None
    return fight


def test_pct_23_no_side_nor_fighter_joins_while_an_attack_is_under_way() -> None:
    fight = _anns_attack_waits()
    with pytest.raises(RuleError) as side:
        F.join_order(fight, "Side C", Dice(40))
    assert str(side.value) == WAITS.replace("Cy joins", "Side C joins")
    with pytest.raises(RuleError) as one:
        F.join_member(fight, 0, "c3")
    assert str(one.value) == WAITS
    # set aside, the join goes through as before
    aside, _ = FA.set_aside(fight)
    assert F.join_order(aside, "Side C", Dice(40))[0].order is not None


def _fold_open(m: Model) -> Model:
    return go(m, "shell.fold", "percentile-fold-setup-during", True)  # where the set-up is


def test_a_join_under_way_is_refused_beside_its_control_with_a_set_aside_button() -> None:
    m = _anns_hit_waits_for_the_stun()  # Ann's hit on Bob waits for its Table #3-7.0 answer
    m = _fold_open(go(m, "percentile.char_new"))
    m = go(go(m, "percentile.char_field", "c3", "name", "Cy"), "percentile.tab", "combat")
    m = _fold_open(go(m, "percentile.side_add"))
    refused = go(m, "percentile.member_add", 2, "c3")
    assert texts(refused, "percentile-side-add-2-error") == [WAITS]
    assert refused.history is m.history  # nothing changed, no step to undo
    assert texts(refused, "percentile-side-set-aside-2") == ["Set the attack aside"]
    assert not find_all(shell.view(m), "percentile-side-set-aside-2")  # only with the refusal
    # the button sets the attack aside and the refusal goes with it; the join then goes through
    aside = go(refused, "percentile.attack_cancel")
    assert not texts(aside, "percentile-side-add-2-error")[0]
    assert not find_all(shell.view(aside), "percentile-side-set-aside-2")
    joined = go(aside, "percentile.member_add", 2, "c3")
    assert any("Cy" in t for t in texts(joined, "percentile-member"))


def test_a_side_joining_under_way_is_refused_beside_the_join_button() -> None:
    m = _cy_on_side_c(_anns_hit_waits_for_the_stun())
    m = _fold_open(m)
    refused = go(m, "percentile.order_join", "Side C")
    assert texts(refused, "percentile-order-error") == [WAITS.replace("Cy joins", "Side C joins")]
    assert refused.history is m.history
    assert texts(refused, "percentile-order-set-aside") == ["Set the attack aside"]


def test_the_order_refusal_carries_its_set_aside_button() -> None:
    m = _fold_open(_anns_hit_waits_for_the_stun())
    refused = go(m, "percentile.order_pass")
    assert texts(refused, "percentile-order-error")[0].startswith("An attack is under way")
    aside = go(refused, "percentile.attack_cancel")
    assert not texts(aside, "percentile-order-error")[0]  # no refusal left for a gone attack
    assert not find_all(shell.view(aside), "percentile-order-set-aside")


def test_pct_21_23_a_join_before_the_first_turn_takes_the_lead_of_30_again() -> None:
    """Before the round's first turn the order is as if rolled with the newcomer (PCT-23: "the
    same procedure"), so the lead of 30 is the results' (PCT-21: second − first ≥ 30)."""
    led = _ordered(10, 80)  # Side A 10, Side B 90: Side A leads by 80, Ann alone
    assert led.order is not None and led.order.exclusive
    close, _ = F.join_order(led, "Side C", Dice(30))  # Cy 30: Side A leads by 20 only
    assert close.order is not None and not close.order.exclusive
    assert R.acting_sides(close) == ["Side A", "Side C", "Side B"]
    far, _ = F.join_order(led, "Side C", Dice(60))  # Cy 60: Side A still leads by 50
    assert far.order is not None and far.order.exclusive
    assert R.acting_sides(far) == ["Side A"]
    open_round = _ordered(40, 45)  # Side A 40, Side B 55: no lead
    taken, _ = F.join_order(open_round, "Side C", Dice(5))  # Cy 5 leads Side A by 35
    assert taken.order is not None and taken.order.exclusive
    first, _ = R.next_turn(taken, Dice())
    assert _turns(first) == (["Cy"], 2)  # the one and only attack of the round


def test_pct_21_a_join_takes_no_lead_where_the_lead_does_not_hold() -> None:
    """Mid-round nobody is made the round's only attacker; under b1 the lead is the order's
    first round's (PCT-21: "b1 → the first round only")."""
    anns, _ = R.next_turn(_ordered(40, 45), Dice())  # Ann's turn, no lead
    mid, _ = F.join_order(anns, "Side C", Dice(5))
    assert mid.order is not None and not mid.order.exclusive
    later, _ = R.next_round(_ordered(40, 45))  # b1, round 2: the order kept, not rolled
    later, _ = F.join_order(later, "Side C", Dice(5))
    assert later.order is not None and not later.order.exclusive
    b2, _ = F.roll_order(unsurprised(order="b2"), Dice(40, 45))
    b2 = replace(b2, sides=F.add_member(F.add_side(b2), 2, "c3").sides)
    b2, _ = F.join_order(b2, "Side C", Dice(5))  # b2: each round's order has its lead
    assert b2.order is not None and b2.order.exclusive


def test_pct_21_22_a_pass_keeps_no_lead_when_a_side_joins() -> None:
    passed, _ = F.pass_order(_ordered(40, 45))
    joined, _ = F.join_order(passed, "Side C", Dice(90))  # Bob 55 leads Cy 90 by 35
    assert joined.order is not None and not joined.order.exclusive


def test_pct_18_roll_order_is_off_once_the_rounds_order_is_rolled() -> None:
    m = _fold_open(round_ready())
    entry = find_all(shell.view(m), "percentile-order-roll")[0]
    assert entry.attr("disabled") is None
    assert not find_all(shell.view(m), "percentile-order-rolled")
    m = go(m, "percentile.order_roll_typed", "30 45")
    view = shell.view(m)
    assert find_all(view, "percentile-order-roll")[0].attr("disabled") is not None
    assert find_all(view, "percentile-order-typed")[0].attr("disabled") is not None
    said = texts(m, "percentile-order-rolled")[0]
    assert said == (
        "The order of attack is rolled (it is rolled once, at the start of combat). "
        "Undo back to the roll to roll it again."
    )
    assert "PCT-" not in said
    # undone, it is offered again
    back = go(m, "shell.undo")
    assert find_all(shell.view(back), "percentile-order-roll")[0].attr("disabled") is None


def test_pct_15_a_ties_re_roll_is_asked_in_the_question_style_not_as_an_error() -> None:
    tied = _tied()  # "10 10": a tie, every side rolls again
    asked = find_all(shell.view(tied), "percentile-surprise-roll-asked")
    assert len(asked) == 1 and asked[0].attr("class") == "roll-entry roll-asked"
    assert find_all(asked[0], "percentile-surprise-typed-error")  # the prompt is inside it
    css = Path("web/app.css").read_text(encoding="utf-8")
    assert ".roll-asked .field-error { color: var(--ink); }" in css
    # a refusal proper (too few dice, a roll out of range) stays in the error's style
    short = go(tied, "percentile.surprise_roll_typed", "101 5")
    assert texts(short, "percentile-surprise-typed-error")[0]
    assert not find_all(shell.view(short), "percentile-surprise-roll-asked")


def test_next_round_refused_mid_attack_carries_its_set_aside_button() -> None:
    m = _fold_open(_anns_hit_waits_for_the_stun())
    refused = go(m, "percentile.round_next")
    assert texts(refused, "percentile-combat-error") == [F.WAITING]
    assert texts(refused, "percentile-combat-set-aside") == ["Set the attack aside"]
    assert "top of the round" not in F.WAITING  # the button is beside the words now
