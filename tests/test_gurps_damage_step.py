"""The GURPS tracker's damage step (GUR-16, GUR-53): what it shows and counts a typed roll
against is the attack the attacker chose, not his first weapon (a GM's play-through saw
"Damage 1d+5" for a second attack of 1d+1 under All-Out Attack (Strong))."""

from __future__ import annotations

from test_gurps_pages import send, texts, two_fighters


def test_the_damage_step_shows_and_counts_the_chosen_attacks_dice() -> None:  # GUR-16
    model = send(two_fighters(), "gurps.field", "g1", "damage", "2d+3")
    model = send(model, "gurps.field", "g1", "more_attacks", "Thrust: 14, 1d+1 cr, thrust")
    model = send(send(model, "gurps.tab", "tracker"), "gurps.start", seed="o")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "All-Out Attack", "Strong")
    model = send(model, "gurps.step_line", "1")
    hit = send(model, "gurps.step_attack_typed", "1 1 2")  # a critical hit: no defense
    assert "Damage 1d+3" in texts(hit, "gurps-turn")[0]
    hurt = send(hit, "gurps.step_damage_typed", "4")  # one die, as the attack's dice have
    assert "1d+3 (4)" in " ".join(texts(hurt, "gurps-log-entry"))
