"""The Aftermath page's saved state: one section ``aftermath`` with the characters, the
campaign settings (the values the source does not give, AFT-M*), the roll page and the combat
worksheet. Old saved data merges over the defaults, so it always loads."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.systems.aftermath import sheet
from pycore.systems.aftermath.saved import LOG_LIMIT as LOG_LIMIT  # the codec's stated cap
from pycore.systems.aftermath.saved import VERSION as SCHEMA
from rkweb.app.model import Ctx, Model

SECTION = "aftermath"

#: Campaign settings: every one is a value or a reading the user may change (AFT-M*).
SETTINGS: dict[str, Any] = {
    "unstated_rounding": "half_up",
    "group8_effect_die": "2D10+2",
    "critical_hit_rule": "",
    "critical_miss_rule": "",
    "starred_hth_modifiers": "apply",
    "shotgun_critical_row": "",
    "pbr_bdg_modifier": "add",
    "bcs_per_distraction": "",
    "weapon_note_13": "",
    "weapon_note_13_cap": "",
    "thrown_critical_miss_table": "armed",
    "modern_crit_miss_96": "reconstructed",
    "noncutting_head_sever": "bleeds",
    "bdg_order": "range_first",
    # AFT-M44: one answer per suspect weapon row, keyed by suspect_setting(name)
    "suspect_pistol_butt": "",
    "suspect_pitchfork": "",
    "suspect_rifle_butt": "",
    "bdg_long_gun_38_40": "",
    "bdg_long_gun_44_40": "",
    "bdg_long_gun_44_magnum": "",
    "bdg_birdshot_10": "",
    "bdg_birdshot_12": "",
}

ROLLS: dict[str, Any] = {
    "who": "",
    "skill": "",
    "bcs": 12,
    "halved": False,
    "situations": [],
    "other": 0,
    "attribute": "HLH",
    "ast": 12,
    "cst": 5,
    "blast": 0,
    "die_a": "1D10",
    "die_b": "2D6",
    "comparison": "check_for_daze",
    "log": [],
}

MISSILE: dict[str, Any] = {
    "skill": "",
    "bcs": 12,
    "range_row": "Pistol STD",
    "meters": "20",
    "gun": "pistol",
    "size": "STD",
    "ia_value": "",
    "ammo": "pistol:38 Special",
    "bdg": "",
    "situations": [],
    "damage_taken": 0,
    "target_action": "stationary",
    "dodging": False,
    "autofire": False,
    "bursts": 0,
    "match": False,
    "critical_hit": False,
    "critical_miss": False,
    "special_effect": False,
    "direction": "",
    "attack_from": "front",
    "near_side": "",
    "encumbrance": 0,
    "distractions": 0,
    "cuts": "",
    "miss_table": "",
    "durability": "",
    "autoloading": "",
    "extractor": "",
    "gun_action": "",
    "cover_av": "",
    "shots": 1,
    "burst_size": "3",
    "max_bursts": "",
}

HTH: dict[str, Any] = {
    "skill": "",
    "bcs": 12,
    "weapon": "",
    "use": "strike",
    "zone": "front_side_rear_hex",
    "situations": [],
    "damage_potential": "",
    "critical_hit": False,
    "critical_miss": False,
    "direction": "",
    "attack_from": "front",
    "near_side": "",
    "encumbrance": 0,
    "distractions": 0,
    "cuts": "",
}

THROWN: dict[str, Any] = {
    "skill": "",
    "bcs": 12,
    "weapon": "Knife, throwing",
    "count": 1,
    "situations": [],
    "damage_taken": 0,
    "target_action": "stationary",
    "dodging": False,
    "damage_potential": "",
    "critical_hit": False,
    "critical_miss": False,
    "special_effect": False,
    "direction": "",
    "attack_from": "front",
    "near_side": "",
    "encumbrance": 0,
    "distractions": 0,
    "cuts": "",
}

COMBAT: dict[str, Any] = {
    "turn": 1,
    "phase": 1,
    "attacker": 0,
    "target": 1,
    "mode": "missile",
    "missile": MISSILE,
    "hth": HTH,
    "thrown": THROWN,
    "log": [],
}


def state(model: Model) -> dict[str, Any]:
    """The section merged over the defaults (a fresh copy: callers may change it)."""
    saved = model.section(SECTION)
    rolls = saved.get("rolls") if isinstance(saved.get("rolls"), dict) else {}
    combat = saved.get("combat") if isinstance(saved.get("combat"), dict) else {}
    settings = saved.get("settings") if isinstance(saved.get("settings"), dict) else {}
    chars = saved.get("characters") if isinstance(saved.get("characters"), list) else []
    merged_combat = {**COMBAT, **(combat or {})}
    for mode, defaults in (("missile", MISSILE), ("hth", HTH), ("thrown", THROWN)):
        part = merged_combat.get(mode)
        merged_combat[mode] = {**defaults, **(part if isinstance(part, dict) else {})}
    return {
        "schema": SCHEMA,
        "characters": [sheet.merged(c) for c in chars or []],
        "selected": int(saved.get("selected", 0) or 0),
        "settings": {**SETTINGS, **(settings or {})},
        "rolls": {**ROLLS, **(rolls or {})},
        "combat": merged_combat,
    }


def quietly(model: Model, new: dict[str, Any], **ui: Any) -> Model:
    """Keep typing and choices without an undo entry."""
    history = model.history.set_quietly(SECTION, new)
    return replace(model, history=history, ui={**model.ui, **ui})


def undoable(model: Model, new: dict[str, Any], label: str, ctx: Ctx, **ui: Any) -> Model:
    """A user action that Undo can take back (create, delete, attack, next phase...)."""
    history = model.history.apply(SECTION, new, label, ctx.now)
    return replace(model, history=history, ui={**model.ui, **ui})


def errors(model: Model) -> dict[str, str]:
    found = model.ui.get("aftermath_errors")
    return dict(found) if isinstance(found, dict) else {}


def with_error(model: Model, key: str, message: str | None) -> Model:
    found = errors(model)
    if message:
        found[key] = message
    else:
        found.pop(key, None)
    return model.with_ui(aftermath_errors=found)


def names(st: dict[str, Any]) -> list[str]:
    return [str(c.get("name") or f"#{i + 1}") for i, c in enumerate(st["characters"])]


def optional_int(text: Any) -> int | None:
    raw = str(text).strip()
    if raw == "":
        return None
    try:
        return int(raw)
    except ValueError:
        return None


def suspect_setting(weapon_name: str) -> str:
    """The settings key of the user's answer about a suspect weapon row (AFT-M44)."""
    return "suspect_" + weapon_name.lower().replace(" ", "_")
