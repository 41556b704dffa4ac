"""One save of the page's store: the sections that changed, each played onto another tab's
write of it since, fitted to its size limits; room made when storage is full; and the
:class:`SaveReport` the banner reads. :meth:`pycore.store.session.Store.save` runs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pycore.errors import StorageError
from pycore.store import archive
from pycore.store.history import History
from pycore.store.jsontext import parse
from pycore.store.patch import ABSENT, same
from pycore.store.persist import (
    MAX_SECTION_CHARS,
    UNDO_PREFIX,
    Lineage,
    Storage,
    StorageFullError,
    encode_section,
    keep_aside,
    keys,
    move_aside,
    read_section_record,
    reason_of,
    section_key,
    undo_key,
)
from pycore.store.races import Race, Writes
from pycore.store.sections import fit


class SavingStore(Protocol):
    """What a save reads and writes of the tab's :class:`pycore.store.session.Store`: named here
    as a shape, because session.py imports this module (no import cycle, issue 30)."""

    storage: Storage
    tab: str
    saved: dict[str, Any]
    raw: dict[str, str | None]
    saved_steps: tuple[object, object]
    stuck: set[str]
    newer: set[str]
    kept: dict[str, str]
    kept_from: dict[str, Any]
    writes: Writes

    def take(self, name: str, raw: str | None, theirs: Any, lineage: Lineage, mine: Any) -> Any: ...

    def take_races(self) -> tuple[Race, ...]: ...

    def _write_steps(self, history: History, now: str, open_: bool = True) -> None: ...


@dataclass(frozen=True)
class SaveReport:
    """What :meth:`Store.save` did. ``history`` is the one to keep: it may hold another tab's
    change merged in, logs moved to the archive, or fewer undo steps."""

    history: History
    written: tuple[str, ...] = ()
    unsaved: tuple[str, ...] = ()
    trimmed_steps: int = 0
    trimmed_archive: int = 0
    problem: str | None = None
    full: bool = False  # a section was not saved because storage is full
    #: Sections a newer build wrote: this tab's change to them was kept aside, not saved.
    newer: tuple[str, ...] = ()
    #: Fields this tab and another changed at the same moment (issue 32): this tab's kept.
    conflicts: tuple[Race, ...] = ()

    @property
    def trimmed(self) -> str | None:
        """The banner's words for what was trimmed to make room, if anything."""
        parts = []
        if self.trimmed_steps:
            parts.append(f"the {self.trimmed_steps} oldest undo steps")
        if self.trimmed_archive:
            parts.append(f"the {self.trimmed_archive} oldest archived log entries")
        if not parts:
            return None
        return (
            "Storage was running out of space, so " + " and ".join(parts) + " were removed to "
            "keep your current data saved. Export your data to keep a complete copy."
        )


def _steps_record(raw: str | None) -> dict[str, Any]:
    try:
        record = parse(raw or "", what="undo history", max_chars=MAX_SECTION_CHARS)
    except StorageError:
        return {}
    return record if isinstance(record, dict) else {}


