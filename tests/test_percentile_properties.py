"""Hypothesis properties of the percentile core: odds in [0, 1] summing to 1, monotone in skill,
and nothing but the typed error on any input."""

from __future__ import annotations

import contextlib
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.errors import RulekeeperError
from pycore.systems.percentile import agility, damage, dice, gmtables, sides, tohit
from pycore.systems.percentile.checks import brawlmanship, check_chance, marksmanship

halves = st.integers(-400, 400).map(lambda n: Fraction(n, 2))
percent = st.integers(0, 100)


@given(halves)
def test_check_chance_matches_counting(target: Fraction) -> None:
    expected = Fraction(sum(1 for r in range(1, 101) if r < target), 100)
    assert check_chance(target) == expected


@given(percent, percent)
def test_d3_odds_sum_to_one_and_match_counting(pth: int, pa: int) -> None:
    odds = tohit.to_hit_d3_odds(pth, pa)
    assert sum(odds.values()) == 1 and all(0 <= p <= 1 for p in odds.values())
    counted = {"direct": 0, "random": 0, "miss": 0}
    for r in range(1, 101):
        counted[tohit.to_hit_d3(pth, pa, r)] += 1
    assert odds == {k: Fraction(v, 100) for k, v in counted.items()}


@given(st.integers(0, 100).map(lambda n: Fraction(n)) | halves.filter(lambda h: 0 <= h <= 100))
def test_grenade_odds_match_counting(brawl: Fraction) -> None:
    odds = tohit.grenade_odds(brawl)
    counted = {"on target": 0, "bounce": 0, "miss": 0}
    for r in range(1, 101):
        counted[tohit.grenade(brawl, r)] += 1
    assert odds == {k: Fraction(v, 100) for k, v in counted.items()}


@given(percent, percent)
def test_hit_odds_monotone_in_skill(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert tohit.to_hit_d1_odds(low)["hit"] <= tohit.to_hit_d1_odds(high)["hit"]
    assert tohit.to_hit_d2_odds(low)["hit"] <= tohit.to_hit_d2_odds(high)["hit"]
    assert tohit.grenade_odds(low)["miss"] >= tohit.grenade_odds(high)["miss"]


@settings(max_examples=30)
@given(percent, percent, st.integers(-50, 50))
def test_surprise_odds_monotone_and_complementary(pa: int, pb: int, m: int) -> None:
    a = sides.surprise_chance(pa, pb, m, 0)
    b = sides.surprise_chance(pb, pa, 0, m)
    assert a + b == 1 and 0 <= a <= 1
    if pa < 100:
        assert sides.surprise_chance(pa + 1, pb, m, 0) >= a


@given(percent, st.integers(-100, 100), percent, st.integers(-100, 100))
def test_skills_are_exact_halves(brawl: int, adif: int, aim: int, wdif: int) -> None:
    assert brawlmanship(brawl, adif) * 2 == brawl + adif
    assert marksmanship(aim, wdif) * 2 == aim + wdif


@given(st.integers(1, 5000), st.lists(st.integers(0, 500), max_size=8))
def test_damage_record_invariants(points: int, hits: list[int]) -> None:
    part = damage.BodyPart("p", Fraction(points))
    for hit in hits:
        part = damage.take_damage(part, hit)
    assert 0 <= part.function_left <= points and 0 <= part.structure_left <= 10
    assert part.destroyed == (sum(hits) >= 5 * points)
    if sum(hits) <= 10:
        assert part.function_left == points


@given(st.integers(1, 20), st.integers(0, 50), st.sampled_from(["", "½", "/3"]))
def test_damage_distribution_sums_to_one(x: int, y: int, frac: str) -> None:
    text = f"{x}+{y}" if not frac else (f"1{frac}" if frac != "½" else "½")
    d = dice.damage_dice(text)
    dist = d.distribution()
    assert sum(dist.values()) == 1
    assert sum(k * p for k, p in dist.items()) == d.mean
    assert min(dist) == d.low and max(dist) == d.high


@given(st.integers(1, 10_000), st.lists(st.integers(0, 3000), max_size=6))
def test_ledger_never_negative(ap: int, events: list[int]) -> None:
    ledger = agility.new_ledger(ap)
    for e in events:
        ledger = agility.stun(ledger, e)
        ledger = agility.start_turn(ledger)
        assert ledger.available >= 0 and ledger.debt >= 0


anything: Any = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**9), 10**9),
    st.text(max_size=12),
    st.floats(allow_nan=True),
    halves,
)


@given(anything, anything, anything)
def test_only_typed_errors(a: Any, b: Any, c: Any) -> None:
    calls = [
        lambda: tohit.to_hit_d3(a, b, c),
        lambda: tohit.to_hit_d3_odds(a, b),
        lambda: tohit.grenade(a, b),
        lambda: tohit.grazed_damage(a, b, c),
        lambda: brawlmanship(a, b),
        lambda: check_chance(a),
        lambda: damage.damage_percentage(a, b),
        lambda: damage.damage_category(a),
        lambda: agility.time_for_ap(a, b),
        lambda: sides.primary_attack({"A": a, "B": b}),
        lambda: dice.damage_dice(a),
        lambda: gmtables.validate_gm_table("PCT-M05", [{"condition": a, "value": b}]),
        lambda: gmtables.rows_from_csv("PCT-M04", str(a)),
    ]
    for call in calls:
        with contextlib.suppress(RulekeeperError):
            call()


@settings(max_examples=25)
@given(halves, halves, st.integers(-60, 60))
def test_surprise_odds_match_brute_force(ta: Fraction, tb: Fraction, m: int) -> None:
    a_wins = b_wins = 0
    for ra in range(1, 101):
        for rb in range(1, 101):
            sa, sb = ra + m - ta, rb - tb
            a_wins += sa < sb
            b_wins += sb < sa
    odds = sides.lowest_odds({"A": ta, "B": tb}, {"A": m})
    if a_wins + b_wins:
        assert odds["A"] == Fraction(a_wins, a_wins + b_wins)
