"""Issue 27's decision on taps (FIGHT.md: at most 4 from the next turn to the damage, the
maneuver included): once a turn is over, the next fighter's maneuver chips stand beside "Next
turn", and one tap passes the turn and takes his maneuver, one undo step, both logged."""

from __future__ import annotations

from test_gurps_pages import fight_started, send, texts


def test_one_tap_passes_the_turn_and_takes_the_next_maneuver() -> None:
    model = send(fight_started(), "gurps.maneuver", "Do Nothing", "")  # Bo: no attack
    assert texts(model, "gurps-turn-next") == ["Next turn"]
    assert texts(model, "gurps-next-take-attack")[0].startswith("Attack")
    taken = send(model, "gurps.next_take", "Attack", "")
    fight = taken.state["gurps"]["fight"]
    assert (fight["turn"], fight["chosen"]) == (1, True)
    ana = next(c for c in taken.state["gurps"]["combatants"] if c["name"] == "Ana")
    assert ana["maneuver"] == "Attack"
    assert [e["text"].split(":")[0] for e in taken.state["gurps"]["log"][:2]] == [
        "Ana takes Attack this turn",
        "Round 1",
    ]
    assert texts(taken, "gurps-fight-attack-roll") == ["Roll for me"]  # the attack is next
    undone = send(taken, "shell.undo")
    assert undone.state["gurps"]["fight"]["turn"] == 0  # one undo step for the one tap


def test_a_stunned_next_fighter_gets_no_chips() -> None:
    model = send(fight_started(), "gurps.field", "g1", "stunned", "yes")  # Ana, next
    model = send(model, "gurps.maneuver", "Do Nothing", "")
    assert texts(model, "gurps-turn-next") == ["Next turn"]
    assert texts(model, "gurps-next-take-attack") == []
