"""Simply Luck Points on tasks (SIM-10, examples E19-E24) and against injury (SIM-43, E55)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import refused

from pycore.errors import RuleError
from pycore.systems.simply import luck


def test_sim_10_e19_four_lp_cannot_declare() -> None:
    assert not luck.can_declare_luck(4)
    assert luck.can_declare_luck(5)
    with refused("SIM-10", match=r"luck points 4 is outside 5 to 1000 \(at least 5 LP"):
        luck.luck_on_test(10, 6, 4)
    with pytest.raises(RuleError, match="luck points 4"):
        luck.roll_luck_test(10, 4, random.Random(0))


def test_sim_10_e20_success_spends_five() -> None:
    r = luck.luck_on_test(10, 6, 20)
    assert (r.success, r.spent, r.margin, r.final_target, r.case) == (True, 5, 4, 10, "success")
    assert r.luck_left == 15
    assert (
        str(r) == "2D10 = 6 vs TN 10: success by 4; luck: 5 LP spent (success costs 5); 15 LP left"
    )


def test_sim_10_e21_buying_three_costs_the_minimum_five() -> None:
    r = luck.luck_on_test(10, 13, 20)
    assert (r.success, r.spent, r.final_target, r.margin, r.needed) == (True, 5, 15, 2, 3)
    assert r.case == "bought" and r.luck_left == 15


def test_sim_10_e22_buying_eight() -> None:
    r = luck.luck_on_test(10, 18, 20)
    assert (r.success, r.spent, r.final_target, r.margin) == (True, 8, 18, 0)
    assert r.luck_left == 12


def test_sim_10_e23_not_enough_lp_fails_and_spends_five() -> None:
    r = luck.luck_on_test(10, 18, 7)
    assert (r.success, r.spent, r.case, r.luck_left) == (False, 5, "not enough", 2)
    assert r.final_target == 10 and r.margin == -8


def test_sim_10_e24_a_twenty_cannot_be_bought_off() -> None:
    r = luck.luck_on_test(25, 20, 30)
    assert (r.success, r.spent, r.case, r.luck_left) == (False, 5, "automatic failure", 25)
    assert "a 20 cannot be bought off" in str(r)


def test_sim_10_exactly_enough_lp_buys_the_roll() -> None:
    r = luck.luck_on_test(10, 17, 7)
    assert (r.success, r.spent, r.margin, r.luck_left) == (True, 7, 0, 0)


def test_sim_10_automatic_two_is_a_success_costing_five() -> None:
    r = luck.luck_on_test(0, 2, 10, "Familiar")
    assert (r.success, r.spent, r.margin) == (True, 5, -2)
    unskilled = luck.luck_on_test(0, 2, 10)
    # No automatic 2 without Fam+: bought with the minimum 5, and the TN rises by all 5.
    assert (unskilled.success, unskilled.spent, unskilled.final_target) == (True, 5, 5)
    assert (unskilled.case, unskilled.margin) == ("bought", 3)


def test_sim_10_roll_luck_test_rolls_after_declaring() -> None:
    rolled = luck.roll_luck_test(10, 20, random.Random(1))
    assert rolled.result.test.roll == rolled.roll.total
    # The dice and their total once, then the verdict and the luck (it read "2d10 (3, 10) =
    # 13: 2D10 = 13 vs TN 10", the total twice).
    assert str(rolled).startswith("2d10 (3, 10) = 13 vs TN 10: failure by 3; luck: ")


def test_sim_43_e55_injury_reduced_one_for_one() -> None:
    r = luck.luck_on_injury(9, 20, 4)
    assert (r.injury, r.luck_left, r.spent) == (5, 16, 4)
    assert str(r) == "injury 9 − luck 4 = 5; 16 LP left"


def test_sim_43_no_minimum_and_capped_by_injury_and_luck() -> None:
    assert luck.luck_on_injury(9, 3, 1).injury == 8
    assert luck.luck_on_injury(9, 3, 0).injury == 9
    with pytest.raises(RuleError, match="luck spent 4 is outside 0 to 3"):
        luck.luck_on_injury(9, 3, 4)
    with pytest.raises(RuleError, match="luck spent 10 is outside 0 to 9"):
        luck.luck_on_injury(9, 20, 10)
    with pytest.raises(RuleError, match="injury -1 is outside 0 to 1000"):
        luck.luck_on_injury(-1, 20, 0)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=-30, max_value=40),
    st.integers(min_value=2, max_value=20),
    st.integers(min_value=5, max_value=60),
    st.sampled_from([None, "Familiar"]),
)
def test_sim_10_luck_invariants(target: int, roll: int, lp: int, level: str | None) -> None:
    r = luck.luck_on_test(target, roll, lp, level)
    assert luck.LUCK_MINIMUM <= r.spent <= lp
    assert r.luck_left == lp - r.spent >= 0
    if roll == 20:
        assert not r.success and r.spent == 5
    if r.success and r.case == "bought":
        assert r.final_target == target + r.spent and r.margin >= 0
        assert r.spent == max(5, roll - target)
    if not r.success:
        assert r.spent == 5 and r.final_target == target


@settings(max_examples=200, deadline=None)
@given(st.integers(), st.integers(), st.integers())
def test_sim_10_any_int_input_works_or_raises_rule_error(target: int, roll: int, lp: int) -> None:
    try:
        r = luck.luck_on_test(target, roll, lp)
    except RuleError:
        assert not (-1000 <= target <= 1000 and 2 <= roll <= 20 and 5 <= lp <= 1000)
        return
    assert r.luck_left >= 0


@settings(max_examples=200, deadline=None)
@given(st.integers(), st.integers(), st.integers())
def test_sim_43_any_int_input_works_or_raises_rule_error(injury: int, lp: int, spend: int) -> None:
    try:
        r = luck.luck_on_injury(injury, lp, spend)
    except RuleError:
        return
    assert r.injury >= 0 and r.luck_left >= 0 and r.injury + r.spent == injury
