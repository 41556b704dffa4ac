"""The Checks tab's numbers taken from a character's sheet (PCT-02, PCT-30–PCT-38, PCT-42,
PCT-44): which sheet value feeds which field of the tab.

The game master picks a character and what it is checked on: one of its attributes (a plain
check under it, PCT-02) or one of its weapons (the check under the weapon's skill, PCT-30/31, or
under BRAWL for a grenade, PCT-38). The weapon also gives the to-hit skill (d1, PCT-32), the
damage dice (PCT-42) and, under d1, the value a grazing roll had to beat (PCT-44). The thrower's
BRAWL (PCT-38) is always the character's. What the sheet cannot give (a Percent to Hit, a
Percent Against, the potential damage of a graze) is left as typed.

>>> from pycore.systems.percentile.roster import fighter_from_json
>>> ann = fighter_from_json({"id": "c1", "name": "Ann", "aim": "70", "brawl": "55",
...     "weapons": [{"name": "AUTO PISTOL", "wep_dif": 30, "damage_die": "4:10sd+2"}]})
>>> check_sources(ann)[-1]
('weapon-0', 'AUTO PISTOL: MARKSmanship 50')
>>> filled = check_values(ann, "weapon-0", "d1")
>>> filled.values
{'target': '50', 'label': 'Ann: MARKSmanship with AUTO PISTOL', 'brawl': '55', 'skill': '50', 'g_target': '50', 'die': '4:10sd+2'}
>>> check_values(ann, "perception", "d1").values
{'target': '50', 'label': 'Ann: PERCEPTION', 'brawl': '55'}
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pycore.errors import RuleError
from pycore.systems.percentile.checks import fmt, typed
from pycore.systems.percentile.roster import Fighter, weapon_skill
from pycore.validate import checked

#: The attributes a check can be made under (R-F: the sheet's 0-100 attributes), key → label.
CHECK_ATTRIBUTES: dict[str, str] = {
    "perception": "PERCEPTION",
    "brawl": "BRAWL",
    "aim": "AIM",
    "strength": "Physical Strength",
    "agility": "Agility",
}
WEAPON_PREFIX = "weapon-"
TO_HIT = ("d1", "d2", "d3")


@checked
def check_sources(fighter: Fighter) -> tuple[tuple[str, str], ...]:
    """What ``fighter`` can be checked on, as (key, label with the value): each attribute, then
    each weapon's skill.

    >>> from pycore.systems.percentile.roster import Weapon
    >>> f = Fighter("c1", "Bo", brawl=55, weapons=(Weapon("knife", "hth", attack_dif=40),))
    >>> check_sources(f)[1], check_sources(f)[5]
    (('brawl', 'BRAWL 55'), ('weapon-0', 'knife: BRAWLmanship 47½'))
    """
    attributes = tuple(
        (key, f"{label} {getattr(fighter, key)}") for key, label in CHECK_ATTRIBUTES.items()
    )
    weapons = []
    for i, weapon in enumerate(fighter.weapons):
        name, value = weapon_skill(fighter, weapon)
        weapons.append((f"{WEAPON_PREFIX}{i}", f"{weapon.name}: {name} {fmt(value)}"))
    return attributes + tuple(weapons)


@checked
def default_source(fighter: Fighter) -> str:
    """What a newly picked character is checked on: its first weapon (the tab's to-hit, grenade
    and damage cards then all read the sheet), else PERCEPTION.

    >>> default_source(Fighter("c1", "Bo"))
    'perception'
    """
    return f"{WEAPON_PREFIX}0" if fighter.weapons else "perception"


@dataclass(frozen=True)
class Prefill:
    """The tab's fields filled from a sheet (field key → the text the field shows) and, for each,
    where it came from."""

    character: str
    values: dict[str, str]
    sources: tuple[str, ...]

    def __str__(self) -> str:
        return f"From {self.character}'s sheet: " + "; ".join(self.sources)


@checked
def check_values(fighter: Fighter, source: str, to_hit: str = "d1") -> Prefill:
    """The Checks tab's fields from ``fighter``'s sheet for a check on ``source`` (a key of
    :func:`check_sources`); ``to_hit`` is the campaign's to-hit procedure (grazing under d1 is
    measured against the skill, PCT-44; under d2/d3 against a Percent to Hit the sheet lacks).

    >>> from pycore.systems.percentile.roster import Weapon
    >>> f = Fighter("c1", "Bo", brawl=60, weapons=(Weapon("grenade", "grenade", damage_die="2:10sd"),))
    >>> str(check_values(f, "weapon-0", "d2"))
    "From Bo's sheet: the check under BRAWL 60 (grenade); the thrower's BRAWL 60; damage dice 2:10sd"
    >>> check_values(f, "luck")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Check on must be one of Bo's attributes or weapons, got 'luck'
    """
    if to_hit not in TO_HIT:
        raise RuleError(f"to-hit procedure must be one of {', '.join(TO_HIT)}, got {to_hit!r:.40}")
    known = dict(check_sources(fighter))
    if source not in known:
        raise RuleError(
            f"Check on must be one of {fighter.name}'s attributes or weapons, got {source!r:.40}"
        )
    values: dict[str, str] = {}
    notes: list[str] = []
    if source in CHECK_ATTRIBUTES:
        label, value = CHECK_ATTRIBUTES[source], Fraction(getattr(fighter, source))
        values["target"], values["label"] = typed(value), f"{fighter.name}: {label}"
        notes.append(f"the check under {label} {fmt(value)}")
        weapon = None
    else:
        weapon = fighter.weapons[int(source.removeprefix(WEAPON_PREFIX))]
        label, value = weapon_skill(fighter, weapon)
        values["target"] = typed(value)  # field values keep the ASCII "-" they parse with
        values["label"] = f"{fighter.name}: {label} with {weapon.name}"
        notes.append(f"the check under {label} {fmt(value)} ({weapon.name})")
    values["brawl"] = str(fighter.brawl)  # PCT-38: grenades are thrown against BRAWL
    notes.append(f"the thrower's BRAWL {fighter.brawl}")
    if weapon is not None and weapon.category != "grenade":
        skill = typed(value)
        values["skill"] = skill  # PCT-32: d1 rolls under the skill
        notes.append(f"the to-hit skill {fmt(value)}")
        if to_hit == "d1":  # PCT-44: under d1 the roll had to beat the skill
            values["g_target"] = skill
            notes.append(f"the value a graze had to beat {fmt(value)}")
    if weapon is not None and weapon.damage_die:
        values["die"] = weapon.damage_die  # PCT-42
        notes.append(f"damage dice {weapon.damage_die}")
    return Prefill(fighter.name, values, tuple(notes))
