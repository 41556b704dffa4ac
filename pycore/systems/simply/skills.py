"""Simply Roleplaying! skills: the list, purchase points, costs and ratings (SIM-03, SIM-18 to
SIM-20, SIM-28; tables SIM-T05, SIM-T08, SIM-T12).

>>> skill_purchase_points(9, "Aged")
42
>>> skill_cost("Expert"), skill_rating(6, "Professional", "physical"), skill_rating(6, None, "mental")
(8, 14, None)
>>> skill_info("Melee Weapon").specialties[:3]
('Axe', 'e-Blade', 'e-Sword')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from pycore.errors import RuleError
from pycore.figures import MINUS, figure
from pycore.systems.simply.limits import MAX_STAT
from pycore.systems.simply.stats import (
    Derivation,
    age_category,
    check_level,
)
from pycore.tables import load_table
from pycore.validate import checked, whole

#: The three kinds of skill (SIM-20).
KINDS: Final[tuple[str, ...]] = ("personal", "physical", "mental")


@checked
def skill_purchase_points(intellect: int, age: str) -> int:
    """SIM-18: SPP = 2 × I + (SPP base of the age category) − 10, with the **original** I;
    not clamped (a value ≤ 0 buys nothing).

    >>> skill_purchase_points(5, "Young Adult"), skill_purchase_points(1, "Adolescent")
    (10, -1)
    """
    value = explain_skill_purchase_points(intellect, age).value
    assert value is not None
    return value


@checked
def explain_skill_purchase_points(intellect: int, age: str) -> Derivation:
    """SIM-18 with its formula text.

    >>> str(explain_skill_purchase_points(6, "Adolescent"))
    'SPP = 2 × I + age SPP − 10 = 2 × 6 + 7 − 10 = 9'
    """
    whole(intellect, "Intellect", 0, MAX_STAT)
    base = age_category(age).spp_base
    value = 2 * intellect + base - 10
    return Derivation(
        "SPP", value, f"SPP = 2 × I + age SPP − 10 = 2 × {intellect} + {base} − 10 = {value}"
    )


@checked
def skill_cost(level: str) -> int:
    """SIM-19 / SIM-T05: the SPP a skill costs at ``level`` (the total, not cumulative).

    >>> [skill_cost(level) for level in ("Familiar", "Capable", "Professional", "Expert")]
    [1, 2, 4, 8]
    """
    checked = check_level("skill", level, allow_none=False)
    assert checked is not None
    return _cost(checked)


@functools.lru_cache(maxsize=8)  # a sheet prices each skill at each draw; SIM-T05 is frozen
def _cost(level: str) -> int:
    cost = load_table("simply", "skill_costs").row_by("level", level)["cost"]
    assert isinstance(cost, int)
    return cost


@checked
def check_kind(kind: str) -> str:
    """``kind`` if it is a skill kind (SIM-20), else a RuleError.

    >>> check_kind("mental")
    'mental'
    >>> check_kind("magic")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: skill kind 'magic' is unknown; allowed: personal, physical, mental
    """
    if isinstance(kind, str) and kind in KINDS:
        return kind
    raise RuleError(f"skill kind {kind!r} is unknown; allowed: {', '.join(KINDS)}")


@checked
def level_bonus(level: str | None, kind: str) -> int | None:
    """SIM-28 / SIM-T12: the bonus for a level; for no level, the SIM-03 default bonus
    (personal 0, physical −2, mental None: no roll).

    >>> level_bonus("Expert", "mental"), level_bonus(None, "physical"), level_bonus(None, "mental")
    (12, -2, None)
    """
    checked_kind = check_kind(kind)
    checked = check_level("skill", level)
    return _bonus(checked or "Default", checked_kind)


@functools.lru_cache(maxsize=16)  # 5 levels x 3 kinds; a draw rates all 74 skills (SIM-03)
def _bonus(level: str, kind: str) -> int | None:
    bonus = load_table("simply", "skill_bonuses").row_by("level", level)[kind]
    assert bonus is None or isinstance(bonus, int)
    return bonus


@checked
def explain_skill_rating(
    stat: int, level: str | None, kind: str, stat_name: str = "stat"
) -> Derivation:
    """SIM-28: rating = relevant stat + level bonus, with its formula text.

    >>> str(explain_skill_rating(6, "Familiar", "physical", "C"))
    'Rating = C + Familiar 2 = 6 + 2 = 8'
    >>> str(explain_skill_rating(6, None, "physical", "C"))
    'Rating = C + Default −2 = 6 − 2 = 4'
    >>> str(explain_skill_rating(6, None, "mental", "I"))
    'Rating: none (a mental skill not bought cannot be rolled)'
    """
    whole(stat, stat_name, -MAX_STAT, MAX_STAT)
    bonus = level_bonus(level, kind)
    if bonus is None:
        return Derivation(
            "Rating",
            None,
            "Rating: none (a mental skill not bought cannot be rolled)",
            ("SIM-03",),
        )
    value = stat + bonus
    sign = MINUS if bonus < 0 else "+"
    return Derivation(
        "Rating",
        value,
        f"Rating = {stat_name} + {level or 'Default'} {figure(bonus)} = {stat} {sign} {abs(bonus)} "
        f"= {figure(value)}",
    )


@checked
def skill_rating(stat: int, level: str | None, kind: str) -> int | None:
    """SIM-28 / SIM-03: the skill rating, or None for a mental skill not bought (no roll).

    >>> [skill_rating(6, level, "personal") for level in ("Familiar", "Capable", "Professional",
    ...                                                    "Expert")]
    [8, 10, 14, 18]
    >>> skill_rating(6, None, "personal"), skill_rating(6, None, "physical"), skill_rating(4, "Expert", "mental")
    (6, 4, 16)
    """
    return explain_skill_rating(stat, level, kind).value


#: SIM-39: Attack and Defend are tasks "with a weapon or hand-combat skill" (line 588). Reading:
#: the skills of SIM-T08 that wield a weapon or fight hand to hand, the Shield skill for a shield
#: strike (SIM-D12) included; Dodging and Combat Awareness are not attacks.
COMBAT_SKILLS: Final[tuple[str, ...]] = (
    "Brawling",
    "Grappling",
    "Martial Arts",
    "Melee Weapon",
    "Missile Weapon",
    "Off-Hand Weapon",
    "Shield",
    "Thrown Weapon",
)


@dataclass(frozen=True)
class SkillInfo:
    """A row of SIM-T08: a skill's kind, the stat its bonus adds to, and its specialties.

    >>> skill_info("Climbing")
    SkillInfo(name='Climbing', kind='personal', stat='C', needs_specialty=False, specialties=())
    """

    name: str
    kind: str
    stat: str
    needs_specialty: bool
    specialties: tuple[str, ...]


@functools.cache  # read once like the tables themselves (pycore.tables.loader); values frozen
def _skills() -> MappingProxyType[str, SkillInfo]:
    """SIM-T08 by name, in printed order: a draw looks up every skill (its default, SIM-03)."""
    infos = {}
    for row in load_table("simply", "skills").rows:
        specialties = row["specialties"]
        infos[str(row["name"])] = SkillInfo(
            name=str(row["name"]),
            kind=str(row["kind"]),
            stat=str(row["stat"]),
            needs_specialty=bool(row["needs_specialty"]),
            specialties=tuple(str(s) for s in specialties)
            if isinstance(specialties, tuple)
            else (),
        )
    return MappingProxyType(infos)


@functools.cache
def skill_names() -> tuple[str, ...]:
    """Every skill of SIM-T08 in printed order (74).

    >>> len(skill_names()), skill_names()[0]
    (74, 'Brawling')
    """
    return tuple(_skills())


@checked
def skill_info(name: str) -> SkillInfo:
    """The SIM-T08 entry for ``name`` (a trailing ":" is ignored); RuleError if unknown.

    >>> skill_info("Languages:").needs_specialty
    True
    >>> skill_info("Basket Weaving")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: skill 'Basket Weaving' is not on the skill list
    """
    key = name.rstrip(":").strip() if isinstance(name, str) else name
    info = _skills().get(key) if isinstance(key, str) else None
    if info is None:
        raise RuleError(f"skill {name!r} is not on the skill list", rules=("SIM-T08",))
    return info
