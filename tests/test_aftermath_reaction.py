"""Aftermath Reaction Table (AFT-31, AFT-T21) against the seed text."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from seedfiles import seed_lines

from pycore.systems.aftermath.reference.reaction import reaction, reaction_odds, roll_reaction

SEED = "001_e07e7b2bd9248eea.txt"


def test_every_row_matches_its_seed_line() -> None:
    """AFT-31, AFT-T21 as printed."""
    lines = seed_lines(SEED)
    for face in range(1, 101):
        row = reaction(face)
        cells = [c.strip() for c in lines[row.line - 1].split("\t")]
        assert row.description in cells and f"{row.value:+d}" in cells, (face, cells[:4])
        assert row.note[:40] in lines[row.line - 1]


def test_bands_and_values() -> None:
    assert [reaction(f).value for f in (5, 6, 30, 45, 55, 70, 85, 95, 100)] == [
        -6,
        -4,
        -2,
        -1,
        0,
        1,
        2,
        4,
        6,
    ]
    assert reaction(20).band == "Poor" and reaction(60).band == "Good"
    assert reaction_odds()["Excellent"] * 20 == 1


@given(st.integers(0, 2**32))
def test_reaction_rolls_replay(seed: int) -> None:
    assert roll_reaction(random.Random(seed)) == roll_reaction(random.Random(seed))
