"""A GM's Percentile play-through (three fighters: Ann's AUTO PISTOL and GRENADE, Bob's RIFLE,
Cy's FIST and KNIFE) at 768x1024: the stun's typed modifier, the damage it is asked for, why a
grenade waits for its range, the AP of a stunned fighter's next turn, and the target after an
undo."""

from __future__ import annotations

from rkweb.app.model import Model
from test_percentile_pages import ann_hits_bob, go, round_ready, texts


def _stunning(m: Model, rows: str) -> Model:
    """The GM's Table #3-7.0 (PCT-M02) replaced by ``rows`` (damage_low,damage_high,modifier)."""
    m = go(m, "percentile.gm_csv", "PCT-M02", "damage_low,damage_high,modifier\n" + rows)
    return go(m, "percentile.gm_save", "PCT-M02")


def test_a_stunned_fighters_card_says_the_ap_of_his_next_turn() -> None:
    """The play-through: Bob's card read "40 AP, stunned for 1 turn"; the stun's AP (the
    Table #3-7.0 modifier ÷ 10, line 74) are lost at the start of his next turn, so the GM had
    to work out the 10 he would have. Here any damage gives modifier 300: 30 of Bob's 50 AP."""
    m = ann_hits_bob(_stunning(round_ready(), "0,0,0\n1,50000,300\n"))
    card = texts(m, "percentile-strip-c2")[0]
    assert card.endswith("50 AP now; next turn 20: stunned"), card
    assert "stunned for 1 turn" not in card
    # a stun of more than one turn says how long, and a next turn with nothing left says so
    m = ann_hits_bob(_stunning(round_ready(), "0,0,0\n1,50000,600\n"))
    card = texts(m, "percentile-strip-c2")[0]
    assert card.endswith("50 AP now; next turn 0 (no movement): stunned for 2 turns"), card


def _anns_hit_on_bobs_head(m: Model, damage: str = "5 6 6 6") -> Model:
    """Ann (MARKSmanship (90 + 30) / 2 = 60) hits Bob's head with typed dice: 15 to hit (45
    under), 7 on Table #3-3.4, and ``damage`` on 4:10sd+2, grazed by 45/60 (PCT-44, line 146)."""
    m = go(m, "percentile.turn_next", seed="order-a")
    m = go(m, "percentile.attack_field", "attacker", "c1")
    m = go(m, "percentile.turn_target", "c2")
    for typed in ("15", "7", damage):
        m = go(m, "percentile.turn_typed", typed)
    return m


def test_the_stun_question_says_the_damage_as_the_text_counts_it() -> None:
    """The play-through asked for the modifier "with 16 points of damage taken" where the record
    said 16.8. The text never rounds (R-B: line 137's ½ dice, line 146's grazing "less than the
    original number"), so the damage is said as it is, 25 × 3/4 = 18.75, and how the GM's
    whole-point rows of Table #3-7.0 read it (a fraction has not reached the next point)."""
    m = _anns_hit_on_bobs_head(_stunning(round_ready(), "0,0,0\n"))
    assert texts(m, "percentile-attack-question") == [
        "What is Bob's damage modifier with 18.75 points of damage taken? Table #3-7.0 (read "
        "as 18 on its whole-point rows: 18.75 has not reached 19) leaves it out: enter it once, "
        "it is kept on the GM page; a rise in it stuns (AP lost = the rise ÷ 10)"
    ]
    m = go(m, "percentile.attack_stun", "300")
    assert texts(m, "percentile-log-entry")[0].startswith(
        "round 1: Table #3-7.0: 18.75 points of damage (read as 18 on its whole-point rows: "
        "18.75 has not reached 19) give modifier 300 (kept on the GM page); Bob is stunned: "
        "30 AP lost"
    ), texts(m, "percentile-log-entry")[0]
    # whole damage reads as it is: 24 × 3/4 = 18
    m = _anns_hit_on_bobs_head(_stunning(round_ready(), "0,0,0\n"), "5 6 6 5")
    assert texts(m, "percentile-attack-question")[0].startswith(
        "What is Bob's damage modifier with 18 points of damage taken? Table #3-7.0 leaves it out"
    )
