"""The GURPS fight as immutable transitions (shared/FIGHT.md): the turn order, the turns, and the
attack's stages from the roll through the defense to the injury, each test citing its rule and
the seed lines (004 = the combat text, 003 = the injury text)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scripted import Faces

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight, Place
from pycore.systems.gurps.lines import lines_from_saved
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, defenses_of

ANA = Combatant(id="a", name="Ana", weapon_skill=14, maneuver="Attack", basic_speed="5", dx=12)
BO = Combatant(id="b", name="Bo", basic_speed="6", dr=2, maneuver="Attack")
CY = Combatant(id="c", name="Cy", basic_speed="5", dx=13)


def duel(*people: Combatant) -> Fight:
    return Fight(people or (ANA, BO))


def test_gur05_order_by_basic_speed_then_dx_and_round_one() -> None:  # 004:L18-21
    fight, drawn = gf.start(duel(ANA, BO, CY), random.Random(1))
    assert [p.id for p in fight.order] == ["b", "c", "a"]  # BS 6; then DX 13 before DX 12
    assert (fight.round, fight.turn, fight.current()) == (1, 0, BO)
    # The number drawn for a tie is the core's; the log names only the order (issue 25 item 4).
    assert str(drawn) == (
        "Turn order: Bo (Basic Speed 6, DX 10); Cy (Basic Speed 5, DX 13); "
        "Ana (Basic Speed 5, DX 12)"
    )
    assert drawn.step.rules == ("GUR-05",) and "GUR" not in drawn.step.text


def test_gur05_names_may_repeat_the_order_keeps_each_combatant() -> None:  # 004:L18-21
    twin = Combatant(id="t", name="Ana", basic_speed="7")
    fight, _ = gf.start(duel(ANA, twin), random.Random(2))
    assert [p.id for p in fight.order] == ["t", "a"]


def test_gur04_after_the_last_turn_a_new_second_begins() -> None:  # 004:L14-16
    fight, _ = gf.start(duel(), random.Random(1))
    fight, first = gf.next_turn(fight)
    assert (fight.round, fight.current(), str(first)) == (
        1,
        ANA,
        "Round 1: Ana's turn: a maneuver to choose (Attack holds for defenses until then)",
    )
    fight, second = gf.next_turn(fight)
    assert (fight.round, second.name) == (2, "Bo")


def test_gur04_no_turns_before_the_fight_starts() -> None:
    with pytest.raises(RuleError, match="start the fight first"):
        gf.next_turn(duel())
    with pytest.raises(RuleError, match="add combatants first"):
        gf.start(Fight(), random.Random(1))


def test_gur19_a_miss_ends_the_attack() -> None:  # 004:L63-70
    fight, rolled = gf.attack(duel(), "a", "b", AttackSetup(), Faces(6, 6, 4))
    assert fight.pending is None and rolled.waits_for is None
    assert "miss by 2" in str(rolled)


def test_gur19_a_hit_waits_for_the_defense_and_a_success_stops_it() -> None:  # 004:L63-70
    fight, rolled = gf.attack(duel(), "a", "b", AttackSetup(), Faces(3, 3, 4))
    assert rolled.waits_for == "defense" and fight.pending is not None
    assert [k for k, _ in gf.defenses_left(fight)] == ["dodge", "parry"]  # no shield: no block
    fight, defended = gf.defend(fight, "parry", Faces(1, 2, 3))  # 6 vs Parry 9
    assert defended.success and fight.pending is None
    assert str(defended).startswith("Bo parries: base 9 = 9; 3d6 (1, 2, 3) = 6")


def test_gur44_a_failed_defense_leads_to_damage_and_injury() -> None:  # 004:L212-215, 003:L28-29
    fight, _ = gf.attack(duel(), "a", "b", AttackSetup(), Faces(3, 3, 4))
    fight, defended = gf.defend(fight, "dodge", Faces(6, 6, 5))
    assert not defended.success and fight.pending is not None
    assert fight.pending.stage == "damage"
    fight, hurt = gf.damage(fight, Faces(5))  # 1d+1 cut = 6 − DR 2 = 4 × 1.5 = 6
    assert (hurt.hurt.injury, hurt.hp_before, hurt.hp_after) == (6, 10, 4)
    assert fight.combatant("b").hp_now == 4 and fight.pending is None


def test_gur20_a_critical_hit_skips_the_defense_and_a_3_does_maximum() -> None:  # 004:L80-84
    fight, rolled = gf.attack(duel(), "a", "b", AttackSetup(), Faces(1, 1, 1))
    assert rolled.waits_for == "damage" and fight.pending is not None
    assert fight.pending.critical and fight.pending.maximum
    with pytest.raises(RuleError, match="no attack is waiting for a defense"):
        gf.defend(fight, "dodge", Faces(1, 1, 1))
    fight, hurt = gf.damage(fight, Faces())  # no die rolled: 1d+1 maximum is 7
    assert hurt.damage.basic == 7 and "maximum" in str(hurt.damage)


def test_gur18_no_defense_left_goes_straight_to_the_damage() -> None:  # 004:L54, GUR-T10
    reckless = replace(BO, maneuver="All-Out Attack")
    _, rolled = gf.attack(duel(ANA, reckless), "a", "b", AttackSetup(), Faces(4, 4, 4))
    assert rolled.waits_for == "damage"


def test_gur51_no_defense_from_behind() -> None:  # 004:L273-300
    setup = AttackSetup(from_behind=True)
    _, rolled = gf.attack(duel(), "a", "b", setup, Faces(4, 4, 4))
    assert rolled.waits_for == "damage"


def test_gur17_double_defense_gives_a_second_different_defense() -> None:  # 004:L55, L232
    wary = Combatant(id="b", name="Bo", maneuver="All-Out Defense", option="Double Defense")
    fight, _ = gf.attack(duel(ANA, wary), "a", "b", AttackSetup(), Faces(3, 3, 4))
    fight, first = gf.defend(fight, "dodge", Faces(6, 6, 5))
    assert first.again and "second, different defense" in str(first)
    assert [k for k, _ in gf.defenses_left(fight)] == ["parry"]
    with pytest.raises(RuleError, match="cannot dodge"):
        gf.defend(fight, "dodge", Faces(1, 1, 1))
    fight, second = gf.defend(fight, "parry", Faces(6, 6, 5))
    assert not second.again and fight.pending is not None and fight.pending.stage == "damage"


def test_gur17_without_double_defense_one_defense_only() -> None:  # 004:L232
    fight, _ = gf.attack(duel(), "a", "b", AttackSetup(), Faces(3, 3, 4))
    fight, first = gf.defend(fight, "dodge", Faces(6, 6, 5))
    assert not first.again and fight.pending is not None and fight.pending.stage == "damage"


def test_no_defense_is_a_choice() -> None:  # 004:L63-70
    fight, _ = gf.attack(duel(), "a", "b", AttackSetup(), Faces(3, 3, 4))
    fight, none = gf.defend(fight, gf.NO_DEFENSE, Faces())
    assert str(none) == "Bo does not defend" and fight.pending is not None
    assert fight.pending.stage == "damage"


def test_gur16_strong_adds_to_melee_damage_only() -> None:  # 004:L54
    strong = Combatant(damage="3d", maneuver="All-Out Attack", option="Strong")
    assert gf.damage_dice(strong) == "3d+3"
    assert gf.damage_dice(Combatant(damage="1d", maneuver="All-Out Attack", option="Strong")) == (
        "1d+2"
    )
    ranged = Combatant(damage="3d", maneuver="All-Out Attack", option="Strong", attack_kind="bow")
    assert gf.damage_dice(ranged) == "3d"


def test_gur54_half_damage_at_half_d() -> None:  # 004:L320
    bow = Combatant(
        id="a", name="Ana", weapon_skill=14, maneuver="Attack", attack_kind="bow", damage="2d",
        damage_type="imp", half_d="10", max_range="100",
    )  # fmt: skip
    fight, _ = gf.attack(duel(bow, BO), "a", "b", AttackSetup(yards=10), Faces(1, 1, 2))
    fight, hurt = gf.damage(fight, Faces(4, 5))  # 9, halved → 4
    assert hurt.damage.halved and hurt.damage.final == 4


def test_gur37_a_crippling_stays_on_the_sheet() -> None:  # 003:L53-55
    fight, _ = gf.attack(duel(), "a", "b", AttackSetup(location="arm"), Faces(1, 1, 2))
    fight, hurt = gf.damage(fight, Faces(6))  # 7 − 2 = 5 × 1.5 = 7 > HP/2
    assert "crippled arm" in fight.combatant("b").notes
    assert gf.lasting_effects(hurt.hurt) == ("crippled arm (injury over HP/2)",)


def test_resolve_runs_every_stage_with_the_best_defense() -> None:  # 004:L63-70
    fight, steps = gf.resolve(duel(), "a", "b", AttackSetup(), Faces(3, 3, 4, 6, 6, 5, 5))
    assert [type(s).__name__ for s in steps] == ["AttackRolled", "Defended", "Injured"]
    assert isinstance(steps[1], gf.Defended) and steps[1].kind == "dodge"  # Dodge 9 = Parry 9
    assert fight.pending is None and fight.combatant("b").hp_now == 4


def test_resolve_with_double_defense_tries_both() -> None:  # 004:L55
    wary = Combatant(id="b", name="Bo", maneuver="All-Out Defense", option="Double Defense")
    faces = Faces(3, 3, 4, 6, 6, 5, 6, 6, 5, 5)
    _, steps = gf.resolve(duel(ANA, wary), "a", "b", AttackSetup(), faces)
    assert [type(s).__name__ for s in steps] == ["AttackRolled", "Defended", "Defended", "Injured"]


def test_an_attack_under_way_refuses_another_and_cancel_drops_it() -> None:
    fight, _ = gf.attack(duel(), "a", "b", AttackSetup(), Faces(3, 3, 4))
    with pytest.raises(RuleError, match="already under way"):
        gf.attack(fight, "a", "b", AttackSetup(), Faces(3, 3, 4))
    fight, abandoned = gf.cancel(fight)
    assert fight.pending is None and str(abandoned) == "attack abandoned"


def test_typed_dice_drive_the_same_steps() -> None:  # FIGHT.md: "I rolled ..."
    _, rolled = gf.attack(duel(), "a", "b", AttackSetup(), typed_dice("3d6", "3 3 4"))
    assert rolled.rolled.result.roll == 10


def test_transitions_leave_the_fight_they_are_given_unchanged() -> None:
    before = duel()
    after, _ = gf.attack(before, "a", "b", AttackSetup(), Faces(3, 3, 4))
    assert before.pending is None and after.pending is not None


def test_remove_takes_the_combatant_out_of_the_order_and_the_attack() -> None:
    fight, _ = gf.start(duel(ANA, BO, CY), random.Random(1))
    fight, _ = gf.next_turn(fight)  # Cy's turn
    fight, _ = gf.attack(fight, "a", "b", AttackSetup(), Faces(3, 3, 4))
    fight, removed = gf.remove(fight, "b")
    assert str(removed) == "Bo removed" and fight.pending is None
    assert [p.id for p in fight.order] == ["c", "a"] and fight.current() == CY


def test_gur06_a_new_maneuver_clears_the_old_option() -> None:  # 004:L27-31
    aoa = Combatant(id="a", maneuver="All-Out Attack", option="Strong")
    fight = gf.edit(Fight((aoa,)), "a", "maneuver", "Attack")
    assert fight.combatant("a").option == ""
    with pytest.raises(RuleError, match="DX 'x' is not a whole number from 0 to 40"):
        gf.edit(fight, "a", "dx", "x")


def test_the_fight_round_trips_through_its_saved_form() -> None:
    fight, _ = gf.start(duel(), random.Random(1))
    setup = AttackSetup(location="arm", yards=3, table_keys=(("bad_footing", -2),))
    fight, _ = gf.attack(fight, "a", "b", setup, Faces(3, 3, 4))
    assert gf.fight_from_json(gf.fight_to_json(fight)) == fight


def test_a_saved_order_naming_a_gone_combatant_drops_the_place() -> None:
    data = gf.fight_to_json(Fight((ANA,), 1, (Place("a", 1), Place("zz", 2)), 1))
    assert gf.fight_from_json(data).order == (Place("a", 1),)


@given(st.integers(0, 2**32), st.integers(1, 6))
def test_every_roll_ends_in_a_known_state(seed: int, turns: int) -> None:
    """Whatever the dice, the attack ends or waits for a defense or the damage, never anything
    else, and the HP only ever goes down."""
    rng = random.Random(seed)
    fight = duel()
    for _ in range(turns):
        for index in reversed(gf.bearing_asks(fight, "a", "b")):  # the attack waits for them
            fight, _ = gf.dismiss(fight, index)
        fight, _ = gf.resolve(fight, "a", "b", AttackSetup(), rng)
        assert fight.pending is None
    assert fight.combatant("b").hp_now <= BO.hp_now


# --- stun (GUR-07), joining mid-fight (GUR-D01), restarting ------------------------------------


def test_gur07_a_stunned_fighter_cannot_attack() -> None:  # 004:L46
    dazed = replace(ANA, stunned=True)
    with pytest.raises(RuleError, match="Ana is stunned: must Do Nothing"):
        gf.attack(duel(dazed, BO), "a", "b", AttackSetup(), Faces(3, 3, 4))


def test_gur07_the_gm_may_override_with_a_reason_the_log_keeps() -> None:  # FIGHT.md
    dazed = replace(ANA, stunned=True)
    setup = AttackSetup()
    _, rolled = gf.attack(duel(dazed, BO), "a", "b", setup, Faces(3, 3, 4), override="ruled")
    assert str(rolled).endswith("; GM override: ruled")


def test_gur07_a_stunned_fighter_must_do_nothing_on_his_turn() -> None:  # 004:L46
    fight, _ = gf.start(duel(ANA, replace(BO, stunned=True)), random.Random(1))
    fight, _ = gf.next_turn(fight)  # Ana
    fight, begun = gf.next_turn(fight)  # Bo, stunned
    assert fight.combatant("b").maneuver == "Do Nothing"
    assert "must Do Nothing and may roll HT to recover" in str(begun)


def test_gur07_the_ht_roll_recovers_at_the_end_of_the_turn() -> None:  # 004:L46
    fight, _ = gf.start(duel(replace(BO, stunned=True), ANA), random.Random(1))
    assert fight.current() is not None and fight.current().id == "b"  # type: ignore[union-attr]
    fight, recovered = gf.recover(fight, Faces(3, 3, 3))  # 9 vs HT 10
    assert recovered.rolled.success and "recovers at the end of the turn" in str(recovered)
    assert fight.combatant("b").stunned  # still stunned until his turn ends
    with pytest.raises(RuleError, match="already rolled to recover this turn"):
        gf.recover(fight, Faces(3, 3, 3))
    fight, begun = gf.next_turn(fight)
    assert not fight.combatant("b").stunned and str(begun).startswith("Bo recovers from stun")


def test_gur07_a_failed_ht_roll_leaves_him_stunned() -> None:  # 004:L46
    fight, _ = gf.start(duel(replace(BO, stunned=True), ANA), random.Random(1))
    fight, failed = gf.recover(fight, Faces(6, 6, 6))
    assert not failed.rolled.success and "stays stunned" in str(failed)
    fight, _ = gf.next_turn(fight)
    assert fight.combatant("b").stunned


def test_gur07_only_a_stunned_fighter_rolls_to_recover() -> None:
    fight, _ = gf.start(duel(), random.Random(1))
    with pytest.raises(RuleError, match="is not stunned"):
        gf.recover(fight, Faces(3, 3, 3))


def test_gur_d01_a_fighter_added_mid_fight_is_inserted_in_the_order() -> None:
    fight, _ = gf.start(duel(ANA, BO), random.Random(1))  # Bo (BS 6), Ana (BS 5)
    fight, _ = gf.next_turn(fight)  # Ana's turn
    quick = Combatant(id="q", name="Quick", basic_speed="5.5")
    fight, joined = gf.add(fight, quick, Faces(500))
    assert [p.id for p in fight.order] == ["b", "q", "a"]
    assert fight.current() == ANA  # whose turn it is does not change
    assert str(joined).startswith("Quick joins the fight at place 2 of the order")


def test_gur_d01_ties_go_by_dx_then_the_tiebreak_drawn_on_joining() -> None:  # GUR-05
    fight, _ = gf.start(duel(ANA), random.Random(1))
    twin = Combatant(id="t", name="Twin", basic_speed="5", dx=12)
    low, _ = gf.add(fight, twin, Faces(1))
    high, _ = gf.add(fight, twin, Faces(1_000_000))
    assert [p.id for p in low.order] == ["a", "t"]
    assert [p.id for p in high.order] == ["t", "a"]


def test_restart_draws_a_new_order_and_the_round_goes_on() -> None:
    fight, _ = gf.start(duel(), random.Random(1))
    for _ in range(4):
        fight, _ = gf.next_turn(fight)
    assert fight.round == 3
    fight, drawn = gf.start(fight, random.Random(2))
    assert fight.round == 3 and fight.turn == 0
    assert str(drawn).startswith("New turn order, round 3 goes on")


def test_gur19_one_attack_a_turn_two_with_all_out_attack_double() -> None:  # 004:L54, L63
    fight, _ = gf.start(duel(ANA, replace(BO, basic_speed="4")), random.Random(1))  # Ana first
    fight, _ = gf.take_maneuver(fight, "Attack")
    fight, _ = gf.attack(fight, "a", "b", AttackSetup(), Faces(6, 6, 6))  # a miss
    with pytest.raises(RuleError, match="Ana has attacked this turn"):
        gf.attack(fight, "a", "b", AttackSetup(), Faces(6, 6, 6))
    _, again = gf.attack(fight, "a", "b", AttackSetup(), Faces(6, 6, 6), override="rapid")
    assert "GM override: rapid" in str(again)
    double = replace(ANA, maneuver="All-Out Attack", option="Double")
    fight, _ = gf.start(duel(double, replace(BO, basic_speed="4")), random.Random(1))
    fight, _ = gf.take_maneuver(fight, "All-Out Attack", "Double")
    for _ in range(2):
        fight, _ = gf.attack(fight, "a", "b", AttackSetup(), Faces(6, 6, 6))
    with pytest.raises(RuleError, match="attacks twice"):
        gf.attack(fight, "a", "b", AttackSetup(), Faces(6, 6, 6))
    fight, _ = gf.next_turn(fight)
    fight, _ = gf.next_turn(fight)  # Ana's next turn: her attacks count afresh
    assert fight.attacks == 0


def test_the_damage_follows_the_attack_line_named() -> None:  # 004:L91
    two_ways = replace(ANA, more_attacks=lines_from_saved("Thrust: 14, 1d+2 imp, thrust"))
    fight, _ = gf.attack(duel(two_ways, BO), "a", "b", AttackSetup(line=1), Faces(1, 1, 2))
    assert gf.pending_damage_dice(fight) == "1d+2"  # what the page shows and counts dice from
    fight, hurt = gf.damage(fight, Faces(4))  # 1d+2 imp = 6 − DR 2 = 4 × 2
    assert (hurt.damage.dice, hurt.hurt.injury) == ("1d+2", 8)


def test_the_damage_shown_is_the_chosen_attacks_with_all_out_attack_strong() -> None:  # GUR-16
    """A GM's play-through: All-Out Attack (Strong) with the second attack (Thrust 1d+1) showed
    "Damage 1d+5", the first weapon's 1d+3 + 2, while 1d+3 was rolled."""
    lines = lines_from_saved("Thrust: 14, 1d+1 cr, thrust")
    strong = replace(
        ANA, damage="1d+3", maneuver="All-Out Attack", option="Strong", more_attacks=lines
    )
    fight, _ = gf.attack(duel(strong, BO), "a", "b", AttackSetup(line=1), Faces(1, 1, 2))
    assert gf.pending_damage_dice(fight) == "1d+3"
    fight, hurt = gf.damage(fight, Faces(4))
    assert hurt.damage.dice == "1d+3"


