"""A Simply Roleplaying! character as a value, its builder checks and derived values
(SIM-12 to SIM-29; campaign settings SIM-D01 to SIM-D06).

Armor and shield minimum strength (SIM-32) and C Adj. (SIM-21) are taken as inputs on
:class:`ArmorChoice` entries, so this module does not read the armor or shield tables.

>>> hero = Character(name="Ana", age="Young Adult", strength=6, coordination=6, intellect=6,
...                  health=6, skills=(Skill("Dodging", "Expert"), Skill("Climbing", "Professional")))
>>> validate(hero, Campaign())
[]
>>> derived = derive(hero)
>>> derived.hit_points.value, derived.fatigue_points.value
(24, 12)
>>> from dataclasses import replace
>>> validate(replace(hero, weapons=(Weapon("Spoon", "Dodging"),)), Campaign())[0].message
"'Dodging' is not a combat skill; allowed: Brawling, Grappling, Martial Arts, Melee Weapon, Missile Weapon, Off-Hand Weapon, Shield, Thrown Weapon"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from pycore.errors import RuleError
from pycore.figures import signed
from pycore.systems.simply.armor import DAMAGE_KINDS, DamageKind
from pycore.systems.simply.limits import MAX_STAT
from pycore.systems.simply.skills import (
    COMBAT_SKILLS,
    explain_skill_purchase_points,
    explain_skill_rating,
    skill_cost,
    skill_info,
    skill_names,
)
from pycore.systems.simply.stats import (
    DEFAULT_STARTING_LUCK,
    LEVELS,
    STAT_NAMES,
    Adjustment,
    Derivation,
    Speed,
    Stats,
    adjusted_stats,
    age_category,
    age_names,
    explain_fatigue_points,
    explain_hit_points,
    explain_initiative_bonus,
    explain_unarmed_max_damage,
)
from pycore.tables import load_table
from pycore.validate import checked


@dataclass(frozen=True)
class ArmorChoice:
    """Worn armor (with its coating or insert folded in) or a shield: its name, its Min S and
    its C Adj., taken from the armor module's tables by the caller (SIM-17, SIM-21, SIM-32).

    >>> ArmorChoice("Chainmail", 5, 1)
    ArmorChoice(name='Chainmail', min_strength=5, c_adj=1)
    """

    name: str
    min_strength: int | None = None
    c_adj: int = 0


@dataclass(frozen=True)
class Skill:
    """A bought skill (SIM-19, SIM-20): each specialty is its own skill (SIM-D21)."""

    name: str
    level: str
    specialty: str | None = None

    def label(self) -> str:
        """``Name: Specialty`` or ``Name``.

        >>> Skill("Melee Weapon", "Familiar", "Sword").label()
        'Melee Weapon: Sword'
        """
        return f"{self.name}: {self.specialty}" if self.specialty else self.name


@dataclass(frozen=True)
class GearItem:
    """A free gear entry, name and notes (SIM-17)."""

    name: str
    notes: str = ""


@dataclass(frozen=True)
class Weapon:
    """A weapon on the record (SIM-17): its name; the skill it is used with as the skill list
    names it ("Melee Weapon: Sword"), bought or not (SIM-03 default); its Max Dmg on the Master
    Damage Tables, or None when it has its own damage table (SIM-40: Weapon Cards, not in the
    seed); and its attack type for the armor row, or None for the skill's (SIM-D09).

    >>> Weapon("Longsword", "Melee Weapon: Sword", 24).skill_parts()
    ('Melee Weapon', 'Sword')
    """

    name: str
    skill: str
    max_damage: int | None = None
    kind: DamageKind | None = None

    def skill_parts(self) -> tuple[str, str | None]:
        """The skill's name and its specialty (SIM-20, SIM-D21)."""
        name, _, specialty = self.skill.partition(":")
        return name.strip(), specialty.strip() or None


