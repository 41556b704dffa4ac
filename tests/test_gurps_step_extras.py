"""The fight step offers what applies and nothing else: a giant's blow (003 lines 82-83) and a
random location from directly above (003 lines 63, 65), in plain words, IDs only in the Why."""

from __future__ import annotations

import re

import pytest
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight, Place
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup


def test_a_giants_blow_is_offered_with_the_exposed_spot_question() -> None:  # 003:L82-83
    model = fight_started()
    for field, value in (("sm", "7"), ("unarmed", "yes"), ("damage_type", "cr")):
        model = send(model, "gurps.field", "g1", field, value)
    model = send(model, "gurps.field", "g2", "dr_locations", "skull=0")
    model = attack_turn(model)  # Ana, seven sizes larger, at Bo
    note = texts(model, "gurps-fight-large-area")[0]
    assert "seven or more sizes larger" in note and "a torso hit" in note
    assert texts(model, "gurps-fight-pinned") == ["Pinned or immobile"]
    assert texts(model, "gurps-fight-exposed")  # Bo's DR differs by location: asked
    refused = send(model, "gurps.step_attack_typed", "3 3 3")
    assert "least protected spot" in texts(refused, "gurps-fight-attack-typed-error")[0]
    model = send(model, "gurps.step_form", "exposed", "skull")
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    hurt = send(send(rolled, "gurps.step_defend_typed", "18"), "gurps.step_damage_typed", "5")
    assert "DR ⌈(2 + 0)/2⌉ = 1 (large-area" in hurt.state["gurps"]["log"][0]["text"]
    panel = texts(model, "gurps-turn")[0]
    visible = panel.split("Why")[0]
    assert not re.search(r"GUR-|003", visible)  # rule IDs only inside the Why


def test_no_giant_fields_between_equals() -> None:  # 003:L82
    model = attack_turn(fight_started())
    assert texts(model, "gurps-fight-large-area") == []
    assert texts(model, "gurps-fight-exposed") == []


def test_a_random_location_from_above() -> None:  # 003:L63, L65
    model = attack_turn(fight_started())  # Ana at Bo
    assert texts(model, "gurps-fight-from-above") == []  # only for a random location
    model = send(model, "gurps.step_chip", "random_location")
    model = send(model, "gurps.step_chip", "from_above")
    model = send(model, "gurps.step_form", "location", "foot")
    assert texts(model, "gurps-fight-line")[0] == "base 14 + Attack +0 = 14"  # no −4
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    hurt = send(send(rolled, "gurps.step_defend_typed", "18"), "gurps.step_damage_typed", "5")
    assert "crippled hand" in texts(hurt, "gurps-fight-result-verdict")[0]


def test_the_turn_opens_on_his_maneuver_then_four_taps_to_damage() -> None:  # 004:L27-31
    model = send(fight_started(), "gurps.field", "g1", "maneuver", "All-Out Attack")
    model = send(model, "gurps.field", "g1", "option", "Determined")
    model = send(model, "gurps.next")  # Ana's turn: last turn's All-Out Attack is not chosen
    panel = texts(model, "gurps-turn")[0]
    assert (
        "Choose Ana's maneuver for this turn" in panel and texts(model, "gurps-fight-attack") == []
    )
    refused = send(model, "gurps.step_attack_typed", "3 3 3")
    assert refused.history is model.history
    assert "Ana has no maneuver chosen this turn" in texts(refused, "gurps-turn")[0]
    chips = texts(model, "gurps-maneuver-chips")[0]
    assert "All-Out Attack (Determined)1 attack +4 · no defense" in chips
    assert "✓" not in chips  # nothing pre-chosen
    model = send(model, "gurps.maneuver", "Attack", "")  # tap 1
    assert texts(model, "gurps-maneuver-chosen")[0].startswith("Maneuver: Attack — 1 attack")
    assert texts(model, "gurps-fight-line")[0] == "base 14 + Attack +0 = 14"
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")  # tap 2 (an entry)
    assert rolled.state["gurps"]["combatants"][0]["maneuver"] == "Attack"
    defended = send(rolled, "gurps.step_defend_typed", "18")  # tap 3
    hurt = send(defended, "gurps.step_damage_typed", "5")  # tap 4: damage applied
    assert texts(hurt, "gurps-hp-g2") == ["HP 4/10"]


