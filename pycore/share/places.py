"""Where each shareable record lives in the saved state, how to take one out for a share and how
to bring a shared one in: always as a copy, never over another record unless the user chose to
replace the one with the same id.

Every function takes and returns plain saved data (the app's state dict), so it is tested without
a page. Ids are ``uid`` fields inside the records (unknown fields every system keeps).

>>> state = {"simply_characters": {"list": [{"name": "Ana"}], "selected": 0}}
>>> record, state = share_record(state, "simply.character", 0, "2026-11-23T10:00:00+00:00", "u1")
>>> record.id, record.name, state["simply_characters"]["list"][0]["uid"]
('u1', 'Ana', 'u1')
>>> same_record(state, record)
'Ana'
>>> state = import_record(state, record, "keep", "u2")
>>> [c["name"] for c in state["simply_characters"]["list"]]
['Ana', 'Ana (shared copy)']
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pycore.errors import StorageError
from pycore.share.records import (
    KIND_NAMES,
    SCHEMAS,
    SHARED,
    SHOWN_ONLY,
    Kind,
    ShareRecord,
    validate,
)
from pycore.systems.system import ShareKind, systems
from pycore.systems.system import ref as load
from pycore.validate import checked

Choice = Literal["add", "replace", "keep"]


@dataclass(frozen=True)
class Place:
    """A list of records (``key`` in ``section``) or one record (``key`` None: the whole part)."""

    section: str
    key: str
    is_list: bool
    route: str  # the page that shows it


#: Where each kind a system shares lives (its descriptor's ``ShareKind``), on its system's page.
PLACES: Mapping[Kind, Place] = {
    k.kind: Place(k.section, k.key, k.is_list, s.key) for s in systems() for k in s.shares
}
#: Kinds a share link brings into the store one record at a time (a fight view is only looked
#: at; a party or campaign, ``pycore.share.bundle``, brings in each of its records).
IMPORTABLE: tuple[Kind, ...] = tuple(k for k in PLACES if k not in SHOWN_ONLY)


def _kind(kind: Kind) -> ShareKind:
    """The descriptor of a kind kept in the store, or a StorageError naming what is not."""
    if kind not in SHARED:
        raise StorageError(f"a {KIND_NAMES.get(kind, 'record of that kind')} is not kept here")
    return SHARED[kind]


@checked
def defaults(kind: Kind) -> dict[str, Any]:
    """A fresh record of ``kind`` as its system saves it: a share leaves out what equals it
    (a character's share shrinks by half) and an import fills it back in."""
    shared = SHARED.get(kind)
    if shared is None or not shared.fresh:
        return {}
    fresh: Callable[[], dict[str, Any]] = load(shared.fresh)
    return fresh()


def _section(state: Mapping[str, Any], place: Place) -> dict[str, Any]:
    value = state.get(place.section)
    return copy.deepcopy(value) if isinstance(value, dict) else {}


def _items(section: Mapping[str, Any], place: Place) -> list[Any]:
    found = section.get(place.key)
    return list(found) if isinstance(found, list) else []


def _name_of(kind: Kind, data: Mapping[str, Any]) -> str:
    name = data.get("name")
    return str(name) if isinstance(name, str) and name else KIND_NAMES[kind]


@checked
def share_record(
    state: Mapping[str, Any], kind: Kind, ref: Any, now: str, fresh_id: str
) -> tuple[ShareRecord, dict[str, Any]]:
    """The record to share, and the state with its id kept on it (so a second share of the same
    record carries the same id). ``ref`` is a list index, or the id its page finds it by (a
    3d6 fighter's)."""
    place = PLACES[_kind(kind).kind]
    section = _section(state, place)
    if place.is_list:
        items = _items(section, place)
        index = _index(kind, items, ref)
        data = dict(items[index])
        if not isinstance(data.get("uid"), str) or not data["uid"]:
            data["uid"] = fresh_id
            items[index] = data
            section[place.key] = items
        record_id = str(data["uid"])
        name = _name_of(kind, data)
        fresh = defaults(kind)
        shared = {
            k: v
            for k, v in data.items()
            if k not in (*_local(kind), "uid", "updated_at")
            and (k == "name" or k not in fresh or fresh[k] != v)
        }
    else:
        part = section.get(place.key)
        shared = dict(part) if isinstance(part, dict) else {}
        data = shared
        record_id = f"{place.section}.{place.key}"
        name = KIND_NAMES[kind]
    saved_at = data.get("updated_at") if place.is_list else None
    updated = str(saved_at or now)
    record = ShareRecord(kind, record_id, updated, SCHEMAS[kind], name, shared)
    return validate(record), {**state, place.section: section}


def _local(kind: Kind) -> tuple[str, ...]:
    """Fields that mean something only on the device that saved them: a local ``id``."""
    return ("id",) if SHARED[kind].local_id else ()


def _index(kind: Kind, items: list[Any], ref: Any) -> int:
    if _local(kind) and not isinstance(ref, int):  # a record its page finds by its id
        for i, item in enumerate(items):
            if isinstance(item, dict) and item.get("id") == ref:
                return i
    elif isinstance(ref, int) and 0 <= ref < len(items):
        return ref
    raise StorageError(f"that {KIND_NAMES[kind]} is no longer here")


@checked
def same_record(state: Mapping[str, Any], record: ShareRecord) -> str | None:
    """The name of the saved record an import would collide with, if any."""
    place = PLACES[_kind(record.kind).kind]
    section = _section(state, place)
    if not place.is_list:
        part = section.get(place.key)
        return KIND_NAMES[record.kind] if isinstance(part, dict) and part else None
    for item in _items(section, place):
        if isinstance(item, dict) and item.get("uid") == record.id:
            return _name_of(record.kind, item)
    return None


@checked
def import_record(
    state: Mapping[str, Any], record: ShareRecord, choice: Choice, fresh_id: str
) -> dict[str, Any]:
    """The state with ``record`` brought in: ``add`` (no record has its id), ``replace`` (the one
    with its id) or ``keep`` (both: the copy gets a fresh id and a name saying it is a copy)."""
    if record.kind not in IMPORTABLE:
        raise StorageError(f"a {KIND_NAMES[record.kind]} is shown, not imported")
    shared = _kind(record.kind)
    place = PLACES[record.kind]
    section = _section(state, place)
    data = {**defaults(record.kind), **copy.deepcopy(record.data)}
    data["updated_at"] = record.updated_at
    if shared.upgrade:  # read in the kind's newest schema (an older share's data)
        upgrade: Callable[[dict[str, Any]], dict[str, Any]] = load(shared.upgrade)
        data = upgrade(data)
    if not place.is_list:
        if choice == "keep":
            raise StorageError(f"there is only one {KIND_NAMES[record.kind]}: replace it or not")
        current = section.get(place.key)
        merged = {**current, **data} if isinstance(current, dict) else data
        merged.pop("updated_at", None)
        section[place.key] = merged
        return {**state, place.section: section}
    items = _items(section, place)
    data["uid"] = record.id
    if choice == "keep":
        taken = {item.get("uid") for item in items if isinstance(item, dict)}
        data["uid"], n = fresh_id, 1
        while data["uid"] in taken:  # the copy's id is its own: links follow ids (simply.links)
            n += 1
            data["uid"] = f"{fresh_id}-{n}"
        data["name"] = f"{_name_of(record.kind, data)} (shared copy)"[:60]
    _local_id(record.kind, section, items, data)
    if choice == "replace":
        for i, item in enumerate(items):
            if isinstance(item, dict) and item.get("uid") == record.id:
                if _local(record.kind):  # the sheet it replaces keeps its place in fights
                    data["id"] = item.get("id", data["id"])
                items[i] = data
                break
        else:
            items.append(data)
    else:
        items.append(data)
    section[place.key] = items
    return {**state, place.section: section}


def _local_id(kind: Kind, section: dict[str, Any], items: list[Any], data: dict[str, Any]) -> None:
    """A new local id for an imported record of a kind whose page finds it by one (its
    system's numbering, ``ShareKind.local_id``)."""
    if SHARED[kind].local_id:
        local_id: Callable[[dict[str, Any], list[Any]], str] = load(SHARED[kind].local_id)
        data["id"] = local_id(section, items)
