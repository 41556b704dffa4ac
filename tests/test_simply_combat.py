"""The Simply combat worksheet's core (SIM-33 to SIM-57 in a running fight)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import refused
from scripted import Faces as ScriptedRng

from pycore.errors import RuleError
from pycore.systems.simply.damage import raw_from_table
from pycore.systems.simply.fight import (
    Combat,
    acting_order,
    add_combatant,
    adjust,
    advance_clock,
    combat_from_json,
    combat_to_json,
    current_actor,
    give_up,
    hit,
    hit_chance,
    hold,
    initiative_idle,
    initiative_rollers,
    remove_combatant,
    roll_attack,
    roll_check,
    roll_initiative,
    take_action,
    treat,
    treatment_task,
)
from pycore.systems.simply.tasks import contest_odds, success_chance


def three(minor_c: bool = False) -> Combat:
    fight = add_combatant(Combat(), name="Ann", hp_max=26, strength=6, health=5, bonus=2)
    fight = add_combatant(fight, name="Bo", hp_max=20, strength=5, health=5)
    return add_combatant(fight, name="Cy", hp_max=12, strength=4, health=4, minor=minor_c)


# --- SIM-33, SIM-34, SIM-D13 initiative --------------------------------------------------


def test_initiative_high_first_and_minor_npcs_last_whatever_they_roll() -> None:
    fight, order = roll_initiative(three(minor_c=True), ScriptedRng(3, 6, 10))
    assert fight.order == ("c2", "c1", "c3")  # Bo 6 > Ann 3+2 = 5; Cy 10 but minor
    assert [line.total for line in order.lines] == [6, 5, 10]
    assert "minor NPC, goes last" in str(order)


def test_initiative_ties_are_rolled_off_with_plain_d10_repeating_while_tied() -> None:
    # Ann 3+2 = 5, Bo 5, Cy 5: a three-way tie; roll-off 4, 4, 9 → Cy first, Ann/Bo again 2, 7.
    fight, order = roll_initiative(three(), ScriptedRng(3, 5, 5, 4, 4, 9, 2, 7))
    assert fight.order == ("c3", "c2", "c1")
    assert [line.rolloffs for line in order.lines] == [(9,), (4, 7), (4, 2)]


def test_initiative_is_rolled_anew_each_turn_and_held_actions_lapse() -> None:
    fight, _ = roll_initiative(three(), ScriptedRng(9, 5, 1))
    fight, _ = hold(fight, "c1")
    assert fight.actions_left("c1") == 2
    fight, second = roll_initiative(fight, ScriptedRng(1, 5, 9))
    assert second.turn == 2 and fight.order == ("c3", "c2", "c1")
    assert fight.passed == () and dict(fight.actions) == {"c1": 2, "c2": 2, "c3": 2}


def test_disabled_participants_get_no_actions_and_the_dead_roll_no_initiative() -> None:
    fight = adjust(three(), "c2", hp=1)  # SIM-48: unconscious at 1 HP
    fight = adjust(fight, "c3", hp=-10)  # SIM-50: dead
    assert initiative_rollers(fight) == ("Ann",)  # SIM-38: the disabled roll for nothing
    assert initiative_idle(fight) == ("Bo (unconscious)", "Cy (dead)")
    fight, order = roll_initiative(fight, ScriptedRng(5))
    assert [line.combatant for line in order.lines] == ["c1"]
    assert fight.order == ("c1", "c2")  # Bo on the strip after those who rolled; Cy gone
    assert str(order) == (
        "Turn 1: Ann 1D10 (5) + 2 = 7; no roll for Bo (unconscious), Cy (dead): "
        "no actions this turn"
    )
    assert "SIM-38" in order.step.rules
    assert fight.actions_left("c2") == 0
    assert current_actor(fight) == "c1"
    everyone_out = adjust(fight, "c1", hp=0)
    with pytest.raises(RuleError, match="no participant can act"):
        roll_initiative(everyone_out, ScriptedRng(5))


def test_initiative_dice_are_read_in_the_strip_s_order() -> None:
    """Play-through smfix: the strip lists the fighters in last turn's order, the dice were
    read in joining order; a GM typing down the strip gave Cy's die to Ann, silently."""
    fight, _ = roll_initiative(three(), ScriptedRng(1, 5, 9))  # Cy 9, Bo 5, Ann 1+2
    assert fight.order == ("c3", "c2", "c1")
    assert [c.name for c in acting_order(fight)] == ["Cy", "Bo", "Ann"]
    assert initiative_rollers(fight) == ("Cy", "Bo", "Ann")
    fight, second = roll_initiative(fight, ScriptedRng(10, 4, 1))  # typed down the strip
    assert [(line.name, line.die) for line in second.lines] == [("Cy", 10), ("Bo", 4), ("Ann", 1)]


