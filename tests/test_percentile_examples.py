"""The text's worked examples (PCT-E*) and the derived checks (PCT-D*) of percentile.md §4.

Seed: shared/seeds/000_3a834ccfd7e05c13.txt; each test cites its line.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pycore.errors import RuleError
from pycore.systems.percentile import agility, combat, damage, dice, sides, tohit
from pycore.systems.percentile.checks import brawlmanship, check, check_chance, marksmanship

F = Fraction


def test_e01_e02_e03_time_for_ap() -> None:  # line 68
    assert agility.time_for_ap(50, 50) == 5
    assert agility.time_for_ap(345, 345) == 5
    assert agility.time_for_ap(5, 50) == F(1, 2)
    assert agility.time_for_ap(F(69, 2), 345) == F(1, 2)


def test_e04_deci_percentage_pieces() -> None:  # line 71
    pieces = agility.turn_pieces(50, F(1, 10))
    assert len(pieces) == 10
    assert all(p.ap == 5 and p.seconds == F(1, 2) for p in pieces)
    assert [p.seconds for p in agility.turn_pieces(50, F(1, 4))] == [F(5, 4)] * 4


def test_e05_borrow_three_for_one() -> None:  # line 74
    ledger = agility.borrow(agility.new_ledger(50), 3)
    assert ledger.available == 51
    assert agility.start_turn(ledger).available == 47


def test_e06_borrow_all_next_turn() -> None:  # line 74
    ledger = agility.borrow(agility.new_ledger(50), 50)
    with pytest.raises(RuleError, match="not until the no-movement turn"):
        agility.borrow(ledger, 1)
    nxt = agility.start_turn(ledger)
    assert nxt.no_movement
    with pytest.raises(RuleError):
        agility.borrow(nxt, 1)
    after = agility.start_turn(agility.take(nxt))  # the no-movement turn came and went
    assert after.available == 50 and after.borrowable() == 50
    # a round with no turn for him (his side had none) is not that no-movement turn: it is his
    # next turn that pays (PCT-27), with no borrowing until it is over
    skipped = agility.start_turn(nxt)
    assert skipped.no_movement and skipped.borrowable() == 0


def test_e07_stun_debt_larger_than_ap() -> None:  # line 74
    ledger = agility.stun(agility.take(agility.new_ledger(50)), 1200)  # 120 AP owed, in his turn
    turns = []
    for _ in range(4):  # each a turn he had: a turn he has not had pays none (PCT-28)
        ledger = agility.start_turn(agility.take(ledger))
        turns.append(ledger.available)
    assert turns == [0, 0, 30, 50]


def test_e08_pass() -> None:  # line 60
    assert sides.pass_primary(sides.primary_attack({"A": 5, "B": 20, "C": 60})).order == [
        "B",
        "C",
        "A",
    ]


def test_e09_order_lowest_first() -> None:  # line 64
    pa = sides.primary_attack({"A": 57, "B": 12, "C": 90})
    assert pa.order == ["B", "A", "C"]


def test_e10_total_destruction() -> None:  # line 121
    hand = damage.BodyPart("hand", F(6))
    assert hand.destruction_at == 30
    assert not damage.take_damage(hand, 29).destroyed
    assert damage.take_damage(hand, 30).destroyed


def test_e11_auto_pistol() -> None:  # line 135
    d = dice.damage_dice("4+2")
    dist = d.distribution()
    assert (d.low, d.high, d.mean) == (6, 42, 24)
    assert dist[F(24)] == F(670, 10_000) == max(dist.values())
    assert dist[F(6)] == dist[F(42)] == F(1, 10_000)
    assert sum(dist.values()) == 1


def test_e12_contour_laser() -> None:  # line 136
    d = dice.damage_dice("3")
    dist = d.distribution()
    assert (d.low, d.high, d.mean) == (3, 30, F(33, 2))
    assert dist[F(16)] == dist[F(17)] == F(75, 1000) == max(dist.values())


def test_e13_finger_laser() -> None:  # line 137
    d = dice.damage_dice("½")
    assert d.notation == "1:10sd*1/2"
    dist = d.distribution()
    assert sorted(dist) == [F(k, 2) for k in range(1, 11)]
    assert set(dist.values()) == {F(1, 10)}
    assert d.mean == F(11, 4)


def test_e14_additional_descriptions() -> None:  # line 155
    chain = damage.additional_descriptions(18, [3, 9, 13, 17, 20])
    assert [damage.category_label(c) for c in chain] == [
        "86-90",
        "81-85",
        "61-65",
        "41-45",
        "11-15",
    ]


def test_e15_grenade_miss_distance() -> None:  # line 113
    assert tohit.grenade(50, 71) == "miss"
    dist = tohit.miss_distance_odds()
    assert sorted(dist) == list(range(14, 24)) and set(dist.values()) == {F(1, 10)}
    assert sum(k * p for k, p in dist.items()) == F(37, 2)


def test_e16_hth_range() -> None:  # lines 27, 81
    with pytest.raises(RuleError, match="max 3 m"):
        tohit.check_hth_range(F(7, 2))
    tohit.check_hth_range(3)


def test_e17_beer_bottle() -> None:  # line 27
    cats = {e: c for e, c, _ in tohit.category_examples()}
    assert cats["beer bottle (swung)"] == "hth"
    assert cats["beer bottle (thrown)"] == "weaponry"


def test_e19_exoskeleton_notice() -> None:  # line 149
    races = damage.races()
    for name in ("Aracnian", "fenbin", "Sooaacoli"):
        assert damage.description_order_notice(races[name])
    assert damage.description_order_notice(races["human"]) is None


def test_e20_head_in_chest() -> None:  # line 158
    races = damage.races()
    assert damage.organ_row(races["Eebek"], "chest") == "head"
    assert damage.organ_row(races["Krane"], "chest") == "head"
    assert damage.organ_row(races["human"], "chest") == "chest"


def test_e21_round_is_five_seconds() -> None:  # line 36
    assert combat.constants()["round_seconds"] == 5


def test_d01_marksmanship() -> None:
    skill = marksmanship(70, 30)
    assert skill == 50 and check_chance(skill) == F(49, 100)
    assert check(skill, 49).success and check(skill, 49).margin == 1
    assert not check(skill, 50).success


def test_d02_brawlmanship() -> None:
    skill = brawlmanship(55, 40)
    assert skill == F(95, 2) and check_chance(skill) == F(47, 100)
    assert tohit.to_hit_d1(skill, 47) == "hit" and tohit.to_hit_d1(skill, 48) == "miss"


def test_d03_d3_grades() -> None:
    assert [tohit.to_hit_d3(80, 30, r) for r in (29, 30, 49, 50)] == [
        "direct",
        "random",
        "random",
        "miss",
    ]
    assert tohit.to_hit_d3_odds(80, 30) == {
        "direct": F(29, 100),
        "random": F(20, 100),
        "miss": F(51, 100),
    }


def test_d04_grenade_bands() -> None:
    assert [tohit.grenade(50, r) for r in (49, 50, 70, 71)] == [
        "on target",
        "bounce",
        "bounce",
        "miss",
    ]
    assert tohit.grenade_odds(50) == {
        "on target": F(49, 100),
        "bounce": F(21, 100),
        "miss": F(30, 100),
    }


def test_d05_surprise_a2() -> None:
    tx = sides.target_a2([50, 70], 40)
    ty = sides.target_a2([30], 30)
    assert (tx, ty) == (50, 30)
    result = sides.surprise({"X": tx, "Y": ty}, {"X": 45, "Y": 28}, {"X": 10})
    assert result.score("X") == 5 and result.score("Y") == -2 and result.winner == "Y"


def test_d06_a3_target() -> None:
    assert sides.target_a3([(60, 80), (40, 20)]) == 50


def test_d07_exclusive_lead() -> None:
    assert sides.primary_attack({"A": 10, "B": 40, "C": 95}).exclusive
    assert not sides.primary_attack({"A": 10, "B": 39, "C": 95}).exclusive


def test_d08_grazing() -> None:
    assert tohit.grazing_factor(60, 15) == F(3, 4)
    assert tohit.grazed_damage(24, 60, 15) == 18


def test_d09_damage_percentage() -> None:
    dp = damage.damage_percentage(7, 20)
    assert dp == 35 and damage.damage_category(dp) == "31-35"
    assert damage.category_number(dp) == 7


def test_d10_structure_and_function() -> None:
    part = damage.take_damage(damage.take_damage(damage.BodyPart("arm", F(8)), 6), 7)
    assert part.damage == 13 and part.structure_left == 0 and part.function_left == 5
    assert not part.destroyed
    assert damage.take_damage(part, 27).destroyed
    assert not damage.take_damage(part, 26).destroyed


def test_d11_stun_debt() -> None:
    ledger = agility.stun(agility.take(agility.new_ledger(50)), 200)  # in his turn
    assert ledger.debt == 20
    assert agility.start_turn(ledger).available == 30
    # before his turn (PCT-28: paid at the start of his turns): that turn has the 30
    before = agility.stun(agility.new_ledger(50), 200)
    assert (before.available, before.debt) == (30, 0)


def test_d12_borrow() -> None:
    ledger = agility.borrow(agility.new_ledger(50), 12)
    assert ledger.available == 54
    assert agility.start_turn(ledger).available == 38


def test_d13_two_plus_five() -> None:
    d = dice.damage_dice("2+5")
    assert d.notation == "2:10sd+5" and (d.low, d.high, d.mean) == (7, 25, 16)


def test_d14_organ_dp() -> None:
    out = damage.organ_damage(damage.Race("human"), "arm", 60, {"circulatory": F(1, 2)})
    assert out[0].organ_dp == 30


def test_d15_ad_chain() -> None:
    chain = damage.additional_descriptions(damage.category_number(48) or 0, [3, 9, 13, 17, 20])
    assert [damage.category_label(c) for c in chain] == ["46-50", "41-45", "11-15"]


def test_d16_equal_sides_half() -> None:
    assert sides.surprise_chance(50, 50) == F(1, 2)
    assert sides.surprise_chance(60, 60, 5, 5) == F(1, 2)


def test_d17_time() -> None:
    assert agility.time_for_ap(20, 50) == 2


def test_d18_d2() -> None:
    assert tohit.to_hit_d2_odds(35)["hit"] == F(34, 100)


def test_d19_range_advisory() -> None:
    assert tohit.damage_die_advisory(9) is None
    assert tohit.damage_die_advisory(10)
