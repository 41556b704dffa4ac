"""Physical dice in the attack worksheet: every roll an attack needs may be typed, one roll at
a time, and the attack waits for the next one, naming it (AFT-03 the D20 to hit, AFT-12 the
D100 hit location, AFT-48 the damage dice, AFT-20 the D100 Critical Effect); a typed roll is
checked against what its dice can show, a percentile 00 being 100."""

from __future__ import annotations

import random

import pytest

from pycore.dice import DiceWanted, TypedRolls, roll, typed_dice
from pycore.errors import DiceError
from pycore.systems.aftermath.attack import worksheet, worksheet_forms
from pycore.systems.aftermath.attack.attack_dice import WaitsForDice, resolve_typed
from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.sheet import sheet as core


def _setup(mode: str = "missile", **form: object) -> worksheet.Setup:
    bo = core.set_field(core.new_sheet("Bo"), "derived.cda", "1")
    filled = worksheet_forms.form_of(mode, {"bcs": 15, "meters": "20", **form})  # AFT-46: typed
    return worksheet.Setup(
        mode, core.new_sheet("Ana"), bo, filled, worksheet.campaign({}), moment(1, 1)
    )


def _answer(wait: WaitsForDice) -> str:
    """A roll for each die the attack asks: high on a D100, low on a D20 (a plain hit)."""
    return {"1d20": "5", "1d100": "50"}.get(wait.expr, "2")


def test_aft_03_aft_12_a_missile_attack_waits_for_each_roll_in_turn() -> None:
    setup = _setup()
    typed: list[str] = []
    asked: list[str] = []
    found = resolve_typed(setup, typed)
    while isinstance(found, WaitsForDice):
        assert found.index == len(typed)
        asked.append(found.what or found.expr)
        typed.append(_answer(found))
        found = resolve_typed(setup, typed)
    assert asked[:2] == ["to hit", "hit location"] and "damage" in asked
    assert found.resolution.hit and found.resolution.roll is not None
    assert found.resolution.roll.roll == 5
    # The same rolls typed all at once resolve the same attack, and so does a "roll for me"
    # source showing those faces: one code path for typed and rolled dice.
    again = resolve_typed(setup, typed)
    assert isinstance(again, worksheet.Outcome)
    assert [str(s) for s in again.resolution.steps] == [str(s) for s in found.resolution.steps]


def test_aft_12_a_percentile_00_is_100() -> None:
    waits = resolve_typed(_setup(), ["5", "00"])
    assert isinstance(waits, WaitsForDice)
    assert waits.given[1] == "hit location: 1d100 = 100"
    assert int(typed_dice("1d100", "00").randint(1, 100)) == 100


def test_aft_03_a_wrong_roll_names_it_and_rolls_nothing() -> None:
    with pytest.raises(DiceError, match=r"roll 1 \(to hit\): a die from 1 to 20 cannot show 0"):
        resolve_typed(_setup(), ["0"])
    with pytest.raises(DiceError, match=r"roll 2 \(hit location\): only whole numbers"):
        resolve_typed(_setup(), ["5", "ten"])
    with pytest.raises(DiceError, match="needed only 1 of the 2 rolls"):
        resolve_typed(_setup(bcs=1), ["20", "7"])  # a miss needs no more dice


def test_aft_48_the_damage_dice_are_one_roll_typed_as_a_total_or_each_die() -> None:
    rolls = TypedRolls(["17"])
    assert str(roll("3d10", rolls)) == "3d10 = 17 (total typed)"
    assert str(roll("3d10", TypedRolls(["2 3 4"]))) == "3d10 (2, 3, 4) = 9"
    with pytest.raises(DiceError, match="3 to 30, not 31"):
        roll("3d10", TypedRolls(["31"]))
    with pytest.raises(DiceWanted) as waited:
        roll("2d6", TypedRolls([]))
    assert waited.value.expr == "2d6" and waited.value.index == 0


def test_roll_for_me_rolls_the_rest_after_the_typed_rolls() -> None:
    setup = _setup()
    done = resolve_typed(setup, ["5"], random.Random(3))
    assert isinstance(done, worksheet.Outcome)
    assert done.resolution.roll is not None and done.resolution.roll.roll == 5


def test_aft_m05_a_hand_to_hand_hit_waits_for_its_potential_then_its_next_roll() -> None:
    """The Damage Potential is asked after the roll; the typed rolls stay and the attack
    then waits for the rolls after it."""
    setup = _setup("hth", weapon="Ax, hand", critical_hit=True)
    waits = resolve_typed(setup, ["3"])
    assert isinstance(waits, WaitsForDice) and waits.what == "Critical Hit Enhancement"
    first = resolve_typed(setup, ["3", "10", "50"])
    assert isinstance(first, worksheet.Outcome)
    assert worksheet.asked(first) == "attack.damage_potential"
    given = worksheet.with_potential(setup, "40")
    after = resolve_typed(given, ["3", "10", "50"])
    assert isinstance(after, WaitsForDice) and after.index == 3
    assert after.what == "Critical Effect" and after.expr == "1d100"
