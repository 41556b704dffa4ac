"""Where an attack may be aimed (GUR-29 to GUR-38, GUR-60): the one list of hit locations the
tracker's step and the Attack tab offer, built from the attack line and the target's sheet, and
the location an attack aims at once its line or its target changes.

A location the attack cannot hit is not offered, so it is never rolled at its penalty and
refused only at the damage roll: the vitals and the eye take only impaling, piercing or
tight-beam burning attacks (003 lines 41, 46); a target with No Eyes, No Head or No Neck lacks
them (003 line 70); the shield arm (−4) and shield hand (−8) are a shield's (003 lines 55, 58),
so a target without one has neither, nor one whose shield no hand holds: both hands gripping a
two-handed weapon (004 line 93; the fight's weapon in hand, ``fight.target_as_held``). Fatigue damage always ignores hit location (003 line 35):
a fatigue attack is offered no location at all, and lands on the torso with no penalty.

>>> spear = Combatant(damage_type="imp")
>>> [k for k in aimed_locations(Combatant(), Combatant()) if k not in aimed_locations(spear, Combatant())]
[]
>>> [k for k in aimed_locations(spear, Combatant()) if k not in aimed_locations(Combatant(damage_type="cr"), Combatant())]
['vitals', 'eye']
"""

from __future__ import annotations

from pycore.systems.gurps.attacks import armed
from pycore.systems.gurps.injury import aim_refused
from pycore.systems.gurps.locations import body_locations, location_name
from pycore.systems.gurps.sheet import Combatant
from pycore.validate import checked

#: 003 lines 55, 58: the penalties to hit an arm, a hand, holding a shield.
SHIELD_SIDE = ("shield_arm", "shield_hand")


@checked
def ignores_location(attacker: Combatant | None, line: int = 0) -> bool:
    """Whether ``attacker``'s attack ``line`` ignores hit location: fatigue damage always does
    (003 line 35), so it is aimed at none and takes no location penalty.

    >>> ignores_location(Combatant(damage_type="fat")), ignores_location(Combatant())
    (True, False)
    """
    return attacker is not None and armed(attacker, line).damage_type == "fat"


@checked
def aimed_locations(
    attacker: Combatant | None, defender: Combatant | None, line: int = 0
) -> tuple[str, ...]:
    """The locations ``attacker``'s attack ``line`` may be aimed at on ``defender``; a chink in
    the armor goes with one of them (``AttackSetup.chink``, 003 line 87), so the table's two
    chink rows are not offered. With either fighter not chosen yet, every location of the body.
    A shield arm and hand only while a hand holds his shield (:attr:`Combatant.shield_held`).
    """
    keys = body_locations()
    if attacker is None or defender is None:
        return keys
    using = armed(attacker, line)
    return tuple(
        k
        for k in keys
        if not aim_refused(k, using.damage_type, defender.tolerance, using.tight_beam)
        and (defender.shield_held or k not in SHIELD_SIDE)
    )


@checked
def location_choices(
    attacker: Combatant | None,
    defender: Combatant | None,
    line: int = 0,
    *,
    random_location: bool = False,
) -> tuple[tuple[str, str], ...]:
    """The hit location select's ``(key, name)`` choices, on both pages: the aimed ones, or for
    a random hit location every location of the body (where the GM's 3d table put the blow,
    003 line 63); none for a fatigue attack, which ignores hit location (003 line 35).

    >>> location_choices(Combatant(), Combatant())[:2]
    (('torso', 'torso'), ('skull', 'skull'))
    >>> location_choices(Combatant(damage_type="fat"), Combatant(), random_location=True)
    ()
    """
    if ignores_location(attacker, line):
        return ()
    keys = body_locations() if random_location else aimed_locations(attacker, defender, line)
    return tuple((k, location_name(k)) for k in keys)


@checked
def aimed_location(
    location: str,
    attacker: Combatant | None,
    defender: Combatant | None,
    line: int = 0,
    *,
    random_location: bool = False,
) -> str:
    """``location`` if this attack may be aimed there, else the torso, "the default target for
    attacks" (003 line 39): a location chosen for another attack line or another target is
    never carried to one that cannot hit it (FIGHT.md). A random blow's location is the GM's
    table's, kept as given. A fatigue attack's is the torso (003 line 35)."""
    if ignores_location(attacker, line):
        return "torso"
    if random_location or location in aimed_locations(attacker, defender, line):
        return location
    return "torso"
