"""The undo history every page uses: each change records a section's value before and after.

A :class:`History` is an immutable value; applying, undoing and redoing return new ones. The
last :data:`UNDO_LIMIT` changes are kept and saved with the data, so undo survives a reload.

>>> h = History.new({"dice": {"log": [1]}})
>>> h = h.apply("dice", {"log": []}, "Clear roll log", "2026-11-23T10:00:00+00:00")
>>> h.state["dice"], h.undo_label
({'log': []}, 'Clear roll log')
>>> h.undo().state["dice"]
{'log': [1]}
>>> h.undo().redo().state["dice"]
{'log': []}
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pycore.errors import StorageError

UNDO_LIMIT = 100
WHOLE_STATE = "*"  # a change that replaced every section at once (an import)


@dataclass(frozen=True)
class Change:
    """One undoable change. Values are JSON data and are never mutated in place."""

    label: str
    section: str
    before: Any
    after: Any
    at: str

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "section": self.section,
            "before": self.before,
            "after": self.after,
            "at": self.at,
        }

    @staticmethod
    def from_json(raw: Any) -> Change:
        """Read a change back; anything malformed is a :class:`StorageError`."""
        if not isinstance(raw, dict):
            raise StorageError("an undo entry must be an object")
        label, section, at = raw.get("label"), raw.get("section"), raw.get("at")
        if not (isinstance(label, str) and isinstance(section, str) and isinstance(at, str)):
            raise StorageError("an undo entry needs text 'label', 'section' and 'at'")
        return Change(label, section, raw.get("before"), raw.get("after"), at)


def _set(state: dict[str, Any], section: str, value: Any) -> dict[str, Any]:
    if section == WHOLE_STATE:
        return dict(value)
    if value is None:
        return {k: v for k, v in state.items() if k != section}
    return {**state, section: value}


@dataclass(frozen=True)
class History:
    """The current state plus the changes that can be undone and redone."""

    state: dict[str, Any]
    undo_stack: tuple[Change, ...] = field(default=())
    redo_stack: tuple[Change, ...] = field(default=())

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
        """Set ``section`` to ``value`` as one undoable change (``None`` removes the section)."""
        before = dict(self.state) if section == WHOLE_STATE else self.state.get(section)
        change = Change(label, section, before, value, at)
        stack = (*self.undo_stack, change)[-UNDO_LIMIT:]
        return History(_set(self.state, section, value), stack, ())

    def set_quietly(self, section: str, value: Any) -> History:
        """Set a section without an undo entry: for preferences such as the last expression typed."""
        return replace(self, state=_set(self.state, section, value))

    def undo(self) -> History:
        if not self.undo_stack:
            return self
        change = self.undo_stack[-1]
        state = _set(self.state, change.section, change.before)
        return History(state, self.undo_stack[:-1], (*self.redo_stack, change))

    def redo(self) -> History:
        if not self.redo_stack:
            return self
        change = self.redo_stack[-1]
        state = _set(self.state, change.section, change.after)
        return History(state, (*self.undo_stack, change), self.redo_stack[:-1])

    def to_json(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "undo": [c.to_json() for c in self.undo_stack],
            "redo": [c.to_json() for c in self.redo_stack],
        }

    @staticmethod
    def from_json(raw: Any) -> History:
        """Read what :meth:`to_json` wrote; raise :class:`StorageError` when it is malformed."""
        if not isinstance(raw, dict) or not isinstance(raw.get("state"), dict):
            raise StorageError("saved data must be an object with a 'state' object")
        undo, redo = raw.get("undo", []), raw.get("redo", [])
        if not isinstance(undo, list) or not isinstance(redo, list):
            raise StorageError("saved undo history must be lists")
        return History(
            raw["state"],
            tuple(Change.from_json(c) for c in undo)[-UNDO_LIMIT:],
            tuple(Change.from_json(c) for c in redo)[-UNDO_LIMIT:],
        )