# --- SIM-35, SIM-36, SIM-37 actions -------------------------------------------------------


def test_two_actions_then_the_next_in_order() -> None:
    fight, _ = roll_initiative(three(), ScriptedRng(9, 5, 1))
    fight, text = take_action(fight, "c1", "Move")
    assert str(text) == "Ann: Move (1 action left)" and current_actor(fight) == "c1"
    fight, text = take_action(fight, "c1", "Attack")
    assert str(text) == "Ann: Attack (0 actions left)" and current_actor(fight) == "c2"


def test_held_actions_are_played_in_reverse_order_after_the_first_pass() -> None:
    fight, _ = roll_initiative(three(), ScriptedRng(9, 5, 1))  # Ann, Bo, Cy
    fight, _ = hold(fight, "c1")
    fight, _ = hold(fight, "c2")
    fight, _ = take_action(fight, "c3", "Attack")
    fight, _ = take_action(fight, "c3", "Attack")
    assert fight.phase == "held" and current_actor(fight) == "c2"  # reverse: Bo before Ann
    fight, _ = hold(fight, "c2")  # gives up the rest (SIM-35 reading)
    assert current_actor(fight) == "c1" and fight.actions_left("c2") == 0
    fight, _ = take_action(fight, "c1", "Other")
    fight, _ = take_action(fight, "c1", "Other")
    assert fight.phase == "done" and current_actor(fight) is None
    with pytest.raises(RuleError, match="roll initiative"):
        take_action(fight, "c1", "Move")


def test_interrupts_need_a_held_action_and_never_follow_each_other() -> None:
    fight, _ = roll_initiative(three(), ScriptedRng(9, 5, 1))
    with pytest.raises(RuleError, match="holds no actions"):
        take_action(fight, "c2", "Attack")  # Bo's turn has not come yet: nothing held
    fight, _ = hold(fight, "c1")
    fight, text = take_action(fight, "c1", "Attack")
    assert "interrupting" in str(text)
    fight, _ = hold(fight, "c2")  # Bo holds too; Cy's turn
    with refused("SIM-36"):
        take_action(fight, "c2", "Attack")  # a second interrupt straight after the first
    fight, _ = take_action(fight, "c3", "Move")  # an action in order by someone else
    fight, text = take_action(fight, "c2", "Attack")
    assert "interrupting" in str(text)


def test_a_defend_spends_an_unused_action_out_of_turn() -> None:
    fight, _ = roll_initiative(three(), ScriptedRng(9, 5, 1))
    fight, text = take_action(fight, "c3", "Defend")
    assert str(text) == "Cy: Defend, out of turn (1 action left)"
    assert current_actor(fight) == "c1"


def test_a_move_gets_a_knocked_down_participant_up() -> None:
    fight = three()
    fight, _ = hit(fight, "c1", 13)  # raw 13 > 2 x S 6: Knockback Check
    fight, _ = roll_check(fight, 0, ScriptedRng(10, 10))  # 20 always fails
    assert fight.get("c1").has("knocked down") and not fight.get("c1").disabled  # SIM-D15
    fight, _ = roll_initiative(fight, ScriptedRng(9, 5, 1))
    fight, text = take_action(fight, "c1", "Move")
    assert "gets up" in str(text) and not fight.get("c1").has("knocked down")


def test_give_up_and_remove() -> None:
    fight, _ = roll_initiative(three(), ScriptedRng(9, 5, 1))
    fight = give_up(fight, "c1")
    assert current_actor(fight) == "c2"
    fight, _ = remove_combatant(fight, "c2")
    assert current_actor(fight) == "c3" and fight.order == ("c1", "c3")


# --- SIM-39, SIM-D08 attacks --------------------------------------------------------------


def test_hit_chance_is_a_test_or_a_contest_the_attacker_must_win() -> None:
    assert hit_chance(12) == success_chance(12)
    assert hit_chance(12, 10) == contest_odds(12, 10).a
    assert hit_chance(12, 10) < hit_chance(12)


