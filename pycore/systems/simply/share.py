"""What Simply shares (its descriptor's ``shares``, read by ``pycore.share``): a character and
the campaign settings, each checked by the loader its saved data uses, and their words for the
preview someone reads before importing one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.share.hook import share_hook
from pycore.share.words import Lists, Rows, named, names
from pycore.systems.simply.character import Campaign, Character
from pycore.systems.simply.character_json import (
    CAMPAIGN_FIELDS,
    campaign_from_json,
    character_from_json,
    character_to_json,
)


@share_hook
def check_character(data: dict[str, Any]) -> None:
    character_from_json(data)


@share_hook
def check_campaign(data: dict[str, Any]) -> None:
    campaign_from_json(data)


@share_hook
def fresh_character() -> dict[str, Any]:
    return character_to_json(Character())


@share_hook
def campaign_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    fresh = Campaign()
    rows: Rows = [
        (label, d.get(key, getattr(fresh, key))) for key, (label, *_) in CAMPAIGN_FIELDS.items()
    ]
    return rows, []


def _armor(value: Any) -> str:
    if isinstance(value, dict):
        return str(value.get("name") or value.get("id") or "").replace("_", " ")
    return "" if value is None else str(value)


@share_hook
def character_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
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
        ("Skills", names(d.get("skills"), lambda s: named(s, "specialty", "level"))),
        ("Abilities", names(d.get("abilities"), str)),
        ("Disabilities", names(d.get("disabilities"), str)),
        ("Weapons", names(d.get("weapons"), lambda w: named(w, "skill"))),
        ("Gear", names(d.get("gear"), lambda g: named(g, "notes"))),
        ("Appearance", [str(d.get("appearance") or "")]),
        ("History", [str(d.get("history") or "")]),
        ("Personality", [str(d.get("personality") or "")]),
    ]
    return rows, lists