class _SaveJob:
    """One :meth:`Store.save`: the history as it is being merged, fitted and trimmed."""

    def __init__(self, store: SavingStore, history: History, now: str) -> None:
        self.store, self.history, self.now = store, history, now
        self.additions: dict[str, list[Any]] = {}
        self.written: list[str] = []
        self.unsaved: list[str] = []
        self.trimmed_steps = 0
        self.trimmed_archive = 0
        self.problem: str | None = None
        self.full = False
        self.newer: list[str] = []

    def changed(self) -> list[str]:
        saved, state = self.store.saved, self.history.state
        return sorted(
            n for n in set(state) | set(saved) if state.get(n, ABSENT) is not saved.get(n, ABSENT)
        )

    def section(self, name: str) -> None:
        store, key = self.store, section_key(name)
        if key in store.stuck:
            self.unsaved.append(name)
            return
        base = store.saved.get(name, ABSENT)
        mine = self.history.state.get(name, ABSENT)
        value = mine if name in store.newer else self._merged(name, key, base, mine)
        if name in store.newer:
            self._keep_aside(name, mine)
            return
        if value is ABSENT:
            store.storage.removeItem(key)
            store.saved.pop(name, None)
            store.raw[name] = None
            store.writes.removed(name)
            self.written.append(name)
            return
        for log, entries in archive.overflow(name, base, value).items():
            self.additions[log] = [*self.additions.get(log, []), *entries]
        fitted, cut = fit(name, value)
        for log, entries in cut.items():
            self.additions[f"{name}.{log}"] = [*self.additions.get(f"{name}.{log}", []), *entries]
        if fitted is not self.history.state.get(name):
            self.history = self.history.set_quietly(name, fitted)
        lineage = store.writes.next(name)
        try:
            raw = encode_section(name, fitted, self.now, lineage)
        except StorageError as exc:
            self.unsaved.append(name)
            self.problem = f"{name} could not be saved: {exc}"
            return
        if self._write(key, raw):
            store.saved[name], store.raw[name] = fitted, raw
            store.writes.wrote(name, lineage, fitted)
            self.written.append(name)
        else:
            self.unsaved.append(name)

    def _merged(self, name: str, key: str, base: Any, mine: Any) -> Any:
        """``mine``, played onto another tab's value when that tab wrote the section since."""
        store = self.store
        stored = store.storage.getItem(key)
        if stored == store.raw.get(name, None):
            return mine
        lineage = Lineage()
        try:
            if stored is None:
                theirs = ABSENT
            else:
                theirs, lineage = read_section_record(stored, name)
        except StorageError as exc:
            if reason_of(exc) == "newer":  # never moved aside nor written over (issue 32)
                store.newer.add(name)
                return mine
            move_aside(store.storage, key, stored or "", exc, self.now)
            theirs = ABSENT
        merged = store.take(name, stored, theirs, lineage, mine)
        if merged is not mine:
            self.history = self.history.set_quietly(name, None if merged is ABSENT else merged)
        return merged

    def _keep_aside(self, name: str, mine: Any) -> None:
        """A newer build wrote the section: this tab's value is copied aside (Settings › Moved
        aside can restore it once this tab is reloaded into the newer build), not saved."""
        store = self.store
        self.newer.append(name)
        if mine is ABSENT or same(mine, store.saved.get(name, ABSENT)):
            return  # nothing of this tab's own to keep
        # Made from the last value this tab read, before the newer build's: a restore in the
        # newer build plays the change onto what it wrote since, not over it (issue 32).
        base = store.kept_from.setdefault(name, store.saved.get(name, ABSENT))
        kept = keep_aside(store.storage, name, mine, self.now, store.kept.get(name), base)
        if kept is not None:
            store.kept[name] = kept
        store.saved[name] = mine  # kept: the next save of the same value copies nothing

    def _write(self, key: str, raw: str) -> bool:
        while True:
            try:
                self.store.storage.setItem(key, raw)
                return True
            except StorageFullError as exc:
                if not self._make_room():
                    self.problem, self.full = str(exc), True
                    return False

    def _make_room(self) -> bool:
        """Free some space: other tabs' undo steps, this tab's oldest, the oldest archive."""
        store = self.store
        others = [k for k in keys(store.storage, UNDO_PREFIX) if k != undo_key(store.tab)]
        if others:
            oldest = min(
                others, key=lambda k: _steps_record(store.storage.getItem(k)).get("saved", "")
            )
            store.storage.removeItem(oldest)
            return True
        history = self.history
        if history.undo_stack or history.redo_stack:
            self.history, dropped = history.trimmed(history.size // 2)
            self.trimmed_steps += dropped
            try:
                store._write_steps(self.history, self.now)
            except StorageFullError:
                store.storage.removeItem(undo_key(store.tab))
            return True
        kept = history.state.get(archive.SECTION)
        if archive.entries(kept):
            smaller, dropped = archive.trimmed(kept, 0.5)
            self.trimmed_archive += dropped
            self.history = history.set_quietly(archive.SECTION, smaller)
            lineage = store.writes.next(archive.SECTION)
            try:
                raw = encode_section(archive.SECTION, smaller, self.now, lineage)
                store.storage.setItem(section_key(archive.SECTION), raw)
                store.saved[archive.SECTION], store.raw[archive.SECTION] = smaller, raw
                store.writes.lineage[archive.SECTION] = lineage  # not replayed: trimmed only
            except StorageFullError:
                return False
            return True
        return False

    def steps(self) -> None:
        store, history = self.store, self.history
        undo, redo = store.saved_steps
        if history.undo_stack is undo and history.redo_stack is redo:
            return
        while True:
            try:
                store._write_steps(self.history, self.now)
                return
            except StorageFullError:
                if not (self.history.undo_stack or self.history.redo_stack):
                    return
                self.history, dropped = self.history.trimmed(self.history.size // 2)
                self.trimmed_steps += dropped

    def report(self) -> SaveReport:
        problem = self.problem
        if self.unsaved and problem is None:
            problem = "saved data that could not be read is in the way; see Settings › Moved aside"
        return SaveReport(
            self.history,
            tuple(self.written),
            tuple(self.unsaved),
            self.trimmed_steps,
            self.trimmed_archive,
            problem if self.unsaved else None,
            self.full,
            tuple(self.newer),
            self.store.take_races(),
        )