@dataclass(frozen=True)
class Character:
    """The Character Record (SIM-29). Stats are the originals; ``adjustments`` are the
    user-entered changes of SIM-21 besides armor and shield C Adj. ``extra`` keeps unknown
    saved fields so they round-trip untouched."""

    name: str = ""
    player: str = ""
    concept: str = ""
    age: str = "Young Adult"
    age_note: str = ""
    race: str = ""
    strength: int = 6
    coordination: int = 6
    intellect: int = 6
    health: int = 6
    abilities: tuple[str, ...] = ()
    disabilities: tuple[str, ...] = ()
    gear: tuple[GearItem, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    armor: ArmorChoice | None = None
    shield: ArmorChoice | None = None
    skills: tuple[Skill, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    luck: int = DEFAULT_STARTING_LUCK
    #: What a fight leaves on the record: the HP now (None: unhurt, at the derived HP) and the
    #: conditions the rules cannot tell from HP (knocked down, bleeding, stabilized, ...).
    hp: int | None = None
    conditions: tuple[str, ...] = ()
    speed: Speed = field(default_factory=Speed)
    initiative_other: int = 0
    appearance: str = ""
    history: str = ""
    personality: str = ""
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def stats(self) -> Stats:
        """The original stats.

        >>> Character(strength=7).stats().strength
        7
        """
        return Stats(self.strength, self.coordination, self.intellect, self.health)

    def all_adjustments(self) -> tuple[Adjustment, ...]:
        """SIM-21: armor and shield C Adj. as C reductions, then the user's adjustments.

        >>> Character(armor=ArmorChoice("Chainmail", 5, 1)).all_adjustments()
        (Adjustment(source='Chainmail', stat='C', amount=-1),)
        """
        worn = tuple(
            Adjustment(item.name, "C", -item.c_adj)
            for item in (self.armor, self.shield)
            if item is not None and item.c_adj
        )
        return worn + self.adjustments


@dataclass(frozen=True)
class Campaign:
    """The GM's settings, each with the inventory's visible default (SIM-D01 to SIM-D06)."""

    starting_stat_points: int = 24  # SIM-D01, before the age Stat Adj
    stat_min: int = 1  # SIM-D02
    stat_max: int = 10  # SIM-D02
    race_stat_adj: int = 0  # SIM-D03
    ability_balance: int = 0  # SIM-D04
    starting_luck: int = DEFAULT_STARTING_LUCK  # SIM-D05
    fatigue_variation: int = 0  # SIM-D06: added to Adj S + Adj H


@dataclass(frozen=True)
class Problem:
    """A builder finding: ``severity`` is ``error`` (a budget broken), ``warning`` or ``note``;
    ``rules`` names the rules it applies, as data (its words carry no rule IDs).

    >>> str(Problem("stats", "2 stat points undistributed", "warning"))
    'stats: 2 stat points undistributed'
    """

    field: str
    message: str
    severity: str = "error"
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


def _stat_problems(c: Character, campaign: Campaign) -> list[Problem]:
    problems: list[Problem] = []
    stats = c.stats()
    for letter in STAT_NAMES:
        value = stats.get(letter)
        if not campaign.stat_min <= value <= campaign.stat_max:  # SIM-D02
            problems.append(
                Problem(
                    letter,
                    f"{letter} {value} is outside {campaign.stat_min} to {campaign.stat_max}",
                )
            )
    if c.age not in age_names():
        problems.append(
            Problem("age", f"age {c.age!r} is unknown; allowed: {', '.join(age_names())}")
        )
        return problems
    # SIM-15: GM total + age Stat Adj + race adj, all distributed.
    adj = age_category(c.age).stat_adj
    budget = campaign.starting_stat_points + adj + campaign.race_stat_adj
    spent = stats.total()
    if spent > budget:
        problems.append(
            Problem(
                "stats",
                f"S + C + I + H = {spent} is over the {budget} stat points "
                f"({campaign.starting_stat_points} {signed(adj)} age {signed(campaign.race_stat_adj)} race)",
            )
        )
    elif spent < budget:
        problems.append(
            Problem("stats", f"{budget - spent} of {budget} stat points undistributed", "warning")
        )
    return problems


def _ability_problems(c: Character, campaign: Campaign) -> list[Problem]:
    problems: list[Problem] = []
    table = load_table("simply", "abilities_disabilities")
    known = {str(row["name"]): (str(row["kind"]), row["points"]) for row in table.rows}
    net = 0
    zero = {"ability": 0, "disability": 0}
    for kind, names in (("ability", c.abilities), ("disability", c.disabilities)):
        seen: set[str] = set()
        for name in names:
            if name in seen:
                problems.append(Problem(f"{kind} {name}", "taken twice"))
                continue
            seen.add(name)
            entry = known.get(name)
            if entry is None:
                problems.append(Problem(f"{kind} {name}", "not on the list", rules=("SIM-T04",)))
                continue
            if entry[0] != kind:
                problems.append(
                    Problem(
                        f"{kind} {name}",
                        f"is a{'n' * (kind == 'disability')} "
                        f"{entry[0]}, not a{'n' * (kind == 'ability')} {kind}",
                    )
                )
                continue
            points = entry[1]
            assert isinstance(points, int)
            if points == 0:
                zero[kind] += 1
            net += points if kind == "ability" else -points
    # SIM-16: net ability points must not exceed the GM balance.
    if net > campaign.ability_balance:
        problems.append(
            Problem(
                "abilities",
                f"abilities − disabilities = {net} points is over the balance "
                f"{campaign.ability_balance}",
            )
        )
    elif net < campaign.ability_balance:
        problems.append(
            Problem("abilities", f"{campaign.ability_balance - net} balance points unused", "note")
        )
    # SIM-16: zero-point ones are balanced separately, one 0-pt disability per 0-pt ability.
    if zero["ability"] > zero["disability"]:
        problems.append(
            Problem(
                "zero-point abilities",
                f"{zero['ability']} zero-point abilities need as many zero-point disabilities; "
                f"there are {zero['disability']}",
            )
        )
    elif zero["disability"] > zero["ability"]:
        problems.append(
            Problem(
                "zero-point abilities",
                f"{zero['disability'] - zero['ability']} zero-point disabilities unbalanced",
                "note",
            )
        )
    return problems


def _skill_problems(c: Character) -> list[Problem]:
    problems: list[Problem] = []
    spent = 0
    seen: set[tuple[str, str]] = set()
    for skill in c.skills:
        where = f"skill {skill.label()}"
        if skill.name.rstrip(":") not in skill_names():
            problems.append(Problem(where, "not on the skill list", rules=("SIM-T08",)))
            continue
        if skill.level not in LEVELS:
            problems.append(
                Problem(where, f"level {skill.level!r} is unknown; allowed: {', '.join(LEVELS)}")
            )
            continue
        info = skill_info(skill.name)
        specialty = (skill.specialty or "").strip()
        if info.needs_specialty and not specialty:
            problems.append(Problem(where, "needs a specialty", rules=("SIM-20",)))
        key = (info.name, specialty.casefold())
        if key in seen:
            problems.append(Problem(where, "bought twice"))
        seen.add(key)
        spent += skill_cost(skill.level)
    if c.age in age_names() and 0 <= c.intellect <= MAX_STAT:
        spp = explain_skill_purchase_points(c.intellect, c.age).value
        assert spp is not None
        # SIM-19: the sum of skill costs must not exceed SPP (from the original I, SIM-18).
        if spent > spp:
            problems.append(Problem("skills", f"skills cost {spent} SPP; only {spp} available"))
        elif spent < spp:
            problems.append(Problem("skills", f"{spp - spent} of {spp} SPP unspent", "note"))
    return problems


def _weapon_problems(c: Character) -> list[Problem]:
    """SIM-39: a weapon is used with a weapon or hand-combat skill; SIM-D07: Max Dmg 1 to 100."""
    problems: list[Problem] = []
    for weapon in c.weapons:
        where = f"weapon {weapon.name}"
        name, specialty = weapon.skill_parts()
        if name not in COMBAT_SKILLS:
            allowed = ", ".join(COMBAT_SKILLS)
            problems.append(Problem(where, f"{name!r} is not a combat skill; allowed: {allowed}"))
        elif skill_info(name).needs_specialty and not specialty:
            problems.append(Problem(where, f"{name} needs a specialty", rules=("SIM-20",)))
        if weapon.max_damage is not None and not 1 <= weapon.max_damage <= 100:
            problems.append(Problem(where, f"Max Dmg {weapon.max_damage} is outside 1 to 100"))
        if weapon.kind is not None and weapon.kind not in DAMAGE_KINDS:
            problems.append(Problem(where, f"attack type {weapon.kind!r} is unknown"))
    return problems


@checked
def validate(character: Character, campaign: Campaign) -> list[Problem]:
    """Every budget the text sets (SIM-15, SIM-16, SIM-19, SIM-32, SIM-D02, SIM-D07); never
    raises for a Character built from valid types.

    >>> c = Character(age="Adult", strength=9, coordination=9, intellect=9, health=9,
    ...               abilities=("Wealth",), armor=ArmorChoice("Plate armor", 10, 2))
    >>> for problem in validate(c, Campaign()):
    ...     print(problem)
    stats: S + C + I + H = 36 is over the 23 stat points (24 −1 age +0 race)
    abilities: abilities − disabilities = 2 points is over the balance 0
    skills: 22 of 22 SPP unspent
    armor Plate armor: needs Min S 10; S is 9
    """
    problems = _stat_problems(character, campaign)
    problems += _ability_problems(character, campaign)
    problems += _skill_problems(character)
    problems += _weapon_problems(character)
    # SIM-32 / SIM-D10: Min S is checked against the original S; a builder problem only.
    for label, item in (("armor", character.armor), ("shield", character.shield)):
        if (
            item is not None
            and item.min_strength is not None
            and character.strength < item.min_strength
        ):
            problems.append(
                Problem(
                    f"{label} {item.name}",
                    f"needs Min S {item.min_strength}; S is {character.strength}",
                )
            )
    if not 0 <= character.luck <= 1000:
        problems.append(Problem("luck", f"luck {character.luck} is outside 0 to 1000"))
    try:
        adjusted = adjusted_stats(character.stats(), character.all_adjustments())
    except RuleError as error:
        problems.append(Problem("adjustments", str(error), rules=error.rules))
        return problems
    for letter in STAT_NAMES:
        if adjusted.get(letter) < 1:  # SIM-D07: shown with a warning
            problems.append(
                Problem(f"Adj {letter}", f"Adj {letter} is {adjusted.get(letter)}", "warning")
            )
    return problems


@dataclass(frozen=True)
class SkillLine:
    """A skill on the record with its ratings from original and adjusted stats (SIM-28)."""

    skill: Skill
    stat: str
    cost: Derivation
    original: Derivation
    adjusted: Derivation


@dataclass(frozen=True)
class Derived:
    """Everything derived for the Character Record, each value with its formula (SIM-21 to
    SIM-28). A value the rules cannot give (e.g. Adj H 11) is None with the reason."""

    stats: Stats
    adjusted: Stats
    skill_purchase_points: Derivation
    hit_points: Derivation
    fatigue_points: Derivation
    initiative_bonus: Derivation
    unarmed_max_damage: Derivation
    speed: Speed
    luck: int
    skills: tuple[SkillLine, ...]


def _safe(name: str, compute: Any, *args: Any) -> Derivation:
    try:
        result = compute(*args)
    except RuleError as error:
        return Derivation(name, None, f"{name}: {error}")
    assert isinstance(result, Derivation)
    return result


def _level_of(c: Character, name: str) -> str | None:
    levels = [s.level for s in c.skills if s.name.rstrip(":") == name and s.level in LEVELS]
    return max(levels, key=LEVELS.index) if levels else None


@checked
def derive(character: Character, campaign: Campaign | None = None) -> Derived:
    """Adjusted stats, SPP, HP, FP, initiative bonus, unarmed Max Dmg and skill ratings.

    >>> c = Character(strength=6, coordination=6, intellect=5, health=5,
    ...               armor=ArmorChoice("Chainmail", 5, 1), shield=ArmorChoice("Large", 0, 1),
    ...               skills=(Skill("Melee Weapon", "Capable", "Sword"),))
    >>> d = derive(c)
    >>> d.adjusted.coordination, d.skills[0].original.value, d.skills[0].adjusted.value
    (4, 10, 8)
    >>> str(d.hit_points)
    'HP = ⌈Adj S × m + Adj H⌉ = ⌈6 × 3 + 5⌉ = 23'
    """
    settings = campaign or Campaign()
    c = character
    stats = c.stats()
    try:
        adjusted = adjusted_stats(stats, c.all_adjustments())
    except RuleError:
        adjusted = stats
    lines: list[SkillLine] = []
    for skill in c.skills:
        try:
            info = skill_info(skill.name)
            cost = Derivation("Cost", skill_cost(skill.level), f"{skill.level} costs SPP")
        except RuleError as error:
            bad = Derivation("Rating", None, str(error))
            lines.append(SkillLine(skill, "?", bad, bad, bad))
            continue
        cost = Derivation("Cost", cost.value, f"{skill.level} costs {cost.value} SPP")
        lines.append(
            SkillLine(
                skill,
                info.stat,
                cost,
                _safe(
                    "Rating",
                    explain_skill_rating,
                    stats.get(info.stat),
                    skill.level,
                    info.kind,
                    info.stat,
                ),
                _safe(
                    "Rating",
                    explain_skill_rating,
                    adjusted.get(info.stat),
                    skill.level,
                    info.kind,
                    f"Adj {info.stat}",
                ),
            )
        )
    return Derived(
        stats=stats,
        adjusted=adjusted,
        skill_purchase_points=_safe("SPP", explain_skill_purchase_points, c.intellect, c.age),
        hit_points=_safe("HP", explain_hit_points, adjusted.strength, adjusted.health),
        fatigue_points=_safe(
            "FP",
            explain_fatigue_points,
            adjusted.strength,
            adjusted.health,
            settings.fatigue_variation,
        ),
        initiative_bonus=_safe(
            "Initiative bonus",
            explain_initiative_bonus,
            _level_of(c, "Combat Awareness"),
            c.initiative_other,
        ),
        unarmed_max_damage=_safe(
            "Unarmed Max Dmg",
            explain_unarmed_max_damage,
            adjusted.strength,
            _level_of(c, "Martial Arts"),
        ),
        speed=c.speed,
        luck=c.luck,
        skills=tuple(lines),
    )


@dataclass(frozen=True)
class AbilityInfo:
    """One entry of the Abilities & Disabilities list (SIM-T04): the text gives name and points."""

    name: str
    kind: str
    points: int


def ability_list() -> tuple[AbilityInfo, ...]:
    """Every ability and disability of SIM-T04, in table order.

    >>> entries = ability_list()
    >>> sum(e.kind == "ability" for e in entries), sum(e.kind == "disability" for e in entries)
    (27, 37)
    """
    rows = load_table("simply", "abilities_disabilities").rows
    return tuple(AbilityInfo(str(r["name"]), str(r["kind"]), int(str(r["points"]))) for r in rows)


@checked
def armor_choice(armor_name: str, coating_name: str | None = None) -> ArmorChoice:
    """The record's Armor line for a SIM-T06 suit (and its coating or insert): its name, the
    Min S with the coating's addition and the C Adj (SIM-30, SIM-32).

    >>> armor_choice("plasteel_heavy", "ablative")
    ArmorChoice(name='Plasteel Infantry Armor, Heavy w/ ablative coating', min_strength=7, c_adj=3)
    """
    from pycore.systems.simply.armor import wear

    worn = wear(armor_name, [coating_name] if coating_name else [])
    assert worn.armor is not None
    name = worn.armor.name + (f" {worn.coating.name}" if worn.coating else "")
    return ArmorChoice(name, worn.min_strength or None, worn.c_adjustment)


def shield_choice(shield_name: str) -> ArmorChoice:
    """The record's shield: name, Min S and C Adj from SIM-T07 (SIM-31, SIM-32).

    >>> shield_choice("large")
    ArmorChoice(name='Large', min_strength=5, c_adj=1)
    """
    from pycore.systems.simply.armor import shield

    item = shield(shield_name)
    return ArmorChoice(item.name, item.min_s, item.c_adj)
