"""The Aftermath! fight as a value (FIGHT.md): the Combat tab's actions as transitions
``fight, result = step(fight, ...)``, tested without the page. A missile attack rolled from a
seed and written to the sheets (AFT-57, the BCS roll AFT-03: 1D20 under the BCS, 001 lines
45-75; bullets' damage lines 649-650); a Stunned attacker refused and the GM's override logged
with its reason (001 line 24, AFT-22); the clock moving past a Stun's last Action Phase (AFT-55);
the fight read back from what it writes (the saved section's shape)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.errors import DiceError, RuleError, RulekeeperError
from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.attack import bind
from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.sheet import sheet as core


def _section(attacker: dict[str, Any] | None = None, **combat: Any) -> dict[str, Any]:
    ana = attacker or core.new_sheet("Ana")
    bo = core.set_field(core.new_sheet("Bo"), "derived.cda", "1")
    return {"characters": [ana, bo], "combat": {"missile": {"bcs": 15, "meters": "20"}, **combat}}


def _damage(sheet: dict[str, Any]) -> int:
    return int(core.merged(sheet)["damage"]["lethal"] or 0)


def test_aft_57_a_missile_attack_rolled_from_a_seed_is_applied_and_logged() -> None:
    """001 lines 45-75 and 649-650: seed "3" hits (1D20 ≤ BCS 15) and its bullet does 5 points
    past Bo's armor; the damage is on Bo's sheet, the log says so, the form's own is cleared."""
    fight = F.fight_from_json(_section(override=""))
    done, result = F.attack(fight, F.roll_for_me("3"))
    assert isinstance(result, F.Attacked) and result.undo == "Attack: Ana → Bo"
    assert result.details["seed"] == "3" and result.step.public == "Ana → Bo (missile) → hit"
    assert result.step.text.startswith("turn 1, phase 1 · Ana → Bo (missile): hit")
    assert result.details["applied"] == ["5 Lethal damage"] and "AFT-03" in result.step.rules
    assert _damage(dict(done.characters[1])) == _damage(dict(fight.characters[1])) + 5
    assert done.pending is None and done.override == ""
    # The same seed is the same attack: the transition is a pure function of the fight.
    again, _ = F.attack(fight, F.roll_for_me("3"))
    assert again == done and fight.log == ()


def test_aft_03_the_same_attack_typed_die_by_die_waits_then_applies() -> None:
    """AFT-03: with the user's dice the attack waits for each roll, named, and writes nothing
    until the last one; a roll the dice cannot show is refused beside the dice."""
    fight = F.fight_from_json(_section())
    with pytest.raises(DiceError, match="roll 1"):
        F.attack(fight, F.typed_roll("21"))
    answers = {"1d20": "5", "1d100": "50"}
    fight, result = F.attack(fight, F.typed_roll("5"))
    while fight.pending is not None:
        assert result.undo == "Attack dice: Ana → Bo" and fight.characters[1]["name"] == "Bo"
        typed = F.typed_roll(answers.get(fight.pending["wants"], "2"))
        fight, result = F.attack(fight, typed)
    assert isinstance(result, F.Attacked) and result.undo == "Attack: Ana → Bo"
    assert result.details["typed"][0] == "5"


def test_aft_22_a_stunned_attacker_is_refused_unless_the_gm_overrides() -> None:
    """001 line 24: a Stunned character "may not initiate any attacks or fire any weapons"; the
    refusal is a result beside "Roll for me" and nothing changes; the GM's reason is the
    attack's first logged step (AFT-F2) and is then cleared."""
    mara = core.add_condition(core.new_sheet("Mara"), "stunned", moment(1, 3))
    fight = F.fight_from_json(_section(mara, phase=5))
    with pytest.raises(RuleError, match="Mara is Stunned"):
        F.attack(fight, F.roll_for_me("3"))
    fight, _ = F.set_override(fight, "  a reflex shot  ")
    assert fight.override == "a reflex shot"
    done, result = F.attack(fight, F.roll_for_me("3"))
    assert isinstance(result, F.Attacked) and result.undo
    assert "the GM allows it: a reflex shot" in result.details["steps"][0]
    assert done.override == ""


