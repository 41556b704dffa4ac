"""The players' view of a 3d6 (GURPS Lite style) fight, from the saved ``gurps`` section: the
round, the turn order (GUR-05), whose turn it is, each fighter's posture and stun when they have
one, and the last result in words: who attacked whom and whether it hit, who defended and how
it went, who was hurt. Never HP, DR, skills, defenses or dice.

>>> import random
>>> from pycore.systems.gurps import fight as core
>>> from pycore.systems.gurps.sheet import Combatant
>>> ana = Combatant(id="a", name="Ana", basic_speed="6", stunned=True)
>>> fight = core.Fight((ana, Combatant(id="b", name="Bo", posture="Kneeling")))
>>> fight, _ = core.start(fight, random.Random(1))
>>> log = [{"text": "Bo dodges: base 8 = 8; 3d6 (5, 4, 6) = 15: 3d6 = 15 vs defense 8: failure by 7",
...         "public": "Bo dodges → failure"}]
>>> view = public_gurps({**core.fight_to_json(fight), "log": log})
>>> [(s["name"], s["status"], s["current"]) for s in view["order"]], view["result"]
([('Ana', 'stunned', True), ('Bo', 'kneeling', False)], 'Bo dodges → failure')
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.share.public import MAX_SHOWN, fight_view, fighter_row, last_public
from pycore.systems.gurps.fight import Fight, fight_from_json
from pycore.validate import checked


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
    return fight_view("gurps", fight.round, order, last_public(saved.get("log")))


@checked
def gurps_under_way(section: Any) -> bool:
    """A 3d6 fight is under way once its order is drawn."""
    fight = section.get("fight") if isinstance(section, dict) else None
    return isinstance(fight, dict) and bool(fight.get("order"))
