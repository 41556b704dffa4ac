"""SIM-T15 Master Damage Tables (SIM-40): printed cells, the erratum, the band model, invariants."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st
from seedfiles import missing, seeds_dir

from pycore.errors import RuleError
from pycore.systems.simply.damage import master_damage
from pycore.tables import load_table

SEED = seeds_dir() / "002_397ff4437f29826d.txt"


def band(m: int, r: int) -> int:
    """The inventory's band model of the printed data (SIM-T15 "Formula analysis")."""
    k = 10 if m <= 29 else 39 - m if m <= 37 else 2 if m <= 50 else 0
    return max(1, (m * r + k) // 20)


# E63-E76 (inventory 4.7): printed cells, the reconstructed (8, 1) and the erratum (51, 1).
PRINTED = [
    (52, 10, 26), (74, 13, 48), (86, 3, 12), (99, 18, 89), (66, 7, 23), (21, 10, 11),
    (34, 1, 1), (34, 4, 7), (38, 1, 2), (38, 2, 3), (43, 19, 40), (61, 19, 57),
    (49, 2, 5), (49, 11, 27), (8, 1, 1), (51, 1, 2),
]  # fmt: skip


@pytest.mark.parametrize(("m", "r", "value"), PRINTED)
def test_sim_40_e63_e76_printed_cells(m: int, r: int, value: int) -> None:
    assert master_damage(m, r) == value


def test_sim_40_e68_e69_rows_20_and_100() -> None:
    assert [master_damage(20, r) for r in range(1, 21)] == list(range(1, 21))
    assert [master_damage(100, r) for r in range(1, 21)] == [5 * r for r in range(1, 21)]


def test_sim_t15_erratum_is_recorded() -> None:
    table = load_table("simply", "master_damage")
    assert [dict(e) for e in table.meta["errata"]] == [
        {"max": 51, "roll": 1, "printed": 1, "used": 2, "source": "514"}
    ]


def test_sim_t15_file_equals_band_model_everywhere() -> None:
    # The inventory: the file equals the band model except the erratum, where both give 2.
    assert [
        (m, r) for m in range(1, 101) for r in range(1, 21) if master_damage(m, r) != band(m, r)
    ] == []


def test_sim_t15_reconstructed_cells_are_the_272_listed() -> None:
    recon = load_table("simply", "master_damage").meta["reconstructed"]
    assert sum(len(e["rolls"]) for e in recon) == 272
    assert [e["max"] for e in recon] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 24, 30, 31, 32, 33, 46, 47]


def test_sim_t15_invariants() -> None:
    for m in range(1, 101):
        row = [master_damage(m, r) for r in range(1, 21)]
        assert row == sorted(row) and row[-1] == m and min(row) >= 1
        if m > 1:
            assert all(master_damage(m - 1, r) <= v for r, v in enumerate(row, 1))


@given(st.integers(1, 100), st.integers(1, 19))
def test_sim_t15_non_decreasing_in_roll(m: int, r: int) -> None:
    assert master_damage(m, r) <= master_damage(m, r + 1)


@given(st.integers(-1000, 1000), st.integers(-1000, 1000))
def test_sim_d07_out_of_range_raises_rule_error_only(m: int, r: int) -> None:
    if 1 <= m <= 100 and 1 <= r <= 20:
        assert 1 <= master_damage(m, r) <= m
    else:
        with pytest.raises(RuleError):
            master_damage(m, r)


def test_sim_d07_bad_types_raise_rule_error() -> None:
    for bad in (True, 2.0, "5", None):
        with pytest.raises(RuleError):
            master_damage(bad, 5)  # type: ignore[arg-type]
        with pytest.raises(RuleError):
            master_damage(5, bad)  # type: ignore[arg-type]


