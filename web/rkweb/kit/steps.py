"""One way to keep a step (issue 30 item 2): a page's new saved section, either as one undoable
change named in words (the label Undo and Redo show) or quietly (typing, a choice, a selection:
no undo entry), and its log with the step's entries first.

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

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

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
