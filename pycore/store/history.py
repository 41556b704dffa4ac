"""The undo history every page uses: each change records what it changed, as a patch.

A :class:`History` is an immutable value; applying, undoing and redoing return new ones. A
change keeps only its patch (:mod:`pycore.store.patch`), not copies of the sections, and undo
plays it backwards onto the sections *as they are now*: changes made since without an undo step
of their own (a roll, typing into a field, another tab's change) are kept. A place changed since
is left as it is, and :attr:`History.skipped` says how many were.

>>> h = History.new({"notes": {"log": ["a"]}})
>>> h = h.apply("notes", {"log": []}, "Clear the log", "2026-11-23T10:00:00+00:00")
>>> h.state["notes"], h.undo_label
({'log': []}, 'Clear the log')
>>> h = h.set_quietly("notes", {"log": ["b"]})  # a roll after the clear
>>> h.undo().state["notes"]
{'log': ['b', 'a']}
>>> h.undo().redo().state["notes"]
{'log': ['b']}
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pycore.errors import StorageError
from pycore.store.patch import ABSENT, Op, apply, compact, diff, fill
from pycore.validate import checked

UNDO_LIMIT = 100
#: Characters the saved undo history may take; the oldest steps go first past this.
UNDO_BUDGET = 120_000
LABEL_LIMIT = 120
WHOLE_STATE = "*"  # apply() with this section replaces every section at once (an import)


@checked
def short_label(label: str, limit: int = LABEL_LIMIT) -> str:
    """A label cut to ``limit`` characters with "…" (a 100,000-character name stays a label).

    >>> short_label("Edit " + "x" * 500, 12)
    'Edit xxxxxx…'
    """
    text = " ".join(str(label).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Change:
    """One undoable change: a label, a time and each changed section's patch.

    On the undo stack the patch is compact (entries put into a list, such as a log's new
    lines, kept as fingerprints: they are in the section already); undoing fills them in from
    the section for the redo stack.
    """

    label: str
    at: str
    ops: Mapping[str, tuple[Op, ...]]
    size: int = 0

    @staticmethod
    def of(label: str, at: str, ops: Mapping[str, Sequence[Op]], packed: bool = True) -> Change:
        kept = {name: tuple(compact(o) if packed else o) for name, o in ops.items() if o}
        change = Change(short_label(label), at, kept)
        return replace(change, size=len(json.dumps(change.to_json(), ensure_ascii=False)))

    def compacted(self) -> Change:
        return Change.of(self.label, self.at, self.ops)

    def filled(self, state: Mapping[str, Any]) -> Change:
        """The change with the entries it put found again in ``state`` (for redo)."""
        ops = {name: fill(state.get(name, ABSENT), o) for name, o in self.ops.items()}
        return Change.of(self.label, self.at, ops, packed=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "at": self.at,
            "ops": {k: list(v) for k, v in self.ops.items()},
        }

    @staticmethod
    def from_json(raw: Any) -> Change:
        """Read a change back; anything malformed is a :class:`StorageError`."""
        if not isinstance(raw, dict):
            raise StorageError("an undo entry must be an object")
        label, at, ops = raw.get("label"), raw.get("at"), raw.get("ops")
        if not (isinstance(label, str) and isinstance(at, str) and isinstance(ops, dict)):
            raise StorageError("an undo entry needs text 'label' and 'at' and an 'ops' object")
        for name, section_ops in ops.items():
            if not isinstance(section_ops, list) or not all(
                isinstance(o, dict) and isinstance(o.get("at"), list) for o in section_ops
            ):
                raise StorageError(f"undo entry {label[:40]!r}: the ops of {name!r} are damaged")
        if not _all_finite(ops):  # every save writes the steps again, and cannot write 1e400
            raise StorageError(f"undo step “{label[:40]}” holds a number too large to use")
        return Change.of(label, at, ops, packed=False)


@dataclass(frozen=True)
class History:
    """The current state plus the changes that can be undone and redone.

    ``skipped`` is not saved: after :meth:`undo` or :meth:`redo` it counts the places that had
    changed since and were kept, so the page can say so.
    """

    state: dict[str, Any]
    undo_stack: tuple[Change, ...] = field(default=())
    redo_stack: tuple[Change, ...] = field(default=())
    skipped: int = 0

    @staticmethod
    def new(state: dict[str, Any]) -> History:
        return History(state=state)

    @property
    def undo_label(self) -> str | None:
        return self.undo_stack[-1].label if self.undo_stack else None

    @property
    def redo_label(self) -> str | None:
        return self.redo_stack[-1].label if self.redo_stack else None

    def apply(self, section: str, value: Any, label: str, at: str) -> History:
        """Set ``section`` to ``value`` as one undoable change (``None`` removes the section);
        ``section`` :data:`WHOLE_STATE` replaces every section with those of ``value``."""
        if section == WHOLE_STATE:
            values = {name: None for name in self.state} | dict(value)
            return self.apply_many(values, label, at)
        return self.apply_many({section: value}, label, at)

    def apply_many(self, values: Mapping[str, Any], label: str, at: str) -> History:
        """Set several sections as one undoable change; a change that changes nothing adds no
        undo step."""
        ops = {
            name: diff(self.state.get(name, ABSENT), ABSENT if value is None else value)
            for name, value in values.items()
        }
        state = _with(self.state, values)
        if not any(ops.values()):
            return replace(self, state=state, skipped=0)
        stack = _within_budget((*self.undo_stack, Change.of(label, at, ops)))
        return History(state, stack, ())

    def set_quietly(self, section: str, value: Any) -> History:
        """Set a section without an undo entry: rolls, typing, preferences, another tab's change."""
        return replace(self, state=_with(self.state, {section: value}), skipped=0)

    def undo(self) -> History:
        if not self.undo_stack:
            return self
        change = self.undo_stack[-1].filled(self.state)
        state, skipped = _play(self.state, change, forward=False)
        return History(state, self.undo_stack[:-1], (*self.redo_stack, change), skipped)

    def redo(self) -> History:
        if not self.redo_stack:
            return self
        change = self.redo_stack[-1]
        state, skipped = _play(self.state, change, forward=True)
        undo = (*self.undo_stack, change.compacted())
        return History(state, undo, self.redo_stack[:-1], skipped)

    @property
    def size(self) -> int:
        """Characters the saved undo and redo steps take."""
        return sum(c.size for c in (*self.undo_stack, *self.redo_stack))

    def trimmed(self, budget: int) -> tuple[History, int]:
        """The history within ``budget`` characters, oldest steps (redo first) dropped; and how
        many were dropped. The sections are untouched."""
        redo, undo = list(self.redo_stack), list(self.undo_stack)
        dropped = 0
        while (redo or undo) and sum(c.size for c in (*redo, *undo)) > budget:
            (redo if redo else undo).pop(0)
            dropped += 1
        if not dropped:
            return self, 0
        return History(self.state, tuple(undo), tuple(redo), self.skipped), dropped

    def steps_json(self) -> dict[str, Any]:
        """The undo and redo steps as saved (the sections are saved on their own)."""
        return {
            "undo": [c.to_json() for c in self.undo_stack],
            "redo": [c.to_json() for c in self.redo_stack],
        }

    def to_json(self) -> dict[str, Any]:
        """The state and the steps as one JSON value (an export keeps the sections only)."""
        return {"state": self.state, **self.steps_json()}

    @staticmethod
    def from_json(raw: Any) -> History:
        """Read what :meth:`to_json` wrote; a :class:`StorageError` when it is malformed."""
        if not isinstance(raw, dict) or not isinstance(raw.get("state"), dict):
            raise StorageError("saved data must be an object with a 'state' object")
        return History.new(raw["state"]).with_steps(raw)

    def with_steps(self, raw: Any) -> History:
        """This state with the steps :meth:`steps_json` wrote; a :class:`StorageError` when they
        are malformed or more than :data:`UNDO_LIMIT`."""
        undo, redo = (tuple(Change.from_json(c) for c in steps) for steps in step_lists(raw))
        return History(self.state, undo, redo)


