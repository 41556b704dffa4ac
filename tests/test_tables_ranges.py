"""Die ranges (``01-05``, ``96-00``, ``00``, ``10+``), die spans and the coverage check."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.errors import TableError
from pycore.tables import Column, DieRange, coverage_problems, die_span, parse_range, parse_table

DICE = [None, "d100", "d%", "d20", "d10", "2d10", "3d6"]


@pytest.mark.parametrize(
    ("text", "die", "expected"),
    [
        ("01-05", "d100", (1, 5)),
        ("96-00", "d100", (96, 100)),
        ("00", "d100", (100, 100)),
        ("07", "d100", (7, 7)),
        ("99-00", "d%", (99, 100)),
        ("1-9", "d20", (1, 9)),
        ("20", "d20", (20, 20)),
        ("2-10", "2d10", (2, 10)),
        ("0", "d10", (10, 10)),
        ("0-1", None, (0, 1)),
        ("10+", "d20", (10, 20)),
        (" 12 – 20 ", None, (12, 20)),
        ("3−4", None, (3, 4)),
        ("000", "d100", (0, 0)),
    ],
)
def test_ranges_as_printed(text: str, die: str | None, expected: tuple[int, int]) -> None:
    assert parse_range(text, die) == expected


@pytest.mark.parametrize(
    ("text", "die", "words"),
    [
        ("96-00", None, "runs backwards (96 > 0)"),
        ("96-00", "d20", "runs backwards"),
        ("00-05", "d100", "runs backwards (100 > 5)"),
        ("", None, "is not a range"),
        ("1-2-3", None, "is not a range"),
        ("-5", None, "is not a range"),
        ("٣", None, "is not a range"),
        ("1_0", None, "is not a range"),
        ("1234567", None, "at most 6 digits"),
        ("5+", None, "is open ('N+') but the table has no highest value"),
        ("a-b", "d100", "is not a range"),
    ],
)
def test_bad_ranges_are_table_errors(text: str, die: str | None, words: str) -> None:
    with pytest.raises(TableError) as info:
        parse_range(text, die)
    assert words in str(info.value)


def test_range_text_must_be_text() -> None:
    with pytest.raises(TableError, match="is not text"):
        parse_range(5)  # type: ignore[arg-type]


def test_die_range_value() -> None:
    r = DieRange.parse(" 96-00 ", "d100")
    assert (r.lo, r.hi, str(r)) == (96, 100, "96-00")
    assert 96 in r and 100 in r and 95 not in r and 101 not in r and True not in r
    assert r == DieRange(96, 100) and str(DieRange(5, 5)) == "5"


def test_die_spans() -> None:
    assert [die_span(d) for d in ("d100", "D%", "1d20", "2d10", "d10", "3d6", "1d3")] == [
        (1, 100),
        (1, 100),
        (1, 20),
        (2, 20),
        (1, 10),
        (3, 18),
        (1, 3),
    ]
    for bad in ("d", "x20", "0d6", "d1", "2d", "d1001", "21d6", "3d6+1", ""):
        with pytest.raises(TableError):
            die_span(bad)


@given(st.text(max_size=16), st.sampled_from(DICE), st.none() | st.integers(0, 200))
def test_range_parser_gives_a_valid_range_or_a_table_error(
    text: str, die: str | None, top: int | None
) -> None:
    try:
        lo, hi = parse_range(text, die, top=top)
    except TableError:
        return
    assert isinstance(lo, int) and isinstance(hi, int)
    assert 0 <= lo <= hi


@given(
    st.text(alphabet="0123456789-+–− d%", max_size=12),
    st.sampled_from(DICE),
)
def test_range_parser_on_near_miss_text(text: str, die: str | None) -> None:
    try:
        lo, hi = parse_range(text, die)
    except TableError:
        return
    assert 0 <= lo <= hi


@given(st.integers(1, 100), st.integers(0, 99))
def test_printed_d100_ranges_round_trip(lo: int, width: int) -> None:
    hi = min(100, lo + width)

    def printed(n: int) -> str:
        return "00" if n == 100 else f"{n:02d}"

    text = printed(lo) if lo == hi else f"{printed(lo)}-{printed(hi)}"
    assert parse_range(text, "d100") == (lo, hi)


@given(st.text(max_size=10))
def test_die_span_gives_a_span_or_a_table_error(text: str) -> None:
    try:
        lo, hi = die_span(text)
    except TableError:
        return
    assert 1 <= lo < hi


TOML_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
    | st.fractions().map(str),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=6,
)


@given(
    TOML_VALUES,
    st.sampled_from(["int", "float", "str", "bool", "fraction", "range"]),
    st.booleans(),
)
def test_a_cell_is_typed_or_a_table_error(value: Any, kind: str, many: bool) -> None:
    column = Column("c", kind, is_list=many, tokens=("x",), die="d100", top=100)
    with contextlib.suppress(TableError):
        column.coerce(value)


# --- coverage ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranges", "lo", "hi", "expected"),
    [
        ([(1, 50), (51, 100)], 1, 100, []),
        ([(1, 50), (52, 100)], 1, 100, ["gap 51"]),
        ([(1, 60), (50, 100)], 1, 100, ["overlap 50-60"]),
        ([(1, 99)], 1, 100, ["gap 100"]),
        ([(2, 10), (12, 20)], 2, 20, ["gap 11"]),
        ([(3, 20)], 2, 20, ["gap 2"]),
        ([(1, 100), (1, 100)], 1, 100, ["overlap 1-100"]),
        ([(0, 100)], 1, 100, ["outside 0 (allowed 1-100)"]),
        (
            [(1, 40), (45, 90), (80, 101)],
            1,
            100,
            ["gap 41-44", "overlap 80-90", "outside 101 (allowed 1-100)"],
        ),
        ([], 1, 20, ["gap 1-20"]),
        ([(30, 40)], 1, 20, ["gap 1-20", "outside 30-40 (allowed 1-20)"]),
    ],
)
def test_coverage_problems(
    ranges: list[tuple[int, int]], lo: int, hi: int, expected: list[str]
) -> None:
    assert coverage_problems(ranges, lo, hi) == expected


@given(st.lists(st.tuples(st.integers(-5, 110), st.integers(0, 30)), max_size=8))
def test_coverage_agrees_with_counting(spans: list[tuple[int, int]]) -> None:
    ranges = [(a, a + w) for a, w in spans]
    counts = {v: sum(a <= v <= b for a, b in ranges) for v in range(1, 101)}
    problems = coverage_problems(ranges, 1, 100)
    exact = all(c == 1 for c in counts.values()) and all(a >= 1 and b <= 100 for a, b in ranges)
    assert (problems == []) == exact
    assert any(p.startswith("gap") for p in problems) == (0 in counts.values())
    assert any(p.startswith("overlap") for p in problems) == any(c > 1 for c in counts.values())


BASE: dict[str, Any] = {
    "format": 1,
    "system": "aftermath",
    "table": "demo",
    "id": "AFT-T99",
    "title": "Demo",
    "version": 1,
    "source": {"seed": "001_e07e7b2bd9248eea.txt", "lines": "1-9"},
}


def die_table(
    ranges: list[str], die: str = "d100", group: list[str] | None = None
) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    columns = [{"name": "roll", "type": "range"}, {"name": "effect", "type": "str"}]
    schema: dict[str, Any] = {"kind": "die_range", "die": die, "columns": columns}
    rows: list[dict[str, Any]] = [{"roll": r, "effect": f"e{i}"} for i, r in enumerate(ranges)]
    if group is not None:
        schema["group"] = "part"
        columns.append({"name": "part", "type": "str"})
        for row, part in zip(rows, group, strict=True):
            row["part"] = part
    data.update(schema=schema, rows=rows)
    return data


@pytest.mark.parametrize(
    ("ranges", "die", "words"),
    [
        (["01-50", "52-00"], "d100", "gap 51"),
        (["01-60", "50-00"], "d100", "overlap 50-60"),
        (["01-99"], "d100", "gap 100"),
        (["01-95", "96-99"], "d100", "gap 100"),  # "99" where "00" was meant
        (["0-50", "51-00"], "d100", "outside 0 (allowed 1-100)"),
        (["1-9", "10-15", "16-19"], "d20", "gap 20"),
        (["1-9", "10-15", "16-21"], "d20", "outside 21 (allowed 1-20)"),
        (["2-10", "12-20"], "2d10", "gap 11"),
        (["3-20"], "2d10", "gap 2"),
        (["1-5", "5-10"], "d10", "overlap 5"),
    ],
)
def test_loader_refuses_gaps_and_overlaps(ranges: list[str], die: str, words: str) -> None:
    with pytest.raises(TableError) as info:
        parse_table(die_table(ranges, die), "tables/aftermath/demo.toml")
    message = str(info.value)
    assert message.startswith("tables/aftermath/demo.toml: column 'roll': the die ranges")
    assert words in message and die in message


def test_coverage_lists_every_problem_and_each_group_alone() -> None:
    with pytest.raises(TableError) as info:
        parse_table(die_table(["01-10", "20-30", "25-00"]), "demo.toml")
    assert "gap 11-19; overlap 25-30" in str(info.value)
    ok = die_table(["1-50", "51-00", "1-00"], group=["a", "a", "b"])
    assert parse_table(ok, "demo.toml").row_for_roll(70, "b")["effect"] == "e2"
    with pytest.raises(TableError, match="group 'b': gap 61-100"):
        parse_table(die_table(["1-50", "51-00", "1-60"], group=["a", "a", "b"]), "demo.toml")
