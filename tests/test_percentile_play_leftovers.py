"""Leftovers of a GM play-through of the Percentile fight: the weapon an attack starts with, each
fighter's own actions in the AP worksheet, and the words of the log and the round."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.percentile import state as S
from rkweb.kit.fields import error_of
from test_percentile_pages import COSTS, go, texts
from test_percentile_pass_turn import _bob_armed, with_two_characters


def _bobs_turn_at(range_m: str) -> Model:
    """Bob's turn (Side B first by 20) with the range between him and Ann set to ``range_m``."""
    m = go(_bob_armed(with_two_characters()), "percentile.order_roll_typed", "30 10")
    m = go(m, "percentile.turn_next")
    m = go(m, "percentile.attack_field", "range_m", range_m)
    m = go(m, "percentile.turn_next")  # Ann
    return go(m, "percentile.turn_next")  # round 2: Bob again, the range kept for the pair


def test_pct_05_an_attack_starts_with_the_first_weapon_that_can_reach() -> None:
    """Bob at 5 m started with his CLUB ticked ("cannot reach, 5 m away") while his FINGER
    LASER could fire (PCT-05, line 27: hand-to-hand not over three meters)."""
    far = _bobs_turn_at("5")
    assert S.state(far)["combat"]["attack"].get("weapon") == "1"
    active = texts(far, "percentile-turn-active")[0]
    assert "✓ FINGER LASER" in active and "CLUB (BRAWLmanship 25): cannot reach, 5 m away" in active
    near = _bobs_turn_at("2")
    assert S.state(near)["combat"]["attack"].get("weapon") == "0"  # the first, within reach


def test_pct_24_each_fighter_s_worksheet_lists_his_own_attacks() -> None:
    """Bob's "Action from Table #3-6" offered "an attack with the AUTO PISTOL", Ann's weapon."""
    m = _bobs_turn_at("2")
    m = go(m, "percentile.gm_csv", "PCT-M03", COSTS + "an attack with the CLUB,5\nwalk 1 m,2\n")
    m = go(m, "percentile.gm_save", "PCT-M03")
    m = go(m, "percentile.tab", "combat")
    m = go(m, "shell.fold", "percentile-fold-worksheet", True)
    ann = texts(m, "percentile-ap-action-c1")[0]
    bob = texts(m, "percentile-ap-action-c2")[0]
    assert "an attack with the AUTO PISTOL" in ann and "CLUB" not in ann, ann
    assert "an attack with the CLUB" in bob and "AUTO PISTOL" not in bob, bob
    assert "walk 1 m" in ann and "walk 1 m" in bob


def test_a_log_line_says_its_figures_in_one_format() -> None:
    """The play-through's log read "recorded 26.25 points; DP 262½ %": a quarter in decimals
    beside a half as ½ in one line. Here a stun of modifier 2.5 (2.5 ÷ 10 = 0.25 AP lost)."""
    m = go(_bobs_turn_at("2"), "percentile.ap_field", "c1", "2.5")
    m = go(m, "percentile.ap_stun", "c1")
    line = texts(m, "percentile-log-entry")[0]
    assert "Ann is stunned: 0.25 AP lost (Table #3-7.0 modifier 2.5)" in line, line
    assert "½" not in line


def test_the_surprise_is_said_of_one_side() -> None:
    """ "Side A have SURPRISE": a side is one, "has" as in "Side B has no turn this round"."""
    m = go(_bob_armed(with_two_characters()), "percentile.setting", "surprise", "a1")
    m = go(m, "percentile.surprise_roll_typed", "10 90")
    m = go(m, "percentile.turn_next")
    assert texts(m, "percentile-turn-why") == [
        "Side B has no turn this round: Side A has SURPRISE: the only turn of this round"
    ]


def test_the_round_asks_for_surprise_and_order_before_its_first_turn() -> None:
    """The first "Next turn" rolled surprise and the order with the app's dice: the players'
    dice could be entered only by undoing it and opening the set-up fold. The round's step asks
    for them first, each with its app roll and "I rolled"; "Next turn" still rolls them."""
    m = go(_bob_armed(with_two_characters()), "percentile.setting", "surprise", "a1")
    step = texts(m, "percentile-turn-step")[0]
    assert "Surprise first: each side rolls 1:100sd" in step and "Roll surprise" in step, step
    assert texts(m, "percentile-turn-surprise-typed") == [""]
    m = go(m, "percentile.surprise_roll_typed", "10 90")  # as typed in the step's field
    step = texts(m, "percentile-turn-step")[0]
    assert "Order of attack: each side rolls 1:100sd; the lowest attacks first." in step, step
    assert "Side A gets SURPRISE" in texts(m, "percentile-turn-due-said")[0]
    assert "PCT-" not in step
    m = go(m, "percentile.order_roll_typed", "30 10")
    assert texts(m, "percentile-turn-step") == ["Tap Next turn to start the round."]
    m = go(m, "percentile.turn_next")
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Ann")  # the surprise round
    app = go(_bob_armed(with_two_characters()), "percentile.setting", "surprise", "a1")
    app = go(app, "percentile.turn_next")  # the app's dice, on the way, in one tap
    assert texts(app, "percentile-turn-active")[0].startswith("Now: ")


