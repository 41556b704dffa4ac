"""Issue 28 item 4, AFT-50 (001 lines 667-670): knock-back was computed but not finished. Past
effect 1 the target is knocked back 2D3 m and a Deftness saving throw keeps his feet (the
Ability range up to effect 5, the Critical range past 5, AFT-50 reading); past 10 he goes down.
Failing it, he is Knocked Over (a condition on his card). The save is asked by its name."""

from __future__ import annotations

from pycore.dice import TypedRolls
from pycore.dice.typed import DiceWanted
from pycore.systems.aftermath.attack.effect_steps import _stopping_steps
from pycore.systems.aftermath.attack.missile_effects import stopping
from pycore.systems.aftermath.conditions import Condition, moment

AT = moment(2, 4)


def _run(force: int, rolls: list[str], deftness: tuple[int | None, int | None] = (12, 5)):
    conditions: list[Condition] = []
    steps = _stopping_steps(stopping(force, 3), TypedRolls(rolls), deftness, AT, conditions)
    return [str(s) for s in steps], [c.name for c in conditions]


def test_past_effect_5_the_deftness_cst_keeps_his_feet_or_he_is_knocked_over() -> None:
    """Effect 21 ÷ 3 = 7 (D-25): knock-back 2D3 m, a Deftness CST. 15 > CST 5: down."""
    steps, conditions = _run(21, ["2 2", "15"])
    assert steps[0].startswith("Knock-back: knock-back 2D3 (2, 2) = 4 m")
    assert "Deftness Critical Saving Throw: 1D20 = 15 vs CST 5 / AST 12" in steps[1]
    assert steps[1].endswith("knocked over")
    assert conditions == ["Knocked Over"]
    _, conditions = _run(21, ["2 2", "4"])  # in the Critical range: he keeps his feet
    assert conditions == []


def test_up_to_effect_5_the_ability_save_is_enough_and_past_10_he_goes_down() -> None:
    steps, conditions = _run(6, ["1 1", "10"])  # effect 2: 10 ≤ AST 12 keeps his feet
    assert "stays standing" in steps[1] and conditions == []
    steps, conditions = _run(33, ["1 1"])  # effect 11: knock-down is automatic, no save
    assert len(steps) == 1 and conditions == ["Knocked Over"]


def test_the_save_is_asked_by_name_and_waits_for_no_sheet_value_it_lacks() -> None:
    try:
        _run(21, ["2 2"])
    except DiceWanted as wanted:
        assert "Deftness save to stay standing" in str(wanted)
    else:  # pragma: no cover
        raise AssertionError("the save was not asked")
    steps, conditions = _run(21, ["2 2"], (None, None))
    assert "the Deftness AST and CST are not on the target's sheet" in steps[1] and conditions == []


def test_the_headline_says_the_knock_back_and_its_end() -> None:
    """Issue 28 item 4: the headline said just "Damage Done 13"."""
    from pycore.systems.aftermath.attack.combat import Resolution, summary
    from pycore.systems.aftermath.attack.steps import Step

    steps, _ = _run(21, ["2 2", "15"])
    knock = Step("knock_back", "Knock-back", "knock-back 2D3 (2, 2) = 4 m", "AFT-50")
    down = Condition("Knocked Over", AT, None, "AFT-50", "knocked down by the hit")
    hit = Resolution("missile", (knock,), hit=True, location=8, damage_done=13, conditions=(down,))
    assert summary(hit) == "hit: location 8, Damage Done 13, knocked back, Knocked Over"
    assert steps
