"""The fight's set-up rules on the code the app runs (``fight.turns.pick_combatant``,
``fight.form.choose_weapon``; issue 30 item 5: one place per rule). FIGHT.md: changing the
attacker or the weapon re-derives every field from the sheets, nothing kept from the previous
combatant; switching the attacker after a fully set-up attack equals a fresh set-up for the new
attacker (a property over random pairs of combatants); the first weapon is the default."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.errors import RulekeeperError
from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack import weapon_form, worksheet_forms
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.sheet.sheet import add_skill, new_sheet, set_field


def test_a_hand_weapon_sets_up_hand_to_hand_and_the_thrown_form() -> None:
    """L218: the listing's throwing knife; its WDM is the hand-to-hand attack's. Chosen during
    a missile attack it turns to hand-to-hand; chosen on the thrown form it stays thrown."""
    sheet = add_skill(new_sheet("Cy"), "Knife", "12")
    sheet = arms.add_weapon(
        sheet, {"name": "Knife", "kind": "hand", "listed": "Knife, throwing", "skill": "Knife"}
    )
    fight = F.fight_from_json({"characters": [sheet, new_sheet("Bo")], "combat": {}})
    assert (fight.mode, fight.weapon) == ("missile", "")
    chosen, _ = F.choose_weapon(fight, "Knife")
    forms = chosen.forms
    assert (chosen.mode, chosen.weapon, forms["hth"]["weapon"]) == (
        "hth",
        "Knife",
        "Knife, throwing",
    )
    assert forms["hth"]["bcs"] == 12 and forms["thrown"]["bcs"] == 12
    assert forms["thrown"]["weapon"] == "Knife, throwing"
    assert forms["missile"] == worksheet_forms.fresh_form("missile")  # no gun to fill it from
    thrown, _ = F.set_mode(fight, "thrown")
    assert F.choose_weapon(thrown, "Knife")[0].mode == "thrown"


SKILLS = st.lists(st.sampled_from(["Pistol", "Rifle", "Knife", "Club"]), max_size=3, unique=True)
GUNS = st.sampled_from([k for k, _ in arms.GUNS])


@st.composite
def fighters(draw: st.DrawFn) -> dict[str, Any]:
    """A sheet with up to three weapons, guns or hand weapons, each with a skill on the sheet,
    none, or one no longer on it ("Gone")."""
    sheet = new_sheet(draw(st.sampled_from(["Ana", "Bo", "Cy"])))
    skills = draw(SKILLS)
    for n, name in enumerate(skills):
        sheet = add_skill(sheet, name, str(draw(st.integers(-5, 20)) + n))
    for n in range(draw(st.integers(0, 3))):
        skill = draw(st.sampled_from(["", "Gone", *skills]))
        if draw(st.booleans()):
            fields = {"name": f"W{n}", "kind": "gun", "gun": draw(GUNS), "skill": skill}
        else:
            listed = draw(st.sampled_from(["Club", "Knife, bowie", "Sword, machete"]))
            fields = {"name": f"W{n}", "kind": "hand", "listed": listed, "skill": skill}
        sheet = arms.add_weapon(
            {**sheet, "skills": [*sheet["skills"], {"name": "Gone", "bcs": 1}]}, fields
        )
        sheet = {**sheet, "skills": [s for s in sheet["skills"] if s["name"] != "Gone"]}
    return sheet


def _target() -> dict[str, Any]:
    """A target whose sheet an attack can be rolled against (CDA, mass, DRT)."""
    sheet = new_sheet("Dee")
    for key, value in (("cda", "1"), ("mass", "2"), ("drt", "40")):
        sheet = set_field(sheet, f"derived.{key}", value)
    return sheet


def _set_up_everything(
    fight: F.Fight, sheet: dict[str, Any], data: st.DataObject, dice: bool = True
) -> F.Fight:
    """Every field the GM can touch, touched: a weapon chosen, a BCS typed and an override
    given; then either dice typed and waiting, or distractions typed, a range set, ticks and
    chips pressed."""
    names = [w["name"] for w in sheet["weapons"]]
    if names:
        fight, _ = F.choose_weapon(fight, data.draw(st.sampled_from(names)))
    for mode in worksheet_forms.MODES:
        fight, _ = F.set_field(fight, mode, "bcs", "17")
    fight, _ = F.set_override(fight, "a reason")
    if dice and data.draw(st.booleans()):
        with contextlib.suppress(RulekeeperError):  # a value asked (the ammunition...)
            rolled, _ = F.attack(fight, F.typed_roll("5"))
            if rolled.pending is not None:  # dice waiting: the attack is under way
                return rolled
    for mode in worksheet_forms.MODES:
        fight, _ = F.set_field(fight, mode, "distractions", "2")
        if "meters" in worksheet_forms.FORMS[mode]:
            fight, _ = F.set_field(fight, mode, "meters", "45")
        fight, _ = F.toggle_chip(fight, mode, "critical_hit")
        # a situation of the form's own table (AFT-08 hand-to-hand, AFT-09 missiles)
        chip = "sit:target_prone" if mode == "hth" else "sit:surprised"
        fight, _ = F.toggle_chip(fight, mode, chip)
    return fight


def _unarmed(sheet: dict[str, Any], mode: str) -> dict[str, Any]:
    """A fresh ``mode`` form with no weapon chosen: his one skill and its BCS when his sheet
    lists one skill and no weapon (FIGHT.md: what the sheet gives), else nothing filled."""
    form = worksheet_forms.fresh_form(mode)
    if len(sheet["skills"]) == 1 and not sheet["weapons"]:
        form["skill"], form["bcs"] = sheet["skills"][0]["name"], sheet["skills"][0]["bcs"]
    return form


def _attack_state(fight: F.Fight) -> tuple[Any, ...]:
    """What the next attack starts from: who, with what, the GM's changes, every form."""
    return (
        fight.attacker,
        fight.target,
        fight.weapon,
        fight.override,
        fight.pending,
        dict(fight.edits),
        fight.ask,
        fight.recall,
        fight.forms,
    )


