"""Simply tasks, tests, contests, checks and odds (SIM-01 to SIM-09, SIM-11; examples E01-E18)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seedfiles import seed_lines, seeds_dir

from pycore.errors import RuleError
from pycore.systems.simply import tasks
from pycore.tables import load_table

SEED = seeds_dir() / "002_397ff4437f29826d.txt"
PAIRS = list(product(range(1, 11), repeat=2))


def brute_success(target: int, skilled: bool) -> Fraction:
    """Independent count over the 100 die pairs, judged by SIM-06 written out again."""
    hits = 0
    for a, b in PAIRS:
        total = a + b
        ok = total != 20 and ((total == 2 and skilled) or total <= target)
        hits += ok
    return Fraction(hits, 100)


def brute_contest(ta: int, tb: int, sa: bool, sb: bool) -> tuple[Fraction, Fraction, Fraction]:
    def side(t: int, r: int, s: bool) -> tuple[bool, int]:
        return (r != 20 and ((r == 2 and s) or r <= t)), t - r

    wa = wb = dr = 0
    for a1, a2, b1, b2 in product(range(1, 11), repeat=4):
        oka, ma = side(ta, a1 + a2, sa)
        okb, mb = side(tb, b1 + b2, sb)
        if oka and (not okb or ma > mb):
            wa += 1
        elif okb and (not oka or mb > ma):
            wb += 1
        else:
            dr += 1
    return Fraction(wa, 10000), Fraction(wb, 10000), Fraction(dr, 10000)


# --- SIM-11 / SIM-T13 -------------------------------------------------------------------------


def test_sim_11_e01_printed_table_tn_2_to_19() -> None:
    printed = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 64, 72, 79, 85, 90, 94, 97, 99]
    for target, percent in zip(range(2, 20), printed, strict=True):
        cell = tasks.table_chance(target)
        assert cell is not None and cell.percent == percent and cell.line == 406 + target
        assert tasks.success_chance(target) == Fraction(percent, 100)


def test_sim_11_e02_tn_20_printed_100_real_99() -> None:
    cell = tasks.table_chance(20)
    assert cell is not None and cell.fraction == 1 and str(cell) == "100%"
    assert tasks.success_chance(20) == Fraction(99, 100)


def test_sim_11_e03_e04_e05_real_chances() -> None:
    assert tasks.success_chance(15) == Fraction(85, 100)
    assert tasks.success_chance(22) == Fraction(99, 100)
    assert tasks.success_chance(1, skilled=True) == Fraction(1, 100)
    assert tasks.success_chance(1, skilled=False) == 0


def test_sim_11_table_only_covers_tn_2_to_20() -> None:
    assert tasks.table_chance(1) is None and tasks.table_chance(21) is None


def test_sim_t13_matches_the_seed_and_brute_force() -> None:
    table = load_table("simply", "success_probability")
    assert [r["tn"] for r in table.rows] == list(range(2, 21))
    seed = seed_lines("002_397ff4437f29826d.txt")
    for row in table.rows:
        tn, percent, line = row["tn"], row["percent"], row["line"]
        assert isinstance(tn, int) and isinstance(line, int)
        assert seed[line - 1] == f"{tn}\t{percent}%"
        assert percent == sum(a + b <= tn for a, b in PAIRS)


@pytest.mark.parametrize("target", range(-3, 25))
@pytest.mark.parametrize("skilled", [True, False])
def test_sim_11_success_chance_equals_brute_force(target: int, skilled: bool) -> None:
    assert tasks.success_chance(target, skilled) == brute_success(target, skilled)


# --- SIM-06 / SIM-07 tests --------------------------------------------------------------------


def test_sim_06_e06_twenty_always_fails() -> None:
    r = tasks.test(24, 20)
    assert (r.success, r.automatic, r.margin) == (False, True, 4)
    assert str(r) == "2D10 = 20 vs TN 24: automatic failure (20 always fails)"
    assert str(tasks.test(25, 20, "Expert")) == (
        "2D10 = 20 vs TN 25: automatic failure (20 always fails)"
    )


def test_sim_06_e07_two_succeeds_at_familiar_or_better() -> None:
    r = tasks.test(0, 2, "Capable")
    assert (r.success, r.automatic, r.margin) == (True, True, -2)
    for level in tasks.LEVELS:
        assert tasks.test(-5, 2, level).success


def test_sim_06_e08_no_automatic_two_without_fam() -> None:
    r = tasks.test(1, 2)
    assert (r.success, r.automatic, r.margin) == (False, False, -1)
    assert str(r) == "2D10 = 2 vs TN 1: failure by 1"


def test_sim_06_automatic_two_with_tn_at_least_two_is_still_automatic() -> None:
    r = tasks.test(12, 2, "Familiar")
    assert (r.success, r.automatic, r.margin) == (True, True, 10)
    assert not tasks.test(12, 2).automatic


def test_sim_07_e09_e10_margins() -> None:
    r = tasks.test(14, 8)
    assert (r.success, r.margin, r.automatic) == (True, 6, False)
    assert str(r) == "2D10 = 8 vs TN 14: success by 6"
    assert (tasks.test(12, 12).success, tasks.test(12, 12).margin) == (True, 0)
    assert (tasks.test(12, 13).success, tasks.test(12, 13).margin) == (False, -1)
    assert str(tasks.test(12, 7)) == "2D10 = 7 vs TN 12: success by 5"


def test_sim_06_roll_test_uses_the_dice_engine_and_explains() -> None:
    rolled = tasks.roll_test(12, random.Random(1))
    assert rolled.roll.total == rolled.result.roll == sum(rolled.roll.dice)
    assert str(rolled) == "2d10 (3, 10) = 13 vs TN 12: failure by 1"


# --- SIM-01 to SIM-05 target numbers ----------------------------------------------------------


def test_sim_04_e11_difficulty_modifiers() -> None:
    assert tasks.target_number(10, "Very Easy").total == 14
    assert tasks.target_number(10, "Near Impossible").total == -2


def test_sim_04_every_difficulty_from_sim_t01() -> None:
    table = load_table("simply", "difficulty")
    names = tuple(r["name"] for r in table.rows)
    assert names == tasks.DIFFICULTIES
    for row in table.rows:
        tn = tasks.target_number(10, str(row["name"]))
        modifier = row["modifier"]
        assert tn.total == 10 + (modifier if isinstance(modifier, int) else 0)
        assert tn.automatic == row["automatic"]


def test_sim_04_e12_automatic_and_impossible_need_no_roll() -> None:
    auto = tasks.resolve_task(tasks.target_number(10, "Automatic"), None)
    assert auto.success and auto.result is None and auto.roll is None
    never = tasks.roll_task(tasks.target_number(10, "Impossible"), "Expert", random.Random(0))
    assert not never.success and never.result is None
    assert str(never) == "base 10; Impossible: automatic failure, no roll"
    with pytest.raises(RuleError, match="no roll"):
        tasks.resolve_task(tasks.target_number(10, "Automatic"), 7)


def test_sim_05_target_number_lists_parts_with_sources() -> None:
    tn = tasks.target_number(12, "Difficult", [("cover", -2)], base_label="Sword, Capable")
    assert str(tn) == "base 12 (Sword, Capable) + Difficult −4 + cover −2 = TN 6"
    assert [(p.label, p.value, p.source) for p in tn.parts] == [
        ("base", 12, "SIM-02"),
        ("Difficult", -4, "SIM-04"),
        ("cover", -2, "SIM-05"),
    ]
    assert str(tasks.target_number(9, "Easy", [("aim", 1)])) == "base 9 + Easy +2 + aim +1 = TN 12"
    assert str(tasks.target_number(9)) == "base 9 + Average 0 = TN 9"


def test_sim_01_task_resolves_against_its_target_number() -> None:
    tn = tasks.target_number(12, "Difficult", [("cover", -2)])
    out = tasks.resolve_task(tn, 6, "Capable")
    assert out.success and out.result is not None and out.result.margin == 0
    rolled = tasks.roll_task(tn, None, random.Random(1))
    assert rolled.roll is not None and rolled.result is not None
    assert rolled.result.roll == rolled.roll.total


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: tasks.target_number(10, "Hard"),
            "difficulty 'Hard' is unknown; allowed: Automatic",
        ),
        (lambda: tasks.target_number(1001), "base score 1001 is outside -1000 to 1000"),
        (lambda: tasks.target_number(10, "Average", [("x", 101)]), "modifier 'x' 101 is outside"),
        (lambda: tasks.target_number(10, "Average", [("", 1)]), "modifier 1 name ''"),
        (lambda: tasks.target_number(10, "Average", [("x", 1)] * 21), "modifiers count 21"),
        (lambda: tasks.test(10, 1), "roll 1 is outside 2 to 20"),
        (lambda: tasks.test(10, 5, "Master"), "skill level 'Master' is unknown"),
        (lambda: tasks.test(True, 5), "target number True is not a whole number"),
        (lambda: tasks.success_chance(-1001), "target number -1001 is outside -1000 to 1000"),
        (lambda: tasks.contest_odds(10, 5000), "target number B 5000"),
        (lambda: tasks.special_check("luck", 5), "special check 'luck' is unknown"),
        (lambda: tasks.special_check("focus", 101), "unadjusted I 101 is outside 0 to 100"),
    ],
)
def test_bad_input_is_a_rule_error_naming_field_value_and_range(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(RuleError, match=message.replace("(", r"\(")):
        call()


# --- SIM-08 contests --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ta", "ra", "tb", "rb", "winner", "margins"),
    [
        (11, 6, 13, 9, "a", (5, 4)),  # E13
        (7, 8, 9, 15, None, (-1, -6)),  # E14 both fail
        (12, 14, 10, 10, "b", (-2, 0)),  # E15 only b succeeds
        (10, 6, 12, 8, None, (4, 4)),  # E16 equal margins
        (25, 20, 5, 5, "b", (5, 0)),  # E17 a's 20 fails automatically
    ],
)
def test_sim_08_e13_to_e17_contests(
    ta: int, ra: int, tb: int, rb: int, winner: str | None, margins: tuple[int, int]
) -> None:
    r = tasks.contest(ta, ra, tb, rb)
    assert r.winner == winner
    assert (r.margin_a, r.margin_b) == margins


def test_sim_08_contest_explains() -> None:
    assert str(tasks.contest(7, 8, 9, 15)) == (
        "A 2D10 = 8 vs TN 7: failure by 1; B 2D10 = 15 vs TN 9: failure by 6"
        " → draw (both fail; repeat the contest or change the plan)"
    )
    assert str(tasks.contest(11, 6, 13, 9)).endswith("→ A wins (margins 5 vs 4)")


def test_sim_08_automatic_two_counts_in_a_contest() -> None:
    assert tasks.contest(0, 2, 5, 9, level_a="Expert").winner == "a"
    assert tasks.contest(0, 2, 5, 9).winner is None


def test_sim_08_e18_contest_odds_10_vs_10() -> None:
    odds = tasks.contest_odds(10, 10)
    assert (odds.a, odds.b, odds.draw) == (
        Fraction(669, 2000),
        Fraction(669, 2000),
        Fraction(331, 1000),
    )


@pytest.mark.parametrize(
    ("ta", "tb", "sa", "sb"),
    [(10, 10, True, True), (12, 7, True, False), (1, 0, True, True), (25, 3, False, True)],
)
def test_sim_08_contest_odds_equal_brute_force(ta: int, tb: int, sa: bool, sb: bool) -> None:
    odds = tasks.contest_odds(ta, tb, sa, sb)
    assert (odds.a, odds.b, odds.draw) == brute_contest(ta, tb, sa, sb)


def test_sim_08_roll_contest_rolls_a_then_b() -> None:
    rolled = tasks.roll_contest(12, "Capable", 10, None, random.Random(1))
    assert rolled.result.a.roll == rolled.roll_a.total
    assert rolled.result.b.roll == rolled.roll_b.total
    assert rolled.winner == "b"


# --- SIM-09 special checks --------------------------------------------------------------------


def test_sim_09_special_checks_are_twice_the_unadjusted_stat() -> None:
    assert tasks.SPECIAL_CHECKS == ("knockback", "agility", "focus", "stamina")
    assert [tasks.special_check_stat(c) for c in tasks.SPECIAL_CHECKS] == ["S", "C", "I", "H"]
    assert tasks.special_check("Knockback", 6) == 12
    assert tasks.special_check("agility check", 7) == 14
    assert tasks.special_check("FOCUS", 4) == 8
    assert tasks.special_check("Stamina Check", 5) == 10


# --- properties -------------------------------------------------------------------------------

targets = st.integers(min_value=-30, max_value=40)


@settings(max_examples=60, deadline=None)
@given(targets, targets, st.booleans(), st.booleans())
def test_sim_08_contest_odds_sum_to_one_and_swap(ta: int, tb: int, sa: bool, sb: bool) -> None:
    odds = tasks.contest_odds(ta, tb, sa, sb)
    assert odds.a + odds.b + odds.draw == 1
    swapped = tasks.contest_odds(tb, ta, sb, sa)
    assert (swapped.a, swapped.b, swapped.draw) == (odds.b, odds.a, odds.draw)


@settings(max_examples=100, deadline=None)
@given(targets, st.booleans())
def test_sim_11_success_chance_is_non_decreasing(target: int, skilled: bool) -> None:
    assert tasks.success_chance(target, skilled) <= tasks.success_chance(target + 1, skilled)
    assert tasks.success_chance(target, False) <= tasks.success_chance(target, True)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(),
    st.integers(),
    st.sampled_from([None, *tasks.LEVELS, "Default", ""]),
)
def test_sim_06_any_int_input_works_or_raises_rule_error(
    target: int, roll: int, level: str | None
) -> None:
    try:
        r = tasks.test(target, roll, level)
    except RuleError:
        assert not (
            -1000 <= target <= 1000 and 2 <= roll <= 20 and level != "" and level != "Default"
        )
        return
    assert r.margin == target - roll
    assert r.success == (roll != 20 and ((roll == 2 and level is not None) or roll <= target))


@settings(max_examples=100, deadline=None)
@given(
    st.integers(),
    st.sampled_from((*tasks.DIFFICULTIES, "Hard")),
    st.lists(st.integers(), max_size=3),
)
def test_sim_05_target_number_works_or_raises_rule_error(
    base: int, difficulty: str, values: list[int]
) -> None:
    try:
        tn = tasks.target_number(base, difficulty, [(f"m{i}", v) for i, v in enumerate(values)])
    except RuleError:
        return
    assert tn.total == sum(p.value for p in tn.parts)


@settings(max_examples=100, deadline=None)
@given(st.integers(), st.integers(), st.integers(), st.integers())
def test_sim_08_any_contest_input_works_or_raises_rule_error(
    ta: int, ra: int, tb: int, rb: int
) -> None:
    try:
        r = tasks.contest(ta, ra, tb, rb)
    except RuleError:
        return
    assert r.winner in ("a", "b", None)
    if r.winner == "a":
        assert r.a.success


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(tasks.SPECIAL_CHECKS), st.integers())
def test_sim_09_special_check_works_or_raises_rule_error(check: str, stat: int) -> None:
    try:
        assert tasks.special_check(check, stat) == 2 * stat
    except RuleError:
        assert not 0 <= stat <= 100
