"""An unconscious fighter has no defense (004 line 210: unable to react; the attack step already
offers him none): his card on the order strip says so, not his maneuver's "dodge, parry"."""

from __future__ import annotations

from test_gurps_pages import fight_started, send, texts

from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import defenses_of


def test_an_unconscious_fighter_has_no_defense_on_his_card() -> None:
    model = send(fight_started(), "gurps.field", "g1", "unconscious", "yes")  # Ana
    ana = next(t for t in texts(model, "gurps-slot") if t.startswith("Ana"))
    assert "no defense · unconscious" in ana and "dodge" not in ana.split("Edit")[0]
    assert defenses_of(Combatant(maneuver="Attack", unconscious=True)) == ()
    assert defenses_of(Combatant(maneuver="Attack")) == ("dodge", "parry")
