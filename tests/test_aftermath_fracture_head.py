"""A compound fracture of the head or neck recorded by hand follows the attack's rule (AFT-25,
001 lines 32 and 34; the reading in rules/aftermath.md AFT-25): it bleeds as printed, or is a
Death Blow when the campaign's setting says so (settings.noncutting_head_sever). The hand path
had no way to say head or neck, so it always bled where an attack's made a Death Blow."""

from __future__ import annotations

import random

from rkweb.app.model import Model
from rkweb.features.aftermath.characters.conditions import CharAddCond, CharAddCondTyped
from test_aftermath_fight_screen import _fight
from test_aftermath_pages import send, texts

from pycore.systems.aftermath.conditions import Moment, fracture_death_blow
from pycore.systems.aftermath.sheet import sheet

AT = Moment(2, 3)


def _names(sheet_: dict[str, object]) -> list[str]:
    conditions = sheet_["conditions"]
    assert isinstance(conditions, list)
    return [c["name"] for c in conditions]


def test_aft_25_the_hand_recorded_head_fracture_is_a_death_blow_by_the_setting() -> None:
    bo = sheet.new_sheet("Bo")
    blow = sheet.add_condition(bo, "compound_fracture_head", AT, head_is_death_blow=True)
    assert _names(blow) == ["Compound fracture", "Death Blow"]
    # the Death Blow an attack's compound fracture of the head makes (attack/effect_steps.py)
    assert sheet.condition_from_json(blow["conditions"][1]) == fracture_death_blow(AT, True, True)
    assert "Bleeding to death" not in _names(blow)  # no countdown, no die asked


def test_aft_25_the_hand_recorded_head_fracture_bleeds_as_printed() -> None:
    """The setting's default ("bleeds"), and any fracture not at the head or neck."""
    bo = sheet.new_sheet("Bo")
    bleeds = sheet.add_condition(bo, "compound_fracture_head", AT, random.Random(1))
    assert _names(bleeds) == ["Compound fracture", "Bleeding to death"]
    limb = sheet.add_condition(
        bo, "compound_fracture", AT, random.Random(1), head_is_death_blow=True
    )
    assert _names(limb) == ["Compound fracture", "Bleeding to death"]
    assert fracture_death_blow(AT, True, False) is None
    assert fracture_death_blow(AT, False, True) is None


def _head_picked(setting: str) -> Model:
    return send(
        _fight(),
        ("aftermath.tab", "settings"),
        ("aftermath.set_field", "noncutting_head_sever", setting),
        ("aftermath.tab", "characters"),
        ("aftermath.char_select", 1),
        ("aftermath.char_draft", "condition", "compound_fracture_head"),
    )


def test_aft_25_the_conditions_card_records_a_head_fracture_as_the_setting_says() -> None:
    """By the setting "A Death Blow" the card asks no die: "Add condition" records the fracture
    and the Death Blow, and says why before the tap."""
    model = _head_picked("death_blow")
    assert texts(model, "aft-conditions-add") == ["Add condition"]
    assert texts(model, "aft-conditions-die-typed") == []
    assert "a Death Blow" in texts(model, "aft-conditions-fracture")[0]
    assert "a Death Blow by the campaign settings, AFT-25" in texts(model, "aft-conditions-why")[0]
    model = send(model, CharAddCond(1))
    assert _names(model.state["aftermath"]["characters"][1]) == ["Compound fracture", "Death Blow"]
    assert model.history.undo_label == "Compound fracture of the head or neck: Bo"
    # As printed it bleeds: the die is asked, a 5 typed is 5 + 2 Combat Turns.
    model = send(_head_picked("bleeds"), CharAddCondTyped(1, "5"))
    bo = model.state["aftermath"]["characters"][1]
    assert _names(bo) == ["Compound fracture", "Bleeding to death"]
    assert bo["conditions"][1]["until"] == [8, 1]
