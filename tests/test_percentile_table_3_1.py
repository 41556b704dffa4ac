"""Issue 29 item 6: Table #3-1 (Percent to Hit) as published. The text names it without printing
it; 29 of its 108 cells are above 100 (up to 929) and its range rows are fractional (.25, .50,
.75, 1.5 …). The GM types it (these tests never invent its contents: the values are made up to
test the form). A Percent to Hit above 100 keeps its full value for the d3 procedure's "more than
20 under" margin (PCT-35) while the roll's chance is capped at what 1:100sd can show."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pycore.errors import RuleError, TableError
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile import tohit
from pycore.systems.percentile.attack import AttackInput, to_hit_value
from pycore.systems.percentile.checks import TASK_FIELDS
from pycore.systems.percentile.fight.setup import check_field
from pycore.systems.percentile.gm_schemas import validate_gm_table

HEADER = ("skill_low", "skill_high", "range_m_low", "range_m_high", "percent_to_hit")


def _rows(*cells: tuple[object, ...]) -> list[dict[str, object]]:
    return [dict(zip(HEADER, row, strict=True)) for row in cells]


def test_the_gm_table_takes_cells_above_100_and_fractional_range_rows() -> None:
    rows = _rows((0, 100, 0, ".25", 929), (0, 100, ".25", ".5", 133), (0, 100, ".5", "1.5", 40))
    validate_gm_table("PCT-M04", rows)
    tables = {"PCT-M04": rows}
    assert gm.percent_to_hit(tables, 50, Fraction(1, 4)) == 929  # the row that ends there
    assert gm.percent_to_hit(tables, 50, Fraction(3, 10)) == 133
    assert gm.percent_to_hit(tables, 50, Fraction(3, 2)) == 40


def test_the_csv_editor_reads_the_published_form_and_still_refuses_nonsense() -> None:
    text = ",".join(HEADER) + "\n0,100,0,.25,929\n0,100,.25,.75,101\n"
    rows = gm.rows_from_csv("PCT-M04", text)
    assert [r["percent_to_hit"] for r in rows] == [929, 101]
    with pytest.raises(TableError, match="above the maximum 999"):
        gm.rows_from_csv("PCT-M04", ",".join(HEADER) + "\n0,100,0,.25,1000\n")
    with pytest.raises(TableError, match="overlap"):
        validate_gm_table("PCT-M04", _rows((0, 100, 0, ".5", 50), (0, 100, ".25", "1", 60)))


def test_a_typed_percent_to_hit_of_133_is_accepted_everywhere_it_is_typed() -> None:
    assert check_field("percent_to_hit", "133") == "133"
    assert TASK_FIELDS["pth"][2] >= 999  # the Checks tab's field
    with pytest.raises(RuleError, match="from 0 to 999"):
        check_field("percent_to_hit", "1000")


def test_d3_reads_the_margin_from_the_full_value_and_caps_the_chance() -> None:
    # N = 133 − 10 = 123: a roll of 100 is 23 under, a direct hit; clamped to 100 it was a miss
    assert tohit.to_hit_d3(133, 10, 100) == "direct"
    assert tohit.to_hit_d3_odds(133, 10) == {"direct": 1, "random": 0, "miss": 0}
    assert tohit.to_hit_d2(133, 100) == "hit"
    a = AttackInput(skill=Fraction(50), to_hit="d3", percent_to_hit=Fraction(133))
    a = AttackInput(**{**vars(a), "percent_against": Fraction(10)})
    value, how = to_hit_value(a, {})
    assert value == 123
    assert "above 100" in how and "1:100sd" in how
