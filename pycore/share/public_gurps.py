"""The players' view of a 3d6 (GURPS Lite style) fight, from the saved ``gurps`` section: the
round, the turn order (GUR-05), whose turn it is, each fighter's posture and stun when he has
one, and the last result in words: who attacked whom and whether it hit, who defended and how
it went, who was hurt. Never HP, DR, skills, defenses or dice.

>>> import random
>>> from pycore.systems.gurps import fight as core
>>> from pycore.systems.gurps.sheet import Combatant
>>> ana = Combatant(id="a", name="Ana", basic_speed="6", stunned=True)
>>> fight = core.Fight((ana, Combatant(id="b", name="Bo", posture="Kneeling")))
>>> fight, _ = core.start(fight, random.Random(1))
>>> log = [{"text": "Bo dodges: base 8 = 8; 3d6 (5, 4, 6) = 15: 3d6 = 15 vs defense 8: failure by 7"}]
>>> view = public_gurps({**core.fight_to_json(fight), "log": log})
>>> [(s["name"], s["status"], s["current"]) for s in view["order"]], view["result"]
([('Ana', 'stunned', True), ('Bo', 'kneeling', False)], 'Bo dodges → failure')
"""

from __future__ import annotations

import re
from typing import Any

from pycore.errors import RuleError
from pycore.share.public import (
    MAX_SHOWN,
    fight_view,
    fighter_row,
    last_public,
    public_result,
)
from pycore.validate import checked

_BY = re.compile(r"\s+by\s+\d+\s*$")


def _verdict(rest: str) -> str:
    """The words after the last colon, without "by 4" or a reason in brackets: "hit",
    "failure", "critical success"."""
    last = _BY.sub("", rest.rpartition(":")[2].split("(")[0]).strip()
    return "" if any(c.isdigit() for c in last) else last


@checked
def gurps_result(text: str) -> str | None:
    """A 3d6 log line as players may hear it.

    >>> gurps_result("Ana attacks Bo (torso): base 14 = 14; 3d6 (5, 2, 3) = 10: 3d6 = 10 vs effective skill 14: hit by 4")
    'Ana attacks Bo (torso) → hit'
    >>> gurps_result("Kim parries: base 9 = 9; 3d6 (6, 6, 6) = 18: 3d6 = 18 vs defense 9: failure (17-18 always fail)")
    'Kim parries → failure'
    >>> gurps_result("Damage: 1d+1 (5) + 1 = 6 cut; Bo: basic 6 − DR 2 = 4 penetrating → injury 6; major wound; HP 10 → 4")
    'Bo is hurt: major wound'
    >>> gurps_result("Turn order: Bo (Basic Speed 5, DX 10, tiebreak 621430); Ana (Basic Speed 5, DX 10, tiebreak 4)")
    'Turn order drawn'
    >>> gurps_result("Round 2: Bo's turn (maneuver in effect: Attack)")
    "Bo's turn (Attack)"
    >>> gurps_result("Left unanswered: Bo's shock. Round 2: Ana's turn: he chooses his maneuver (Attack holds)")
    "Ana's turn"
    """
    head, colon, rest = text.partition(":")
    if head.startswith(("Turn order", "New turn order")):
        return "Turn order drawn"
    if head == "Damage":
        # "Damage: <dice>; <name>: <injury>; [major wound;] HP a → b"
        who = rest.partition(";")[2].partition(":")[0].strip()
        if not who:
            return None
        major = "; major wound" in rest
        return f"{who} is hurt" + (": major wound" if major else "")
    turn = re.search(r"Round \d+: (.+)'s turn \(maneuver in effect: ([^)]*)\)", text)
    if turn:
        return f"{turn.group(1)}'s turn ({turn.group(2)})"
    # Since GUR-06 is kept (each turn opens with no maneuver chosen): "Round 2: Bo's turn: he
    # chooses his maneuver (...)" or "...'s turn; stunned: ...", perhaps after what ended.
    begun = re.search(r"Round \d+: (.+?)'s turn(?:: he chooses his maneuver|;|$)", text)
    if begun:
        return f"{begun.group(1)}'s turn"
    if colon and (" attacks " in head or head.endswith(("dodges", "parries", "blocks"))):
        verdict = _verdict(rest)
        return f"{head.strip()} → {verdict}" if verdict else head.strip()
    return public_result(text)


def _status(c: Any) -> str:
    """What anyone can see: stunned (004 line 46) and a posture other than standing."""
    words = ["stunned"] if c.stunned else []
    if c.mental_stun:
        words.append("mentally stunned")
    if c.posture != "Standing":
        words.append(c.posture.lower())
    return ", ".join(words) or "ok"


@checked
def public_gurps(section: Any) -> dict[str, Any]:
    """The public view of a saved ``gurps`` section (an empty fight when it is none)."""
    from pycore.systems.gurps.fight import Fight, fight_from_json

    saved = section if isinstance(section, dict) else {}
    try:
        fight = fight_from_json({**saved, "pending": None})  # the attack under way is the GM's
    except (RuleError, TypeError, KeyError, ValueError, AttributeError):
        fight = Fight()
    current = fight.current()
    by_id = {c.id: c for c in fight.combatants}
    ids = [p.id for p in fight.order]
    ids += [c.id for c in fight.combatants if c.id not in ids]
    order = [
        fighter_row(i, by_id[i].name, _status(by_id[i]), current is not None and i == current.id)
        for i in ids[:MAX_SHOWN]
    ]
    return fight_view("gurps", fight.round, order, last_public(saved.get("log"), gurps_result))


@checked
def gurps_under_way(section: Any) -> bool:
    """A 3d6 fight is under way once its order is drawn."""
    fight = section.get("fight") if isinstance(section, dict) else None
    return isinstance(fight, dict) and bool(fight.get("order"))
