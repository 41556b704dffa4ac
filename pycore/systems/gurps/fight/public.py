"""The players' line of each step of a 3d6 fight, built from the step's values (an allow list:
who attacked whom and whether it hit, who defended and how it went, who was hurt and the wounds
anyone sees). Never HP, DR, skills, defenses, dice or target numbers. The players' view of the
whole fight (``pycore.share.public_gurps``) reads these lines from the log."""

from __future__ import annotations

from pycore.share.public import seen
from pycore.step import verdict
from pycore.systems.gurps.fight.attack import Abandoned, AttackRolled, Defended, Injured
from pycore.systems.gurps.fight.checks import Answered
from pycore.systems.gurps.fight.turns import (
    Joined,
    ManeuverTaken,
    OrderDrawn,
    Recovered,
    Removed,
    TurnBegun,
)
from pycore.validate import checked


def _attack(result: AttackRolled) -> str:
    rolled = result.rolled.result
    word = "critical hit" if rolled.critical else verdict(rolled.hit)
    if rolled.critical_failure:
        word = "critical miss"
    where = seen(result.location.replace("_", " "))
    return (
        f"{result.attacker} attacks {result.defender}"
        + (f" ({where})" if where else "")
        + (f" → {word}")
    )


def _defense(result: Defended) -> str:
    if result.rolled is None:
        return f"{result.defender} does not defend"
    won = verdict(result.rolled.result.success, "success", "failure")
    return f"{result.defender} {result.verb} → {won}"


def _injury(result: Injured) -> str:
    wounds = ", ".join(w for w in (seen(e) for e in result.hurt.effects) if w)
    return f"{result.defender} is hurt" + (f": {wounds}" if wounds else "")


def _recovery(result: Recovered) -> str:
    what = "stun" if result.kind == "physical" else "mental stun"
    outcome = "recovers" if result.rolled.success else "stays stunned"
    return f"{result.name} rolls against {what}: {outcome}"


def _maneuver(result: ManeuverTaken) -> str:
    chosen = f"{result.maneuver} ({result.option})" if result.option else result.maneuver
    return f"{result.name}: {chosen}"


def _answered(result: Answered) -> str:
    """What happens after the injury: its outcome, never the roll."""
    outcome = seen(result.outcome) if result.rolled is None else ""
    return f"{result.name}: {outcome}" if outcome else ""


@checked
def gurps_public(result: object) -> str:
    """The players' line of a 3d6 fight step, from its values ("" for a step they do not hear).

    >>> gurps_public(TurnBegun(2, "Bo", "Attack")), gurps_public(OrderDrawn(()))
    ("Bo's turn", 'Turn order drawn')
    """
    if isinstance(result, AttackRolled):
        return _attack(result)
    if isinstance(result, Defended):
        return _defense(result)
    if isinstance(result, Injured):
        return _injury(result)
    if isinstance(result, TurnBegun):  # GUR-06: his maneuver is chosen next, unless stunned
        return f"{result.name}'s turn" + (" (stunned)" if result.stunned else "")
    if isinstance(result, ManeuverTaken):
        return _maneuver(result)
    if isinstance(result, Answered):
        return _answered(result)
    if isinstance(result, Recovered):
        return _recovery(result)
    if isinstance(result, OrderDrawn):
        return "Turn order drawn"
    if isinstance(result, Joined):
        return f"{result.name} joins the fight"
    if isinstance(result, Removed):
        return f"{result.name} leaves the fight"
    if isinstance(result, Abandoned):
        return "The attack is called off"
    return ""