def _all_finite(value: Any) -> bool:
    """No infinite or not-a-number value anywhere in ``value`` (walked without recursion)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return False
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def step_lists(raw: Any) -> tuple[list[Any], list[Any]]:
    """The saved undo and redo lists of ``raw``, each checked to be a list of at most
    :data:`UNDO_LIMIT` steps (a file with 100,000 is not ours)."""
    if not isinstance(raw, dict):
        raise StorageError("saved undo history must be an object")
    lists = []
    for name in ("undo", "redo"):
        steps = raw.get(name, [])
        if not isinstance(steps, list):
            raise StorageError(f"saved {name} history must be a list")
        if len(steps) > UNDO_LIMIT:
            raise StorageError(
                f"saved {name} history has {len(steps):,} steps, at most {UNDO_LIMIT}"
            )
        lists.append(steps)
    return lists[0], lists[1]


def _with(state: dict[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(state)
    for name, value in values.items():
        if value is None or value is ABSENT:
            out.pop(name, None)
        else:
            out[name] = value
    return out


def _play(state: dict[str, Any], change: Change, *, forward: bool) -> tuple[dict[str, Any], int]:
    from pycore.store.sections import SectionError, check_section

    values: dict[str, Any] = {}
    skipped = 0
    for name, ops in change.ops.items():
        value, missed = apply(state.get(name, ABSENT), ops, forward=forward)
        if value is not ABSENT:
            try:
                check_section(name, value)
            except SectionError:
                missed, value = len(ops), state.get(name, ABSENT)  # a damaged step: not played
        values[name] = value
        skipped += missed
    return _with(state, values), skipped


def _within_budget(stack: tuple[Change, ...]) -> tuple[Change, ...]:
    stack = stack[-UNDO_LIMIT:]
    total = sum(c.size for c in stack)
    start = 0
    while total > UNDO_BUDGET and start < len(stack) - 1:  # the newest step always stays
        total -= stack[start].size
        start += 1
    return stack[start:]
