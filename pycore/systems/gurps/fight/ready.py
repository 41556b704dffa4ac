"""One tap, "Ready <weapon>": the Ready maneuver taken and the weapon drawn together (GUR-13;
004 line 95), beside the turn's own maneuvers (:mod:`.turns`) and what their hands hold
(:mod:`.hands`)."""

from __future__ import annotations

from pycore.errors import RuleError
from pycore.systems.gurps.fight.hands import WeaponReadied, ready_now, ready_weapon
from pycore.systems.gurps.fight.turns import ManeuverTaken, take_maneuver
from pycore.systems.gurps.fight.value import Fight
from pycore.validate import checked


@checked
def ready_drawn(fight: Fight, line: int) -> tuple[Fight, tuple[ManeuverTaken, WeaponReadied]]:
    """One tap, "Ready <weapon>": the acting combatant takes the Ready maneuver this turn
    (GUR-06, GUR-13) and draws the weapon of their attack line ``line`` (004 line 95: "to draw a
    new weapon from a sheath, scabbard, or sling ... you must take a Ready maneuver"), one of
    those not in their hand (:func:`.hands.ready_now`)."""
    current = fight.current()
    if current is None:
        raise RuleError("start the fight first")
    if line not in ready_now(fight, current):
        raise RuleError(f"attack line {line!r} is no weapon of {current.name}'s to draw now")
    fight, taken = take_maneuver(fight, "Ready")
    fight, readied = ready_weapon(fight, current.id, line)
    return fight, (taken, readied)
