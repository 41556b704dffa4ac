"""A GM's play-through of the Percentile fight: after "Primary attack passes" (PCT-22, line 60:
the passing side acts last, "the second attacker now attacks first") Ann's turn showed Bob's
attack: her weapon chips read with Bob's skills, the step asked for Bob's range and his Club's
cost, and her roll was logged as "Bob attacks Ann with Finger laser". The new fighter's attack
is set up afresh from his own sheet (FIGHT.md's first law)."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.percentile import state as S
from test_percentile_pages import go, texts, with_two_characters

from pycore.systems.percentile.fight import turns as R


def _bob_armed(m: Model) -> Model:
    """Bob with a Club (hand-to-hand) and a Finger laser, Ann with her AUTO PISTOL and an arm."""
    m = go(m, "percentile.char_select", "c1")
    m = go(m, "percentile.pform", "name", "arm")
    m = go(m, "percentile.pform", "points", "20")
    m = go(m, "percentile.part_add", "c1")
    m = go(m, "percentile.char_select", "c2")
    for name, category, die in (("CLUB", "hth", "2"), ("FINGER LASER", "weaponry", "1")):
        m = go(m, "percentile.wform", "name", name)
        m = go(m, "percentile.wform", "category", category)
        m = go(m, "percentile.wform", "damage_die", die)
        m = go(m, "percentile.weapon_add", "c2")
    m = go(m, "percentile.setting", "surprise", "none")
    m = go(m, "percentile.member_add", 0, "c1")
    m = go(m, "percentile.member_add", 1, "c2")
    return go(m, "percentile.tab", "combat")


def _bobs_turn() -> Model:
    """Side A 30, Side B 10 (no lead of 30): Bob's turn, the round's first, nothing done."""
    m = go(_bob_armed(with_two_characters()), "percentile.order_roll_typed", "30 10")
    m = go(m, "percentile.turn_next")
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Bob")
    return go(m, "shell.fold", "percentile-fold-setup-during", True)


def test_pct_22_after_a_pass_the_new_fighter_attacks_from_his_own_sheet() -> None:
    m = go(_bobs_turn(), "percentile.order_pass")
    fight = S.fight_of(m, S.state(m))
    now = R.active(fight)
    assert now is not None and now.id == "c1"
    form = S.state(m)["combat"]["attack"]
    assert form.get("attacker") == "c1" and form.get("target") == "c2", form
    active = texts(m, "percentile-turn-active")[0]
    assert active.startswith("Now: Ann") and "AUTO PISTOL (MARKSmanship 50)" in active, active
    assert "CLUB" not in active and "FINGER LASER" not in active
    step = texts(m, "percentile-turn-step")[0]
    assert "Range from Ann to Bob" in step and "AUTO PISTOL" in step, step
    m = go(m, "percentile.turn_typed", "90")
    assert texts(m, "percentile-log-entry")[0].startswith(
        "round 1: Ann attacks Bob with AUTO PISTOL"
    ), texts(m, "percentile-log-entry")[0]


def test_pct_22_the_passing_side_acts_last_with_its_own_attack() -> None:
    m = go(_bobs_turn(), "percentile.order_pass")
    m = go(m, "percentile.turn_typed", "90")  # Ann misses
    m = go(m, "percentile.turn_next")  # Bob, who passed, acts last
    form = S.state(m)["combat"]["attack"]
    assert form.get("attacker") == "c2" and form.get("target") == "c1", form
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Bob")
