"""Active defenses: Dodge, Parry, Block and the unarmed parry, each with its formula shown
(GUR-43, GUR-46 to GUR-50), and which defenses a maneuver leaves (GUR-18, GUR-T10).

>>> str(explain_dodge("5.75")), str(explain_parry(13)), str(explain_block(11))
('Dodge = ⌊5.75 + 3⌋ − 0 = 8', 'Parry = ⌊3 + 13/2⌋ + 0 = 9', 'Block = ⌊3 + 11/2⌋ = 8')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from pycore.errors import RuleError
from pycore.systems.gurps.modifiers import (
    EffectiveSkill,
    Modifier,
    effective_skill,
    maneuver,
    posture,
)
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.validate import checked, shown, whole

DEFENSES: Final = ("dodge", "parry", "block")

AttackKind = Literal["melee", "thrown", "bow", "crossbow", "firearm"]
#: The kinds of attack, each with its words on screen (the stored key apart from the label).
ATTACK_KINDS: Final[dict[str, str]] = {
    "melee": "Melee",
    "thrown": "Thrown",
    "bow": "Bow or other muscle-powered missile",
    "crossbow": "Crossbow",
    "firearm": "Firearm or beam",
}
# 004 line 253: a parry stops only melee attacks and thrown weapons; 004 line 241: a block stops
# melee attacks, thrown weapons and muscle-powered missiles, not bullets or beams; 004 line 226:
# against firearms dodge is normally the only defense; 004 line 108: thrown = ranged.
_AGAINST: Final[dict[str, tuple[str, ...]]] = {
    "melee": ("dodge", "parry", "block"),
    "thrown": ("dodge", "parry", "block"),
    "bow": ("dodge", "block"),
    "crossbow": ("dodge", "block"),
    "firearm": ("dodge",),
}


@checked
def attack_kind(kind: str) -> str:
    """A kind of attack checked against the known ones (a typed error names them)."""
    if kind not in ATTACK_KINDS:
        raise RuleError(
            f"kind of attack {shown(kind)} is unknown; allowed: {', '.join(ATTACK_KINDS)}"
        )
    return kind


@checked
def defenses_against(kind: str) -> tuple[str, ...]:
    """The active defenses a kind of attack allows at all (004 lines 226, 241, 253, 108).

    >>> defenses_against("thrown"), defenses_against("bow"), defenses_against("firearm")
    (('dodge', 'parry', 'block'), ('dodge', 'block'), ('dodge',))
    """
    return _AGAINST[attack_kind(kind)]


def thrown_parry_modifier(light: bool) -> Modifier:
    """004 lines 257, 300: parrying a thrown weapon is at −1, or −2 if it weighs 1 lb or less.

    >>> str(thrown_parry_modifier(light=True))
    'parrying a small thrown weapon −2 (004:L257)'
    """
    if light:
        return Modifier("parrying a small thrown weapon", -2, "004:L257")
    return Modifier("parrying a thrown weapon", -1, "004:L257")


@dataclass(frozen=True)
class Defense:
    """A defense score with the formula that gives it."""

    name: str
    value: int
    formula: str

    def __str__(self) -> str:
        return f"{self.name} = {self.formula} = {self.value}"


def explain_dodge(basic_speed: Fraction | int | str, encumbrance: int = 0) -> Defense:
    """GUR-46: Dodge = ⌊Basic Speed + 3⌋ − encumbrance level (the level is the user's: the
    encumbrance table is not in the texts). Basic Speed is read exactly as written.

    >>> explain_dodge("5.25", 2).value, str(explain_dodge("5.75"))
    (6, 'Dodge = ⌊5.75 + 3⌋ − 0 = 8')
    """
    speed = exact("Basic Speed", basic_speed, 0, 30)
    level = whole(encumbrance, "encumbrance level", 0, 10)
    value = math.floor(speed + 3) - level
    return Defense("Dodge", value, f"⌊{decimal_text(speed)} + 3⌋ − {level}")


def dodge(basic_speed: Fraction | int | str, encumbrance: int = 0) -> int:
    """GUR-46 Dodge.

    >>> dodge("5.75"), dodge("5.25", 2)
    (8, 6)
    """
    return explain_dodge(basic_speed, encumbrance).value


@checked
def explain_parry(skill: int, bonus: int = 0) -> Defense:
    """GUR-48: Parry = ⌊3 + skill/2⌋ + the weapon's parry modifier (GUR-T09).

    >>> explain_parry(11, -1).value, explain_parry(14, 2).value, str(explain_parry(11, -1))
    (7, 12, 'Parry = ⌊3 + 11/2⌋ − 1 = 7')
    """
    level = whole(skill, "weapon skill", 0, 40)
    mod = whole(bonus, "parry bonus", -10, 10)
    # The modifier as a term of the sum: "− 1" for a dagger's −1 (GUR-T09), never "+ -1".
    term = f"− {-mod}" if mod < 0 else f"+ {mod}"
    return Defense("Parry", math.floor(3 + Fraction(level, 2)) + mod, f"⌊3 + {level}/2⌋ {term}")


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
    level = whole(shield_skill, "Shield skill", 0, 40)
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
    encumbrance: int = 0,
) -> Defense:
    """GUR-50 (004 lines 268-270): parry barehanded with Brawling or Karate, or DX if higher:
    ⌊3 + value/2⌋. Against a weapon −3 unless the attack is a thrust or the parry uses Karate;
    a Karate parry takes the encumbrance level (004 line 293). Each way is worked out with its
    own penalties and the best one is used, so Karate wins against a weapon whenever the −3
    costs the others more than Karate is behind.

    >>> unarmed_parry(12, brawling=11).value
    9
    >>> unarmed_parry(12, brawling=11, vs_weapon=True).value, unarmed_parry(12, 11, vs_weapon=True, thrust=True).value
    (6, 9)
    >>> str(unarmed_parry(12, brawling=14, karate=12, vs_weapon=True))
    'Parry (unarmed, Karate) = ⌊3 + Karate 12/2⌋ = 9'
    """
    minus_3 = vs_weapon and not thrust
    options = [("DX", whole(dx, "DX", 0, 40), -3 if minus_3 else 0)]
    if brawling is not None:
        options.append(("Brawling", whole(brawling, "Brawling", 0, 40), -3 if minus_3 else 0))
    if karate is not None:
        level = whole(encumbrance, "encumbrance level", 0, 10)
        options.append(("Karate", whole(karate, "Karate", 0, 40), -level))
    scored = [(math.floor(3 + Fraction(v, 2)) + pen, name, v, pen) for name, v, pen in options]
    # The best parry; on a tie the skill over DX ("Brawling or Karate skill - or DX, if higher").
    score, name, value, penalty = max(scored, key=lambda o: (o[0], o[1] != "DX"))
    formula = f"⌊3 + {name} {value}/2⌋"
    if penalty and name == "Karate":
        formula += f" − {-penalty} encumbrance"
    elif penalty:
        formula += " − 3 vs weapon"
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
def carried_defense_modifiers(
    posture_name: str = "Standing", stunned: bool = False
) -> tuple[Modifier, ...]:
    """The modifiers a fighter brings to every defense, whatever the attack: his posture's
    (GUR-10, GUR-T01: Lying Down −3) and stunned −4 (GUR-45). :func:`defense_line` adds these,
    so a fighter's card says the same total as the defense step (a GM's play-through: the card
    said "at −4 · lying down" while the step applied −7).

    >>> [m.plain() for m in carried_defense_modifiers("Lying Down", stunned=True)]
    ['posture Lying Down −3', 'stunned −4']
    """
    items: list[Modifier] = []
    held = posture(posture_name).defense
    if held:
        items.append(Modifier(f"posture {posture_name}", held, "GUR-10"))
    if stunned:
        items.append(Modifier("stunned", -4, "GUR-45"))
    return tuple(items)


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
    """The effective defense, line by line: the score, the modifiers he carries to every
    defense (:func:`carried_defense_modifiers`: posture, GUR-10; stunned −4 once, GUR-45),
    shield DB from the front or shield side (GUR-45), All-Out Defense Increased +2 to the
    chosen one (GUR-17), then any table modifiers (GUR-51).

    >>> str(defense_line("dodge", explain_dodge(6), posture_name="Crouching", shield_db=2, stunned=True))
    'base 9 + stunned −4 (GUR-45) + shield DB +2 (GUR-45) = 7'
    """
    if kind not in DEFENSES:
        raise RuleError(f"defense {shown(kind)} is not one of {', '.join(DEFENSES)}")
    items = list(carried_defense_modifiers(posture_name, stunned))
    if shield_db:
        items.append(Modifier("shield DB", whole(shield_db, "shield DB", 0, 10), "GUR-45"))
    if aod_option == f"Increased {kind.capitalize()}":
        items.append(Modifier("All-Out Defense (Increased)", 2, "GUR-17"))
    return effective_skill(base.value, (*items, *extra))
