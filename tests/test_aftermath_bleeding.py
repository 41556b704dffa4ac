"""The bleeding path played to its end (AFT-25, 001 line 32): a called critical whose Critical
Effect is Lethal to a limb severs it (001 lines 36-37: "To a limb: Automatic Sever"); the Sever
"will cause the character to bleed to death in a number of Combat Turns equal to the
character's Health Group plus 1D6 unless cauterized or bandaged". The countdown is asked by its
name when the dice are typed, kept on the target's sheet, and when the clock passes its end the
fighter is dead (a GM's play-through: the timer ran out and the fighter went on without it)."""

from __future__ import annotations

from typing import Any

import pytest
from test_aftermath_attack_lifetime import _fighter

from pycore.dice import typed_dice
from pycore.errors import DiceError, RuleError
from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath import saved
from pycore.systems.aftermath.attack import bind
from pycore.systems.aftermath.conditions import Condition, moment
from pycore.systems.aftermath.sheet import sheet as core

MACHETE = {"name": "Machete", "kind": "hand", "listed": "Sword, machete", "skill": "Knife"}


def _bo() -> dict[str, Any]:
    """Bo: Health 24 (Group 3, 001 line 365-366: 15-24), Health AST 10 and CST 4."""
    bo = _fighter("Bo")
    for key, value in (("attr.HLH", "24"), ("ast.HLH", "10"), ("cst.HLH", "4")):
        bo = core.set_field(bo, key, value)
    return bo


def _severed() -> tuple[F.Fight, F.Done]:
    """Cy's machete hits Bo's arm (typed 2; D100 80: locations 29/30, split 60: 30); the GM
    gives Damage Potential 15, then calls the critical: Enhancement D20 18 (+3 to WDM, 001
    line 10), Damage Potential 18 against AV 0, Critical Effect D100 90 + 18 = 108: Lethal
    (001 lines 13, 17-20); Bo's save to lower it, 15 against AST 10, fails (001 line 39)."""
    fight = F.fight_from_json({"characters": [_fighter("Cy", MACHETE), _bo()]})
    fight, _ = F.pick_combatant(fight, "attacker", 1)
    fight, _ = F.pick_combatant(fight, "attacker", 0)
    for typed in ("2", "80", "60"):
        fight, _ = F.attack(fight, F.typed_roll(typed))
    fight, _ = F.give_answer(F.set_answer(fight, "15")[0])
    assert bind.wounds(fight.characters[1]).taken == 15
    fight, _ = F.call_critical(fight)
    fight, _ = F.attack(fight, F.typed_roll("18"))
    fight, _ = F.give_answer(F.set_answer(fight, "18")[0])
    for typed in ("90", "15"):
        fight, _ = F.attack(fight, F.typed_roll(typed))
    assert fight.pending is not None
    # Named, with its dice: Health Group 3 + 1D6 (a play-through was asked "the next roll").
    assert fight.pending["what"] == "bleeding: Combat Turns to bleed to death (1D6+3)"
    return F.attack(fight, F.typed_roll("7"))  # 1D6 4 + 3: the total typed


def _bleeding(fight: F.Fight) -> list[dict[str, Any]]:
    return [c for c in fight.characters[1]["conditions"] if c["name"] == "Bleeding to death"]


def test_aft_25_a_lethal_arm_is_severed_and_bleeds_for_health_group_plus_1d6_turns() -> None:
    fight, result = _severed()
    assert isinstance(result, F.Attacked), fight.pending
    steps = result.details["steps"]
    assert "Critical Effect: D100 90 + Damage Done 18 = 108 (over 100: last row) → Lethal" in steps
    assert "Sever: automatic Sever (Lethal to a limb: no roll)" in steps
    assert bind.wounds(fight.characters[1]).taken == 18  # the critical's, not 15 + 18
    # 7 Combat Turns from turn 1, phase 1, counted as a Daze is (001 line 22): until after
    # the same phase of the seventh turn on.
    assert [(c["start"], c["until"]) for c in _bleeding(fight)] == [([1, 1], [8, 1])]


def test_aft_25_the_fighter_bleeds_to_death_when_the_countdown_runs_out() -> None:
    fight, _ = _severed()
    for _ in range(7):
        fight, done = F.next_combat_turn(fight)
        assert not isinstance(done, F.Noted), done.text
    assert fight.now == moment(8, 1) and bind.refusal(fight.characters[1], fight.now) == ""
    dead, done = F.next_action_phase(fight)
    assert (
        isinstance(done, F.Noted)
        and done.undo == "Next Action Phase (turn 8, phase 2); Bo bleeds to death"
    )
    assert done.step.public == "Bo bleeds to death" and "AFT-25" in done.step.rules
    assert done.text.startswith("turn 8, phase 2 · Bo bleeds to death")
    assert "severed location 30" in done.text and "ran out after turn 8, phase 1" in done.text
    assert bind.refusal(dead.characters[1], dead.now).startswith(
        "Bo is dead (from turn 8, phase 2)"
    )
    # Saved and read back (a reload) he is still dead; the clock going on does not kill him twice.
    assert F.fight_from_json(F.fight_to_json(dead)) == dead
    later, again = F.next_combat_turn(dead)
    assert not isinstance(again, F.Noted)
    assert [c["name"] for c in later.characters[1]["conditions"]].count("Dead") == 1


