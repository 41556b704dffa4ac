"""A full attack through :func:`resolve_attack` with scripted dice: to-hit, location, damage,
grazing, the damage record, descriptions and organ damage; missing tables ask for values."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pycore.dice import entry_hint, typed_dice
from pycore.errors import DiceError, RuleError
from pycore.systems.percentile.attack import AttackInput, MissingValue, stage_dice
from pycore.systems.percentile.damage import BodyPart, races
from pycore.systems.percentile.wound import resolve_attack

F = Fraction


class Dice:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int, /) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def test_d1_hit_with_grazing_updates_the_record() -> None:
    a = AttackInput(skill=F(60), damage_die="4+2", part_name="arm", part_points=F(20))
    r = resolve_attack(a, {}, Dice(15, 5, 6, 6, 5))  # to-hit 15; damage 5+6+6+5+2 = 24
    assert r.to_hit == "hit" and r.damage is not None
    assert r.damage.potential == 24 and r.damage.recorded == 18  # PCT-D08
    assert r.part is not None and r.part.damage == 18 and r.part.function_left == 12
    assert "86-90" in str(r) and "description table not entered" in str(r)


def test_miss_stops() -> None:
    r = resolve_attack(AttackInput(skill=F(50), damage_die="3"), {}, Dice(50))
    assert r.to_hit == "miss" and r.damage is None and not r.hit


def test_d2_needs_percent_to_hit_or_the_gm_table() -> None:
    a = AttackInput(
        skill=F(50), to_hit="d2", damage_die="3", range_m=F(20), part_name="arm", part_points=F(10)
    )
    with pytest.raises(MissingValue) as info:
        resolve_attack(a, {}, Dice(10))
    assert info.value.field == "percent_to_hit"
    tables = {
        "PCT-M04": [
            {
                "skill_low": 0,
                "skill_high": 100,
                "range_m_low": 0,
                "range_m_high": 50,
                "percent_to_hit": 40,
            }
        ]
    }
    r = resolve_attack(a, tables, Dice(10, 1, 1, 1))
    assert "Percent to Hit 40 (Table #3-1 (GM))" in r.lines[0]
    assert "less accurate beyond 10 m" in str(r)


def test_d3_random_hit_uses_the_race_column() -> None:
    tables = {
        "PCT-M07": [
            {"race": "human", "roll": "1-10", "instruction": "left leg", "body_part": "left leg"}
        ]
    }
    a = AttackInput(
        skill=F(50),
        to_hit="d3",
        percent_to_hit=F(80),
        percent_against=F(30),
        damage_procedure="3",
        table_3_3_damage=F(10),
        part_name="left leg",
        part_points=F(10),
        grazing=False,
    )
    r = resolve_attack(a, tables, Dice(40, 3))
    assert r.to_hit == "random" and "left leg" in r.lines[1]
    assert r.damage is not None and r.damage.recorded == 10 and r.damage.percentage == 100


def test_procedure_one_and_descriptions_and_organs() -> None:
    desc = [
        {
            "damage_type": "cut",
            "category": k,
            "description": f"box {k}",
            "ends_damage_type": k in (3, 9, 13, 17, 20),
        }
        for k in range(1, 21)
    ]
    tables = {
        "PCT-M11": [
            {
                "damage_type": "cut",
                "roll": "1-10",
                "title": "gash",
                "severity_table": "S",
                "damage_percentage": "88",
            }
        ],
        "PCT-M14": desc,
        "PCT-M15": [
            {
                "body_part": "head",
                "circulatory": "1/2",
                "respiratory": "0",
                "nervous_endocrine": "1",
                "digestive_excretory": "0",
            }
        ],
    }
    a = AttackInput(
        skill=F(90),
        damage_procedure="1",
        damage_type="cut",
        part_name="chest",
        part_points=F(10),
        organ=True,
        race=races()["Krane"],
    )
    r = resolve_attack(a, tables, Dice(5, 7))
    text = str(r)
    assert "86-90: box 18 ← 81-85: box 17 ← 61-65: box 13" in text
    assert "(Table #3-3.1, head)" in text  # PCT-E20: Krane's head is in the chest
    assert [o.organ_dp for o in r.organs][:1] == [44]


def test_grenade_bands_and_hth_range() -> None:
    g = AttackInput(skill=F(0), category="grenade", brawl=F(50), damage_die="3", part_points=F(5))
    assert str(resolve_attack(g, {}, Dice(80, 4))).endswith("= 17 m from the target hex")
    assert resolve_attack(g, {}, Dice(60, 4)).to_hit == "bounce"
    with pytest.raises(RuleError, match="max 3 m"):
        resolve_attack(AttackInput(skill=F(50), category="hth", range_m=F(5)), {}, Dice())


def test_throw_beyond_distance_warns_and_severity_roll() -> None:
    from pycore.systems.percentile.wound import severity_roll

    g = AttackInput(
        skill=F(0),
        category="grenade",
        brawl=F(50),
        range_m=F(30),
        max_throw_m=F(25),
        damage_die="3",
    )
    r = resolve_attack(g, {}, Dice(10, 1, 1, 1))
    assert "beyond the throwing distance 25 m" in r.lines[0] and r.to_hit == "direct"
    tables = {
        "PCT-M12": [
            {"severity_table": "S1", "roll": "1-10", "title": "fever", "description": "hot"}
        ]
    }
    assert severity_roll(tables, "S1", Dice(4)) == "severity table S1: 1:10sd (4): fever — hot"
    m11 = [
        {
            "damage_type": "cut",
            "roll": "1-10",
            "title": "gash",
            "severity_table": "S1",
            "damage_percentage": "10",
        }
    ]
    a = AttackInput(
        skill=F(90), damage_procedure="1", damage_type="cut", part_name="arm", part_points=F(10)
    )
    assert resolve_attack(a, {"PCT-M11": m11}, Dice(5, 7)).severity_table == "S1"


def test_higher_levels_and_roll_off() -> None:
    from pycore.systems.percentile.sides import higher_levels, roll_within_side

    assert higher_levels(["a", "b", "c"], "a") == ["b", "c"]
    off = roll_within_side(["Ann", "Bob", "Cy"], Dice(40, 40, 10, 7, 3))
    assert off.order == ("Cy", "Bob", "Ann")
    assert "Ann 40" in str(off)


def test_bounce_uses_the_gm_tables_with_their_own_die() -> None:
    tables = {
        "PCT-M09": [{"roll_low": 1, "roll_high": 10, "bounces": 2}],
        "PCT-M10": [
            {"roll_low": 1, "roll_high": 50, "landing": "left"},
            {"roll_low": 51, "roll_high": 100, "landing": "right"},
        ],
    }
    g = AttackInput(skill=F(0), category="grenade", brawl=F(50), damage_die="3")
    r = resolve_attack(g, tables, Dice(60, 4, 77))
    assert "1:10sd (4) on the GM's bounce table: 2 bounce(s)" in str(r)
    assert "1:100sd (77) on the GM's bounce chart: lands right" in str(r)


def test_the_bounces_dice_are_typed_one_by_one() -> None:
    """PCT-38: the bounce's two dice each look up a GM table of their own, so one typed number
    is refused (it would make both faces up), and the two faces read are taken as they are."""
    tables = {
        "PCT-M09": [{"roll_low": 1, "roll_high": 10, "bounces": 2}],
        "PCT-M10": [{"roll_low": 1, "roll_high": 100, "landing": "left"}],
    }
    g = AttackInput(skill=F(0), category="grenade", brawl=F(50), damage_die="3")
    expr = stage_dice(g, "bounce", tables)
    assert expr == "1:10sd+1:100sd"
    assert entry_hint(expr, added=True) == "each die"
    with pytest.raises(DiceError, match="needs each die typed"):
        typed_dice(expr, "81", "I rolled", added=True)
    assert typed_dice(expr, "4 77", "I rolled", added=True).faces == (4, 77)


def test_pct_36_a_random_hit_with_the_table_empty_waits_for_the_gm() -> None:
    """000 lines 97, 129: the body part comes from Table #3-3.4 or the GM, never a default."""
    from pycore.systems.percentile.attack import roll_hit
    from pycore.systems.percentile.wound import roll_wound

    record = (BodyPart("head", F(10)), BodyPart("arm", F(20)))
    a = AttackInput(skill=F(90), damage_die="3", location_mode="roll", record=record)
    hit = roll_hit(a, {}, Dice(15, 7))
    assert hit.part is None and hit.waits_for is not None
    assert "Table #3-3.4 is not entered" in hit.waits_for and "head" not in str(hit.lines)
    r = resolve_attack(a, {}, Dice(15, 7))
    assert r.waits_for == hit.waits_for and r.damage is None and r.part is None
    done = roll_wound(a, hit, "arm", {}, Dice(1, 1, 1))
    assert done.part is not None and done.part.name == "arm" and done.part.damage == 3 * 75 / 90


