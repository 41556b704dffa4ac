"""Simply combat rules the worksheet applies: initiative and its ties, actions, attack and
defend, timing, disabled characters and luck in combat, injury after protection, attack types,
shields, the clock, extra actions, First Aid once per injury and the state-of-the-art hospital roll
(SIM-33, SIM-37 to SIM-39, SIM-41, SIM-42; SIM-D08, SIM-D09, SIM-D12 to SIM-D14, SIM-D17,
SIM-D19, SIM-D22).

Seed 002 lines 574-629 ("Combat Injury & Recovery"); rules/simply.md sections 2.4-2.6 and 6.2.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import refused
from scripted import Faces

from pycore.errors import RuleError
from pycore.systems.simply import armor as armor_rules
from pycore.systems.simply.damage import apply_damage, master_damage, raw_from_table
from pycore.systems.simply.fight import (
    ACTIONS,
    Combat,
    add_combatant,
    adjust,
    advance_clock,
    hit,
    hit_chance,
    roll_attack,
    roll_check,
    roll_initiative,
    take_action,
    treat,
    treatment_task,
)
from pycore.systems.simply.recovery import first_aid, hospital_care
from pycore.systems.simply.tasks import contest_odds, success_chance


class NoDice:
    """A source that fails the test if a die is rolled: the step must be refused first."""

    def randint(self, a: int, b: int, /) -> int:
        raise AssertionError("rolled, though the step should have been refused first")


def duel(**first: object) -> Combat:
    """Ann (initiative bonus 9, so first) and Bo, initiative rolled: Ann 1 + 9, Bo 1."""
    fight = add_combatant(
        Combat(),
        name="Ann",
        hp_max=26,
        strength=6,
        health=5,
        bonus=9,
        **first,  # type: ignore[arg-type]
    )
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5)
    fight, _ = roll_initiative(fight, Faces(1, 1))
    assert fight.order == ("c1", "c2")
    return fight


# --- SIM-33 / SIM-D13 initiative ---------------------------------------------------------------


def test_sim_33_one_d10_plus_bonus_higher_first_rolled_anew_each_turn() -> None:
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=6, health=5, bonus=3)
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5)
    fight = add_combatant(fight, name="Cy", hp_max=20, strength=5, health=5, bonus=-1)
    fight, first = roll_initiative(fight, Faces(4, 8, 10))  # Ann 7, Bo 8, Cy 9
    assert fight.order == ("c3", "c2", "c1") and first.turn == 1
    assert [line.total for line in first.lines] == [9, 8, 7]
    assert str(first) == "Turn 1: Cy 1D10 (10) − 1 = 9; Bo 1D10 (8) = 8; Ann 1D10 (4) + 3 = 7"
    # Turn 2's dice are read in the strip's order, the last turn's: Cy, Bo, Ann, then the
    # roll-off in that order (Cy 1, Bo 5).
    fight, second = roll_initiative(fight, Faces(3, 2, 9, 1, 5))  # Ann 12, Bo 2 = Cy 2
    assert second.turn == 2 and fight.order == ("c1", "c2", "c3")
    assert [line.die for line in second.lines] == [9, 2, 3]


def test_sim_d13_ties_roll_plain_d10_again_and_minor_npcs_order_among_themselves() -> None:
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=6, health=5, bonus=2)
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5, bonus=4)
    fight = add_combatant(fight, name="Grunt 1", hp_max=9, strength=5, health=5, minor=True)
    fight = add_combatant(fight, name="Grunt 2", hp_max=9, strength=5, health=5, minor=True)
    # Everyone's die first (Ann, Bo, then the Grunts), then the roll-offs:
    # Ann 5 + 2 = Bo 3 + 4 = 7: roll-off 6, 6 (tied again), then 2, 9: Bo first.
    # Grunts 10 and 4 (after everyone, whatever they roll): Grunt 1 before Grunt 2.
    fight, order = roll_initiative(fight, Faces(5, 3, 10, 4, 6, 6, 2, 9))
    assert fight.order == ("c2", "c1", "c3", "c4")
    assert [line.rolloffs for line in order.lines] == [(6, 9), (6, 2), (), ()]


# --- SIM-37 actions ---------------------------------------------------------------------------


def test_sim_37_two_actions_each_of_four_kinds() -> None:
    assert ACTIONS == ("Move", "Attack", "Defend", "Other")
    fight = duel()
    assert (fight.actions_left("c1"), fight.actions_left("c2")) == (2, 2)
    with refused("SIM-37"):
        take_action(fight, "c1", "Cast")
    fight, first = take_action(fight, "c1", "Other", "reload")
    assert str(first) == "Ann: Other: reload (1 action left)"
    fight, _ = take_action(fight, "c1", "Attack")
    with pytest.raises(RuleError, match="no actions left"):
        take_action(fight, "c1", "Defend")
    assert fight.cursor == "c2"


# --- SIM-39 / SIM-D08 attack and defend -------------------------------------------------------


def test_sim_39_sim_d08_an_attack_is_a_test_or_with_a_defend_a_contest_to_win() -> None:
    assert hit_chance(11) == success_chance(11)
    assert hit_chance(11, 9) == contest_odds(11, 9).a < hit_chance(11)
    fight = duel()
    # No Defend: a test; 2D10 = 11 vs TN 11 hits.
    after, plain = roll_attack(fight, "c1", "c2", 11, Faces(5, 6))
    assert plain.hit and after.actions_left("c2") == 2
    # Defend (Bo spends an action out of turn): 11 vs 11 (margin 0) against 4 vs 9 (margin 5).
    after, defended = roll_attack(fight, "c1", "c2", 11, Faces(5, 6, 2, 2), defend_tn=9)
    assert not defended.hit and after.actions_left("c2") == 1
    # The attacker must win: a better margin hits, a draw misses.
    _, wins = roll_attack(fight, "c1", "c2", 11, Faces(1, 3, 4, 3), defend_tn=9)
    _, draw = roll_attack(fight, "c1", "c2", 11, Faces(3, 3, 2, 2), defend_tn=9)
    assert wins.hit and not draw.hit


# --- SIM-38 timing, disabled characters, luck in combat ---------------------------------------


def test_sim_38_effects_are_immediate_and_the_disabled_get_no_actions() -> None:
    fight = duel()
    fight, _ = take_action(fight, "c1", "Attack")
    fight, struck = hit(fight, "c2", 19)  # Bo 20 -> 1: unconscious before his turn
    assert struck.damage.hp_after == 1 and fight.get("c2").disabled
    assert fight.actions_left("c2") == 0
    with refused("SIM-38"):
        take_action(fight, "c2", "Defend")
    fight, _ = take_action(fight, "c1", "Move")
    assert fight.cursor is None and fight.phase == "done"  # Bo's turn never comes


@pytest.mark.parametrize(
    ("hp", "status"),
    [(1, "unconscious"), (-3, "critical condition"), (-10, "dead")],
)
def test_sim_38_disabled_means_unconscious_critical_or_dead(hp: int, status: str) -> None:
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=6, health=5, hp=hp)
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5)
    ann = fight.get("c1")
    assert ann.disabled and status in ann.status()
    fight, _ = roll_initiative(fight, Faces(5, 6))
    assert fight.actions_left("c1") == 0 and fight.actions_left("c2") == 2


def test_sim_38_knocked_down_is_not_disabled() -> None:
    fight = duel()
    fight, _ = hit(fight, "c2", 11)  # raw 11 > 2 x S 5: Knockback Check
    fight, rolled = roll_check(fight, 0, Faces(10, 9))  # 19 vs TN 10: knocked down
    assert not rolled.passed
    bo = fight.get("c2")
    assert bo.has("knocked down") and not bo.disabled and fight.actions_left("c2") == 2
    fight, _ = take_action(fight, "c1", "Move")
    fight, _ = take_action(fight, "c1", "Move")
    fight, text = take_action(fight, "c2", "Move")
    assert "gets up" in str(text) and not fight.get("c2").has("knocked down")


def test_sim_38_luck_on_an_attack_works_as_on_any_task() -> None:
    fight = duel(luck_points=12)
    # 2D10 = 9 + 9 = 18 vs TN 10: 8 LP raise the TN to 18 (SIM-10 2b).
    fight, attack = roll_attack(fight, "c1", "c2", 10, Faces(9, 9), luck=True)
    assert attack.hit and fight.get("c1").luck == 4 and attack.luck_spent == 8
    assert fight.actions_left("c1") == 1


def test_sim_38_an_attacker_with_fewer_than_5_lp_cannot_declare_luck() -> None:
    fight = duel(luck_points=3)
    with pytest.raises(RuleError, match="Ann has 3 LP"):
        roll_attack(fight, "c1", "c2", 10, NoDice(), luck=True)
    assert fight.actions_left("c1") == 2  # refused before the action or the dice


def test_sim_10_luck_declared_is_spent_by_the_rule_from_the_whole_pool() -> None:
    """002 lines 73-79: with 10 LP declared yes, a miss by 6 is bought for 6 (4 left), not
    failed because a smaller amount was typed; a success costs 5; too few LP fail and cost 5."""
    fight = duel(luck_points=10)
    fight, attack = roll_attack(fight, "c1", "c2", 10, Faces(8, 8), luck=True)  # 16: by 6
    assert attack.hit and fight.get("c1").luck == 4 and "4 LP left" in attack.text
    fight, _ = hit(fight, "c2", 0, attack=attack.serial)  # each hit applied before the next
    fight = adjust(fight, "c1", luck=10)
    fight, attack = roll_attack(fight, "c1", "c2", 10, Faces(2, 4), luck=True)  # success
    assert attack.hit and fight.get("c1").luck == 5
    fight, _ = hit(fight, "c2", 0, attack=attack.serial)
    fight, _ = roll_initiative(fight, Faces(1, 1))  # a new turn: two actions again
    fight, attack = roll_attack(fight, "c1", "c2", 10, Faces(9, 9), luck=False)
    assert not attack.hit and fight.get("c1").luck == 5  # not declared: nothing spent


def test_sim_10_too_few_luck_points_fail_and_cost_five() -> None:
    fight = duel(luck_points=7)
    fight, attack = roll_attack(fight, "c1", "c2", 10, Faces(9, 9), luck=True)  # needs 8
    assert not attack.hit and fight.get("c1").luck == 2 and attack.luck_spent == 5


def test_sim_38_luck_on_an_injury_check_comes_out_of_the_combatants_own_lp() -> None:
    fight = duel()
    fight, _ = hit(fight, "c2", 11)  # Bo has 0 LP
    with pytest.raises(RuleError, match="Bo has 0 LP"):
        roll_check(fight, 0, NoDice(), luck=True)
    fight = adjust(fight, "c2", luck=9)
    fight, rolled = roll_check(fight, 0, Faces(6, 6), luck=True)  # 12 vs TN 10: buys 2, pays 5
    assert rolled.passed and fight.get("c2").luck == 4


def test_sim_37_attack_then_roll_is_one_action_not_two() -> None:
    """SIM-37: "Attack" takes the action; rolling it spends nothing more (issue 14)."""
    fight = duel()
    fight, _ = take_action(fight, "c1", "Attack")
    fight, attack = roll_attack(fight, "c1", "c2", 10, Faces(2, 3))
    assert attack.hit and fight.actions_left("c1") == 1
    fight, _ = hit(fight, "c2", 0, attack=attack.serial)  # each hit applied before the next
    fight, _ = take_action(fight, "c1", "Attack")  # the last action: the turn moves on
    fight, attack = roll_attack(fight, "c1", "c2", 10, Faces(2, 3))  # still Ann's roll to make
    assert fight.actions_left("c1") == 0 and fight.cursor == "c2"
    fight, _ = hit(fight, "c2", 0, attack=attack.serial)
    with pytest.raises(RuleError, match="no actions left"):
        roll_attack(fight, "c1", "c2", 10, Faces(2, 3))


def test_sim_d08_a_defend_taken_out_of_turn_is_not_spent_twice() -> None:
    fight = duel()
    fight, _ = take_action(fight, "c2", "Defend")  # Bo's reaction, out of turn
    fight, _ = roll_attack(fight, "c1", "c2", 10, Faces(2, 3, 4, 4), defend_tn=10)
    assert fight.actions_left("c2") == 1 and fight.actions_left("c1") == 1


def test_sim_09_injury_checks_are_special_checks_without_the_automatic_two() -> None:
    fight = duel()
    fight, _ = hit(fight, "c2", 18)  # HP 2: Knockback (TN 10), Stamina (TN 10) twice
    assert [(p.rule, p.target_number) for p in fight.pending] == [
        ("SIM-44", 10),
        ("SIM-45", 10),
        ("SIM-47", 10),
    ]
    for target in range(-3, 25):
        check = replace(fight.pending[0], target_number=target)
        assert check.chance == success_chance(target, skilled=False)
    fight = replace(fight, pending=(replace(fight.pending[0], target_number=1),))
    fight, rolled = roll_check(fight, 0, Faces(1, 1))  # a 2 under TN 1 fails: not Fam+
    assert not rolled.passed and fight.get("c2").has("knocked down")


# --- SIM-41 / SIM-42 injury and hit points ----------------------------------------------------


@given(
    raw=st.integers(0, 120),
    armor=st.sampled_from((None, *armor_rules.armor_ids())),
    shield=st.sampled_from((None, *armor_rules.shield_ids())),
    kind=st.sampled_from(("projectile", "energy", "other")),
    hp=st.integers(-20, 40),
)
def test_sim_41_sim_42_injury_is_raw_plus_every_dmg_mod_never_negative(
    raw: int, armor: str | None, shield: str | None, kind: str, hp: int
) -> None:
    worn = armor_rules.wear(armor, shield=shield)
    mods = (worn.armor.dmg_mod(kind) if worn.armor else 0) + (
        worn.shield.dmg_mod(kind) if worn.shield else 0
    )
    result = apply_damage(raw, kind, hp=hp, hp_max=40, strength=20, health=5, protection=worn)
    assert result.injury == max(0, raw + mods)  # SIM-41
    assert result.hp_after == hp - result.injury  # SIM-42: may go below 0


def test_sim_41_sim_42_in_the_worksheet() -> None:
    fight = add_combatant(
        Combat(), name="Ann", hp_max=26, strength=6, health=5, armor="chainmail", shield="large"
    )
    fight, first = hit(fight, "c1", raw_from_table(52, 10))  # raw 26 - 8 - 2 = 16
    assert (first.damage.raw.value, first.damage.injury, fight.get("c1").hp) == (26, 16, 10)
    fight, second = hit(fight, "c1", 30)  # 20 more: HP -10, dead (SIM-50)
    assert second.damage.injury == 20
    assert fight.get("c1").hp == -10 and fight.get("c1").dead
    fight, third = hit(fight, "c1", 5)  # armor stops all of it: HP unchanged
    assert third.damage.injury == 0 and fight.get("c1").hp == -10


# --- SIM-D09 attack types ---------------------------------------------------------------------


def test_sim_d09_the_attack_type_picks_the_armor_row_and_is_chosen_per_attack() -> None:
    vest = armor_rules.wear("kevlar_vest")
    assert [armor_rules.apply_protection(20, k, vest).injury for k in armor_rules.DAMAGE_KINDS] == [
        6,  # projectile: -14
        16,  # energy is "all other": -4
        16,  # other: -4
    ]
    fight = add_combatant(
        Combat(), name="Ann", hp_max=40, strength=10, health=5, armor="plasteel_heavy",
        coating="reflective", shield="e_shield_target",
    )  # fmt: skip
    fight, energy = hit(fight, "c1", 40, "energy")  # -30 -5 -4
    fight, other = hit(fight, "c1", 40)  # the default type is "other": -30 -1
    assert (energy.damage.injury, other.damage.injury) == (1, 9)
    with pytest.raises(RuleError, match="damage kind 'fire' is unknown"):
        hit(fight, "c1", 40, "fire")


# --- SIM-D14 the clock -----------------------------------------------------------------------


def test_sim_d14_bleeding_per_full_five_minutes_of_the_game_clock() -> None:
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=10, health=5)
    fight, _ = hit(fight, "c1", 10)  # 10 points of injuries: bleeding from minute 0
    lost = []
    for minutes in (4, 1, 3, 3, 12):
        before = fight.get("c1").hp
        fight, _ = advance_clock(fight, minutes)
        lost.append(before - fight.get("c1").hp)
    assert fight.clock == 23 and lost == [0, 1, 0, 1, 2]  # minutes 5, 10, 15, 20
    for bad in (0, -5):
        with pytest.raises(RuleError):
            advance_clock(fight, bad)


# --- SIM-D12 shields --------------------------------------------------------------------------


def test_sim_d12_a_shield_guards_every_attack_defends_and_strikes() -> None:
    large = armor_rules.wear(shield="large")
    # Its Dmg Mod applies to every attack on its bearer, of every type, defended or not.
    assert [
        armor_rules.apply_protection(10, k, large).injury for k in ("projectile", "energy", "other")
    ] == [8, 8, 8]
    # Its Def Mod is for Defend tasks made with it; its Dmg is a max damage on the MDT.
    assert (large.def_mod, armor_rules.wear(shield="buckler").def_mod) == (-1, 1)
    assert armor_rules.wear().def_mod == 0
    strike = armor_rules.shield("target").dmg
    assert strike == 6 and [master_damage(strike, r) for r in (1, 10, 20)] == [1, 3, 6]
    assert armor_rules.shield("buckler").dmg is None  # "-": cannot strike


# --- SIM-D17 1D10/2 rounds up -----------------------------------------------------------------


def test_sim_d17_state_of_the_art_hospital_halves_1d10_rounding_up() -> None:
    care = hospital_care(10, 0, 200, state_of_the_art=True, rng=Faces(*range(1, 11)))
    assert [r.total for r in care.rolls] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert care.gained == 10 * 4 + 30
    with pytest.raises(RuleError):
        hospital_care(1, 0, 20, state_of_the_art=True)  # no dice to roll with


# --- SIM-D19 First Aid once per injury, within 15 minutes --------------------------------------


def test_sim_d19_first_aid_once_per_injury_within_15_minutes() -> None:
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=10, health=5)
    with pytest.raises(RuleError, match="no injury"):
        treatment_task(fight, "c1", "first aid")
    fight, _ = hit(fight, "c1", 6)
    fight, done = treat(fight, "c1", "first aid", Faces(1, 2), rating=12)
    assert done.success and fight.get("c1").hp == 22
    with refused("SIM-D19"):
        treatment_task(fight, "c1", "first aid")
    fight, _ = hit(fight, "c1", 3)  # a new injury opens a new window
    late = replace(fight, clock=fight.clock + 16)
    with pytest.raises(RuleError, match="15"):
        treatment_task(late, "c1", "first aid")
    assert treatment_task(replace(fight, clock=15), "c1", "first aid").hp_gain == 2
    with pytest.raises(RuleError):
        first_aid(10, 26, "First Aid", 16)


# --- SIM-D22 extra actions --------------------------------------------------------------------


def test_sim_d22_extra_actions_per_character_default_2() -> None:
    fight = add_combatant(
        Combat(), name="Cyborg", hp_max=30, strength=8, health=6, actions_per_turn=3, bonus=9
    )
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5)
    assert fight.get("c2").actions_per_turn == 2
    fight, _ = roll_initiative(fight, Faces(1, 1))
    assert (fight.actions_left("c1"), fight.actions_left("c2")) == (3, 2)
    for action in ("Move", "Attack", "Attack"):
        assert fight.cursor == "c1"
        fight, _ = take_action(fight, "c1", action)
    assert fight.cursor == "c2"
    for bad in (0, 11):
        with refused("SIM-D22"):
            add_combatant(Combat(), name="X", hp_max=9, strength=5, health=5, actions_per_turn=bad)


def test_sim_d20_hospital_care_ends_the_stabilization_countdown() -> None:
    fight = duel()
    fight = adjust(fight, "c2", hp=-3)  # Bo in Critical Condition (SIM-49)
    with refused("SIM-D20"):
        treat(fight, "c2", "hospital care", Faces(1))
    fight, _ = treat(fight, "c2", "stabilize", Faces(1, 2, 3), rating=15)
    assert fight.get("c2").stabilized_until == fight.clock + 180
    fight, done = treat(fight, "c2", "hospital care", Faces())
    assert done.text.endswith("no longer runs out") and "SIM-D20" in done.step.rules
    fight, lines = advance_clock(fight, 60 * 24)
    assert fight.get("c2").hp == -3 and not fight.get("c2").bleeding
    assert not any("ran out" in line for line in lines.lines)


def test_sim_52_a_treatment_after_first_aids_window_still_stops_bleeding() -> None:
    fight = duel()
    fight, _ = hit(fight, "c1", 12)  # Ann bleeds (SIM-46)
    fight, _ = advance_clock(fight, 20)
    with refused("SIM-55"):
        treatment_task(fight, "c1", "first aid")
    task = treatment_task(fight, "c1", "treatment", "Medicine")
    assert str(task) == "treatment: Easy Medicine (+2); stops bleeding"
    fight, done = treat(fight, "c1", "treatment", Faces(1, 2), skill="Medicine", rating=8)
    assert done.success and not fight.get("c1").bleeding


def test_sim_52_a_treatment_roll_says_its_verdict_once() -> None:
    """The roll's words carry the verdict ("success by 9"); the line said it again ("success by
    9 → success"), and the GM read it twice under the treatment."""
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=10, health=5)
    fight, _ = hit(fight, "c1", 6)
    _, done = treat(fight, "c1", "first aid", Faces(1, 2), rating=12)
    assert done.success and done.text.count("success") == 1, done.text
    assert done.text.endswith("success by 9"), done.text
    _, failed = treat(fight, "c1", "first aid", Faces(10, 9), rating=12)
    assert not failed.success and failed.text.count("failure") == 1, failed.text
