"""Two offers a GM's play-through found that the fight could not take: "stunned and prone" on
the knockdown question of a fighter already lying down (he cannot be knocked down), and the
chip "Holding a large shield −2" (004 line 141) for an attacker whose sheet gives him no
shield, or a shield not marked large; now the sheet's large shield gives the −2 itself."""

from __future__ import annotations

import pytest
from rkweb.app.model import Model
from test_gurps_pages import fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight.value import Ask, Fight
from pycore.systems.gurps.sheet import Combatant


def _ana_hurt(posture: str) -> Model:
    """Bo (first) hits Ana hard: a major wound leaves the knockdown and stun roll asked."""
    model = send(fight_started(), "gurps.field", "g1", "posture", posture)
    model = send(model, "gurps.maneuver", "Attack", "")
    model = send(model, "gurps.step_attack_typed", "3 3 3")
    if texts(model, "gurps-fight-defend-none"):
        model = send(model, "gurps.step_no_defense")
    return send(model, "gurps.step_damage_typed", "6")


def test_no_stunned_and_prone_for_one_lying_down() -> None:
    standing, lying = _ana_hurt("Standing"), _ana_hurt("Lying Down")
    assert texts(standing, "gurps-settle-1-1") == ["stunned and prone"]
    assert texts(lying, "gurps-settle-1-1") == []
    assert texts(lying, "gurps-settle-1-0") == ["stunned"]
    assert texts(lying, "gurps-settle-1-2") == ["no effect"]


def test_the_core_refuses_prone_for_one_lying_down() -> None:
    fight = Fight((Combatant(id="a", name="Ana", posture="Lying Down"),))
    fight = gf.ask_after_injury(fight, "a", "torso", "cut", injury=6)
    index = next(i for i, a in enumerate(fight.asks) if a.kind == "knockdown")
    with pytest.raises(RuleError, match="stunned and prone"):
        gf.settle(fight, index, "stunned and prone")
    assert gf.outcomes(fight, Ask("knockdown", "a")) == ("stunned", "no effect")
    stood = Fight((Combatant(id="a"),))
    assert "stunned and prone" in gf.outcomes(stood, Ask("knockdown", "a"))


def test_the_large_shield_penalty_comes_from_the_sheet_never_a_chip() -> None:
    """004 line 141: "holding a large shield" −2 (GUR-25: the sheet says the shield is large;
    the texts give no sizes). It is the sheet's, so the attack line carries it without a chip
    the GM must remember (FIGHT.md's first law); a shield not marked large gives none."""
    turn = send(fight_started(), "gurps.maneuver", "Attack", "")  # Bo: no shield
    assert texts(turn, "gurps-chip-large_shield") == []
    assert texts(turn, "gurps-chip-off_hand_melee") != []
    shielded = send(turn, "gurps.field", "g2", "shield_skill", "12")
    assert "large shield" not in texts(shielded, "gurps-fight-line")[0]
    large = send(shielded, "gurps.field", "g2", "shield_large", "yes")
    assert texts(large, "gurps-chip-large_shield") == []
    assert "+ Holding a large shield −2 =" in texts(large, "gurps-fight-line")[0]


def test_the_attack_tab_takes_the_large_shield_from_the_sheet() -> None:
    model = send(fight_started(), "gurps.tab", "attack")
    for field, value in (("attacker", "g2"), ("defender", "g1")):
        model = send(model, "gurps.attack_form", field, value)
    assert texts(model, "gurps-attack-key-large_shield") == []  # never a row to set
    shielded = send(model, "gurps.field", "g2", "shield_db", "2")
    assert "large shield" not in texts(shielded, "gurps-skill-line")[0]  # not a large one
    large = send(shielded, "gurps.field", "g2", "shield_large", "yes")
    assert texts(large, "gurps-attack-key-large_shield") == []
    assert "+ Holding a large shield −2 =" in texts(large, "gurps-skill-line")[0]
