"""A GM's play-through: Bo, at −2 HP with his knockdown and consciousness rolls open, took Attack
from the next-turn chips; the attack then waited and became Do Nothing once "stunned" was
answered. His maneuver choice now waits for those questions (stunned: Do Nothing, 004 line 46;
unconscious: no action, 004 line 210), the chips disabled with the reason, as a failed roll
holds his turn (turn_held)."""

from __future__ import annotations

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import attack_turn, fight_started, find_all, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf

HELD = "Answer Bo's knockdown roll first: stunned or unconscious, Bo cannot choose a maneuver"


def _bo_knocked() -> Model:
    """Ana's critical hit on Bo: his shock and knockdown roll asked, his turn next."""
    model = attack_turn(fight_started())  # Ana's turn, Bo the target
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # critical: no defense
    model = send(model, "gurps.step_damage_typed", "6")
    assert [a.kind for a in fight_of(model).asks] == ["shock", "knockdown"]
    return model


def test_the_next_fighters_chips_wait_for_his_knockdown_roll() -> None:
    model = _bo_knocked()
    assert texts(model, "gurps-maneuver-held") == [HELD]
    (attack,) = find_all(shell.view(model), "gurps-next-take-attack")
    assert attack.attr("disabled") is not None
    refused = send(model, "gurps.next_take", "Attack", "")  # the turn does not pass either
    assert fight_of(refused).current() == fight_of(model).current()
    assert HELD in texts(refused, "gurps-turn")[0]


def test_his_own_turns_chips_wait_and_the_core_refuses_until_answered() -> None:
    model = send(_bo_knocked(), "gurps.next")  # the turn may pass with them open
    assert texts(model, "gurps-maneuver-held") == [HELD]
    (attack,) = find_all(shell.view(model), "gurps-take-attack")
    assert attack.attr("disabled") is not None
    with pytest.raises(RuleError, match="Answer Bo's knockdown roll first"):
        gf.take_maneuver(fight_of(model), "Attack")
    stunned = send(model, "gurps.settle", "1", "stunned")  # Do Nothing: no choice to make
    assert fight_of(stunned).combatant("g2").stunned
    assert texts(stunned, "gurps-maneuver-held") == []
    fine = send(model, "gurps.settle", "1", "no effect")
    assert texts(fine, "gurps-maneuver-held") == []
    took = send(fine, "gurps.maneuver", "Attack", "")
    assert fight_of(took).chosen and fight_of(took).combatant("g2").maneuver == "Attack"
