"""Issue 27 item 3: "Chink in armor (other)" works end to end. A chink goes with the location
picked (003 lines 86-87, GUR-42): −8 to hit in the torso, −10 anywhere else, instead of the
location's penalty; on a hit that location's DR is halved (rounded down, GUR-D04) and its other
effects still apply. The table's bare "chink other" row, which named no location, is not
offered."""

from __future__ import annotations

import pytest
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps.damage_roll import DamageRoll
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, attack_line, resolve_injury

SPEAR = Combatant(weapon_skill=14, damage="1d+2", damage_type="imp", maneuver="Attack")
ARMOURED = Combatant(hp=10, dr=5, dr_locations="arm=7")


def test_gur42_the_chink_replaces_the_location_penalty() -> None:  # 003:L87
    arm = attack_line(SPEAR, ARMOURED, AttackSetup(location="arm", chink=True))
    assert arm.plain() == "base 14 + Attack +0 + chink in the armor (arm) −10 = 4"
    torso = attack_line(SPEAR, ARMOURED, AttackSetup(location="torso", chink=True))
    assert torso.total == 6  # −8
    with pytest.raises(RuleError, match="only by piercing, impaling or tight-beam"):
        attack_line(
            Combatant(damage_type="cut", maneuver="Attack"), ARMOURED, AttackSetup(chink=True)
        )
    with pytest.raises(RuleError, match="not with a random location"):
        attack_line(SPEAR, ARMOURED, AttackSetup(chink=True, random_location=True))


def test_gur42_the_dr_there_is_halved_and_the_location_still_counts() -> None:  # 003:L86-87
    roll = DamageRoll("1d+2", (6,), "imp", False, 8, False, 8)
    hurt = resolve_injury(SPEAR, ARMOURED, AttackSetup(location="arm", chink=True), roll)
    assert hurt.effective_dr == 3  # arm DR 7 halved, rounded down
    assert hurt.raw == 5  # 8 − 3 penetrating, × 1
    assert hurt.multiplier_reason == "imp, arm (living)"  # the arm's own wounding (GUR-37)


def test_a_chink_at_the_arm_on_the_turns_step_to_the_injury() -> None:  # issue 27 item 3
    model = fight_started()
    for field, value in (("damage", "1d+2"), ("damage_type", "imp"), ("weapon", "Spear")):
        model = send(model, "gurps.field", "g1", field, value)
    model = send(model, "gurps.field", "g2", "dr_locations", "arm=7")
    model = attack_turn(model)  # Ana (skill 14) at Bo
    locations = texts(model, "gurps-fight-location")[0]
    assert "chink" not in locations
    model = send(model, "gurps.step_form", "location", "arm")
    model = send(model, "gurps.step_chip", "chink")
    assert texts(model, "gurps-fight-chink") == ["✓ Chink in the armor there (DR halved)"]
    assert (
        texts(model, "gurps-fight-line")[0]
        == "base 14 + Attack +0 + chink in the armor (arm) −10 = 4"
    )
    rolled = send(model, "gurps.step_attack_typed", "1 1 2")  # 4 vs 4: a critical hit
    assert rolled.state["gurps"]["pending"]["stage"] == "damage"  # no defense
    hurt = send(rolled, "gurps.step_damage_typed", "6")  # 1d+2 = 8 imp; arm ×1
    text = hurt.state["gurps"]["log"][0]["text"]
    assert "8 − DR 7 halved for a chink (round down) = 3 = 5 penetrating" in text
    assert "GUR-42" in hurt.state["gurps"]["log"][0]["rules"]  # the rule as data, not in the text
    assert "(imp, arm (living))" in text
    assert texts(hurt, "gurps-hp-g2") == ["HP 5/10"]


def test_the_chink_is_offered_only_to_attacks_that_may_aim_at_one() -> None:  # 003:L86
    model = attack_turn(fight_started())  # Ana's broadsword cuts
    assert texts(model, "gurps-fight-chink") == []
    assert "chink" not in texts(model, "gurps-fight-location")[0]


def test_the_attack_tab_offers_the_chink_with_its_location() -> None:  # issue 27 item 3
    model = send(fight_started(), "gurps.field", "g1", "damage_type", "imp")
    model = send(model, "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2"), ("location", "arm")):
        model = send(model, "gurps.attack_form", field, value)
    assert "chink" not in texts(model, "gurps-attack-location")[0]
    model = send(model, "gurps.attack_form", "chink", "yes")
    assert "chink in the armor (arm) −10" in texts(model, "gurps-skill-line")[0]
