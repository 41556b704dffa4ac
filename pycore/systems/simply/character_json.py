"""A Character Record and the GM's campaign settings as saved JSON (the page keeps characters in
localStorage; STYLE 9-10): unknown fields round-trip untouched, a malformed field is a
:class:`RuleError` naming it and what is allowed.

>>> from pycore.systems.simply.character import Character, Skill, Weapon
>>> hero = Character(name="Ana", skills=(Skill("Melee Weapon", "Capable", "Sword"),),
...                  weapons=(Weapon("Longsword", "Melee Weapon: Sword", 24),))
>>> character_from_json(character_to_json(hero)) == hero
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields
from types import MappingProxyType
from typing import Any, Final

from pycore.errors import RuleError
from pycore.figures import figure
from pycore.systems.simply.armor import DAMAGE_KINDS, check_kind
from pycore.systems.simply.character import (
    ArmorChoice,
    Campaign,
    Character,
    GearItem,
    Skill,
    Weapon,
)
from pycore.systems.simply.limits import MAX_LUCK, MAX_STAT
from pycore.systems.simply.stats import STAT_NAMES, Adjustment, Speed
from pycore.validate import checked, shown, whole

MAX_TEXT: Final = 10_000
MAX_ITEMS: Final = 500
TEXTS: Final = ("name", "player", "concept", "age", "age_note", "race")
STORIES: Final = ("appearance", "history", "personality")
STAT_FIELDS: Final = ("strength", "coordination", "intellect", "health")

_KNOWN: Final = frozenset(f.name for f in fields(Character)) - {"extra"}
#: The whole numbers a record keeps, typed on the builder, with their bounds: a stat as the
#: checks read it; Luck Points from none (SIM-10, SIM-43: they are points "available" that a
#: roll or an injury spends, never below none; SIM-23: the GM sets how many, the text no most)
#: to the most a fight keeps (``MAX_LUCK``). A record saved with fewer still loads (``_intv``).
TYPED_WHOLE: Final[dict[str, tuple[int, int]]] = {
    **{k: (0, MAX_STAT) for k in STAT_FIELDS},
    "luck": (0, MAX_LUCK),
}
#: The rules a typed value's bounds come from (shown only under "Why").
_TYPED_RULES: Final = {"luck": ("SIM-10", "SIM-23", "SIM-43")}


_WHOLE_TEXT: Final = re.compile(r"[+-]?[0-9]{1,12}")


@checked
def typed_whole(field: str, typed: str) -> int:
    """A stat or Luck as typed on the builder, in the bounds the record is read with; a
    RuleError names the field, what was typed and the range (the builder said only "Strength
    must be a whole number.", and a phone's player had to guess what it takes).

    >>> typed_whole("strength", " 7 "), typed_whole("luck", "0")
    (7, 0)
    >>> typed_whole("strength", "7x")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Strength '7x' is not a whole number from 0 to 100
    >>> typed_whole("luck", "2000")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Luck 2000 is outside 0 to 1000
    >>> typed_whole("luck", "-1")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Luck −1 is outside 0 to 1000
    """
    if field not in TYPED_WHOLE:
        raise RuleError(f"{shown(field)} is not a number of the Character Record")
    low, high = TYPED_WHOLE[field]
    word = field.capitalize()
    text = typed.strip()
    if not _WHOLE_TEXT.fullmatch(text):
        raise RuleError(
            f"{word} {shown(typed)} is not a whole number from {figure(low)} to {figure(high)}",
            rules=_TYPED_RULES.get(field, ()),
        )
    value = int(text)
    if not low <= value <= high:
        raise RuleError(
            f"{word} {figure(value)} is outside {figure(low)} to {figure(high)}",
            rules=_TYPED_RULES.get(field, ()),
        )
    return value


def _choice_json(item: ArmorChoice | None) -> dict[str, Any] | None:
    if item is None:
        return None
    return {"name": item.name, "min_strength": item.min_strength, "c_adj": item.c_adj}


@checked
def character_to_json(c: Character) -> dict[str, Any]:
    """A JSON-ready dict of ``c``; unknown fields kept in ``extra`` are written back as they were.

    >>> character_to_json(Character(name="Bo"))["name"]
    'Bo'
    """
    data: dict[str, Any] = dict(c.extra)
    data.update({name: getattr(c, name) for name in (*TEXTS, *STAT_FIELDS, *STORIES)})
    data.update(
        {
            "abilities": list(c.abilities),
            "disabilities": list(c.disabilities),
            "gear": [{"name": g.name, "notes": g.notes} for g in c.gear],
            "weapons": [
                {"name": w.name, "skill": w.skill, "max_damage": w.max_damage, "kind": w.kind}
                for w in c.weapons
            ],
            "armor": _choice_json(c.armor),
            "shield": _choice_json(c.shield),
            "skills": [
                {"name": s.name, "level": s.level, "specialty": s.specialty} for s in c.skills
            ],
            "adjustments": [
                {"source": a.source, "stat": a.stat, "amount": a.amount} for a in c.adjustments
            ],
            "luck": c.luck,
            "speed": {
                "ground": c.speed.ground,
                "swimming": c.speed.swimming,
                "other": [[name, value] for name, value in c.speed.other],
            },
            "initiative_other": c.initiative_other,
            "hp": c.hp,
            "conditions": list(c.conditions),
        }
    )
    return data


def _str(where: str, value: object, *, optional: bool = False) -> Any:
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise RuleError(f"{where} {value!r:.60} is not valid; allowed: text up to {MAX_TEXT} chars")
    return value


def _intv(where: str, value: object, *, optional: bool = False) -> Any:
    if value is None and optional:
        return None
    return whole(value, where, -MAX_STAT * 10, MAX_STAT * 10)


def _list(where: str, value: object) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_ITEMS:
        raise RuleError(f"{where} {value!r:.60} is not valid; allowed: a list of up to {MAX_ITEMS}")
    return value


def _obj(where: str, value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RuleError(f"{where} {value!r:.60} is not valid; allowed: an object")
    return value


def _choice(where: str, value: object) -> ArmorChoice | None:
    if value is None:
        return None
    d = _obj(where, value)
    return ArmorChoice(
        _str(f"{where}.name", d.get("name")),
        _intv(f"{where}.min_strength", d.get("min_strength"), optional=True),
        _intv(f"{where}.c_adj", d.get("c_adj", 0)),
    )


def _skills(data: dict[str, Any]) -> tuple[Skill, ...]:
    return tuple(
        Skill(
            _str(f"skills[{i}].name", _obj(f"skills[{i}]", s).get("name")),
            _str(f"skills[{i}].level", s.get("level")),
            _str(f"skills[{i}].specialty", s.get("specialty"), optional=True),
        )
        for i, s in enumerate(_list("skills", data.get("skills", [])))
    )


def _weapons(data: dict[str, Any]) -> tuple[Weapon, ...]:
    weapons = []
    for i, raw in enumerate(_list("weapons", data.get("weapons", []))):
        w = _obj(f"weapons[{i}]", raw)
        kind = _str(f"weapons[{i}].kind", w.get("kind"), optional=True)
        if kind is not None and kind not in DAMAGE_KINDS:
            raise RuleError(f"weapons[{i}].kind {kind!r} is not one of {', '.join(DAMAGE_KINDS)}")
        weapons.append(
            Weapon(
                _str(f"weapons[{i}].name", w.get("name")),
                _str(f"weapons[{i}].skill", w.get("skill")),
                _intv(f"weapons[{i}].max_damage", w.get("max_damage"), optional=True),
                None if kind is None else check_kind(kind),
            )
        )
    return tuple(weapons)


def _speed(data: dict[str, Any], base: Speed) -> Speed:
    speed = _obj("speed", data.get("speed", {"ground": base.ground, "swimming": base.swimming}))
    others = []
    for i, pair in enumerate(_list("speed.other", speed.get("other", []))):
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError(f"speed.other[{i}] {pair!r:.60} is not valid; allowed: [name, value]")
        others.append((_str(f"speed.other[{i}]", pair[0]), _intv(f"speed.other[{i}]", pair[1])))
    return Speed(
        _intv("speed.ground", speed.get("ground", base.ground)),
        _intv("speed.swimming", speed.get("swimming", base.swimming)),
        tuple(others),
    )


def _adjustments(data: dict[str, Any]) -> tuple[Adjustment, ...]:
    adjustments = []
    for i, raw in enumerate(_list("adjustments", data.get("adjustments", []))):
        a = _obj(f"adjustments[{i}]", raw)
        stat = _str(f"adjustments[{i}].stat", a.get("stat"))
        if stat not in STAT_NAMES:
            raise RuleError(f"adjustments[{i}].stat {stat!r} is not valid; allowed: S, C, I, H")
        source = _str(f"adjustments[{i}].source", a.get("source"))
        adjustments.append(
            Adjustment(source, stat, _intv(f"adjustments[{i}].amount", a.get("amount")))
        )
    return tuple(adjustments)


def _names(data: dict[str, Any], key: str) -> tuple[str, ...]:
    return tuple(_str(f"{key}[{i}]", x) for i, x in enumerate(_list(key, data.get(key, []))))


def _gear(data: dict[str, Any]) -> tuple[GearItem, ...]:
    return tuple(
        GearItem(
            _str(f"gear[{i}].name", _obj(f"gear[{i}]", x).get("name")),
            _str(f"gear[{i}].notes", x.get("notes", "")),
        )
        for i, x in enumerate(_list("gear", data.get("gear", [])))
    )


def character_from_json(d: dict[str, Any]) -> Character:
    """The Character saved by :func:`character_to_json`; a RuleError names the first bad field.
    Missing fields take the defaults; unknown ones are kept in ``extra``.

    >>> character_from_json({"name": "Bo", "strength": "7"})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: strength '7' is not a whole number; allowed: 0 to 100
    >>> character_from_json({"name": "Bo", "pet": "cat"}).extra["pet"]
    'cat'
    """
    data = _obj("character", d)
    base = Character()
    texts = {k: _str(k, data.get(k, getattr(base, k))) for k in (*TEXTS, *STORIES)}
    # The stats as the checks read them (checks.special_check: 0 to MAX_STAT): a sheet kept with
    # another value could not be drawn (issue 32, one set of limits).
    stats: dict[str, Any] = {
        k: whole(data.get(k, getattr(base, k)), k, 0, MAX_STAT) for k in STAT_FIELDS
    }
    return Character(
        **texts,
        **stats,
        abilities=_names(data, "abilities"),
        disabilities=_names(data, "disabilities"),
        gear=_gear(data),
        weapons=_weapons(data),
        armor=_choice("armor", data.get("armor")),
        shield=_choice("shield", data.get("shield")),
        skills=_skills(data),
        adjustments=_adjustments(data),
        luck=_intv("luck", data.get("luck", base.luck)),
        speed=_speed(data, base.speed),
        initiative_other=_intv("initiative_other", data.get("initiative_other", 0)),
        hp=_intv("hp", data.get("hp"), optional=True),
        conditions=_names(data, "conditions"),
        extra=MappingProxyType({k: v for k, v in data.items() if k not in _KNOWN}),
    )


#: The GM's settings with their bounds and the rule each one fills (SIM-D01 to SIM-D06).
CAMPAIGN_FIELDS: Final[dict[str, tuple[str, int, int, str]]] = {
    "starting_stat_points": ("Starting stat points", 4, 200, "SIM-D01"),
    "stat_min": ("Lowest stat", 0, 20, "SIM-D02"),
    "stat_max": ("Highest stat", 1, 20, "SIM-D02"),
    "race_stat_adj": ("Race stat modifier", -50, 50, "SIM-D03"),
    "ability_balance": ("Ability & disability balance", -50, 50, "SIM-D04"),
    "starting_luck": ("Starting luck points", 0, 1000, "SIM-D05"),
    "fatigue_variation": ("Fatigue formula variation", -50, 50, "SIM-D06"),
}


@checked
def campaign_from_json(data: Mapping[str, Any]) -> Campaign:
    """The GM's settings from saved data; a missing one takes its default, a bad one is a
    :class:`RuleError` naming it and its range.

    >>> campaign_from_json({"starting_stat_points": 30}).starting_stat_points
    30
    >>> campaign_from_json({"stat_max": 99})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Highest stat 99 is outside 1 to 20
    >>> campaign_from_json({"stat_min": 8, "stat_max": 5})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Lowest stat 8 is above the highest stat 5
    """
    values: dict[str, int] = {}
    for key, (label, low, high, rule) in CAMPAIGN_FIELDS.items():
        value = data.get(key, getattr(Campaign(), key))
        whole(value, label, low, high, rules=(rule,))
        values[key] = value
    if values["stat_min"] > values["stat_max"]:
        raise RuleError(
            f"Lowest stat {values['stat_min']} is above the highest stat {values['stat_max']}",
            rules=("SIM-D02",),
        )
    return Campaign(**values)
