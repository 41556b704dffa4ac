"""Aftermath overland movement (AFT-36; T26, T27) and acid (AFT-42; T33) against the seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from seedfiles import seed_lines

from pycore.errors import RuleError
from pycore.systems.aftermath.reference.overland import (
    acid_effect,
    conditions,
    day_after,
    overland,
    roll_acid,
)
from pycore.tables import load_table

SEED = "001_e07e7b2bd9248eea.txt"


def test_movement_chart_matches_the_seed() -> None:  # L453-467
    """AFT-36, AFT-T26 as printed."""
    lines = seed_lines(SEED)
    for row in load_table("aftermath", "movement_modifiers").rows:
        name, pct = lines[int(str(row["line"])) - 1].split("\t")
        assert (name.strip(), pct.strip()) == (row["condition"], f"{row['percent']}%")
    assert len(conditions()) == 15


def test_day_after_schedules() -> None:  # L471-475
    """AFT-T27; EX-19: heavy snow 25, 50, 75, 100."""
    assert [day_after("Heavy Rain", d) for d in (1, 2, 3)] == [75, 100, 100]
    assert [day_after("Heavy Snow", d) for d in (1, 2, 3, 4)] == [25, 50, 75, 100]
    assert [day_after("Heavy Snow", d, snow_days=3) for d in (1, 2, 3)] == [25, 25, 25]
    with pytest.raises(RuleError, match="weather"):
        day_after("Hail", 1)


def test_overland_combines_by_the_setting() -> None:
    """AFT-36; D-20: good road 200% × dim light 50% = 100%."""
    assert overland(40, ["On Good Road", "At Night with Dim light"]).result == 40
    assert overland(40, ["On Good Road", "At Night with Dim light"], "lowest").result == 20


def test_acid_table_matches_the_seed() -> None:  # L571-583
    """AFT-42, AFT-T33 as printed."""
    lines = seed_lines(SEED)
    for face in range(1, 101):
        effect = acid_effect(face)
        assert effect.text in lines[effect.line - 1]


@given(st.integers(0, 2**32))
def test_acid_roll_twice_never_keeps_a_96_to_00(seed: int) -> None:
    results = roll_acid(random.Random(seed))
    assert len(results) in (1, 3)
    assert all(r.effect != "roll twice" for r in results[1:])


def test_reference_tab_overland_and_acid() -> None:
    """AFT-M38: the base movement is the user's."""
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of

    from pycore.store import History, default_data

    ctx = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="a")
    model = Model(History.new(default_data()), route="aftermath")
    for msg in (
        ("aftermath.tab", "reference"),
        ("aftermath.ref_field", "base", "40"),
        ("aftermath.ref_terrain", "In Woods, Hills or Desert"),
        ("aftermath.ref_acid",),
    ):
        model = shell.update(model, msg, ctx)
    view = shell.view(model)
    assert text_of(find_all(view, "aft-ref-overland")[0]).startswith(
        "base 40 × In Woods, Hills or Desert 50% = 20"
    )
    assert text_of(find_all(view, "aft-ref-log-entry")[0]).startswith("Acid D100 ")
