"""The carried shield in a fight (SIM-31, SIM-D12): a Defend made with it rolls on the Shield
skill plus the shield's Def Mod, and a shield strike rolls on the Shield skill with the shield's
Dmg as its max damage on the Master Damage Tables (its Dmg Mod against every attack on its
bearer is the armor's business: :meth:`Combatant.protection`).

>>> from pycore.systems.simply.fight.value import Combat, add_combatant
>>> fight = add_combatant(Combat(), name="Bo", hp_max=20, strength=6, health=5,
...                       shield="large", shield_skill=11, shield_level="Capable")
>>> bo = fight.get("c1")
>>> str(shield_defend(bo))
'Shield (Capable) 11, Def Mod −1 (Large shield) = TN 10'
>>> str(shield_strike(bo))
'Large shield (Shield 11, Max Dmg 8)'
"""

from __future__ import annotations

from dataclasses import dataclass

from pycore.figures import MINUS, signed
from pycore.systems.simply.armor import Shield, shield
from pycore.systems.simply.fight.value import Arm, Combatant
from pycore.validate import checked


@checked
def shield_name(carried: Shield) -> str:
    """The shield named as a shield: "Large shield" (a bare "Large" read as a size), "Buckler"
    and "e-Shield as Target" as printed (SIM-T07).

    >>> shield_name(shield("target")), shield_name(shield("buckler"))
    ('Target shield', 'Buckler')
    """
    name = carried.name
    if "shield" in name.casefold() or name == "Buckler":
        return name
    return f"{name} shield"


@dataclass(frozen=True)
class ShieldDefend:
    """A Defend made with the carried shield (SIM-D12, SIM-31): the Shield skill's rating and
    level from the record, the shield's Def Mod added to its TN, and the shield it comes from."""

    shield: str
    rating: int
    level: str | None
    def_mod: int

    @property
    def tn(self) -> int:
        """SIM-31: the Def Mod is added to the TN of a Defend made with the shield."""
        return self.rating + self.def_mod

    @property
    def source(self) -> str:
        """The Def Mod and where it comes from: "Def Mod −1 (Large shield)"."""
        return f"Def Mod {signed(self.def_mod)} ({self.shield})"

    @property
    def skill(self) -> str:
        """What the rating is: the Shield skill bought, or its default (SIM-03: a physical skill
        not bought defaults to C − 2, with no automatic success on 2)."""
        return "Shield skill" if self.level else f"Shield default C {MINUS} 2"

    @property
    def rating_said(self) -> str:
        """The rating as the step's note says it: "Shield 7", or with the default's sum
        "Shield default: Adj C 6 − 2 = 4" (SIM-03)."""
        if self.level:
            return f"Shield {self.rating}"
        return f"Shield default: Adj C {self.rating + 2} {MINUS} 2 = {self.rating}"

    def __str__(self) -> str:
        level = self.level or f"default C {MINUS} 2"
        return f"Shield ({level}) {self.rating}, {self.source} = TN {self.tn}"


@checked
def shield_defend(c: Combatant) -> ShieldDefend | None:
    """The Defend ``c`` can make with the shield they carry: on the Shield skill from their
    record, bought or at its default (SIM-D12: a Defend "made with" the shield is a Shield task;
    SIM-03: not bought, C − 2); None without a shield, or for a fighter with no record and no
    rating typed (they defend with a weapon, and the GM may type a TN)."""
    if not c.shield or c.shield_skill is None:
        return None
    carried = shield(c.shield)
    return ShieldDefend(shield_name(carried), c.shield_skill, c.shield_level, carried.def_mod)


@checked
def shield_strike(c: Combatant) -> Arm | None:
    """A strike with the carried shield (SIM-D12): the Shield skill's rating, the shield's Dmg
    as max damage on the Master Damage Tables (SIM-40), an "other" attack (SIM-D09); None when
    the shield cannot strike (Dmg "−": Buckler, Lexan, e-Shield) or the fighter has no Shield
    rating. The skill not bought, at its default (level None, SIM-03), as a weapon's attack is
    offered at its skill's default."""
    if not c.shield or c.shield_skill is None:
        return None
    carried = shield(c.shield)
    if carried.dmg is None:
        return None
    return Arm(shield_name(carried), "Shield", c.shield_skill, c.shield_level, carried.dmg)
