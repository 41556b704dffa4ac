"""A GM's play-through of the Attack tab (the single-attack worksheet) mid-fight. FIGHT.md's
first law: every input the GM did not set in this attack is derived from the sheets and the
fight so far, never remembered, and what the GM sets wins.
- It opened blank though the tracker knew who acts and whom he faces: the attacker and defender
  are now the tracker's current fighter and his target, said as derived, never saved as typed.
- It ignored a held Aim (GUR-11): Bo aimed at Ana on the tracker, the tab's Seconds of Aim
  stayed 0; it is now the fight's for the pair, as the range is, a typed value winning.
- Its result area showed the tracker's log line ("Left open for later: ..."): it shows only the
  tab's own last roll."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all
from rkweb.features.gurps import attack_form
from rkweb.features.gurps.state import keep, page_data
from test_gurps_aim_held import PEOPLE, _round_of_aim
from test_gurps_pages import fight_started, send, texts
from test_gurps_switch import _fight


def _value(model: Model, testid: str) -> str | None:
    (node,) = find_all(shell.view(model), testid)
    if node.tag == "select":
        options = [o for o in node.children if isinstance(o, type(node))]
        picked = [o for o in options if o.attr("selected") not in (None, "false", "False")]
        return picked[0].attr("value") if picked else None
    return node.attr("value")


def test_mid_fight_the_tab_starts_from_the_tracker_s_turn() -> None:
    tab = send(fight_started(), "gurps.tab", "attack")  # Bo's turn, facing Ana
    assert (_value(tab, "gurps-attack-attacker"), _value(tab, "gurps-attack-defender")) == (
        "g2",
        "g1",
    )
    assert texts(tab, "gurps-attack-attacker-hint") == ["from the fight: Bo's turn"]
    assert texts(tab, "gurps-attack-defender-hint") == ["from the fight: Bo's target"]
    assert texts(tab, "gurps-hit-chance")  # the worksheet's figures are there without a tap
    touched = send(tab, "gurps.attack_form", "extra", "1")
    assert (
        "attacker" not in page_data(touched)["attack"]
        or not page_data(touched)["attack"]["attacker"]
    )  # derived as the form is read, never saved as typed
    picked = send(tab, "gurps.attack_form", "attacker", "g1")  # the GM's pick wins
    assert (_value(picked, "gurps-attack-attacker"), _value(picked, "gurps-attack-defender")) == (
        "g1",
        "g2",
    )
    assert texts(picked, "gurps-attack-attacker-hint") == []


def test_the_tab_takes_the_aim_the_fight_holds() -> None:
    aimed = _round_of_aim(_fight(PEOPLE))  # Bo (g1) aimed at Ana (g3); his turn again
    tab = send(send(aimed, "gurps.maneuver", "Attack", ""), "gurps.tab", "attack")
    assert (_value(tab, "gurps-attack-attacker"), _value(tab, "gurps-attack-defender")) == (
        "g1",
        "g3",
    )
    tab = send(tab, "gurps.attack_form", "yards", "10")
    assert _value(tab, "gurps-attack-aim_seconds") == "1"
    assert texts(tab, "gurps-attack-aim_seconds-hint") == [
        "1 second of Aim: Bo's at Ana, as the fight holds it; type another to change it"
    ]
    assert "+ Aim: Acc +3" in texts(tab, "gurps-skill-line")[0]
    assert page_data(tab)["attack"].get("aim_seconds", "") == ""
    typed = send(tab, "gurps.attack_form", "aim_seconds", "0")
    assert _value(typed, "gurps-attack-aim_seconds") == "0"
    assert texts(typed, "gurps-attack-aim_seconds-hint") == []
    other = send(tab, "gurps.attack_form", "defender", "g2")  # no Aim held at Cy
    assert _value(other, "gurps-attack-aim_seconds") == "0"


def test_the_result_is_the_tab_s_own_last_roll() -> None:
    model = fight_started()
    model = send(model, "gurps.maneuver", "Attack", "")
    model = send(model, "gurps.step_attack_typed", "6 6 6")  # the tracker's miss, logged
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Attack", "")  # Ana's turn
    tab = send(model, "gurps.tab", "attack")
    assert texts(tab, "gurps-attack-result") == [
        "Roll to see the dice, the defense and the injury."
    ]
    rolled = send(tab, "gurps.attack_roll", seed="x")
    (said,) = texts(rolled, "gurps-attack-result")
    assert said.startswith("Ana attacks Bo")
    assert said == page_data(rolled)["log"][0]["text"]
    on = send(send(rolled, "gurps.tab", "tracker"), "gurps.step_cancel")
    back = send(on, "gurps.tab", "attack")
    assert texts(back, "gurps-attack-result") == [said]


def test_a_line_picked_for_the_turn_s_fighter_stays_his_when_the_turn_moves_on() -> None:
    """The full suite's random worksheet found it: Ana's second line picked on the tab while
    she was its attacker only as the tracker's turn, then the turn passed to Bo (one line on
    his sheet): the next entry on the tab crashed ("attack line 1 is not one of the 1 on the
    sheet"). A line is one attacker's: picking it chooses her, and a line not on the derived
    attacker's sheet is never read for him."""
    people = [
        {"name": "Ana", "basic_speed": "6", "more_attacks": "Kick: 11, 1d cr, unarmed"},
        {"name": "Bo", "basic_speed": "5"},
    ]
    model = send(_fight(people), "gurps.tab", "attack")  # Ana's turn
    model = send(model, "gurps.attack_form", "line", "1")
    assert (page_data(model)["attack"]["attacker"], page_data(model)["attack"]["line"]) == (
        "g1",
        "1",
    )
    model = send(model, "gurps.tab", "tracker")
    model = send(model, "gurps.next")  # Bo's turn
    model = send(model, "gurps.tab", "attack")
    model = send(model, "gurps.attack_form", "extra", "-1")
    assert _value(model, "gurps-attack-attacker") == "g1"
    assert _value(model, "gurps-attack-line") == "1"
    # A line typed for an attacker who has no such line (an old save) reads as his own.
    stale = send(_fight(people), "gurps.tab", "attack")
    stale = send(stale, "gurps.attack_form", "attacker", "g2")
    stale = keep(stale, attack={**page_data(stale)["attack"], "line": "1"})
    stale = send(stale, "gurps.attack_form", "extra", "-1")
    assert attack_form.form_of(stale)["line"] == "0"  # his one line (no list to show)
