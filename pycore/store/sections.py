"""One codec per saved section: its schema version, its shape (validation) and its migrations.

Every section the app saves (``dice``, ``settings``, each system's own) is read through
:func:`read_section` on start-up, on import and on a change from another tab; a refused section
raises :class:`SectionError` naming the section and the field, and nothing else changes. The core
declares ``dice`` and ``settings`` here; each system declares its own as the ``CODECS`` of its
``pycore/systems/<system>/saved.py`` (the modules of :data:`SYSTEM_CODECS`, named by each
system's descriptor), so a new system adds its own codec beside its rules; :func:`codecs`
gathers them all once, on first use. A section no codec knows is kept as it is, within the
store's limits.

>>> read_section("dice", 1, {"expr": "2d6", "log": []})["expr"]
'2d6'
>>> read_section("dice", 1, {"target": "ten"})
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'dice', field target: 'ten' is not a whole number from -1000000 to 1000000
>>> read_section("dice", 7, {})
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'dice' has version 7, newer than this app knows (1)
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, Literal

from pycore.errors import StorageError
from pycore.store.shape import (
    SEED,
    WHEN,
    FieldError,
    Flag,
    ListOf,
    Record,
    Shape,
    Text,
    Whole,
    check_limits,
    maybe,
    path_text,
)
from pycore.systems.system import SYSTEM_KEYS, systems
from pycore.validate import checked, is_whole

Migration = Callable[[Any], Any]
Reason = Literal["invalid", "newer"]

#: Modules defining ``CODECS``: the store's archive, then each system's (its descriptor names
#: its ``saved.py``).
SYSTEM_CODECS: tuple[str, ...] = ("pycore.store.archive", *(s.codecs for s in systems()))


class SectionError(StorageError):
    """A section refused: ``section`` and ``field`` name where, ``reason`` whether it is invalid
    or from a newer version."""

    def __init__(self, section: str, field: str | None, detail: str, reason: Reason) -> None:
        where = f"section {section!r}" + (f", field {field}" if field else "")
        super().__init__(f"{where}: {detail}" if field else f"{where} {detail}")
        self.section = section
        self.field = field
        self.detail = detail
        self.reason: Reason = reason


@dataclass(frozen=True)
class LogSpec:
    """A newest-first log inside a section, at ``path``, and its stated cap. Entries past the cap
    are moved to the archive, which the export carries."""

    path: tuple[str, ...]
    cap: int

    @property
    def name(self) -> str:
        return ".".join(self.path)


@dataclass(frozen=True)
class SectionCodec:
    """How one section is stored: its version, shape, migrations, logs and first value.

    ``migrations[n]`` turns version ``n`` into ``n + 1``. ``legacy_version`` reads the version of
    data saved before sections carried one (schema-1 storage and exports): some sections kept
    their own ``"schema"`` field.
    """

    name: str
    version: int
    shape: Shape
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    logs: tuple[LogSpec, ...] = ()
    default: Callable[[], Any] | None = None
    legacy_version: Callable[[Any], int] = field(default=lambda value: 1)
    #: False for a section whose every entry was checked where it came from (the archive):
    #: saving it then only keeps the caps.
    checked_on_save: bool = True
    #: The section once every section is read (start-up, import): the end of a migration that
    #: needs another section, e.g. a link saved as a list position turned into the linked
    #: record's id. Given the whole state; returns this section's value. Never raises.
    join: Callable[[Mapping[str, Any]], Any] | None = None
    #: True for a section whose log lines describe its state (a fight: "HP 25 → 20"). When two
    #: tabs' saves race and both changed the same field, the later save's whole change wins and
    #: the other's is undone whole, so the log and the state never disagree (issue 32); in
    #: other sections only the field both changed takes the later value.
    whole_steps: bool = False


def own_schema_field(value: Any) -> int:
    """The version of a section that carried its own ``"schema"`` field before sections had a
    stored version (1 when it has none; 0, which no codec reads, when it is not a number)."""
    schema = value.get("schema", 1) if isinstance(value, dict) else 1
    return schema if is_whole(schema) else 0


# ----------------------------------------------------------------------- the core's sections

ROLL_LOG_LIMIT = 200  # newest first; older rolls move to the archive
TARGET_LIMIT = 1_000_000

ROLL = Record(
    {
        "expr": Text(400),
        "total": Whole(-(10**15), 10**15),
        "text": Text(4_000),
        "at": WHEN,
        "seed": SEED,
    },
    required=frozenset({"expr", "total", "text", "at", "seed"}),
)

DICE = SectionCodec(
    "dice",
    1,
    Record(
        {
            "expr": Text(400),
            "target": Whole(-TARGET_LIMIT, TARGET_LIMIT),
            "seed": Text(100),
            "seed_count": Whole(0, 10**12),
            "log": ListOf(ROLL, ROLL_LOG_LIMIT),
        }
    ),
    logs=(LogSpec(("log",), ROLL_LOG_LIMIT),),
    default=lambda: {"expr": "3d6", "target": 10, "seed": "", "log": []},
)

#: Which fight the players' view shows: the one changed last, or one system's (pycore.share).
PLAYER_FIGHTS: Final = ("latest", *SYSTEM_KEYS)

SETTINGS = SectionCodec(
    "settings",
    1,
    # "player_fight" came later, optional: older data has none and reads as "latest", and an
    # older app keeps it untouched (a Record keeps fields it does not know), so no new version.
    Record(
        {
            "persist_asked": Flag(),
            "persist_granted": maybe(Flag()),
            "player_fight": Text(20, PLAYER_FIGHTS),
        }
    ),
    default=lambda: {"persist_asked": False, "persist_granted": None},
)


@functools.cache
def codecs() -> Mapping[str, SectionCodec]:
    """Every section's codec by the section's name, the systems' imported on first use (not at
    start-up import): a pure function of the code, worked out once."""
    found: dict[str, SectionCodec] = {}
    of_systems = (c for module in SYSTEM_CODECS for c in importlib.import_module(module).CODECS)
    for codec in (DICE, SETTINGS, *of_systems):
        if found.setdefault(codec.name, codec) is not codec:
            raise ValueError(f"section {codec.name!r} has two codecs")
    return MappingProxyType(found)


@checked
def codec_for(name: str) -> SectionCodec | None:
    return codecs().get(name)


def defaults() -> dict[str, Any]:
    """The sections a new user starts with."""
    return {c.name: c.default() for c in codecs().values() if c.default is not None}


@checked
def current_version(name: str) -> int:
    codec = codec_for(name)
    return codec.version if codec else 1


def _field_error(name: str, exc: FieldError) -> SectionError:
    if not exc.path:  # the section itself: "section 'settings' holds nothing, where ..."
        return SectionError(name, None, f"holds {exc.detail}", "invalid")
    return SectionError(name, path_text(exc.path), exc.detail, "invalid")


def _check(codec: SectionCodec | None, value: Any) -> None:
    check_limits(value)
    if codec is not None:
        codec.shape.check(value, ())


@checked
def check_section(name: str, value: Any) -> None:
    """Check a section at the current version; raise :class:`SectionError` naming the field."""
    try:
        _check(codec_for(name), value)
    except FieldError as exc:
        raise _field_error(name, exc) from None


@checked
def migrate_section(name: str, version: int, value: Any) -> Any:
    """Bring a section from ``version`` up to its codec's, one migration at a time."""
    codec = codec_for(name)
    target = codec.version if codec else 1
    if not is_whole(version) or version < 1:
        raise SectionError(name, None, f"has no valid version ({version!r})", "invalid")
    if version > target:
        raise SectionError(
            name, None, f"has version {version}, newer than this app knows ({target})", "newer"
        )
    for step in range(version, target):
        migration = codec.migrations.get(step) if codec else None
        if migration is None:
            raise SectionError(name, None, f"has no migration from {step} to {step + 1}", "newer")
        try:
            check_limits(value)  # a migration walks the value: never a hostile one
            value = migration(value)
        except FieldError as exc:
            raise _field_error(name, exc) from None
    return value


