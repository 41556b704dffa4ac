"""Issue 28, after a GM's ten Action Phases: numbers a GM could get wrong silently. The damage
taken this Combat Turn (001 line 67) is the fight's, never a chip pressed on top of it; a
shooter who changes target shoots at a newly acquired one (001 line 70, AFT-09), derived from
the fight so far and his to change in this attack; a Knocked Over fighter gets up in one step
(the text gives no cost: the GM's call), logged and undoable; the waiting Health save says what
it waits for once."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_aftermath_attack_lifetime import REVOLVER, _fight, _fighter, _hit
from test_aftermath_rule_data import CITED

from pycore.errors import RuleError
from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack import worksheet


def _modifiers(fight: F.Fight) -> list[str]:
    setup = fight.setup()
    assert setup is not None
    return [str(m) for m in worksheet.preview(setup).total.modifiers]


def _bo_shoots_back() -> F.Fight:
    """Bo, hit for 13 this Combat Turn by Ana, shoots back (any missile form, BCS typed)."""
    fight, _ = _hit(_fight())
    fight, _ = F.next_action_phase(fight)
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.set_mode(fight, "missile")
    fight, _ = F.choose_weapon(fight, "")
    fight, _ = F.set_field(fight, "missile", "bcs", "12")
    return fight


def test_the_damaged_chip_cannot_add_what_the_fight_applies_itself() -> None:
    """The fight applies −7 (Bo took 13) by itself; the chip is refused, so "Damaged in that
    Combat Turn" is counted once, and a chip pressed in an older save adds nothing."""
    fight = _bo_shoots_back()
    damaged = [m for m in _modifiers(fight) if m.startswith("Damaged in that Combat Turn")]
    assert damaged == ["Damaged in that Combat Turn: Bo took 13 this turn, ÷ 2 −7"]
    for mode in ("missile", "thrown"):
        with pytest.raises(RuleError, match="Damaged in that Combat Turn comes from the damage"):
            F.toggle_chip(fight, mode, "sit:damaged")
    old = F.fight_from_json(F.fight_to_json(fight))
    old = F.fight_from_json(
        {
            **F.fight_to_json(old),
            "combat": {
                **F.fight_to_json(old)["combat"],
                "edits": {"missile": {"bcs": 12, "situations": ["damaged"]}},
            },
        }
    )
    assert [m for m in _modifiers(old) if m.startswith("Damaged")] == damaged
    nothing, _ = F.next_combat_turn(old)  # no damage this turn: the pressed chip adds no −0
    assert not [m for m in _modifiers(nothing) if m.startswith("Damaged")]


def _three() -> F.Fight:
    """Ana (rifle and revolver) at Bo, Cy standing by."""
    return _fight()


def test_a_shooter_who_changes_target_shoots_at_a_newly_acquired_one() -> None:
    """001 line 70: "Shooting at a newly acquired target −2". Ana's first shot of the combat
    leaves it to the GM (aftermath.md 6.3: a toggle); once she has shot at Bo, Bo again is not
    newly acquired and Cy is, derived from the fight with its source; the GM may release it in
    this attack; the next attack derives it afresh."""
    fight = _three()
    form = fight.forms["missile"]
    assert (form["new_target"], form["target_source"]) == (False, "")
    pressed, _ = F.toggle_chip(fight, "missile", "sit:new_target")  # the GM's call, first shot
    assert "Shooting at a newly acquired target −2" in _modifiers(pressed)
    fight, _ = _hit(fight)
    assert fight.aimed == {"0": 1}
    form = fight.forms["missile"]
    assert (form["new_target"], form["target_source"]) == (False, "Ana last attacked Bo")
    assert "Shooting at a newly acquired target −2" not in _modifiers(fight)
    fight, _ = F.pick_combatant(fight, "target", 2)
    fight, _ = F.set_field(fight, "missile", "meters", "15")  # none known to Cy yet (AFT-46)
    form = fight.forms["missile"]
    assert (form["new_target"], form["target_source"]) == (True, "Ana last attacked Bo")
    assert "Shooting at a newly acquired target −2" in _modifiers(fight)
    released, _ = F.toggle_chip(fight, "missile", "sit:new_target")  # the GM's, this attack
    assert "Shooting at a newly acquired target −2" not in _modifiers(released)
    assert released.forms["missile"]["new_target"] is False
    cleared, _ = F.clear_chips(fight, "missile")
    assert cleared.forms["missile"]["new_target"] is False
    released = replace(released, phase=2)  # AFT-45: her next shot is her next Action
    shot, _ = F.attack(released, F.roll_for_me("3"))
    assert shot.pending is None and shot.aimed == {"0": 2} and shot.edits == {}
    back, _ = F.pick_combatant(shot, "target", 1)
    assert back.forms["missile"]["new_target"] is True  # Bo is new again after Cy
    assert F.fight_from_json(F.fight_to_json(back)) == back


def test_a_knocked_over_fighter_gets_up_in_one_logged_step() -> None:
    """Knocked Over lasts "for the rest of the combat"; the text gives no cost for getting up
    (its falling rules are in another book): the GM ends it in one step, which the log keeps."""
    fight = _three()
    bo = dict(fight.characters[1])
    bo["conditions"] = [
        {"name": "Knocked Over", "start": [1, 1], "until": None, "rule": "AFT-50"},
        {"name": "Dazed", "start": [1, 1], "until": [2, 1], "rule": "AFT-21"},
    ]
    fight = F.fight_from_json(
        {**F.fight_to_json(fight), "characters": [fight.characters[0], bo, fight.characters[2]]}
    )
    up, done = F.get_up(fight, 1)
    assert [c["name"] for c in up.characters[1]["conditions"]] == ["Dazed"]
    assert isinstance(done, F.Noted) and done.undo == "Bo gets up"
    assert "Knocked Over ends" in done.step.text and "AFT-" not in done.step.text
    assert done.step.public == "Bo gets up"
    with pytest.raises(RuleError, match="Bo is not Knocked Over"):
        F.get_up(up, 1)
    assert "get_up" in F.TRANSITIONS


def test_the_waiting_health_save_says_what_it_waits_for_once() -> None:
    """The waiting step read "...the target's Health AST and CST are not on its sheet, so the
    effect stands — waits for the target's Health AST and CST"."""
    ana = _fighter("Ana", REVOLVER)
    fight = F.fight_from_json({"characters": [ana, _fighter("Bo")]})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    fight, _ = F.set_field(fight, "missile", "meters", "20")
    fight, _ = F.toggle_chip(fight, "missile", "critical_hit")
    waiting, _ = F.attack(fight, F.roll_for_me("4"))
    assert waiting.pending is not None
    shown = [str(s) for s in waiting.pending["steps"] if "Health" in str(s)]
    assert shown and not any(CITED.search(s) for s in shown), shown
    for line in shown:
        assert line.count("Health AST and CST") <= 1, line
        assert "not on its sheet" not in line and "the effect stands" not in line, line