def test_aft_25_a_jump_of_a_whole_combat_turn_past_the_end_kills_him_at_its_phase() -> None:
    fight, _ = _severed()
    for _ in range(7):
        fight, _ = F.next_combat_turn(fight)
    fight, _ = F.next_action_phase(fight)  # turn 8, phase 2: dead
    undone, _ = _severed()
    for _ in range(8):  # straight to turn 9, phase 1 by Combat Turns
        undone, done = F.next_combat_turn(undone)
    assert isinstance(done, F.Noted)
    dead = [c for c in undone.characters[1]["conditions"] if c["name"] == "Dead"]
    assert [c["start"] for c in dead] == [[8, 2]]


def test_aft_25_bandaged_he_does_not_die() -> None:
    """Bandaging or cauterizing (a First Aid BCS roll, a Health AST) is the GM's: he takes the
    condition off the sheet, and the countdown is over."""
    fight, _ = _severed()
    bo = dict(fight.characters[1])
    bo["conditions"] = [c for c in bo["conditions"] if c["name"] != "Bleeding to death"]
    fight = F.fight_from_json({**F.fight_to_json(fight), "characters": [fight.characters[0], bo]})
    for _ in range(10):
        fight, done = F.next_combat_turn(fight)
        assert not isinstance(done, F.Noted)
    assert bind.refusal(fight.characters[1], fight.now) == ""


def test_aft_25_death_is_recorded_when_his_sheet_is_full_of_conditions() -> None:
    """A dying fighter whose sheet holds as many conditions as it may (40) still dies when his
    countdown runs out: "Dead" is outside the cap (the cap refused it, and with it the clock's
    move), the saved sheet keeps it, and he dies once."""
    fight, _ = _severed()
    bo = core.merged(dict(fight.characters[1]))
    while len(bo["conditions"]) < core.MAX_CONDITIONS:
        bo = core.add_condition(bo, "system_shock", moment(1, 1))
    full = F.fight_from_json({**F.fight_to_json(fight), "characters": [fight.characters[0], bo]})
    for _ in range(8):
        full, done = F.next_combat_turn(full)
    assert isinstance(done, F.Noted) and "Bo bleeds to death" in done.undo
    names = [c["name"] for c in full.characters[1]["conditions"]]
    assert len(names) == core.MAX_CONDITIONS + 1 and names[-1] == "Dead"
    saved.SHEET.check(full.characters[1], ())  # the saved section takes it
    again = core.with_conditions(
        full.characters[1], (Condition("Dead", moment(9, 1), None, "AFT-26", "again"),)
    )
    assert [c["name"] for c in again["conditions"]].count("Dead") == 1


def test_aft_25_a_compound_fracture_recorded_by_hand_bleeds_and_kills_as_a_sever() -> None:
    """001 lines 32-34: a compound fracture "bleeds to death as for a normal Sever", in Health
    Group + 1D6 Combat Turns. Recorded by hand on Bo (Health 24: Group 3) with the die typed, a
    4: 1D6 4 + 3 = 7 Combat Turns from turn 1, phase 1, the countdown an attack's fracture
    records; when it runs out he is dead (it had no countdown: "the time is yours to keep")."""
    bo = core.add_condition(
        _bo(), "compound_fracture", moment(1, 1), typed_dice("1d6", "4", "the D6 rolled")
    )
    added = [(c["name"], c["start"], c["until"]) for c in bo["conditions"]]
    assert added == [
        ("Compound fracture", [1, 1], None),
        ("Bleeding to death", [1, 1], [8, 1]),
    ]
    assert bo["conditions"][1]["note"] == (
        "compound fracture recorded by hand, 1D6+3 (4) + 3 = 7 Combat Turns; "
        "dies when this ends unless bandaged"
    )
    fight = F.fight_from_json({"characters": [_fighter("Cy", MACHETE), bo]})
    for _ in range(7):
        fight, done = F.next_combat_turn(fight)
        assert not isinstance(done, F.Noted), done.text
    fight, done = F.next_action_phase(fight)
    assert isinstance(done, F.Noted) and "Bo bleeds to death" in done.undo
    assert "compound fracture recorded by hand" in done.text
    assert bind.refusal(fight.characters[1], fight.now).startswith("Bo is dead")


def test_aft_25_a_compound_fracture_by_hand_takes_the_die_typed_1_to_6_only() -> None:
    """The die is a D6: a 7 is refused naming the roll and what the die can show; without a
    die nothing is recorded (the core picks no number)."""
    for typed in ("7", "0"):
        with pytest.raises(
            DiceError, match=f"the D6 rolled: a die from 1 to 6 cannot show {typed}"
        ):
            core.add_condition(
                _bo(), "compound_fracture", moment(1, 1), typed_dice("1d6", typed, "the D6 rolled")
            )
    with pytest.raises(RuleError) as refused:
        core.add_condition(_bo(), "compound_fracture", moment(1, 1))
    assert str(refused.value) == (
        "Compound fracture: its bleeding needs a die (1D6+3 Combat Turns)"
    )


def test_aft_26_the_severed_arm_is_its_own_condition_and_stays_once_bandaged() -> None:
    """001 line 37: Lethal to a limb is an automatic Sever; line 32: bandaging stops the
    bleeding, not the loss of the arm (a GM's play-through: the Sever vanished with it)."""
    from pycore.dice import TypedRolls
    from pycore.systems.aftermath.treat import bandage

    fight, _ = _severed()
    names = [c["name"] for c in fight.characters[1]["conditions"]]
    assert "Severed arm (location 30)" in names and "Bleeding to death" in names
    done = bandage(fight.characters[1], fight.now, 12, TypedRolls(["3"]), by="Cy")
    assert [c["name"] for c in done.sheet["conditions"]] == ["Severed arm (location 30)"]
    lost = Condition("Severed arm (location 30)", moment(1, 1), None, "AFT-25, AFT-26")
    assert str(lost) == "Severed arm (location 30) from turn 1, phase 1 for good"
