"""An unconscious fighter has no defense (004 line 210: unable to react; the attack step already
offers him none): his card on the order strip says so, not his maneuver's "dodge, parry"."""

from __future__ import annotations

from test_gurps_pages import fight_started, send, texts

from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import defenses_of


def test_an_unconscious_fighter_has_no_defense_on_his_card() -> None:
    model = send(fight_started(), "gurps.field", "g1", "unconscious", "yes")  # Ana
    ana = next(t for t in texts(model, "gurps-slot") if t.startswith("Ana"))
    assert "Unconscious · no defense" in ana and "dodge" not in ana.split("Edit")[0]
    assert defenses_of(Combatant(maneuver="Attack", unconscious=True)) == ()
    assert defenses_of(Combatant(maneuver="Attack")) == ("dodge", "parry")


def test_a_fighter_knocked_down_is_lying_down_on_his_card() -> None:
    """A GM's play-through: after 'stunned and prone' (GUR-58) the card said stunned, not that
    she lies down; the −3 to her defenses showed only in the attacker's odds."""
    model = send(fight_started(), "gurps.field", "g1", "posture", "Lying Down")  # Ana
    ana = next(t for t in texts(model, "gurps-slot") if t.startswith("Ana"))
    assert "lying down" in ana
    bo = next(t for t in texts(model, "gurps-slot") if t.startswith("Bo"))
    assert "standing" not in bo.lower()
