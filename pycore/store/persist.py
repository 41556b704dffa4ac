"""The storage: one key per section, the undo steps per tab, values moved aside.

The storage is a parameter: the page passes ``localStorage`` (through a thin adapter that turns
the browser's ``QuotaExceededError`` into :class:`StorageFullError`); tests pass
:class:`MemoryStorage`. Keys, all starting with ``rulekeeper``:

- ``rulekeeper:section:<name>``: one section in its envelope, with the section's version;
- ``rulekeeper:undo:<tab>``: one tab's undo and redo steps (patches), ``open`` while the tab is;
- ``rulekeeper:meta``: when the data was last exported;
- ``rulekeeper:quarantine:<time>:<key>``: a value that could not be read, moved aside;
- ``rulekeeper``: schema 1's single value, read once and split into sections.

>>> storage = MemoryStorage()
>>> storage.setItem(section_key("dice"), encode_section("dice", {"expr": "d20"}, "t"))
>>> read_section_value(storage.getItem(section_key("dice")), "dice")
{'expr': 'd20'}
>>> read_section_value('{"app":"rulekeeper","schema":2,"saved":"t","section":"dice",'
...                    '"version":1,"data":{"target":"x"}}', "dice")
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'dice', field target: 'x' is not a whole number from -1000000 to 1000000
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from pycore.errors import StorageError
from pycore.store.envelope import APP, SCHEMA, EnvelopeError, decode
from pycore.store.history import WHOLE_STATE, Change, step_lists
from pycore.store.jsontext import JsonTextError, dump
from pycore.store.patch import ABSENT, diff
from pycore.store.sections import SectionError, current_version, read_section
from pycore.validate import checked, is_whole

DATA_KEY = "rulekeeper"
SECTION_PREFIX = "rulekeeper:section:"
UNDO_PREFIX = "rulekeeper:undo:"
META_KEY = "rulekeeper:meta"
QUARANTINE_PREFIX = "rulekeeper:quarantine:"
#: A section's stored text may not be longer; a longer one is moved aside unread.
MAX_SECTION_CHARS = 2_000_000


class StorageFullError(StorageError):
    """The storage refused a write because its quota is used up; the old value is untouched."""


class Storage(Protocol):
    """The part of the Web Storage API the core uses."""

    @property
    def length(self) -> int: ...

    def key(self, index: int) -> str | None: ...

    def getItem(self, key: str) -> str | None: ...

    def setItem(self, key: str, value: str) -> None: ...

    def removeItem(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed storage with an optional quota in characters, like ``localStorage``.

    ``bytes_per_char`` 2 counts as WebKit does once any character above U+00FF is stored.
    """

    @checked
    def __init__(
        self, items: dict[str, str] | None = None, quota: int | None = None, bytes_per_char: int = 1
    ) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota
        self.bytes_per_char = bytes_per_char

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def used(self, without: str | None = None) -> int:
        chars = sum(len(k) + len(v) for k, v in self.items.items() if k != without)
        return chars * self.bytes_per_char

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            needed = self.used(without=key) + (len(key) + len(value)) * self.bytes_per_char
            if needed > self.quota:
                raise StorageFullError(f"storage full: quota of {self.quota} reached")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


@checked
def keys(storage: Storage, prefix: str) -> list[str]:
    """Every key starting with ``prefix``, sorted."""
    found = (storage.key(i) for i in range(storage.length))
    return sorted(k for k in found if k is not None and k.startswith(prefix))


@checked
def section_key(name: str) -> str:
    return SECTION_PREFIX + name


@checked
def undo_key(tab: str) -> str:
    return UNDO_PREFIX + tab


#: How many write ids a section record keeps (its lineage, issue 32).
LINEAGE = 16


@dataclass(frozen=True)
class Lineage:
    """Which writes a stored section holds (issue 32: localStorage has no compare-and-swap, so a
    tab finds out from this whether another tab's save overwrote its own): ``rev`` counts the
    writes, ``ids`` are the last :data:`LINEAGE` write ids (``"<tab>:<rev>"``), newest last.
    Records written before lineages have ``rev`` 0 and no ids."""

    rev: int = 0
    ids: tuple[str, ...] = ()

    @property
    def head(self) -> str | None:
        return self.ids[-1] if self.ids else None

    def holds(self, write: str | None) -> bool:
        return write is not None and write in self.ids

    def next(self, tab: str) -> Lineage:
        """The lineage of a write by ``tab`` on top of this one."""
        rev = self.rev + 1
        return Lineage(rev, (*self.ids, f"{tab}:{rev}")[-LINEAGE:])


