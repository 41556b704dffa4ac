"""The table loader: validation, lookups, die-range coverage, and the real difficulty table."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.errors import TableError
from pycore.tables import (
    FORMAT,
    die_span,
    list_tables,
    load_table,
    load_table_file,
    parse_range,
    parse_table,
    table_versions,
)

BASE: dict[str, Any] = {
    "format": 1,
    "system": "aftermath",
    "table": "demo",
    "id": "AFT-T99",
    "title": "Demo",
    "version": 1,
    "source": {"seed": "001_e07e7b2bd9248eea.txt", "lines": "1-9"},
    "columns": [
        {"name": "name", "type": "str"},
        {"name": "value", "type": "int", "min": 0, "max": 10},
    ],
    "rows": [{"name": "a", "value": 1}, {"name": "b", "value": 5}],
}


def table_with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def die_table(ranges: list[str], die: str = "d100") -> dict[str, Any]:
    return table_with(
        kind="die_range",
        die=die,
        key="roll",
        columns=[{"name": "roll", "type": "range"}, {"name": "effect", "type": "str"}],
        rows=[{"roll": r, "effect": f"e{i}"} for i, r in enumerate(ranges)],
    )


def test_sim_t01_difficulty_matches_the_seed() -> None:
    table = load_table("simply", "difficulty")
    assert table.id == "SIM-T01" and table.source.lines == "26-36"
    expected = [
        ("Automatic", None),
        ("Very Easy", 4),
        ("Easy", 2),
        ("Average", 0),
        ("Above Average", -2),
        ("Difficult", -4),
        ("Very Difficult", -6),
        ("Improbable", -8),
        ("Near Impossible", -12),
        ("Impossible", None),
    ]
    assert [(r["name"], r["modifier"]) for r in table.rows] == expected
    assert [r["ladder_index"] for r in table.rows] == list(range(10))
    assert table.row_by("name", "Automatic")["automatic"] == "success"
    assert table.row_by("name", "Impossible")["automatic"] == "failure"


def test_every_table_file_loads_and_is_listed_with_its_version() -> None:
    pairs = list_tables()
    assert ("simply", "difficulty") in pairs
    for system, name in pairs:
        assert load_table(system, name).version >= 1
    assert {(i.system, i.table) for i in table_versions()} == set(pairs)


def test_rows_are_immutable() -> None:
    row = load_table("simply", "difficulty").rows[0]
    with pytest.raises(TypeError):
        row["name"] = "x"  # type: ignore[index]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"format": FORMAT + 1}, "newer than this app reads"),
        ({"format": "1"}, "'format' must be"),
        ({"system": "dnd"}, "is not one of"),
        ({"version": 0}, "'version'"),
        ({"source": None}, "[source]"),
        ({"title": ""}, "'title' must be non-empty"),
        ({"kind": "cube"}, "kind 'cube'"),
        ({"surprise": 1}, "unknown keys"),
        (
            {"rows": [{"name": "a", "value": 11}]},
            "row 1, column 'value': 11 is outside the allowed 0 to 10",
        ),
        ({"rows": [{"name": "a", "value": "3"}]}, "is not a whole number"),
        ({"rows": [{"name": "a"}]}, "column 'value': a value is required"),
        ({"rows": [{"name": "a", "value": 1, "extra": 2}]}, "unknown columns ['extra']"),
        ({"rows": [{"name": "a", "value": 1}, {"name": "a", "value": 2}]}, "repeats"),
        ({"columns": [{"name": "name", "type": "decimal"}]}, "type 'decimal'"),
        ({"key": "nope"}, "key column 'nope'"),
        ({"rows": []}, "at least one [[rows]]"),
    ],
)
def test_validation_names_file_row_column_and_range(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(TableError) as info:
        parse_table(table_with(**changes), "tables/aftermath/demo.toml")
    assert words in str(info.value)
    assert "tables/aftermath/demo.toml" in str(info.value)


def test_file_must_sit_in_its_own_folder(tmp_path: Path) -> None:
    folder = tmp_path / "gurps"
    folder.mkdir()
    text = load_table_file.__globals__["TABLES_DIR"].joinpath("simply/difficulty.toml").read_text()
    (folder / "difficulty.toml").write_text(text)
    with pytest.raises(TableError, match="expected 'gurps', 'difficulty'"):
        load_table_file(folder / "difficulty.toml")
    (folder / "broken.toml").write_text("x = [")
    with pytest.raises(TableError, match="not valid TOML"):
        load_table_file(folder / "broken.toml")
    with pytest.raises(TableError, match="no such table file"):
        load_table("gurps", "missing", tmp_path)
    with pytest.raises(TableError, match="may hold only"):
        load_table("gurps", "../simply/difficulty")


def test_die_range_lookup_including_00() -> None:
    table = parse_table(die_table(["01-05", "06-95", "96-00"]), "demo")
    assert table.row_for_roll(1)["effect"] == "e0"
    assert table.row_for_roll(95)["effect"] == "e1"
    assert table.row_for_roll(100)["effect"] == "e2"
    with pytest.raises(TableError, match="roll 101 is on no row"):
        table.row_for_roll(101)


@pytest.mark.parametrize(
    ("ranges", "die", "words"),
    [
        (["01-50", "52-00"], "d100", "gap: 51 is on no row"),
        (["01-60", "50-00"], "d100", "overlap: 50-60 are on more than one row"),
        (["01-99"], "d100", "gap: 100 is on no row"),
        (["2-10", "12-20"], "2d10", "gap: 11"),
        (["3-20"], "2d10", "gap: 2 is on no row"),
    ],
)
def test_coverage_gaps_and_overlaps_are_refused(ranges: list[str], die: str, words: str) -> None:
    with pytest.raises(TableError, match="do not cover") as info:
        parse_table(die_table(ranges, die), "demo")
    assert words in str(info.value)


def test_two_d10_table_covering_2_to_20_loads() -> None:
    table = parse_table(die_table(["2-10", "11-19", "20"], "2d10"), "demo")
    assert table.row_for_roll(20)["effect"] == "e2"


def test_grid_and_next_row_up() -> None:
    grid = parse_table(
        table_with(
            kind="grid",
            key="max",
            column_keys=[1, 2, 3],
            columns=[
                {"name": "max", "type": "int"},
                {"name": "cells", "type": "int_list", "length": 3, "min": 0},
            ],
            rows=[{"max": 1, "cells": [0, 1, 1]}, {"max": 2, "cells": [1, 1, 2]}],
        ),
        "demo",
    )
    assert grid.cell(2, 3) == 2
    with pytest.raises(TableError, match="column 4 is not one of 1 to 3"):
        grid.cell(2, 4)
    with pytest.raises(TableError, match="of length 2"):
        parse_table(
            table_with(
                kind="grid",
                key="max",
                column_keys=[1, 2],
                columns=[
                    {"name": "max", "type": "int"},
                    {"name": "cells", "type": "int_list", "length": 3},
                ],
                rows=[{"max": 1, "cells": [0, 1, 1]}],
            ),
            "demo",
        )
    speed = parse_table(
        table_with(
            columns=[{"name": "yards", "type": "float"}, {"name": "mod", "type": "int"}],
            rows=[{"yards": 2, "mod": 0}, {"yards": 3, "mod": -1}, {"yards": 5, "mod": -2}],
        ),
        "demo",
    )
    assert speed.row_at_or_above("yards", 2.5)["mod"] == -1  # between rows: the next row up
    assert speed.row_at_or_above("yards", 3)["mod"] == -1
    assert speed.row_at_or_below("yards", 4.9)["mod"] == -1
    with pytest.raises(TableError, match="beyond the last row"):
        speed.row_at_or_above("yards", 6)
    with pytest.raises(TableError, match="below the first row"):
        speed.row_at_or_below("yards", 1)


def test_fraction_and_choice_cells() -> None:
    table = parse_table(
        table_with(
            columns=[
                {"name": "name", "type": "str"},
                {"name": "m", "type": "fraction", "min": 0},
                {"name": "kind", "type": "str", "choices": ["x", "y"]},
            ],
            rows=[{"name": "a", "m": "5/2", "kind": "x"}],
        ),
        "demo",
    )
    assert table.rows[0]["m"] * 2 == 5  # type: ignore[operator]
    with pytest.raises(TableError, match="not a fraction"):
        parse_table(
            table_with(
                columns=[{"name": "name", "type": "str"}, {"name": "m", "type": "fraction"}],
                rows=[{"name": "a", "m": "5/0"}],
            ),
            "demo",
        )
    with pytest.raises(TableError, match="is not one of"):
        parse_table(
            table_with(
                columns=[
                    {"name": "name", "type": "str"},
                    {"name": "k", "type": "str", "choices": ["x"]},
                ],
                rows=[{"name": "a", "k": "z"}],
            ),
            "demo",
        )


def test_die_spans() -> None:
    assert die_span("d20") == (1, 20) and die_span("3d6") == (3, 18)
    for bad in ("d", "x20", "0d6", "d1", "2d", "d1001"):
        with pytest.raises(TableError):
            die_span(bad)


@given(st.text(max_size=12), st.sampled_from(["d100", "d20", "d10", "2d10"]))
def test_range_parser_gives_a_valid_range_or_table_error(text: str, die: str) -> None:
    try:
        low, high = parse_range(text, die)
    except TableError:
        return
    span_low, span_high = die_span(die)
    assert span_low <= low <= high <= span_high
