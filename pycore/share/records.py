"""What a share carries: one record of one kind, with a stable id, when it last changed and the
schema of its data, so a later sync can merge record by record.

:func:`validate` is the one place a shared record's data is checked, by the loader its system
already uses for saved data; point it at the section codecs when they land.

>>> r = record_from_json({"kind": "gurps.fighter", "id": "x1", "updated_at": "", "schema": 1,
...                       "name": "Bo", "data": {"dx": 99}})
>>> validate(r)
Traceback (most recent call last):
...
pycore.errors.StorageError: the shared 3d6 fighter is not valid: DX 99 is outside 0 to 40
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pycore.errors import RulekeeperError, StorageError
from pycore.systems.system import ShareKind, ref, systems
from pycore.validate import checked, is_whole

#: The most records one share carries (a campaign of several parties and their settings).
MAX_RECORDS = 600
#: The players' view of a fight (any system's: ``PublicFight.system``), looked at, never
#: imported nor carried in a party. Its name is older than the other systems; links keep it.
FIGHT = "simply.fight"
#: A party or a whole campaign (``pycore.share.bundle``).
BUNDLE = "bundle"
#: Kinds that are looked at, never imported nor carried in a party (a fight view).
SHOWN_ONLY: tuple[str, ...] = (FIGHT,)

#: What a link says it holds: a system's kind (``ShareKind.kind``, "gurps.fighter"), the
#: fight view or a party.
Kind = str
#: Each kind a system shares, from the system descriptors (``System.shares``).
SHARED: Mapping[Kind, ShareKind] = {k.kind: k for s in systems() for k in s.shares}
KINDS: tuple[Kind, ...] = (*SHARED, FIGHT, BUNDLE)
#: What each kind is called on screen.
KIND_NAMES: Mapping[Kind, str] = {
    **{kind: shared.name for kind, shared in SHARED.items()},
    FIGHT: "Fight (players' view)",
    BUNDLE: "Party or campaign",
}
#: The schema of each kind's data; a share of a newer one is refused, never half-read.
SCHEMAS: Mapping[Kind, int] = {
    **{kind: shared.schema for kind, shared in SHARED.items()},
    FIGHT: 1,
    BUNDLE: 1,
}
MAX_ID = 64
MAX_NAME = 200


@dataclass(frozen=True)
class ShareRecord:
    """One shared record: ``data`` is the record as its system saves it."""

    kind: Kind
    id: str
    updated_at: str
    schema: int
    name: str
    data: dict[str, Any]

    def __str__(self) -> str:
        return f"{KIND_NAMES[self.kind]}: {self.name}"


@checked
def record_to_json(record: ShareRecord) -> dict[str, Any]:
    return {
        "kind": record.kind,
        "id": record.id,
        "updated_at": record.updated_at,
        "schema": record.schema,
        "name": record.name,
        "data": record.data,
    }


def _text(raw: Mapping[str, Any], key: str, limit: int) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise StorageError(f"the shared record's {key} must be text of at most {limit} characters")
    return value


def record_from_json(raw: Any) -> ShareRecord:
    """The envelope's shape only; :func:`validate` checks the data itself."""
    if not isinstance(raw, dict):
        raise StorageError("the share link holds no record")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise StorageError(
            f"the share link holds a {str(kind)[:40]!r}, which this app cannot import; "
            f"it reads: {', '.join(KIND_NAMES.values())}"
        )
    schema = raw.get("schema")
    if not is_whole(schema) or schema < 1:
        raise StorageError(f"the shared record's schema {schema!r:.20} is not a version number")
    if schema > SCHEMAS[kind]:
        raise StorageError(
            f"the shared {KIND_NAMES[kind]} has schema {schema}, newer than this app reads "
            f"({SCHEMAS[kind]}); update Rulekeeper"
        )
    data = raw.get("data")
    if not isinstance(data, dict):
        raise StorageError("the shared record has no data")
    record_id = _text(raw, "id", MAX_ID)
    if not record_id:
        raise StorageError("the shared record has no id")
    return ShareRecord(
        kind=kind,
        id=record_id,
        updated_at=_text(raw, "updated_at", 40),
        schema=schema,
        name=_text(raw, "name", MAX_NAME),
        data=data,
    )


def _fight(data: dict[str, Any]) -> None:
    from pycore.share.public import check_public_fight

    check_public_fight(data)


def _bundle(data: dict[str, Any]) -> None:
    records_of(data)


def _loader(kind: Kind) -> Callable[[dict[str, Any]], None]:
    """The kind's check: its system's (``ShareKind.check``), or the fight view's or a party's."""
    if kind == FIGHT:
        return _fight
    if kind == BUNDLE:
        return _bundle
    check: Callable[[dict[str, Any]], None] = ref(SHARED[kind].check)
    return check


@checked
def asked(record: ShareRecord) -> str | None:
    """The question the import of a valid ``record`` puts to the GM first (its system's
    ``ShareKind.ask``; a party's or campaign's: its first record's that asks), None when
    nothing is asked: values the text implies otherwise come in only once they keep them."""
    if record.kind == BUNDLE:
        return next((said for r in records_of(record.data) if (said := asked(r))), None)
    if record.kind == FIGHT or not SHARED[record.kind].ask:
        return None
    ask: Callable[[dict[str, Any]], str | None] = ref(SHARED[record.kind].ask)
    return ask(record.data)


@checked
def records_of(data: Mapping[str, Any]) -> tuple[ShareRecord, ...]:
    """The records a party or campaign carries, each checked; anything else is refused whole."""
    raw = data.get("records")
    if not isinstance(raw, list) or not raw:
        raise StorageError("it holds no records")
    if len(raw) > MAX_RECORDS:
        raise StorageError(f"it holds {len(raw)} records; at most {MAX_RECORDS} are read")
    found = tuple(record_from_json(item) for item in raw)
    seen: set[tuple[str, str]] = set()
    for record in found:  # the envelopes first: a kind not carried is not checked further
        if record.kind in (*SHOWN_ONLY, BUNDLE):
            raise StorageError(f"a {KIND_NAMES[record.kind]} cannot be part of a party or campaign")
        if (record.kind, record.id) in seen:
            raise StorageError(f"it holds the record {record.name!r} twice")
        seen.add((record.kind, record.id))
    return tuple(validate(record) for record in found)


@checked
def validate(record: ShareRecord) -> ShareRecord:
    """``record`` when its system's loader accepts its data; else a :class:`StorageError`
    naming the kind and the loader's complaint. The one check of shared data."""
    try:
        _loader(record.kind)(record.data)
    except RulekeeperError as exc:
        raise StorageError(f"the shared {KIND_NAMES[record.kind]} is not valid: {exc}") from None
    except (TypeError, KeyError, AttributeError, IndexError, ValueError, RecursionError) as exc:
        # A loader written for the app's own saved data may trip on shapes it never writes.
        raise StorageError(
            f"the shared {KIND_NAMES[record.kind]} is not valid: {type(exc).__name__}"
        ) from None
    return record
