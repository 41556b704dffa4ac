"""The table loader: the real tables, every validation failure, and the lookups.

Range parsing and the coverage check have their own file, ``test_tables_ranges.py``.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from seedfiles import missing, seeds_dir

from pycore.errors import RulekeeperError, TableError
from pycore.tables import (
    SUPPORTED_FORMAT,
    TABLES_DIR,
    DieRange,
    Table,
    check_coverage,
    list_tables,
    load_table,
    load_table_file,
    parse_table,
    table_versions,
)

ORIGIN = "tables/aftermath/demo.toml"
SEEDS = seeds_dir()

BASE: dict[str, Any] = {
    "format": 1,
    "system": "aftermath",
    "table": "demo",
    "id": "AFT-T99",
    "title": "Demo",
    "version": 1,
    "source": {"seed": "001_e07e7b2bd9248eea.txt", "lines": "1-9"},
    "schema": {
        "key": "name",
        "columns": [
            {"name": "name", "type": "str"},
            {"name": "value", "type": "int", "min": 0, "max": 10},
        ],
    },
    "rows": [{"name": "a", "value": 1}, {"name": "b", "value": 5}],
}


def data_with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(copy.deepcopy(changes))
    return data


def schema_with(**changes: Any) -> dict[str, Any]:
    schema: dict[str, Any] = copy.deepcopy(BASE["schema"])
    schema.update(changes)
    return schema


def die_data(ranges: list[str], die: str = "d100", **schema: Any) -> dict[str, Any]:
    return data_with(
        schema={
            "kind": "die_range",
            "die": die,
            "columns": [{"name": "roll", "type": "range"}, {"name": "effect", "type": "str"}],
            **schema,
        },
        rows=[{"roll": r, "effect": f"e{i}"} for i, r in enumerate(ranges)],
    )


def refused(data: dict[str, Any], origin: str = ORIGIN) -> str:
    with pytest.raises(TableError) as info:
        parse_table(data, origin)
    message = str(info.value)
    assert message.startswith(origin), message
    return message


# --- the real table: SIM-T01 ------------------------------------------------------------------

SIM_T01 = [
    ("Automatic", None, "success"),
    ("Very Easy", 4, None),
    ("Easy", 2, None),
    ("Average", 0, None),
    ("Above Average", -2, None),
    ("Difficult", -4, None),
    ("Very Difficult", -6, None),
    ("Improbable", -8, None),
    ("Near Impossible", -12, None),
    ("Impossible", None, "failure"),
]


def test_sim_t01_difficulty_matches_the_inventory() -> None:
    # SIM-04 / SIM-T01: +4, +2, 0, −2, −4, −6, −8, −12; Automatic and Impossible: no roll.
    table = load_table("simply", "difficulty")
    assert (table.system, table.table, table.id, table.version) == (
        "simply",
        "difficulty",
        "SIM-T01",
        1,
    )
    assert table.kind == "rows"
    assert (table.source.seed, table.source.lines) == ("002_397ff4437f29826d.txt", "26-36")
    assert [(r["name"], r["modifier"], r["automatic"]) for r in table.rows] == SIM_T01
    assert [r["ladder_index"] for r in table.rows] == list(range(10))
    assert [r["line"] for r in table.rows] == list(range(27, 37))
    assert table.row_by("name", "Difficult")["modifier"] == -4
    assert table.row_by("name", "Near Impossible")["modifier"] == -12  # not −10: as printed
    # Exactly one of modifier / automatic on every row.
    assert all((r["modifier"] is None) != (r["automatic"] is None) for r in table.rows)


def test_sim_t01_matches_the_seed_text_itself() -> None:
    seed = SEEDS / "002_397ff4437f29826d.txt"
    if not seed.exists():
        missing("the rule text 002")
    lines = seed.read_text(encoding="utf-8").splitlines()
    table = load_table("simply", "difficulty")
    assert lines[25].split("\t") == ["Difficulty", "Modifier"]  # line 26, the header
    for row in table.rows:
        name, printed = lines[int(str(row["line"])) - 1].split("\t")
        assert name == row["name"]
        if printed == "N/A":
            assert row["modifier"] is None and row["automatic"] in ("success", "failure")
        else:
            # The printed "4" and "2" carry no sign: the reading is +4 and +2.
            assert row["modifier"] == int(printed)


def test_rows_and_meta_are_immutable() -> None:
    table = load_table("simply", "difficulty")
    with pytest.raises(TypeError):
        table.rows[0]["name"] = "x"  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.version = 2  # type: ignore[misc]
    loaded = parse_table(data_with(meta={"errata": [{"row": 1}]}), ORIGIN)
    assert loaded.meta["errata"][0]["row"] == 1
    with pytest.raises(TypeError):
        loaded.meta["errata"][0]["row"] = 2


def test_every_table_file_loads_and_validates() -> None:
    files = sorted(TABLES_DIR.rglob("*.toml"))
    assert files, "no table files found"
    for path in files:
        table = load_table_file(path)
        assert path.relative_to(TABLES_DIR).parts == (table.system, f"{table.table}.toml")
        assert table.version >= 1 and table.rows
        assert check_coverage(table) == []
    assert list_tables() == sorted((p.parent.name, p.stem) for p in files)
    infos = table_versions()
    assert [(i.system, i.table) for i in infos] == list_tables()
    difficulty = next(i for i in infos if i.table == "difficulty")
    assert (difficulty.id, difficulty.version, str(difficulty.source)) == (
        "SIM-T01",
        1,
        "002_397ff4437f29826d.txt lines 26-36",
    )


def test_loading_twice_gives_equal_tables_and_an_edit_is_seen(tmp_path: Path) -> None:
    assert load_table("simply", "difficulty") == load_table("simply", "difficulty")
    folder = tmp_path / "simply"
    folder.mkdir()
    path = folder / "difficulty.toml"
    text = (TABLES_DIR / "simply" / "difficulty.toml").read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    assert load_table("simply", "difficulty", tmp_path).version == 1
    path.write_text(text.replace("version = 1", "version = 2"), encoding="utf-8")
    assert load_table("simply", "difficulty", tmp_path).version == 2


# --- validation -------------------------------------------------------------------------------


def test_a_valid_table_loads() -> None:
    table = parse_table(BASE, ORIGIN)
    assert table.row_by("name", "b")["value"] == 5
    assert table.origin == ORIGIN and table.format == 1 and str(table) == f"AFT-T99 Demo ({ORIGIN})"


def test_newer_format_is_refused_naming_file_format_and_newest_supported() -> None:
    message = refused(data_with(format=SUPPORTED_FORMAT + 1, surprise="new shape"))
    assert message == (
        f"{ORIGIN}: table format {SUPPORTED_FORMAT + 1} is newer than this version of "
        f"Rulekeeper reads (newest supported format: {SUPPORTED_FORMAT}); update Rulekeeper to "
        "use this file"
    )


def test_newer_format_file_is_refused_from_disk(tmp_path: Path) -> None:
    folder = tmp_path / "simply"
    folder.mkdir()
    text = (TABLES_DIR / "simply" / "difficulty.toml").read_text(encoding="utf-8")
    (folder / "difficulty.toml").write_text(text.replace("format = 1", "format = 7"), "utf-8")
    with pytest.raises(TableError, match=r"format 7 is newer .*newest supported format: 1"):
        load_table("simply", "difficulty", tmp_path)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"format": None}, "missing key 'format'"),
        ({"format": 0}, "'format' is 0; allowed: a whole number of at least 1"),
        ({"format": True}, "'format' is True"),
        ({"title": None}, "missing key 'title'"),
        ({"rows": None, "id": None}, "missing key 'id', 'rows'"),
        ({"surprise": 1}, "unknown key 'surprise'; allowed: format, system"),
        ({"system": "dnd"}, "system 'dnd' is unknown; allowed: simply, gurps, aftermath"),
        ({"table": "Demo Table"}, "table 'Demo Table' is not a table name"),
        ({"id": "SIM-T01"}, "id 'SIM-T01' is not a aftermath table ID; allowed: e.g. 'AFT-T01'"),
        ({"title": "  "}, "'title' is '  '; allowed: non-empty text"),
        ({"version": 0}, "'version' is 0; allowed: a whole number of at least 1"),
        ({"version": "1"}, "'version' is '1'"),
        ({"source": "001:L3-11"}, "source: must be a table with 'seed' and 'lines'"),
        ({"source": {"seed": "seed.txt", "lines": "1"}}, "seed 'seed.txt' is not a seed file"),
        (
            {"source": {"seed": "001_e07e7b2bd9248eea.txt", "lines": "L3-11"}},
            "lines 'L3-11'; allowed: e.g. '26-36' or '18-20, 69'",
        ),
        (
            {"source": {"seed": "001_e07e7b2bd9248eea.txt", "lines": "11-3"}},
            "has the range '11-3' backwards",
        ),
        (
            {"source": {"seed": "001_e07e7b2bd9248eea.txt", "lines": "1", "page": 3}},
            "source: unknown key 'page'",
        ),
        ({"rows": []}, "rows; allowed: a list of 1 to 10000 [[rows]] tables"),
        ({"meta": [1]}, "meta is [1]; allowed: a table ([meta])"),
    ],
)
def test_header_problems(changes: dict[str, Any], expected: str) -> None:
    data = data_with(**changes)
    for key in [k for k, v in changes.items() if v is None]:
        del data[key]
    assert expected in refused(data)


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        # Out of range: the file, the row, the column, the value, the allowed range.
        (
            [{"name": "a", "value": 1}, {"name": "b", "value": 11}],
            f"{ORIGIN}: row 2, column 'value': value 11 is above the maximum 10; "
            "allowed: int from 0 to 10",
        ),
        (
            [{"name": "a", "value": -1}],
            f"{ORIGIN}: row 1, column 'value': value -1 is below the minimum 0; "
            "allowed: int from 0 to 10",
        ),
        # Wrong type, and a bool is not an int.
        (
            [{"name": "a", "value": "3"}],
            f"{ORIGIN}: row 1, column 'value': value '3' is of type str, not int; "
            "allowed: int from 0 to 10",
        ),
        ([{"name": "a", "value": True}], "row 1, column 'value': value True is of type bool"),
        ([{"name": "a", "value": 2.0}], "row 1, column 'value': value 2.0 is of type float"),
        ([{"name": 7, "value": 2}], "row 1, column 'name': value 7 is of type int, not str"),
        # Missing and unknown columns.
        (
            [{"name": "a"}],
            f"{ORIGIN}: row 1, column 'value': missing; allowed: int from 0 to 10",
        ),
        (
            [{"name": "a", "value": 1, "valeu": 2}],
            f"{ORIGIN}: row 1, column 'valeu': unknown column (value 2); allowed: name, value",
        ),
        # A duplicate key.
        (
            [{"name": "a", "value": 1}, {"name": "b", "value": 2}, {"name": "a", "value": 3}],
            f"{ORIGIN}: row 3, column 'name': value name = 'a' repeats row 1; "
            "allowed: a key (name) unique to one row",
        ),
        (["a"], f"{ORIGIN}: row 1: is 'a'; allowed: a table of column = value"),
    ],
)
def test_row_problems_name_file_row_column_value_and_range(rows: list[Any], expected: str) -> None:
    assert expected in refused(data_with(rows=rows))


def test_every_row_problem_is_listed_at_once() -> None:
    message = refused(
        data_with(rows=[{"name": "a", "value": 11}, {"value": 1}, {"name": "c", "value": "x"}])
    )
    assert message.count("\n") == 2
    assert "row 1, column 'value'" in message
    assert "row 2, column 'name': missing" in message
    assert "row 3, column 'value'" in message


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        (None, "schema: [schema] is missing or not a table"),
        ({"columns": []}, "schema: 'columns' must list at least one column"),
        ({"kind": "cube", "columns": []}, "kind 'cube' is unknown; allowed: rows, die_range, grid"),
        ({"die": "d100"}, "key 'die' does not apply to a 'rows' table"),
        ({"key": "nope"}, "key 'nope' is not a column; allowed: name, value"),
        (
            {"columns": [{"name": "x", "type": "decimal"}]},
            "column 'x': type 'decimal' is unknown; allowed: int, float, str, bool, fraction",
        ),
        ({"columns": [{"name": "X", "type": "int"}]}, "column name 'X' is not allowed"),
        ({"columns": [{"name": "x", "type": "int", "mni": 0}]}, "column 'x': unknown key 'mni'"),
        ({"columns": [{"name": "x", "type": "int", "min": 5, "max": 1}]}, "min 5 is above max 1"),
        ({"columns": [{"name": "x", "type": "int", "min": 0.5}]}, "bound 0.5 does not suit"),
        ({"columns": [{"name": "x", "type": "str", "min": 1}]}, "min/max do not apply"),
        ({"columns": [{"name": "x", "type": "int", "nullable": 1}]}, "'nullable' is 1"),
        (
            {"columns": [{"name": "x", "type": "int", "choices": ["a"]}]},
            "column 'x': a choice does not suit the column: value 'a' is of type str, not int",
        ),
        ({"columns": [{"name": "x", "type": "int", "default": "a"}]}, "the default does not"),
        ({"columns": [{"name": "x", "type": "str", "increasing": True}]}, "'increasing' applies"),
        ({"columns": [{"name": "x", "type": "int", "length": 2}]}, "needs list = true"),
        ({"columns": [{"name": "x", "type": "int"}] * 2}, "column 'x' is declared twice"),
        ({"kind": "die_range"}, "needs exactly one of 'die'"),
        ({"kind": "die_range", "die": "d100", "domain": [1, 100]}, "needs exactly one of 'die'"),
        ({"kind": "die_range", "die": "d1"}, "die 'd1' is out of range"),
        ({"kind": "die_range", "die": 100}, "die 100 is not text"),
        ({"kind": "die_range", "domain": [5, 1]}, "domain [5, 1] must be [lo, hi]"),
        ({"kind": "die_range", "die": "d20"}, "name the roll column with 'roll'"),
        ({"kind": "grid", "row_key": "name"}, "'column_keys' must be a non-empty list"),
        ({"kind": "grid", "row_key": "name", "column_keys": [1, 1]}, "'column_keys' repeat"),
        ({"kind": "grid", "row_key": "name", "column_keys": [1, "a"]}, "all ints or all str"),
        ({"kind": "grid", "row_key": "name", "column_keys": [1]}, "a grid needs 'cell'"),
    ],
)
def test_schema_problems(schema: dict[str, Any] | None, expected: str) -> None:
    data = data_with()
    if schema is None:
        del data["schema"]
        data["schema"] = "rows"
    else:
        data["schema"] = schema_with(**schema)
    assert expected in refused(data)


def test_file_must_sit_in_its_own_folder_under_its_own_name(tmp_path: Path) -> None:
    text = (TABLES_DIR / "simply" / "difficulty.toml").read_text(encoding="utf-8")
    (tmp_path / "gurps").mkdir()
    (tmp_path / "simply").mkdir()
    (tmp_path / "gurps" / "difficulty.toml").write_text(text, encoding="utf-8")
    (tmp_path / "simply" / "ladder.toml").write_text(text, encoding="utf-8")
    with pytest.raises(TableError) as info:
        load_table_file(tmp_path / "gurps" / "difficulty.toml")
    assert "system 'simply' does not match its folder 'gurps'; allowed: 'gurps'" in str(info.value)
    assert str(tmp_path / "gurps" / "difficulty.toml") in str(info.value)
    with pytest.raises(
        TableError, match="table 'difficulty' does not match its file name 'ladder'"
    ):
        load_table("simply", "ladder", tmp_path)


def test_file_level_errors(tmp_path: Path) -> None:
    (tmp_path / "simply").mkdir()
    (tmp_path / "simply" / "broken.toml").write_text("x = [", encoding="utf-8")
    (tmp_path / "simply" / "latin.toml").write_bytes("title = 'caf\xe9'".encode("latin-1"))
    with pytest.raises(TableError, match=r"broken\.toml: is not valid TOML"):
        load_table("simply", "broken", tmp_path)
    with pytest.raises(TableError, match=r"latin\.toml: is not UTF-8 text"):
        load_table("simply", "latin", tmp_path)
    with pytest.raises(TableError, match=r"missing\.toml: no such table file"):
        load_table("simply", "missing", tmp_path)
    with pytest.raises(TableError, match="system 'dnd' is unknown"):
        load_table("dnd", "difficulty")
    for name in ("../simply/difficulty", "Difficulty", "", "a/b"):
        with pytest.raises(TableError, match="is not a table name"):
            load_table("simply", name)
    with pytest.raises(TableError, match=r"x\.toml: is list; allowed: a table"):
        parse_table([], "x.toml")  # type: ignore[arg-type]


def test_every_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_table(data_with(version=0), ORIGIN)
    assert issubclass(TableError, RulekeeperError)


# --- column types -----------------------------------------------------------------------------


def typed_table(column: dict[str, Any], *values: Any) -> Table:
    return parse_table(
        data_with(
            schema={"columns": [column]},
            rows=[{column["name"]: v} if v is not None else {} for v in values],
        ),
        ORIGIN,
    )


def test_fraction_float_bool_and_choices() -> None:
    hp = typed_table({"name": "m", "type": "fraction", "min": "1/2", "max": 4}, "5/2", 3, "7/2")
    assert hp.values("m") == (Fraction(5, 2), Fraction(3), Fraction(7, 2))
    assert "value 2.5 is not a fraction" in refused(
        data_with(schema={"columns": [{"name": "m", "type": "fraction"}]}, rows=[{"m": 2.5}])
    )
    assert "value '5/0' is not a fraction" in refused(
        data_with(schema={"columns": [{"name": "m", "type": "fraction"}]}, rows=[{"m": "5/0"}])
    )
    assert "value '1/3' is below the minimum 1/2" in refused(
        data_with(
            schema={"columns": [{"name": "m", "type": "fraction", "min": "1/2"}]},
            rows=[{"m": "1/3"}],
        )
    )
    assert typed_table({"name": "f", "type": "float"}, 2, 0.5).values("f") == (2.0, 0.5)
    assert typed_table({"name": "b", "type": "bool"}, True).values("b") == (True,)
    message = refused(
        data_with(
            schema={"columns": [{"name": "k", "type": "str", "choices": ["success", "failure"]}]},
            rows=[{"k": "win"}],
        )
    )
    assert "row 1, column 'k': value 'win' is not one of the choices" in message
    assert "allowed: str, one of 'success', 'failure'" in message


def test_nullable_default_tokens_lists_and_increasing() -> None:
    nullable = typed_table({"name": "m", "type": "int", "nullable": True}, 1, None)
    assert nullable.values("m") == (1, None)
    flagged = typed_table({"name": "r", "type": "bool", "default": False}, True, None)
    assert flagged.values("r") == (True, False)
    marks = typed_table({"name": "g", "type": "int", "tokens": ["x", "?"]}, 16, "x", "?")
    assert marks.values("g") == (16, "x", "?")
    assert "value 'y' is of type str, not int; allowed: int, or the marks 'x', '?'" in refused(
        data_with(
            schema={"columns": [{"name": "g", "type": "int", "tokens": ["x", "?"]}]},
            rows=[{"g": "y"}],
        )
    )
    where = typed_table({"name": "loc", "type": "int", "list": True, "min": 1}, [4, 5], [1])
    assert where.values("loc") == ((4, 5), (1,))
    assert "the list has 3 values, not 2" in refused(
        data_with(
            schema={"columns": [{"name": "p", "type": "int", "list": True, "length": 2}]},
            rows=[{"p": [1, 2, 3]}],
        )
    )
    assert "row 3, column 'y': value 2 is not above row 2's 3" in refused(
        data_with(
            schema={"columns": [{"name": "y", "type": "int", "increasing": True}]},
            rows=[{"y": 1}, {"y": 3}, {"y": 2}],
        )
    )


# --- lookups ----------------------------------------------------------------------------------


def test_row_by_is_exact_and_says_what_exists() -> None:
    table = load_table("simply", "difficulty")
    assert table.row_by("ladder_index", 5)["name"] == "Difficult"
    with pytest.raises(TableError, match="no row has name = 'difficult'; allowed: 'Automatic'"):
        table.row_by("name", "difficult")
    with pytest.raises(TableError, match="column 'nom' does not exist; allowed: ladder_index"):
        table.row_by("nom", "Easy")
    with pytest.raises(TableError, match="rows 1, 10 all have modifier = None"):
        table.row_by("modifier", None)
    assert [r["name"] for r in table.rows_where("automatic", "failure")] == ["Impossible"]
    # True is not 1, nor 1 True.
    flags = typed_table({"name": "b", "type": "int"}, 1, 0)
    assert flags.rows_where("b", True) == ()


def test_die_range_lookup_with_00_and_single_values() -> None:
    table = parse_table(die_data(["01-05", "06", "07-95", "96-99", "00"]), ORIGIN)
    assert table.row_for_roll(1)["effect"] == "e0"
    assert table.row_for_roll(5)["effect"] == "e0"
    assert table.row_for_roll(6)["effect"] == "e1"
    assert table.row_for_roll(95)["effect"] == "e2"
    assert table.row_for_roll(99)["effect"] == "e3"
    assert table.row_for_roll(100)["effect"] == "e4"  # "00" on a d100 is 100
    assert table.rows[4]["roll"] == DieRange(100, 100)
    assert str(table.rows[4]["roll"]) == "00"
    for roll in (0, 101):
        with pytest.raises(
            TableError, match=rf"roll {roll} is outside the table; allowed: 1 to 100"
        ):
            table.row_for_roll(roll)
    with pytest.raises(TableError, match="roll True is not a whole number"):
        table.row_for_roll(True)
    reaction = parse_table(die_data(["01-05", "06-15", "16-95", "96-00"]), ORIGIN)
    assert reaction.row_for_roll(96)["effect"] == "e3"
    assert reaction.row_for_roll(100)["effect"] == "e3"


def test_die_range_other_dice_open_ends_and_groups() -> None:
    d20 = parse_table(die_data(["1-9", "10-15", "16-19", "20"], "d20"), ORIGIN)  # AFT-T01
    assert [d20.row_for_roll(r)["effect"] for r in (1, 9, 10, 19, 20)] == [
        "e0",
        "e0",
        "e1",
        "e2",
        "e3",
    ]
    two_d10 = parse_table(die_data(["2-10", "11-19", "20"], "2d10"), ORIGIN)
    assert two_d10.row_for_roll(2)["effect"] == "e0"
    with pytest.raises(TableError, match="allowed: 2 to 20"):
        two_d10.row_for_roll(1)
    d10 = parse_table(die_data(["1-9", "0"], "d10"), ORIGIN)  # a printed 0 on a d10 is 10
    assert d10.row_for_roll(10)["effect"] == "e1"
    # AFT-T03: D100 + damage done, open above 100.
    critical = parse_table(die_data(["1-30", "31-95", "96-00"], open_high=True), ORIGIN)
    assert critical.row_for_roll(130)["effect"] == "e2"
    # AFT-T30: effect numbers 0-1 ... 10+, a domain and not a die.
    throw = data_with(
        schema={
            "kind": "die_range",
            "domain": [0, 10],
            "open_high": True,
            "columns": [{"name": "en", "type": "range"}, {"name": "effect", "type": "str"}],
        },
        rows=[
            {"en": "0-1", "effect": "abort"},
            {"en": "2-9", "effect": "dazed"},
            {"en": "10+", "effect": "stunned"},
        ],
    )
    assert parse_table(throw, ORIGIN).row_for_roll(14)["effect"] == "stunned"
    # AFT-T11: several d100 sub-tables in one file, one group each.
    split = data_with(
        schema={
            "kind": "die_range",
            "die": "d100",
            "group": "split",
            "columns": [
                {"name": "split", "type": "str"},
                {"name": "roll", "type": "range"},
                {"name": "member", "type": "str"},
            ],
        },
        rows=[
            {"split": "xy", "roll": "1-50", "member": "X"},
            {"split": "xy", "roll": "51-00", "member": "Y"},
            {"split": "xyz", "roll": "1-40", "member": "X"},
            {"split": "xyz", "roll": "41-80", "member": "Y"},
            {"split": "xyz", "roll": "81-00", "member": "Z"},
        ],
    )
    table = parse_table(split, ORIGIN)
    assert table.row_for_roll(45, "xy")["member"] == "X"
    assert table.row_for_roll(45, "xyz")["member"] == "Y"
    with pytest.raises(TableError, match="group 'side' is not in column 'split'"):
        table.row_for_roll(45, "side")
    with pytest.raises(TableError, match="group None is not in column 'split'"):
        table.row_for_roll(45)
    with pytest.raises(TableError, match="is a 'rows' table, not a die_range table"):
        load_table("simply", "difficulty").row_for_roll(5)


def grid_data(**schema: Any) -> dict[str, Any]:
    rows = [
        {"max": m, "cells": [max(1, (m * r + 10) // 20) for r in range(1, 21)]} for m in (1, 2, 51)
    ]
    return data_with(
        schema={
            "kind": "grid",
            "row_key": "max",
            "column_keys": list(range(1, 21)),
            "cell": {"type": "int", "min": 1, "max": 100},
            "columns": [{"name": "max", "type": "int", "min": 1, "max": 100}],
            **schema,
        },
        rows=rows,
    )


def test_grid_lookup() -> None:
    # SIM-T15's shape: max damage rows × D20 roll columns.
    grid = parse_table(grid_data(), ORIGIN)
    assert grid.cell(51, 20) == 51 and grid.cell(51, 1) == 3 and grid.cell(1, 1) == 1
    with pytest.raises(TableError, match="column key 21 is not in the grid; allowed: 1, 2"):
        grid.cell(51, 21)
    with pytest.raises(TableError, match="column key '1' is not in the grid"):
        grid.cell(51, "1")
    with pytest.raises(TableError, match="no row has max = 3; allowed: 1, 2, 51"):
        grid.cell(3, 1)
    with pytest.raises(TableError, match="is a 'rows' table, not a grid"):
        load_table("simply", "difficulty").cell("Easy", 1)
    short = grid_data()
    short["rows"][1]["cells"] = [1, 1]
    assert "row 2, column 'cells': has 2 cells; allowed: a list of 20 cells" in refused(short)
    bad = grid_data()
    bad["rows"][2]["cells"][4] = 0
    assert "row 3, column 'cells', cell 5: value 0 is below the minimum 1" in refused(bad)
    dup = grid_data()
    dup["rows"][1]["max"] = 1
    assert "row 2, column 'max': value max = 1 repeats row 1" in refused(dup)


def test_grid_with_marks_and_band_rows() -> None:
    # AFT-T42's shape: shot size × gauge, "x" = not made, "?" = lost in the text.
    shells = data_with(
        schema={
            "kind": "grid",
            "row_key": "shot",
            "column_keys": ["10", "12", ".410"],
            "cell": {"type": "int", "min": 1, "tokens": ["x", "?"]},
            "columns": [{"name": "shot", "type": "str"}],
        },
        rows=[
            {"shot": "12-9", "cells": ["?", "?", 8]},
            {"shot": "00 Buck", "cells": [36, 32, "x"]},
        ],
    )
    table = parse_table(shells, ORIGIN)
    assert (
        table.cell("00 Buck", "12"),
        table.cell("00 Buck", ".410"),
        table.cell("12-9", "10"),
    ) == (
        32,
        "x",
        "?",
    )
    bands = data_with(
        schema={
            "kind": "grid",
            "row_key": "skill",
            "column_keys": ["short", "long"],
            "cell": {"type": "int"},
            "columns": [{"name": "skill", "type": "range"}],
        },
        rows=[{"skill": "01-50", "cells": [40, 20]}, {"skill": "51-99", "cells": [70, 45]}],
    )
    grid = parse_table(bands, ORIGIN)
    assert grid.cell(60, "long") == 45
    with pytest.raises(TableError, match="no row of 'skill' holds 100"):
        grid.cell(100, "long")


def size_speed() -> Table:
    # GUR-T08 as printed (004:L181-195): no 7 yd row; a value between rows takes the next row up.
    yards = ["1/3", 1, 2, 3, 5, 10, 15, 20, 30, 50, 70, 100]
    size = [-5, -2, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10]
    speed = [0, 0, 0, -1, -2, -4, -5, -6, -7, -8, -9, -10]
    return parse_table(
        {
            **data_with(),
            "system": "gurps",
            "id": "GUR-T08",
            "source": {"seed": "004_8e72aab36b774822.txt", "lines": "181-195"},
            "schema": {
                "columns": [
                    {"name": "yards", "type": "fraction", "increasing": True},
                    {"name": "size", "type": "int"},
                    {"name": "speed_range", "type": "int"},
                ]
            },
            "rows": [
                {"yards": y, "size": s, "speed_range": r}
                for y, s, r in zip(yards, size, speed, strict=True)
            ],
        },
        "tables/gurps/demo.toml",
    )


def test_next_row_up_between_rows_and_past_the_end() -> None:
    table = size_speed()
    assert table.row_at_or_above("yards", 7)["size"] == 4  # 7 yd → the 10 yd row (no 7 yd row)
    assert table.row_at_or_above("yards", 4)["speed_range"] == -2  # 4 yd → 5 yd
    assert table.row_at_or_above("yards", 5)["speed_range"] == -2  # exactly on a row
    assert table.row_at_or_above("yards", Fraction(1, 3))["size"] == -5
    assert table.row_at_or_above("yards", 0.1)["speed_range"] == 0  # below 1 ft: the first row
    assert table.row_at_or_above("yards", 1.5)["size"] == 0
    with pytest.raises(TableError) as info:
        table.row_at_or_above("yards", 150)
    assert str(info.value) == (
        "tables/gurps/demo.toml: yards 150 is past the last row; allowed: up to 100"
    )
    assert table.row_at_or_below("yards", 7)["size"] == 2
    with pytest.raises(TableError, match=r"yards 0\.25 is before the first row; allowed: from 1/3"):
        table.row_at_or_below("yards", 0.25)
    with pytest.raises(TableError, match="column 'name' holds str values"):
        parse_table(BASE, ORIGIN).row_at_or_above("name", 1)
    with pytest.raises(TableError, match="value '7' is not a number"):
        table.row_at_or_above("yards", "7")  # type: ignore[arg-type]


def test_next_row_up_skips_cells_left_out() -> None:
    table = load_table("simply", "difficulty")
    assert table.row_at_or_above("modifier", -3)["name"] == "Above Average"
    assert table.row_at_or_above("modifier", 3)["name"] == "Very Easy"
    with pytest.raises(TableError, match="modifier 5 is past the last row; allowed: up to 4"):
        table.row_at_or_above("modifier", 5)


def test_coverage_is_checked_on_load_and_on_demand() -> None:
    message = refused(die_data(["01-50", "52-00"]))
    assert re.search(r"column 'roll': the die ranges do not cover d100 \(1-100\) exactly", message)
    assert "gap 51" in message
    table = parse_table(die_data(["01-50", "51-00"]), ORIGIN)
    assert check_coverage(table) == []
    holed = dataclasses.replace(table, rows=table.rows[:1])
    assert check_coverage(holed) == ["gap 51-100"]
    assert check_coverage(dataclasses.replace(table, rows=())) == ["gap 1-100"]
    assert check_coverage(load_table("simply", "difficulty")) == []
