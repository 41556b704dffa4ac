"""A combatant's ways to attack (004 line 91: a weapon used in more than one way, a swing and a
thrust, has a line for each, and the line is named before the roll; a second weapon is another
line). The sheet's weapon is the first line; the others are a list of lines, each edited field
by field (name, skill, damage, type, kind, reach, parry...; issue 27 item 5).

Sheets saved before kept them as one typed text, one per ``;``: ``Thrust: 14, 1d+2 imp,
thrust; Knife: 12, 1d-1 imp, thrown, light, 1/2D 10, Max 20`` (a name, the skill, the damage
dice and type, then any of: a kind of attack, ``thrust``, ``light``, ``unarmed``, ``tight
beam``, ``Acc N``, ``1/2D N``, ``Max N``): :func:`lines_from_saved` reads that form too.

>>> from pycore.systems.gurps.lines import lines_from_saved
>>> c = Combatant(weapon="Shortsword", more_attacks=lines_from_saved("Thrust: 13, 1d imp, thrust"))
>>> [(a.name, a.damage, a.damage_type, a.thrust) for a in attack_lines(c)]
[('Shortsword', '1d+1', 'cut', False), ('Thrust', '1d', 'imp', True)]
>>> armed(c, 1).weapon_skill, armed(c, 1).damage_type
(13, 'imp')
>>> line_to_json(c.more_attacks[0])["skill"]
13
"""

from __future__ import annotations

from dataclasses import replace

from pycore.errors import RuleError
from pycore.systems.gurps.lines import (
    LINE_FIELDS,
    LINE_FLAGS,
    AttackLine,
    counted,
    line_from_json,
    line_to_json,
)
from pycore.systems.gurps.sheet import Combatant
from pycore.validate import fields_as_declared, instance, is_whole, shown


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
        c.reach,
        c.parry_bonus,
        c.two_handed,
    )


def _sheet(c: object) -> None:
    """A combatant's sheet with every field as declared."""
    instance(c, Combatant, "combatant")
    fields_as_declared(c)


def attack_lines(c: Combatant) -> tuple[AttackLine, ...]:
    """Every way the combatant can attack: their weapon first, then the other lines."""
    _sheet(c)
    return (_first(c), *counted(c.more_attacks))


def added_line(c: Combatant) -> Combatant:
    """The sheet with one more attack line, blank but for a name to be edited: nothing taken
    from another line (FIGHT.md's first law; a knife added to a longbow's sheet read "Knife
    (1d+2 imp)"). Its skill and damage are not said until typed, and it is not offered to
    attack with until its skill is (:func:`no_skill_said`; a skill of 10 nobody typed was rolled
    against silently), its roll waiting for its damage (:func:`.worksheet.attack_line`). The
    sheet names no skill per weapon to take it from: the line's own is the GM's to type."""
    _sheet(c)
    lines = c.more_attacks
    fresh = AttackLine(f"Attack {len(lines) + 2}", None, "", "")
    return replace(c, more_attacks=counted((*lines, fresh)))


def removed_line(c: Combatant, index: int) -> Combatant:
    _sheet(c)
    _line(c, index)
    return replace(c, more_attacks=tuple(x for i, x in enumerate(c.more_attacks) if i != index))


def edited_line(c: Combatant, index: int, field: str, typed: str) -> Combatant:
    """The sheet with one field of an other attack line changed to what the user typed."""
    _sheet(c)
    if not isinstance(typed, str):
        raise RuleError(f"{shown(field)}: {shown(typed)} is not typed text")
    line = _line(c, index)
    if not isinstance(field, str) or field not in LINE_FIELDS:
        raise RuleError(f"{shown(field)} is not a field of an attack line")
    label, bounds = LINE_FIELDS[field]
    value: object = typed
    if field in LINE_FLAGS:
        value = typed.strip().lower() in ("true", "on", "yes", "1")
    elif field == "skill" and not typed.strip() and line.skill is None:
        value = None  # still not set: the field left blank
    elif bounds is not None:
        text = typed.strip()
        if not (text.lstrip("-").isascii() and text.lstrip("-").isdigit()) or len(text) > 4:
            raise RuleError(
                f"{label} {shown(typed)} is not a whole number from {bounds[0]} to {bounds[1]}"
            )
        value = int(text)
    changed = line_from_json({**line_to_json(line), field: value})
    lines = tuple(changed if i == index else x for i, x in enumerate(c.more_attacks))
    return replace(c, more_attacks=lines)


def _line(c: Combatant, index: int) -> AttackLine:
    if not is_whole(index) or not 0 <= index < len(c.more_attacks):
        raise RuleError(f"attack line {shown(index)} is not one of the other attacks")
    return c.more_attacks[index]


def skill_set(c: Combatant, index: int) -> bool:
    """Whether line ``index`` has its skill on the sheet (a new line's is not set yet); a line
    not on the sheet is refused by :func:`armed`, in its words."""
    lines = attack_lines(c)
    return not (is_whole(index) and 0 <= index < len(lines)) or lines[index].skill is not None


def no_skill_said(c: Combatant, index: int) -> str:
    """Why line ``index`` is not offered to attack with: its skill is not set yet, naming the
    field ("" when it is set)."""
    if skill_set(c, index):
        return ""
    line = attack_lines(c)[index]
    return f"{line.name}: no skill on {c.name}'s sheet yet: type its Skill under Other attacks."


def armed(c: Combatant, index: int) -> Combatant:
    """The combatant as they attack with line ``index`` (0: their weapon as on the sheet). A line
    with no skill set yet is never offered to attack or parry with (:func:`skill_set`); its
    figures are refused in words (:func:`.worksheet.attack_line`)."""
    lines = attack_lines(c)
    if not is_whole(index) or not 0 <= index < len(lines):
        raise RuleError(f"attack line {shown(index)} is not one of the {len(lines)} on the sheet")
    if index == 0:
        return c
    line = lines[index]
    return replace(
        c,
        weapon=line.name,
        weapon_skill=0 if line.skill is None else line.skill,
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
        reach=line.reach,
        parry_bonus=line.parry,
        two_handed=line.two_handed,
    )
