"""A GM's tablet: an attacker with one skill and no weapons on his sheet fired with an empty
skill and Base BCS, and the skill he chose for one shot was gone at the next. FIGHT.md's first
law: a value the GM did not set in this attack is derived from the sheets, never remembered.
The sheet's only skill is what it gives (AFT-M01: the BCS is the sheet's); several skills leave
the choice to the GM, as before."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.vdom import find_all
from test_aftermath_fight_set_up import _target
from test_aftermath_pages import fresh, send

from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack import worksheet_forms
from pycore.systems.aftermath.sheet.sheet import add_skill, new_sheet


def test_the_one_skill_of_a_weaponless_attacker_fills_every_form() -> None:
    ana = add_skill(new_sheet("Ana"), "Pistol", "11")
    fight = F.fight_from_json({"characters": [ana, _target()], "combat": {}})
    for mode in worksheet_forms.MODES:
        assert (fight.forms[mode]["skill"], fight.forms[mode]["bcs"]) == ("Pistol", 11), mode
    # The next attack derives it again: it is the sheet's, not the last attack's.
    fight, _ = F.set_field(fight, "missile", "meters", "10")
    shot, done = F.attack(fight, F.roll_for_me("s1"))
    assert shot.pending is None and "Ana → Dee" in str(done)  # the shot was made and applied
    assert (shot.forms["missile"]["skill"], shot.forms["missile"]["bcs"]) == ("Pistol", 11)


def test_two_skills_and_no_weapon_leave_the_choice_to_the_gm() -> None:
    ana = add_skill(add_skill(new_sheet("Ana"), "Pistol", "11"), "Rifle", "14")
    fight = F.fight_from_json({"characters": [ana, _target()], "combat": {}})
    assert (fight.forms["missile"]["skill"], fight.forms["missile"]["bcs"]) == ("", "")
    chosen, _ = F.set_field(fight, "missile", "skill", "Rifle")
    assert chosen.forms["missile"]["bcs"] == 14


def test_the_page_shows_the_one_skill_chosen_and_its_bcs() -> None:
    model = send(
        fresh(),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Ana"),
        ("aftermath.char_draft", "skill_name", "Pistol"),
        ("aftermath.char_draft", "skill_bcs", "11"),
        ("aftermath.char_add_skill",),
        ("aftermath.char_new", "character"),
        ("aftermath.char_field", "name", "Bo"),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "0"),
        ("aftermath.cbt_pick", "target", "1"),
    )
    view = shell.view(model)
    picked = [
        o.attr("value")
        for o in find_all(view, "aft-missile-skill")[0].children
        if not isinstance(o, str) and o.attr("selected") not in (None, "false")
    ]
    assert picked == ["Pistol"]
    assert find_all(view, "aft-missile-bcs")[0].attr("value") == "11"
