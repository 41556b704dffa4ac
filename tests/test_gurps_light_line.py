"""A GM's play-through: a throwing knife on a second attack line could not be marked "Thrown
weapon of 1 lb or less", so a parry against it was 1 too high: parrying thrown weapons is at −1,
or −2 for small ones (knives, shuriken, anything 1 lb or less; GUR-48, GUR-51, 004 line 257).
The sheet's weapon had the field; an other attack line's editor did not."""

from __future__ import annotations

from rkweb.app.model import Model
from test_gurps_pages import fight_started, send, texts

KNIFE = {
    "name": "Throwing knife",
    "skill": "12",
    "damage": "1d-2",
    "damage_type": "imp",
    "kind": "thrown",
    "half_d": "10",
    "max_range": "15",
}


def _knife_thrown(light: bool) -> Model:
    """Bo (first in the order) draws his knife, then throws it at Ana (Parry 10) from 5 yd and hits."""
    model = send(fight_started(), "gurps.line_add", "g2")
    for name, value in KNIFE.items():
        model = send(model, "gurps.line_field", "g2", "0", name, value)
    if light:
        model = send(model, "gurps.line_field", "g2", "0", "light", "true")
    # "Ready Throwing knife", one tap (004 line 95); Ana's turn passes; his turn again.
    model = send(send(send(model, "gurps.ready_draw", "1"), "gurps.next"), "gurps.next")
    model = send(model, "gurps.maneuver", "Attack", "")
    model = send(model, "gurps.step_line", "1")
    model = send(model, "gurps.step_form", "yards", "5")
    return send(model, "gurps.step_attack_typed", "3 3 3")


def test_an_other_line_can_be_marked_light_and_tight_beam_on_the_sheet() -> None:
    model = send(send(fight_started(), "gurps.tab", "sheet"), "gurps.line_add", "g2")
    model = send(model, "gurps.select", "g2")
    assert texts(model, "gurps-line-0-light") == ["YesNo"]
    assert texts(model, "gurps-line-0-tight-beam") == ["YesNo"]
    line = texts(model, "gurps-line")[0]
    assert "Thrown weapon of 1 lb or less" in line and "Tight-beam burning (a laser)" in line
    marked = send(model, "gurps.line_field", "g2", "0", "light", "true")
    assert marked.state["gurps"]["combatants"][1]["more_attacks"][0]["light"] is True


def test_a_parry_against_a_light_thrown_line_is_at_minus_2() -> None:
    assert "Parry 9" in texts(_knife_thrown(light=False), "gurps-fight-defenses")[0]  # −1
    assert "Parry 8" in texts(_knife_thrown(light=True), "gurps-fight-defenses")[0]  # −2
