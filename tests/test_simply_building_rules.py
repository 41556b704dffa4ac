"""Simply character building: the build order, concept, gear, skills and specialties, adjusted
stats, speed, luck and the campaign defaults (SIM-03, SIM-12, SIM-13, SIM-17, SIM-20 to SIM-23;
SIM-D01, SIM-D03 to SIM-D06, SIM-D10, SIM-D11, SIM-D21).

Seed 002 lines 83-403 ("Character Building 1-3"); rules/simply.md sections 2.2 and 6.2.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from seedfiles import seed_lines

from pycore.errors import RuleError
from pycore.systems.simply import armor as armor_rules
from pycore.systems.simply.character import (
    ArmorChoice,
    Campaign,
    Character,
    GearItem,
    Problem,
    Skill,
    derive,
    validate,
)
from pycore.systems.simply.character_json import character_from_json, character_to_json
from pycore.systems.simply.skills import skill_info, skill_names, skill_rating
from pycore.systems.simply.stats import (
    DEFAULT_STARTING_LUCK,
    Adjustment,
    Speed,
    age_category,
    age_names,
    initial_luck,
)
from pycore.systems.simply.tasks import special_check, test

SEED = "002_397ff4437f29826d.txt"


def errors(problems: list[Problem]) -> list[str]:
    return [str(p) for p in problems if p.severity == "error"]


def about(problems: list[Problem], field: str) -> list[Problem]:
    return [p for p in problems if p.field == field]


def worn(armor_id: str) -> ArmorChoice:
    """An armor row of SIM-T06 as the builder records it (SIM-17, SIM-21, SIM-32)."""
    item = armor_rules.armor(armor_id)
    return ArmorChoice(item.name, item.min_s, item.c_adj)


def carried(shield_id: str) -> ArmorChoice:
    item = armor_rules.shield(shield_id)
    return ArmorChoice(item.name, item.min_s, item.c_adj)


# --- SIM-12 build order -----------------------------------------------------------------------


def test_sim_12_the_steps_are_printed_in_the_inventorys_order() -> None:
    lines = seed_lines(SEED)
    steps = [
        "Start With: Character Concept",  # SIM-13
        "Decide Age",  # 1, SIM-14
        "Choose Stats",  # 2, SIM-15
        "3 Select Abilities & Disabilities",  # SIM-16
        "(4) Choose Gear, Special Features",  # SIM-17
        "5 Pick Skills & Skill Levels",  # SIM-18 to SIM-20
        "6 Note Adjusted Stats",  # SIM-21
        "Calculate Minor Stats",  # 7, SIM-22 to SIM-27
        "8 Calculate Skill Ratings",  # SIM-28
        "Done!",
    ]
    found = [next(n for n, text in enumerate(lines) if step in text) for step in steps]
    assert found == sorted(found)


def test_sim_12_each_step_uses_only_what_the_steps_before_it_give() -> None:
    hero = Character(
        age="Young Adult",
        strength=6,
        coordination=6,
        intellect=6,
        health=6,
        skills=(Skill("Melee Weapon", "Capable", "Sword"),),
    )
    base = derive(hero)
    # Step 1 (age) feeds step 2 (the stat budget) and step 5 (SPP).
    older = replace(hero, age="Adult")
    assert (
        base.skill_purchase_points.value == 12 and derive(older).skill_purchase_points.value == 16
    )
    assert not about(validate(hero, Campaign()), "stats")
    assert errors(about(validate(older, Campaign()), "stats"))  # 24 - 1 = 23 < 24 spent
    # Step 4 (gear) feeds step 6 (adjusted stats) and so step 8 (ratings from Adj C), but not
    # step 5: SPP uses the original I, noted before adjusted stats exist (SIM-18).
    geared = replace(hero, armor=worn("chainmail"), adjustments=(Adjustment("Helmet HUD", "I", 2),))
    after = derive(geared)
    assert (after.adjusted.coordination, after.adjusted.intellect) == (5, 8)
    assert after.skill_purchase_points == base.skill_purchase_points
    assert (after.skills[0].original.value, after.skills[0].adjusted.value) == (10, 9)
    # Step 7 (minor stats) reads the adjusted stats of step 6.
    stronger = replace(hero, adjustments=(Adjustment("Power armor", "S", 2),))
    assert derive(stronger).hit_points.value == 30 and base.hit_points.value == 24


# --- SIM-13 concept ---------------------------------------------------------------------------


@given(st.text(max_size=40), st.text(max_size=40))
def test_sim_13_concept_notes_have_no_mechanics_and_are_kept(concept: str, notes: str) -> None:
    plain = Character(name="Ana")
    noted = replace(
        plain,
        concept=concept,
        appearance=notes,
        history=notes,
        personality=concept,
        age_note=notes,
        race=concept,
    )
    assert validate(noted, Campaign()) == validate(plain, Campaign())
    assert derive(noted) == derive(plain)
    back = character_from_json(character_to_json(noted))
    assert (back.concept, back.appearance, back.history, back.personality) == (
        concept,
        notes,
        notes,
        concept,
    )


# --- SIM-14 / SIM-15 / SIM-D01 / SIM-D03 stat budget ------------------------------------------


def test_sim_d01_starting_stat_points_default_24_before_the_age_adjustment() -> None:
    campaign = Campaign()
    assert campaign.starting_stat_points == 24
    for age in age_names():
        budget = 24 + age_category(age).stat_adj
        spread = [budget // 4 + (1 if i < budget % 4 else 0) for i in range(4)]
        s, c, i, h = spread
        exact = Character(age=age, strength=s, coordination=c, intellect=i, health=h)
        assert not about(validate(exact, campaign), "stats"), age
        over = replace(exact, health=exact.health + 1)
        under = replace(exact, health=exact.health - 1)
        assert [p.severity for p in about(validate(over, campaign), "stats")] == ["error"]
        assert [p.severity for p in about(validate(under, campaign), "stats")] == ["warning"]
    assert (
        about(validate(Character(age="Adolescent"), Campaign(starting_stat_points=23)), "stats")
        == []
    )


def test_sim_d03_race_stat_modifier_default_0_is_a_free_entry() -> None:
    assert Campaign().race_stat_adj == 0
    hero = Character(strength=7, coordination=7, intellect=6, health=6)  # 26 points
    assert errors(about(validate(hero, Campaign()), "stats"))
    assert about(validate(hero, Campaign(race_stat_adj=2)), "stats") == []
    assert errors(about(validate(Character(), Campaign(race_stat_adj=-1)), "stats"))


# --- SIM-16 / SIM-D04 ability balance ---------------------------------------------------------


def test_sim_d04_ability_balance_default_0_abilities_paid_by_disabilities() -> None:
    assert Campaign().ability_balance == 0
    rich = Character(abilities=("Wealth",))  # 2 points
    assert errors(about(validate(rich, Campaign()), "abilities"))
    paid = replace(rich, disabilities=("Poverty",))  # a 2-point disability
    assert about(validate(paid, Campaign()), "abilities") == []
    assert about(validate(rich, Campaign(ability_balance=2)), "abilities") == []
    # Zero-point ones are balanced separately: a 0-point disability pays for no 1-point ability.
    mixed = Character(abilities=("Acute Hearing", "Flexible"), disabilities=("Fear", "Mute"))
    assert errors(about(validate(mixed, Campaign(ability_balance=1)), "zero-point abilities"))


# --- SIM-17 gear and special features ---------------------------------------------------------


def test_sim_17_gear_is_a_free_list_armor_and_shield_come_from_the_tables() -> None:
    kit = (GearItem("Rope", "15 m"), GearItem("Blaster", "Missile Weapon: Blasters, max 30"))
    geared = Character(gear=kit)
    # A free list: no mechanics, kept as entered.
    assert derive(geared) == derive(Character())
    assert validate(geared, Campaign()) == validate(Character(), Campaign())
    assert character_from_json(character_to_json(geared)).gear == kit
    # Armor and shields from SIM-T06 / SIM-T07, their C Adj. changing stats (SIM-21).
    armored = replace(geared, armor=worn("plate"), shield=carried("large"))
    assert armored.armor == ArmorChoice("Plate armor", 8, 2)
    assert derive(armored).adjusted.coordination == 6 - 2 - 1
    # Special features that change a stat are adjustments (name, stat, signed amount).
    gifted = replace(geared, adjustments=(Adjustment("Spell of Might", "S", 3),))
    assert derive(gifted).adjusted.strength == 9


# --- SIM-20 / SIM-D21 skills, kinds, specialties ----------------------------------------------


def test_sim_20_kinds_set_the_stat_and_the_default() -> None:
    hero = Character(strength=8, coordination=5, intellect=7, health=4)
    for name in skill_names():
        info = skill_info(name)
        stat = hero.stats().get(info.stat)
        # SIM-03: personal = its stat, physical = C - 2, mental: no roll.
        default = {"personal": stat, "physical": stat - 2, "mental": None}[info.kind]
        assert skill_rating(stat, None, info.kind) == default, name
        if info.kind == "physical":
            assert info.stat == "C"
        if info.kind == "mental":
            assert info.stat == "I"
    assert skill_info("Brawling").stat == "S" and skill_info("Observing").stat == "I"


def test_sim_20_a_skill_ending_in_a_colon_needs_a_specialty() -> None:
    bare = Character(skills=(Skill("Melee Weapon", "Familiar"),))
    assert errors(about(validate(bare, Campaign()), "skill Melee Weapon"))
    sword = Character(skills=(Skill("Melee Weapon", "Familiar", "Sword"),))
    assert about(validate(sword, Campaign()), "skill Melee Weapon: Sword") == []
    assert (
        about(
            validate(Character(skills=(Skill("Shield", "Familiar"),)), Campaign()), "skill Shield"
        )
        == []
    )
    unknown = Character(skills=(Skill("Basket Weaving", "Expert"),))
    assert errors(about(validate(unknown, Campaign()), "skill Basket Weaving"))


def test_sim_d21_each_specialty_is_its_own_skill_and_free_text_is_allowed() -> None:
    hero = Character(
        intellect=5,
        skills=(
            Skill("Melee Weapon", "Capable", "Sword"),
            Skill("Melee Weapon", "Familiar", "Axe"),
            Skill("Languages", "Professional", "Elvish"),  # not listed: free text
        ),
    )
    d = derive(hero)
    assert [line.skill.label() for line in d.skills] == [
        "Melee Weapon: Sword",
        "Melee Weapon: Axe",
        "Languages: Elvish",
    ]
    assert [line.cost.value for line in d.skills] == [2, 1, 4]
    assert [line.original.value for line in d.skills] == [10, 8, 13]
    assert about(validate(hero, Campaign()), "skills")[0].message == "3 of 10 SPP unspent"
    twice = replace(hero, skills=(*hero.skills, Skill("Melee Weapon", "Expert", "sword")))
    assert errors(about(validate(twice, Campaign()), "skill Melee Weapon: sword"))


# --- SIM-21 adjusted stats --------------------------------------------------------------------


def test_sim_21_adjusted_stats_where_each_is_used() -> None:
    hero = Character(
        strength=5,
        coordination=7,
        intellect=6,
        health=6,
        armor=worn("hardened_leather"),
        shield=carried("large"),
        adjustments=(Adjustment("Girdle", "S", 3), Adjustment("Fever", "H", -2)),
        skills=(Skill("Dodging", "Capable"), Skill("Brawling", "Familiar")),
    )
    d = derive(hero)
    assert (d.stats.coordination, d.adjusted.coordination) == (7, 5)  # C - 1 - 1
    assert (d.adjusted.strength, d.adjusted.health) == (8, 4)
    # Adjusted: HP, FP, unarmed damage, ratings (both shown).
    assert d.hit_points.value == 8 * 3 + 4 and d.fatigue_points.value == 12
    assert d.unarmed_max_damage.value == 10  # Adj S 8, not S 5 (6)
    assert [(x.original.value, x.adjusted.value) for x in d.skills] == [(11, 9), (7, 10)]
    # Original: SPP, special checks, Min S (the Large shield's 5 is met by S 5, not by Adj S).
    assert d.skill_purchase_points.value == 2 * 6 + 10 - 10
    assert special_check("knockback", hero.strength) == 10
    weak = replace(hero, strength=4)
    assert about(validate(weak, Campaign()), "shield Large")
    assert about(validate(weak, Campaign()), "armor Hardened leather") == []  # Min S 4
    # An adjusted stat below 1 is shown with a warning (SIM-D07).
    clumsy = replace(hero, coordination=2)
    assert [p.severity for p in about(validate(clumsy, Campaign()), "Adj C")] == ["warning"]


# --- SIM-22 speed -----------------------------------------------------------------------------


def test_sim_22_ground_3_swimming_1_and_other_speeds() -> None:
    assert "Ground Speed for most humanoids is 3; Swimming Speed is 1" in seed_lines(SEED)[349 - 1]
    assert (Speed().ground, Speed().swimming) == (3, 1)
    assert derive(Character()).speed == Speed(3, 1)
    winged = Character(speed=Speed(3, 1, (("Flying", 6),)))
    assert str(derive(winged).speed) == "Ground 3, Swimming 1, Flying 6"
    assert character_from_json(character_to_json(winged)).speed == winged.speed


# --- SIM-23 / SIM-D05 luck --------------------------------------------------------------------


def test_sim_23_sim_d05_initial_luck_is_the_gms_default_10() -> None:
    assert DEFAULT_STARTING_LUCK == Campaign().starting_luck == initial_luck() == 10
    assert Character().luck == 10 and initial_luck(15) == 15
    assert derive(Character(luck=3)).luck == 3  # current LP are tracked on the sheet
    with pytest.raises(RuleError):
        initial_luck(-1)
    assert about(validate(Character(luck=-1), Campaign()), "luck")


# --- SIM-D06 fatigue ------------------------------------------------------------------------------


def test_sim_d06_fatigue_variation_default_none() -> None:
    hero = Character(strength=7, health=5)
    assert Campaign().fatigue_variation == 0
    assert derive(hero).fatigue_points.value == 12
    varied = derive(hero, Campaign(fatigue_variation=-3)).fatigue_points
    assert varied.value == 9 and "campaign −3" in varied.formula


# --- SIM-32 / SIM-D10 / SIM-D11 armor choices -------------------------------------------------


def test_sim_d10_below_min_s_is_a_builder_problem_with_no_mechanical_effect() -> None:
    strong = Character(strength=8, coordination=6, intellect=5, health=5, armor=worn("plate"))
    weak = replace(strong, strength=7, coordination=7)  # the same budget, S below Min S 8
    problem = about(validate(weak, Campaign()), "armor Plate armor")
    assert [str(p) for p in problem] == ["armor Plate armor: needs Min S 8; S is 7"]
    assert about(validate(strong, Campaign()), "armor Plate armor") == []
    # Nothing applied: Adj C is C - 2 either way, and the protection does not change.
    assert derive(weak).adjusted.coordination == 5 and derive(strong).adjusted.coordination == 4
    protection = armor_rules.wear("plate")
    assert protection.strength_problems(7) and not protection.strength_problems(8)
    assert armor_rules.apply_protection(20, "other", protection).injury == 8


def test_sim_d11_one_body_armor_one_coating_one_shield() -> None:
    with pytest.raises(RuleError, match="at most 1"):
        armor_rules.wear("plasteel_light", ["ablative", "reflective"])
    with pytest.raises(RuleError, match="only Plasteel"):
        armor_rules.wear("chainmail", ["reflective"])
    with pytest.raises(RuleError, match="only Plasteel"):
        armor_rules.wear(None, ["ablative"])
    coated = armor_rules.wear("plasteel_medium", ["reflective"], "e_shield_large")
    assert (coated.armor, coated.coating, coated.shield) != (None, None, None)
    # The Character Record has one Armor line and one shield.
    hero = Character(armor=worn("kevlar_steel"), shield=carried("lexan_riot"))
    assert isinstance(hero.armor, ArmorChoice) and isinstance(hero.shield, ArmorChoice)
    assert derive(hero).adjusted.coordination == 6 - 1


# --- SIM-03 default ratings in play -----------------------------------------------------------


def test_sim_03_default_ratings_never_get_the_automatic_two() -> None:
    # A default-rated skill (no level) rolls like a check: a 2 under TN 1 fails (SIM-06).
    personal = skill_rating(1, None, "personal")
    physical = skill_rating(3, None, "physical")
    assert (personal, physical) == (1, 1)
    assert not test(personal, 2).success and not test(physical, 2, None).success
    assert test(1, 2, "Familiar").success
    assert skill_rating(10, None, "mental") is None  # no roll at all
