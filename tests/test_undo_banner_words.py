"""The app's undo banner says what an undo or a redo gave back on the pages that mark the
entries typed after a step (rkweb.kit.steps): there the places an undo finds changed since
its step are those entries, and the page sets them aside (Redo gives them back); the banner
said they "had changed since ... and was kept as it is", the opposite of what the GM saw.
Elsewhere a place changed since is kept, and the banner says so as before."""

from __future__ import annotations

from rkweb.app.model import Model
from test_percentile_fight_law import READY as PERCENTILE
from test_percentile_fight_law import go
from test_simply_fight_page import send, started, texts

from pycore.store import History


def _banner(model: Model) -> str:
    return " ".join(b.text for b in model.banners if b.kind == "undo")


def test_percentile_says_the_attack_set_up_afresh_after_an_undo_and_what_a_redo_gave_back() -> None:
    """Ann's turn begun, Bob picked as the attacker (no undo step of its own), Undo: the turn
    is taken back with what was picked in it; Redo gives Bob back."""
    turn = go(PERCENTILE, "percentile.turn_next", seed="n1")
    undone = go(go(turn, "percentile.attack_field", "attacker", "c2"), "shell.undo")
    assert _banner(undone) == (
        "Undo “Turn: Ann”: what was chosen or typed after it is set aside (Redo gives it back), "
        "and the attack is set up afresh from the sheets: no attack set up."
    )
    assert _banner(go(undone, "shell.redo")) == (
        "Redo “Turn: Ann”: what was chosen or typed after it is back: Bob attacks (no target "
        "chosen) with KNIFE."
    )


def test_simply_says_the_attack_is_back_as_it_stood_after_an_undo_and_what_a_redo_gave_back() -> (
    None
):
    """test_simply_fight_undo's pinned example: TN 14 typed after a hit's damage, then Undo;
    the banner names the attack shown, as it stood before the damage (TN 8 from the sheet),
    and Redo's the TN 14 typed."""
    model = send(started(), "simply.combat_form", "damage", "d20", "1")
    model = send(model, "simply.combat_damage")
    model = send(model, "simply.combat_form", "attack", "attacker", "c1")
    model = send(model, "simply.combat_form", "attack", "tn", "14")
    undone = send(model, "shell.undo")
    assert _banner(undone) == (
        "Undo “Damage to Bo”: what was chosen or typed after it is set aside (Redo gives it "
        "back), and the attack is back as it stood before it: Mara attacks Bo with "
        "Longsword: TN 8."
    )
    assert texts(undone, "sc-attack-summary") == ["Mara attacks Bo with Longsword: TN 8"]
    assert _banner(send(undone, "shell.redo")).endswith(
        "what was chosen or typed after it is back: Mara attacks Bo with Longsword: TN 14."
    )


def test_a_place_changed_since_elsewhere_is_still_said_to_be_kept() -> None:
    """On a page without marks (the dice page's expression here), a place changed since the
    step is kept, and the banner says so, as it did."""
    history = History.new({}).apply("dice", {"expr": "3d6"}, "Roll 3d6", "2026-11-29T10:00:00Z")
    model = Model(history.set_quietly("dice", {"expr": "d20"}), route="dice")
    undone = go(model, "shell.undo")
    assert undone.state["dice"] == {"expr": "d20"}
    assert _banner(undone) == (
        "Undo “Roll 3d6”: part of it had changed since (later, or in another tab) and was kept "
        "as it is."
    )


def _undone_simply() -> Model:
    model = send(started(), "simply.combat_form", "damage", "d20", "1")
    model = send(model, "simply.combat_damage")
    return send(send(model, "simply.combat_form", "attack", "tn", "14"), "shell.undo")


def test_the_undo_banner_stays_while_the_gm_types_and_goes_with_the_next_step() -> None:
    """A play-through saw "Undo “Mara hits Cy” … (Redo gives it back)" still up two rounds
    later, when a new step had long taken the Redo away. Typing (no step) keeps it; the next
    step ends it."""
    undone = _undone_simply()
    assert _banner(undone)
    typed = send(undone, "simply.combat_form", "attack", "tn", "12")
    assert _banner(typed) == _banner(undone)
    stepped = send(send(typed, "simply.combat_form", "damage", "d20", "1"), "simply.combat_damage")
    assert stepped.history.undo_stack != undone.history.undo_stack
    assert _banner(stepped) == ""


def test_the_undo_banner_does_not_follow_the_gm_to_another_page() -> None:
    """It spoke of the Simply fight; on the Percentile page it named an attack not there."""
    undone = _undone_simply()
    assert _banner(go(undone, "shell.route", "#simply")) == _banner(undone)
    assert _banner(go(undone, "shell.route", "#percentile")) == ""
