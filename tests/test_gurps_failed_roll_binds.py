"""A failed knockdown and stun roll or roll to stay conscious binds (a GM's play-through, G-1):
Cy's All-Out Attack (Strong) hit Ana for 13, a major wound that left her at −2 HP; she failed
both rolls by 7 and the questions were left open, and her turn then began with every maneuver,
Attack included. The texts leave the outcome to the GM's book (GUR-58, 004 lines 347-349), so
the app cannot pick it; but it decides her turn (stunned: Do Nothing, 004 line 46; unconscious:
no action, 004 line 210), so her turn waits for it, and a failed roll is not dismissed."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import attack_turn, fight_started, send, texts, two_fighters

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup

BO = Combatant(id="b", name="Bo", basic_speed="6", dx=13, ht=10, hp=10, hp_now=10)
ANA = Combatant(id="a", name="Ana", basic_speed="5.75", dx=12, ht=11, hp=11, hp_now=11, dr=2)
CY = Combatant(
    id="c", name="Cy", basic_speed="5.5", weapon_skill=12, damage="2d+1", damage_type="cr"
)
KNOCKDOWN = "Ana's knockdown and stun roll failed: record its outcome"
HELD = (
    f"{KNOCKDOWN} (stunned, stunned and prone or no effect); Ana's roll to stay conscious at "
    "0 HP or below failed: record its outcome (unconscious or stays conscious) before Ana's "
    "turn begins"
)


def _both_failed() -> Fight:
    """The play-through's round 1 (Bo, Ana, Cy): Cy's All-Out Attack (Strong) on Ana, 2d+3
    typed 6 6 = 15 − DR 2 = 13 (Ana 11 → −2 HP), and her two rolls typed 18."""
    fight, _ = gf.start(Fight((ANA, BO, CY)), random.Random(1))
    fight, _ = gf.next_turn(gf.take_maneuver(fight, "Do Nothing")[0])  # Bo, then Ana
    fight, _ = gf.next_turn(gf.take_maneuver(fight, "Do Nothing")[0])  # Cy
    fight, _ = gf.take_maneuver(fight, "All-Out Attack", "Strong")
    fight, _ = gf.attack(fight, "c", "a", AttackSetup(), typed_dice("3d6", "10"))
    fight, _ = gf.defend(fight, "none", random.Random(1))
    fight, _ = gf.damage(fight, typed_dice("2d6", "6 6"))
    assert fight.combatant("a").hp_now == -2
    assert [a.kind for a in fight.asks] == ["shock", "knockdown", "consciousness"]
    fight, _ = gf.roll_check(fight, 1, typed_dice("3d6", "6 6 6"))
    fight, _ = gf.roll_check(fight, 2, typed_dice("3d6", "6 6 6"))
    return fight


def test_her_turn_waits_for_her_failed_rolls_outcomes() -> None:  # GUR-58, 004:L46
    fight, _ = gf.next_turn(_both_failed())  # round 2: Bo's turn is not hers, it begins
    assert fight.current() == fight.combatant("b") and fight.round == 2
    assert gf.turn_held(fight, "a") == HELD
    with pytest.raises(RuleError) as refused:
        gf.next_turn(fight)
    assert str(refused.value) == HELD
    fight, _ = gf.settle(fight, 1, "stunned and prone")
    with pytest.raises(RuleError, match=r"^Ana's roll to stay conscious"):
        gf.next_turn(fight)
    fight, _ = gf.settle(fight, 1, "unconscious")
    fight, _ = gf.next_turn(fight)
    ana = fight.combatant("a")
    assert (fight.current(), ana.unconscious, ana.stunned) == (ana, True, True)
    assert [c.label for c in gf.maneuver_choices(fight)] == ["Do Nothing"]  # no Attack


def test_an_outcome_of_no_effect_lets_her_turn_begin() -> None:  # the book may say so
    fight, _ = gf.next_turn(_both_failed())
    fight, _ = gf.settle(fight, 1, "no effect")
    fight, _ = gf.settle(fight, 1, "stays conscious")
    fight, _ = gf.next_turn(fight)
    assert fight.current() == fight.combatant("a") and not fight.combatant("a").dazed


def test_a_failed_roll_is_answered_not_dismissed() -> None:
    fight = _both_failed()
    with pytest.raises(RuleError, match=f"^{re.escape(KNOCKDOWN)}"):
        gf.dismiss(fight, 1)
    fight, _ = gf.dismiss(fight, 0)  # the shock, never rolled: his book may call for none
    assert [a.kind for a in fight.asks] == ["knockdown", "consciousness"]


def test_a_restart_does_not_begin_her_turn_either() -> None:
    fight, _ = gf.next_turn(_both_failed())
    with pytest.raises(RuleError, match=r"before Ana's turn begins$"):
        gf.start(
            replace(fight, combatants=(replace(ANA, basic_speed="9", hp_now=-2), BO, CY)),
            random.Random(1),
        )


def test_unrolled_questions_do_not_hold_the_turn() -> None:  # issue 27: asked, carried
    fight, _ = gf.start(Fight((ANA, BO, CY)), random.Random(1))
    fight = replace(fight, asks=(gf.Ask("knockdown", "a"), gf.Ask("consciousness", "a")))
    fight, _ = gf.next_turn(fight)
    assert fight.current() == fight.combatant("a")


def test_the_tracker_says_why_the_next_turn_waits() -> None:  # the page, Bo's turn next
    model = send(fight_started(), "gurps.field", "g2", "hp", "20")
    model = attack_turn(model)  # Ana at Bo (DR 2)
    model = send(model, "gurps.step_form", "location", "skull")
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # critical: no defense
    hurt = send(model, "gurps.step_damage_typed", "6")
    assert texts(hurt, "gurps-next-held") == []  # not rolled yet: Bo's chips are offered
    failed = send(hurt, "gurps.check_typed", "1", "12")
    held = "Bo's knockdown and stun roll failed: record its outcome (stunned, stunned and "
    held += "prone or no effect) before Bo's turn begins"
    assert texts(failed, "gurps-next-held") == [held]
    assert not any(t.startswith("Next: Bo") for t in texts(failed, "gurps-maneuver-chips"))
    refused = send(failed, "gurps.next")
    assert refused.state["gurps"]["fight"] == failed.state["gurps"]["fight"]
    assert texts(refused, "gurps-error-tracker") == [held]
    stunned = send(failed, "gurps.settle", "1", "stunned")
    assert texts(stunned, "gurps-next-held") == []
    bo_turn = send(stunned, "gurps.next")
    assert "Bo is stunned: must Do Nothing this turn." in texts(bo_turn, "gurps-turn")[0]


def test_a_carried_failed_roll_is_asked_in_full_while_the_next_turn_waits() -> None:
    model = send(fight_started(), "gurps.field", "g2", "hp", "20")
    model = attack_turn(model)  # Ana at Bo's skull (DR 2)
    model = send(model, "gurps.step_form", "location", "skull")
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # critical: no defense
    model = send(model, "gurps.step_damage_typed", "6")
    model = send(model, "gurps.next")  # Bo's turn: his questions carried, unrolled
    model = send(model, "gurps.answer")
    failed = send(model, "gurps.check_typed", "1", "12")  # made in his own turn: failed
    assert "failure by 12" in texts(failed, "gurps-after-injury")[0]
    assert texts(failed, "gurps-dismiss-1") == []  # a failed roll is answered, not dismissed
    assert [t for t in texts(failed, "gurps-settle-1") if "stunned" in t]
    model = send(failed, "gurps.maneuver", "Do Nothing", "")
    model = send(model, "gurps.next")  # Ana's turn is not his: it begins
    model = send(model, "gurps.maneuver", "Do Nothing", "")
    assert texts(model, "gurps-next-held")[0].startswith("Bo's knockdown and stun roll failed")
    # Carried from an earlier turn, it is asked in full, not folded behind "Answer".
    assert texts(model, "gurps-after-injury-carried") == []
    assert "rolled 12: failure by 12" in texts(model, "gurps-after-injury")[0]


def test_the_attack_tab_holds_the_attack_for_a_failed_roll_and_offers_no_dismiss() -> None:
    model = send(two_fighters(), "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2")):
        model = send(model, "gurps.attack_form", field, value)
    for seed in map(str, range(400)):
        hurt = send(model, "gurps.attack_full", seed=seed)
        if any(a.kind == "knockdown" for a in fight_of(hurt).asks):
            break
    index = next(i for i, a in enumerate(fight_of(hurt).asks) if a.kind == "knockdown")
    failed = send(hurt, "gurps.check_typed", str(index), "18")
    assert "failure by" in " ".join(texts(failed, "gurps-attack-asks"))
    assert texts(failed, f"gurps-dismiss-{index}") == []  # answered, not dismissed
    assert texts(failed, "gurps-attack-unready")[0].startswith("Answer Bo")  # the attack waits
    stunned = send(failed, "gurps.settle", str(index), "stunned")
    assert fight_of(stunned).combatant("g2").stunned
