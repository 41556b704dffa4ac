"""The page's store: loads every section, saves only what changed, shares sections between tabs.

One :class:`Store` per page. It remembers, per section, the value it last read or wrote: a
section whose current value is that same object has not changed and is not written. Before
writing a section it looks at the stored text: when another tab wrote it since, this tab's
change (a patch) is played onto the other tab's value, so neither is lost. The ``storage``
event of the browser hands another tab's write to :meth:`Store.external`.

localStorage has no compare-and-swap: two tabs saving at the same moment each write over a value
the other has not seen yet (issue 32); :mod:`pycore.store.races` keeps each section's lineage and
plays this tab's overwritten change again onto the other tab's value (:meth:`Store.take`).

When the storage is full, room is made before any current change is refused: other tabs' undo
steps go first, then this tab's oldest undo steps, then the oldest archived log entries; the
:class:`SaveReport` says what was trimmed, for the banner.

>>> from pycore.store.persist import MemoryStorage
>>> storage = MemoryStorage()
>>> a, b = Store(storage, "a"), Store(storage, "b")
>>> ha, hb = a.load(NOW).history, b.load(NOW).history
>>> ha = a.save(ha.set_quietly("notes", {"a": 1}), NOW).history
>>> hb = b.save(hb.set_quietly("dice", {**hb.state["dice"], "expr": "d20"}), NOW).history
>>> Store(storage, "c").load(NOW).history.state["notes"], storage.getItem("rulekeeper") is None
({'a': 1}, True)
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pycore.errors import StorageError
from pycore.store import archive
from pycore.store.envelope import decode, migrate
from pycore.store.history import History
from pycore.store.jsontext import dump, parse
from pycore.store.patch import ABSENT, same
from pycore.store.persist import (
    DATA_KEY,
    MAX_SECTION_CHARS,
    META_KEY,
    SECTION_PREFIX,
    UNDO_PREFIX,
    Lineage,
    Quarantined,
    Storage,
    StorageFullError,
    encode_section,
    keys,
    move_aside,
    read_section_record,
    reason_of,
    section_key,
    sections_in,
    steps_from_legacy,
    undo_key,
)
from pycore.store.races import Race, Writes
from pycore.store.saving import SaveReport, _SaveJob, _steps_record
from pycore.store.sections import SectionError, defaults, fit, join_sections, read_section

NOW = "2026-11-23T10:00:00+00:00"
MAX_OTHER_TABS = 4  # undo steps of this many other tabs are kept; older ones are removed


@dataclass(frozen=True)
class LoadReport:
    """What :meth:`Store.load` found: the history to start from, what it moved aside and why."""

    history: History
    quarantined: tuple[Quarantined, ...] = ()
    problems: tuple[str, ...] = ()
    last_saved: str | None = None
    last_export: str | None = None
    #: Sections a newer build wrote: left in place, unread, never written here (reload).
    newer: tuple[str, ...] = ()

    @property
    def problem(self) -> str | None:
        return "; ".join(self.problems) if self.problems else None


class Store:
    """Saved state in one storage for one tab (``tab`` names its undo steps)."""

    def __init__(self, storage: Storage, tab: str) -> None:
        self.storage = storage
        self.tab = tab
        self.saved: dict[str, Any] = {}  # the value last read or written, per section
        self.raw: dict[str, str | None] = {}  # the text last read or written, per section
        self.saved_steps: tuple[object, object] = ((), ())
        self.stuck: set[str] = set()  # unreadable values left in place: never written over
        # Sections a newer build wrote (issue 32): this build cannot read them and must never
        # move aside, overwrite or delete them; this tab's changes to them are kept aside.
        self.newer: set[str] = set()
        self.kept: dict[str, str] = {}  # section → the key of this tab's change kept aside
        self.kept_from: dict[str, Any] = {}  # section → the value that change was made from
        # Issue 32, saves that never overwrite each other: each section's lineage and this
        # tab's own writes since it was last taken from another tab.
        self.writes = Writes(tab)
        self.last_saved: str | None = None
        self.last_export: str | None = None

    # ------------------------------------------------------------------------- loading

    def load(self, now: str) -> LoadReport:
        """Read every section (each on its own: a bad one is moved aside, the others load),
        this tab's undo steps and the meta; schema 1's single value is split first."""
        problems: list[str] = []
        quarantined: list[Quarantined] = []
        unwritten, legacy_steps = self._split_legacy(now, problems, quarantined)
        state: dict[str, Any] = dict(unwritten)
        times: list[str] = []
        for key in keys(self.storage, SECTION_PREFIX):
            name, raw = key[len(SECTION_PREFIX) :], self.storage.getItem(key)
            try:
                value, lineage = read_section_record(raw, name)
            except Exception as error:  # start-up must never fail on saved data: moved aside
                exc = error if isinstance(error, StorageError) else _unreadable(name, error)
                if reason_of(exc) == "newer":  # a newer build's: left where it is (issue 32)
                    self.newer.add(name)
                    continue
                quarantined.append(move_aside(self.storage, key, raw or "", exc, now))
                problems.append(str(exc))
                continue
            state[name], self.saved[name], self.raw[name] = value, value, raw
            self.writes.loaded(name, value, lineage)
            times.append(_saved_time(raw))
        state = join_sections(state)  # links between sections saved before a version bump
        for name, value in defaults().items():
            if name not in state:  # what this tab starts from: the base of a merge
                state[name] = self.saved[name] = value
                self.writes.loaded(name, value)
                self.raw[name] = None
        history = self._load_steps(History.new(state), legacy_steps, now, problems, quarantined)
        self.stuck |= {q.key for q in quarantined if q.key == q.original_key}
        self.last_saved = max(times, default=None) or None
        self.last_export = self._export_time()
        return LoadReport(
            history,
            tuple(quarantined),
            tuple(problems),
            self.last_saved,
            self.last_export,
            tuple(sorted(self.newer)),
        )

    def _split_legacy(
        self, now: str, problems: list[str], quarantined: list[Quarantined]
    ) -> tuple[dict[str, Any], Any]:
        """Schema 1's one value → one key per section. Returns the sections it could not write
        (kept in memory: the next save writes them) and its undo steps, as patches."""
        raw = self.storage.getItem(DATA_KEY)
        if raw is None:
            return {}, None
        try:
            data = migrate(decode(raw))
            found = list(sections_in(data))
            if keys(self.storage, SECTION_PREFIX):
                raise StorageError(
                    "a single saved value from an older version of Rulekeeper, written after "
                    "this one took over; kept aside, not merged over the data saved since"
                )
        except StorageError as exc:
            quarantined.append(move_aside(self.storage, DATA_KEY, raw, exc, now))
            problems.append(str(exc))
            return {}, None
        values, refused = _read_all(found, problems)
        steps = None
        try:
            steps = steps_from_legacy(data.get("legacy_steps", {}))
        except StorageError as exc:
            refused = True
            problems.append(f"undo history: {exc}")
        if refused:  # the whole original is kept aside; the good sections load
            moved = move_aside(self.storage, DATA_KEY, raw, StorageError("; ".join(problems)), now)
            quarantined.append(moved)
            if moved.key == DATA_KEY:  # too full to copy it: it stays, listed, the one copy
                return values, steps
        written: list[str] = []
        for name, value in values.items():
            try:
                self.storage.setItem(
                    section_key(name), encode_section(name, fit(name, value)[0], now)
                )
            except StorageFullError:
                for done in written:  # all or nothing: the original stays the one copy
                    self.storage.removeItem(section_key(done))
                problems.append("storage is too full to convert the saved data; export it")
                return values, steps
            written.append(name)
        self.storage.removeItem(DATA_KEY)
        return {}, steps

    def _load_steps(
        self,
        history: History,
        legacy: Any,
        now: str,
        problems: list[str],
        quarantined: list[Quarantined],
    ) -> History:
        own = undo_key(self.tab)
        raw = self.storage.getItem(own)
        others = [k for k in keys(self.storage, UNDO_PREFIX) if k != own]
        found = {k: _steps_record(self.storage.getItem(k)) for k in others}
        for key in sorted(others, key=lambda k: found[k].get("saved", ""))[:-MAX_OTHER_TABS]:
            self.storage.removeItem(key)  # undo steps of tabs long gone
        if raw is None and legacy is not None:
            return self._with_steps(history, legacy, now, problems, quarantined, None)
        if raw is None:
            closed = [k for k in others if found[k] and not found[k].get("open", True)]
            if not closed:
                return history
            newest = max(closed, key=lambda k: found[k].get("saved", ""))
            raw = self.storage.getItem(newest)
            self.storage.removeItem(newest)  # adopted: this tab carries on from where it left
            own = newest
        try:
            steps = parse(raw or "", what="the undo history", max_chars=MAX_SECTION_CHARS)
        except StorageError as exc:
            quarantined.append(move_aside(self.storage, own, raw or "", exc, now))
            problems.append(f"undo history: {exc}")
            return history
        return self._with_steps(history, steps, now, problems, quarantined, own)

    def _with_steps(
        self,
        history: History,
        steps: Any,
        now: str,
        problems: list[str],
        quarantined: list[Quarantined],
        key: str | None,
    ) -> History:
        try:
            loaded = history.with_steps(steps)
        except StorageError as exc:
            if key is not None and self.storage.getItem(key) is not None:
                quarantined.append(
                    move_aside(self.storage, key, self.storage.getItem(key) or "", exc, now)
                )
            problems.append(f"undo history: {exc}")
            return history
        if key == undo_key(self.tab):
            self.saved_steps = (loaded.undo_stack, loaded.redo_stack)
        return loaded

    def _meta(self) -> dict[str, Any]:
        try:
            meta = parse(self.storage.getItem(META_KEY) or "{}", what="meta", max_chars=10_000)
        except StorageError:
            return {}
        return meta if isinstance(meta, dict) else {}

    def _export_time(self) -> str | None:
        """When the data was last exported, or None: a value that is not a time (another
        app, a hand edit) is not shown, so Settings always draws (issue 32)."""
        return iso_time(self._meta().get("last_export"))

    # -------------------------------------------------------------------------- saving

    def save(self, history: History, now: str) -> SaveReport:
        """Write the sections that changed (merged with another tab's write of the same
        section), the archive, and this tab's undo steps; make room when storage is full."""
        job = _SaveJob(self, history, now)
        for name in job.changed():
            if name != archive.SECTION:
                job.section(name)
        if job.additions:
            old = job.history.state.get(archive.SECTION)
            job.history = job.history.set_quietly(
                archive.SECTION, archive.with_archived(old, job.additions)
            )
        if job.history.state.get(archive.SECTION) is not self.saved.get(archive.SECTION):
            job.section(archive.SECTION)
        job.steps()
        if job.written:
            self.last_saved = now
        return job.report()

    def close(self, history: History, now: str) -> None:
        """The page is going away: mark this tab's undo steps closed, so the next tab opened
        carries on with them (with storage full they are simply not handed on)."""
        with contextlib.suppress(StorageFullError):
            self._write_steps(history, now, open_=False)

    def _write_steps(self, history: History, now: str, open_: bool = True) -> None:
        key = undo_key(self.tab)
        if not history.undo_stack and not history.redo_stack:
            self.storage.removeItem(key)
        else:
            record = {"tab": self.tab, "open": open_, "saved": now, **history.steps_json()}
            self.storage.setItem(key, dump(record))
        self.saved_steps = (history.undo_stack, history.redo_stack)

    # -------------------------------------------------------------------- other tabs

    def external(
        self, key: str, raw: str | None, history: History
    ) -> tuple[History, tuple[str, ...]]:
        """Another tab wrote ``key``: take its section into ``history`` (this tab's unsaved
        change to it played on top); returns the sections whose value changed here."""
        if key == META_KEY:
            self.last_export = self._export_time()
            return history, ()
        if not key.startswith(SECTION_PREFIX):
            return history, ()
        # The event may come late, after further writes: what is stored now is what counts
        # (an event's own value may be older than this tab's last write).
        raw = self.storage.getItem(key)
        name = key[len(SECTION_PREFIX) :]
        if raw == self.raw.get(name):
            return history, ()
        try:
            theirs, lineage = (ABSENT, Lineage()) if raw is None else read_section_record(raw, name)
        except StorageError as exc:
            if reason_of(exc) == "newer":  # a newer build in another tab: never saved over
                self.newer.add(name)
            return history, ()  # unreadable: the next start moves it aside
        mine = history.state.get(name, ABSENT)
        new = self.take(name, raw, theirs, lineage, mine)
        changed = not same(mine, new)
        return history.set_quietly(name, None if new is ABSENT else new), (
            (name,) if changed else ()
        )

    def take(self, name: str, raw: str | None, theirs: Any, lineage: Lineage, mine: Any) -> Any:
        """Another tab's stored ``theirs`` (with its ``lineage``) taken as the section's saved
        value; returns this tab's value on top of it: ``mine`` when ``theirs`` is older than
        what this tab knows, else ``theirs`` with this tab's changes it lacks played onto it,
        those of this tab's saves it overwrote included (issue 32, :meth:`Writes.take`)."""
        if self.writes.late(name, lineage):
            return mine  # older than what this tab wrote or took since: a late event
        new = self.writes.take(name, theirs, lineage, self.saved.get(name, ABSENT), mine)
        self.saved[name], self.raw[name] = theirs, raw
        if theirs is ABSENT:
            self.saved.pop(name, None)
        return new

    def take_races(self) -> tuple[Race, ...]:
        """The races found since last asked (for the banner), forgotten here."""
        return self.writes.take_races()

    # ------------------------------------------------------------------ the rest

    def forget(self, key: str) -> None:
        """Delete a value moved aside (or left in place as unreadable)."""
        self.storage.removeItem(key)
        self.stuck.discard(key)

    def mark_exported(self, now: str) -> None:
        self.last_export = now
        # The export itself worked; with storage full only its date is not remembered.
        with contextlib.suppress(StorageFullError):
            self.storage.setItem(META_KEY, dump({**self._meta(), "last_export": now}))


def _unreadable(name: str, error: Exception) -> StorageError:
    """A section a codec could not check (a bug there): reported, and the value kept aside."""
    return StorageError(f"saved section {name!r} could not be read ({type(error).__name__})")


def iso_time(value: Any) -> str | None:
    """``value`` when it is a date and time as the app writes them, else None.

    >>> iso_time("2026-11-23T10:00:00+00:00"), iso_time({"a": 1}), iso_time("yesterday")
    ('2026-11-23T10:00:00+00:00', None, None)
    """
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return None
    return value


def _saved_time(raw: str | None) -> str:
    try:
        return iso_time(decode(raw, max_chars=MAX_SECTION_CHARS).saved) or ""
    except StorageError:
        return ""


def _read_all(
    found: list[tuple[str, int | None, Any]], problems: list[str]
) -> tuple[dict[str, Any], bool]:
    values: dict[str, Any] = {}
    refused = False
    for name, version, value in found:
        try:
            values[name] = read_section(name, version, value)
        except SectionError as exc:
            refused = True
            problems.append(str(exc))
    return values, refused
