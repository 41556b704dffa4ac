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


def test_a_total_is_spread_over_the_dice() -> None:
    assert roll("3d6+2", typed_dice("3d6+2", "11")).total == 13


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
