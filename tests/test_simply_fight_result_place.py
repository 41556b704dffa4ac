"""Where the last result sits on the Simply fight screen (FIGHT.md: the result where the tap
was): inside the step while its attacker's turn goes on; once the turn passes to another
fighter, a compact "Last:" line under the strip, over the next attacker's panel, out of his
roll (a GM at 768x1024 found Mara's miss between Cy's luck button and his chips, his dice
under the edge)."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all, text_of
from test_simply_fight_page import ids_in, send, started, texts


def _in_step(model: Model, testid: str) -> list[str]:
    steps = find_all(shell.view(model), "sc-attack-step")
    return [text_of(n) for step in steps for n in find_all(step, testid)]


def test_a_miss_stays_in_the_step_while_the_attacker_s_turn_goes_on() -> None:
    model = send(started(), "simply.combat_attack_typed", "10 10")  # Mara misses, 1 action left
    assert texts(model, "sc-current") == ["Now: Mara"]
    assert _in_step(model, "sc-attack-result-verdict") == ["Mara misses Bo"]
    assert texts(model, "sc-last-result") == []


def test_a_miss_on_the_last_action_leaves_the_next_attacker_s_step() -> None:
    model = send(started(), "simply.combat_attack_typed", "10 10")
    model = send(model, "simply.combat_attack_typed", "10 10")  # her last action: Bo's turn
    assert texts(model, "sc-current") == ["Now: Bo"]
    assert _in_step(model, "sc-attack-result") == []
    assert _in_step(model, "sc-attack-ended") == []
    (last,) = texts(model, "sc-last-result")
    assert last.startswith("Last: Mara misses Bo")
    # Bo's own roll brings his result back into his step, and the line goes.
    model = send(model, "simply.combat_attack_typed", "10 10")
    assert _in_step(model, "sc-attack-result-verdict") == ["Bo misses Mara"]
    assert texts(model, "sc-last-result") == []


def test_damage_of_a_hit_on_the_last_action_is_not_in_the_next_attacker_s_step() -> None:
    model = send(started(), "simply.combat_attack_typed", "2 3")  # Mara hits Bo
    model = send(model, "simply.combat_form", "damage", "d20", "1")
    model = send(model, "simply.combat_damage")
    assert _in_step(model, "sc-damage-result-verdict") != []  # her turn goes on: in place
    model = send(model, "simply.combat_attack_typed", "2 3")  # her last action hits: Bo's turn
    model = send(model, "simply.combat_form", "damage", "d20", "1")
    model = send(model, "simply.combat_damage")
    assert texts(model, "sc-current") == ["Now: Bo"]
    assert _in_step(model, "sc-damage-result") == []
    (last,) = texts(model, "sc-last-result")
    assert last.startswith("Last: Bo: HP")


def test_the_last_line_sits_under_the_strip_over_the_next_attacker_s_panel() -> None:
    """Not above the strip: with ten fighters (five rows of cards) a line there left the next
    attacker's dice field under the screen's edge once the GM had scrolled to the roll (e2e
    test_with_ten_fighters_the_last_action_s_miss_and_the_next_roll_are_both_seen)."""
    model = send(started(), "simply.combat_attack_typed", "10 10")
    model = send(model, "simply.combat_attack_typed", "10 10")  # her last action: Bo's turn
    order = [
        t for t in ids_in(shell.view(model)) if t in ("sc-strip", "sc-last-result", "sc-panel")
    ]
    assert order == ["sc-strip", "sc-last-result", "sc-panel"]


def test_a_finished_result_leaves_the_step_once_the_gm_sets_up_another_attack() -> None:
    """Play-through 57: Mara hits Bo, the damage applied ("Bo: HP …" in the step, where the
    tap was); she taps Unarmed and her luck for her next action: the result stayed between the
    new attack's chance and its luck chip until the next roll, read as a preview of it. Once
    the set-up changes it leaves the step (the log keeps it); no "Last:" line either: the turn
    did not pass."""
    model = send(started(), "simply.combat_attack_typed", "2 3")  # Mara hits Bo
    model = send(model, "simply.combat_form", "damage", "d20", "10")
    model = send(model, "simply.combat_damage")
    assert texts(model, "sc-current") == ["Now: Mara"]
    assert _in_step(model, "sc-damage-result-verdict") != []  # where the Apply tap was
    for changed in (
        send(model, "simply.combat_arm", "c1", "1"),  # Unarmed
        send(model, "simply.combat_declare", "luck"),
    ):
        assert _in_step(changed, "sc-damage-result") == []
        assert texts(changed, "sc-damage-result") == []
        assert texts(changed, "sc-last-result") == []
    armed = send(model, "simply.combat_arm", "c1", "1")
    assert texts(armed, "sc-attack-summary")[0].startswith("Mara attacks Bo with Unarmed")
    # Her weapon tapped again: the set-up the result left, and it is shown again.
    again = send(armed, "simply.combat_arm", "c1", "0")
    assert _in_step(again, "sc-damage-result-verdict") != []
