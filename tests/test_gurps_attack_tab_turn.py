"""A GM's play-through: on Bo's turn the Attack tab, attacker Ana, maneuver "All-Out Attack":
back in the tracker Ana's card read "All-Out Attack · no defense" and Bo's odds "Ana has no
defense". A fighter chooses his maneuver when he acts (GUR-06, 004 lines 27-31): the tab offers
the choice for the fighter whose turn it is, and says the others' in words."""

from __future__ import annotations

from test_gurps_pages import fight_started, send, texts


def test_the_tab_does_not_choose_a_maneuver_out_of_turn() -> None:
    model = send(fight_started(), "gurps.tab", "attack")  # Bo's turn
    model = send(model, "gurps.attack_form", "attacker", "g1")  # Ana
    model = send(model, "gurps.attack_form", "defender", "g2")
    assert texts(model, "gurps-attack-maneuver") == []
    assert texts(model, "gurps-attack-maneuver-held") == [
        "Ana's maneuver: Attack, standing. It changes when Ana acts (Bo's turn now)."
    ]


def test_the_tab_chooses_the_maneuver_of_the_one_acting() -> None:
    model = send(fight_started(), "gurps.tab", "attack")
    model = send(model, "gurps.attack_form", "attacker", "g2")  # Bo, whose turn it is
    assert texts(model, "gurps-attack-maneuver-held") == []
    assert len(texts(model, "gurps-attack-maneuver")) == 1
