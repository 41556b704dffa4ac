"""distribution() and chance(): checked against brute-force enumeration done here, in the test."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pycore.dice import (
    MAX_ODDS_WORK,
    Dice,
    DiceExpr,
    chance,
    distribution,
    odds_work,
    parse,
    roll,
)
from pycore.dice import odds as odds_module
from pycore.errors import DiceError


def enumerate_dice(
    count: int, faces: int, total: Callable[[Sequence[int]], int]
) -> dict[int, Fraction]:
    """Every way ``count`` dice of ``faces`` faces can fall, each equally likely."""
    rolls = list(itertools.product(range(1, faces + 1), repeat=count))
    counts = Counter(total(r) for r in rolls)
    return {t: Fraction(c, len(rolls)) for t, c in sorted(counts.items())}


def ceil_div(a: int, b: int) -> int:
    q, r = divmod(a, b)
    return q + (r > 0)


GOLDEN = {
    "3d6": enumerate_dice(3, 6, sum),
    "4d6kh3": enumerate_dice(4, 6, lambda r: sum(sorted(r)[1:])),
    "4d6k3": enumerate_dice(4, 6, lambda r: sum(sorted(r)[1:])),
    "4d6kl1": enumerate_dice(4, 6, min),
    "3d4kl2": enumerate_dice(3, 4, lambda r: sum(sorted(r)[:2])),
    "2d20kh1": enumerate_dice(2, 20, max),
    "2d10": enumerate_dice(2, 10, sum),
    "1d10/2": enumerate_dice(1, 10, lambda r: ceil_div(r[0], 2)),  # SIM-D17: rounds up
    "1d10÷3": enumerate_dice(1, 10, lambda r: ceil_div(r[0], 3)),
    "2d-1": enumerate_dice(2, 6, lambda r: sum(r) - 1),
    "3d": enumerate_dice(3, 6, sum),
    "1d+2": enumerate_dice(1, 6, lambda r: r[0] + 2),
    "1:10sd+13": enumerate_dice(1, 10, lambda r: r[0] + 13),
    "1:100sd": enumerate_dice(1, 100, lambda r: r[0]),
    "d%": enumerate_dice(1, 100, lambda r: r[0]),
    "2:10sd+4": enumerate_dice(2, 10, lambda r: sum(r) + 4),
    "2d6*2-3": enumerate_dice(2, 6, lambda r: 2 * sum(r) - 3),
    "-1d4+2": enumerate_dice(1, 4, lambda r: 2 - r[0]),
    "-1d7/2": enumerate_dice(1, 7, lambda r: -ceil_div(r[0], 2)),
    "1d6-1d6": enumerate_dice(2, 6, lambda r: r[0] - r[1]),
    "1d4x3/2": enumerate_dice(1, 4, lambda r: ceil_div(3 * r[0], 2)),
    "7": {7: Fraction(1)},
}


def test_mixed_faces_match_brute_force() -> None:
    counts: Counter[int] = Counter()
    for r in itertools.product(range(1, 7), repeat=4):
        for extra in range(1, 5):
            counts[sum(sorted(r)[1:]) + extra] += 1
    want = {t: Fraction(c, 6**4 * 4) for t, c in sorted(counts.items())}
    assert distribution("4d6kh3+1d4") == want


@pytest.mark.parametrize("expr", sorted(GOLDEN))
def test_distribution_matches_brute_force(expr: str) -> None:
    got = distribution(expr)
    assert got == GOLDEN[expr]
    assert list(got) == sorted(got)
    assert sum(got.values()) == 1
    assert all(isinstance(k, int) and isinstance(v, Fraction) for k, v in got.items())


@pytest.mark.parametrize(
    ("expr", "op", "target", "want"),
    [
        ("3d6", "<=", 10, Fraction(1, 2)),
        ("3d6", "==", 10, Fraction(27, 216)),
        ("3d6", "==", 10, Fraction(1, 8)),
        ("3d6", ">", 10, Fraction(1, 2)),
        ("3d6", "==", 18, Fraction(1, 216)),
        ("3d6", "<", 3, Fraction(0)),
        ("3d6", ">=", 3, Fraction(1)),
        ("4d6kh3", "==", 18, Fraction(21, 1296)),
        ("4d6kh3", "==", 3, Fraction(1, 1296)),
        ("2d10", "<=", 10, Fraction(45, 100)),
        ("2d6", "==", 7, Fraction(1, 6)),
        ("2d20kh1", ">=", 11, Fraction(3, 4)),
        ("2d20kl1", ">=", 11, Fraction(1, 4)),
        ("1d10/2", "==", 5, Fraction(1, 5)),
        ("1:100sd", "<=", 35, Fraction(35, 100)),
        ("1:10sd+13", ">", 20, Fraction(3, 10)),
        ("d%", "<", 1, Fraction(0)),
    ],
)
def test_known_chances(expr: str, op: str, target: int, want: Fraction) -> None:
    assert chance(expr, op, target) == want


def test_well_known_mean_of_4d6_drop_lowest() -> None:
    mean = sum(t * p for t, p in distribution("4d6kh3").items())
    assert mean == Fraction(15869, 1296)  # 12.2446...


@pytest.mark.parametrize("op", ["=", "!=", "=<", "≤", "", "<>", " <="])
def test_unknown_comparison(op: str) -> None:
    with pytest.raises(DiceError) as caught:
        chance("3d6", op, 10)
    assert str(caught.value) == f"unknown comparison {op!r}; use one of <=, <, >=, >, =="


def test_errors_of_the_expression_come_through() -> None:
    with pytest.raises(DiceError, match="1 to 1000 faces"):
        distribution("1d0")
    with pytest.raises(DiceError, match="enter a dice expression"):
        chance(" ", "<=", 3)


@pytest.mark.parametrize(
    "expr",
    # icepool's n @ d(m) takes 15 s for 100d100; 862d50k11 takes 8 s as a keep pool.
    ["100d100", "1000d1000", "20d100k10", "1d1000*1000+1d1000", "862d50k11", "3d450kh2"],
)
def test_costly_odds_are_refused_but_rolls_work(expr: str) -> None:
    with pytest.raises(DiceError) as caught:
        distribution(expr)
    found = re.fullmatch(
        r"exact odds for '(.*)' are too costly to compute here "
        r"\(work (\d\.\d\d?e\d+), limit 1\.0e6\); roll it instead",
        str(caught.value),
    )
    assert found is not None, str(caught.value)
    assert found[1] == expr
    assert float(found[2]) == pytest.approx(odds_work(expr), rel=0.06)
    with pytest.raises(DiceError):
        chance(expr, ">=", 10)
    assert odds_work(expr) > MAX_ODDS_WORK
    result = roll(expr, random.Random(3))
    assert str(result).endswith(f"= {result.total}")


def test_just_over_the_limit_shows_that_it_is_over() -> None:
    assert 1e6 < odds_work("3d280kh2") < 1.05e6
    with pytest.raises(DiceError, match=r"\(work 1\.03e6, limit 1\.0e6\)"):
        distribution("3d280kh2")


@pytest.mark.parametrize(
    "expr",
    ["3d6", "2d10", "10d10", "1:10sd+13", "4d6kh3", "2d20kh1", "d%", "1d10/2", "2d-1", "1000d1"],
)
def test_rule_text_expressions_are_cheap(expr: str) -> None:
    assert odds_work(expr) < MAX_ODDS_WORK / 100


def test_deep_recursion_becomes_dice_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # icepool recurses once per face in keep pools; a small stack (Pyodide) must not leak
    # RecursionError.
    def deep(term: object) -> object:
        raise RecursionError

    monkeypatch.setattr(odds_module, "_term_die", deep)
    with pytest.raises(DiceError, match="roll it instead"):
        distribution("3d6")


# --- properties ---------------------------------------------------------------------------


@st.composite
def small_expressions(draw: st.DrawFn) -> str:
    """Valid expressions small enough to enumerate every roll (at most 4 dice of 8 faces)."""
    parts = []
    dice_left = 4
    for index in range(draw(st.integers(1, 3))):
        sign = draw(st.sampled_from(["+", "-"]))
        kind = draw(st.sampled_from(["dice", "keep", "gurps", "pct", "const"]))
        if kind != "const" and dice_left == 0:
            kind = "const"
        n = draw(st.integers(1, max(1, dice_left)))
        m = draw(st.integers(1, 8))
        if kind == "dice":
            term = f"{n}d{m}"
        elif kind == "keep":
            term = f"{n}d{m}" + draw(st.sampled_from(["kh", "kl"])) + str(draw(st.integers(1, n)))
        elif kind == "gurps":
            term = f"{n}d"
        elif kind == "pct":
            term = f"{n}:{m}sd"
        else:
            term = str(draw(st.integers(0, 20)))
        if kind != "const":
            dice_left -= n
        for _ in range(draw(st.integers(0, 2))):
            term += draw(st.sampled_from(["*", "/"])) + str(draw(st.integers(1, 4)))
        parts.append((sign if index or sign == "-" else "") + term)
    return "".join(parts)


def brute_force(parsed: DiceExpr) -> dict[int, Fraction]:
    """The distribution by listing every roll of every die: independent of the library."""
    dice_terms = [t.atom for t in parsed.terms if isinstance(t.atom, Dice)]
    ranges = [range(1, d.faces + 1) for d in dice_terms for _ in range(d.count)]
    counts: Counter[int] = Counter()
    for faces in itertools.product(*ranges):
        it = iter(faces)
        total = 0
        for term in parsed.terms:
            atom = term.atom
            if isinstance(atom, Dice):
                rolled = sorted(next(it) for _ in range(atom.count))
                if atom.keep is not None:
                    k = atom.keep.count
                    rolled = rolled[-k:] if atom.keep.highest else rolled[:k]
                value = sum(rolled)
            else:
                value = atom.value
            for scale in term.scales:
                value = value * scale.factor if scale.multiply else ceil_div(value, scale.factor)
            total += term.sign * value
        counts[total] += 1
    n = sum(counts.values())
    return {t: Fraction(c, n) for t, c in sorted(counts.items())}


@settings(max_examples=150, deadline=None)
@given(small_expressions())
def test_distribution_equals_brute_force(expr: str) -> None:
    assert distribution(expr) == brute_force(parse(expr))


@settings(max_examples=150, deadline=None)
@given(small_expressions(), st.integers(-30, 60), st.integers(0, 2**32))
def test_distribution_chance_and_rolls_agree(expr: str, target: int, seed: int) -> None:
    dist = distribution(expr)
    assert sum(dist.values()) == 1
    assert list(dist) == sorted(dist)
    assert all(p > 0 for p in dist.values())
    assert chance(expr, "<=", target) == sum(
        (p for t, p in dist.items() if t <= target), Fraction()
    )
    assert chance(expr, "<", target) + chance(expr, ">=", target) == 1
    assert chance(expr, ">", target) == 1 - chance(expr, "<=", target)
    assert chance(expr, "==", target) == dist.get(target, 0)
    rng = random.Random(seed)
    for _ in range(10):
        assert roll(expr, rng).total in dist


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 60), st.sampled_from([2, 3, 6, 10, 20, 100]), st.integers(0, 2**32))
def test_roll_totals_lie_in_the_support(count: int, faces: int, seed: int) -> None:
    expr = f"{count}d{faces}"
    assume(odds_work(expr) <= MAX_ODDS_WORK / 20)
    dist = distribution(expr)
    assert min(dist) == count and max(dist) == count * faces
    assert roll(expr, random.Random(seed)).total in dist


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=25))
def test_odds_of_any_text_raise_only_dice_error(expr: str) -> None:
    try:
        dist = distribution(expr)
    except DiceError:
        return
    assert sum(dist.values()) == 1
