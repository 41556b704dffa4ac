"""A GM's play-through: a new attack line's skill started at 10 (a whole-number field cannot
start blank), and a GM who forgot to set it rolled against 10 silently. FIGHT.md: a value the
GM did not set is never a default that looks like a rule. The sheet names no skill per weapon
to take it from (one weapon skill, for the sheet's own weapon), so a new line's skill is not set
until typed: clearly marked on the sheet, the line not offered to attack with (the tracker's
step and the Attack tab say why, naming the field), the core refusing it in words."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.attacks import added_line, edited_line
from pycore.systems.gurps.fight.hands import after_ready
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.sheet import Combatant, combatant_from_json, combatant_to_json, own_parry
from pycore.systems.gurps.worksheet import AttackSetup, preview

SAID = "Attack 2: no skill on Bo's sheet yet: type its Skill under Other attacks."


def _bo() -> Combatant:
    bo = added_line(
        Combatant(id="b", name="Bo", weapon="Longbow", attack_kind="bow", maneuver="Attack")
    )
    return edited_line(edited_line(bo, 0, "damage", "1d-1"), 0, "damage_type", "cut")


def test_a_new_line_has_no_skill_until_typed() -> None:
    bo = _bo()
    assert bo.more_attacks[0].skill is None
    with pytest.raises(RuleError, match=SAID):
        preview(bo, Combatant(), AttackSetup(line=1))
    assert edited_line(bo, 0, "skill", "").more_attacks[0].skill is None  # left blank
    typed = edited_line(bo, 0, "skill", "12")
    assert typed.more_attacks[0].skill == 12
    assert preview(typed, Combatant(), AttackSetup(line=1)).line.total == 12
    with pytest.raises(RuleError):  # once set, a blank is no skill
        edited_line(typed, 0, "skill", "")
    # saved and read back as not set
    assert combatant_from_json(combatant_to_json(bo)).more_attacks[0].skill is None


def test_the_core_offers_and_rolls_no_line_without_its_skill() -> None:
    bo, ana = _bo(), Combatant(id="a", name="Ana")
    fight = Fight((bo, ana))
    assert gf.lines_now(fight, bo) == (0,)
    assert gf.skill_withheld(bo) == SAID
    with pytest.raises(RuleError, match=SAID):
        gf.attack(fight, "b", "a", AttackSetup(line=1), lambda a, b: 3)
    with pytest.raises(RuleError, match=SAID):  # nor drawn with Ready: its parry unknown
        ready = replace(bo, maneuver="Ready")
        gf.ready_weapon(after_ready(Fight((ready, ana)), ready), "b", 1)
    assert own_parry(bo) is None  # the bow parries not; the knife's skill is not known


def _bo_adds_a_knife(skill: str = "") -> Model:
    model = fight_started()  # Bo (g2) acts first
    for name, value in {"weapon": "Longbow", "damage": "1d+2", "damage_type": "imp"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(model, "gurps.field", "g2", "attack_kind", "bow")
    model = send(model, "gurps.line_add", "g2")
    line = {"name": "Knife", "damage": "1d-2", "damage_type": "cut", "skill": skill}
    for name, value in line.items():
        if value:
            model = send(model, "gurps.line_field", "g2", "0", name, value)
    return send(model, "gurps.maneuver", "Attack", "")


def test_the_sheet_marks_the_skill_not_set() -> None:
    model = send(send(_bo_adds_a_knife(), "gurps.tab", "combatants"), "gurps.select", "g2")
    assert texts(model, "gurps-line-0-skill-hint") == [
        "not set yet: type it; this line can attack once it is"
    ]


def test_the_tracker_and_the_tab_say_the_skill_is_not_set() -> None:
    said = "Knife: no skill on Bo's sheet yet: type its Skill under Other attacks."
    model = _bo_adds_a_knife()
    assert texts(model, "gurps-fight-no-skill") == [said]
    assert texts(model, "gurps-fight-line-1") == []  # not offered
    tab = send(model, "gurps.tab", "attack")
    assert texts(tab, "gurps-attack-no-skill") == [said]
    picked = send(tab, "gurps.attack_form", "line", "1")  # an old form's pick
    assert texts(picked, "gurps-attack-unready") == [said]
    rolled = send(picked, "gurps.attack_roll", seed="r")
    assert fight_of(rolled).pending is None and fight_of(rolled).attacks == 0
    typed = _bo_adds_a_knife("12")
    assert texts(typed, "gurps-fight-no-skill") == []
    # Its skill typed, it is offered: drawn with a Ready, one tap, while the longbow is in his
    # hand (004 line 95); never before (its parry would be read from no skill).
    assert texts(model, "gurps-fight-ready-offers") == []
    assert texts(typed, "gurps-fight-ready-offers") == ["Ready Knife"]
