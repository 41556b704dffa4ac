"""Loading and saving the envelope in a key-value storage, moving bad values aside.

The storage is a parameter: the page passes ``localStorage`` (through a thin adapter that turns
the browser's ``QuotaExceededError`` into :class:`StorageFullError`); tests pass :class:`MemoryStorage`.

>>> storage = MemoryStorage({DATA_KEY: "{not json"})
>>> report = load(storage, "2026-11-23T10:00:00+00:00")
>>> report.quarantined[0].reason, storage.getItem(DATA_KEY) is None
('unparseable', True)
>>> [q.key for q in list_quarantine(storage)]
['rulekeeper:quarantine:2026-11-23T10:00:00+00:00:rulekeeper']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from pycore.errors import StorageError
from pycore.store.envelope import EnvelopeError, decode, encode, migrate
from pycore.store.history import History
from pycore.store.state import default_data, validate_data, with_defaults
from pycore.validate import checked

DATA_KEY = "rulekeeper"
QUARANTINE_PREFIX = "rulekeeper:quarantine:"


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
    """A dict-backed storage with an optional quota in characters, like ``localStorage``."""

    @checked
    def __init__(self, items: dict[str, str] | None = None, quota: int | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        self.quota = quota

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise StorageFullError(f"storage full: quota of {self.quota} characters reached")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


@dataclass(frozen=True)
class Quarantined:
    """A stored value that was moved aside instead of being overwritten."""

    key: str
    original_key: str
    reason: str
    message: str


@dataclass(frozen=True)
class LoadReport:
    """What :func:`load` found: the history to start from and what it had to move aside.

    ``read_only`` is set when a bad value could not be moved aside (storage full): the page then
    must not save, so the bad value is never overwritten.
    """

    history: History
    quarantined: tuple[Quarantined, ...] = field(default=())
    read_only: bool = False
    problem: str | None = None


def _move_aside(
    storage: Storage, key: str, raw: str, reason: str, message: str, now: str
) -> Quarantined | None:
    target = f"{QUARANTINE_PREFIX}{now}:{key}"
    try:
        storage.setItem(target, raw)
    except StorageFullError:
        return None
    storage.removeItem(key)
    return Quarantined(target, key, reason, message)


@checked
def history_from_data(data: Any) -> History:
    """Build a history from decoded, migrated data; raise :class:`StorageError` if unusable."""
    history = History.from_json(data)
    problems = validate_data(history.state)
    if problems:
        raise StorageError("; ".join(problems[:5]))
    return History(with_defaults(history.state), history.undo_stack, history.redo_stack)


@checked
def load(storage: Storage, now: str) -> LoadReport:
    """Read the saved history, or start fresh; a bad value is moved aside, never overwritten."""
    raw = storage.getItem(DATA_KEY)
    if raw is None:
        return LoadReport(History.new(default_data()))
    try:
        history = history_from_data(migrate(decode(raw)))
    except StorageError as exc:
        reason = exc.reason if isinstance(exc, EnvelopeError) else "invalid"
        moved = _move_aside(storage, DATA_KEY, raw, reason, str(exc), now)
        fresh = History.new(default_data())
        if moved is None:
            problem = f"saved data is unusable ({exc}) and storage is too full to move it aside"
            return LoadReport(fresh, read_only=True, problem=problem)
        return LoadReport(fresh, quarantined=(moved,), problem=str(exc))
    return LoadReport(history)


@checked
def save(storage: Storage, history: History, now: str) -> int:
    """Write the history in its envelope; return the characters written.

    Raises :class:`StorageFullError` (from the storage) when the quota is used up; the storage
    keeps its previous value then.
    """
    raw = encode(history.to_json(), now)
    storage.setItem(DATA_KEY, raw)
    return len(raw)


@dataclass(frozen=True)
class QuarantineItem:
    key: str
    size: int
    preview: str


@checked
def list_quarantine(storage: Storage) -> list[QuarantineItem]:
    """Every quarantined value, oldest first, with its size in characters and a short preview."""
    items = []
    for index in range(storage.length):
        key = storage.key(index)
        if key is not None and key.startswith(QUARANTINE_PREFIX):
            raw = storage.getItem(key) or ""
            items.append(QuarantineItem(key, len(raw), raw[:80]))
    return sorted(items, key=lambda item: item.key)


@checked
def storage_used(storage: Storage) -> int:
    """Characters used by this app's keys (key plus value), a fair proxy for bytes used."""
    total = 0
    for index in range(storage.length):
        key = storage.key(index)
        if key is not None and key.startswith(DATA_KEY):
            total += len(key) + len(storage.getItem(key) or "")
    return total
