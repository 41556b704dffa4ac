"""A combatant's ways to attack (004 line 91: a weapon used in more than one way, a swing and a
thrust, has a line for each, and the line is named before the roll; a second weapon is another
line). The sheet's weapon is the first line; the others are typed on the sheet, one per ``;``:

    ``Thrust: 14, 1d+2 imp, thrust; Knife: 12, 1d-1 imp, thrown, light, 1/2D 10, Max 20``

each a name, the skill, the damage dice and type, then any of: a kind of attack (melee, thrown,
bow, crossbow, firearm), ``thrust``, ``light`` (a thrown weapon of 1 lb or less), ``unarmed``,
``tight beam``, ``Acc N``, ``1/2D N``, ``Max N``.

>>> from pycore.systems.gurps.sheet import Combatant
>>> c = Combatant(weapon="Shortsword", more_attacks="Thrust: 13, 1d imp, thrust")
>>> [(a.name, a.damage, a.damage_type, a.thrust) for a in attack_lines(c)]
[('Shortsword', '1d+1', 'cut', False), ('Thrust', '1d', 'imp', True)]
>>> armed(c, 1).weapon_skill, armed(c, 1).damage_type
(13, 'imp')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Final

from pycore.errors import RuleError
from pycore.systems.gurps.defenses import ATTACK_KINDS
from pycore.systems.gurps.injury import damage_types, parse_damage
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.validate import fields_as_declared, instance, shown

if TYPE_CHECKING:  # the sheet reads its lines through this module
    from pycore.systems.gurps.sheet import Combatant

MAX_LINES: Final = 12
_FLAGS: Final = ("thrust", "light", "unarmed", "tight beam")
_NUMBERS = re.compile(r"^(acc|1/2d|max)\s+(\S+)$", re.IGNORECASE)


@dataclass(frozen=True)
class AttackLine:
    """One way to attack: what the roll and the damage need."""

    name: str
    skill: int
    damage: str
    damage_type: str
    kind: str = "melee"
    thrust: bool = False
    light: bool = False
    unarmed: bool = False
    tight_beam: bool = False
    acc: int = 0
    half_d: str = ""
    max_range: str = ""

    def __str__(self) -> str:
        return f"{self.name} ({self.damage} {self.damage_type}), skill {self.skill}"


def _first(c: Combatant) -> AttackLine:
    return AttackLine(
        c.weapon,
        c.weapon_skill,
        c.damage,
        c.damage_type,
        c.attack_kind,
        c.thrust,
        c.light,
        c.unarmed,
        c.tight_beam,
        c.acc,
        c.half_d,
        c.max_range,
    )


def _extra(entry: str) -> AttackLine:
    """One typed line: ``name: skill, dice type, options...``."""
    name, colon, rest = entry.partition(":")
    parts = [p.strip() for p in rest.split(",")]
    if not colon or not name.strip() or len(parts) < 2:
        raise RuleError(
            f"other attacks: {shown(entry.strip())} is not 'name: skill, damage type' "
            "(e.g. Thrust: 14, 1d+2 imp)"
        )
    skill_text, damage_text, *options = parts
    if not (skill_text.isascii() and skill_text.isdigit()) or not 0 <= int(skill_text) <= 40:
        raise RuleError(f"other attacks: {name.strip()}: skill {shown(skill_text)} is not 0 to 40")
    dice, _, damage_type = damage_text.rpartition(" ")
    parse_damage(dice)
    if damage_type not in damage_types():
        raise RuleError(
            f"other attacks: {name.strip()}: damage type {shown(damage_type)} is not one of "
            f"{', '.join(damage_types())}"
        )
    line = AttackLine(name.strip()[:60], int(skill_text), dice.strip(), damage_type)
    for option in filter(None, (o.lower() for o in options)):
        line = _option(line, option)
    return line


def _option(line: AttackLine, option: str) -> AttackLine:
    if option in ATTACK_KINDS:
        return replace(line, kind=option)
    if option == "thrust":
        return replace(line, thrust=True)
    if option == "light":
        return replace(line, light=True)
    if option == "unarmed":
        return replace(line, unarmed=True)
    if option == "tight beam":
        return replace(line, tight_beam=True)
    number = _NUMBERS.match(option)
    if number is None:
        raise RuleError(
            f"other attacks: {line.name}: {shown(option)} is not a kind of attack "
            f"({', '.join(ATTACK_KINDS)}), {', '.join(_FLAGS)}, Acc N, 1/2D N or Max N"
        )
    what, value = number.group(1).lower(), number.group(2)
    if what == "acc":
        return replace(line, acc=int(exact(f"{line.name}: Acc", value, 0, 20)))
    yards = decimal_text(exact(f"{line.name}: {number.group(1)}", value, 0, 100_000))
    return replace(line, half_d=yards) if what == "1/2d" else replace(line, max_range=yards)


def _sheet(c: object) -> None:
    """A combatant's sheet with every field as declared (checked here: the sheet imports this
    module, so ``@checked`` cannot read the annotation)."""
    from pycore.systems.gurps.sheet import Combatant

    instance(c, Combatant, "combatant")
    fields_as_declared(c)


def attack_lines(c: Combatant) -> tuple[AttackLine, ...]:
    """Every way the combatant can attack: his weapon first, then the other lines typed."""
    _sheet(c)
    entries = [e for e in c.more_attacks.split(";") if e.strip()]
    if len(entries) + 1 > MAX_LINES:
        raise RuleError(f"other attacks: {len(entries)} typed; at most {MAX_LINES - 1}")
    return (_first(c), *(_extra(e) for e in entries))


def armed(c: Combatant, index: int) -> Combatant:
    """The combatant as he attacks with line ``index`` (0: his weapon as on the sheet)."""
    lines = attack_lines(c)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(lines):
        raise RuleError(f"attack line {shown(index)} is not one of the {len(lines)} on the sheet")
    if index == 0:
        return c
    line = lines[index]
    return replace(
        c,
        weapon=line.name,
        weapon_skill=line.skill,
        damage=line.damage,
        damage_type=line.damage_type,
        attack_kind=line.kind,
        thrust=line.thrust,
        light=line.light,
        unarmed=line.unarmed,
        tight_beam=line.tight_beam,
        acc=line.acc,
        half_d=line.half_d,
        max_range=line.max_range,
    )
