"""An undo on the Percentile fight page shows the attack form as it stood at the step count it
goes back to (rkweb.kit.steps, shared with Simply's page): what the GM typed for the attack
before the step undone stays, what he typed after it is set aside, and Redo gives it back."""

from __future__ import annotations

from test_percentile_fight_law import READY, form_of, go


def test_an_undo_keeps_what_was_typed_for_the_attack_before_its_step() -> None:
    """Ann's turn: Percent to Hit 40 typed, a step that leaves her attack under way (a side
    added), AP cost 3 typed, Undo. The form is back as it stood before the side was added:
    her 40 kept, the AP cost typed after the step set aside; Redo gives it back. (The undo
    set the whole attack up afresh, losing the 40 typed before the step.)"""
    turn = go(READY, "percentile.turn_next", seed="n1")
    typed = go(turn, "percentile.attack_field", "percent_to_hit", "40")
    before = form_of(typed)
    stepped = go(typed, "percentile.side_add")
    assert stepped.history.undo_label == "Add side"
    after = go(stepped, "percentile.attack_field", "ap_cost", "3")
    assert (form_of(after)["percent_to_hit"], form_of(after)["ap_cost"]) == ("40", "3")
    undone = go(after, "shell.undo")
    assert form_of(undone) == before
    assert form_of(undone)["percent_to_hit"] == "40" and "ap_cost" not in form_of(undone)
    assert form_of(go(undone, "shell.redo")) == form_of(after)