@given(fighters(), fighters(), st.data())
@settings(max_examples=40, deadline=None)
def test_switching_the_attacker_equals_a_fresh_set_up(
    first: dict[str, Any], second: dict[str, Any], data: st.DataObject
) -> None:
    """FIGHT.md: after a fully set-up attack with A's weapon, B acting gives exactly what B
    acting on a fresh fight gives (no weapon, skill, BCS, chips, ticks or dice of A's): B's
    first weapon chosen and filled from B's sheet alone, or nothing when B has none; choosing
    another of B's weapons then fills only what B's sheet says."""
    chars = [first, second, _target()]
    fresh = F.fight_from_json({"characters": chars, "combat": {"attacker": 0, "target": 2}})
    fresh, _ = F.pick_combatant(fresh, "attacker", 1)
    start = F.fight_from_json({"characters": chars, "combat": {"attacker": 1, "target": 2}})
    start, _ = F.pick_combatant(start, "attacker", 0)
    used = _set_up_everything(start, first, data)
    switched, _ = F.pick_combatant(used, "attacker", 1, drop=True)  # the GM dropped A's attack
    assert _attack_state(switched) == _attack_state(fresh)
    own = second["weapons"]
    if own:  # the first weapon is the default: its attack, its skill and BCS
        assert switched.weapon == own[0]["name"]
        assert switched.mode == ("missile" if own[0]["kind"] == "gun" else "hth")
        setup = arms.attack_setup(second, own[0]["name"])
        for mode in worksheet_forms.MODES:
            filled = (mode == "missile") == (setup.mode == "missile")
            expected = (
                weapon_form.form_for(setup, mode) if filled else worksheet_forms.fresh_form(mode)
            )
            assert switched.forms[mode] == expected, mode
    else:  # no weapon: every form fresh but for his one skill (the attack kind stays the GM's)
        assert switched.weapon == ""
        for mode in worksheet_forms.MODES:
            assert switched.forms[mode] == _unarmed(second, mode), mode
    for w in own:
        mine, _ = F.choose_weapon(switched, w["name"])
        theirs, _ = F.choose_weapon(fresh, w["name"])
        assert (mine.mode, _attack_state(mine)) == (theirs.mode, _attack_state(theirs))
        bcs = arms.skill_bcs(second, w["skill"]) if w["skill"] else None
        assert mine.forms[mine.mode]["bcs"] == ("" if bcs is None else bcs)
        assert mine.forms[mine.mode]["skill"] == w["skill"]


@given(fighters(), st.data())
@settings(max_examples=20, deadline=None)
def test_a_new_target_keeps_the_weapon_and_re_derives_its_forms(
    sheet: dict[str, Any], data: st.DataObject
) -> None:
    """FIGHT.md: a new target keeps the attack under way (the weapon, the kind of attack, what
    the GM changed in it) and derives the rest again: the range is the one known between the
    attacker and the new target, not the one set for the previous target."""
    chars = [sheet, _target(), _target()]
    start = F.fight_from_json({"characters": chars, "combat": {"attacker": 2, "target": 1}})
    start, _ = F.pick_combatant(start, "target", 2)
    start, _ = F.pick_combatant(start, "attacker", 0)
    start, _ = F.set_field(start, "missile", "meters", "70")  # known between Ana and the new one
    start, _ = F.pick_combatant(start, "target", 1)
    used = _set_up_everything(start, sheet, data, dice=False)
    assert used.edits and used.forms["missile"]["meters"] == "45"
    moved, _ = F.pick_combatant(used, "target", 2)
    assert (moved.attacker, moved.target, moved.ask) == (0, 2, None)
    assert (moved.weapon, moved.mode, moved.override) == (used.weapon, used.mode, used.override)
    assert moved.edits == used.edits
    setup = arms.attack_setup(sheet, used.weapon) if used.weapon else None
    for mode in worksheet_forms.MODES:
        if setup is None:
            expected = _unarmed(sheet, mode)
        elif (mode == "missile") == (setup.mode == "missile"):
            expected = weapon_form.form_for(setup, mode)
        else:
            expected = worksheet_forms.fresh_form(mode)
        if "meters" in expected:
            expected["meters"] = "70"
        assert moved.forms[mode] == {**expected, **used.edits.get(mode, {})}, mode
