"""Issue 27 item 2: after an injury the step asks what the GM's book decides (the texts point to a
chapter they do not include, 004 lines 347-349, GUR-58): shock, a knockdown and stun roll (HT at
−10 on the skull, −5 on the face, 003 lines 43, 48; a male's groin −5 and double shock from
crushing, at most −8, line 52), and at 0 HP or below a roll to stay conscious. "Roll for me" or
"I rolled"; the outcome is a condition in one tap, enforced like Stunned (004 line 46)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, attack_line, defense_options

ANA = Combatant(id="a", name="Ana", weapon_skill=14, basic_speed="7", damage="2d", damage_type="cr")
BO = Combatant(id="b", name="Bo", ht=11, male=True, maneuver="Attack")


def _hit(location: str, damage: str, hp: int = 10) -> Fight:
    fight, _ = gf.start(Fight((ANA, replace(BO, hp=hp, hp_now=hp))), random.Random(1))
    fight, _ = gf.take_maneuver(fight, "Attack")
    fight, _ = gf.attack(fight, "a", "b", AttackSetup(location=location), typed_dice("3d6", "4"))
    fight, _ = gf.damage(fight, typed_dice("2d6", damage))
    return fight


def test_gur58_the_injury_asks_and_decides_nothing() -> None:  # 004:L347-349
    fight = _hit("skull", "4")
    assert [(a.kind, a.modifier) for a in fight.asks] == [("shock", 0), ("knockdown", -10)]
    assert not fight.combatant("b").stunned  # nothing invented
    assert [(a.kind, a.modifier) for a in _hit("face", "6").asks][1] == ("knockdown", -5)
    groin = _hit("groin", "6").asks
    assert groin[1].modifier == -5 and "at most −8" in groin[0].note  # 003:L52
    assert [a.kind for a in _hit("torso", "12", hp=5).asks] == [
        "shock",
        "knockdown",
        "consciousness",
    ]
    assert gf.fight_from_json(gf.fight_to_json(fight)).asks == fight.asks  # a reload keeps them


def test_a_knockdown_roll_only_for_a_major_wound() -> None:  # 003:L54, GUR-37
    # "loss of over 1/2 HP from one blow": a GM's play-through was asked a knockdown roll on
    # an injury of 6 at HP 12 and of 1 at HP −5. Not on the face or groin either (their −5 is
    # the roll's modifier when a major wound asks it, 003 lines 48, 52).
    assert [a.kind for a in _hit("torso", "5").asks] == ["shock"]
    assert [a.kind for a in _hit("face", "5").asks] == ["shock"]
    assert [a.kind for a in _hit("torso", "6").asks] == ["shock", "knockdown"]
    below = replace(BO, hp=12, hp_now=-5)  # at 0 HP or below: the roll to stay conscious
    fight = gf.ask_after_injury(Fight((below,)), "b", "torso", "cr", injury=1)
    assert [a.kind for a in fight.asks] == ["shock", "consciousness"]


def test_a_failed_knockdown_roll_stuns_in_one_tap_and_is_enforced() -> None:  # 004:L46
    fight = _hit("skull", "4")
    fight, rolled = gf.roll_check(fight, 1, typed_dice("3d6", "5"))
    assert (
        str(rolled)
        == "Bo: knockdown and stun roll: HT 11 −10 = 1: 3d6 = 5 (total typed): failure by 4"
    )
    with pytest.raises(RuleError, match="this roll is made"):
        gf.roll_check(fight, 1, typed_dice("3d6", "5"))
    fight, _ = gf.settle(fight, 1, "stunned and prone")
    bo = fight.combatant("b")
    assert bo.stunned and bo.posture == "Lying Down" and [a.kind for a in fight.asks] == ["shock"]
    fight, _ = gf.next_turn(fight)  # Bo's turn: must Do Nothing
    assert fight.combatant("b").maneuver == "Do Nothing"
    with pytest.raises(RuleError, match="Bo is stunned"):
        gf.attack(fight, "b", "a", AttackSetup(), typed_dice("3d6", "10"))


def test_unconscious_cannot_act_or_defend() -> None:  # 004:L210: unable to react
    fight = _hit("torso", "12", hp=5)
    fight, _ = gf.roll_check(fight, 2, typed_dice("3d6", "15"))
    fight, _ = gf.settle(fight, 2, "unconscious")
    bo = fight.combatant("b")
    assert bo.unconscious and defense_options(ANA, bo, AttackSetup()) == ()
    fight, _ = gf.next_turn(fight)
    assert fight.chosen and [c.label for c in gf.maneuver_choices(fight)] == ["Do Nothing"]
    with pytest.raises(RuleError, match="Bo is unconscious and cannot act"):
        gf.attack(fight, "b", "a", AttackSetup(), typed_dice("3d6", "10"))


def test_shock_is_taken_off_his_attacks_on_his_next_turn_only() -> None:
    fight = _hit("torso", "6")
    with pytest.raises(RuleError, match="is not one of"):
        gf.settle(fight, 0, "shock −9")
    fight, settled = gf.settle(fight, 0, "shock −2")
    assert str(settled) == "Bo: shock −2 (shock from this injury)"
    assert "shock −2" in attack_line(fight.combatant("b"), ANA, AttackSetup()).plain()
    fight, _ = gf.next_turn(fight)  # Bo's turn: the shock holds
    assert fight.combatant("b").shock == 2
    fight, _ = gf.next_turn(fight)  # his turn ended: gone
    assert fight.combatant("b").shock == 0


def test_the_step_asks_after_the_injury_and_records_in_one_tap() -> None:  # issue 27 item 2
    model = send(fight_started(), "gurps.field", "g2", "hp", "20")
    model = attack_turn(model)  # Ana at Bo (DR 2)
    model = send(model, "gurps.step_form", "location", "skull")
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # critical: no defense
    hurt = send(model, "gurps.step_damage_typed", "6")  # 1d+1 = 7 − DR (2 + skull 2) = 3, ×4
    asks = texts(hurt, "gurps-after-injury")[0]
    assert "Knockdown and stun roll" in asks and "HT 10 −10 = 0" in asks
    assert "your book" in asks.lower()
    rolled = send(hurt, "gurps.check_typed", "1", "12")
    assert "failure by 12" in texts(rolled, "gurps-after-injury")[0]
    stunned = send(rolled, "gurps.settle", "1", "stunned")  # one tap
    assert stunned.state["gurps"]["combatants"][1]["stunned"] is True
    assert "Knockdown" not in texts(stunned, "gurps-after-injury")[0]
    shocked = send(stunned, "gurps.settle", "0", "shock −1")
    assert texts(shocked, "gurps-after-injury") == []
    assert shocked.state["gurps"]["combatants"][1]["shock"] == 1