@checked
def encode_section(
    name: str, value: Any, now: str, lineage: Lineage | None = None, base: Any = ABSENT
) -> str:
    """A section in its envelope, with the version its codec writes and the writes it holds;
    a change kept aside also holds the ``base`` it was made from (issue 32)."""
    record = {
        "app": APP,
        "schema": SCHEMA,
        "saved": now,
        "section": name,
        "version": current_version(name),
        "data": value,
    }
    if lineage is not None:  # readers ignore fields they do not know: no schema bump
        record |= {"rev": lineage.rev, "ids": list(lineage.ids)}
    if base is not ABSENT:
        record["base"] = base
    return dump(record)


def lineage_of(raw: str | None) -> Lineage:
    """The lineage of a stored section (empty when it has none, or is unreadable).

    >>> lineage_of(encode_section("dice", {}, "t", Lineage().next("a").next("b"))).ids
    ('a:1', 'b:2')
    """
    try:
        return _lineage(decode(raw, max_chars=MAX_SECTION_CHARS).meta)
    except StorageError:
        return Lineage()


def _lineage(meta: Mapping[str, Any]) -> Lineage:
    rev, ids = meta.get("rev"), meta.get("ids")
    if not is_whole(rev) or rev < 0 or not isinstance(ids, list):
        return Lineage()
    kept = tuple(i for i in ids[-LINEAGE:] if isinstance(i, str) and len(i) <= 80)
    return Lineage(rev, kept)


def read_section_value(raw: str | None, name: str) -> Any:
    """A stored section checked and migrated by its codec; :class:`EnvelopeError` (with its
    reason) or :class:`SectionError` when it cannot be used."""
    return read_section_record(raw, name)[0]


def read_section_record(raw: str | None, name: str) -> tuple[Any, Lineage]:
    """:func:`read_section_value` and the record's :class:`Lineage`, parsed once."""
    envelope = decode(raw, max_chars=MAX_SECTION_CHARS)
    if envelope.meta.get("section") != name:
        raise EnvelopeError("invalid", f"the value saved as section {name!r} is not that section")
    version = envelope.meta.get("version")
    if not is_whole(version):
        raise EnvelopeError("invalid", f"saved section {name!r} has no version")
    return read_section(name, version, envelope.data), _lineage(envelope.meta)


def reason_of(exc: StorageError) -> str:
    if isinstance(exc, (EnvelopeError, SectionError)):
        return exc.reason
    return "unparseable" if isinstance(exc, JsonTextError) else "invalid"


@dataclass(frozen=True)
class Quarantined:
    """A stored value moved aside (or, when storage was too full to copy it, left in place and
    listed) instead of being overwritten."""

    key: str
    original_key: str
    reason: str
    message: str


@checked
def move_aside(storage: Storage, key: str, raw: str, exc: StorageError, now: str) -> Quarantined:
    """Copy ``raw`` to a quarantine key and remove ``key``; when the copy does not fit, leave it
    where it is (its key is then listed as moved aside, and never written over)."""
    target = f"{QUARANTINE_PREFIX}{now}:{key}"
    try:
        storage.setItem(target, raw)
    except StorageFullError:
        return Quarantined(key, key, reason_of(exc), str(exc))
    storage.removeItem(key)
    return Quarantined(target, key, reason_of(exc), str(exc))


@checked
def keep_aside(
    storage: Storage, name: str, value: Any, now: str, previous: str | None, base: Any = ABSENT
) -> str | None:
    """This tab's own value of section ``name`` copied to a quarantine key (replacing its
    ``previous`` copy), when a newer build's value of the section is in the way: this build may
    not write over it (issue 32). ``base``: the value this tab's change was made from, so a
    restore plays the change onto the newer value instead of replacing it. The new key, or None
    when storage is too full for the copy."""
    target = f"{QUARANTINE_PREFIX}{now}:{section_key(name)}"
    try:
        storage.setItem(target, encode_section(name, value, now, base=base))
    except StorageError:  # full, or a value that cannot be encoded: it stays in memory only
        return None
    if previous is not None and previous != target:
        storage.removeItem(previous)
    return target