def test_an_attack_with_a_defend_spends_both_actions_and_a_draw_misses() -> None:
    fight, _ = roll_initiative(three(), ScriptedRng(9, 5, 1))
    # Attacker 2D10 = 8 vs TN 12 (margin 4); defender 2D10 = 6 vs TN 10 (margin 4): a draw.
    fight, result = roll_attack(fight, "c1", "c2", 12, ScriptedRng(4, 4, 3, 3), defend_tn=10)
    assert not result.hit and "draw is a miss" in str(result)
    assert fight.actions_left("c1") == 1 and fight.actions_left("c2") == 1


def test_luck_that_cannot_buy_the_roll_says_how_much_it_needed() -> None:
    """A GM's play-through read "Cy 18 vs TN 8, 5 LP" under "Bo hits Cy": the 5 LP looked
    spent on a success. Luck short of the roll (SIM-10 2c) and a 20 say why they failed."""
    fight = add_combatant(Combat(), name="Lucky", hp_max=20, strength=5, health=5, luck_points=7)
    fight = add_combatant(fight, name="Foe", hp_max=20, strength=5, health=5, luck_points=5)
    fight, _ = roll_initiative(fight, ScriptedRng(9, 1))
    # Lucky 2D10 = 18 vs TN 10 needs 8 LP, has 7: fails, 5 LP spent.
    fight, result = roll_attack(fight, "c1", "c2", 10, ScriptedRng(9, 9), luck=True)
    assert not result.hit and fight.get("c1").luck == 2
    assert result.number == "18 vs TN 10, 5 LP (8 needed)"
    # Foe defends with luck and rolls 20: no LP buys it off (SIM-06, SIM-10).
    fight, result = roll_attack(
        fight, "c1", "c2", 10, ScriptedRng(3, 4, 10, 10), defend_tn=10, defend_luck=True
    )
    assert result.hit
    assert result.number == "7 vs TN 10 · Foe 20 vs TN 10, 5 LP (a 20 cannot be bought off)"


def test_an_attack_with_luck_declared_spends_luck() -> None:
    fight = add_combatant(Combat(), name="Lucky", hp_max=20, strength=5, health=5, luck_points=10)
    fight = add_combatant(fight, name="Foe", hp_max=20, strength=5, health=5)
    fight, _ = roll_initiative(fight, ScriptedRng(9, 1))
    fight, result = roll_attack(fight, "c1", "c2", 10, ScriptedRng(7, 6), luck=True)
    assert result.hit  # 13 vs 10: 5 LP raise the TN to 15 (SIM-10)
    assert fight.get("c1").luck == 5 and result.luck_spent == 5
    # Issue 26: the number shown beside "hits" read "13 vs TN 10", as if a miss: it says why.
    assert result.number == "13 vs TN 10, 5 LP → TN 15"
    fight, _ = hit(fight, "c2", 0, attack=result.serial)  # the hit applied: the next attack
    fight = adjust(fight, "c1", luck=4)
    with pytest.raises(RuleError, match="has 4 LP"):
        roll_attack(fight, "c1", "c2", 10, ScriptedRng(7, 6), luck=True)


def test_luck_in_a_defended_attack_raises_the_attackers_tn_before_the_contest() -> None:
    fight = add_combatant(Combat(), name="Lucky", hp_max=20, strength=5, health=5, luck_points=10)
    fight = add_combatant(fight, name="Foe", hp_max=20, strength=5, health=5)
    fight, _ = roll_initiative(fight, ScriptedRng(9, 1))
    # A: 13 vs 10, buys 5 → TN 15, margin 2; B: 9 vs 10, margin 1 → A wins (SIM-08, SIM-10).
    fight, result = roll_attack(
        fight, "c1", "c2", 10, ScriptedRng(7, 6, 4, 5), defend_tn=10, luck=True
    )
    assert result.hit and "Lucky wins (margins 2 vs 1)" in str(result)  # named (SIM-08)
    assert fight.get("c1").luck == 5


# --- SIM-40 to SIM-50 injuries ------------------------------------------------------------


def test_knockback_is_strict_and_uses_raw_damage_even_when_armor_stops_it() -> None:
    fight = add_combatant(Combat(), name="Knight", hp_max=26, strength=5, health=5, armor="plate")
    fight, none = hit(fight, "c1", 10)
    assert none.checks == ()  # raw 10 = 2 x S: no check
    fight, one = hit(fight, "c1", 11)  # plate's -12 stops all of it
    assert one.damage.injury == 0 and [c.rule for c in one.checks] == ["SIM-44"]