def test_gur06_last_turns_all_out_attack_does_not_open_the_next_turn() -> None:  # 004:L27-29
    """Issue 25: an All-Out Attack (Determined +4) chosen last turn was rolled again next turn
    without the GM choosing it; it holds for defenses only until he chooses anew."""
    aoa = replace(ANA, maneuver="Attack", basic_speed="7")
    fight, _ = gf.start(duel(aoa, BO), random.Random(1))  # Ana first
    fight, _ = gf.take_maneuver(fight, "All-Out Attack", "Determined")
    fight, rolled = gf.attack(fight, "a", "b", AttackSetup(), Faces(6, 6, 6))
    assert "All-Out Attack (Determined) +4" in str(rolled)
    fight, _ = gf.next_turn(fight)  # Bo
    assert defenses_of(fight.combatant("a")) == ()  # no defense until her next turn
    fight, begun = gf.next_turn(fight)  # Ana again
    assert not fight.chosen and "a maneuver to choose" in str(begun)
    with pytest.raises(RuleError, match="Ana has no maneuver chosen this turn"):
        gf.attack(fight, "a", "b", AttackSetup(), Faces(3, 3, 4))
    back = gf.fight_from_json(gf.fight_to_json(fight))
    with pytest.raises(RuleError, match="no maneuver chosen"):
        gf.attack(back, "a", "b", AttackSetup(), Faces(3, 3, 4))
    fight, taken = gf.take_maneuver(fight, "Attack")
    assert str(taken) == "Ana takes Attack this turn" and fight.combatant("a").option == ""
    _, rolled = gf.attack(fight, "a", "b", AttackSetup(), Faces(3, 3, 4))
    assert str(rolled.line) == "base 14 + Attack +0 (GUR-14) = 14"