def test_b2_next_turn_rolls_the_next_rounds_order_in_the_same_tap() -> None:
    """A GM's play-through: under b2 "Next turn" after the round's last turn stopped at the new
    round to ask for its order, one more tap each round with the app's dice. It rolls the order
    on the way, as b1's first order is rolled; its dice are asked on the last turn."""
    m = go(_bob_armed(with_two_characters()), "percentile.setting", "order", "b2")
    m = go(m, "percentile.order_roll_typed", "30 10")
    m = go(m, "percentile.turn_next")  # Bob
    assert texts(m, "percentile-turn-next-asked") == [], "a turn of the round is still to come"
    m = go(m, "percentile.turn_next")  # Ann, the round's last turn: the next order asked
    assert texts(m, "percentile-turn-next-asked") == [
        "Next round's order of attack: each side rolls 1:100sd; the lowest attacks first."
    ]
    assert texts(m, "percentile-turn-next-order-typed") == [""]
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Ann")  # still her turn
    m = go(m, "percentile.turn_next")  # round 2: its order rolled and its first turn, one tap
    assert "Round 2" in texts(m, "percentile-turn")[0]
    assert texts(m, "percentile-turn-active")[0].startswith("Now: ")
    assert "Order of attack: 1:100sd" in texts(m, "percentile-log-entry")[0]
    assert m.history.undo_stack[-1].label.startswith("Turn: ")


def test_b2_the_next_rounds_order_typed_on_the_last_turn() -> None:
    m = go(_bob_armed(with_two_characters()), "percentile.setting", "order", "b2")
    m = go(m, "percentile.order_roll_typed", "30 10")
    refused = go(m, "percentile.turn_next_typed", "10 30")  # the round has not begun
    said = error_of(refused, S.FEATURE, S.typed_key("turn_next"))
    assert said.startswith("No order of attack is due yet"), said
    assert S.fight_of(refused, S.state(refused)).turn == -1  # no turn spent the dice
    m = go(m, "percentile.turn_next")  # Bob
    m = go(m, "percentile.turn_next")  # Ann
    m = go(m, "percentile.turn_next_typed", "10 30")  # Side A first in round 2
    assert "Round 2" in texts(m, "percentile-turn")[0]
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Ann")
    assert S.state(m)["combat"]["attack"].get("attacker") == "c1"  # her own, set up afresh


def test_before_the_order_is_rolled_no_card_says_no_turn() -> None:
    """The cards read "no turn this round" for everyone while the order was still to roll."""
    m = go(_bob_armed(with_two_characters()), "percentile.setting", "surprise", "a1")
    assert texts(m, "percentile-strip-c1") == ["Ann · Side A · unhurt, 50 AP"]
    m = go(m, "percentile.surprise_roll_typed", "10 90")
    m = go(m, "percentile.order_roll_typed", "30 10")
    assert "no turn this round" in texts(m, "percentile-strip-c2")[0]  # Side A's surprise


def test_pieces_next_turn_rolls_the_next_pieces_order_in_the_same_tap() -> None:
    m = go(_bob_armed(with_two_characters()), "percentile.setting", "pieces", "on")
    m = go(m, "percentile.setting", "piece_fraction", "1/2")
    m = go(m, "percentile.order_roll_typed", "30 10")
    m = go(m, "percentile.turn_next")  # Bob
    m = go(m, "percentile.turn_next")  # Ann
    assert texts(m, "percentile-turn-next-asked")[0].startswith("Next piece's order of attack")
    m = go(m, "percentile.turn_next")  # piece 2: its order rolled and its first turn
    assert "Round 1, piece 2" in texts(m, "percentile-turn")[0]
    assert texts(m, "percentile-turn-active")[0].startswith("Now: ")
    assert m.history.undo_stack[-1].label.startswith("Turn: ")