def test_aft_55_the_next_action_phase_ends_the_stun() -> None:
    """AFT-55, 001 line 24: a Stun taken at turn 1, phase 3 holds until after turn 2, phase 3
    (then the trailing Daze); the next Action Phase lifts the ban on attacking."""
    mara = core.add_condition(core.new_sheet("Mara"), "stunned", moment(1, 3))
    fight = F.fight_from_json(_section(mara, turn=2, phase=3))
    assert "Stunned" in bind.refusal(dict(fight.characters[0]), fight.now)
    with pytest.raises(RuleError, match="Stunned"):
        F.attack(fight, F.roll_for_me("3"))
    fight, result = F.next_action_phase(fight)
    assert str(fight.now) == "turn 2, phase 4"
    assert result.undo == "Next Action Phase (turn 2, phase 4)"
    assert bind.refusal(dict(fight.characters[0]), fight.now) == ""
    assert isinstance(F.attack(fight, F.roll_for_me("3"))[1], F.Attacked)
    turned, result = F.next_combat_turn(fight)
    assert str(turned.now) == "turn 3, phase 1" and result.undo == "Next Combat Turn (3)"


def test_the_fight_round_trips_through_the_saved_section() -> None:
    """The page saves what ``fight_to_json`` gives and reads it back: the same fight, unknown keys
    of the worksheet kept as they were (no saved-state change)."""
    fight = F.fight_from_json(_section(phase=7, note={"kept": True}))
    fight, _ = F.attack(fight, F.roll_for_me("3"))
    fight, _ = F.pick_combatant(fight, "target", 1)
    fight, _ = F.set_field(fight, "missile", "bcs", "12")
    saved = F.fight_to_json(fight)
    assert saved["combat"]["note"] == {"kept": True} and saved["combat"]["phase"] == 7
    assert F.fight_from_json(saved) == fight
    assert F.fight_to_json(F.fight_from_json(saved)) == saved
    logged = F.fight_from_json({**saved, "combat": {**saved["combat"], "log": [{"text": "x"}]}})
    assert F.clear_log(logged)[0].log == () and F.drop_pending(fight)[0].pending is None


def test_a_wrong_field_is_refused_in_words_and_the_fight_kept() -> None:
    fight = F.fight_from_json(_section())
    with pytest.raises(RuleError, match="a whole number from -100 to 100"):
        F.set_field(fight, "missile", "bcs", "lots")
    with pytest.raises(RuleError, match="mode 'melee' is unknown"):
        F.toggle_chip(fight, "melee", "dodging")
    with pytest.raises(RuleError, match="turn"):
        F.fight_from_json({"combat": {"turn": [1]}})


WORDS = st.one_of(st.text(max_size=8), st.sampled_from(["missile", "hth", "bcs", "sit:cover"]))


@settings(max_examples=60, deadline=None)
@given(WORDS, WORDS, WORDS, st.integers(-3, 20_000))
def test_every_transition_of_a_real_fight_raises_only_typed_errors(
    a: str, b: str, c: str, n: int
) -> None:
    """The fuzz walk gives the transitions only hostile fights; here a real one, hostile words."""
    fight = F.fight_from_json(_section())
    calls = [
        lambda: F.set_field(fight, a, b, c),
        lambda: F.toggle_chip(fight, a, b),
        lambda: F.clear_chips(fight, a),
        lambda: F.pick_combatant(fight, a, n),
        lambda: F.choose_weapon(fight, a),
        lambda: F.set_mode(fight, a),
        lambda: F.attack(fight, F.roll_for_me(a)),
        lambda: F.attack(fight, F.typed_roll(b)),
        lambda: F.give_answer(F.set_answer(fight, a)[0]),
    ]
    for call in calls:
        with contextlib.suppress(RulekeeperError):
            call()
