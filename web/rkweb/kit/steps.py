"""One way to keep a step (issue 30 item 2): a page's new saved section, either as one undoable
change named in words (the label Undo and Redo show) or quietly (typing, a choice, a selection:
no undo entry), and its log with the step's entries first; and the marks that tell which step an
attack's quiet entries follow, so an undo or a redo never hands them to another attack
(Percentile's and Simply's fights: :func:`typed_since`).

Simply (``commit``, ``keep``), 3d6 (``commit``, ``keep``), Aftermath (``undoable``, ``quietly``)
and Percentile (``save``, ``logged``) keep their names and what they add around it (a fight
remembered, errors cleared) and call these.

>>> from pycore.store import History
>>> from rkweb.app.model import Ctx, Model
>>> ctx = Ctx(now="2026-11-27T10:00:00+01:00", fresh_seed="s")
>>> model = keep(Model(History.new({})), "dice", {"expr": "3d6"}, "Roll", ctx)
>>> model.history.undo_label, keep(model, "dice", {"expr": "d20"}).history.undo_label
('Roll', 'Roll')
>>> newest_first([{"n": 1}], [{"n": 2}, {"n": 3}], limit=2)
[{'n': 3}, {'n': 2}]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal

from pycore.validate import is_whole
from rkweb.app.model import Ctx, Model


def keep(
    model: Model,
    section: str,
    value: dict[str, Any],
    label: str | None = None,
    ctx: Ctx | None = None,
    **ui: Any,
) -> Model:
    """``value`` kept as ``section``: one undoable step named ``label`` (at ``ctx.now``) when
    both are given, else quietly; ``ui``, page keys set with it (errors cleared...)."""
    if label is not None and ctx is not None:
        history = model.history.apply(section, value, label, ctx.now)
    else:
        history = model.history.set_quietly(section, value)
    return (
        replace(model, history=history, ui={**model.ui, **ui})
        if ui
        else replace(model, history=history)
    )


def newest_first(log: Sequence[Any], entries: Iterable[Any], limit: int) -> list[Any]:
    """A log (newest first) with a step's ``entries`` (in the order they happened) put first,
    cut to its ``limit``."""
    return [*reversed(list(entries)), *log][:limit]


# --- entries typed quietly since a step ------------------------------------------------------
# An attack's entries (a target tapped, a TN typed) are kept without an undo step of their own,
# and an undo plays its step back onto the section as it is now, keeping what changed since
# (pycore.store.history). So entries typed after a step outlived that step's undo: the attack
# restored showed what nobody set in it (FIGHT.md's first law). A page counts its steps
# (:func:`counted`) and marks each entry with the count it follows and the form as it left it
# (:func:`typed`); :func:`typed_since` tells the form to show (Percentile's attack form, in
# its saved ``combat``; Simply's attack and damage steps, in its section).

#: The page's steps so far (each undoable step counts one; an undo counts it back), the count
#: the last entry typed follows (absent: nothing typed since the last step), and the form as
#: that entry left it (a redo restores it).
STEPS = "steps"
TYPED_AT = "form_typed_at"
TYPED = "form_typed"
MARKS = (TYPED_AT, TYPED)


def step_count(marks: Mapping[str, Any]) -> int:
    """The steps counted in ``marks`` (0 before the first)."""
    value = marks.get(STEPS)
    return value if is_whole(value) and value >= 0 else 0


def counted(marks: Mapping[str, Any]) -> dict[str, Any]:
    """``marks`` after a step: the step counted, and the form it leaves its own (nothing typed
    since).

    >>> counted(typed({"steps": 2}, {"tn": "14"}))
    {'steps': 3}
    """
    return {**unmarked(marks), STEPS: step_count(marks) + 1}


def typed(marks: Mapping[str, Any], form: Any) -> dict[str, Any]:
    """``marks`` after an entry typed quietly: the count it follows and ``form`` as it left it.

    >>> typed({"steps": 2}, {"tn": "14"})
    {'steps': 2, 'form_typed_at': 2, 'form_typed': {'tn': '14'}}
    """
    return {**marks, TYPED_AT: step_count(marks), TYPED: form}


def unmarked(marks: Mapping[str, Any]) -> dict[str, Any]:
    """``marks`` without the last entry's mark and copy (the step count stays)."""
    return {k: v for k, v in marks.items() if k not in MARKS}


Since = Literal["nothing", "typed", "gone"]


def typed_since(marks: Mapping[str, Any]) -> tuple[Since, dict[str, Any] | None]:
    """What was typed since the last step: ``("nothing", None)``; ``("typed", form)``, the form
    as the last entry left it (``None`` if not kept), when its mark is the step count (a redo
    plays its step's change of the form onto the entries typed since: the copy is what they
    left); or ``("gone", None)`` when the entries were typed in a state no longer there (the
    mark past the count after an undo, or the mark taken by a redo that left the copy): the
    form is derived afresh.

    >>> typed_since({"steps": 3})
    ('nothing', None)
    >>> typed_since(typed({"steps": 3}, {"tn": "14"}))
    ('typed', {'tn': '14'})
    >>> typed_since({"steps": 2, "form_typed_at": 3, "form_typed": {"tn": "14"}})  # an undo
    ('gone', None)
    """
    at, kept = marks.get(TYPED_AT), marks.get(TYPED)
    if at is None and kept is None:
        return "nothing", None
    if at is not None and at == step_count(marks):
        return "typed", dict(kept) if isinstance(kept, dict) else None
    return "gone", None
