"""The GURPS tracker in plain words, found in a GM's play-through at the table: a target with no
defense read "Lands past Grukk the Orc's no defense", and HP below zero showed a hyphen
("HP 4 → -5") where the rest of the figures show the true minus sign (−4)."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.vdom import text_of
from test_gurps_pages import attack_turn, fight_started, send, texts, two_fighters


def test_a_target_with_no_defense_is_said_in_plain_words() -> None:
    model = send(fight_started(), "gurps.field", "g2", "name", "Grukk the Orc")
    model = send(model, "gurps.field", "g2", "unconscious", "yes")  # 004 line 210: no defense
    turn = " ".join(texts(attack_turn(model), "gurps-turn"))
    assert "Grukk the Orc has no defense: the blow lands" in turn
    assert "Lands past" not in turn and "'s no defense" not in turn
    awake = " ".join(texts(attack_turn(fight_started()), "gurps-turn"))
    assert "Lands past Bo's dodge 9" in awake


def test_the_attack_tab_says_no_defense_in_plain_words() -> None:
    model = send(two_fighters(), "gurps.field", "g2", "unconscious", "yes")
    model = send(model, "gurps.tab", "attack")
    for field, value in (("attacker", "g1"), ("defender", "g2")):
        model = send(model, "gurps.attack_form", field, value)
    whole = text_of(shell.view(model))
    assert "Bo has no defense: the blow lands" in whole
    assert "Lands past no defense" not in whole


def test_hp_below_zero_shows_the_true_minus_sign() -> None:
    model = send(fight_started(), "gurps.field", "g2", "hp_now", "4")
    model = attack_turn(model)
    hit = send(model, "gurps.step_attack_typed", "1 1 2")  # a critical hit: no defense
    hurt = send(hit, "gurps.step_damage_typed", "6")  # 1d+1 = 7 cut − DR 2 = 5 × 1.5 = 7
    assert "HP 4 → −3" in texts(hurt, "gurps-fight-result")[0]
    assert texts(hurt, "gurps-hp-g2") == ["HP −3/10"]
    assert "HP 4 → −3" in texts(hurt, "gurps-log-entry")[0]
    assert hurt.state["gurps"]["combatants"][1]["hp_now"] == -3  # the saved value stays a number


def test_a_dagger_s_parry_modifier_is_taken_off_with_the_true_minus() -> None:  # 004:L251, L278
    # A GM's play-through (gurps): Bo's knife read "Parry = ⌊3 + 12/2⌋ + -1 = 8" on his sheet.
    model = send(two_fighters(), "gurps.field", "g2", "parry_bonus", "-1")  # Bo, skill 12
    defenses = texts(model, "gurps-defenses")[0]
    assert "Parry = ⌊3 + 12/2⌋ − 1 = 8" in defenses and "+ -1" not in defenses
    staff = send(model, "gurps.field", "g2", "parry_bonus", "2")
    assert "Parry = ⌊3 + 12/2⌋ + 2 = 11" in texts(staff, "gurps-defenses")[0]


def test_a_skull_hit_s_knockdown_note_has_the_true_minus() -> None:  # 003:L43, L52
    # A GM's play-through (gurps): "Cy: injury 8 (major wound; knockdown rolls at -10)".
    model = attack_turn(fight_started())  # Ana (broadsword, skill 14) at Bo (DR 2)
    model = send(model, "gurps.step_form", "location", "skull")
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # a critical hit: no defense
    hurt = send(model, "gurps.step_damage_typed", "6")
    verdict = texts(hurt, "gurps-fight-result")[0]
    assert "knockdown rolls at −10" in verdict and "-10" not in verdict
