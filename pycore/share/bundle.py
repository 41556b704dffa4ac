"""A party or a whole campaign as one share (issue 31): every record of one system (its
characters or fighters, its settings, its GM tables), or of every system, in one record of kind
``bundle``, each record inside it checked by its own system's loader as a single share is.

Importing one brings each record in as a single import would: a record not here is added; one
already here (the same id) is replaced when the GM chose "Replace", or kept beside the shared
copy when the GM chose "Keep both" (settings and tables, of which there is one, stay as they are).

>>> state = {"simply_characters": {"list": [{"name": "Ana"}, {"name": "Bo"}], "selected": 0}}
>>> record, state = share_bundle(state, "simply", "2026-11-23T10:00:00+00:00", "u")
>>> record.name, [r.name for r in records_of(record.data)]
('Simply Roleplaying!: every record', ['Ana', 'Bo'])
>>> fresh = import_bundle({}, record, "add", "n")
>>> [c["name"] for c in fresh["simply_characters"]["list"]], clashes(fresh, record)
(['Ana', 'Bo'], ['Ana', 'Bo'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.errors import StorageError
from pycore.share.places import IMPORTABLE, PLACES, Choice, import_record, same_record, share_record
from pycore.share.records import (
    MAX_RECORDS,
    SCHEMAS,
    ShareRecord,
    record_to_json,
    records_of,
    validate,
)
from pycore.systems.system import SYSTEM_KEYS, system
from pycore.validate import checked

WHOLE = "The whole campaign"


def _parts(state: Mapping[str, Any], kind: Any) -> list[Any]:
    """The refs of ``kind``'s records in ``state``: list indexes, or None for the one record."""
    place = PLACES[kind]
    section = state.get(place.section)
    found = section.get(place.key) if isinstance(section, dict) else None
    if place.is_list:
        return list(range(len(found))) if isinstance(found, list) else []
    return [None] if isinstance(found, dict) and found else []


@checked
def share_bundle(
    state: Mapping[str, Any], key: str, now: str, fresh_id: str
) -> tuple[ShareRecord, dict[str, Any]]:
    """Every record of system ``key`` ("" for every system) as one share, and the state with
    each record's id kept on it (as :func:`share_record` keeps one)."""
    if key and key not in SYSTEM_KEYS:
        raise StorageError(f"there is no rule system {key[:40]!r} to share")
    records: list[dict[str, Any]] = []
    out = dict(state)
    for kind in IMPORTABLE:
        if key and PLACES[kind].route != key:
            continue
        for ref in _parts(out, kind):
            record, out = share_record(out, kind, ref, now, f"{fresh_id}-{len(records) + 1}")
            records.append(record_to_json(record))
    if not records:
        raise StorageError("there is nothing to share yet: no characters, settings or tables")
    if len(records) > MAX_RECORDS:
        raise StorageError(
            f"{len(records)} records are more than one share carries ({MAX_RECORDS})"
        )
    name = f"{system(key).title}: every record" if key else WHOLE
    data = {"system": key, "records": records}
    return validate(ShareRecord("bundle", key or "all", now, SCHEMAS["bundle"], name, data)), out


@checked
def clashes(state: Mapping[str, Any], record: ShareRecord) -> list[str]:
    """The names of the records here that the share's records would replace."""
    return [name for r in records_of(record.data) if (name := same_record(state, r))]


@checked
def import_bundle(
    state: Mapping[str, Any], record: ShareRecord, choice: Choice, fresh_id: str
) -> dict[str, Any]:
    """The state with each of the share's records brought in (see the module's words)."""
    out = dict(state)
    for n, inner in enumerate(records_of(record.data), start=1):
        how: Choice = "add"
        if same_record(out, inner):
            if choice != "replace" and not PLACES[inner.kind].is_list:
                continue  # "Keep both": the one settings or tables here stay
            how = "replace" if choice == "replace" else "keep"
        out = import_record(out, inner, how, f"{fresh_id}-{n}")
    return out
