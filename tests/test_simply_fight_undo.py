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


TREAT_ROLLS = ("sc-treat-typed", "sc-treat-hours")


def test_a_treatment_roll_typed_after_a_step_is_not_kept_by_its_undo_and_comes_back() -> None:
    """The treatment's rolls typed at the table are kept without an undo step, as the attack's
    entries are, and marked the same way: Bo's stabilization (critical, SIM-49 and SIM-54) has
    the treater's "3 4" typed after the damage that made him critical, waiting for its hours.
    Undoing that damage leaves no critical Bo to stabilize, and the "3 4" is set aside (it was
    kept, ready to roll with the hours typed next, for a treatment no longer the same); a redo
    gives back exactly what was typed."""
    model = _critical_bo()
    assert model.history.undo_label == "Damage to Bo"
    waiting = send(model, "simply.combat_treat_typed", "3 4")
    waiting = send(waiting, "simply.combat_form", "attack", "tn", "14")  # typed after it too
    said = [text_of(n) for n in _labels(shell.view(waiting), TREAT_ROLLS)]
    assert said == ["Treater rolled 3 + 4 = 7", "Hours it holds (1D10)"], said
    undone = send(waiting, "shell.undo")
    said = [text_of(n) for n in _labels(shell.view(undone), TREAT_ROLLS)]
    assert said == ["Treater rolled (2D10)", "Hours it holds (1D10)"], said
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
    assert sent.state["simply_combat"]["form_typed"]["form"]["treat"]["rolled"] == "7"
    assert saved.load(sent)["form"]["treat"]["rolled"] == "7"
    undone = send(sent, "shell.undo")
    assert undone.state["simply_combat"]["form"]["treat"]["rolled"] == "7"  # kept as it is,
    assert saved.load(undone)["form"]["treat"]["rolled"] == ""  # set aside
    redone = send(undone, "shell.redo")
    assert saved.load(redone)["form"]["treat"]["rolled"] == "7"


def test_the_undo_marks_of_the_fight_are_declared_in_the_saved_shape() -> None:
    """steps, form_typed_at and form_typed (the page's undo marks) are checked where the saved
    section is read, as every other saved field: a damaged value is named."""
    marks = {"steps": 3, "form_typed_at": 2, "form_typed": {"set": {"attack": {"tn": "14"}}}}
    COMBAT.shape.check(marks, ())
    with pytest.raises(FieldError, match=r"form_typed_at"):
        COMBAT.shape.check({"form_typed_at": "two"}, ())
    with pytest.raises(FieldError, match=r"form_typed\.set"):
        COMBAT.shape.check({"form_typed": {"set": "14"}}, ())
