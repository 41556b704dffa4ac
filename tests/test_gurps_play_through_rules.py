"""A GM's play-through of the GURPS tracker at 768x1024 found six rule defects; each test here
failed on the code before the fix (main at e577830).

1. A bow gave its wielder a Parry: a parry needs a ready melee weapon or an empty hand (GUR-48,
   GUR-50, GUR-18's reading); it now comes from his first melee line, or there is none.
2. All-Out Defense (Increased Block) was offered without a shield (GUR-17, 004 line 237).
3. A fighter with open shock or knockdown questions could attack before they were answered: the
   attack now waits for those whose answer changes its figures (FIGHT.md).
4. The card said "shock −4 next turn" during the turn the shock applies (GUR-58).
5. The card showed last turn's maneuver for a stunned or unconscious fighter (GUR-07, 004
   lines 46, 210).
6. An unconscious fighter was asked the injury questions again when hit; at −HP or below the
   texts give no death rule, and the step says the GM decides (GUR-35, GUR-58)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from rkweb.app import shell
from rkweb.app.vdom import find_all
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Ask, Fight, Place
from pycore.systems.gurps.lines import AttackLine
from pycore.systems.gurps.sheet import Combatant, derived_defenses
from pycore.systems.gurps.worksheet import AttackSetup, defense_options, defenses_of

BOW = Combatant(id="r", name="Robin", weapon="Bow", attack_kind="bow", damage="1d+2")
SWORD = AttackLine("Shortsword", 13, "1d+1", "cut", parry=0)
ANA = Combatant(id="a", name="Ana", weapon_skill=14, maneuver="Attack")
BO = Combatant(id="b", name="Bo", ht=11, hp=10, hp_now=10, maneuver="Attack")


# --- 1. a bow gives no parry -------------------------------------------------------------------


def test_a_bow_alone_gives_no_parry() -> None:
    assert [d.name for d in derived_defenses(BOW)] == ["Dodge"]
    assert defenses_of(replace(BOW, maneuver="Attack")) == ("dodge",)
    kinds = [k for k, _ in defense_options(ANA, replace(BOW, maneuver="Attack"), AttackSetup())]
    assert kinds == ["dodge"]


def test_an_archer_parries_with_his_melee_weapon() -> None:
    archer = replace(BOW, more_attacks=(SWORD,))
    assert [str(d) for d in derived_defenses(archer)][1] == "Parry = ⌊3 + 13/2⌋ + 0 = 9"
    options = dict(defense_options(ANA, replace(archer, maneuver="Attack"), AttackSetup()))
    assert options["parry"].total == 9


def test_an_archer_with_a_punch_parries_barehanded() -> None:
    punch = AttackLine("Punch", 12, "1d-2", "cr", unarmed=True)
    archer = replace(BOW, dx=12, brawling=12, more_attacks=(punch,))
    assert derived_defenses(archer)[1].name == "Parry (unarmed, Brawling)"


# --- 2. Increased Block only with a shield, Increased Parry only with a parry ------------------


def _labels(c: Combatant) -> list[str]:
    fight, _ = gf.start(Fight((c,)), random.Random(1))
    return [choice.label for choice in gf.maneuver_choices(fight)]


def test_increased_block_is_offered_only_to_a_fighter_who_can_block() -> None:
    labels = _labels(ANA)
    assert "All-Out Defense (Increased Block)" not in labels
    assert "All-Out Defense (Increased Parry)" in labels
    assert "All-Out Defense (Increased Block)" in _labels(replace(ANA, shield_skill=12))
    fight, _ = gf.start(Fight((ANA,)), random.Random(1))
    with pytest.raises(RuleError, match="Increased Block' is not offered"):
        gf.take_maneuver(fight, "All-Out Defense", "Increased Block")


def test_an_archer_is_offered_no_increased_parry() -> None:
    assert "All-Out Defense (Increased Parry)" not in _labels(BOW)


def test_the_sheet_offers_only_the_options_he_can_use() -> None:
    model = send(fight_started(), "gurps.field", "g1", "maneuver", "All-Out Defense")
    option = find_all(shell.view(model), "gurps-option-g1")
    assert option, "the option select shows for All-Out Defense"
    assert "Increased Block" not in texts(model, "gurps-option-g1")[0]


# --- 3. the attack waits for the questions that change its figures -----------------------------


def _duel(*asks: Ask) -> Fight:
    fight, _ = gf.start(Fight((ANA, BO)), random.Random(1))
    fight = replace(fight, order=(Place("a", 1), Place("b", 2)), turn=0)
    # Ana's Attack taken, then the questions (her own: a parry struck her in her turn, GUR-49);
    # her own open rolls before her choice would hold it (choice_held).
    return replace(gf.take_maneuver(fight, "Attack")[0], asks=asks)


def test_an_open_knockdown_roll_of_the_target_holds_the_attack() -> None:
    fight = _duel(Ask("knockdown", "b"), Ask("shock", "b"))
    said = "Answer Bo — knockdown roll first: the answer changes this attack's figures"
    assert gf.attack_waits(fight, "a", "b") == said
    with pytest.raises(RuleError, match="Answer Bo — knockdown roll first"):
        gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "10"))
    stunned, _ = gf.settle(fight, 0, "stunned")  # his −4 to defend now counts
    assert gf.attack_waits(stunned, "a", "b") == ""  # his shock is only on his own attacks
    _, rolled = gf.attack(stunned, "a", "b", AttackSetup(), typed_dice("3d6", "10"))
    assert rolled.waits_for == "defense"


def test_the_attackers_own_shock_and_rolls_hold_his_attack() -> None:
    fight = _duel(Ask("shock", "a"), Ask("consciousness", "a"))
    assert gf.attack_waits(fight, "a", "b") == (
        "Answer Ana — shock, consciousness roll first: the answers change this attack's figures"
    )
    lapsed = _duel(Ask("shock", "a", turns=2))  # its turn is over: it changes nothing
    assert gf.attack_waits(lapsed, "a", "b") == ""


def test_the_turn_shows_why_its_attack_waits_and_its_roll_is_disabled() -> None:
    model = attack_turn(fight_started())  # Ana's turn, Bo the target
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # critical: no defense
    model = send(model, "gurps.step_damage_typed", "6")  # Bo: shock, knockdown asked
    model = send(model, "gurps.next")  # Bo's turn: his own questions bear on his attack
    model = send(model, "gurps.settle", "1", "no effect")  # his choice waits for this one
    model = send(model, "gurps.maneuver", "Attack", "")
    assert texts(model, "gurps-fight-waits") == [
        "Answer Bo — shock first: the answer changes this attack's figures"
    ]
    (roll,) = find_all(shell.view(model), "gurps-fight-attack-roll")
    assert roll.attr("disabled") is not None
    refused = send(model, "gurps.step_attack_typed", "10")
    assert gf.fight_from_json(refused.section("gurps")).attacks == 0


# --- 4 and 5. the card in the fight's time -----------------------------------------------------


def test_the_shock_is_next_turn_before_it_applies_this_turn_while_it_does_then_gone() -> None:
    fight, _ = gf.start(Fight((ANA, replace(BO, shock=4))), random.Random(1))
    fight = replace(fight, order=(Place("a", 1), Place("b", 2)), turn=0)
    assert gf.card_line(fight, "b").endswith("shock −4 next turn")
    fight, _ = gf.next_turn(fight)  # Bo's turn: it applies now
    assert gf.card_line(fight, "b").endswith("shock −4 this turn")
    fight, _ = gf.next_turn(fight)
    assert "shock" not in gf.card_line(fight, "b")


def test_the_page_card_says_this_turn_during_his_turn() -> None:
    model = send(fight_started(), "gurps.field", "g1", "shock", "4")  # Bo acts, Ana next
    ana = next(t for t in texts(model, "gurps-slot") if t.startswith("Ana"))
    assert "shock −4 next turn" in ana
    model = send(model, "gurps.next")  # Ana's turn
    ana = next(t for t in texts(model, "gurps-slot") if t.startswith("Ana"))
    assert "shock −4 this turn" in ana and "next turn" not in ana.split("Edit")[0]


def test_a_stunned_or_unconscious_card_shows_no_stale_maneuver() -> None:
    fight = Fight((replace(ANA, stunned=True), replace(BO, unconscious=True)))
    assert (
        gf.card_line(fight, "a") == "Stunned: Do Nothing · dodge, parry · defenses −4 (stunned −4)"
    )
    assert gf.card_line(fight, "b") == "Unconscious · no defense"
    model = send(fight_started(), "gurps.field", "g2", "stunned", "yes")  # Bo, on his turn
    model = send(model, "gurps.field", "g1", "unconscious", "yes")  # Ana
    bo = next(t for t in texts(model, "gurps-slot") if t.startswith("Bo"))
    ana = next(t for t in texts(model, "gurps-slot") if t.startswith("Ana"))
    assert "Stunned: Do Nothing" in bo and "Attack ·" not in bo
    assert "Unconscious · no defense" in ana and "Attack" not in ana.split("Edit")[0]


# --- 6. no question whose answer changes nothing; no death rule -------------------------------


def test_an_unconscious_fighter_is_asked_nothing_when_hit() -> None:
    fight = _duel()
    fight = fight.with_combatant(replace(BO, unconscious=True, hp_now=-3))
    fight, rolled = gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "10"))
    assert rolled.waits_for == "damage"  # unconscious: no defense (004 line 210)
    fight, _ = gf.damage(fight, typed_dice("1d", "1"))
    assert fight.asks == ()  # no shock, knockdown or consciousness roll: none changes anything


def test_at_minus_hp_the_step_says_the_gm_decides_never_killed() -> None:
    fight = _duel()
    fight = fight.with_combatant(replace(BO, hp_now=-5))
    fight, _ = gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "3"))
    fight, hurt = gf.damage(fight, typed_dice("1d", "6"))
    assert hurt.hp_after <= -10
    assert str(hurt).endswith("; −HP or below: the texts give no death rule, the GM decides")
    assert "killed" not in str(hurt).lower()
    assert gf.card_line(fight, "b").endswith(" · −HP or below: GM decides")  # short on a card
    assert [a.kind for a in fight.asks] == ["shock", "knockdown", "consciousness"]


def test_recorded_unconscious_his_other_questions_close_in_the_log() -> None:
    fight = _duel(Ask("shock", "b"), Ask("knockdown", "b"), Ask("consciousness", "b"))
    fight = replace(fight, asks=(*fight.asks, Ask("knockdown", "a")))
    fight, said = gf.settle(fight, 2, "unconscious")
    assert [(a.kind, a.who) for a in fight.asks] == [("knockdown", "a")]
    assert str(said) == (
        "Bo: unconscious (roll to stay conscious at 0 HP or below); the other 2 questions "
        "close: unconscious, no answer changes anything"
    )
