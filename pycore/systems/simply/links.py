"""Stable ids for the Character Records, and the links to them (FIGHT.md: combatants linked to
their sheets by a stable id).

Every record in ``simply_characters.list`` carries a ``uid``: the same field the share code keeps
(``pycore.share.places``), so a shared record keeps its id. A fighter and a Task page side link
to a record by that id, never by its position, so deleting, reordering or importing records
never points a link at another record.

Fresh ids come from the caller (the page's fresh seed); a saved list from before the ids gets
ids derived from each record's content and position (:func:`with_uids`), the same on every load.

>>> records = with_uids([{"name": "Mara"}, {"name": "Bo", "uid": "u1"}])
>>> [r["uid"] for r in records][1], index_of(records, "u1"), index_of(records, "gone")
('u1', 1, None)
>>> fresh_uid("a1b2", [r["uid"] for r in records])
'a1b2'
>>> fresh_uid("u1", ["u1", "u1-2"])
'u1-3'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any, Final

from pycore.errors import RuleError
from pycore.validate import checked, is_whole

#: The longest id kept (the saved section's shape says the same).
MAX_UID: Final = 80


def uid_of(record: Any) -> str | None:
    """The record's id, or None when it has none (or not a usable one)."""
    uid = record.get("uid") if isinstance(record, dict) else None
    return uid if isinstance(uid, str) and 0 < len(uid) <= MAX_UID else None


@checked
def fresh_uid(seed: str, taken: Iterable[str]) -> str:
    """A new id from ``seed`` (the page's fresh random seed) that no record in ``taken`` has.

    >>> fresh_uid("", [])
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: a new record id needs a seed of 1 to 60 characters, got ''
    """
    if not isinstance(seed, str) or not 0 < len(seed) <= 60:
        raise RuleError(f"a new record id needs a seed of 1 to 60 characters, got {seed!r}")
    used = set(taken)
    uid, n = seed, 1
    while uid in used:
        n += 1
        uid = f"{seed}-{n}"
    return uid


def _derived(record: Any, index: int) -> str:
    text = json.dumps(record, sort_keys=True, ensure_ascii=True, default=str)
    return "r" + hashlib.sha256(f"{index}:{text}".encode()).hexdigest()[:15]


@checked
def with_uids(records: Sequence[Any]) -> list[Any]:
    """The list with an id on every record: a record's own id kept (the first with it, when
    two share one: a duplicate made before ids were unique), any other given one derived from
    its content and position. Entries that are not records are left as they are.

    >>> a, b = with_uids([{"name": "A", "uid": "x"}, {"name": "A", "uid": "x"}])
    >>> a["uid"], b["uid"] != "x", with_uids([{"name": "A"}]) == with_uids([{"name": "A"}])
    ('x', True, True)
    """
    out: list[Any] = []
    used: set[str] = {u for r in records if (u := uid_of(r))}
    seen: set[str] = set()
    for index, record in enumerate(records):
        if not isinstance(record, dict):
            out.append(record)
            continue
        uid = uid_of(record)
        if uid is None or uid in seen:
            uid = fresh_uid(_derived(record, index), used | seen)
            record = {**record, "uid": uid}
        seen.add(uid)
        out.append(record)
    return out


@checked
def index_of(records: Sequence[Any], uid: str | None) -> int | None:
    """Where the record with ``uid`` is in the list now, or None (deleted, or no link)."""
    if uid is None:
        return None
    for index, record in enumerate(records):
        if uid_of(record) == uid:
            return index
    return None


@checked
def uid_at(records: Sequence[Any], position: Any) -> str | None:
    """The id of the record at ``position`` (a link saved before the ids), or None.

    >>> uid_at([{"uid": "u1"}], 0), uid_at([{"uid": "u1"}], 1), uid_at([{"uid": "u1"}], "0")
    ('u1', None, 'u1')
    """
    if isinstance(position, str):
        position = position_in(position)
    if not is_whole(position):
        return None
    return uid_of(records[position]) if 0 <= position < len(records) else None


@checked
def chosen_index(records: Sequence[Any], chosen: str) -> int | None:
    """The record a picker chose: the one with id ``chosen``, else (a picker that sends the
    position in the list as shown) the one at that position; None when neither is there.

    >>> records = [{"uid": "u1"}, {"uid": "u2"}]
    >>> chosen_index(records, "u2"), chosen_index(records, "0"), chosen_index(records, "7")
    (1, 0, None)
    """
    found = index_of(records, chosen) if chosen else None
    position = position_in(chosen)
    if found is None and position is not None and position < len(records):
        return position
    return found


def position_in(text: str) -> int | None:
    """A list position written as text ("3"), or None.

    >>> position_in("3"), position_in("²"), position_in("x")
    (3, None, None)
    """
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    return None