def test_pct_36_the_table_names_the_part_and_the_record_gives_its_points() -> None:
    record = (BodyPart("head", F(10)), BodyPart("left leg", F(20)))
    m07 = [{"race": "human", "roll": "1-10", "instruction": "left leg", "body_part": "left leg"}]
    a = AttackInput(skill=F(90), damage_die="3", location_mode="roll", record=record, grazing=False)
    r = resolve_attack(a, {"PCT-M07": m07}, Dice(15, 4, 2, 2, 2))
    assert r.part is not None and r.part.name == "left leg" and r.part.damage == 6
    assert r.damage is not None and r.damage.percentage == 30  # 6 of the leg's 20 points


def test_pct_36_an_instruction_without_a_part_or_a_missing_race_column_waits() -> None:
    m07 = [{"race": "human", "roll": "1-10", "instruction": "roll again on the limbs column"}]
    a = AttackInput(skill=F(90), damage_die="3", location_mode="roll", part_name="arm")
    hit = resolve_attack(a, {"PCT-M07": m07}, Dice(15, 4))
    assert hit.waits_for is not None and "roll again on the limbs column" in hit.waits_for
    krane = AttackInput(skill=F(90), damage_die="3", location_mode="roll", race=races()["Krane"])
    assert "no Krane column" in str(resolve_attack(krane, {"PCT-M07": m07}, Dice(15, 4)).waits_for)


def test_pct_35_a_direct_hit_waits_for_the_attackers_choice() -> None:
    a = AttackInput(
        skill=F(0), to_hit="d3", percent_to_hit=F(80), percent_against=F(30), damage_die="3"
    )
    r = resolve_attack(a, {}, Dice(10))
    assert r.to_hit == "direct" and r.waits_for is not None and "attacker" in r.waits_for


def test_r_e_missing_values_are_asked_before_any_die_is_rolled() -> None:
    for a, wanted in (
        (AttackInput(skill=F(50), damage_procedure="3", part_name="arm"), "table_3_3_damage"),
        (AttackInput(skill=F(50), damage_procedure="1", part_name="arm"), "damage_percentage"),
        (AttackInput(skill=F(50), damage_procedure="2", part_name="arm"), "damage_die"),
        (AttackInput(skill=F(50), damage_die="3", organ=True), "organ_multiplier"),
    ):
        with pytest.raises(MissingValue) as info:
            resolve_attack(a, {}, Dice())  # no faces: rolling anything would fail
        assert info.value.field == wanted
