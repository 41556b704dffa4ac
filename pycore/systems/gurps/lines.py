"""An attack line as a 3d6 sheet keeps it (004 line 91: a weapon used in more than one way has
a line for each): its fields, checked in words, its saved form, and the one typed text sheets
kept before the list (``Thrust: 14, 1d+2 imp, thrust; Knife: 12, 1d-1 imp, thrown, light,
1/2D 10, Max 20``). The combatant's lines, their weapon first, are in :mod:`.attacks`.

>>> [(a.name, a.skill, a.thrust) for a in lines_from_saved("Thrust: 13, 1d imp, thrust")]
[('Thrust', 13, True)]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.gurps.defenses import ATTACK_KINDS
from pycore.systems.gurps.injury import damage_types, parse_damage
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.validate import checked, is_whole, shown

MAX_LINES: Final = 12


_FLAGS: Final = ("thrust", "light", "unarmed", "tight beam", "two-handed")


_NUMBERS = re.compile(r"^(acc|1/2d|max)\s+(\S+)$", re.IGNORECASE)


@dataclass(frozen=True)
class AttackLine:
    """One way to attack: what the roll and the damage need."""

    name: str
    # None: not set yet. A line added on the sheet starts so (attacks.added_line): a skill of
    # 10 nobody typed was rolled against silently; its attack waits for it instead.
    skill: int | None
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
    reach: str = ""
    parry: int = 0  # the weapon's parry modifier (dagger −1, staff +2)
    # Held in both hands: "ready only if you are gripping it with both hands" (004 line 93).
    two_handed: bool = False
    # The weapon this line is a way of using (004 line 91: a swing and a thrust of one
    # shortsword), as the sheet says it; "" when not said, then derived from the names
    # (:mod:`.line_weapons`), and asked of the GM where they cannot tell.
    weapon: str = ""

    def __str__(self) -> str:
        skill = "no skill yet" if self.skill is None else f"skill {self.skill}"
        return f"{self.name} ({self.damage} {self.damage_type}), {skill}"


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
    if option == "two-handed":
        return replace(line, two_handed=True)
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


@checked
def counted(lines: tuple[AttackLine, ...]) -> tuple[AttackLine, ...]:
    """The other lines, refused when there are more than a sheet holds."""
    if len(lines) + 1 > MAX_LINES:
        raise RuleError(f"other attacks: {len(lines)} lines; at most {MAX_LINES - 1}")
    return lines


#: Each field of a line, its words, and how it is checked: (low, high) for a whole number.
LINE_FIELDS: Final[dict[str, tuple[str, tuple[int, int] | None]]] = {
    "name": ("Name", None),
    "skill": ("Skill", (0, 40)),
    "damage": ("Damage dice", None),
    "damage_type": ("Damage type", None),
    "kind": ("Kind of attack", None),
    "reach": ("Reach", None),
    "parry": ("Parry modifier", (-10, 10)),
    "thrust": ("A thrust", None),
    "light": ("Thrown weapon of 1 lb or less", None),  # −2 to parry it (004 line 257)
    "tight_beam": ("Tight-beam burning (a laser)", None),  # 003 lines 41, 86
    "two_handed": ("Two-handed", None),
    "unarmed": ("Barehanded (punch, kick, bite)", None),
    "acc": ("Acc", (0, 20)),
    "half_d": ("1/2D yards", None),
    "max_range": ("Max yards", None),
    "weapon": ("Weapon it is a way of using (blank: its own)", None),
}


LINE_FLAGS: Final = ("thrust", "light", "unarmed", "tight_beam", "two_handed")


@checked
def line_to_json(line: AttackLine) -> dict[str, Any]:
    """The saved line; its weapon only when said (sheets saved before have none)."""
    saved = asdict(line)
    if not line.weapon:
        del saved["weapon"]
    return saved


def line_from_json(raw: Mapping[str, Any]) -> AttackLine:
    """One saved or edited line, every field checked in words naming it and its range."""
    if not isinstance(raw, Mapping):
        raise RuleError(f"other attacks: {shown(raw)} is not an attack line")
    values: dict[str, Any] = {}
    for f in fields(AttackLine):
        if f.name not in raw:
            continue
        value = raw[f.name]
        label, bounds = LINE_FIELDS.get(f.name, (f.name, None))
        if f.name in LINE_FLAGS:
            value = bool(value)
        elif f.name == "skill" and value is None:
            pass  # not set yet (a new line's)
        elif bounds is not None:
            low, high = bounds
            if not is_whole(value) or not low <= value <= high:
                raise RuleError(f"other attacks: {label} {shown(value)} is not {low} to {high}")
        else:
            value = str(value).strip()[:60]
        values[f.name] = value
    line = AttackLine(**{"name": "", "skill": None, "damage": "1d", "damage_type": "cr", **values})
    return _checked_line(line)


def _checked_line(line: AttackLine) -> AttackLine:
    who = line.name or "an attack line"
    if not line.name:
        raise RuleError("other attacks: each line needs a name")
    # A line added on the sheet has no damage until it is typed (blank, never borrowed): its
    # attack waits for it (worksheet.attack_line).
    if line.damage:
        parse_damage(line.damage)
    if line.damage_type and line.damage_type not in damage_types():
        raise RuleError(
            f"other attacks: {who}: damage type {shown(line.damage_type)} is not one of "
            f"{', '.join(damage_types())}"
        )
    if line.kind not in ATTACK_KINDS:
        raise RuleError(
            f"other attacks: {who}: kind {shown(line.kind)} is not one of {', '.join(ATTACK_KINDS)}"
        )
    for name in ("half_d", "max_range"):
        value = getattr(line, name)
        if value:
            exact(f"{who}: {LINE_FIELDS[name][0]}", value, 0, 100_000)
    return line


def lines_from_saved(raw: object) -> tuple[AttackLine, ...]:
    """The other attack lines as saved: a list of lines, or the text typed before the list
    (``Thrust: 14, 1d+2 imp, thrust; ...``), read once and kept as lines from then on."""
    if isinstance(raw, str):
        return counted(tuple(_extra(e) for e in raw.split(";") if e.strip()))
    if isinstance(raw, list | tuple):
        return counted(tuple(e if isinstance(e, AttackLine) else line_from_json(e) for e in raw))
    raise RuleError(f"other attacks {shown(raw)} are not a list of attack lines")
