"""What a character rolls: each skill's rating (SIM-28) or, not bought, its default (SIM-03),
the special checks (SIM-09), and each weapon on the record ready to attack with (SIM-39, SIM-40,
SIM-D09). Ratings use the adjusted stats, the ones that apply in play (SIM-21); the record shows
the original ones beside them.

>>> from pycore.systems.simply.character import Character, Skill, Weapon
>>> mara = Character(coordination=7, skills=(Skill("Melee Weapon", "Capable", "Sword"),),
...                  weapons=(Weapon("Longsword", "Melee Weapon: Sword", 24),
...                           Weapon("Dagger", "Thrown Weapon", 8)))
>>> [str(w) for w in weapon_lines(mara)]
['Longsword: Melee Weapon: Sword (Capable) 11, Max Dmg 24, melee or other attack', 'Dagger: Thrown Weapon (default) 5, Max Dmg 8, projectile attack']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from pycore.systems.simply.armor import DamageKind, attack_kind
from pycore.systems.simply.character import Campaign, Character, Derived, Weapon, derive
from pycore.systems.simply.skills import (
    COMBAT_SKILLS,
    explain_skill_rating,
    skill_info,
    skill_names,
)
from pycore.systems.simply.stats import Stats
from pycore.validate import checked


@dataclass(frozen=True)
class BaseScore:
    """A base score a character can roll a task or check on (SIM-02): the label to show, the
    score, the skill level (None for a default or a check: no automatic 2, SIM-06) and where it
    comes from."""

    key: str
    label: str
    base: int
    level: str | None
    formula: str


def _default(derived: Derived, name: str) -> BaseScore | None:
    """An unbought skill at its default (SIM-03, lines 14-17, 397); None when it has none."""
    return _default_on(derived.adjusted, name)


@functools.lru_cache(maxsize=1024)  # the Task tab lists all 74 defaults of a side at each draw
def _default_on(adjusted: Stats, name: str) -> BaseScore | None:
    info = skill_info(name)
    rating = explain_skill_rating(adjusted.get(info.stat), None, info.kind, f"Adj {info.stat}")
    if rating.value is None:
        return None
    label = f"{name} (not bought, default)"
    return BaseScore(f"default:{name}", label, int(rating.value), None, rating.formula)


@checked
def base_scores(character: Character, campaign: Campaign | None = None) -> tuple[BaseScore, ...]:
    """Every bought skill once, at its rating from the adjusted stats (SIM-28), the skills not
    bought at their default (SIM-03; a mental one has none), then the four special checks on
    the unadjusted stats (SIM-09).

    >>> from pycore.systems.simply.character import Skill
    >>> c = Character(strength=6, coordination=7, skills=(Skill("Brawling", "Capable"),))
    >>> scores = {b.key: (b.label, b.base) for b in base_scores(c)}
    >>> scores["skill:0"], scores["default:Climbing"], scores["check:knockback"]
    (('Brawling (Capable)', 10), ('Climbing (not bought, default)', 7), ('Knockback Check (2 × S)', 12))
    >>> "default:Brawling" in scores, "default:Medicine" in scores
    (False, False)
    """
    from pycore.systems.simply.tasks import SPECIAL_CHECKS, special_check, special_check_stat

    derived = derive(character, campaign)
    scores: list[BaseScore] = []
    for index, line in enumerate(derived.skills):
        if line.adjusted.value is not None:
            label = f"{line.skill.label()} ({line.skill.level})"
            formula = f"{line.adjusted.formula} (original stats: {line.original.formula})"
            scores.append(
                BaseScore(
                    f"skill:{index}", label, int(line.adjusted.value), line.skill.level, formula
                )
            )
    bought = {s.name for s in character.skills}
    for name in skill_names():
        default = None if name in bought else _default(derived, name)
        if default is not None:
            scores.append(default)
    for check in SPECIAL_CHECKS:
        letter = special_check_stat(check)
        stat = character.stats().get(letter)
        base = special_check(check, stat)
        label = f"{check.capitalize()} Check (2 × {letter})"
        formula = f"2 × unadjusted {letter} {stat} = {base}"
        scores.append(BaseScore(f"check:{check}", label, base, None, formula))
    return tuple(scores)


@dataclass(frozen=True)
class WeaponLine:
    """A weapon ready to attack (or defend) with: the skill's rating, or its default when not
    bought (level None: no automatic 2); None when there is no rating (a skill off the list).
    ``max_damage`` None means the weapon's own damage table (SIM-40)."""

    weapon: Weapon
    skill: str
    rating: int | None
    level: str | None
    max_damage: int | None
    kind: DamageKind
    formula: str

    def __str__(self) -> str:
        rating = "no rating" if self.rating is None else str(self.rating)
        damage = "own table" if self.max_damage is None else f"Max Dmg {self.max_damage}"
        level = self.level or "default"
        # Plain words for the armor row the attack takes (SIM-D09); "other row" read as jargon.
        kind = "melee or other" if self.kind == "other" else self.kind
        return f"{self.weapon.name}: {self.skill} ({level}) {rating}, {damage}, {kind} attack"


def _weapon_line(derived: Derived, weapon: Weapon) -> WeaponLine:
    name, specialty = weapon.skill_parts()
    kind = weapon.kind or attack_kind(name, specialty or "")  # SIM-D09 unless the record says
    for line in derived.skills:
        same = (line.skill.specialty or "").casefold() == (specialty or "").casefold()
        if line.skill.name == name and same:
            value = line.adjusted.value
            rating = None if value is None else int(value)
            formula = line.adjusted.formula
            return WeaponLine(
                weapon, weapon.skill, rating, line.skill.level, weapon.max_damage, kind, formula
            )
    if name not in COMBAT_SKILLS:
        why = f"{name!r} is not a weapon or hand-combat skill"
        return WeaponLine(weapon, weapon.skill, None, None, weapon.max_damage, kind, why)
    default = _default(derived, name)
    rating = None if default is None else default.base
    formula = "no default" if default is None else default.formula
    return WeaponLine(weapon, weapon.skill, rating, None, weapon.max_damage, kind, formula)


@checked
def weapon_lines(character: Character, campaign: Campaign | None = None) -> tuple[WeaponLine, ...]:
    """Each weapon on the record with its skill's rating (bought, or the default), its Max Dmg
    and its armor row (SIM-28, SIM-03, SIM-40, SIM-D09)."""
    derived = derive(character, campaign)
    return tuple(_weapon_line(derived, w) for w in character.weapons)


@checked
def combat_skills(character: Character) -> tuple[str, ...]:
    """The skills a weapon can be used with: the character's bought weapon and hand-combat
    skills (with their specialties), then the others of SIM-39 not bought, at their default.

    >>> from pycore.systems.simply.character import Skill
    >>> combat_skills(Character(skills=(Skill("Melee Weapon", "Capable", "Sword"),)))[:3]
    ('Melee Weapon: Sword', 'Brawling', 'Grappling')
    """
    bought = [s.label() for s in character.skills if s.name in COMBAT_SKILLS]
    taken = {s.name for s in character.skills}
    return (*bought, *[n for n in COMBAT_SKILLS if n not in taken])
