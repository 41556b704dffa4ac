"""A character's own weapons (issue 16): each names the skill it is used with, and sets up the
attack the fight needs from the sheet (seed 001: the Inherent Accuracy table L615-626, the Range
Table L674-697, the gun criticals L7-10, the Weapons Listing L197-250)."""

from __future__ import annotations

from typing import Any

import pytest

from pycore.errors import RuleError
from pycore.store.sections import SectionError, read_section
from pycore.systems.aftermath.attack import weapon_form, worksheet
from pycore.systems.aftermath.campaign import campaign
from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.sheet.sheet import add_skill, merged, new_sheet, set_field

RIFLE = {
    "name": "Hunting rifle",
    "kind": "gun",
    "gun": "long_gun|Rifle",
    "skill": "Rifle",
    "ammo": "long gun:308 (7.62mm NATO)",
}


def _ana() -> dict[str, Any]:
    sheet = add_skill(add_skill(new_sheet("Ana"), "Pistol", "9"), "Rifle", "14")
    return arms.add_weapon(sheet, RIFLE)


def test_a_rifle_sets_up_its_skill_row_accuracy_and_critical() -> None:
    """L683: a rifle fires on the Long Gun Rifle row; L624: Inherent Accuracy +4; L9: its
    critical is the Rifle row (+2D10 BDG); the BCS is the sheet's Rifle skill (AFT-M01)."""
    setup = arms.attack_setup(_ana(), "hunting rifle")
    assert (setup.mode, setup.skill, setup.base_bcs) == ("missile", "Rifle", 14)
    assert (setup.range_row, setup.critical_row, setup.ready) == ("Long Gun Rifle", "rifle", True)
    form = {**weapon_form.form_for(setup, "missile"), "meters": "20"}  # typed: none is assumed
    target = set_field(new_sheet("Bo"), "derived.cda", "1")
    found = worksheet.preview(
        worksheet.Setup("missile", _ana(), target, form, campaign({}), moment(1, 1))
    )
    # 20 m on the rifle row is its SHT step (over 10, up to 30: L683), BCS +1 (L692)
    assert str(found.total) == (
        "BCS 14 + range SHT +1 + Inherent Accuracy +4 + target stationary (CDA 1 × 1) −1 = 18"
    )


@pytest.mark.parametrize(
    ("gun", "row", "crit"),
    [
        ("pistol|STD", "Pistol STD", "pistol"),  # L679, L8
        ("pistol|SNUB", "Pistol SNUB", "pistol"),  # L677
        ("long_gun|Carbine", "Long Gun Carbine", "rifle"),  # L682
        ("shotgun|Slug", "Shotgun Slug Load", None),  # L687; no shotgun critical row (AFT-M39)
    ],
)
def test_each_gun_fires_on_its_own_range_row(gun: str, row: str, crit: str | None) -> None:
    sheet = arms.add_weapon(_ana(), {"name": "G", "kind": "gun", "gun": gun, "skill": "Pistol"})
    setup = arms.attack_setup(sheet, "G")
    assert (setup.range_row, setup.critical_row, setup.base_bcs) == (row, crit, 9)


def test_a_shot_gun_and_an_smg_wait_for_what_the_book_does_not_give() -> None:
    """L688-691: a shot load's row is its choke; L686: the SMG has a row but no accuracy."""
    sheet = arms.add_weapon(_ana(), {"name": "S", "kind": "gun", "gun": "shotgun|Shot"})
    sheet = arms.add_weapon(sheet, {"name": "M", "kind": "gun", "gun": "smg|SMG", "skill": "Rifle"})
    shot = arms.attack_setup(sheet, "S")
    assert shot.range_row is None and not shot.ready
    assert any("choke" in w for w in shot.waits_for)
    assert any("skill S is used with" in w for w in shot.waits_for)
    smg = arms.attack_setup(sheet, "M")
    assert smg.range_row == "Autofire SMG"
    assert any("Inherent Accuracy" in w for w in smg.waits_for)


def test_the_skill_is_found_by_name_not_by_its_place_in_the_list() -> None:
    """Removing the skill before Rifle must not hand the rifle the Pistol BCS."""
    sheet = _ana()
    sheet = {**sheet, "skills": [s for s in sheet["skills"] if s["name"] != "Pistol"]}
    assert arms.attack_setup(sheet, "Hunting rifle").base_bcs == 14
    sheet = {**sheet, "skills": [{"name": "Brawl", "bcs": 5}, *sheet["skills"]]}
    assert arms.attack_setup(sheet, "Hunting rifle").base_bcs == 14


