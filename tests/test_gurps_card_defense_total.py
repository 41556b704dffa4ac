"""A GM's play-through: Bo, stunned and knocked prone by a skull hit, had a card saying
"dodge; parry used at −4 · lying down" while the defense step applied −7 (stunned −4, GUR-45;
Lying Down −3, GUR-10, GUR-T01). The card now says the total the step adds, from the same
core function (carried_defense_modifiers)."""

from __future__ import annotations

from dataclasses import replace

from rkweb.features.gurps.state import fight_of
from test_gurps_play_three import _struck_in_his_turn

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, defense_options


def test_a_stunned_prone_card_says_the_defense_steps_total() -> None:
    fight = fight_of(_struck_in_his_turn())
    fight, _ = gf.next_turn(fight)  # Ana's turn: Bo stunned and lying down
    bo = fight.combatant("g2")
    assert bo.stunned and bo.posture == "Lying Down"
    card = gf.card_line(fight, "g2")
    assert "defenses −7 (stunned −4, lying down −3)" in card, card
    assert "at −4" not in card
    for _kind, line in defense_options(fight.combatant("g1"), bo, AttackSetup()):
        assert sum(m.value for m in line.modifiers) == -7  # what the step applies


def test_lying_down_alone_says_its_minus_three_and_crouching_its_posture() -> None:
    lying = gf.Fight((Combatant(id="a", name="Ana", maneuver="Attack", posture="Lying Down"),))
    assert gf.card_line(lying, "a") == "Attack · dodge, parry · defenses −3 (lying down −3)"
    low = gf.Fight((Combatant(id="a", name="Ana", maneuver="Attack", posture="Crouching"),))
    assert gf.card_line(low, "a") == "Attack · dodge, parry · crouching"
    out = gf.Fight(
        (replace(Combatant(id="a", name="Ana"), unconscious=True, posture="Lying Down"),)
    )
    assert gf.card_line(out, "a") == "Unconscious · no defense · lying down"