def _legible_cells(lines: list[str]) -> dict[tuple[int, int], tuple[int, int]]:
    """The inventory's Appendix A extraction: every legible cell {(max, roll): (value, line)}."""

    def line(n: int) -> str:
        return lines[n - 1]

    def ints(s: str) -> list[int]:
        return [int(t) for t in re.findall(r"\d+", re.sub(r"<[^>]*>?", " ", s))]

    cells: dict[tuple[int, int], tuple[int, int]] = {}

    def put(m: int, r: int, v: int, n: int) -> None:
        assert cells.setdefault((m, r), (v, n))[0] == v, (m, r)

    segs: dict[int, list[tuple[tuple[int, ...], int]]] = defaultdict(list)
    for n in range(454, 475):
        t = ints(line(n).split("\t")[0])
        for i, m in enumerate(t):
            v, nxt = t[i + 1 : i + 19], t[i + 19] if i + 19 < len(t) else None
            if (
                len(v) == 18
                and v == sorted(v)
                and v[0] >= 1
                and v[-1] <= m
                and nxt in (None, m + 1)
            ):
                segs[m].append((tuple(v), n))
    for m in range(10, 20):
        best = Counter(v for v, _ in segs[m]).most_common(1)[0][0]
        n = next(n for v, n in segs[m] if v == best)
        for r, x in enumerate(best, 1):
            put(m, r, x, n)
    for n in range(473, 503):  # rows 20-50 (row 47's r1-r18 are a copy of row 46: skipped)
        t = ints(line(n).split("\t")[0])
        while len(t) >= 19:
            m, v, t = t[0], t[1:19], t[19:]
            if m != 47:
                for r, x in enumerate(v, 1):
                    put(m, r, x, n)
    for n in range(454, 503):  # (r19, r20) pairs after the tab; r20 == max
        parts = line(n).split("\t")
        if len(parts) > 1:
            t = ints(parts[-1].replace("19 20", "", 1) if n == 454 else parts[-1])
            for a, b in zip(t[0::2], t[1::2], strict=False):
                if (b, 19) not in cells:
                    put(b, 19, a, n)
                    put(b, 20, b, n)
    for n in range(514, 561):  # rows 51-100, tab separated
        lab_text, *cs = [c.strip() for c in line(n).split("\t")]
        lab = ints(lab_text)
        for r, c in enumerate(cs[:20], 1):
            v = ints(c)
            if n == 560:
                if v == [5 * r]:
                    put(100, r, v[0], n)
            elif len(lab) == 1:
                put(lab[0], r, v[-1], n)
            elif n in (522, 559):
                put(lab[0], r, v[0], n)
                if len(v) == 2:
                    put(lab[1], r, v[1], n)
            elif n == 536:
                put(75, r, v[0], n)
            else:
                put(lab[0], r, v[0], n)
                put(lab[1], r, v[-1], n)
    return cells


@pytest.fixture(scope="module")
def legible() -> dict[tuple[int, int], tuple[int, int]]:
    if not SEED.exists():
        missing("the rule text 002")
    return _legible_cells(SEED.read_text(encoding="utf-8").split("\n"))


def test_sim_t15_every_legible_cell_is_transcribed(
    legible: dict[tuple[int, int], tuple[int, int]],
) -> None:
    assert len(legible) == 1728
    wrong = [(m, r, v, master_damage(m, r), n) for (m, r), (v, n) in sorted(legible.items())
             if master_damage(m, r) != v]  # fmt: skip
    assert wrong == [(51, 1, 1, 2, 514)]  # the erratum only


def test_sim_t15_band_model_against_every_legible_cell(
    legible: dict[tuple[int, int], tuple[int, int]],
) -> None:
    misses = [
        (m, r, v, band(m, r), n) for (m, r), (v, n) in sorted(legible.items()) if band(m, r) != v
    ]
    assert misses == [(51, 1, 1, 2, 514)]
    recorded = load_table("simply", "master_damage").meta["model_disagreements"]
    assert [
        (d["max"], d["roll"], d["printed"], d["model"], int(d["source"])) for d in recorded
    ] == misses


def test_sim_t15_simpler_models_fail(legible: dict[tuple[int, int], tuple[int, int]]) -> None:
    floor = sum(max(1, m * r // 20) == v for (m, r), (v, _) in legible.items())
    half_up = sum(max(1, (m * r + 10) // 20) == v for (m, r), (v, _) in legible.items())
    assert (floor, half_up) == (1534, 1153)


def test_sim_t15_reconstructed_cells_are_exactly_the_illegible_ones(
    legible: dict[tuple[int, int], tuple[int, int]],
) -> None:
    recon = load_table("simply", "master_damage").meta["reconstructed"]
    cells = {(e["max"], r) for e in recon for r in e["rolls"]}
    everything = {(m, r) for m in range(1, 101) for r in range(1, 21)}
    assert cells == everything - set(legible)
