"""A GM's play-through: shock from a wound taken in the victim's own turn (GUR-58: the shock the
GM's book gives counts on his next turn only).

1. Bo, under All-Out Attack (Double), punches Ana; her sword parry strikes his arm (GUR-49) in
   his own turn. His second attack of that turn carried the shock meant for his next turn.
2. Bo's turn began with shock −2 from an earlier hit (it counts on this turn); a wound in this
   turn leaving shock −3 for his next one replaced the −2: his second attack lost it, and the
   −3 was kept. Both are kept now, each for its own turn.
"""

from __future__ import annotations

import pytest
from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import fight_started, send, texts

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.fight.checks import SECOND_SHOCK
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, attack_line


def _double_punch_parried(shock: int = 0) -> Model:
    """Bo (Brawling 13, HT 10, HP 10) punches Ana under All-Out Attack (Double), his turn first;
    his 9 hits, her 9 parries with her broadsword, whose strike at his arm (12 against 14)
    does 6 cut: a major wound, so a knockdown roll besides the shock (GUR-58)."""
    model = fight_started()
    fields = {"weapon": "Punch", "unarmed": "yes", "damage": "1d-1", "damage_type": "cr"}
    fields |= {"weapon_skill": "13", "brawling": "13", "shock": str(shock)}
    for name, value in fields.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(send(model, "gurps.maneuver", "All-Out Attack", "Double"), "gurps.target", "g1")
    hit = send(model, "gurps.step_attack_typed", "3 3 3")
    parried = send(send(hit, "gurps.step_defense", "parry"), "gurps.step_defend_typed", "3 3 3")
    struck = send(parried, "gurps.step_strike_typed", "4 4 4")
    hurt = send(struck, "gurps.step_damage_typed", "6")
    assert [a.kind for a in fight_of(hurt).asks] == ["shock", "knockdown"]
    return hurt


def test_shock_from_a_wound_in_his_turn_is_not_on_his_second_attack() -> None:  # GUR-58
    hurt = _double_punch_parried()
    made = send(hurt, "gurps.check_typed", "1", "3 3 3")  # knockdown roll made: he may act
    model = send(made, "gurps.settle", "0", "shock −4")
    fight = fight_of(model)
    assert fight.current() == fight.combatant("g2") and fight.attacks == 1
    line = texts(model, "gurps-fight-line")[0]
    assert "shock" not in line  # the old code: "... + shock −4"
    fight, rolled = gf.attack(fight, "g2", "g1", AttackSetup(), typed_dice("3d6", "10"))
    assert rolled.line.total == 13 and "shock" not in rolled.line.plain()
    assert gf.card_line(fight, "g2").endswith("shock −4 next turn")
    fight, _ = gf.next_turn(gf.cancel(fight)[0])  # Ana's turn: Bo's shock still waits
    assert gf.card_line(fight, "g2").endswith("shock −4 next turn")
    fight, _ = gf.next_turn(fight)  # Bo's next turn: it counts on it
    assert gf.card_line(fight, "g2").endswith("shock −4 this turn")
    line = attack_line(fight.combatant("g2"), fight.combatant("g1"), AttackSetup()).plain()
    assert "shock −4" in line


def test_a_failed_knockdown_roll_still_ends_his_actions() -> None:  # 004 line 46
    hurt = _double_punch_parried()
    failed = send(hurt, "gurps.check_typed", "1", "6 6 6")
    stunned = send(failed, "gurps.settle", "1", "stunned")
    model = send(stunned, "gurps.settle", "0", "shock −4")
    fight = fight_of(model)
    with pytest.raises(RuleError, match="stunned"):
        gf.attack(fight, "g2", "g1", AttackSetup(), typed_dice("3d6", "10"))


