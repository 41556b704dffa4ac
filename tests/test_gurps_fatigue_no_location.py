"""A GM's play-through: a fatigue attack was offered hit locations, and one aimed at the arm
was rolled at −2 for nothing, since "Fatigue damage always ignores hit location" (003 line 35).
The one builder of locations (pycore/systems/gurps/aiming.py) offers none for it, on the
tracker's step and the Attack tab; the core refuses one aimed at a location and ignores a
random one (its injury is worked out on the torso, as before)."""

from __future__ import annotations

import pytest
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps.aiming import aimed_location, location_choices
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, attack_line

FAT = Combatant(damage_type="fat", damage="1d", maneuver="Attack", weapon_skill=14)
SAID = "Hit location: none. Fatigue damage ignores hit location (torso, no penalty)."


def test_the_builder_offers_no_location_to_a_fatigue_attack() -> None:
    assert location_choices(FAT, Combatant()) == ()
    assert location_choices(FAT, Combatant(), random_location=True) == ()
    assert aimed_location("arm", FAT, Combatant()) == "torso"
    assert location_choices(Combatant(), Combatant())  # any other attack keeps its list


def test_the_core_refuses_an_aimed_fatigue_attack_and_ignores_a_random_one() -> None:
    with pytest.raises(
        RuleError, match=r"fatigue damage ignores hit location: aim it at no location"
    ):
        attack_line(FAT, Combatant(), AttackSetup(location="arm"))
    random = attack_line(FAT, Combatant(), AttackSetup(location="skull", random_location=True))
    assert random.total == 14 and "location" not in random.plain()
    assert attack_line(FAT, Combatant(), AttackSetup()).total == 14


def test_the_tracker_step_offers_no_location_and_says_why() -> None:
    model = send(fight_started(), "gurps.field", "g1", "damage_type", "fat")
    model = attack_turn(model)  # Ana's fatigue attack at Bo
    assert texts(model, "gurps-fight-location") == []
    assert texts(model, "gurps-fight-no-location") == [SAID]
    assert texts(model, "gurps-fight-where") == []  # no random location, no chink
    aimed = send(model, "gurps.step_form", "location", "arm")  # an old form's location
    assert texts(aimed, "gurps-fight-line")[0] == "base 14 + Attack +0 = 14"


def test_the_attack_tab_offers_no_location_and_says_why() -> None:
    model = send(fight_started(), "gurps.field", "g1", "damage_type", "fat")
    model = send(model, "gurps.tab", "attack")
    for name, value in (("attacker", "g1"), ("defender", "g2"), ("location", "arm")):
        model = send(model, "gurps.attack_form", name, value)
    assert texts(model, "gurps-attack-location") == []
    assert texts(model, "gurps-attack-no-location") == [SAID]
    assert texts(model, "gurps-skill-line")[0] == "base 14 + Attack +0 = 14"
