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

from pycore.store.history import UNDO_LIMIT
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
# (:func:`counted`) and keeps the form as it stood at each count (``forms``, by count: as the
# step left it, then as the last entry typed at that count left it, :func:`typed`), and marks
# the last entry with the count it follows; :func:`typed_since` tells the form to show
# (Percentile's attack form, in its saved ``combat``; Simply's attack, damage and treatment
# steps, in its section). An undo or a redo moves the count, and the form shown is that
# count's: TN 14 typed for Mara's attack, a step, another entry, Undo: the attack is back with
# its TN 14 and without the entry typed after the step (Aftermath's ``combat.chosen`` does the
# same for its choice).

#: The page's steps so far (each undoable step counts one; an undo counts it back), the count
#: the last entry typed follows (absent: nothing typed since the last step), that entry's serial
#: (an entry typed after an undo has a new one, so the redo of the step undone finds it changed
#: since and keeps the mark: :func:`typed_since`), the last serial given (no step, undo or redo
#: changes it: each entry's is higher than any before), and the form as it stood at each count.
STEPS = "steps"
TYPED_AT = "form_typed_at"
TYPED = "form_typed"
SERIAL = "form_serial"
FORMS = "forms"
MARKS = (TYPED_AT, TYPED)


def step_count(marks: Mapping[str, Any]) -> int:
    """The steps counted in ``marks`` (0 before the first)."""
    value = marks.get(STEPS)
    return value if is_whole(value) and value >= 0 else 0


def _forms(marks: Mapping[str, Any]) -> dict[str, Any]:
    """The forms kept by count, those that read (a damaged one is left out, never guessed)."""
    found = marks.get(FORMS)
    if not isinstance(found, Mapping):
        return {}
    return {str(k): f for k, f in found.items() if str(k).isdigit() and isinstance(f, Mapping)}


def counted(marks: Mapping[str, Any], own: Any = None, reach: int = UNDO_LIMIT) -> dict[str, Any]:
    """``marks`` after a step: the step counted, the form it leaves its own (nothing typed
    since), and ``own`` (when given) kept as the form at the new count. The forms no undo or
    redo can reach any more are dropped: those past the count before the step (of steps undone
    that this one replaces: their redo is gone) and those more than ``reach`` steps back (the
    page's undo steps).

    >>> counted(typed({"steps": 2}, {"tn": "14"}), {"tn": "8"}, reach=1)
    {'steps': 3, 'form_serial': 1, 'forms': {'2': {'tn': '14'}, '3': {'tn': '8'}}}
    >>> counted({"steps": 2, "forms": {"1": {}}}, reach=0)
    {'steps': 3}
    """
    count = step_count(marks) + 1
    kept = {k: f for k, f in _forms(marks).items() if count - reach <= int(k) < count}
    if own is not None:
        kept[str(count)] = own
    out = {**unmarked(marks), STEPS: count, FORMS: kept}
    return out if kept else {k: v for k, v in out.items() if k != FORMS}


def typed(marks: Mapping[str, Any], form: Any) -> dict[str, Any]:
    """``marks`` after an entry typed quietly: the count it follows, its serial, and ``form``
    as it left it, kept as the form at that count.

    >>> typed({"steps": 2}, {"tn": "14"})
    {'steps': 2, 'form_typed_at': 2, 'form_typed': 1, 'form_serial': 1, 'forms': {'2': {'tn': '14'}}}
    """
    count, last = step_count(marks), marks.get(SERIAL)
    serial = (last if is_whole(last) else 0) + 1
    forms = {**_forms(marks), str(count): form}
    return {**marks, TYPED_AT: count, TYPED: serial, SERIAL: serial, FORMS: forms}


def unmarked(marks: Mapping[str, Any]) -> dict[str, Any]:
    """``marks`` without the last entry's mark and serial (the count and the forms stay)."""
    return {k: v for k, v in marks.items() if k not in MARKS}


#: ``nothing`` typed since the step; ``typed`` since it, the form as the last entry left it;
#: ``before``: an undo or a redo moved the count past entries typed in another state, and the
#: form is the one kept at the count now; ``gone``: the same with no form kept at that count
#: (saved before the forms were kept), derived afresh from the sheets.
Since = Literal["nothing", "typed", "before", "gone"]


