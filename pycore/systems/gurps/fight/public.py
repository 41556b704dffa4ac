"""The players' line of each step of a 3d6 fight, built from the step's values (an allow list:
who attacked whom and whether it hit, who defended and how it went, who was hurt and the wounds
anyone sees). Never HP, DR, skills, defenses, dice or target numbers. The players' view of the
whole fight (``fight.players``) reads these lines from the log.

Each result's ``public`` property calls the line it needs with its values; nothing here reads a
result class, so the fight's modules and this one import in one direction only.

>>> attack_public("Ana", "Bo", "skull", hit=True, critical=False, critical_failure=False)
'Ana attacks Bo (skull) → hit'
>>> defense_public("Bo", "dodges", None), injury_public("Bo", ("major wound", "HP 4"))
('Bo does not defend', 'Bo is hurt: major wound')
"""

from __future__ import annotations

from pycore.share.public import seen
from pycore.step import verdict
from pycore.systems.gurps.locations import location_name
from pycore.validate import checked


@checked
def attack_public(
    attacker: str,
    defender: str,
    location: str,
    *,
    hit: bool,
    critical: bool,
    critical_failure: bool,
) -> str:
    word = "critical hit" if critical else verdict(hit)
    if critical_failure:
        word = "critical miss"
    where = seen(location_name(location))
    return f"{attacker} attacks {defender}" + (f" ({where})" if where else "") + f" → {word}"


@checked
def defense_public(defender: str, verb: str, success: bool | None) -> str:
    """``success`` None: no defense was rolled."""
    if success is None:
        return f"{defender} does not defend"
    return f"{defender} {verb} → {verdict(success, 'success', 'failure')}"


@checked
def injury_public(defender: str, effects: tuple[str, ...]) -> str:
    wounds = ", ".join(w for w in (seen(e) for e in effects) if w)
    return f"{defender} is hurt" + (f": {wounds}" if wounds else "")


@checked
def recovery_public(name: str, mental: bool, success: bool) -> str:
    what = "mental stun" if mental else "stun"
    return f"{name} rolls against {what}: " + ("recovers" if success else "stays stunned")


@checked
def maneuver_public(name: str, maneuver: str, option: str) -> str:
    return f"{name}: " + (f"{maneuver} ({option})" if option else maneuver)


@checked
def readied_public(name: str, weapon: str) -> str:
    """The weapon drawn with a Ready maneuver is in plain sight."""
    return f"{name} readies the {weapon}"


@checked
def answered_public(name: str, outcome: str, rolled: bool) -> str:
    """What happens after the injury: its outcome, never the roll."""
    shown = "" if rolled else seen(outcome)
    return f"{name}: {shown}" if shown else ""


@checked
def turn_public(name: str, stunned: bool) -> str:
    return f"{name}'s turn" + (" (stunned)" if stunned else "")


@checked
def gurps_public(result: object) -> str:
    """The players' line of a 3d6 fight step, from its values ("" for a step they do not hear).

    >>> from pycore.systems.gurps.fight.turns import OrderDrawn, TurnBegun
    >>> gurps_public(TurnBegun(2, "Bo", "Attack")), gurps_public(OrderDrawn(()))
    ("Bo's turn", 'Turn order drawn')
    """
    line = getattr(result, "public", "")
    return line if isinstance(line, str) else ""
