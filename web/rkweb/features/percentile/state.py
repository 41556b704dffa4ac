"""The percentile pages' saved state (section ``percentile``) and its conversion to core values.

Schema 1, merged with defaults on read so older or partial data still loads::

    {"settings": {...}, "characters": [...], "gm": {"PCT-M07": [rows]}, "check": {...},
     "combat": {"sides": [...], "round": 1, "order": {...} | None, "surprise": str | None,
                "attack": {...fields}, "log": [{"text", "at", "seed"}]}}

Numbers typed by the user are kept as the text they typed once the core accepted it; exact
values (``95/2``) are stored as fraction strings.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from fractions import Fraction
from typing import Any

from pycore.systems.percentile import agility, combat, damage
from pycore.validate import exact
from rkweb.app.model import Ctx, Model

SECTION = "percentile"
LOG_LIMIT = 200
CHAR_DEFAULTS: dict[str, Any] = {
    "name": "",
    "race": "human",
    "perception": "50",
    "brawl": "50",
    "aim": "50",
    "strength": "50",
    "agility": "50",
    "ap": "50",
    "damage_modifier": "0",
    "alertness": "",
    "weapons": [],
    "parts": [],
    "ledger": None,
}
DEFAULTS: dict[str, Any] = {
    "schema": 1,
    "settings": {},
    "characters": [],
    "gm": {},
    "check": {
        "target": "50",
        "label": "",
        "skill": "50",
        "pth": "80",
        "pa": "30",
        "brawl": "50",
        "die": "4+2",
        "g_damage": "24",
        "g_target": "60",
        "g_roll": "15",
        "log": [],
    },
    "combat": {
        "sides": [
            {"name": "Side A", "members": [], "modifier": "", "ac": ""},
            {"name": "Side B", "members": [], "modifier": "", "ac": ""},
        ],
        "round": 1,
        "order": None,
        "surprise": None,
        "attack": {},
        "log": [],
    },
}


def state(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    merged = copy.deepcopy(DEFAULTS)
    for key, value in saved.items():
        if key in ("check", "combat") and isinstance(value, dict):
            merged[key] = {**merged[key], **value}
        else:
            merged[key] = copy.deepcopy(value)
    chars = merged["characters"] if isinstance(merged["characters"], list) else []
    merged["characters"] = [_clean({**CHAR_DEFAULTS, **c}) for c in chars if isinstance(c, dict)]
    return merged


WHOLE_FIELDS = ("perception", "brawl", "aim", "strength", "agility", "ap", "damage_modifier")


def _clean(char: dict[str, Any]) -> dict[str, Any]:
    """Saved data edited by hand or by an older version: a number that no longer reads as a whole
    number falls back to its default rather than breaking the page."""
    for key in WHOLE_FIELDS:
        try:
            int(str(char[key]))
        except ValueError:
            char[key] = CHAR_DEFAULTS[key]
    for key in ("weapons", "parts"):
        if not isinstance(char.get(key), list):
            char[key] = []
        char[key] = [x for x in char[key] if isinstance(x, dict)]
    return char


def save(
    model: Model, new: dict[str, Any], ctx: Ctx | None = None, label: str | None = None
) -> Model:
    """Undoable with a label (a user action), quiet without (typing into a field)."""
    if label is not None and ctx is not None:
        return replace(model, history=model.history.apply(SECTION, new, label, ctx.now))
    return replace(model, history=model.history.set_quietly(SECTION, new))


def settings_of(st: dict[str, Any]) -> combat.Settings:
    try:
        return combat.settings_from_json(st.get("settings") or {})
    except ValueError:
        return combat.Settings()


def character(st: dict[str, Any], cid: str) -> dict[str, Any] | None:
    for c in st["characters"]:
        if c.get("id") == cid:
            return dict(c)
    return None


def put_character(st: dict[str, Any], char: dict[str, Any]) -> dict[str, Any]:
    st = dict(st)
    st["characters"] = [char if c.get("id") == char["id"] else c for c in st["characters"]]
    return st


def race_of(name: str) -> damage.Race:
    return damage.races().get(name) or damage.Race(name or "unknown")


def fraction(text: Any, default: Fraction = Fraction(0)) -> Fraction:
    try:
        return exact(str(text).replace("½", "").strip() or "0", "number") + (
            Fraction(1, 2) if str(text).strip().endswith("½") else 0
        )
    except (ValueError, ZeroDivisionError):
        return default


def ledger_of(char: dict[str, Any]) -> agility.Ledger:
    ap = max(Fraction(1), fraction(char.get("ap"), Fraction(50)))
    raw = char.get("ledger")
    if not isinstance(raw, dict) or fraction(raw.get("ap")) != ap:
        return agility.new_ledger(ap)
    return agility.Ledger(
        ap=ap,
        available=fraction(raw.get("available")),
        spent=fraction(raw.get("spent")),
        debt=fraction(raw.get("debt")),
        borrowed=fraction(raw.get("borrowed")),
        locked=bool(raw.get("locked")),
        no_borrow_this_turn=bool(raw.get("no_borrow_this_turn")),
        turn=int(raw.get("turn", 1)),
    )


def ledger_json(ledger: agility.Ledger) -> dict[str, Any]:
    return {
        "ap": str(ledger.ap),
        "available": str(ledger.available),
        "spent": str(ledger.spent),
        "debt": str(ledger.debt),
        "borrowed": str(ledger.borrowed),
        "locked": ledger.locked,
        "no_borrow_this_turn": ledger.no_borrow_this_turn,
        "turn": ledger.turn,
    }


def part_of(raw: dict[str, Any]) -> damage.BodyPart:
    return damage.BodyPart(
        str(raw.get("name", "")),
        max(Fraction(1), fraction(raw.get("points"), Fraction(1))),
        fraction(raw.get("damage")),
    )


def log_entry(text: str, ctx: Ctx) -> dict[str, Any]:
    return {"text": text, "at": ctx.now, "seed": ctx.fresh_seed}