def test_this_turns_shock_stays_beside_the_one_held_for_his_next() -> None:  # GUR-58
    hurt = _double_punch_parried(shock=2)  # −2 from a hit before his turn: it counts now
    made = send(hurt, "gurps.check_typed", "1", "3 3 3")
    model = send(made, "gurps.settle", "0", "shock −3")
    assert "shock −2" in texts(model, "gurps-fight-line")[0]  # the old code: none, −3 next
    fight = fight_of(model)
    assert gf.card_line(fight, "g2").endswith("shock −2 this turn · shock −3 next turn")
    fight, rolled = gf.attack(fight, "g2", "g1", AttackSetup(), typed_dice("3d6", "10"))
    assert rolled.line.total == 11  # Brawling 13, shock −2
    fight = gf.cancel(fight)[0]
    reloaded = gf.fight_from_json(gf.fight_to_json(fight))
    assert reloaded == fight  # a reload keeps both
    fight, _ = gf.next_turn(fight)  # Ana's turn: his −2 is over, the −3 waits for his turn
    assert fight.combatant("g2").shock == 3
    assert gf.card_line(fight, "g2").endswith("shock −3 next turn")
    fight, _ = gf.next_turn(fight)  # his next turn: −3 counts on it
    assert gf.card_line(fight, "g2").endswith("shock −3 this turn")
    fight, _ = gf.next_turn(fight)
    assert fight.combatant("g2").shock == 0


def _his_turn(shock: int = 0) -> Fight:
    bo = Combatant(id="b", name="Bo", ht=11, hp=10, hp_now=10, shock=shock)
    return gf.start(Fight((bo,)), typed_dice("1d6", "1"))[0]


def test_two_wounds_in_his_turn_hold_the_worst_for_his_next() -> None:  # GUR-58
    fight = gf.ask_after_injury(_his_turn(shock=2), "b", "arm", "cut", injury=3)
    fight, said = gf.settle(fight, 0, "shock −3")
    assert said.worst == 0
    fight = gf.ask_after_injury(fight, "b", "arm", "cut", injury=2)
    assert fight.asks[0].note == SECOND_SHOCK  # another for the same (next) turn
    fight, said = gf.settle(fight, 0, "shock −1")
    assert said.worst == 3
    assert gf.card_line(fight, "b").endswith("shock −2 this turn · shock −3 next turn")


def test_a_save_from_before_keeps_the_held_shock_for_his_next_turn() -> None:
    # A fight saved by the old code: his shock held for the next turn as "later": ["shock"].
    saved = gf.fight_to_json(_his_turn(shock=4))
    saved["fight"]["later"] = ["shock"]
    fight = gf.fight_from_json(saved)
    assert fight.combatant("b").shock == 0 and fight.next_shock == 4
    assert gf.card_line(fight, "b").endswith("shock −4 next turn")


def test_the_printed_sheet_says_each_shock_with_its_turn() -> None:  # GUR-58
    hurt = _double_punch_parried(shock=2)
    made = send(hurt, "gurps.check_typed", "1", "3 3 3")
    model = send(made, "gurps.settle", "0", "shock −3")
    model = send(send(model, "gurps.tab", "combatants"), "gurps.select", "g2")
    printed = texts(model, "gurps-paper")[0]
    # The old code: "shock −3 on his next turn" only (this turn's −2 gone).
    assert "shock −2 this turn" in printed and "shock −3 on the next turn" in printed


def test_his_held_shock_goes_with_him_when_he_is_removed() -> None:  # GUR-58
    hurt = _double_punch_parried()
    made = send(hurt, "gurps.check_typed", "1", "3 3 3")
    fight = fight_of(send(made, "gurps.settle", "0", "shock −4"))
    assert fight.next_shock == 4
    fight, _ = gf.remove(fight, "g2")  # Bo, hurt in his own turn, leaves the fight
    assert fight.current() == fight.combatant("g1") and fight.next_shock == 0
    assert "shock" not in gf.card_line(fight, "g1")  # not Ana's: "shock −4 next turn"
