"""Active defenses: Dodge, Parry, Block and the unarmed parry, each with its formula shown
(GUR-43, GUR-46 to GUR-50), and which defenses a maneuver leaves (GUR-18, GUR-T10).

>>> str(explain_dodge(5.75)), str(explain_parry(13)), str(explain_block(11))
('Dodge = ⌊5.75 + 3⌋ − 0 = 8', 'Parry = ⌊3 + 13/2⌋ + 0 = 9', 'Block = ⌊3 + 11/2⌋ = 8')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.errors import RuleError
from pycore.systems.gurps.modifiers import (
    EffectiveSkill,
    Modifier,
    effective_skill,
    maneuver,
    posture,
)
from pycore.validate import checked

DEFENSES: Final = ("dodge", "parry", "block")


def _int(field: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(f"{field} {value!r} is outside {low} to {high}")
    return value


@dataclass(frozen=True)
class Defense:
    """A defense score with the formula that gives it."""

    name: str
    value: int
    formula: str

    def __str__(self) -> str:
        return f"{self.name} = {self.formula} = {self.value}"


@checked
def explain_dodge(basic_speed: float, encumbrance: int = 0) -> Defense:
    """GUR-46: Dodge = ⌊Basic Speed + 3⌋ − encumbrance level (the level is the user's: the
    encumbrance table is not in the texts).

    >>> explain_dodge(5.25, 2).value
    6
    """
    if isinstance(basic_speed, bool) or not isinstance(basic_speed, int | float | Fraction):
        raise RuleError(f"Basic Speed {basic_speed!r} is not a number from 0 to 30")
    if not 0 <= basic_speed <= 30:
        raise RuleError(f"Basic Speed {basic_speed} is outside 0 to 30")
    level = _int("encumbrance level", encumbrance, 0, 10)
    value = math.floor(Fraction(str(basic_speed)) + 3) - level
    return Defense("Dodge", value, f"⌊{basic_speed:g} + 3⌋ − {level}")


@checked
def dodge(basic_speed: float, encumbrance: int = 0) -> int:
    """GUR-46 Dodge.

    >>> dodge(5.75), dodge(5.25, 2)
    (8, 6)
    """
    return explain_dodge(basic_speed, encumbrance).value


@checked
def explain_parry(skill: int, bonus: int = 0) -> Defense:
    """GUR-48: Parry = ⌊3 + skill/2⌋ + the weapon's parry modifier (GUR-T09).

    >>> explain_parry(11, -1).value, explain_parry(14, 2).value
    (7, 12)
    """
    level = _int("weapon skill", skill, 0, 40)
    mod = _int("parry bonus", bonus, -10, 10)
    return Defense("Parry", math.floor(3 + Fraction(level, 2)) + mod, f"⌊3 + {level}/2⌋ + {mod}")


@checked
def parry(skill: int, bonus: int = 0) -> int:
    """GUR-48 Parry.

    >>> parry(13)
    9
    """
    return explain_parry(skill, bonus).value


@checked
def explain_block(shield_skill: int) -> Defense:
    """GUR-47: Block = ⌊3 + Shield skill/2⌋.

    >>> explain_block(11).value
    8
    """
    level = _int("Shield skill", shield_skill, 0, 40)
    return Defense("Block", math.floor(3 + Fraction(level, 2)), f"⌊3 + {level}/2⌋")


@checked
def block(shield_skill: int) -> int:
    """GUR-47 Block.

    >>> block(11)
    8
    """
    return explain_block(shield_skill).value


@checked
def unarmed_parry(
    dx: int,
    brawling: int | None = None,
    karate: int | None = None,
    *,
    vs_weapon: bool = False,
    thrust: bool = False,
) -> Defense:
    """GUR-50: ⌊3 + max(Brawling, Karate, DX)/2⌋; −3 against a weapon unless the attack is a
    thrust or the parry uses Karate.

    >>> unarmed_parry(12, brawling=11).value
    9
    >>> unarmed_parry(12, brawling=11, vs_weapon=True).value, unarmed_parry(12, 11, vs_weapon=True, thrust=True).value
    (6, 9)
    """
    options = [("DX", _int("DX", dx, 0, 40))]
    if brawling is not None:
        options.append(("Brawling", _int("Brawling", brawling, 0, 40)))
    if karate is not None:
        options.append(("Karate", _int("Karate", karate, 0, 40)))
    name, value = max(options, key=lambda o: o[1])
    penalty = -3 if vs_weapon and not thrust and name != "Karate" else 0
    score = math.floor(3 + Fraction(value, 2)) + penalty
    formula = f"⌊3 + {name} {value}/2⌋" + (" − 3 vs weapon" if penalty else "")
    return Defense(f"Parry (unarmed, {name})", score, formula)


@checked
def allowed_defenses(
    maneuver_name: str, *, from_behind: bool = False, unaware: bool = False
) -> tuple[str, ...]:
    """GUR-18 / GUR-T10 / GUR-43 / GUR-51: the defenses left by the defender's maneuver;
    none against an attack from behind or one the defender does not know of.

    >>> allowed_defenses("Move and Attack"), allowed_defenses("All-Out Attack")
    (('dodge', 'block'), ())
    >>> allowed_defenses("Attack", from_behind=True)
    ()
    """
    if from_behind or unaware:
        return ()
    return maneuver(maneuver_name).defenses


@checked
def defense_line(
    kind: str,
    base: Defense,
    *,
    posture_name: str = "Standing",
    shield_db: int = 0,
    aod_option: str | None = None,
    stunned: bool = False,
    extra: tuple[Modifier, ...] = (),
) -> EffectiveSkill:
    """The effective defense, line by line: the score, posture (GUR-10), shield DB from the
    front or shield side (GUR-45), All-Out Defense Increased +2 to the chosen one (GUR-17),
    stunned −4 (GUR-45, once), then any table modifiers (GUR-51).

    >>> str(defense_line("dodge", explain_dodge(6), posture_name="Crouching", shield_db=2, stunned=True))
    'base 9 + shield DB +2 (GUR-45) + stunned −4 (GUR-45) = 7'
    """
    if kind not in DEFENSES:
        raise RuleError(f"defense {kind!r} is not one of {', '.join(DEFENSES)}")
    items: list[Modifier] = []
    held = posture(posture_name).defense
    if held:
        items.append(Modifier(f"posture {posture_name}", held, "GUR-10"))
    if shield_db:
        items.append(Modifier("shield DB", _int("shield DB", shield_db, 0, 10), "GUR-45"))
    if aod_option == f"Increased {kind.capitalize()}":
        items.append(Modifier("All-Out Defense (Increased)", 2, "GUR-17"))
    if stunned:
        items.append(Modifier("stunned", -4, "GUR-45"))
    return effective_skill(base.value, (*items, *extra))