@checked
def join_sections(state: Mapping[str, Any]) -> dict[str, Any]:
    """The state with each codec's :attr:`SectionCodec.join` applied (after every section is
    read); a section whose value does not change stays the same object."""
    joined = dict(state)
    for name, codec in codecs().items():
        if codec.join is not None and name in joined:
            joined[name] = codec.join(joined)
    return joined


def read_section(name: str, version: int | None, value: Any) -> Any:
    """A stored or imported section, migrated and checked; ``version`` None means data from
    before sections carried a version (the codec's ``legacy_version`` reads it)."""
    if not isinstance(name, str) or not name or len(name) > 80:
        raise SectionError(str(name)[:80], None, "is not a section name", "invalid")
    codec = codec_for(name)
    if version is None:
        try:
            check_limits(value)
        except FieldError as exc:
            raise _field_error(name, exc) from None
        version = codec.legacy_version(value) if codec else 1
    value = migrate_section(name, version, value)
    check_section(name, value)
    return value


def _cut_text(value: Any, path: tuple[str | int, ...], limit: int) -> Any:
    if not path:
        return value[: max(0, limit - 1)] + "…" if isinstance(value, str) else value
    head, rest = path[0], path[1:]
    if isinstance(value, dict) and head in value:
        return {**value, head: _cut_text(value[head], rest, limit)}
    if isinstance(value, list) and isinstance(head, int) and 0 <= head < len(value):
        return [*value[:head], _cut_text(value[head], rest, limit), *value[head + 1 :]]
    return value


@checked
def log_at(value: Any, spec: LogSpec) -> list[Any] | None:
    for key in spec.path:
        value = value.get(key) if isinstance(value, dict) else None
    return value if isinstance(value, list) else None


@checked
def with_log(value: dict[str, Any], path: tuple[str, ...], log: list[Any]) -> dict[str, Any]:
    head = path[0]
    if len(path) == 1:
        return {**value, head: log}
    inner = value.get(head)
    return {**value, head: with_log(inner if isinstance(inner, dict) else {}, path[1:], log)}


@checked
def fit(name: str, value: Any) -> tuple[Any, dict[str, list[Any]]]:
    """The section as it will be saved: logs cut to their cap (the rest returned, oldest last,
    for the archive) and texts too long for their field cut with "…", so what is saved always
    loads again. Any other problem is left for the caller (the section is saved as it is)."""
    codec = codec_for(name)
    overflow: dict[str, list[Any]] = {}
    if codec is not None and isinstance(value, dict):
        for spec in codec.logs:
            log = log_at(value, spec)
            if log is not None and len(log) > spec.cap:
                overflow[spec.name] = log[spec.cap :]
                value = with_log(value, spec.path, log[: spec.cap])
    for _ in range(100 if codec is None or codec.checked_on_save else 0):
        try:
            _check(codec, value)
        except FieldError as exc:
            if exc.max_text is None:
                break
            value = _cut_text(value, exc.path, exc.max_text)
        else:
            break
    return value, overflow
