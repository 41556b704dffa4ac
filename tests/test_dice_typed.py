"""Dice typed by the user (the kit's "I rolled ..."): faces or a total, checked against the dice."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.dice import DiceError, distribution, roll, typed_dice


def test_faces_typed_are_the_faces_rolled() -> None:
    result = roll("4d6kh3", typed_dice("4d6kh3", "3, 6 4 1"))
    assert str(result) == "4d6kh3 (3, 6, 4, ~~1~~) = 13"


def test_a_typed_total_is_the_whole_rolls_total_modifiers_included() -> None:
    # Issue 28: "3D10+3" typed 14 was recorded as 17; a GM who totals it himself means 14.
    assert roll("3d6+2", typed_dice("3d6+2", "11")).total == 11
    assert roll("3d10+3", typed_dice("3d10+3", "14")).total == 14
    assert roll("1d20-2", typed_dice("1d20-2", "17")).total == 17


def test_a_typed_total_is_shown_as_a_total_never_with_invented_faces() -> None:
    # Issue 25: typed 11 for 3d6 was logged as "3d6 (6, 4, 1) = 11".
    assert str(roll("3d6", typed_dice("3d6", "11"))) == "3d6 = 11 (total typed)"
    assert str(roll("3d10+3", typed_dice("3d10+3", "14"))) == "3d10+3 = 14 (total typed)"
    # One die's typed number is its face: nothing is invented.
    assert str(roll("1d20+3", typed_dice("1d20+3", "17"))) == "1d20+3 (14) + 3 = 17"
    assert str(roll("3d6", typed_dice("3d6", "4 2 5"))) == "3d6 (4, 2, 5) = 11"


@given(st.integers(min_value=1, max_value=6), st.integers(min_value=0, max_value=40))
def test_a_typed_total_round_trips_for_any_reachable_total(count: int, plus: int) -> None:
    expr = f"{count}d6+{plus}"
    for total in range(count + plus, 6 * count + plus + 1):
        rolled = roll(expr, typed_dice(expr, str(total)))
        assert rolled.total == total
        assert rolled.typed_total == (count > 1)


def test_percentile_double_zero_is_one_hundred() -> None:
    assert roll("d%", typed_dice("d%", "00")).total == 100
    assert roll("1:100sd", typed_dice("1:100sd", "0")).total == 100


@pytest.mark.parametrize(
    ("expr", "text", "words"),
    [
        ("3d6", "19", "3 to 18"),
        ("3d6", "2", "3 to 18"),
        ("3d6", "7 7", "3 dice, 2 numbers"),
        ("3d6", "1 2 9", "1 to 6 cannot show 9"),
        ("4d6kh3", "12", "needs each die typed"),
        ("3d6", "", "type what the dice show"),
        ("3d6", "ten", "only whole numbers"),
        ("3d6", "-3", "only whole numbers"),
    ],
)
def test_bad_typed_dice_name_the_field_and_range(expr: str, text: str, words: str) -> None:
    with pytest.raises(DiceError, match="rolled") as caught:
        typed_dice(expr, text)
    assert words in str(caught.value)


@given(st.integers(1, 6), st.sampled_from([4, 6, 8, 10, 12, 20]), st.data())
def test_every_total_the_dice_can_show_is_accepted(
    count: int, faces: int, data: st.DataObject
) -> None:
    expr = f"{count}d{faces}"
    total = data.draw(st.sampled_from(sorted(distribution(expr))))
    assert roll(expr, typed_dice(expr, str(total))).total == total


@given(st.text(max_size=30))
def test_anything_typed_is_accepted_or_refused_with_the_typed_error(text: str) -> None:
    with contextlib.suppress(DiceError):
        typed_dice("2d10", text)


def test_gurps_damage_typed_as_a_total_shows_the_total() -> None:
    from pycore.systems.gurps.damage_roll import roll_damage

    assert str(roll_damage("2d+1", "cut", typed_dice("2d6", "7"))) == "2d+1 (7 typed) + 1 = 8 cut"
    assert str(roll_damage("2d+1", "cut", typed_dice("2d6", "3 4"))) == "2d+1 (3, 4) + 1 = 8 cut"


def test_percentile_damage_typed_as_a_total_shows_the_total() -> None:
    from pycore.systems.percentile.dice import roll_damage

    assert str(roll_damage("4:10sd+2", typed_dice("4:10sd", "20"))) == "4:10sd (20 typed) + 2 = 22"
