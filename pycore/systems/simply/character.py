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
>>> character_from_json(character_to_json(hero)) == hero
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.simply.skills import (
    explain_skill_purchase_points,
    explain_skill_rating,
    skill_cost,
    skill_info,
    skill_names,
)
from pycore.systems.simply.stats import (
    DEFAULT_STARTING_LUCK,
    LEVELS,
    MAX_STAT,
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

MAX_TEXT: Final = 10_000
MAX_ITEMS: Final = 500


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
    armor: ArmorChoice | None = None
    shield: ArmorChoice | None = None
    skills: tuple[Skill, ...] = ()
    adjustments: tuple[Adjustment, ...] = ()
    luck: int = DEFAULT_STARTING_LUCK
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
    """A builder finding: ``severity`` is ``error`` (a budget broken), ``warning`` or ``note``.

    >>> str(Problem("stats", "2 stat points undistributed", "warning"))
    'stats: 2 stat points undistributed'
    """

    field: str
    message: str
    severity: str = "error"

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
                f"({campaign.starting_stat_points} {adj:+d} age {campaign.race_stat_adj:+d} race)",
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
                problems.append(Problem(f"{kind} {name}", "not on the list (SIM-T04)"))
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
            problems.append(Problem(where, "not on the skill list (SIM-T08)"))
            continue
        if skill.level not in LEVELS:
            problems.append(
                Problem(where, f"level {skill.level!r} is unknown; allowed: {', '.join(LEVELS)}")
            )
            continue
        info = skill_info(skill.name)
        specialty = (skill.specialty or "").strip()
        if info.needs_specialty and not specialty:
            problems.append(Problem(where, "needs a specialty (SIM-20)"))
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


def validate(character: Character, campaign: Campaign) -> list[Problem]:
    """Every budget the text sets (SIM-15, SIM-16, SIM-19, SIM-32, SIM-D02, SIM-D07); never
    raises for a Character built from valid types.

    >>> c = Character(age="Adult", strength=9, coordination=9, intellect=9, health=9,
    ...               abilities=("Wealth",), armor=ArmorChoice("Plate armor", 10, 2))
    >>> for problem in validate(c, Campaign()):
    ...     print(problem)
    stats: S + C + I + H = 36 is over the 23 stat points (24 -1 age +0 race)
    abilities: abilities − disabilities = 2 points is over the balance 0
    skills: 22 of 22 SPP unspent
    armor Plate armor: needs Min S 10; S is 9
    """
    problems = _stat_problems(character, campaign)
    problems += _ability_problems(character, campaign)
    problems += _skill_problems(character)
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
        problems.append(Problem("adjustments", str(error)))
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


# --- JSON (the page keeps characters in localStorage; STYLE 9-10) ---------------------------

_KNOWN: Final = frozenset(f.name for f in fields(Character)) - {"extra"}


def _choice_json(item: ArmorChoice | None) -> dict[str, Any] | None:
    if item is None:
        return None
    return {"name": item.name, "min_strength": item.min_strength, "c_adj": item.c_adj}


def character_to_json(c: Character) -> dict[str, Any]:
    """A JSON-ready dict of ``c``; unknown fields kept in ``extra`` are written back as they were.

    >>> character_to_json(Character(name="Bo"))["name"]
    'Bo'
    """
    data: dict[str, Any] = dict(c.extra)
    data.update(
        {
            "name": c.name,
            "player": c.player,
            "concept": c.concept,
            "age": c.age,
            "age_note": c.age_note,
            "race": c.race,
            "strength": c.strength,
            "coordination": c.coordination,
            "intellect": c.intellect,
            "health": c.health,
            "abilities": list(c.abilities),
            "disabilities": list(c.disabilities),
            "gear": [{"name": g.name, "notes": g.notes} for g in c.gear],
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
            "appearance": c.appearance,
            "history": c.history,
            "personality": c.personality,
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
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or not -MAX_STAT * 10 <= value <= (MAX_STAT * 10)
    ):
        raise RuleError(
            f"{where} {value!r:.60} is not valid; allowed: a whole number from "
            f"{-MAX_STAT * 10} to {MAX_STAT * 10}"
        )
    return value


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


def character_from_json(d: dict[str, Any]) -> Character:
    """The Character saved by :func:`character_to_json`; a RuleError names the first bad field.
    Missing fields take the defaults; unknown ones are kept in ``extra``.

    >>> character_from_json({"name": "Bo", "strength": "7"})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: strength '7' is not valid; allowed: a whole number from -1000 to 1000
    >>> character_from_json({"name": "Bo", "pet": "cat"}).extra["pet"]
    'cat'
    """
    data = _obj("character", d)
    base = Character()
    g = data.get
    skills = tuple(
        Skill(
            _str(f"skills[{i}].name", _obj(f"skills[{i}]", s).get("name")),
            _str(f"skills[{i}].level", s.get("level")),
            _str(f"skills[{i}].specialty", s.get("specialty"), optional=True),
        )
        for i, s in enumerate(_list("skills", g("skills", [])))
    )
    speed = _obj("speed", g("speed", {"ground": base.speed.ground, "swimming": 1}))
    others = []
    for i, pair in enumerate(_list("speed.other", speed.get("other", []))):
        if not isinstance(pair, list) or len(pair) != 2:
            raise RuleError(f"speed.other[{i}] {pair!r:.60} is not valid; allowed: [name, value]")
        others.append((_str(f"speed.other[{i}]", pair[0]), _intv(f"speed.other[{i}]", pair[1])))
    adjustments = []
    for i, a in enumerate(_list("adjustments", g("adjustments", []))):
        a = _obj(f"adjustments[{i}]", a)
        stat = _str(f"adjustments[{i}].stat", a.get("stat"))
        if stat not in STAT_NAMES:
            raise RuleError(f"adjustments[{i}].stat {stat!r} is not valid; allowed: S, C, I, H")
        adjustments.append(
            Adjustment(
                _str(f"adjustments[{i}].source", a.get("source")),
                stat,
                _intv(f"adjustments[{i}].amount", a.get("amount")),
            )
        )
    return Character(
        name=_str("name", g("name", base.name)),
        player=_str("player", g("player", base.player)),
        concept=_str("concept", g("concept", base.concept)),
        age=_str("age", g("age", base.age)),
        age_note=_str("age_note", g("age_note", base.age_note)),
        race=_str("race", g("race", base.race)),
        strength=_intv("strength", g("strength", base.strength)),
        coordination=_intv("coordination", g("coordination", base.coordination)),
        intellect=_intv("intellect", g("intellect", base.intellect)),
        health=_intv("health", g("health", base.health)),
        abilities=tuple(
            _str(f"abilities[{i}]", x) for i, x in enumerate(_list("abilities", g("abilities", [])))
        ),
        disabilities=tuple(
            _str(f"disabilities[{i}]", x)
            for i, x in enumerate(_list("disabilities", g("disabilities", [])))
        ),
        gear=tuple(
            GearItem(
                _str(f"gear[{i}].name", _obj(f"gear[{i}]", x).get("name")),
                _str(f"gear[{i}].notes", x.get("notes", "")),
            )
            for i, x in enumerate(_list("gear", g("gear", [])))
        ),
        armor=_choice("armor", g("armor")),
        shield=_choice("shield", g("shield")),
        skills=skills,
        adjustments=tuple(adjustments),
        luck=_intv("luck", g("luck", base.luck)),
        speed=Speed(
            _intv("speed.ground", speed.get("ground", base.speed.ground)),
            _intv("speed.swimming", speed.get("swimming", base.speed.swimming)),
            tuple(others),
        ),
        initiative_other=_intv("initiative_other", g("initiative_other", 0)),
        appearance=_str("appearance", g("appearance", "")),
        history=_str("history", g("history", "")),
        personality=_str("personality", g("personality", "")),
        extra=MappingProxyType({k: v for k, v in data.items() if k not in _KNOWN}),
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


@dataclass(frozen=True)
class BaseScore:
    """A base score a character can roll a task or check on (SIM-02): the label to show, the
    score, the skill level (None for a check: no automatic 2, SIM-06) and where it comes from."""

    key: str
    label: str
    base: int
    level: str | None
    formula: str


def base_scores(character: Character, campaign: Campaign | None = None) -> tuple[BaseScore, ...]:
    """Every purchased skill's rating from adjusted and from original stats (SIM-28), then the
    four special checks on the unadjusted stats (SIM-09).

    >>> c = Character(strength=6, coordination=7, skills=(Skill("Brawling", "Capable"),))
    >>> [(b.key, b.base) for b in base_scores(c)][:3]
    [('skill:0:adj', 10), ('skill:0:orig', 10), ('check:knockback', 12)]
    """
    from pycore.systems.simply.tasks import SPECIAL_CHECKS, special_check, special_check_stat

    derived = derive(character, campaign)
    scores: list[BaseScore] = []
    for index, line in enumerate(derived.skills):
        for which, rating in (("adj", line.adjusted), ("orig", line.original)):
            if rating.value is None:
                continue
            stats = "adjusted" if which == "adj" else "original"
            scores.append(
                BaseScore(
                    f"skill:{index}:{which}",
                    f"{line.skill.label()} ({line.skill.level}), {stats} stats",
                    int(rating.value),
                    line.skill.level,
                    rating.formula,
                )
            )
    for check in SPECIAL_CHECKS:
        letter = special_check_stat(check)
        stat = character.stats().get(letter)
        base = special_check(check, stat)
        scores.append(
            BaseScore(
                f"check:{check}",
                f"{check.capitalize()} Check (2 × {letter})",
                base,
                None,
                f"2 × unadjusted {letter} {stat} = {base}",
            )
        )
    return tuple(scores)


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


def campaign_from_json(data: Mapping[str, Any]) -> Campaign:
    """The GM's settings from saved data; a missing one takes its default, a bad one is a
    :class:`RuleError` naming it and its range.

    >>> campaign_from_json({"starting_stat_points": 30}).starting_stat_points
    30
    >>> campaign_from_json({"stat_max": 99})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Highest stat 99 is outside 1 to 20 (SIM-D02)
    >>> campaign_from_json({"stat_min": 8, "stat_max": 5})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Lowest stat 8 is above the highest stat 5 (SIM-D02)
    """
    values: dict[str, int] = {}
    for key, (label, low, high, rule) in CAMPAIGN_FIELDS.items():
        value = data.get(key, getattr(Campaign(), key))
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RuleError(f"{label} {value!r} is outside {low} to {high} ({rule})")
        values[key] = value
    if values["stat_min"] > values["stat_max"]:
        raise RuleError(
            f"Lowest stat {values['stat_min']} is above the highest stat {values['stat_max']} "
            "(SIM-D02)"
        )
    return Campaign(**values)
