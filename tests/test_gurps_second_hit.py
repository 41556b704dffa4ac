"""Issue 27 item 3: a second hit on a fighter whose questions after an injury are still open
(GUR-58, 004 lines 347-349) keeps them beside its own; it used to replace them in silence, so
the first hit's knockdown roll (−10 on the skull) was lost. Shock counts on his next turn only,
so two hits before that turn give one penalty on it: the worst of the two, said in the log."""

from __future__ import annotations

import random
from dataclasses import replace

from pycore.dice import typed_dice
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.fight.checks import SECOND_SHOCK, ask_after_injury
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup

ANA = Combatant(id="a", name="Ana", weapon_skill=14, basic_speed="7", damage="2d", damage_type="cr")
CY = Combatant(id="c", name="Cy", basic_speed="6", weapon_skill=14, damage="2d", damage_type="cr")
# HP 20: the skull hit (5 − DR 2 = 3, ×4 = 12) and the torso hit (11) are major wounds (003 line 54), each
# asking a knockdown roll; after both he is at −3 HP, so a roll to stay conscious too.
BO = Combatant(id="b", name="Bo", ht=11, hp=20, hp_now=20, weapon_skill=12)


def _two_hits() -> Fight:
    """Ana hits Bo on the skull, then Cy hits him in the torso, both before Bo's turn."""
    fight, _ = gf.start(Fight((ANA, CY, BO)), random.Random(1))
    assert [p.id for p in fight.order] == ["a", "c", "b"]
    fight, _ = gf.take_maneuver(fight, "Attack")
    fight, _ = gf.attack(fight, "a", "b", AttackSetup(location="skull"), typed_dice("3d6", "4"))
    fight, _ = gf.damage(fight, typed_dice("2d6", "5"))  # 5 − skull DR 2 = 3, ×4 = 12
    fight, _ = gf.next_turn(fight)  # Cy's turn
    # Bo's knockdown roll bears on Cy's attack (stunned: −4 to defend): answered first; his
    # shock does not, so it stays open beside the second hit's.
    fight, _ = gf.settle(fight, 1, "no effect")
    fight, _ = gf.take_maneuver(fight, "Attack")
    fight, _ = gf.attack(fight, "c", "b", AttackSetup(), typed_dice("3d6", "4"))
    fight, _ = gf.damage(fight, typed_dice("2d6", "11"))
    return fight


def test_a_second_hit_keeps_the_first_hits_questions() -> None:
    fight = _two_hits()
    kept = [(a.kind, a.modifier, a.note) for a in fight.asks]
    assert kept == [
        ("shock", 0, ""),  # the skull hit's: not replaced by the torso hit's
        ("shock", 0, SECOND_SHOCK),
        ("knockdown", 0, ""),
        ("consciousness", 0, ""),
    ]
    assert gf.fight_from_json(gf.fight_to_json(fight)).asks == fight.asks


def test_two_shocks_for_the_same_turn_the_worst_applies_and_the_log_says_it() -> None:
    fight = _two_hits()
    fight, first = gf.settle(fight, 0, "shock −4")
    assert fight.combatant("b").shock == 4 and first.worst == 0
    fight, second = gf.settle(fight, 0, "shock −2")  # the second hit's, now at index 0
    assert fight.combatant("b").shock == 4
    assert str(second) == (
        "Bo: shock −2 (shock from this injury); with the other hit's shock the worst applies: −4"
    )
    fight, _ = gf.next_turn(fight)  # Bo's turn: one penalty, the worst
    assert fight.combatant("b").shock == 4
    fight, _ = gf.next_turn(fight)
    assert fight.combatant("b").shock == 0


def test_the_worse_second_shock_replaces_the_first() -> None:
    fight = _two_hits()
    fight, _ = gf.settle(fight, 1, "shock −1")
    fight, said = gf.settle(fight, 0, "shock −3")
    assert fight.combatant("b").shock == 3 and said.worst == 3


def test_a_hit_after_his_turn_asks_a_fresh_shock() -> None:
    fight = Fight((BO,))
    fight = ask_after_injury(fight, "b", "torso", "cr", injury=3)
    lapsed = tuple(replace(a, turns=2) for a in fight.asks)  # his next turn is over
    fight = replace(fight, asks=lapsed)
    fight = ask_after_injury(fight, "b", "torso", "cr", injury=3)
    assert [a.note for a in fight.asks if a.kind == "shock"] == ["", ""]