def typed_since(marks: Mapping[str, Any]) -> tuple[Since, dict[str, Any] | None]:
    """What the form is since the last step: ``("nothing", None)``, the form as saved;
    ``("typed", form)``, the form as the last entry left it, when its mark is the step count
    (a redo plays its step's change of the form onto the entries typed since: the form kept is
    what they left); ``("before", form)``, the form kept at the count now, when the entries were
    typed in a state no longer there (the mark past the count after an undo, or kept by a redo
    after entries typed since the undo); else ``("gone", None)``: the form is derived afresh.

    >>> typed_since({"steps": 3})
    ('nothing', None)
    >>> typed_since(typed({"steps": 3}, {"tn": "14"}))
    ('typed', {'tn': '14'})
    >>> stepped = typed(counted(typed({"steps": 2}, {"tn": "14"}), {"tn": "14"}), {"tn": "3"})
    >>> typed_since({**stepped, "steps": 2})  # an undo of the step
    ('before', {'tn': '14'})
    >>> typed_since({"steps": 2, "form_typed_at": 3, "form_typed": 1})  # none kept at 2
    ('gone', None)
    """
    at, last = marks.get(TYPED_AT), marks.get(TYPED)
    if at is None and last is None:
        return "nothing", None
    count = step_count(marks)
    if isinstance(last, dict):  # saved before the forms were kept: the form as left
        return ("typed", dict(last)) if at == count else ("gone", None)
    kept = _forms(marks).get(str(count))
    form = dict(kept) if kept is not None else None
    if at is not None and at == count:
        return "typed", form
    return ("before", form) if form is not None else ("gone", None)


# --- what an undo or a redo did with the entries typed since its step -------------------------
# An undo plays its step back onto the section as it is now and counts the places changed since
# (pycore.store.history's ``skipped``); the shell said "part of it had changed since ... was kept
# as it is". On a page that marks its entries, the entries typed after the step are those
# places, and the page does not keep them: they belong to the step undone, and the attack is set
# up again (a redo gives them back). Each such page says, in these words, what the undo or the
# redo gave back (the app shell's banner, ``restored`` of the page's module).

#: ``afresh``: an undo set aside what was typed after its step, the attack set up afresh from
#: the sheets (no form kept at the count it went back to); ``stood``: the same, the forms as they
#: stood at that count (Percentile, Simply keep each count's form); ``before``: the same, the
#: attack as chosen before the step (Aftermath keeps each step's choice); ``kept``: an undo
#: within one attack kept what the GM changed in it since; ``after``: a redo gave back what was
#: typed after its step.
Restored = Literal["afresh", "stood", "before", "kept", "after"]

_RESTORED: dict[Restored, str] = {
    "afresh": "what was chosen or typed after it is set aside (Redo gives it back), and the "
    "attack is set up afresh from the sheets",
    "stood": "what was chosen or typed after it is set aside (Redo gives it back), and the "
    "attack is back as it stood before it",
    "before": "what was chosen after it is set aside (Redo gives it back), and the attack is "
    "back as chosen before it",
    "kept": "the attack is back as chosen before it, with what was changed in it since",
    "after": "what was chosen or typed after it is back",
}


def restored(before: Mapping[str, Any], after: Mapping[str, Any]) -> Restored | None:
    """What an undo or a redo did with the entries typed since its step, from the marks
    ``before`` and ``after`` it: ``afresh`` or ``stood`` (an undo set them aside, the form
    derived afresh or as it stood at the count gone back to), ``after`` (a redo gave them
    back), or ``None`` (nothing typed since the step: the entries are not why a place was
    kept).

    >>> restored(typed({"steps": 3}, {"tn": "14"}), {**typed({"steps": 3}, {}), "steps": 2})
    'afresh'
    >>> restored({**typed({"steps": 3}, {}), "steps": 2}, typed({"steps": 3}, {"tn": "14"}))
    'after'
    >>> restored({"steps": 3}, {"steps": 2}) is None
    True
    """
    was, now = typed_since(before)[0], typed_since(after)[0]
    if was == "typed" and now == "gone":
        return "afresh"
    undone = step_count(after) < step_count(before)
    if undone and was in ("typed", "before") and now == "before":
        return "stood"
    if was != "typed" and now == "typed":
        return "after"
    return None


def restored_words(how: Restored, attack: str) -> str:
    """The banner's words after "Undo “step”:" for ``how``, ending with the ``attack`` shown
    now in the page's words.

    >>> restored_words("after", "Mara attacks Bo with Longsword: TN 14")
    'what was chosen or typed after it is back: Mara attacks Bo with Longsword: TN 14.'
    """
    return f"{_RESTORED[how]}: {attack}."