def test_an_all_out_attack_without_its_option_is_refused_in_words() -> None:  # 004:L54
    model = send(fight_started(), "gurps.next")
    model = send(model, "gurps.field", "g1", "maneuver", "All-Out Attack")  # option "—"
    assert texts(model, "gurps-maneuver-chosen") == ["Maneuver: All-Out Attack — choose its option"]
    # Issue 27 item 5: "—" is no option to roll with: the roll waits for the option's chips.
    assert texts(model, "gurps-fight-attack-roll") == []
    assert texts(model, "gurps-take-all-out-attack-determined")
    refused = send(model, "gurps.step_attack_typed", "3 3 3")  # a stale tap, still refused
    assert refused.history is model.history
    error = texts(refused, "gurps-error-maneuver")[0]
    assert "All-Out Attack needs its option before the roll: Determined, Double, Strong" in error


def test_the_core_takes_the_maneuver_only_at_the_start_of_his_turn() -> None:  # 004:L27-31
    ana, bo = Combatant(id="a", name="Ana"), Combatant(id="b", name="Bo", maneuver="Attack")
    fight = Fight((ana, bo), 1, (Place("a", 1), Place("b", 2)))
    with pytest.raises(RuleError, match="Ana has no maneuver chosen this turn"):
        gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "17"))
    after, _ = gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "17"), choose="Attack")
    assert after.combatant("a").maneuver == "Attack" and after.attacks == 1
    with pytest.raises(RuleError, match="start of one's own turn"):
        gf.attack(fight, "b", "a", AttackSetup(), typed_dice("3d6", "17"), choose="Attack")
    with pytest.raises(RuleError, match="Aim allows no attack"):
        gf.attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "17"), choose="Aim")
    with pytest.raises(RuleError, match="has attacked this turn"):
        gf.take_maneuver(after, "Aim")


def test_the_gm_cancels_the_attack_under_way() -> None:  # FIGHT.md: the GM's call
    model = attack_turn(fight_started())
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    assert texts(rolled, "gurps-fight-cancel") == ["Cancel attack"]
    dropped = send(rolled, "gurps.step_cancel")
    assert dropped.state["gurps"]["pending"] is None
    assert texts(dropped, "gurps-log-entry")[0].startswith("attack abandoned")


def test_a_bad_range_shows_its_error_and_keeps_the_panel() -> None:  # STYLE: typed errors
    model = attack_turn(send(fight_started(), "gurps.field", "g1", "attack_kind", "bow"))
    bad = send(model, "gurps.step_form", "yards", "far")
    assert "Range (yards)" in texts(bad, "gurps-turn")[0]
    assert texts(bad, "gurps-fight-yards")


def test_a_giants_blow_at_one_exposed_arm() -> None:  # 003:L85
    model = fight_started()
    for field, value in (("sm", "7"), ("unarmed", "yes"), ("damage", "3d"), ("damage_type", "cr")):
        model = send(model, "gurps.field", "g1", field, value)
    model = attack_turn(model)  # Ana, seven sizes larger, at Bo (DR 2 everywhere)
    assert texts(model, "gurps-fight-exposed")  # optional here: below, not before the roll
    assert texts(model, "gurps-fight-only-exposed") == []
    model = send(model, "gurps.step_form", "exposed", "arm")
    model = send(model, "gurps.step_chip", "only_exposed")
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    hurt = send(send(rolled, "gurps.step_defend_typed", "18"), "gurps.step_damage_typed", "6 6 6")
    verdict = texts(hurt, "gurps-fight-result-verdict")[0]
    assert verdict.startswith("Bo: injury 6 (crippled arm")  # 18 − 2 = 16, capped at 5 + 1
