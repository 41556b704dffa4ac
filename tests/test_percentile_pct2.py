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
