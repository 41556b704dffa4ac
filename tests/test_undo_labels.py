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


def test_undo_and_redo_name_their_step_whole_and_show_it_short() -> None:
    model = send(Model(History.new(default_data()), route="gurps"), "gurps.new")
    model = send(model, "gurps.field", "g1", "name", ORC)
    undo = _button(model, "undo")
    full = model.history.undo_label
    assert ORC in full
    assert undo.attr("aria-label") == undo.attr("title") == f"Undo: {full}"
    shown = text_of(undo)
    assert shown.startswith("Undo: ") and shown.endswith("…")
    assert len(shown) <= len("Undo: ") + shell.UNDO_SHOWN_CHARS
    assert full.startswith(shown.removeprefix("Undo: ").removesuffix("…"))  # whole words
    undone = send(model, "shell.undo")
    redo = _button(undone, "redo")
    assert redo.attr("aria-label") == f"Redo: {full}"  # it said "Redo", nothing of its step
    assert text_of(redo).startswith("Redo: ")
    assert len(text_of(redo)) <= len("Redo: ") + shell.UNDO_SHOWN_CHARS
    assert _button(send(undone, "shell.redo"), "redo").attr("aria-label") == "Nothing to redo"
