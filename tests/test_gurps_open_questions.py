"""Issue 27 ("keeps nothing on paper"): the questions an injury leaves for the GM's book (shock,
the knockdown and stun roll, staying conscious; GUR-58, 004 lines 347-349) stay with the fighter
they concern until answered or dismissed: passing the turn, a reload, undo and redo keep them.
They used to be dropped by the next turn, said only in the log ("Left unanswered"). Shock still
counts on the victim's next turn only."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from rkweb.app.model import Model
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.dice import typed_dice
from pycore.store import History
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, attack_line

ANA = Combatant(id="a", name="Ana", weapon_skill=14, basic_speed="7", damage="2d", damage_type="cr")
BO = Combatant(id="b", name="Bo", ht=11, weapon_skill=12, maneuver="Attack")
CY = Combatant(id="c", name="Cy", basic_speed="6", weapon_skill=12)


def _hit(*others: Combatant) -> Fight:
    """Ana (first in the order) hits Bo in the torso for 6 on her turn."""
    fight, _ = gf.start(Fight((ANA, *others, BO)), random.Random(1))
    assert fight.current() == fight.combatant("a")
    fight, _ = gf.take_maneuver(fight, "Attack")
    fight, _ = gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "4"))
    fight, _ = gf.damage(fight, typed_dice("2d6", "6"))
    assert [a.kind for a in fight.asks] == ["shock", "knockdown"]
    return fight


def test_passing_the_turn_keeps_the_victims_questions() -> None:  # GUR-58
    fight, begun = gf.next_turn(_hit())  # Bo's turn: his questions still asked
    assert [(a.kind, a.who) for a in fight.asks] == [("shock", "b"), ("knockdown", "b")]
    assert str(begun).startswith("Left open for later: Bo — shock, knockdown roll. Round 1")
    assert gf.fight_from_json(gf.fight_to_json(fight)) == fight  # a reload keeps them
    fight, _ = gf.settle(fight, 0, "shock −3")  # answered on his turn: it counts now
    assert "shock −3" in attack_line(fight.combatant("b"), ANA, AttackSetup()).plain()
    fight, _ = gf.next_turn(fight)  # his turn is over: so is the shock
    assert fight.combatant("b").shock == 0 and [a.kind for a in fight.asks] == ["knockdown"]


def test_shock_answered_before_his_turn_counts_on_it_only() -> None:
    fight, _ = gf.next_turn(_hit(CY))  # Cy's turn, Bo's comes next
    fight, _ = gf.settle(fight, 0, "shock −2")
    fight, _ = gf.next_turn(fight)  # Bo's turn
    assert fight.combatant("b").shock == 2
    fight, _ = gf.next_turn(fight)
    assert fight.combatant("b").shock == 0


def test_a_shock_left_unanswered_through_his_next_turn_lapses_with_it_and_says_so() -> None:
    fight, _ = gf.next_turn(_hit())  # Bo's turn goes by unanswered
    fight, begun = gf.next_turn(fight)
    assert [a.kind for a in fight.asks] == ["knockdown"]  # the knockdown roll is still asked
    assert str(begun).startswith("Bo's shock lapsed unanswered (shock counts on the next turn")
    assert "GUR-58" in begun.step.rules
    assert gf.fight_from_json(gf.fight_to_json(fight)).asks == fight.asks


def test_a_lapsed_shock_saved_by_an_older_app_changes_nothing_when_recorded() -> None:
    fight, _ = gf.next_turn(_hit())
    lapsed = replace(fight.asks[0], turns=2)  # as the app saved it before shocks lapsed
    fight = replace(fight, asks=(lapsed, *fight.asks[1:]))
    fight, settled = gf.settle(fight, 0, "shock −4")
    assert fight.combatant("b").shock == 0  # his next turn is over: no penalty now
    assert "the next turn is over" in str(settled)


def test_a_question_is_closed_only_by_an_answer_or_a_dismissal() -> None:
    fight, _ = gf.next_turn(_hit())
    fight, dismissed = gf.dismiss(fight, 1)
    assert [a.kind for a in fight.asks] == ["shock"] and not fight.combatant("b").stunned
    assert str(dismissed) == "Bo: knockdown and stun roll dismissed"
    assert dismissed.step.rules == ("GUR-58",)
    gone, _ = gf.remove(fight, "b")  # he leaves the fight: his questions with him
    assert gone.asks == ()


def test_the_page_keeps_asking_after_the_next_fighters_chip() -> None:  # one tap passes
    model = send(fight_started(), "gurps.field", "g2", "hp", "10")  # 6 > 10/2: a major wound
    model = attack_turn(model)  # Ana at Bo
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # critical: no defense
    hurt = send(model, "gurps.step_damage_typed", "6")
    assert "Knockdown and stun roll" in texts(hurt, "gurps-after-injury")[0]
    passed = send(hurt, "gurps.next")  # Bo's turn (his chips wait for the knockdown roll)
    carried = texts(passed, "gurps-after-injury-carried")[0]
    assert "Open from earlier injuries: Bo — shock, knockdown roll" in carried
    passed = send(passed, "gurps.answer")  # one tap opens them
    asked = texts(passed, "gurps-after-injury")
    assert asked and "Bo: Knockdown and stun roll" in asked[0]
    undone = send(send(passed, "shell.undo"), "shell.redo")
    assert texts(undone, "gurps-after-injury") == asked
    dismissed = send(passed, "gurps.dismiss", "1")
    assert "Knockdown" not in texts(dismissed, "gurps-after-injury")[0]


def test_a_reload_comes_back_to_the_open_questions() -> None:  # FIGHT.md: a reload continues
    model = send(fight_started(), "gurps.field", "g2", "hp", "10")  # 6 > 10/2: a major wound
    model = attack_turn(model)  # Ana at Bo
    model = send(model, "gurps.step_attack_typed", "1 1 2")
    hurt = send(model, "gurps.step_damage_typed", "6")
    opened = send(send(hurt, "gurps.next_take", "Attack", ""), "gurps.answer")
    asked = texts(opened, "gurps-after-injury")
    reloaded = Model(History.new(json.loads(json.dumps(opened.history.state))), route="gurps")
    assert asked and texts(reloaded, "gurps-after-injury") == asked
    # The next turn folds them to one line again.
    passed = send(reloaded, "gurps.next")
    assert texts(passed, "gurps-after-injury") == []
