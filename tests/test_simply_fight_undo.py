"""Undo and redo on the Simply fight screen keep FIGHT.md's first law: an entry typed without
an undo step (a choice, a TN) after a step belongs to the state that step left, so undoing the
step gives back the attack as the sheets set it up, and a redo gives back what was typed."""

from __future__ import annotations

import pytest
from test_simply_fight_page import send, started, texts

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


def test_the_undo_marks_of_the_fight_are_declared_in_the_saved_shape() -> None:
    """steps, form_typed_at and form_typed (the page's undo marks) are checked where the saved
    section is read, as every other saved field: a damaged value is named."""
    marks = {"steps": 3, "form_typed_at": 2, "form_typed": {"set": {"attack": {"tn": "14"}}}}
    COMBAT.shape.check(marks, ())
    with pytest.raises(FieldError, match=r"form_typed_at"):
        COMBAT.shape.check({"form_typed_at": "two"}, ())
    with pytest.raises(FieldError, match=r"form_typed\.set"):
        COMBAT.shape.check({"form_typed": {"set": "14"}}, ())
