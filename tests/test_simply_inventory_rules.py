"""Simply Roleplaying! rules, tables and defaults of the inventory's checklist that no other test
module names: one behaviour test each, citing its ID (shared/rules/simply.md §7)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pycore.dice import distribution
from pycore.errors import RuleError
from pycore.systems.simply import fight as combat
from pycore.systems.simply import recovery, skills, stats, tasks
from pycore.systems.simply.armor import apply_protection, armor, shield, wear
from pycore.systems.simply.character import (
    ArmorChoice,
    Campaign,
    Character,
    Skill,
    ability_list,
    derive,
    validate,
)
from pycore.systems.simply.damage import BLEEDING_AFTER, DEAD_AT, UNCONSCIOUS_AT, apply_damage
from pycore.systems.simply.scores import base_scores


def _fields(character: Character, campaign: Campaign | None = None) -> set[str]:
    return {p.field for p in validate(character, campaign or Campaign()) if p.severity == "error"}


def test_sim03_default_ratings() -> None:
    """SIM-03."""
    # personal skills default to the stat, physical to stat - 2, mental have no default
    assert skills.skill_rating(6, None, "personal") == 6
    assert skills.skill_rating(6, None, "physical") == 4
    assert skills.skill_rating(6, None, "mental") is None


def test_sim12_build_order_each_step_has_its_budget() -> None:
    """SIM-12."""
    # stats (SIM-15) → abilities (SIM-16) → skills (SIM-19): each budget is checked on its own
    over_stats = Character(strength=10, coordination=10, intellect=10, health=10)
    assert "stats" in _fields(over_stats)
    assert "stats" not in _fields(Character(strength=6, coordination=6, intellect=6, health=6))


def test_sim13_concept_is_kept_on_the_record() -> None:
    """SIM-13."""
    assert derive(Character(concept="Ex-marine medic")).stats.total() > 0
    assert Character(concept="Ex-marine medic").concept == "Ex-marine medic"


def test_sim14_age_category_changes_stat_points_and_spp() -> None:
    """SIM-14."""
    adult = stats.age_category("Adult")
    assert (adult.stat_adj, adult.spp_base) == (-1, 14)
    assert skills.skill_purchase_points(6, "Young Adult") != skills.skill_purchase_points(
        6, "Adult"
    )


def test_sim18_skill_purchase_points() -> None:
    """SIM-18."""
    assert skills.skill_purchase_points(6, "Young Adult") == 12


def test_sim22_speed_defaults() -> None:
    """SIM-22."""
    assert str(stats.Speed()) == "Ground 3, Swimming 1"


def test_sim23_d05_initial_luck_is_the_campaigns() -> None:
    """SIM-23, SIM-D05."""
    assert stats.initial_luck() == 10 and stats.initial_luck(15) == 15
    assert Campaign().starting_luck == 10


def test_sim25_t10_unarmed_max_damage() -> None:
    """SIM-25, SIM-T10."""
    assert stats.unarmed_max_damage(6) == 6
    assert stats.unarmed_max_damage(6, "Expert") > stats.unarmed_max_damage(6)
    with pytest.raises(RuleError):
        stats.unarmed_max_damage(21)  # SIM-D07: outside the printed table


def test_sim26_fatigue_points() -> None:
    """SIM-26."""
    assert stats.fatigue_points(6, 6) == 12


def test_sim31_d12_shield_protects_against_every_attack() -> None:
    """SIM-31, SIM-D12."""
    large = shield("large")
    protected = apply_protection(10, "other", wear(shield="large"))
    assert protected.injury == 10 + large.dmg_mod("other")


def test_sim38_d22_disabled_get_no_actions_and_actions_per_turn_are_per_character() -> None:
    """SIM-38, SIM-D22."""
    fight = combat.add_combatant(
        combat.Combat(), name="A", hp_max=10, strength=5, health=5, actions_per_turn=3
    )
    fight = combat.add_combatant(fight, name="B", hp_max=10, strength=5, health=5, hp=1)
    fight, _ = combat.roll_initiative(fight, random.Random(1))
    assert fight.actions_left("c1") == 3 and fight.actions_left("c2") == 0


def test_sim41_sim42_injury_after_protection_comes_off_hp() -> None:
    """SIM-41, SIM-42."""
    result = apply_damage(
        12, "other", hp=20, hp_max=20, strength=6, health=5, protection=wear("chainmail")
    )
    assert result.injury == max(0, 12 + armor("chainmail").dmg_mod("other"))
    assert result.hp_after == 20 - result.injury


def test_sim53_bandage_and_sim55_d19_first_aid() -> None:
    """SIM-53, SIM-55, SIM-D19."""
    assert recovery.bandage(5).stops_bleeding
    aid = recovery.first_aid(hp=10, hp_max=26, skill="First Aid", minutes_since_injury=5)
    assert aid.hp_gain == 2 and aid.difficulty == "Average"
    with pytest.raises(RuleError):
        recovery.first_aid(hp=10, hp_max=26, skill="First Aid", minutes_since_injury=16)


def test_sim56_d18_natural_healing_is_capped() -> None:
    """SIM-56, SIM-D18."""
    assert recovery.natural_healing(2, "inactive", 10, 26).gained == 4
    assert recovery.natural_healing(20, "inactive", 20, 26).gained == 6


def test_d20_hospital_care() -> None:
    """SIM-D20."""
    assert recovery.hospital_care(1, 10, 26).gained == 4


def test_t02_special_checks_use_the_unadjusted_stat() -> None:
    """SIM-T02."""
    assert [tasks.special_check(c, 6) for c in tasks.SPECIAL_CHECKS] == [12, 12, 12, 12]
    assert any(b.key == "check:stamina" and b.base == 10 for b in base_scores(Character(health=5)))


def test_t04_ability_list() -> None:
    """SIM-T04."""
    assert {a.kind for a in ability_list()} == {"ability", "disability"}
    assert all(0 <= a.points <= 3 for a in ability_list())


def test_t05_t12_skill_costs_and_bonuses() -> None:
    """SIM-T05, SIM-T12."""
    assert [skills.skill_cost(lv) for lv in ("Familiar", "Capable", "Professional", "Expert")] == [
        1,
        2,
        4,
        8,
    ]
    assert skills.level_bonus("Expert", "physical") == 12


def test_t08_skill_list() -> None:
    """SIM-T08."""
    assert "Brawling" in skills.skill_names() and skills.skill_info("Melee Weapon").needs_specialty


def test_t09_initiative_bonus() -> None:
    """SIM-T09."""
    assert stats.initiative_bonus(None) == 0 and stats.initiative_bonus("Capable") == 2


def test_t11_hp_multiplier() -> None:
    """SIM-T11."""
    assert stats.hit_points(6, 6) == 24
    with pytest.raises(RuleError):
        stats.hp_multiplier(11)  # SIM-D07


def test_t17_injury_thresholds() -> None:
    """SIM-T17."""
    assert (BLEEDING_AFTER, UNCONSCIOUS_AT, DEAD_AT) == (10, 1, -10)


def test_d03_d04_race_adjustment_and_ability_balance() -> None:
    """SIM-D03, SIM-D04."""
    six = Character(strength=6, coordination=6, intellect=6, health=6)
    assert "stats" not in _fields(six)
    assert "stats" in _fields(six, Campaign(race_stat_adj=-2))
    taker = Character(
        strength=6, coordination=6, intellect=6, health=5, abilities=("Acute Hearing",)
    )
    assert "abilities" in _fields(taker)
    assert "abilities" not in {
        p.field for p in validate(taker, Campaign(ability_balance=1)) if p.severity == "error"
    }


def test_d07_values_outside_tables_are_refused() -> None:
    """SIM-D07."""
    with pytest.raises(RuleError, match="1 to 100"):
        from pycore.systems.simply.damage import master_damage

        master_damage(101, 5)


def test_d09_attack_types() -> None:
    """SIM-D09."""
    vest = wear("kevlar_vest")
    assert (
        apply_protection(20, "projectile", vest).injury
        != apply_protection(20, "other", vest).injury
    )
    with pytest.raises(RuleError):
        apply_protection(20, "laser", vest)


def test_d10_min_strength_is_a_builder_problem_only() -> None:
    """SIM-D10."""
    assert wear("plate").strength_problems(5)
    assert apply_protection(20, "other", wear("plate")).injury == max(
        0, 20 + armor("plate").dmg_mod("other")
    )


def test_d11_one_coating_on_plasteel_only() -> None:
    """SIM-D11."""
    with pytest.raises(RuleError, match="at most 1"):
        wear("plasteel_medium", ["ablative", "reflective"])
    with pytest.raises(RuleError, match="Plasteel"):
        wear("chainmail", ["ablative"])


def test_d17_halving_rounds_up() -> None:
    """SIM-D17."""
    assert distribution("1d10/2") == {n: Fraction(1, 5) for n in range(1, 6)}


def test_skill_rating_from_adjusted_and_original_stats() -> None:
    """SIM-28: a skill is rolled once, at its rating from the adjusted stats (SIM-21); the
    original one stays in its explanation."""
    c = Character(
        coordination=6,
        skills=(Skill("Missile Weapon", "Capable", "Bows"),),
        armor=ArmorChoice("Chainmail", 5, 1),
    )
    scores = {b.key: b for b in base_scores(c)}
    assert [k for k in scores if k.startswith("skill:")] == ["skill:0"]
    assert scores["skill:0"].base == 9 and "original stats" in scores["skill:0"].formula