def test_gur16_an_all_out_attack_is_not_rolled_without_its_option() -> None:  # 004:L54
    fight, _ = gf.start(duel(replace(ANA, basic_speed="7"), BO), random.Random(1))
    fight, _ = gf.take_maneuver(fight, "All-Out Attack")
    with pytest.raises(RuleError, match=r"All-Out Attack needs its option.*Determined, Double"):
        gf.attack(fight, "a", "b", AttackSetup(), Faces(3, 3, 4))
    with pytest.raises(RuleError, match="option 'Ranged' is not offered"):
        gf.take_maneuver(fight, "All-Out Attack", "Ranged")


def test_gur06_the_choices_name_what_each_maneuver_allows() -> None:  # GUR-T02
    fight, _ = gf.start(duel(replace(ANA, basic_speed="7"), BO), random.Random(1))
    allows = {c.label: c.allows for c in gf.maneuver_choices(fight)}
    assert allows["Attack"] == "1 attack · dodge, parry"
    assert allows["All-Out Attack (Determined)"] == "1 attack +4 · no defense"
    assert allows["All-Out Attack (Double)"] == "2 attacks · no defense"
    assert allows["Move and Attack"] == ("1 attack −4 · melee skill at most 9 · dodge · full Move")
    assert allows["All-Out Defense (Increased Dodge)"] == "no attack · dodge +2, parry"
    stunned, _ = gf.start(duel(replace(ANA, basic_speed="7", stunned=True), BO), random.Random(1))
    assert [c.label for c in gf.maneuver_choices(stunned)] == ["Do Nothing"]
    assert stunned.chosen  # 004:L46: Do Nothing is taken for him
