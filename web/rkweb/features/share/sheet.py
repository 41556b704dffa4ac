"""A shared record as a sheet the person opening the link reads before importing it, in the
game's words (issue 31: the preview showed raw keys, "armor id hardened_leather", "st", "hp
now", only the values that differed from a fresh sheet, and never skills, weapons or gear).

The record is read with its defaults filled in (:func:`pycore.share.places.defaults`: a share
leaves out what equals a fresh sheet), so every stat shows. Words only: nothing is computed.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pycore.share import KIND_NAMES, ShareRecord
from pycore.share.places import defaults
from pycore.share.records import records_of
from pycore.share.words import sheet_words
from rkweb.app.vdom import VNode, h

Rows = list[tuple[str, Any]]
Lists = list[tuple[str, list[str]]]


def local_time(iso: str, now: str | None) -> str:
    """``iso`` in the device's time zone (the one of ``now``, the glue's local time).

    >>> local_time("2026-11-23T10:05:00+00:00", "2026-11-27T09:00:00+01:00")
    '23 Nov 2026, 11:05'
    >>> local_time("yesterday", None)
    'yesterday'
    """
    try:
        when = datetime.fromisoformat(iso)
        zone = datetime.fromisoformat(now).tzinfo if now else None
    except ValueError:
        return iso
    if zone is not None and when.tzinfo is not None:
        when = when.astimezone(zone)
    return f"{when.day} {when:%b %Y, %H:%M}"


def _terms(rows: Rows) -> VNode:
    """The record's values, each under its name; a value left empty is left out."""
    shown = [(k, str(v)) for k, v in rows if v not in (None, "") and str(v).strip()]
    return h(
        "dl", {"class": "facts"}, *[p for k, v in shown for p in (h("dt", {}, k), h("dd", {}, v))]
    )


def _bundle(record: ShareRecord) -> VNode:
    """A party or campaign: what it holds, one line each, and each record's sheet folded."""
    inner = records_of(record.data)
    return h(
        "div",
        {"class": "share-sheet", "data-testid": "share-sheet"},
        h(
            "p",
            {"data-testid": "share-bundle-count"},
            f"{len(inner)} records: " + "; ".join(str(r) for r in inner),
        ),
        *[
            h(
                "details",
                {"class": "share-sheet-part", "data-testid": "share-bundle-entry"},
                h("summary", {}, f"{r.name} ({KIND_NAMES[r.kind]})"),
                view(r),
            )
            for r in inner
        ],
    )


def view(record: ShareRecord) -> VNode:
    """The record's sheet: its values in a list of terms, then its lists and paragraphs."""
    if record.kind == "bundle":
        return _bundle(record)
    data = {**defaults(record.kind), **record.data}
    rows, lists = sheet_words(record.kind, data)  # in its system's words
    return h(
        "div",
        {"class": "share-sheet", "data-testid": "share-sheet"},
        _terms(rows),
        *[
            h(
                "section",
                {"class": "share-sheet-part"},
                h("h4", {}, title),
                h("ul", {}, *[h("li", {}, item) for item in items])
                if title not in ("Appearance", "History", "Personality", "Notes")
                else h("p", {}, items[0]),
            )
            for title, items in lists
            if any(item.strip() for item in items)
        ],
    )
