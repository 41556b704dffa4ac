"""What Aftermath shares (its descriptor's ``shares``, read by ``pycore.share``): a character and
the campaign settings, each checked the way its page checks what is typed, and their words for
the preview someone reads before importing one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.errors import RuleError, StorageError
from pycore.share.hook import share_hook
from pycore.share.words import Lists, Rows, named, names
from pycore.systems.aftermath.campaign import SETTINGS, check_setting
from pycore.systems.aftermath.gear.arms import weapon_problems
from pycore.systems.aftermath.saved import fractures_named
from pycore.systems.aftermath.setting_words import setting_words
from pycore.systems.aftermath.sheet import sheet

ATTRIBUTES = {"STR": "Strength", "DFT": "Deftness", "SPD": "Speed", "HLH": "Health"}


@share_hook
def check_character(data: dict[str, Any]) -> None:
    # The sheet keeps plain data: every field a user can type is re-checked the way it was
    # typed, then the whole sheet must derive (AFT-05 and on) without error.
    merged = sheet.merged(data)
    sheet.check_field("name", str(merged["name"]))
    for head in ("attr", "ast", "cst", "derived"):
        for key, value in merged[head].items():
            sheet.check_field(f"{head}.{key}", "" if value is None else str(value))
    sheet.check_field("body", str(merged["body"]))
    for weapon in merged["weapons"]:  # the skill may be asked later; the rest must hold
        problems = weapon_problems({}, {k: v for k, v in weapon.items() if k != "skill"})
        if problems:
            raise RuleError(next(iter(problems.values())))
    try:
        sheet.derive(merged)
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        raise StorageError(f"its sheet does not hold together ({exc!r:.80})") from None


@share_hook
def check_settings(data: dict[str, Any]) -> None:
    for key, value in data.items():
        check_setting(key, value if isinstance(value, str) else repr(value))


@share_hook
def fresh_character() -> dict[str, Any]:
    return sheet.new_sheet()


@share_hook
def upgrade_character(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 held the weapons' listing names only: the sheet reads them as weapons. A
    character shared before an attack's compound fracture was named so holds it as "Broken
    bone": named "Compound fracture" as a saved sheet's is (AFT-25, saved.fractures_named)."""
    upgraded: dict[str, Any] = fractures_named({**data, "weapons": sheet.merged(data)["weapons"]})
    return upgraded


@share_hook
def settings_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    return [setting_words(key, str(d.get(key, default))) for key, default in SETTINGS.items()], []


@share_hook
def character_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    attr: Mapping[str, Any] = d["attr"] if isinstance(d.get("attr"), dict) else {}
    rows: Rows = [(ATTRIBUTES.get(k, k), v) for k, v in attr.items()]
    armor: Mapping[str, Any] = d["armor"] if isinstance(d.get("armor"), dict) else {}
    worn = sorted({str(a) for pieces in armor.values() if isinstance(pieces, list) for a in pieces})
    lists: Lists = [
        ("Skills", names(d.get("skills"), lambda s: f"{s.get('name')}: BCS {s.get('bcs')}")),
        ("Weapons", names(d.get("weapons"), lambda w: named(w, "gun", "listed", "skill"))),
        ("Armour", worn),
        ("Gear", names(d.get("inventory"), lambda g: str(g.get("name", "")))),
    ]
    return rows, lists