def restore_aside(raw: str | None) -> tuple[str, Any, Any] | None:
    """``(name, value, base)`` of a moved-aside value that is a section this build can read (an
    older or this build's format, migrated), or None: Settings › Moved aside offers Restore.
    ``base``: what a kept change was made from, migrated as the value is (ABSENT when not kept
    or not readable: the value is then restored whole)."""
    try:
        envelope = decode(raw, max_chars=MAX_SECTION_CHARS)
        name = envelope.meta.get("section")
        if not isinstance(name, str):
            return None
        value = read_section_value(raw, name)
    except StorageError:
        return None
    base = envelope.meta.get("base", ABSENT)
    try:
        base = ABSENT if base is ABSENT else read_section(name, envelope.meta["version"], base)
    except StorageError:
        base = ABSENT
    return name, value, base


@dataclass(frozen=True)
class QuarantineItem:
    key: str
    size: int
    preview: str
    #: The section this value can be restored to by this build (a section envelope of this or
    #: an older format: issue 32's change kept aside), else None.
    section: str | None = None


@checked
def list_quarantine(storage: Storage, stuck: tuple[str, ...] = ()) -> list[QuarantineItem]:
    """Every quarantined value (oldest first) and every unreadable value left in place because
    storage was too full to copy it, with its size in characters and a short preview."""
    items = []
    for key in [*keys(storage, QUARANTINE_PREFIX), *stuck]:
        raw = storage.getItem(key)
        if raw is not None:
            restorable = restore_aside(raw) if len(raw) <= MAX_SECTION_CHARS else None
            section = restorable[0] if restorable else None
            items.append(QuarantineItem(key, len(raw), raw[:80], section))
    return items


@checked
def storage_used(storage: Storage) -> int:
    """Characters used by this app's keys (key plus value), a fair proxy for bytes used."""
    return sum(len(k) + len(storage.getItem(k) or "") for k in keys(storage, DATA_KEY))


# ------------------------------------------------------------------ schema 1's undo steps


def steps_from_legacy(raw: Any) -> dict[str, Any]:
    """Schema 1's undo and redo steps (two full copies of a section each) as patches."""
    undo, redo = step_lists(raw)
    return {
        "undo": [_legacy_step(step).to_json() for step in undo],
        "redo": [_legacy_step(step).to_json() for step in redo],
    }


def _legacy_step(step: Any) -> Change:
    if not isinstance(step, dict):
        raise StorageError("an undo entry must be an object")
    label, section, at = step.get("label"), step.get("section"), step.get("at")
    if not (isinstance(label, str) and isinstance(section, str) and isinstance(at, str)):
        raise StorageError("an undo entry needs text 'label', 'section' and 'at'")
    before, after = step.get("before", ABSENT), step.get("after", ABSENT)
    if section != WHOLE_STATE:
        before = ABSENT if before is None else before
        after = ABSENT if after is None else after
        return Change.of(label, at, {section: diff(before, after)})
    if not isinstance(before, dict) or not isinstance(after, dict):
        raise StorageError(f"undo entry {label[:40]!r} must hold the whole state")
    names = sorted(before.keys() | after.keys())
    return Change.of(
        label, at, {n: diff(before.get(n, ABSENT), after.get(n, ABSENT)) for n in names}
    )


def sections_in(data: Any) -> Iterator[tuple[str, int | None, Any]]:
    """``(name, version, value)`` of each section of schema-2 data (``{"state", "versions"}``)."""
    if not isinstance(data, dict) or not isinstance(data.get("state"), dict):
        raise StorageError("saved data must be an object with a 'state' object")
    versions = data.get("versions", {})
    if not isinstance(versions, dict):
        raise StorageError("saved data's 'versions' must be an object")
    for name, value in data["state"].items():
        version = versions.get(name)
        yield name, version if isinstance(version, int) else None, value
