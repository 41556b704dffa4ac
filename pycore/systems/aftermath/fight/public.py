"""The players' view of an Aftermath! fight, from the saved ``aftermath`` section: the Combat
Turn and Action Phase (AFT-55), the characters in the sheet's order with the one attacking now,
each character's conditions active at this moment (Stunned, Dazed, Dead, ...) and the last
attack in words: who attacked whom, hit or miss and the critical effect. Never BCS, the dice,
the Damage Done or the hit location.

The app keeps no turn order for Aftermath (the text gives the order by Action Phases, which the
GM calls): the order shown is the characters', and whose turn it is, the attacker chosen now.

>>> from pycore.systems.aftermath.conditions import moment
>>> from pycore.systems.aftermath.sheet.sheet import add_condition, new_sheet
>>> bo = add_condition(new_sheet("Bo"), "stunned", moment(1, 2))
>>> log = [{"text": "turn 1, phase 3 · Ana → Bo (Missile): hit location 4: Damage Done 12, stun",
...         "public": "Ana → Bo (Missile) → hit, stun"}]
>>> section = {"characters": [new_sheet("Ana"), bo],
...            "combat": {"turn": 1, "phase": 3, "attacker": 0, "target": 1, "log": log}}
>>> view = public_aftermath(section)
>>> [(s["name"], s["status"], s["current"]) for s in view["order"]], view["result"]
([('Ana', 'ok', True), ('Bo', 'stunned', False)], 'Ana → Bo (Missile) → hit, stun')
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.share.public import MAX_SHOWN, fight_view, fighter_row, last_public, seen
from pycore.validate import checked


@checked
def aftermath_public(attacker: str, target: str, how: str, resolution: Any) -> str:
    """The players' line of an Aftermath attack, from its values: who attacked whom, how, hit
    or miss, a critical and the effect anyone sees. Never BCS, dice, Damage Done or location.

    >>> from pycore.systems.aftermath.attack.combat import Resolution
    >>> aftermath_public("Ana", "Bo", "Missile", Resolution("missile", (), hit=True, location=4, damage_done=12, effect="stun"))
    'Ana → Bo (Missile) → hit, stun'
    >>> aftermath_public("Ana", "Bo", "Hand-to-hand", Resolution("hth", (), hit=False, critical_miss=True))
    'Ana → Bo (Hand-to-hand) → critical miss'
    """
    from pycore.systems.aftermath.attack.steps import Resolution

    if not isinstance(resolution, Resolution):
        raise RuleError(f"{str(resolution)[:40]!r} is not an attack's resolution")
    head = f"{attacker} → {target} ({how})"
    if not resolution.hit:
        return f"{head} → {'critical miss' if resolution.critical_miss else 'miss'}"
    words = ["hit"]
    if resolution.critical_hit:
        words.append("critical")
    effect = seen(str(resolution.effect)) if resolution.effect != "none" else ""
    if effect and not resolution.waits_for:
        words.append(effect)
    return f"{head} → {', '.join(words)}"


def _whole(value: Any, default: int, low: int, high: int) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        return default
    return number if low <= number <= high else default


def _status(sheet: Any, turn: int, phase: int) -> str:
    """The conditions active now (AFT-55), in the game's words; only "dead" once Dead."""
    from pycore.systems.aftermath.conditions import Moment, condition_from_json

    now = Moment(turn, phase)
    words: list[str] = []
    saved = sheet.get("conditions") if isinstance(sheet, dict) else None
    for raw in saved if isinstance(saved, list) else []:
        try:
            condition = condition_from_json(raw)
        except (RuleError, TypeError, ValueError):
            continue
        word = condition.name.lower().strip()[:40]
        hidden = any(c.isdigit() for c in word)
        if condition.active_at(now) and word and word not in words and not hidden:
            words.append(word)
    if "dead" in words:
        return "dead"
    return "; ".join(words) or "ok"  # a name may hold a comma ("Compound fracture, ...")


@checked
def public_aftermath(section: Any) -> dict[str, Any]:
    """The public view of a saved ``aftermath`` section (no one when it holds no characters)."""
    saved = section if isinstance(section, dict) else {}
    combat = saved.get("combat") if isinstance(saved.get("combat"), dict) else {}
    assert isinstance(combat, dict)
    people = saved.get("characters") if isinstance(saved.get("characters"), list) else []
    assert isinstance(people, list)
    turn = _whole(combat.get("turn", 1), 1, 1, 10_000)
    phase = _whole(combat.get("phase", 1), 1, 1, 20)
    attacker = _whole(combat.get("attacker", 0), -1, 0, len(people) - 1)
    order = []
    for i, sheet in enumerate(people[:MAX_SHOWN]):
        name = sheet.get("name") if isinstance(sheet, dict) else None
        shown = str(name or "") or f"#{i + 1}"
        order.append(fighter_row(str(i), shown, _status(sheet, turn, phase), i == attacker))
    result = last_public(combat.get("log"))
    return fight_view("aftermath", turn, order, result, str(phase))


@checked
def aftermath_under_way(section: Any) -> bool:
    """An Aftermath fight is under way once an attack is logged or the clock has moved."""
    combat = section.get("combat") if isinstance(section, dict) else None
    if not isinstance(combat, dict):
        return False
    moved = (str(combat.get("turn", 1)), str(combat.get("phase", 1))) != ("1", "1")
    return bool(combat.get("log")) or moved
