"""Simply derived values: inventory examples 4.4 (E25-E38, E40-E42) and properties."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.errors import RuleError
from pycore.systems.simply.skills import skill_cost, skill_purchase_points, skill_rating
from pycore.systems.simply.stats import (
    Adjustment,
    Stats,
    adjusted_stats,
    age_category,
    explain_hit_points,
    fatigue_points,
    hit_points,
    initiative_bonus,
    unarmed_max_damage,
)


@pytest.mark.parametrize(
    ("s", "h", "hp"),
    [
        (6, 5, 23),
        (7, 3, 21),
        (8, 10, 42),
        (5, 8, 26),
        (1, 1, 4),
        (10, 10, 50),
        (5, 9, 27),
        (10, 1, 26),
        (1, 10, 14),
    ],
)
def test_sim_27_hit_points_e25_to_e29(s: int, h: int, hp: int) -> None:
    assert hit_points(s, h) == hp


def test_sim_27_formula_text_rounds_fractions_up() -> None:
    assert str(explain_hit_points(5, 8)) == "HP = ⌈Adj S × m + Adj H⌉ = ⌈5 × 7/2 + 8⌉ = ⌈51/2⌉ = 26"


def test_sim_26_fatigue_e30() -> None:
    assert fatigue_points(8, 4) == 12


@pytest.mark.parametrize(
    ("i", "age", "spp"),
    [
        (9, "Aged", 42),
        (6, "Adolescent", 9),
        (5, "Young Adult", 10),
        (7, "Ancient", 42),
        (3, "Mature", 16),
        (1, "Adolescent", -1),
    ],
)
def test_sim_18_skill_purchase_points_e31_e32(i: int, age: str, spp: int) -> None:
    assert skill_purchase_points(i, age) == spp


def test_sim_25_unarmed_e33() -> None:
    expected = [3, 3, 4, 4, 6, 6, 6, 10, 10, 10, 14, 14, 14, 18, 18, 18, 22, 22, 22, 22]
    assert [unarmed_max_damage(s) for s in range(1, 21)] == expected


def test_sim_25_martial_arts_e34() -> None:
    assert unarmed_max_damage(9, "Capable") == 11
    assert unarmed_max_damage(12, "Professional") == 16
    assert unarmed_max_damage(17, "Expert") == 25
    assert unarmed_max_damage(4, "Familiar") == 4


@pytest.mark.parametrize("kind", ["personal", "physical", "mental"])
def test_sim_28_ratings_e35(kind: str) -> None:
    levels = ["Familiar", "Capable", "Professional", "Expert"]
    assert [skill_rating(6, lvl, kind) for lvl in levels] == [8, 10, 14, 18]


def test_sim_03_default_ratings_e36_e37() -> None:
    assert skill_rating(6, None, "personal") == 6
    assert skill_rating(6, None, "physical") == 4
    assert skill_rating(6, None, "mental") is None
    assert skill_rating(4, "Expert", "mental") == 16


def test_sim_24_initiative_e38() -> None:
    levels = ["Familiar", "Capable", "Professional", "Expert", None]
    assert [initiative_bonus(lvl) for lvl in levels] == [1, 2, 3, 4, 0]


def test_sim_19_costs_e40_and_sim_14_ancient_e41() -> None:
    assert [skill_cost(x) for x in ("Familiar", "Capable", "Professional", "Expert")] == [
        1,
        2,
        4,
        8,
    ]
    assert (age_category("Ancient").stat_adj, age_category("Ancient").spp_base) == (-9, 38)


def test_sim_21_adjusted_c_e42() -> None:
    adj = (Adjustment("Chainmail", "C", -1), Adjustment("Large", "C", -1))
    assert adjusted_stats(Stats(6, 6, 6, 6), adj).coordination == 4


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: hit_points(5, 11), "Adj H 11"),
        (lambda: hit_points(5, 0), "Adj H 0"),
        (lambda: unarmed_max_damage(21), "Adj S 21"),
        (lambda: unarmed_max_damage(0), "Adj S 0"),
        (lambda: unarmed_max_damage(5, "Master"), "Martial Arts level 'Master'"),
        (lambda: skill_purchase_points(5, "Teen"), "age 'Teen'"),
        (lambda: skill_rating(5, None, "magic"), "skill kind 'magic'"),
        (lambda: skill_cost("Def"), "skill level 'Def'"),
    ],
)
def test_sim_d07_out_of_table_is_a_rule_error(call: object, field: str) -> None:
    with pytest.raises(RuleError, match=field):
        call()  # type: ignore[operator]


@given(st.integers(0, 50), st.integers(0, 50), st.integers(1, 10), st.integers(1, 10))
def test_sim_26_27_non_decreasing_in_s_and_h(s1: int, s2: int, h1: int, h2: int) -> None:
    s_lo, s_hi = sorted((s1, s2))
    h_lo, h_hi = sorted((h1, h2))
    assert hit_points(s_lo, h_lo) <= hit_points(s_hi, h_lo) <= hit_points(s_hi, h_hi)
    assert fatigue_points(s_lo, h_lo) <= fatigue_points(s_hi, h_hi)


@given(
    st.one_of(st.integers(-300, 300), st.none(), st.text(max_size=3), st.booleans()),
    st.one_of(st.integers(-300, 300), st.none(), st.floats(allow_nan=True)),
)
def test_sim_d07_bad_inputs_raise_only_rule_error(s: object, h: object) -> None:
    for call in (hit_points, fatigue_points):
        with contextlib.suppress(RuleError):
            call(s, h)  # type: ignore[arg-type]
    with contextlib.suppress(RuleError):
        unarmed_max_damage(s)  # type: ignore[arg-type]
    with contextlib.suppress(RuleError):
        skill_rating(s, None, "physical")  # type: ignore[arg-type]
