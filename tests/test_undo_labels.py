"""Undo and Redo say their step in a few whole words that fit the bar at 768x1024, the whole
step in their accessible name and title. A GM's play-through found Undo's label cut off by the
bar ("Undo: Injury to Grukk the Orc of the Br") and Redo saying nothing of what it redoes."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, find_all, text_of
from test_gurps_pages import send

from pycore.store import History, default_data

ORC = "Grukk the Orc of the Broken Tusk"


def _button(model: Model, testid: str) -> VNode:
    (node,) = find_all(shell.view(model), testid)
    return node


def shown(button: VNode, wide: bool = False) -> str:
    """The words an Undo or Redo button shows: a phone's few, or (``wide``) a tablet's, which
    the stylesheet shows in their place (its only text when the two are the same)."""
    kept = "step-wide" if wide else "step-few"
    parts = [c for c in button.children if not isinstance(c, VNode) or c.attr("class") == kept]
    return "".join(text_of(c) for c in parts)


def test_undo_and_redo_name_their_step_whole_and_show_it_short() -> None:
    model = send(Model(History.new(default_data()), route="gurps"), "gurps.new")
    model = send(model, "gurps.field", "g1", "name", ORC)
    undo = _button(model, "undo")
    full = model.history.undo_label
    assert ORC in full
    assert undo.attr("aria-label") == undo.attr("title") == f"Undo: {full}"
    few = shown(undo)
    assert few.startswith("Undo: ") and few.endswith("…")
    assert len(few) <= len("Undo: ") + shell.UNDO_SHOWN_CHARS
    assert full.startswith(few.removeprefix("Undo: ").removesuffix("…"))  # whole words
    undone = send(model, "shell.undo")
    redo = _button(undone, "redo")
    assert redo.attr("aria-label") == f"Redo: {full}"  # it said "Redo", nothing of its step
    assert shown(redo).startswith("Redo: ")
    assert len(shown(redo)) <= len("Redo: ") + shell.UNDO_SHOWN_CHARS
    assert _button(send(undone, "shell.redo"), "redo").attr("aria-label") == "Nothing to redo"


def test_undo_shows_more_of_its_step_at_a_tablet_s_width_when_redo_says_little() -> None:
    """At 768 px Undo read "Undo: Attack roll: Cy →…" beside an empty Redo, the bar half empty
    (a GM's play-through): a tablet's words hold the step in the bar's room that Redo leaves
    (BAR_CHARS), a phone's stay few; Redo's are the same at both widths."""
    model = send(Model(History.new(default_data()), route="gurps"), "gurps.new")
    model = send(model, "gurps.field", "g1", "name", "Grukk the Orc")
    model = send(model, "gurps.field", "g1", "name", ORC)
    undo, redo = _button(model, "undo"), _button(model, "redo")
    assert shown(redo) == shown(redo, wide=True) == "Redo"
    wide = shown(undo, wide=True)
    assert len(shown(undo)) <= len("Undo: ") + shell.UNDO_SHOWN_CHARS < len(wide)
    assert len(wide) + len("Redo") <= shell.BAR_CHARS
    assert f"Undo: {model.history.undo_label}".startswith(wide.removesuffix("…"))
    # With a long Redo beside it, Undo keeps a phone's few words at every width.
    undone = send(model, "shell.undo")
    assert len(shown(_button(undone, "redo"))) > len("Redo: ") + 10
    assert shown(_button(undone, "undo"), wide=True) == shown(_button(undone, "undo"))
