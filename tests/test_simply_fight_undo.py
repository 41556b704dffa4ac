"""Undo and redo on the Simply fight screen keep FIGHT.md's first law: an entry typed without
an undo step (a choice, a TN, a treatment's roll) after a step belongs to the state that step
left, so undoing the step gives back the attack as the sheets set it up (and no roll typed for
a treatment), and a redo gives back what was typed."""

from __future__ import annotations

import pytest
from rkweb.app import shell
from rkweb.app.vdom import text_of
from rkweb.features.simply.combat import state as saved
from test_simply_fight_page import _critical_bo, _labels, send, started, texts

from pycore.store.shape import FieldError
from pycore.systems.simply.saved import COMBAT


def test_a_tn_typed_after_a_step_is_not_kept_by_its_undo_and_comes_back_with_its_redo() -> None:
    """The property test's pinned example: a hit's damage applied (D20 1 on Bo), the GM picks
    Mara as the attacker again and types TN 14, then undoes the damage. The attack restored is
    the one before the damage: TN 8, her Longsword's, not the 14 typed after it; a redo gives
    back the 14 the GM typed."""
    model = send(started(), "simply.combat_form", "damage", "d20", "1")
    model = send(model, "simply.combat_damage")
    assert model.history.undo_label == "Damage to Bo"
    model = send(model, "simply.combat_form", "attack", "attacker", "c1")
    model = send(model, "simply.combat_form", "attack", "tn", "14")
    typed = ["Mara attacks Bo with Longsword: TN 14"]
    assert texts(model, "sc-attack-summary") == typed
    undone = send(model, "shell.undo")
    assert texts(undone, "sc-attack-summary") == ["Mara attacks Bo with Longsword: TN 8"]
    assert undone.state["simply_combat"]["log"] == started().state["simply_combat"]["log"]
    assert texts(send(undone, "shell.redo"), "sc-attack-summary") == typed


def test_a_tn_typed_before_a_step_stays_after_the_step_that_keeps_the_attack() -> None:
    """A value typed for the attack under way is the GM's until the attack ends: a step that
    does not end it (the damage of a fall, here) leaves it, and so does that step's undo."""
    model = send(started(), "simply.combat_form", "attack", "tn", "14")
    model = send(model, "simply.combat_form", "damage", "d20", "1")
    model = send(model, "simply.combat_damage")
    typed = ["Mara attacks Bo with Longsword: TN 14"]
    assert texts(model, "sc-attack-summary") == typed
    assert texts(send(model, "shell.undo"), "sc-attack-summary") == typed


def test_an_undo_gives_back_the_tn_typed_for_the_attack_before_its_step() -> None:
    """The brief's sequence: TN 14 typed for Mara's attack, a step that leaves her attack under
    way (+1 min), another entry (Defend TN 15), Undo. The steps are back as they stood before
    the minute passed: her TN 14 kept (it was typed for this attack before the step), the
    Defend TN 15 set aside; Redo gives back exactly what was typed. (The undo set the whole
    attack up afresh from the sheets, TN 8, losing the 14 typed before the step.)"""
    model = send(started(), "simply.combat_form", "attack", "tn", "14")
    before = saved.load(model)["form"]
    model = send(model, "simply.combat_clock", 1)
    assert model.history.undo_label == "+1 min"
    model = send(model, "simply.combat_form", "attack", "defend_tn", "15")
    typed = saved.load(model)["form"]
    assert (typed["attack"]["tn"], typed["attack"]["defend_tn"]) == ("14", "15")
    undone = send(model, "shell.undo")
    assert texts(undone, "sc-attack-summary") == ["Mara attacks Bo with Longsword: TN 14"]
    form = saved.load(undone)["form"]
    assert (form["attack"]["tn"], form["attack"]["defend_tn"]) == (
        "14",
        before["attack"]["defend_tn"],
    )
    assert {g: form[g] for g in saved.ATTACK_STEPS} == {g: before[g] for g in saved.ATTACK_STEPS}
    redone = saved.load(send(undone, "shell.redo"))["form"]
    assert {g: redone[g] for g in saved.ATTACK_STEPS} == {g: typed[g] for g in saved.ATTACK_STEPS}


def test_an_undo_gives_back_the_treatment_as_chosen_before_its_step() -> None:
    """The treatment's patient, treatment and treater chosen are marked as its typed rolls:
    Bo chosen for a stabilization, a minute passes, Medicine chosen after it, Undo: the
    treatment is back as chosen before the minute (First Aid, for Bo, a stabilization); Redo
    gives Medicine back. (Unmarked, the undo kept Medicine, chosen after the step.)"""
    model = send(started(), "simply.combat_form", "treat", "patient", "c2")
    model = send(model, "simply.combat_form", "treat", "treatment", "stabilize")
    model = send(model, "simply.combat_clock", 1)
    model = send(model, "simply.combat_form", "treat", "skill", "Medicine")
    undone = send(model, "shell.undo")
    treat = saved.load(undone)["form"]["treat"]
    assert (treat["patient"], treat["treatment"], treat["skill"]) == (
        "c2",
        "stabilize",
        "First Aid",
    )
    assert saved.load(send(undone, "shell.redo"))["form"]["treat"]["skill"] == "Medicine"


