"""GURPS-style rules: the texts' worked examples (EX-*) and the derived checks (DC-*) of
shared/rules/gurps.md §4, every table against the seed text, and properties."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seedfiles import seed_lines

from pycore.errors import RuleError
from pycore.systems.gurps import (
    Fighter,
    Modifier,
    allowed_defenses,
    at_half_damage,
    attack,
    attack_modifier,
    basic_damage,
    block,
    chink_dr,
    critical_chance,
    critical_failure_chance,
    damage_types,
    defend,
    defense_chance,
    dodge,
    effective_skill,
    half_damage,
    hit_chance,
    injury,
    landing_chance,
    large_area_dr,
    location_keys,
    location_penalty,
    maneuver,
    maneuver_modifier,
    max_damage,
    parry,
    posture,
    posture_names,
    size_modifier,
    speed_range_modifier,
    three_d6,
    turn_order,
    unarmed_parry,
)
from pycore.tables import load_table

S003 = "003_27152ceb11e900f6.txt"
S004 = "004_8e72aab36b774822.txt"


# --- §4.1 the texts' examples ----------------------------------------------------------------


def test_ex01_filthy_pierre_axe() -> None:  # 003:L30
    result = injury(7, 2, "cut", "torso")
    assert (result.penetrating_damage, result.raw, result.injury) == (5, Fraction(15, 2), 7)


def test_ex02_edmund_zhang_zombie() -> None:  # 003:L78, GUR-61
    injuries = [injury(p + 1, 1, "pi", tolerance="unliving", hp=24).injury for p in (8, 7, 10)]
    assert injuries == [2, 2, 3] and 24 - sum(injuries) == 17


def test_ex03_ex04_parry_and_block() -> None:  # 004:L251, L239
    assert parry(13) == 9 and block(11) == 8


def test_ex05_ex06_ex12_speed_range() -> None:  # 004:L179-180, L176
    assert speed_range_modifier(8) == -4
    assert speed_range_modifier(40 + 30) == -9
    assert speed_range_modifier(8) == speed_range_modifier(10)


def test_ex07_a_roll_of_3_does_maximum_damage_and_cannot_be_defended() -> None:  # 004:L82
    result = attack(12, 3)
    assert result.critical and result.max_damage and max_damage("1d+2") == 8


def test_ex08_ex09_dr_and_penetration() -> None:  # 004:L327, L329
    assert injury(6, 4, "cr").penetrating_damage == 2
    assert injury(20, 2 + 12, "cr").penetrating_damage == 6


def test_ex10_half_damage_range() -> None:  # 003:L22, 004:L320, GUR-22
    assert not at_half_damage(9, 10, 100)
    assert at_half_damage(11, 10, 100) and half_damage(9) == 4
    assert at_half_damage(100, 10, 100)
    assert at_half_damage(10, 10, 100)  # "at or beyond" (004:L320)
    with pytest.raises(RuleError, match="beyond Max"):
        at_half_damage(101, 10, 100)


def test_ex11_critical_failure() -> None:  # 003:L1-2
    assert attack(6, 16).critical_failure and attack(5, 15).critical_failure


# --- §4.2 derived checks -----------------------------------------------------------------------


def test_dc01_dc02_dodge() -> None:  # GUR-46
    assert dodge(5.75) == 8 and dodge(5.25, 2) == 6


def test_dc03_unarmed_parry() -> None:  # GUR-50
    assert unarmed_parry(12, brawling=11).value == 9
    assert unarmed_parry(12, brawling=11, vs_weapon=True).value == 6
    assert unarmed_parry(12, brawling=11, vs_weapon=True, thrust=True).value == 9


def test_gur50_karate_parries_a_weapon_without_the_minus_3() -> None:  # 004:L268-270
    # Brawling 14 would give 10 but takes −3 against a weapon (7); Karate 12 gives a full 9.
    best = unarmed_parry(12, brawling=14, karate=12, vs_weapon=True)
    assert (best.name, best.value) == ("Parry (unarmed, Karate)", 9)
    # Against an unarmed attack or a thrust nothing is taken off: Brawling 14 is better.
    assert unarmed_parry(12, brawling=14, karate=12).value == 10
    assert unarmed_parry(12, brawling=14, karate=12, vs_weapon=True, thrust=True).value == 10


def test_gur50_dx_if_higher_and_a_tie_goes_to_the_skill() -> None:  # 004:L268
    assert unarmed_parry(14, brawling=10).name == "Parry (unarmed, DX)"
    assert unarmed_parry(12, brawling=12).name == "Parry (unarmed, Brawling)"


def test_gur51_a_karate_parry_takes_the_encumbrance_level() -> None:  # 004:L293
    parry_now = unarmed_parry(10, karate=14, encumbrance=2)
    assert parry_now.value == 8 and "− 2 encumbrance" in str(parry_now)


def test_dc04_dc05_parry_with_equipment_modifiers() -> None:  # GUR-48, GUR-T09
    assert parry(14, 2) == 12 and parry(11, -1) == 7


def test_dc06_move_and_attack_cap() -> None:  # GUR-15
    cap = maneuver("Move and Attack").melee_cap
    mod = maneuver_modifier("Move and Attack", melee=True)
    assert effective_skill(15, [mod], cap).total == 9
    assert effective_skill(12, [mod], cap).total == 8


def test_dc07_dc08_hit_and_critical_odds() -> None:  # GUR-20, GUR-T16
    assert hit_chance(10) == Fraction(108, 216)
    assert critical_chance(10) == Fraction(4, 216) and critical_failure_chance(10) == 0
    assert [critical_chance(s) * 216 for s in (15, 16, 20)] == [10, 20, 20]
    assert hit_chance(20) == Fraction(212, 216)


def test_dc09_crit_hit_never_crit_fail() -> None:  # GUR-20, GUR-02
    low = attack(-6, 4)
    assert low.critical and not low.critical_failure
    five = attack(-6, 5)
    assert not five.hit and five.critical_failure


def test_dc10_critical_failure_odds() -> None:  # GUR-02
    assert [critical_failure_chance(s) * 216 for s in (6, 8, 9)] == [10, 1, 0]


def test_dc11_defense_automatic_results() -> None:  # GUR-44
    assert defend(1, 4).success and not defend(20, 17).success


def test_dc12_minimum_basic_damage() -> None:  # GUR-53
    assert basic_damage("1d-3", 2, "cr") == 0 and basic_damage("1d-3", 2, "cut") == 1


def test_dc13_dc14_wounding_and_minimum_injury() -> None:  # GUR-56, GUR-57
    assert injury(5, 0, "imp").injury == 10
    assert injury(1, 0, "pi-").injury == 1


def test_dc15_dc16_skull() -> None:  # GUR-32
    crushing = injury(5, 2, "cr", "skull")
    assert (crushing.effective_dr, crushing.penetrating_damage, crushing.injury) == (4, 1, 4)
    toxic = injury(5, 2, "tox", "skull")
    assert (toxic.effective_dr, toxic.penetrating_damage, toxic.injury) == (2, 3, 3)


def test_dc17_vitals() -> None:  # GUR-31
    assert injury(4, 0, "pi", "vitals").injury == 12
    assert injury(4, 0, "pi-", "vitals").injury == 12
    assert injury(4, 0, "burn", "vitals", tight_beam=True).injury == 8
    with pytest.raises(RuleError, match="vitals can be targeted only"):
        injury(4, 0, "cr", "vitals")


def test_dc18_neck() -> None:  # GUR-35
    assert injury(4, 0, "cut", "neck").injury == 8 and injury(5, 0, "cr", "neck").injury == 7


def test_dc19_dc20_crippling_and_lost_excess() -> None:  # GUR-37, GUR-38
    arm = injury(8, 0, "imp", "arm", hp=10)
    assert arm.injury == 6 and arm.effects[0].startswith("crippled arm")
    hand = injury(6, 0, "cut", "hand", hp=12)
    assert hand.injury == 5 and hand.effects[0].startswith("crippled hand")


def test_dc21_eye() -> None:  # GUR-33
    eye = injury(1, 0, "pi", "eye", hp=10)
    assert eye.injury == 4 and eye.effective_dr == 0 and "eye blinded" in eye.effects[0]


def test_dc22_face_corrosion_blinds() -> None:  # GUR-34
    one = injury(4, 0, "cor", "face", hp=10)
    assert one.injury == 6 and "blinded in one eye" in one.effects
    both = injury(8, 0, "cor", "face", hp=10)
    assert both.injury == 12 and "blinded in both eyes" in both.effects


def test_dc23_dc24_injury_tolerance() -> None:  # GUR-61
    assert injury(20, 0, "imp", tolerance="diffuse").injury == 1
    assert injury(20, 0, "cr", tolerance="diffuse").injury == 2
    assert injury(20, 0, "cr", tolerance="diffuse", large_area=True).injury == 20
    assert injury(10, 0, "pi", tolerance="homogenous").injury == 2
    assert injury(5, 0, "pi+", tolerance="unliving").injury == 2


def test_dc25_unliving_vitals_uses_the_location() -> None:  # GUR-60
    assert injury(4, 0, "pi", "vitals", tolerance="unliving").injury == 12


def test_dc26_dc27_large_area_and_chinks() -> None:  # GUR-62, GUR-42
    assert large_area_dr(5, 0) == 3
    assert location_penalty("chink_torso") == -8
    assert chink_dr(6, "pi") == 3 and chink_dr(5, "imp") == 2
    assert injury(10, 6, "pi", "chink_torso").effective_dr == 3


def test_dc28_grappling_halves_the_penalty() -> None:  # GUR-40
    assert [location_penalty(x, grappling=True) for x in ("skull", "neck", "arm")] == [-4, -3, -1]


def test_dc29_dc30_size_and_speed_range() -> None:  # GUR-27, GUR-28
    assert [speed_range_modifier(y) for y in (2.5, 6, 100)] == [-1, -4, -10]
    with pytest.raises(RuleError, match="enter the modifier yourself"):
        speed_range_modifier(150)
    assert [size_modifier(y) for y in (1.8, 4, Fraction(2, 3))] == [0, 2, -2]


def test_dc31_half_damage_of_one_is_no_penetration() -> None:  # GUR-54
    assert half_damage(1) == 0 and not injury(half_damage(1), 0, "cut").penetrating


def test_dc32_turn_order() -> None:  # GUR-05
    fighters = [Fighter("A", 6, 12), Fighter("B", 6, 13), Fighter("C", 5.5, 20)]
    assert [s.name for s in turn_order(fighters, random.Random(0))] == ["B", "A", "C"]


def test_dc33_movement_by_posture() -> None:  # GUR-10, GUR-D02
    assert [posture(p).move(5) for p in ("Crouching", "Kneeling", "Lying Down")] == [3, 1, 1]


def test_dc34_aim_bonuses_and_move_and_attack_loses_them() -> None:  # GUR-11, GUR-15
    aim = [
        attack_modifier("aim").modifier(2),
        attack_modifier("braced").modifier(),
        attack_modifier("extra_aim_3").modifier(),
        attack_modifier("scope").modifier(2),
    ]
    assert effective_skill(10, aim).total == 17
    assert maneuver("Move and Attack").loses_aim


def test_dc36_maneuver_limits_defenses() -> None:  # GUR-18, GUR-T10
    assert allowed_defenses("All-Out Attack") == ()
    assert allowed_defenses("Move and Attack") == ("dodge", "block")
    assert allowed_defenses("Attack") == ("dodge", "parry", "block")
    assert allowed_defenses("Attack", from_behind=True) == ()


# --- the tables against the seed texts -----------------------------------------------------------


def test_3d6_distribution_matches_gur_t16() -> None:
    ways = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]
    assert [three_d6()[n] * 216 for n in range(3, 19)] == ways


def test_postures_match_the_seed() -> None:
    lines = seed_lines(S004)
    for row in load_table("gurps", "postures").rows:
        cells = [c.strip() for c in lines[int(str(row["line"])) - 1].split("|")[1:-1]]
        assert cells[0] == row["name"]
        for cell, column in zip(cells[1:4], ("attack", "defense", "target"), strict=True):
            assert (0 if cell == "Normal" else int(cell)) == row[column]


def test_size_speed_range_matches_the_seed() -> None:
    lines = seed_lines(S004)
    for row in load_table("gurps", "size_speed_range").rows:
        cells = [c.strip() for c in lines[int(str(row["line"])) - 1].split("|")[1:-1]]
        assert (int(cells[0]), int(cells[1]), cells[2]) == (
            row["speed_range"],
            row["size"],
            row["measurement"],
        )


def test_wounding_matches_the_seed() -> None:
    text = " ".join(seed_lines(S003)[23:27])
    for row in load_table("gurps", "wounding").rows:
        assert f"({row['code']})" in text
    assert "x0.5" in text and "x1.5" in text and "x2" in text
    assert [
        str(load_table("gurps", "wounding").row_by("code", c)["multiplier"])
        for c in ("pi-", "cut", "pi+", "imp", "pi++", "cr")
    ] == ["1/2", "3/2", "3/2", "2", "2", "1"]


def test_hit_location_penalties_match_the_seed() -> None:
    lines = seed_lines(S003)
    for row in load_table("gurps", "hit_locations").rows:
        line = lines[int(str(row["line"])) - 1]
        if row["key"] in ("shield_arm", "shield_hand"):
            assert f"{row['penalty']}." in line
        elif str(row["key"]).startswith("chink"):
            assert (
                f"{-int(str(row['penalty']))} " in line or f"-{-int(str(row['penalty']))}" in line
            )
        else:
            assert f"({row['penalty']})" in line.replace("(0)", "(0)"), (row["key"], line)


def test_modifier_tables_match_the_seed() -> None:
    lines = seed_lines(S004)
    for table in ("attack_modifiers", "defense_modifiers"):
        for row in load_table("gurps", table).rows:
            line = lines[int(str(row["line"])) - 1]
            value = row["value"]
            if isinstance(value, int):
                assert re.search(rf"[+-]?{abs(value)}\b", line), (row["key"], line)


# --- properties ----------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 200),
    st.integers(0, 100),
    st.sampled_from(damage_types()),
    st.sampled_from([k for k in location_keys() if not k.startswith("chink")]),
    st.sampled_from([None, "unliving", "homogenous", "diffuse", "no brain", "no vitals"]),
    st.integers(1, 60),
)
def test_injury_is_never_negative_and_more_dr_never_raises_it(
    basic: int, dr: int, kind: str, location: str, tolerance: str | None, hp: int
) -> None:
    try:
        now = injury(basic, dr, kind, location, tolerance, hp)
    except RuleError:
        return  # e.g. a crushing attack on the vitals: refused by name
    more = injury(basic, dr + 1, kind, location, tolerance, hp)
    assert 0 <= more.injury <= now.injury
    assert now.penetrating == (now.injury > 0)


@settings(max_examples=60, deadline=None)
@given(st.integers(-20, 30), st.integers(-20, 30))
def test_odds_are_probabilities_and_monotone_in_skill(skill: int, defense: int) -> None:
    for chance in (hit_chance(skill), defense_chance(defense), landing_chance(skill, defense)):
        assert 0 <= chance <= 1
    assert hit_chance(skill) <= hit_chance(skill + 1)
    assert landing_chance(skill, defense) <= landing_chance(skill + 1, defense)
    assert landing_chance(skill, defense + 1) <= landing_chance(skill, defense)
    assert landing_chance(skill, defense) <= hit_chance(skill)


@given(st.integers(-60, 60), st.integers(0, 25))
def test_any_roll_input_raises_only_the_typed_error(skill: int, rolled: int) -> None:
    try:
        result = attack(skill, rolled)
    except RuleError:
        return
    assert result.hit in (True, False) and str(result).startswith("3d6 = ")


def test_every_posture_and_maneuver_loads() -> None:
    assert len(posture_names()) == 6
    for name in ("Attack", "Move and Attack", "All-Out Attack"):
        assert maneuver(name).can_attack
    assert str(effective_skill(12, [Modifier("posture Kneeling", -2, "GUR-10")])).endswith("= 10")


def test_dc35_all_out_attack_strong() -> None:  # GUR-16
    from pycore.systems.gurps import strong_bonus, with_bonus

    assert with_bonus("2d+1", strong_bonus("2d+1")) == "2d+3"
    assert with_bonus("3d", strong_bonus("3d")) == "3d+3"


def test_dc34_move_and_attack_drops_every_aim_bonus() -> None:  # GUR-15, GUR-11
    from pycore.systems.gurps.sheet import Combatant
    from pycore.systems.gurps.worksheet import AttackSetup, attack_line

    gun = Combatant(weapon_skill=10, attack_kind="firearm", acc=2, maneuver="Attack")
    setup = AttackSetup(yards=2, aim_seconds=3, braced=True, scope_max=2)
    assert attack_line(gun, Combatant(), setup).total == 10 + 2 + 1 + 2 + 2
    moving = Combatant(weapon_skill=10, attack_kind="firearm", acc=2, maneuver="Move and Attack")
    assert attack_line(moving, Combatant(), setup).total == 10 - 4


def test_dc36_dodge_with_shield_db_stunned_and_crouching() -> None:  # GUR-45, GUR-51, GUR-10
    from pycore.systems.gurps import defense_line, explain_dodge

    line = defense_line(
        "dodge", explain_dodge(6), posture_name="Crouching", shield_db=2, stunned=True
    )
    assert line.total == 9 + 2 - 4 + 0
