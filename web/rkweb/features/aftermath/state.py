"""The Aftermath page's saved state: one section ``aftermath`` with the characters, the
campaign settings (the values the source does not give), the roll page and the attack
worksheet. Old saved data merges over the defaults, so it always loads. The defaults of the
settings and of the worksheet's forms are the core's (``campaign``, ``worksheet``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.aftermath import sheet
from pycore.systems.aftermath.campaign import SETTINGS, Campaign, campaign, settings_from
from pycore.systems.aftermath.campaign import suspect_setting as suspect_setting
from pycore.systems.aftermath.critical import Moment
from pycore.systems.aftermath.fight.codec import PARTS, fight_from_json
from pycore.systems.aftermath.fight.value import COMBAT as COMBAT
from pycore.systems.aftermath.fight.value import Fight
from pycore.systems.aftermath.saved import LOG_LIMIT as LOG_LIMIT  # the codec's stated cap
from pycore.systems.aftermath.saved import VERSION as SCHEMA
from pycore.systems.aftermath.worksheet import MODES, Setup, form_of
from rkweb.app.model import Ctx, Model
from rkweb.kit.fields import error_of, with_error

FEATURE = "aftermath"
SECTION = "aftermath"

__all__ = ["SETTINGS", "suspect_setting"]

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


def _part(saved: dict[str, Any], key: str) -> dict[str, Any]:
    found = saved.get(key)
    return found if isinstance(found, dict) else {}


def state(model: Model) -> dict[str, Any]:
    """The section merged over the defaults (a fresh copy: callers may change it)."""
    saved = model.section(SECTION)
    combat = _part(saved, "combat")
    merged_combat = {**COMBAT, **combat, "log": list(combat.get("log", []))}
    for mode in MODES:
        merged_combat[mode] = form_of(mode, combat.get(mode))
    chars = saved.get("characters") if isinstance(saved.get("characters"), list) else []
    characters = [sheet.merged(c) for c in chars or []]
    settings = settings_from(saved.get("settings"))
    try:
        # The forms as the core derives them from the sheets and the fight so far, with what
        # the GM changed in this attack on top (FIGHT.md's first law; a sheet changed on the
        # Characters tab shows in the attack at once).
        fight = fight_from_json({"characters": characters, "settings": settings, "combat": combat})
        merged_combat = {**merged_combat, **fight.combat_json()}
    except RulekeeperError:
        pass  # a worksheet the core refuses is shown as saved; the fight's steps say why
    return {
        "schema": SCHEMA,
        "characters": characters,
        "selected": int(saved.get("selected", 0) or 0),
        "settings": settings,
        "rolls": {**ROLLS, **_part(saved, "rolls")},
        "combat": merged_combat,
    }


def fight_of(st: dict[str, Any]) -> Fight:
    """The core's fight from the page's state (its characters, settings and worksheet)."""
    return fight_from_json({k: st[k] for k in PARTS if k in st})


def now_of(st: dict[str, Any]) -> Moment:
    """The combat clock: the Combat Turn and Action Phase now (AFT-55)."""
    return Moment(int(st["combat"]["turn"]), int(st["combat"]["phase"]))


def campaign_of(st: dict[str, Any]) -> Campaign:
    return campaign(st["settings"])


def quietly(model: Model, new: dict[str, Any], **ui: Any) -> Model:
    """Keep typing and choices without an undo entry."""
    history = model.history.set_quietly(SECTION, new)
    return replace(model, history=history, ui={**model.ui, **ui})


def undoable(model: Model, new: dict[str, Any], label: str, ctx: Ctx, **ui: Any) -> Model:
    """A user action that Undo can take back (create, delete, attack, next phase...)."""
    history = model.history.apply(SECTION, new, label, ctx.now)
    return replace(model, history=history, ui={**model.ui, **ui})


def err(model: Model, key: str) -> str:
    """The error shown beside field ``key`` (the kit's one home for field errors)."""
    return error_of(model, FEATURE, key)


def set_err(model: Model, key: str, message: str | None) -> Model:
    return with_error(model, FEATURE, key, message)


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


def person(st: dict[str, Any], key: str) -> tuple[int, dict[str, Any] | None]:
    """The combatant in role ``key`` ("attacker" or "target"): its index and sheet."""
    index = int(st["combat"].get(key, 0) or 0)
    chars = st["characters"]
    return (index, chars[index]) if 0 <= index < len(chars) else (index, None)


def setup_of(st: dict[str, Any]) -> Setup | None:
    """The attack on the worksheet now: mode, the two sheets, the form, settings and moment
    (None until an attacker and a target exist)."""
    _, attacker = person(st, "attacker")
    _, target = person(st, "target")
    if attacker is None or target is None:
        return None
    mode = str(st["combat"]["mode"])
    override = str(st["combat"].get("override", ""))
    return Setup(mode, attacker, target, st["combat"][mode], campaign_of(st), now_of(st), override)
