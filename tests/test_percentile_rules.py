"""Percentile rules beyond the worked examples: bounds, settings, joining, organ exceptions,
poisons, GM-table-free procedures, tables against the seed and the module constants."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from seedfiles import seed_lines

from pycore.errors import DiceError, RuleError
from pycore.systems.percentile import agility, combat, damage, dice, sides, tohit
from pycore.systems.percentile.checks import check, fmt, roll_check
from pycore.tables import load_table

F = Fraction
SEED = "000_3a834ccfd7e05c13.txt"


def test_combat_sequence_matches_the_seed() -> None:
    lines = seed_lines(SEED)
    for row in load_table("percentile", "combat_sequence").rows:
        printed = lines[38 + int(str(row["step"]))].strip()  # step 1 is line 40
        assert printed == f"{row['step']}. {row['name']}"


def test_damage_examples_match_the_seed_and_their_notation() -> None:
    lines = seed_lines(SEED)
    for row, line in zip(
        load_table("percentile", "damage_die_examples").rows, (134, 135, 136), strict=True
    ):
        text = lines[line].split()
        assert str(row["abbreviation"]) in text and str(row["weapon"]).split()[0] in text
        d = dice.damage_dice(str(row["abbreviation"]))
        assert d.notation == row["notation"]
        assert (d.low, d.high, d.mean) == (row["min"], row["max"], row["mean"])


def test_categories_are_five_wide_and_contain_the_named_ranges() -> None:
    cats = damage.category_table()
    assert cats == [(k, 5 * k - 4, 5 * k) for k in range(1, 21)]
    named = {"11-15": 3, "41-45": 9, "61-65": 13, "81-85": 17, "86-90": 18}
    for label, k in named.items():
        assert damage.category_label(k) == label


def test_constants_agree_with_the_modules() -> None:
    c = combat.constants()
    assert c["hth_max_range_m"] == tohit.HTH_MAX_RANGE_M
    assert c["exclusive_attack_lead"] == sides.EXCLUSIVE_LEAD
    assert c["direct_hit_margin"] == tohit.DIRECT_MARGIN
    assert c["grenade_bounce_band"] == tohit.BOUNCE_BAND
    assert c["grenade_miss_plus"] == tohit.GRENADE_MISS_PLUS
    assert c["borrow_rate"] == agility.BORROW_RATE
    assert c["stun_divisor"] == agility.STUN_DIVISOR
    assert c["structure_points_per_part"] == damage.STRUCTURE_POINTS
    assert c["destruction_multiple"] == damage.DESTRUCTION_MULTIPLE
    assert c["description_categories"] == damage.CATEGORIES
    assert c["seconds_per_10pct_ap"] * 10 == c["round_seconds"]


def test_pieces_and_procedures_tables() -> None:
    assert [f for f, _ in agility.piece_sizes()] == [F(1, 10), F(1, 4), F(1, 2), F(1)]
    assert all(s == 5 * f for f, s in agility.piece_sizes())
    titles = combat.procedure_titles()
    assert set(titles) == {
        "a1",
        "a2",
        "a3",
        "b1",
        "b2",
        "c1",
        "c2",
        "d1",
        "d2",
        "d3",
        "d4",
        "1",
        "2",
        "3",
    }
    for key, choices in combat.CHOICES.items():
        if key in ("surprise", "order", "ap", "to_hit", "damage"):
            assert {c for c in choices if c != "none"} <= set(titles)
    assert set(damage.organ_systems()) == set(damage.ORGAN_SYSTEMS)


def test_settings_defaults_and_round_trip() -> None:
    s = combat.Settings()
    assert (s.surprise, s.order, s.ap, s.to_hit, s.damage) == ("a1", "b1", "c2", "d1", "2")
    assert s.grazing and s.descriptions and not s.organ_damage and not s.pieces
    assert s.borrowing and s.stun
    assert combat.settings_from_json(s.to_json()) == s
    assert combat.settings_from_json({"unknown": 1}) == s
    with pytest.raises(RuleError, match="piece_fraction"):
        combat.settings_from_json({"piece_fraction": "3/2"})
    with pytest.raises(RuleError, match="true or false"):
        combat.settings_from_json({"stun": "yes"})


def test_order_roll_due_and_acting_sides() -> None:
    assert combat.order_roll_due(combat.Settings(), 1)
    assert not combat.order_roll_due(combat.Settings(), 5)
    assert combat.order_roll_due(combat.Settings(order="b2"), 5)
    assert combat.acting_sides(["A", "B"], True) == ["A"]
    assert combat.combat_sequence()[5] == "6 Repeat Steps 3 - 5 For Each Side"


def test_check_explanation_and_bounds() -> None:
    assert str(check(F(95, 2), 48, "BRAWLmanship")) == (
        "BRAWLmanship: 1:100sd (48) vs under 47½: failure, ½ over"
    )
    assert "failure (not under)" in str(check(50, 50))
    with pytest.raises(RuleError, match="roll must be from 1 to 100"):
        check(50, 0)
    assert roll_check(50, random.Random(1)).roll in range(1, 101)
    assert fmt(F(7, 3)) == "≈2.33" and fmt(F(1, 8)) == "0.125"
    assert fmt(F(7, 3), exact=True) == "≈2.33 (7/3)"  # in an explanation the user opens


def test_surprise_roll_rerolls_ties() -> None:
    class Fixed:
        def __init__(self, faces: list[int]) -> None:
            self.faces = faces

        def randint(self, a: int, b: int, /) -> int:
            return self.faces.pop(0)

    result = sides.roll_surprise({"A": 50, "B": 50}, Fixed([10, 10, 30, 20]))
    assert len(result.attempts) == 2 and result.winner == "B"
    assert "tie for lowest" in str(result)
    order = sides.roll_primary_attack({"A": 0, "B": 5}, Fixed([20, 15, 3, 90]))
    assert len(order.attempts) == 2 and order.result.order == ["A", "B"]
    assert order.result.exclusive


def test_join_and_pass_rules() -> None:
    pa = sides.primary_attack({"A": 10, "B": 50})
    assert sides.join(pa, "C", 5).order == ["C", "A", "B"]
    assert sides.join(pa, "C", 99).order == ["A", "B", "C"]
    with pytest.raises(RuleError, match="already"):
        sides.join(pa, "A", 3)
    tie = sides.primary_attack({"A": 1, "B": 1})
    with pytest.raises(RuleError):
        sides.pass_primary(tie)
    passed = sides.pass_primary(sides.primary_attack({"A": 1, "B": 90}))
    assert not passed.exclusive and passed.order == ["B", "A"]
    assert "passed" in str(passed)


def test_sleeping_members_are_left_out_and_empty_side_refused() -> None:
    assert sides.side_average([40, 60]) == 50
    with pytest.raises(RuleError, match="awake"):
        sides.target_a1([])


def test_three_side_surprise_odds_sum_to_one() -> None:
    odds = sides.lowest_odds({"A": 50, "B": 60, "C": F(81, 2)}, {"C": 3})
    assert sum(odds.values()) == 1
    assert odds["B"] > odds["A"] > odds["C"]


def test_grazing_refuses_a_miss() -> None:
    with pytest.raises(RuleError, match="only a hit"):
        tohit.grazed_damage(10, 50, 50)


def test_d3_cannot_hit_when_n_not_positive() -> None:
    assert tohit.to_hit_d3_odds(30, 30)["miss"] == 1
    assert tohit.to_hit_d3(30, 40, 1) == "miss"


def test_grenade_fractional_brawl_and_high_brawl() -> None:
    odds = tohit.grenade_odds(F(101, 2))  # 50½: on target 1..50, bounce 51..70
    assert odds == {"on target": F(50, 100), "bounce": F(20, 100), "miss": F(30, 100)}
    assert tohit.grenade_odds(90)["miss"] == 0


def test_throw_range() -> None:
    assert tohit.throw_in_range(25, 25) and not tohit.throw_in_range(26, 25)


def test_damage_dice_grammar() -> None:
    assert dice.damage_dice("1½").notation == "1:10sd*3/2"
    assert dice.damage_dice("0.5+1").notation == "1:10sd*1/2+1"
    assert dice.damage_dice("4:10sd+2") == dice.damage_dice("4+2")
    for bad in ("", "x", "4+", "0", "101", "1/0", "4+2+1", "1:10sdq"):
        with pytest.raises(DiceError):
            dice.damage_dice(bad)
    roll = dice.roll_damage("4+2", random.Random(7))
    assert roll.total == sum(roll.faces) + 2 and str(roll).endswith(f"= {roll.total}")
    assert len(dice.weapon_presets()) == 3


def test_heal_keeps_structure_for_medical_treatment() -> None:
    part = damage.take_damage(damage.BodyPart("leg", F(12)), 20)
    assert damage.heal(part, 100, natural=False).damage == 10
    assert damage.heal(part, 100, natural=True).damage == 0


def test_small_part_destroyed_before_function_lost() -> None:
    part = damage.take_damage(damage.BodyPart("finger", F(2)), 10)
    assert part.destroyed and part.no_function and part.function_left == 2
    assert "TOTALLY DESTROYED" in str(part)


def test_decentralised_organs_and_poison() -> None:
    aracnian = damage.races()["Aracnian"]
    out = damage.organ_damage(
        aracnian,
        "leg",
        50,
        {"circulatory": 2, "digestive_excretory": F(1, 4)},
        damage=5,
        body_points=[10, 10, 30],
    )
    assert [o.organ_dp for o in out] == [10, F(25, 2)]
    with pytest.raises(RuleError, match="decentralised"):
        damage.organ_damage(aracnian, "leg", 50, {"respiratory": 1})
    poison = damage.Poison("Kurari", ("nervous_endocrine",), 40)
    res = damage.poison_damage(poison, damage.Race("human"), "arm", 10, 5, {"nervous_endocrine": 2})
    assert res[0].organ_dp == 100 and len(res) == 1
    with pytest.raises(RuleError):
        damage.organ_damage(damage.Race("human"), "arm", 10, {"liver": 1})


def test_damage_procedures() -> None:
    one = damage.damage_procedure_one(40, 10, "deep gash")
    assert one.percentage == 40 and one.recorded == 4
    two = damage.damage_points("2", 24, 20, graze=(60, 15))
    assert two.recorded == 18 and two.percentage == 90 and two.category == "86-90"
    raw = damage.damage_points("3", 24, 20, graze=(60, 15), record_grazed=False)
    assert raw.recorded == 24 and "unmodified" in str(raw)
    with pytest.raises(RuleError):
        damage.damage_points("1", 5, 5)
    assert damage.damage_category(0) == "none" and damage.damage_category(400) == "96-100"


def test_ledger_spending_and_warning() -> None:
    ledger = agility.spend(agility.new_ledger(50), 20)
    assert "30 of 50 AP left" in str(ledger) and "2 s" in str(ledger)
    with pytest.raises(RuleError, match="AP to borrow must be from 0 to 50"):
        agility.borrow(ledger, 51)
    stunned = agility.stun(agility.take(agility.new_ledger(10)), 2000)  # in his turn
    assert stunned.stun_turns == 20 and agility.stun_warning(stunned)
    before = agility.stun(agility.new_ledger(10), 2000)  # before it: it pays 10 of the 200
    assert before.stun_turns == 19 and "lasts 20 turns" in str(agility.stun_warning(before))


def test_races_systems_and_examples_appear_in_the_seed() -> None:
    lines = seed_lines(SEED)
    for race in damage.races().values():
        cited = load_table("percentile", "races").row_by("name", race.name)["source_lines"]
        text = " ".join(lines[int(n) - 1] for n in str(cited).split(", "))
        assert race.name.lower() in text.lower()
    organ_line = lines[157].lower().replace(" - ", "-")
    for name, _table in damage.organ_systems().values():
        assert name in organ_line
    line27 = lines[26].lower()
    for word in ("judo", "karate", "beer bottles", "knives", "chairs", "bows", "latagrea"):
        assert word in line27, word
    assert "divide the length of a round" in lines[70].lower() and "by ten" in lines[70].lower()
    assert "procedure number 4" in lines[104].lower()