TREAT_ROLLS = ("sc-treat-typed", "sc-treat-hours")


def test_a_treatment_roll_typed_after_a_step_is_not_kept_by_its_undo_and_comes_back() -> None:
    """The treatment's rolls typed at the table are kept without an undo step, as the attack's
    entries are, and marked the same way: Bo's stabilization (critical, SIM-49 and SIM-54) has
    the treater's "3 4" typed after the damage that made him critical, waiting for its hours.
    Undoing that damage leaves no critical Bo to stabilize, and the "3 4" is set aside (it was
    kept, ready to roll with the hours typed next, for a treatment no longer the same); a redo
    gives back exactly what was typed. The patient, the stabilization and the rating chosen
    after that damage are set aside with it (they are marked as the rolls are): the treatment
    is back as it stood before the damage, a bandage for no one, with no hours to type."""
    model = _critical_bo()
    assert model.history.undo_label == "Damage to Bo"
    waiting = send(model, "simply.combat_treat_typed", "3 4")
    waiting = send(waiting, "simply.combat_form", "attack", "tn", "14")  # typed after it too
    said = [text_of(n) for n in _labels(shell.view(waiting), TREAT_ROLLS)]
    assert said == ["Treater rolled 3 + 4 = 7", "Hours it holds (1D10)"], said
    undone = send(waiting, "shell.undo")
    said = [text_of(n) for n in _labels(shell.view(undone), TREAT_ROLLS)]
    assert said == ["Treater rolled (2D10)"], said
    treat = saved.load(undone)["form"]["treat"]
    assert (treat["patient"], treat["treatment"], treat["rating"]) == ("", "bandage", "")
    redone = send(undone, "shell.redo")
    assert [text_of(n) for n in _labels(shell.view(redone), TREAT_ROLLS)] == [
        "Treater rolled 3 + 4 = 7",
        "Hours it holds (1D10)",
    ]
    assert redone.state["simply_combat"]["form"] == waiting.state["simply_combat"]["form"]
    done = send(redone, "simply.combat_hours_typed", "4")  # and it rolls with the hours
    assert "2d10 (3, 4) = 7 vs TN 8" in done.state["simply_combat"]["log"][0]["text"]


def test_a_treatment_roll_set_as_a_form_field_is_marked_as_when_typed() -> None:
    """A treatment's roll sent as a field of its form (``simply.combat_form``) is marked as the
    typed roll is: not lost under the copy of an earlier entry, set aside by an undo of the
    step before it, given back by the redo."""
    model = send(_critical_bo(), "simply.combat_form", "attack", "tn", "14")  # marked
    sent = send(model, "simply.combat_form", "treat", "rolled", "7")
    section = sent.state["simply_combat"]
    at = str(section["form_typed_at"])
    assert section["forms"][at]["treat"]["rolled"] == "7"
    assert saved.load(sent)["form"]["treat"]["rolled"] == "7"
    undone = send(sent, "shell.undo")
    assert undone.state["simply_combat"]["form"]["treat"]["rolled"] == "7"  # kept as it is,
    assert saved.load(undone)["form"]["treat"]["rolled"] == ""  # set aside
    redone = send(undone, "shell.redo")
    assert saved.load(redone)["form"]["treat"]["rolled"] == "7"


def test_the_undo_marks_of_the_fight_are_declared_in_the_saved_shape() -> None:
    """steps, form_typed_at, form_typed, form_serial and forms (the page's undo marks) are checked where the saved
    section is read, as every other saved field: a damaged value is named."""
    marks = {"steps": 3, "form_typed_at": 2, "form_typed": {"set": {"attack": {"tn": "14"}}}}
    COMBAT.shape.check(marks, ())  # as saved before stop 53
    kept = {"choice": "c1|0|c2", "set": {"attack": {"tn": "14"}}}
    stood = {"form_typed_at": 2, "form_typed": 4, "form_serial": 4, "forms": {"2": kept}}
    COMBAT.shape.check(stood, ())
    with pytest.raises(FieldError, match=r"forms\.2\.choice"):
        COMBAT.shape.check({"forms": {"2": {"set": {}}}}, ())
    with pytest.raises(FieldError, match=r"form_serial"):
        COMBAT.shape.check({"form_serial": -1}, ())
    with pytest.raises(FieldError, match=r"form_typed_at"):
        COMBAT.shape.check({"form_typed_at": "two"}, ())
    with pytest.raises(FieldError, match=r"form_typed\.set"):
        COMBAT.shape.check({"form_typed": {"set": "14"}}, ())


def test_the_undo_button_names_the_attack_it_takes_back() -> None:
    """The sticky bar's Undo names its step; an attack's said only "Attack", so a GM could not
    tell whose attack it would take back (a play-through: Cy's miss read "Undo: Attack"). The
    verdict alone ("Undo: Mara hits Bo"): with "Attack: " before it the label ran past the
    button at phone width (390 px)."""
    missed = send(started(), "simply.combat_attack_typed", "9 9")
    assert missed.history.undo_label == "Mara misses Bo"
    hit = send(started(), "simply.combat_attack_typed", "2 3")
    assert hit.history.undo_label == "Mara hits Bo"
