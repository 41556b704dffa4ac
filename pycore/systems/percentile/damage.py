"""Damage (PCT-39–PCT-54): damage records with structure, function and destruction, the damage
percentage and its description categories, additional descriptions, organ damage with the
race exceptions, and poisons.

>>> damage_percentage(7, 20), damage_category(damage_percentage(7, 20))   # PCT-D09
(Fraction(35, 1), '31-35')
>>> p = take_damage(BodyPart("hand", 8), 13); p.structure_left, p.function_left   # PCT-D10
(Fraction(0, 1), Fraction(5, 1))
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.errors import RuleError
from pycore.systems.percentile.checks import Number, bounded, fmt
from pycore.validate import checked, is_whole

STRUCTURE_POINTS = 10  # PCT-46: ten unrecorded points of structure per body part
DESTRUCTION_MULTIPLE = 5  # PCT-47
CATEGORIES = 20  # PCT-49: 20 categories of 5 %
MAX_POINTS = 5000  # R-F
ORGAN_SYSTEMS = ("circulatory", "respiratory", "nervous_endocrine", "digestive_excretory")
PROCEDURES = ("1", "2", "3")


def _points(value: Number, name: str = "damage points") -> Fraction:
    return bounded(name, value, 0, MAX_POINTS, whole=False)


@checked
def damage_percentage(damage: Number, points: Number) -> Fraction:
    """PCT-48: ``100 × damage / the part's undamaged points``, exact, may exceed 100.

    >>> damage_percentage(Fraction(9, 2), 6)
    Fraction(75, 1)
    """
    d = _points(damage)
    p = bounded("body-part points", points, 1, MAX_POINTS, whole=False)
    return 100 * d / p


@checked
def category_number(percentage: Number) -> int | None:
    """PCT-49: ``ceil(DP / 5)``, at most 20; none for DP ≤ 0.

    >>> category_number(35), category_number(Fraction(351, 10)), category_number(250), category_number(0)
    (7, 8, 20, None)
    """
    dp = Fraction(percentage)
    if dp <= 0:
        return None
    return min(CATEGORIES, math.ceil(dp / 5))


@checked
def category_label(number: int) -> str:
    """``"31-35"`` for category 7.

    >>> category_label(18)
    '86-90'
    """
    if not 1 <= number <= CATEGORIES:
        raise RuleError(f"category must be from 1 to {CATEGORIES}, got {number}")
    return f"{5 * number - 4}-{5 * number}"


@checked
def damage_category(percentage: Number) -> str:
    """The description-table category of a damage percentage (PCT-49), e.g. ``"81-85"``.

    >>> damage_category(85), damage_category(Fraction(851, 10)), damage_category(0)
    ('81-85', '86-90', 'none')
    """
    if isinstance(percentage, bool) or not isinstance(percentage, (int, Fraction)):
        raise RuleError(f"damage percentage must be a number, got {percentage!r}")
    n = category_number(percentage)
    return "none" if n is None else category_label(n)


@checked
def additional_descriptions(category: int, run_ends: Sequence[int]) -> list[int]:
    """PCT-50: the starting category plus the last category of every earlier run (type of damage).

    ``run_ends`` are the categories flagged ``ends_damage_type`` in the GM's description table.

    >>> [category_label(c) for c in additional_descriptions(18, [3, 9, 13, 17, 20])]   # PCT-E14
    ['86-90', '81-85', '61-65', '41-45', '11-15']
    >>> [category_label(c) for c in additional_descriptions(10, [3, 9, 13, 17, 20])]   # PCT-D15
    ['46-50', '41-45', '11-15']
    """
    if not is_whole(category) or not 1 <= category <= CATEGORIES:
        raise RuleError(f"category must be a whole number from 1 to {CATEGORIES}, got {category!r}")
    if isinstance(run_ends, (str, bytes)) or not isinstance(run_ends, Sequence):
        raise RuleError(f"run ends must be a list of categories, got {run_ends!r}")
    ends = sorted({e for e in run_ends if isinstance(e, int) and 1 <= e < category}, reverse=True)
    return [category, *ends]


@dataclass(frozen=True)
class BodyPart:
    """One line of the damage record (PCT-45–PCT-47): undamaged points P and damage received D."""

    name: str
    points: Fraction
    damage: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "points", bounded(f"{self.name} points", self.points, 1, MAX_POINTS, whole=False)
        )
        object.__setattr__(
            self,
            "damage",
            bounded(f"{self.name} damage", self.damage, 0, MAX_POINTS * 10, whole=False),
        )

    @property
    def structure_left(self) -> Fraction:
        return STRUCTURE_POINTS - min(Fraction(STRUCTURE_POINTS), self.damage)

    @property
    def function_left(self) -> Fraction:
        lost = min(self.points, max(Fraction(0), self.damage - STRUCTURE_POINTS))
        return self.points - lost

    @property
    def no_function(self) -> bool:
        return self.function_left == 0 or self.destroyed

    @property
    def destruction_at(self) -> Fraction:
        return DESTRUCTION_MULTIPLE * self.points

    @property
    def destroyed(self) -> bool:
        return self.damage >= self.destruction_at

    def __str__(self) -> str:
        state = (
            "TOTALLY DESTROYED"
            if self.destroyed
            else "no function"
            if self.no_function
            else f"function {fmt(self.function_left)} of {fmt(self.points)}"
        )
        return (
            f"{self.name}: {fmt(self.damage)} damage; structure {fmt(self.structure_left)} of 10; "
            f"{state} (destroyed at {fmt(self.destruction_at)})"
        )


@checked
def take_damage(part: BodyPart, damage: Number) -> BodyPart:
    """Add damage to a body part: structure goes first, then function; 5 × P destroys it.

    >>> take_damage(BodyPart("hand", 6), 30).destroyed   # PCT-E10
    True
    >>> take_damage(BodyPart("hand", 6), 29).destroyed
    False
    """
    return replace(part, damage=part.damage + _points(damage))


@checked
def heal(part: BodyPart, points: Number, natural: bool) -> BodyPart:
    """Heal a part (amounts are the GM's: the text gives none). Medical treatment restores only
    function points; structure comes back only by natural healing (PCT-46).

    >>> heal(take_damage(BodyPart("arm", 8), 14), 10, natural=False).damage
    Fraction(10, 1)
    >>> heal(take_damage(BodyPart("arm", 8), 14), 10, natural=True).damage
    Fraction(4, 1)
    """
    p = _points(points, "points healed")
    floor = Fraction(0) if natural else min(part.damage, Fraction(STRUCTURE_POINTS))
    return replace(part, damage=max(floor, part.damage - p))


@dataclass(frozen=True)
class Race:
    """What the text states about a race (PCT-T04)."""

    name: str
    skeleton: str = "endo"
    head_location: str = "shoulders"
    decentralized: tuple[str, ...] = ()


@checked
def description_order_notice(race: Race) -> str | None:
    """PCT-51: exoskeleton races read bone descriptions first (PCT-E19).

    >>> description_order_notice(Race("Aracnian", "exo")) is not None
    True
    """
    if race.skeleton == "exo":
        return (
            f"{race.name} has an exoskeleton: bone descriptions come first instead of last "
            "(line 149)"
        )
    return None


@checked
def organ_row(race: Race, part: str) -> str:
    """PCT-53: the Table #3-3.1 row for a hit: a chest hit is the head row where the head is in
    the chest (Eebek, Krane: PCT-E20).

    >>> organ_row(Race("Krane", head_location="chest"), "chest"), organ_row(Race("human"), "chest")
    ('head', 'chest')
    """
    if race.head_location != "shoulders" and part.lower() == race.head_location.lower():
        return "head"
    return part


@dataclass(frozen=True)
class OrganDamage:
    """Organ damage in one system (PCT-52, PCT-53): how it was found and the organ DP."""

    system: str
    organ_dp: Fraction
    how: str

    def __str__(self) -> str:
        return f"{self.system}: organ DP {fmt(self.organ_dp)} ({self.how})"


@checked
def organ_damage(
    race: Race,
    part: str,
    tissue_dp: Number,
    multipliers: Mapping[str, Number],
    *,
    damage: Number | None = None,
    body_points: Sequence[Number] = (),
) -> list[OrganDamage]:
    """PCT-52/53: organ DP per system = tissue DP × the Table #3-3.1 multiplier; for a race whose
    system is decentralised (Aracnian, Eebek: circulatory, respiratory) the damage is spread over
    the whole body: ``100 × damage / Σ P`` and no multiplier. ``multipliers`` holds the systems to
    check (the GM's table row for :func:`organ_row`, or single values).

    >>> [str(o) for o in organ_damage(Race("human"), "arm", 60, {"circulatory": Fraction(1, 2)})]   # D14
    ['circulatory: organ DP 30 (tissue DP 60 × ½ (Table #3-3.1, arm))']
    >>> str(organ_damage(Race("Aracnian", "exo", decentralized=("circulatory",)), "leg", 60,
    ...     {"circulatory": 1}, damage=6, body_points=[10, 20, 30])[0])
    'circulatory: organ DP 10 (decentralised: 100 × 6 / 60 body points)'
    """
    dp = bounded("tissue DP", tissue_dp, 0, 100 * MAX_POINTS, whole=False)
    row = organ_row(race, part)
    out = []
    for system, mult in multipliers.items():
        if system not in ORGAN_SYSTEMS:
            raise RuleError(
                f"organ system must be one of {', '.join(ORGAN_SYSTEMS)}, got {system!r}"
            )
        if system in race.decentralized:
            if damage is None or not body_points:
                raise RuleError(
                    f"{race.name}'s {system} system is decentralised: give the damage points and "
                    "every body part's points"
                )
            total = sum(
                (bounded("body-part points", p, 1, MAX_POINTS, whole=False) for p in body_points),
                Fraction(0),
            )
            value = 100 * _points(damage) / total
            out.append(
                OrganDamage(
                    system,
                    value,
                    f"decentralised: 100 × {fmt(Fraction(damage))} / {fmt(total)} body points",
                )
            )
            continue
        m = bounded(f"{system} multiplier", mult, 0, 100, whole=False)
        out.append(
            OrganDamage(system, dp * m, f"tissue DP {fmt(dp)} × {fmt(m)} (Table #3-3.1, {row})")
        )
    return out


@dataclass(frozen=True)
class Poison:
    """PCT-54: a poison or drug acts on chosen organ systems through a WEP MOD (GM); the Table
    #3-3 value is the damage used for the organ calculation only, never the damage record."""

    name: str
    systems: tuple[str, ...]
    wep_mod: int


@checked
def poison_damage(
    poison: Poison,
    race: Race,
    part: str,
    part_points: Number,
    table_3_3_damage: Number,
    multipliers: Mapping[str, Number],
    body_points: Sequence[Number] = (),
) -> list[OrganDamage]:
    """Organ damage of a poison (PCT-54): only the poison's systems; no tissue damage recorded.

    >>> str(poison_damage(Poison("Kurari", ("nervous_endocrine",), 40), Race("human"), "arm", 10, 5,
    ...     {"nervous_endocrine": 2, "circulatory": 1})[0])
    'nervous_endocrine: organ DP 100 (tissue DP 50 × 2 (Table #3-3.1, arm))'
    """
    for system in poison.systems:
        if system not in ORGAN_SYSTEMS:
            raise RuleError(
                f"poison system must be one of {', '.join(ORGAN_SYSTEMS)}, got {system!r}"
            )
    dp = damage_percentage(table_3_3_damage, part_points)
    chosen = {s: multipliers.get(s, 0) for s in poison.systems}
    return organ_damage(race, part, dp, chosen, damage=table_3_3_damage, body_points=body_points)


@dataclass(frozen=True)
class DamageResult:
    """One attack's damage: procedure, potential and recorded points, DP and its category."""

    procedure: str
    potential: Fraction
    recorded: Fraction
    percentage: Fraction
    how: str
    grazing: str = ""

    @property
    def category(self) -> str:
        return damage_category(self.percentage)

    @property
    def category_text(self) -> str:
        """The category with the rounding it uses: each holds the percentages above the one
        before, up to its top (PCT-49 reading: 45.5 % is over 45, so 46-50)."""
        number = category_number(self.percentage)
        if number is None:
            return "no category (no damage)"
        if number == CATEGORIES and self.percentage > 5 * CATEGORIES:
            return f"category {category_label(number)}, the last: over {5 * CATEGORIES - 5}"
        return f"category {category_label(number)}: over {5 * number - 5} up to {5 * number}"

    def __str__(self) -> str:
        text = f"procedure {self.procedure}: {self.how}"
        if self.grazing:
            text += f"; {self.grazing}"
        if self.procedure != "1":
            text += f"; recorded {fmt(self.recorded)} points"
        return text + f"; DP {fmt(self.percentage)} % ({self.category_text})"


@checked
def damage_procedure_one(
    table_percentage: Number, part_points: Number, title: str = ""
) -> DamageResult:
    """PCT-40: the damage-type table's DAMAGE PERCENTAGE is the DP; the record gets the points it
    stands for (``DP × P / 100``, so the record and DP agree).

    >>> str(damage_procedure_one(40, 10, "deep gash"))
    "procedure 1: damage-type table: 'deep gash', DAMAGE PERCENTAGE 40; recorded 4 points; DP 40 % (category 36-40: over 35 up to 40)"
    """
    dp = bounded("DAMAGE PERCENTAGE", table_percentage, 0, 1000, whole=False)
    p = bounded("body-part points", part_points, 1, MAX_POINTS, whole=False)
    points = dp * p / 100
    how = (
        f"damage-type table: {title!r}, DAMAGE PERCENTAGE {fmt(dp)}; recorded {fmt(points)} points"
    )
    return DamageResult("1", points, points, dp, how)


@checked
def damage_points(
    procedure: str,
    potential: Number,
    part_points: Number,
    *,
    graze: tuple[Number, int] | None = None,
    record_grazed: bool = True,
    how: str = "",
) -> DamageResult:
    """Procedures 2 and 3 (PCT-42, PCT-43) with optional grazing (PCT-44): ``graze`` is
    ``(target, to-hit roll)``; ``record_grazed`` chooses the modified or unmodified value (149).

    >>> str(damage_points("2", 24, 20, graze=(60, 15), how="4:10sd+2 = 24"))
    'procedure 2: 4:10sd+2 = 24; grazed: 24 × (60 − 15)/60 = 18; recorded 18 points; DP 90 % (category 86-90: over 85 up to 90)'
    """
    if procedure not in ("2", "3"):
        raise RuleError(f"damage procedure must be 2 or 3 for points, got {procedure!r}")
    pot = _points(potential)
    recorded = pot
    note = ""
    if graze is not None:
        from pycore.systems.percentile.tohit import grazed_damage

        target, roll = graze
        grazed = grazed_damage(pot, target, roll)
        note = f"grazed: {fmt(pot)} × ({fmt(Fraction(target))} − {roll})/{fmt(Fraction(target))} = {fmt(grazed)}"
        if record_grazed:
            recorded = grazed
        else:
            note += " (unmodified value recorded)"
    return DamageResult(
        procedure,
        pot,
        recorded,
        damage_percentage(recorded, part_points),
        how or f"{fmt(pot)} points",
        note,
    )


def races() -> dict[str, Race]:
    """PCT-T04: the races the text names, with only what it states.

    >>> r = races(); r["Aracnian"].skeleton, r["Eebek"].head_location, r["Eebek"].decentralized
    ('exo', 'chest', ('circulatory', 'respiratory'))
    """
    from pycore.tables import load_table

    table = load_table("percentile", "races")
    return {
        str(row["name"]): Race(
            str(row["name"]),
            str(row["skeleton"]),
            str(row["head_location"]),
            tuple(str(s) for s in row["decentralized_systems"]),  # type: ignore[union-attr]
        )
        for row in table.rows
    }


def category_table() -> list[tuple[int, int, int]]:
    """PCT-T03: ``(category, low, high)`` for the 20 description categories.

    >>> category_table()[17]
    (18, 86, 90)
    """
    from pycore.tables import load_table

    table = load_table("percentile", "damage_percentage_categories")
    return [(int(str(r["category"])), int(str(r["low"])), int(str(r["high"]))) for r in table.rows]


def organ_systems() -> dict[str, tuple[str, str]]:
    """PCT-T05: key → (name, organ table label).

    >>> organ_systems()["nervous_endocrine"]
    ('nervous-endocrine', '3-15.3')
    """
    from pycore.tables import load_table

    table = load_table("percentile", "organ_systems")
    return {str(r["key"]): (str(r["name"]), str(r["organ_table"])) for r in table.rows}
