"""A quick NPC: a participant the GM types by name, S and H, with no Character Record. Its HP
are the rule's (SIM-27: HP = ⌈S × m + H⌉, m by H from SIM-T11) unless the GM types them: a
number the GM did not set is derived, never a default that looks like a rule (FIGHT.md).

>>> str(quick_hp(6, 6))
'HP 24 = ⌈S × m + H⌉ = ⌈6 × 3 + 6⌉'
>>> str(quick_hp(7, 3))
'HP 21 = ⌈S × m + H⌉ = ⌈7 × 5/2 + 3⌉ = ⌈41/2⌉'
"""

from __future__ import annotations

from pycore.systems.simply.fight.value import Arm
from pycore.systems.simply.limits import MAX_HP, MAX_ORIGINAL_STAT
from pycore.systems.simply.stats import Derivation, hp_steps
from pycore.validate import checked, whole

#: The attack skill ratings a GM may type for a quick NPC (the attack step's TN bounds).
RATING: tuple[int, int] = (-99, 999)

#: SIM-T11 gives m for H 1 to 10 only (SIM-D07): past it the GM types the HP.
HP_TABLE_H: tuple[int, int] = (1, 10)


@checked
def quick_hp(strength: int, health: int) -> Derivation:
    """SIM-27 for a quick NPC's S and H as typed (the fight has no adjustments for it): its HP
    with the formula, or, for H past SIM-T11's rows, no value and what to type instead.

    >>> quick_hp(5, 8).value, quick_hp(8, 10).value
    (26, 42)
    >>> d = quick_hp(6, 12)
    >>> d.value, str(d)
    (None, 'HP: H 12 is past the HP table (H 1 to 10); type the HP, 1 to 1000')
    """
    whole(strength, "S", 1, MAX_ORIGINAL_STAT)
    whole(health, "H", 1, MAX_ORIGINAL_STAT)
    low, high = HP_TABLE_H
    if not low <= health <= high:
        return Derivation(
            "HP",
            None,
            f"HP: H {health} is past the HP table (H {low} to {high}); type the HP, 1 to {MAX_HP}",
            ("SIM-27", "SIM-D07"),
        )
    value, steps = hp_steps(strength, health)
    return Derivation("HP", value, f"HP {value} = ⌈S × m + H⌉ = {steps}", ("SIM-27",))


@checked
def quick_arm(rating: int, max_damage: int | None) -> Arm:
    """A quick NPC's attack at the skill rating the GM typed for it once, in the add form: the
    TN each of its attacks starts from and its Defend TN (SIM-28, SIM-39, SIM-D08). Without it
    the GM typed the TN in the attack's fold at every attack (first law: nothing of one attack
    reaches the next), and the NPC could not Defend. No level is known, so no automatic 2
    (SIM-06), as for a TN typed in the attack.

    >>> str(quick_arm(10, 8))
    'Attack (skill 10, Max Dmg 8)'
    """
    low, high = RATING
    return Arm("Attack", "skill", whole(rating, "attack skill rating", low, high), None, max_damage)