def test_a_missing_skill_is_asked_never_a_default_bcs() -> None:
    sheet = {**_ana(), "skills": [{"name": "Pistol", "bcs": 9}]}
    setup = arms.attack_setup(sheet, "Hunting rifle")
    assert setup.base_bcs is None
    assert setup.waits_for[0].startswith("the skill 'Rifle' (Hunting rifle is used with it)")
    assert "not on Ana's sheet" in setup.waits_for[0]
    form = weapon_form.form_for(setup, "missile")
    assert form["bcs"] == "" and form["skill"] == "Rifle"
    target = new_sheet("Bo")
    with pytest.raises(RuleError, match="Base BCS: choose the attacker's skill, or type it"):
        worksheet.preview(
            worksheet.Setup("missile", sheet, target, form, campaign({}), moment(1, 1))
        )


def test_two_skills_of_one_name_are_refused_and_an_old_pair_is_asked() -> None:
    with pytest.raises(RuleError, match="already on this sheet"):
        add_skill(_ana(), "Rifle", "3")
    sheet = {**_ana(), "skills": [{"name": "Rifle", "bcs": 14}, {"name": "Rifle", "bcs": 3}]}
    setup = arms.attack_setup(sheet, "Hunting rifle")
    assert setup.base_bcs is None and "two different BCS" in setup.waits_for[0]


def test_a_weapon_is_checked_field_by_field() -> None:
    with pytest.raises(arms.WeaponError) as info:
        arms.add_weapon(
            _ana(), {"name": "hunting RIFLE", "kind": "gun", "gun": "x", "skill": "Bow"}
        )
    assert set(info.value.problems) == {"name", "gun", "skill"}
    assert info.value.problems["name"] == "Weapon name 'hunting RIFLE' is already on this sheet"
    assert "Gun 'x' is unknown" in info.value.problems["gun"]
    assert "Skill 'Bow' is not on this sheet" in info.value.problems["skill"]
    problems = arms.weapon_problems(_ana(), {"name": "K", "kind": "hand", "listed": "Lightsaber"})
    assert problems["listed"].startswith("Weapon from the listing: weapon 'Lightsaber' is not")
    assert arms.weapon_problems(_ana(), {"name": "K", "kind": "bow"})["kind"].startswith(
        "Kind 'bow'"
    )


def test_edit_and_remove_go_by_the_weapons_name() -> None:
    sheet = arms.edit_weapon(_ana(), "Hunting rifle", {**RIFLE, "gun": "long_gun|Carbine"})
    assert arms.attack_setup(sheet, "Hunting rifle").range_row == "Long Gun Carbine"
    assert arms.remove_weapon(sheet, "HUNTING rifle")["weapons"] == []
    with pytest.raises(RuleError, match="Ana has no weapon named 'Bow'"):
        arms.remove_weapon(sheet, "Bow")


def test_version_1_saves_load_with_their_weapons_as_records() -> None:
    """The codec's migration 1 → 2: a listing name becomes a hand weapon with no skill chosen;
    a sheet without weapons loads with an empty list."""
    old = {
        "schema": 1,
        "characters": [
            {"name": "Ana", "weapons": ["Sword, machete", "Pitchfork"]},
            {"name": "Bo"},
        ],
        "combat": {"attacker": 0, "target": 1, "mode": "missile"},
    }
    new = read_section("aftermath", None, old)
    # and on: version 3 moved the logs' rules out of their words, versions 4 and 5 named fractures
    assert new["schema"] == 5
    assert new["characters"][1]["weapons"] == []
    ana = new["characters"][0]
    assert [w["name"] for w in ana["weapons"]] == ["Sword, machete", "Pitchfork"]
    assert ana["weapons"][0] == arms.legacy_weapon("Sword, machete")
    assert not arms.attack_setup(ana, "Pitchfork").ready  # its skill is asked
    assert read_section("aftermath", 2, new) == new
    assert merged({"weapons": ["Club"]})["weapons"][0]["kind"] == "hand"


def test_a_version_2_weapon_of_an_unknown_kind_is_refused_by_the_codec() -> None:
    bad = {"schema": 2, "characters": [{"weapons": [{"name": "X", "kind": "laser"}]}]}
    with pytest.raises(SectionError, match=r"characters\[0\]\.weapons\[0\]\.kind"):
        read_section("aftermath", None, bad)
