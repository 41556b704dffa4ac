"""Rules the Simply pages used to apply themselves, now in the core with their own tests: the
damage D20 (SIM-40), luck declared on a task or a contest (SIM-10), contests by name (SIM-08),
what a character brings to a fight (SIM-24, SIM-25, SIM-27, SIM-30, SIM-31), the armor row of an
attack skill (SIM-D09), a treatment's chance (SIM-52) and the difficulty ladder (SIM-T01)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scripted import Faces

from pycore.dice import seeded, typed_dice
from pycore.errors import DiceError, RuleError
from pycore.systems.simply import luck, recovery, tasks
from pycore.systems.simply.character import Character, Skill
from pycore.systems.simply.damage import roll_raw_from_table
from pycore.systems.simply.fight import Combat
from pycore.systems.simply.fight.sheet import add_character
from pycore.systems.simply.ladder import difficulty_ladder


class NoDice:
    """A source that fails the test if anything is rolled."""

    def randint(self, a: int, b: int, /) -> int:
        raise AssertionError("rolled, though the step should have been refused first")


def test_sim_40_the_damage_roll_is_one_d20_on_the_master_damage_tables() -> None:
    raw = roll_raw_from_table(20, Faces(7))
    assert (raw.value, raw.max_damage, raw.roll) == (7, 20, 7)
    assert (
        str(roll_raw_from_table(52, typed_dice("1d20", "10")))
        == "Max Dmg 52, damage roll 10 → raw 26"
    )
    rolled = {roll_raw_from_table(100, seeded(f"s{i}")).roll for i in range(200)}
    assert rolled <= set(range(1, 21)) and len(rolled) > 15  # a D20, every face reachable


def test_sim_40_a_bad_max_damage_or_die_is_refused_before_anything_is_rolled() -> None:
    with pytest.raises(RuleError, match="max damage 101 is outside 1 to 100"):
        roll_raw_from_table(101, NoDice())
    with pytest.raises(DiceError, match="cannot show 21"):
        roll_raw_from_table(20, typed_dice("1d20", "21"))


def test_sim_10_luck_declared_on_a_task_is_spent_by_the_rule() -> None:
    # E21: TN 10, roll 13, 20 LP: 5 spent (needs 3, minimum 5), TN 15, success by 2.
    result = luck.roll_task_declared(tasks.target_number(10), "Capable", 20, Faces(6, 7))
    assert isinstance(result, luck.RolledLuckTest)
    assert (result.result.success, result.result.spent, result.result.margin) == (True, 5, 2)


def test_sim_10_no_luck_on_a_task_the_difficulty_decides() -> None:
    # SIM-04: Automatic and Impossible have no roll, so no luck is declared or spent.
    result = luck.roll_task_declared(tasks.target_number(10, "Impossible"), None, 20, NoDice())
    assert isinstance(result, tasks.TaskOutcome)
    assert result.result is None and not result.success


def test_sim_10_too_few_luck_points_are_refused_before_the_roll() -> None:
    with pytest.raises(RuleError, match="at least 5 LP"):
        luck.roll_task_declared(tasks.target_number(10), None, 4, NoDice())
    with pytest.raises(RuleError, match="at least 5 LP"):
        luck.roll_contest_declared((10, None, 0), (10, None, 3), NoDice())


def test_sim_08_a_contest_names_its_winner() -> None:
    plain = luck.roll_contest_declared(
        (10, None, 0), (12, None, 0), Faces(3, 4, 6, 6), ("Mara", "Grunt")
    )
    assert isinstance(plain, tasks.RolledContest)
    assert plain.verdict == "Mara wins" and str(plain).endswith("Mara wins (margins 3 vs 0)")
    lucky = luck.roll_contest_declared(
        (10, None, 0), (10, None, 20), Faces(5, 5, 6, 7), ("Mara", "Grunt")
    )
    assert isinstance(lucky, luck.LuckyContest)
    # Grunt buys 13 → TN 15 (margin 2) and Mara's margin 0 loses: Grunt wins (SIM-08, SIM-10).
    assert lucky.verdict == "Grunt wins" and str(lucky).endswith("Grunt wins (margins 0 vs 2)")
    assert tasks.winner_words(None, ("Mara", "Grunt")) == "draw"


def test_sim_08_the_sides_default_to_a_and_b_and_names_are_checked() -> None:
    assert str(tasks.contest(11, 6, 13, 9)).startswith("A 2D10 = 6")
    with pytest.raises(RuleError, match="must be two names"):
        tasks.contest(11, 6, 13, 9, names=("Mara",))


def test_sim_27_sim_24_sim_25_a_character_joins_the_fight_with_its_derived_values() -> None:
    mara = Character(
        name="Mara",
        strength=7,
        health=5,
        luck=12,
        skills=(Skill("Combat Awareness", "Capable"),),
        extra={"armor_id": "chainmail", "shield_id": "large"},
    )
    fight = add_character(Combat(), mara, "u4", armor="leather_jacket", coating=None)
    c = fight.get("c1")
    # SIM-27: ⌈7 × 3.0 + 5⌉ = 26 (H 5: ×3); SIM-24: Capable Combat Awareness; SIM-25: S 7 → 6.
    assert (c.hp_max, c.hp, c.bonus, c.max_damage, c.luck) == (26, 26, 2, 6, 12)
    # SIM-30, SIM-31: the builder's armor and shield win over the form's stand-ins.
    assert (c.armor, c.shield, c.character) == ("chainmail", "large", "u4")
    bare = add_character(Combat(), Character(name=""), None, armor="leather_jacket").get("c1")
    assert (bare.name, bare.armor) == ("unnamed", "leather_jacket")


def test_sim_52_a_treatment_chance_is_judged_as_its_roll_is() -> None:
    task = recovery.treatment(hp=6, hp_max=26, skill="First Aid")  # Above Average: −2
    chance = recovery.treatment_chance(task, 12)
    assert chance is not None and chance.target.total == 10 and chance.chance == Fraction(9, 20)
    # A default rating (no level) gets no automatic 2 (SIM-06), a bought one does.
    low = recovery.treatment_chance(task, 3)
    assert low is not None and low.chance == 0
    skilled = recovery.treatment_chance(task, 3, "Familiar")
    assert skilled is not None and skilled.chance == Fraction(1, 100)
    assert recovery.treatment_chance(recovery.bandage(5), 12) is None  # automatic: no roll


def test_sim_t01_the_difficulty_ladder_in_words() -> None:
    ladder = difficulty_ladder()
    assert ladder.table_id == "SIM-T01" and ladder.title == "Task difficulty"
    assert dict(ladder.rows)["Near Impossible"] == "−12"
    assert dict(ladder.rows)["Very Easy"] == "+4"
    assert ladder.rows[0] == ("Automatic", "automatic success")