def test_bleeding_counts_injuries_cumulatively() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=9, health=5)
    fight, _ = hit(fight, "c1", 6)
    assert not fight.get("c1").bleeding
    fight, result = hit(fight, "c1", 4)  # 10 points of injuries taken
    assert result.damage.has("SIM-46") and fight.get("c1").bleeding


def test_quarter_hp_calls_a_check_with_every_further_injury() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=20, strength=9, health=5)
    fight, first = hit(fight, "c1", 9)  # HP 11
    assert [c.rule for c in first.checks] == []
    fight, second = hit(fight, "c1", 6)  # HP 5: 4 x 5 <= 20
    assert [c.rule for c in second.checks] == ["SIM-47"]
    fight, third = hit(fight, "c1", 1)  # HP 4, still at or below a quarter
    assert [c.rule for c in third.checks] == ["SIM-47"]
    assert len(fight.pending) == 2


def test_failed_stamina_check_knocks_out_and_ends_the_turn() -> None:
    fight, _ = roll_initiative(three(), ScriptedRng(9, 5, 1))
    fight, _ = hit(fight, "c1", 14)  # 2 x 14 > 26: SIM-45; raw 14 > 12: SIM-44
    index = [p.rule for p in fight.pending].index("SIM-45")
    fight, rolled = roll_check(fight, index, ScriptedRng(9, 9))  # 18 vs TN 10
    assert not rolled.passed and "unconscious" in str(rolled)
    ann = fight.get("c1")
    assert ann.disabled and fight.actions_left("c1") == 0
    assert current_actor(fight) == "c2"


def test_critical_and_dead() -> None:
    fight = three()
    fight, result = hit(fight, "c3", 13)  # Cy 12 HP → -1
    cy = fight.get("c3")
    assert cy.critical and cy.unconscious and cy.bleeding
    assert result.damage.has("SIM-49")
    fight, _ = hit(fight, "c3", 9)
    assert fight.get("c3").dead and fight.get("c3").status() == "dead"


def test_luck_against_injury_and_master_damage_table() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, luck_points=6)
    raw = raw_from_table(52, 10)  # MDT: 26
    fight, result = hit(fight, "c1", raw, luck_spent=6)
    assert result.damage.injury == 20 and fight.get("c1").luck == 0
    with pytest.raises(RuleError, match="luck spent"):
        hit(fight, "c1", 5, luck_spent=1)


def test_shield_and_energy_rows_apply_by_attack_type() -> None:
    fight = add_combatant(
        Combat(),
        name="Trooper",
        hp_max=30,
        strength=7,
        health=5,
        armor="plasteel_heavy",
        coating="reflective",
    )
    fight, result = hit(fight, "c1", 40, "energy")
    assert result.damage.injury == 5  # -30 armor, -5 reflective coating (SIM-30)


# --- SIM-46, SIM-49, SIM-54, SIM-D14 clock and bleeding -----------------------------------


def test_bleeding_loses_one_hp_per_full_five_minutes() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=9, health=5)
    fight, _ = hit(fight, "c1", 10)
    fight, lines = advance_clock(fight, 4)
    assert lines.lines == () and fight.get("c1").hp == 16
    fight, lines = advance_clock(fight, 1)
    assert fight.get("c1").hp == 15
    fight, lines = advance_clock(fight, 10)
    assert fight.get("c1").hp == 13 and fight.clock == 15


def test_bandage_stops_bleeding_but_not_in_critical_condition() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=9, health=5)
    fight, _ = hit(fight, "c1", 10)
    fight, _ = treat(fight, "c1", "bandage", random.Random(1))
    fight, lines = advance_clock(fight, 30)
    assert lines.lines == () and fight.get("c1").hp == 16
    fight, _ = hit(fight, "c1", 18)  # HP -2
    with pytest.raises(RuleError, match="Critical Condition"):
        treat(fight, "c1", "bandage", random.Random(1))
    fight, _ = advance_clock(fight, 10)
    assert fight.get("c1").hp == -4


