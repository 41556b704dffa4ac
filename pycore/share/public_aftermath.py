"""The players' view of an Aftermath! fight, from the saved ``aftermath`` section: the Combat
Turn and Action Phase (AFT-55), the characters in the sheet's order with the one attacking now,
each character's conditions active at this moment (Stunned, Dazed, Dead, ...) and the last
attack in words: who attacked whom, hit or miss and the critical effect. Never BCS, the dice,
the Damage Done or the hit location.

The app keeps no turn order for Aftermath (the text gives the order by Action Phases, which the
GM calls): the order shown is the characters', and whose turn it is, the attacker chosen now.

>>> from pycore.systems.aftermath.critical import moment
>>> from pycore.systems.aftermath.sheet import add_condition, new_sheet
>>> bo = add_condition(new_sheet("Bo"), "stunned", moment(1, 2))
>>> log = [{"text": "turn 1, phase 3 · Ana → Bo (Missile): hit location 4: Damage Done 12, stun"}]
>>> section = {"characters": [new_sheet("Ana"), bo],
...            "combat": {"turn": 1, "phase": 3, "attacker": 0, "target": 1, "log": log}}
>>> view = public_aftermath(section)
>>> [(s["name"], s["status"], s["current"]) for s in view["order"]], view["result"]
([('Ana', 'ok', True), ('Bo', 'stunned', False)], 'Ana → Bo (Missile) → hit, stun')
"""

from __future__ import annotations

import re
from typing import Any

from pycore.errors import RuleError
from pycore.share.public import MAX_SHOWN, fight_view, fighter_row, last_public
from pycore.validate import checked

_EFFECT = re.compile(r"Damage Done [^,]*, ([a-z]+)")


@checked
def aftermath_result(text: str) -> str | None:
    """An Aftermath combat log line as players may see it.

    >>> aftermath_result("turn 2, phase 5 · Ana → Bo (Hand-to-hand): critical miss")
    'Ana → Bo (Hand-to-hand) → critical miss'
    >>> aftermath_result("turn 2, phase 5 · Ana → Bo (Missile): hit location 7 (critical); waits for the Damage Potential")
    'Ana → Bo (Missile) → hit, critical'
    """
    line = text.partition(" · ")[2] or text
    head, _, rest = line.partition(": ")
    if any(c.isdigit() for c in head):
        return None
    rest = rest.strip()
    if rest.startswith(("miss", "critical miss")):
        return f"{head} → {rest.split(';')[0].split('(')[0].strip()}"
    if not rest.startswith("hit"):
        return head or None
    words = ["hit"]
    if "(critical)" in rest:
        words.append("critical")
    effect = _EFFECT.search(rest)
    if effect:
        words.append(effect.group(1))
    return f"{head} → {', '.join(words)}"


def _whole(value: Any, default: int, low: int, high: int) -> int:
    try:
        number = int(str(value).strip())
    except ValueError:
        return default
    return number if low <= number <= high else default


def _status(sheet: Any, turn: int, phase: int) -> str:
    """The conditions active now (AFT-55), in the game's words; only "dead" once Dead."""
    from pycore.systems.aftermath.critical import Moment
    from pycore.systems.aftermath.sheet import condition_from_json

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
    result = last_public(combat.get("log"), aftermath_result)
    return fight_view("aftermath", turn, order, result, str(phase))


@checked
def aftermath_under_way(section: Any) -> bool:
    """An Aftermath fight is under way once an attack is logged or the clock has moved."""
    combat = section.get("combat") if isinstance(section, dict) else None
    if not isinstance(combat, dict):
        return False
    moved = (str(combat.get("turn", 1)), str(combat.get("phase", 1))) != ("1", "1")
    return bool(combat.get("log")) or moved
