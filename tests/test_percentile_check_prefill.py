"""The Checks tab's values from a character's sheet (issue 17: "checks are not linked to
characters"): which sheet value feeds which field, citing the rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pycore.errors import RuleError
from pycore.systems.percentile.check_prefill import check_sources, check_values, default_source
from pycore.systems.percentile.checks import task_number
from pycore.systems.percentile.roster import fighter_from_json

ANN = fighter_from_json(
    {
        "id": "c1",
        "name": "Ann",
        "perception": "60",
        "brawl": "55",
        "aim": "70",
        "strength": "45",
        "agility": "65",
        "weapons": [
            {"name": "AUTO PISTOL", "wep_dif": 30, "damage_die": "4:10sd+2"},
            {"name": "knife", "category": "hth", "attack_dif": 40},
            {"name": "frag", "category": "grenade", "damage_die": "3:10sd"},
        ],
    }
)


def test_every_attribute_and_weapon_is_offered_with_its_value() -> None:
    assert check_sources(ANN) == (
        ("perception", "PERCEPTION 60"),
        ("brawl", "BRAWL 55"),
        ("aim", "AIM 70"),
        ("strength", "Physical Strength 45"),
        ("agility", "Agility 65"),
        ("weapon-0", "AUTO PISTOL: MARKSmanship 50"),  # PCT-31: (70 + 30) / 2
        ("weapon-1", "knife: BRAWLmanship 47½"),  # PCT-30: (55 + 40) / 2
        ("weapon-2", "frag: BRAWL 55"),  # PCT-38: grenades roll against BRAWL
    )


def test_an_attribute_check_fills_the_target_and_the_throwers_brawl_only() -> None:
    """PCT-02: a check under the attribute; PCT-38: the thrower's BRAWL is the character's;
    nothing weapon-bound is touched (the GM's typed to-hit and damage stay)."""
    filled = check_values(ANN, "perception")
    assert filled.values == {"target": "60", "label": "Ann: PERCEPTION", "brawl": "55"}
    assert str(filled) == "From Ann's sheet: the check under PERCEPTION 60; the thrower's BRAWL 55"


def test_a_weapon_check_fills_the_skill_the_damage_and_the_graze_under_d1() -> None:
    """PCT-31/32 (D01): MARKSmanship 50 is the target and the d1 skill; PCT-42 the weapon's
    dice; PCT-44 (D08): under d1 a graze is measured against the skill."""
    filled = check_values(ANN, "weapon-0", "d1")
    assert filled.values == {
        "target": "50",
        "label": "Ann: MARKSmanship with AUTO PISTOL",
        "brawl": "55",
        "skill": "50",
        "g_target": "50",
        "die": "4:10sd+2",
    }
    # under d2/d3 the graze had to beat a Percent to Hit the sheet does not hold: left as typed
    assert "g_target" not in check_values(ANN, "weapon-0", "d2").values


def test_a_hand_to_hand_weapon_keeps_its_half_exact() -> None:
    """PCT-30 (D02) and R-B: BRAWLmanship 47½ reaches the field as the exact half, and the
    field reads it back as 95/2."""
    values = check_values(ANN, "weapon-1").values
    assert values["target"] == values["skill"] == "47½"
    assert task_number("skill", values["skill"]) == Fraction(95, 2)
    assert "die" not in values  # the knife has no DAMAGE DIE ROLL on the sheet


def test_a_grenade_is_checked_under_brawl_with_no_to_hit_skill() -> None:
    """PCT-38: d4 rolls against BRAWL; there is no MARKSmanship to fill."""
    values = check_values(ANN, "weapon-2").values
    assert values == {
        "target": "55",
        "label": "Ann: BRAWL with frag",
        "brawl": "55",
        "die": "3:10sd",
    }


def test_every_filled_value_is_one_the_tab_accepts() -> None:
    for key, _ in check_sources(ANN):
        for field, text in check_values(ANN, key).values.items():
            if field not in ("label", "die"):
                task_number(field, text)


@pytest.mark.parametrize(
    ("source", "to_hit", "message"),
    [
        ("luck", "d1", "Check on must be one of Ann's attributes or weapons, got 'luck'"),
        ("weapon-7", "d1", "got 'weapon-7'"),
        ("ap", "d1", "got 'ap'"),
        ("aim", "d9", "to-hit procedure must be one of d1, d2, d3, got 'd9'"),
    ],
)
def test_an_unknown_choice_is_refused_by_name(source: str, to_hit: str, message: str) -> None:
    with pytest.raises(RuleError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_values(ANN, source, to_hit)


def test_a_new_pick_checks_the_first_weapon_else_perception() -> None:
    assert default_source(ANN) == "weapon-0"
    assert default_source(fighter_from_json({"id": "c2", "name": "Bob"})) == "perception"
