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
>>> log = [{"text": "Bo dodges: base 8 = 8; 3d6 (5, 4, 6) = 15: 3d6 = 15 vs defense 8: failure by 7",
...         "public": "Bo dodges → failure"}]
>>> view = public_gurps({**core.fight_to_json(fight), "log": log})
>>> [(s["name"], s["status"], s["current"]) for s in view["order"]], view["result"]
([('Ana', 'stunned', True), ('Bo', 'kneeling', False)], 'Bo dodges → failure')
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.share.public import MAX_SHOWN, fight_view, fighter_row, last_public, seen
from pycore.step import verdict
from pycore.validate import checked


@checked
def gurps_public(result: object) -> str:
    """The players' line of a 3d6 fight step, from its values: who attacked whom and whether
    it hit, who defended and how it went, who was hurt and the wounds anyone sees.

    >>> from pycore.systems.gurps.fight import OrderDrawn, TurnBegun
    >>> gurps_public(TurnBegun(2, "Bo", "Attack")), gurps_public(OrderDrawn(()))
    ("Bo's turn", 'Turn order drawn')
    """
    from pycore.systems.gurps.fight import (
        Abandoned,
        AttackRolled,
        Defended,
        Injured,
        Joined,
        ManeuverTaken,
        OrderDrawn,
        Recovered,
        Removed,
        TurnBegun,
    )
    from pycore.systems.gurps.fight.checks import Answered

    if isinstance(result, AttackRolled):
        rolled = result.rolled.result
        word = "critical hit" if rolled.critical else verdict(rolled.hit)
        if rolled.critical_failure:
            word = "critical miss"
        where = seen(result.location.replace("_", " "))
        return (
            f"{result.attacker} attacks {result.defender}"
            + (f" ({where})" if where else "")
            + f" → {word}"
        )
    if isinstance(result, Defended):
        if result.rolled is None:
            return f"{result.defender} does not defend"
        won = verdict(result.rolled.result.success, "success", "failure")
        return f"{result.defender} {result.verb} → {won}"
    if isinstance(result, Injured):
        wounds = [seen(e) for e in result.hurt.effects]
        shown = ", ".join(w for w in wounds if w)
        return f"{result.defender} is hurt" + (f": {shown}" if shown else "")
    if isinstance(result, TurnBegun):  # GUR-06: his maneuver is chosen next, unless stunned
        return f"{result.name}'s turn" + (" (stunned)" if result.stunned else "")
    if isinstance(result, ManeuverTaken):
        chosen = f"{result.maneuver} ({result.option})" if result.option else result.maneuver
        return f"{result.name}: {chosen}"
    if isinstance(result, Answered):  # what happens after the injury: its outcome, no roll
        outcome = seen(result.outcome) if result.rolled is None else ""
        return f"{result.name}: {outcome}" if outcome else ""
    if isinstance(result, OrderDrawn):
        return "Turn order drawn"
    if isinstance(result, Recovered):
        what = "stun" if result.kind == "physical" else "mental stun"
        outcome = "recovers" if result.rolled.success else "stays stunned"
        return f"{result.name} rolls against {what}: {outcome}"
    if isinstance(result, Joined):
        return f"{result.name} joins the fight"
    if isinstance(result, Removed):
        return f"{result.name} leaves the fight"
    if isinstance(result, Abandoned):
        return "The attack is called off"
    return ""


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
    return fight_view("gurps", fight.round, order, last_public(saved.get("log")))


@checked
def gurps_under_way(section: Any) -> bool:
    """A 3d6 fight is under way once its order is drawn."""
    fight = section.get("fight") if isinstance(section, dict) else None
    return isinstance(fight, dict) and bool(fight.get("order"))
