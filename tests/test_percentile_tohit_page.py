"""The to-hit step on the combat tab (issue 17): the attacker's MARKSmanship/BRAWLmanship beside
the Percent to Hit entry, in the attack card and in the round card, and the adversity total asked
only where it can change the Percent Against (Table #3-2)."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.vdom import find_all
from test_percentile_pages import go, round_ready, texts, with_two_characters, worksheet

SKILL = (
    "Ann's AUTO PISTOL: MARKSmanship = (AIM 70 + WEP DIF 30) / 2 = 50; "
    "read the Percent to Hit on Table #3-1 with it and the range"
)


def test_the_attack_card_shows_the_attackers_skill_beside_the_percent_to_hit() -> None:
    m = go(with_two_characters(), "percentile.setting", "to_hit", "d2")
    m = worksheet(go(m, "percentile.tab", "combat"))
    assert texts(m, "percentile-attack-skill") == []  # nobody chosen yet
    assert find_all(shell.view(m), "percentile-attack-percent_to_hit")
    m = go(m, "percentile.attack_field", "attacker", "c1")
    assert texts(m, "percentile-attack-skill") == [SKILL]
    assert texts(m, "percentile-attack-against") == []  # d2: no Percent Against


def test_adversity_total_is_asked_only_with_table_3_2_and_then_sets_the_percent_against() -> None:
    m = go(with_two_characters(), "percentile.setting", "to_hit", "d3")
    m = worksheet(go(m, "percentile.tab", "combat"))
    m = go(m, "percentile.attack_field", "attacker", "c1")
    assert not find_all(shell.view(m), "percentile-attack-adversity_total")  # it would do nothing
    assert texts(m, "percentile-attack-against") == [
        "Enter the Percent Against, read on Table #3-2"
    ]
    rows = "adversity_low,adversity_high,percent_against\n0,100,5\n"
    m = go(m, "percentile.gm_csv", "PCT-M06", rows)
    m = go(m, "percentile.gm_save", "PCT-M06")
    assert find_all(shell.view(m), "percentile-attack-adversity_total")
    m = go(m, "percentile.attack_field", "adversity_total", "25")
    assert texts(m, "percentile-attack-against") == [
        "Percent Against 5 from Table #3-2 for adversity 25"
    ]
    m = go(m, "percentile.attack_field", "target", "c2")
    m = go(m, "percentile.attack_field", "percent_to_hit", "100")
    m = go(m, "percentile.attack_field", "part", "arm")
    m = go(m, "percentile.attack_resolve", seed="a")
    assert "PA 5 (Table #3-2 (GM) for adversity 25)" in texts(m, "percentile-attack-result")[0]


def test_the_round_cards_to_hit_step_asks_for_the_percent_to_hit_with_the_skill() -> None:
    """d2 without the GM's Table #3-1: the round card's to-hit step shows the skill and the
    entry; a roll before it is filled is refused beside that entry, then the roll goes on."""
    m = go(round_ready(), "percentile.setting", "to_hit", "d2")
    m = go(m, "percentile.turn_next", seed="order-a")
    m = go(m, "percentile.attack_field", "attacker", "c1")
    m = go(m, "percentile.turn_target", "c2")
    assert texts(m, "percentile-turn-skill") == [SKILL.replace("70", "90").replace("= 50", "= 60")]
    m = go(m, "percentile.turn_typed", "15")
    assert texts(m, "percentile-turn-percent_to_hit-error") == [
        "Percent to Hit (Table #3-1): enter it here, or enter the table on the GM page"
    ]
    m = go(m, "percentile.attack_field", "percent_to_hit", "70")
    assert texts(m, "percentile-turn-percent_to_hit-error") == [""]
    m = go(m, "percentile.turn_typed", "15")
    assert "1:10sd" in texts(m, "percentile-turn-step")[0]  # a hit: where it went
    assert texts(m, "percentile-turn-skill") == []  # past the to-hit step


def test_under_d1_the_round_card_adds_nothing_to_the_to_hit_step() -> None:
    m = round_ready()
    m = go(m, "percentile.turn_next", seed="order-a")
    m = go(m, "percentile.attack_field", "attacker", "c1")
    m = go(m, "percentile.turn_target", "c2")
    assert texts(m, "percentile-turn-skill") == []
    assert not find_all(shell.view(m), "percentile-turn-percent_to_hit")