def test_stabilization_gets_harder_each_attempt_and_runs_out() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=9, health=5, hp=2)
    fight, _ = hit(fight, "c1", 4)  # HP -2: critical
    assert treatment_task(fight, "c1", "stabilize").difficulty == "Difficult"
    fight, failed = treat(fight, "c1", "stabilize", ScriptedRng(10, 9), rating=12)
    assert not failed.success
    assert treatment_task(fight, "c1", "stabilize").difficulty == "Very Difficult"
    # Rating 20, Very Difficult -6 → TN 14; 2D10 = 3; then 1D10 = 2 hours.
    fight, done = treat(fight, "c1", "stabilize", ScriptedRng(1, 2, 2), rating=20)
    assert done.success and fight.get("c1").has("stabilized")
    hp = fight.get("c1").hp
    fight, lines = advance_clock(fight, 119)
    assert fight.get("c1").hp == hp
    fight, lines = advance_clock(fight, 6)
    assert "ran out" in lines.lines[0] and fight.get("c1").bleeding


def test_revive_and_first_aid() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=9, health=5)
    fight, _ = hit(fight, "c1", 25)  # HP 1: unconscious (SIM-48)
    assert fight.get("c1").unconscious
    assert treatment_task(fight, "c1", "revive").difficulty == "Above Average"  # SIM-52
    fight, revived = treat(fight, "c1", "revive", ScriptedRng(2, 3), rating=10)
    assert revived.success
    mara = fight.get("c1")
    assert mara.hp == 2 and not mara.unconscious and mara.has("revived")
    fight, aid = treat(fight, "c1", "first aid", ScriptedRng(2, 3), rating=10)
    assert aid.success and fight.get("c1").hp == 4 and not fight.get("c1").bleeding
    with pytest.raises(RuleError, match="already had First Aid"):
        treat(fight, "c1", "first aid", ScriptedRng(2, 3), rating=10)


def test_first_aid_only_within_fifteen_minutes() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=9, health=5)
    fight, _ = hit(fight, "c1", 5)
    fight, _ = advance_clock(fight, 16)
    with pytest.raises(RuleError, match="15 minutes"):
        treatment_task(fight, "c1", "first aid")


def test_a_treatment_needs_the_treaters_rating() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=9, health=5, hp=1)
    with pytest.raises(RuleError, match="rating"):
        treat(fight, "c1", "revive", random.Random(1))


# --- properties ---------------------------------------------------------------------------

OPS = st.lists(
    st.tuples(
        st.sampled_from(
            ["init", "act", "hold", "hit", "check", "clock", "treat", "giveup", "attack"]
        ),
        st.integers(0, 3),
        st.integers(0, 60),
        st.sampled_from(["Move", "Attack", "Defend", "Other", "Jump"]),
    ),
    max_size=25,
)


@settings(max_examples=150, deadline=None)
@given(OPS, st.integers(0, 2**32))
def test_any_sequence_of_steps_raises_only_rule_errors_and_round_trips(
    ops: list[tuple[str, int, int, str]], seed: int
) -> None:
    rng = random.Random(seed)
    fight = three(minor_c=True)
    for op, who, amount, action in ops:
        ids = [c.id for c in fight.combatants] + ["c9"]
        target = ids[who % len(ids)]
        try:
            if op == "init":
                fight, _ = roll_initiative(fight, rng)
            elif op == "act":
                fight, _ = take_action(fight, target, action)
            elif op == "hold":
                fight, _ = hold(fight, target)
            elif op == "giveup":
                fight = give_up(fight, target)
            elif op == "hit":
                fight, _ = hit(fight, target, amount, rng.choice(["other", "energy", "x"]))
            elif op == "check":
                fight, _ = roll_check(fight, who, rng)
            elif op == "clock":
                fight, _ = advance_clock(fight, amount)
            elif op == "treat":
                kind = ["revive", "first aid", "stabilize", "bandage"][who]
                fight, _ = treat(fight, target, kind, rng, rating=amount // 3)
            elif op == "attack":
                other = ids[(who + 1) % len(ids)]
                fight, _ = roll_attack(fight, target, other, amount // 3, rng, defend_tn=who * 4)
        except RuleError:
            pass
        for c in fight.combatants:
            assert c.hp <= c.hp_max and c.luck >= 0
            assert fight.actions_left(c.id) >= 0
        if fight.cursor is not None:
            assert not fight.get(fight.cursor).disabled
        assert combat_from_json(combat_to_json(fight)) == fight


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 30), st.integers(2, 30))
def test_a_defend_never_raises_the_chance_to_hit(attack: int, defend: int) -> None:
    assert 0 <= hit_chance(attack, defend) <= hit_chance(attack) <= 1
