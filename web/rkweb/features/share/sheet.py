"""A shared record as a sheet the person opening the link reads before importing it, in the
game's words (issue 31: the preview showed raw keys, "armor id hardened_leather", "st", "hp
now", only the values that differed from a fresh sheet, and never skills, weapons or gear).

The record is read with its defaults filled in (:func:`pycore.share.places.defaults`: a share
leaves out what equals a fresh sheet), so every stat shows. Words only: nothing is computed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from pycore.share import KIND_NAMES, ShareRecord
from pycore.share.places import defaults
from pycore.share.records import records_of
from pycore.share.words import WORDS, sheet_words
from rkweb.app.vdom import VNode, h

Rows = list[tuple[str, Any]]
Lists = list[tuple[str, list[str]]]

AFTERMATH_ATTRIBUTES = {
    "STR": "Strength",
    "DFT": "Deftness",
    "SPD": "Speed",
    "HLH": "Health",
}


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


def _names(items: Any, show: Callable[[Mapping[str, Any]], str]) -> list[str]:
    """Each entry of a list in words (a plain text entry as it is)."""
    out = []
    for item in items if isinstance(items, list) else []:
        words = show(item) if isinstance(item, dict) else str(item)
        if words.strip():
            out.append(words.strip())
    return out


def _named(item: Mapping[str, Any], *parts: str) -> str:
    extra = [str(item[p]) for p in parts if item.get(p) not in (None, "", False)]
    return str(item.get("name", "")) + (f" ({', '.join(extra)})" if extra else "")


def _armor(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("name") or value.get("id") or "").replace("_", " ")
    return "" if value is None else str(value)


def _simply(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    rows: Rows = [
        ("Player", d.get("player")),
        ("Concept", d.get("concept")),
        ("Age", " ".join(str(x) for x in (d.get("age"), d.get("age_note")) if x)),
        ("Race", d.get("race")),
        ("Strength", d.get("strength")),
        ("Coordination", d.get("coordination")),
        ("Intellect", d.get("intellect")),
        ("Health", d.get("health")),
        ("Luck", d.get("luck")),
        ("Armour", _armor(d.get("armor"))),
        ("Shield", _armor(d.get("shield"))),
    ]
    lists: Lists = [
        ("Skills", _names(d.get("skills"), lambda s: _named(s, "specialty", "level"))),
        ("Abilities", _names(d.get("abilities"), str)),
        ("Disabilities", _names(d.get("disabilities"), str)),
        ("Weapons", _names(d.get("weapons"), lambda w: _named(w, "skill"))),
        ("Gear", _names(d.get("gear"), lambda g: _named(g, "notes"))),
        ("Appearance", [str(d.get("appearance") or "")]),
        ("History", [str(d.get("history") or "")]),
        ("Personality", [str(d.get("personality") or "")]),
    ]
    return rows, lists


def _gurps(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    rows: Rows = [
        ("Strength (ST)", d.get("st")),
        ("Dexterity (DX)", d.get("dx")),
        ("Intelligence (IQ)", d.get("iq")),
        ("Health (HT)", d.get("ht")),
        ("Hit points", f"{d.get('hp_now')} of {d.get('hp')}"),
        ("Basic Speed", d.get("basic_speed")),
        ("Move", d.get("move")),
        ("Weapon", f"{d.get('weapon')}, skill {d.get('weapon_skill')}"),
        ("Damage", f"{d.get('damage')} {d.get('damage_type')}"),
        ("Damage resistance", d.get("dr")),
        ("Shield", f"skill {d.get('shield_skill')}" if d.get("shield_skill") else ""),
        ("Posture", d.get("posture")),
    ]
    return rows, [("Notes", [str(d.get("notes") or "")])]


def _aftermath(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    attr: Mapping[str, Any] = d["attr"] if isinstance(d.get("attr"), dict) else {}
    rows: Rows = [(AFTERMATH_ATTRIBUTES.get(k, k), v) for k, v in attr.items()]
    armor: Mapping[str, Any] = d["armor"] if isinstance(d.get("armor"), dict) else {}
    worn = sorted({str(a) for pieces in armor.values() if isinstance(pieces, list) for a in pieces})
    lists: Lists = [
        ("Skills", _names(d.get("skills"), lambda s: f"{s.get('name')}: BCS {s.get('bcs')}")),
        ("Weapons", _names(d.get("weapons"), lambda w: _named(w, "gun", "listed", "skill"))),
        ("Armour", worn),
        ("Gear", _names(d.get("inventory"), lambda g: str(g.get("name", "")))),
    ]
    return rows, lists


def _other(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    """Campaign settings, GM tables: each value under its name in words."""
    rows: Rows = []
    for key, value in d.items():
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            rows.append((key.replace("_", " ").capitalize(), value))
        elif isinstance(value, list):
            rows.append((key.replace("_", " ").capitalize(), f"{len(value)} entries"))
    return rows, []


SHEETS: dict[str, Callable[[Mapping[str, Any]], tuple[Rows, Lists]]] = {
    "simply.character": _simply,
    "gurps.fighter": _gurps,
    "aftermath.character": _aftermath,
}


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
    if record.kind in WORDS:
        rows, lists = sheet_words(record.kind, data)
    else:
        rows, lists = SHEETS.get(record.kind, _other)(data)
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
