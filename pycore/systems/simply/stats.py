"""Simply Roleplaying! derived character values (SIM-14, SIM-21 to SIM-27; tables SIM-T03,
SIM-T09, SIM-T10, SIM-T11).

Every value comes with the formula that produced it, for the Character Record:

>>> hit_points(7, 3)
21
>>> str(explain_hit_points(7, 3))
'HP = ⌈Adj S × m + Adj H⌉ = ⌈7 × 5/2 + 3⌉ = ⌈41/2⌉ = 21'
>>> fatigue_points(8, 4), unarmed_max_damage(9, "Capable"), initiative_bonus("Expert")
(12, 11, 4)
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from pycore.errors import RuleError
from pycore.figures import MINUS, signed
from pycore.systems.simply.limits import MAX_LUCK, MAX_STAT
from pycore.tables import Row, load_table
from pycore.validate import checked, whole

#: The four skill levels, lowest first (SIM-19, SIM-28).
LEVELS: Final[tuple[str, ...]] = ("Familiar", "Capable", "Professional", "Expert")

#: The stats by their letter (SIM-15; names from the Character Record, lines 430-433).
StatName = Literal["S", "C", "I", "H"]
STAT_NAMES: Final[tuple[StatName, ...]] = ("S", "C", "I", "H")
STAT_TITLES: Final[dict[str, str]] = {
    "S": "Strength",
    "C": "Coordination",
    "I": "Intellect",
    "H": "Health",
}


#: SIM-22: "Ground Speed for most humanoids is 3; Swimming Speed is 1" (line 349).
GROUND_SPEED: Final = 3
SWIMMING_SPEED: Final = 1

#: SIM-D05: the starting Luck Points when the GM gives none (a campaign setting).
DEFAULT_STARTING_LUCK: Final = 10


@checked
def check_level(field: str, level: object, *, allow_none: bool = True) -> str | None:
    """A skill level name (SIM-19), or None where no level (skill not bought) is allowed.

    >>> check_level("Martial Arts", "Expert")
    'Expert'
    >>> check_level("Martial Arts", "Master")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Martial Arts level 'Master' is unknown; allowed: Familiar, Capable, Professional, Expert or none
    """
    if level is None and allow_none:
        return None
    if isinstance(level, str) and level in LEVELS:
        return level
    none = " or none" if allow_none else ""
    raise RuleError(f"{field} level {level!r} is unknown; allowed: {', '.join(LEVELS)}{none}")


def _int(row: Row, column: str) -> int:
    value = row[column]
    assert isinstance(value, int)
    return value


@dataclass(frozen=True)
class Derivation:
    """A derived value with the formula text that produced it; ``value`` is None when the
    rule cannot give one (``formula`` then says why).

    >>> str(Derivation("FP", 12, "FP = Adj S + Adj H = 8 + 4 = 12"))
    'FP = Adj S + Adj H = 8 + 4 = 12'
    """

    name: str
    value: int | None
    formula: str
    rules: tuple[str, ...] = ()  # the rules its formula applies, as data (never in its words)

    def __str__(self) -> str:
        return self.formula


@dataclass(frozen=True)
class AgeCategory:
    """A row of SIM-T03 (SIM-14).

    >>> age_category("Ancient")
    AgeCategory(name='Ancient', stat_adj=-9, spp_base=38)
    """

    name: str
    stat_adj: int
    spp_base: int


@functools.cache  # read once like the tables themselves (pycore.tables.loader); values frozen
def age_names() -> tuple[str, ...]:
    """The age categories of SIM-T03, youngest first.

    >>> age_names()[:2]
    ('Adolescent', 'Young Adult')
    """
    return tuple(str(row["name"]) for row in load_table("simply", "age_categories").rows)


@checked
def age_category(name: str) -> AgeCategory:
    """The age category ``name`` (SIM-14, table SIM-T03); RuleError for an unknown name.

    >>> age_category("Adolescent").stat_adj
    1
    >>> age_category("Teen")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: age 'Teen' is unknown; allowed: Adolescent, Young Adult, Adult, Mature, Elder, Aged, Ancient
    """
    names = age_names()
    if not isinstance(name, str) or name not in names:
        raise RuleError(f"age {name!r} is unknown; allowed: {', '.join(names)}")
    return _age(name)


@functools.lru_cache(maxsize=8)  # each character's age at each draw; SIM-T03 is frozen
def _age(name: str) -> AgeCategory:
    row = load_table("simply", "age_categories").row_by("name", name)
    return AgeCategory(name, _int(row, "stat_adj"), _int(row, "spp_base"))


@dataclass(frozen=True)
class Stats:
    """The four stats S, C, I, H (SIM-15).

    >>> Stats(6, 5, 7, 4).get("I")
    7
    """

    strength: int
    coordination: int
    intellect: int
    health: int

    def get(self, stat: str) -> int:
        """The stat by its letter ``S``, ``C``, ``I`` or ``H``."""
        values = {
            "S": self.strength,
            "C": self.coordination,
            "I": self.intellect,
            "H": self.health,
        }
        if stat not in values:
            raise RuleError(f"stat {stat!r} is unknown; allowed: S, C, I, H")
        return values[stat]

    def total(self) -> int:
        """S + C + I + H, the stat points spent (SIM-15).

        >>> Stats(6, 5, 7, 4).total()
        22
        """
        return self.strength + self.coordination + self.intellect + self.health


@dataclass(frozen=True)
class Adjustment:
    """A signed change to one stat from gear or a special feature (SIM-21).

    >>> Adjustment("Chainmail", "C", -1)
    Adjustment(source='Chainmail', stat='C', amount=-1)
    """

    source: str
    stat: str
    amount: int


@checked
def adjusted_stats(stats: Stats, adjustments: tuple[Adjustment, ...] = ()) -> Stats:
    """SIM-21: the stats after gear and special features. Armor, coating and shield "C Adj."
    values enter as negative C adjustments; other adjustments are user-entered.

    >>> adjusted_stats(Stats(6, 6, 5, 5), (Adjustment("Chainmail", "C", -1),
    ...                                    Adjustment("Large", "C", -1)))
    Stats(strength=6, coordination=4, intellect=5, health=5)
    """
    delta: dict[str, int] = dict.fromkeys(STAT_NAMES, 0)
    for adjustment in adjustments:
        if adjustment.stat not in delta:
            raise RuleError(
                f"adjustment {adjustment.source!r} stat {adjustment.stat!r} is unknown; "
                "allowed: S, C, I, H"
            )
        whole(adjustment.amount, f"adjustment {adjustment.source!r} amount", -MAX_STAT, MAX_STAT)
        delta[adjustment.stat] += adjustment.amount
    return Stats(
        stats.strength + delta["S"],
        stats.coordination + delta["C"],
        stats.intellect + delta["I"],
        stats.health + delta["H"],
    )


@checked
def hp_multiplier(adj_health: int) -> Fraction:
    """SIM-27 / SIM-T11: the HP multiplier for Adj H 1-10, as an exact fraction (SIM-D07).

    >>> hp_multiplier(3), hp_multiplier(10)
    (Fraction(5, 2), Fraction(4, 1))
    """
    whole(adj_health, "Adj H", 1, 10)
    return _multiplier(adj_health)


@functools.lru_cache(maxsize=16)  # each character's HP at each draw; SIM-T11 is frozen
def _multiplier(adj_health: int) -> Fraction:
    value = load_table("simply", "hp_multiplier").row_for_roll(adj_health)["multiplier"]
    assert isinstance(value, Fraction)
    return value


@checked
def explain_hit_points(adj_strength: int, adj_health: int) -> Derivation:
    """SIM-27: HP = ⌈Adj S × m + Adj H⌉, "Round fractions up" (line 384), in exact fractions.

    >>> str(explain_hit_points(6, 5))
    'HP = ⌈Adj S × m + Adj H⌉ = ⌈6 × 3 + 5⌉ = 23'
    """
    whole(adj_strength, "Adj S", 0, MAX_STAT)
    value, steps = hp_steps(adj_strength, adj_health)
    return Derivation("HP", value, f"HP = ⌈Adj S × m + Adj H⌉ = {steps} = {value}")


@checked
def hp_steps(strength: int, health: int) -> tuple[int, str]:
    """SIM-27's HP and its worked steps, in exact fractions ("Round fractions up", line 384):
    a character's (explain_hit_points) and a quick NPC's (fight.quick.quick_hp).

    >>> hp_steps(7, 3)
    (21, '⌈7 × 5/2 + 3⌉ = ⌈41/2⌉')
    """
    m = hp_multiplier(health)
    exact = strength * m + health
    steps = f"⌈{strength} × {m} + {health}⌉"
    if exact.denominator != 1:
        steps += f" = ⌈{exact}⌉"
    return math.ceil(exact), steps


@checked
def hit_points(adj_strength: int, adj_health: int) -> int:
    """SIM-27: the Hit Points stat (HP_max) from Adj S (0-100) and Adj H (1-10).

    >>> hit_points(6, 5), hit_points(8, 10), hit_points(5, 8)
    (23, 42, 26)
    """
    value = explain_hit_points(adj_strength, adj_health).value
    assert value is not None
    return value


@checked
def explain_fatigue_points(adj_strength: int, adj_health: int, variation: int = 0) -> Derivation:
    """SIM-26: FP = Adj S + Adj H; ``variation`` is the GM's campaign change (SIM-D06, default 0).

    >>> str(explain_fatigue_points(8, 4))
    'FP = Adj S + Adj H = 8 + 4 = 12'
    >>> str(explain_fatigue_points(8, 4, -2))
    'FP = Adj S + Adj H + campaign −2 = 8 + 4 − 2 = 10'
    """
    whole(adj_strength, "Adj S", 0, MAX_STAT)
    whole(adj_health, "Adj H", 0, MAX_STAT)
    whole(variation, "fatigue variation", -MAX_STAT, MAX_STAT)
    value = adj_strength + adj_health + variation
    if variation:
        sign = "+" if variation > 0 else MINUS
        formula = (
            f"FP = Adj S + Adj H + campaign {signed(variation)} = {adj_strength} + {adj_health} "
            f"{sign} {abs(variation)} = {value}"
        )
    else:
        formula = f"FP = Adj S + Adj H = {adj_strength} + {adj_health} = {value}"
    return Derivation("FP", value, formula)


@checked
def fatigue_points(adj_strength: int, adj_health: int) -> int:
    """SIM-26: the standard Fatigue Points, Adj S + Adj H.

    >>> fatigue_points(8, 4)
    12
    """
    value = explain_fatigue_points(adj_strength, adj_health).value
    assert value is not None
    return value


@checked
def martial_arts_bonus(martial_arts: str | None) -> int:
    """SIM-25: +1 Capable, +2 Professional, +3 Expert; Familiar and none +0 (line 367).

    >>> martial_arts_bonus("Professional"), martial_arts_bonus(None)
    (2, 0)
    """
    level = check_level("Martial Arts", martial_arts)
    if level is None:
        return 0
    bonus = load_table("simply", "unarmed_damage").meta["martial_arts_bonus"][level]
    assert isinstance(bonus, int)
    return bonus


@checked
def explain_unarmed_max_damage(adj_strength: int, martial_arts: str | None = None) -> Derivation:
    """SIM-25 / SIM-T10: the unarmed Max Dmg for the Master Damage Tables.

    >>> str(explain_unarmed_max_damage(17, "Expert"))
    'Unarmed Max Dmg = table(Adj S 17: 17-20) + Martial Arts Expert 3 = 22 + 3 = 25'
    >>> str(explain_unarmed_max_damage(5))
    'Unarmed Max Dmg = table(Adj S 5: 5-7) = 6'
    """
    whole(adj_strength, "Adj S", 1, 20)  # SIM-D07: the table covers Adj S 1-20
    bonus = martial_arts_bonus(martial_arts)
    row = _unarmed_row(adj_strength)
    base = _int(row, "max_damage")
    band = getattr(row["adj_s"], "text", str(row["adj_s"]))
    text = f"Unarmed Max Dmg = table(Adj S {adj_strength}: {band})"
    if martial_arts is None:
        return Derivation("Unarmed Max Dmg", base, f"{text} = {base}")
    value = base + bonus
    text += f" + Martial Arts {martial_arts} {bonus} = {base} + {bonus} = {value}"
    return Derivation("Unarmed Max Dmg", value, text)


@functools.lru_cache(maxsize=32)  # each character's unarmed damage at each draw; SIM-T10 frozen
def _unarmed_row(adj_strength: int) -> Row:
    return load_table("simply", "unarmed_damage").row_for_roll(adj_strength)


@checked
def unarmed_max_damage(adj_strength: int, martial_arts: str | None = None) -> int:
    """SIM-25: unarmed Max Dmg from Adj S (1-20) and the Martial Arts level, if any.

    >>> unarmed_max_damage(12, "Professional"), unarmed_max_damage(4, "Familiar")
    (16, 4)
    """
    value = explain_unarmed_max_damage(adj_strength, martial_arts).value
    assert value is not None
    return value


@checked
def explain_initiative_bonus(combat_awareness: str | None, other: int = 0) -> Derivation:
    """SIM-24 / SIM-T09: Combat Awareness bonus plus free bonuses from powers or gifts.

    >>> str(explain_initiative_bonus("Capable", 1))
    'Initiative bonus = Combat Awareness Capable 2 + other 1 = 3'
    >>> str(explain_initiative_bonus(None))
    'Initiative bonus = no Combat Awareness 0 = 0'
    """
    level = check_level("Combat Awareness", combat_awareness)
    whole(other, "other initiative bonus", -MAX_STAT, MAX_STAT)
    if level is None:
        # SIM-24: Combat Awareness is mental, so it has no default and adds nothing untrained.
        base, text = 0, "no Combat Awareness 0"
    else:
        base = _int(load_table("simply", "initiative_bonus").row_by("level", level), "bonus")
        text = f"Combat Awareness {level} {base}"
    value = base + other
    if other:
        text += f" + other {other}"
    return Derivation("Initiative bonus", value, f"Initiative bonus = {text} = {value}")


@checked
def initiative_bonus(combat_awareness: str | None, other: int = 0) -> int:
    """SIM-24: the initiative bonus (Fam 1, Cap 2, Pro 3, Exp 4; none 0) plus ``other``.

    >>> [initiative_bonus(level) for level in (*LEVELS, None)]
    [1, 2, 3, 4, 0]
    """
    value = explain_initiative_bonus(combat_awareness, other).value
    assert value is not None
    return value


@dataclass(frozen=True)
class Speed:
    """SIM-22: Ground and Swimming Speed; other speeds (race, powers) are free entries.
    The text gives no units or movement rules.

    >>> str(Speed())
    'Ground 3, Swimming 1'
    """

    ground: int = GROUND_SPEED
    swimming: int = SWIMMING_SPEED
    other: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        parts = [f"Ground {self.ground}", f"Swimming {self.swimming}"]
        parts += [f"{name} {value}" for name, value in self.other]
        return ", ".join(parts)


@checked
def initial_luck(starting_luck: int = DEFAULT_STARTING_LUCK) -> int:
    """SIM-23: the initial Luck Points are the GM's allocation (SIM-D05, default 10).

    >>> initial_luck(), initial_luck(15)
    (10, 15)
    """
    return whole(starting_luck, "starting luck", 0, MAX_LUCK)
