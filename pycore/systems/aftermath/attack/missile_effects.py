"""Aftermath! Missile Special Effects (AFT-49, AFT-T37) and Stopping (AFT-50, AFT-T38).

>>> str(missile_special_effect(70))
'D100 70 → As 46-65 plus a Daze effect.'
>>> str(stopping(21, 3))
'effect 21 ÷ Mass 3 = 7 → knock-back 2D3 m; a Deftness Critical Saving Throw keeps the target standing'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource, next_roll_is, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import (
    ROUNDINGS,
    check_choice,
    check_int,
    check_number,
    show,
    unstated,
)
from pycore.tables import load_table
from pycore.validate import checked

MAX_EFFECT_INPUT: Final = 1000


@dataclass(frozen=True)
class SpecialEffect:
    """A row of T37 rolled: what the hit's damage becomes and what follows."""

    roll: int
    result: str
    damage: str
    stopping: bool
    daze: bool
    stun: bool
    critical_effect_roll: bool
    critical_effect_bonus: int

    def __str__(self) -> str:
        return f"D100 {self.roll} → {self.result}"


@checked
def missile_special_effect(d100: int) -> SpecialEffect:
    """AFT-49: the Missile Special Effects row for a D100 roll.

    >>> [missile_special_effect(r).damage for r in (20, 21, 31, 46)]
    ['normal', '1_if_av_exceeded', '1_unless_critical', 'normal']
    >>> e = missile_special_effect(100)
    >>> e.stun, e.critical_effect_roll, e.critical_effect_bonus
    (True, True, 30)
    """
    d100 = check_int("D100", d100, 1, 100, " (D100, 00 = 100)")
    row = load_table("aftermath", "missile_special_effects").row_for_roll(d100)
    bonus = row["critical_effect_bonus"]
    assert isinstance(bonus, int)
    return SpecialEffect(
        d100,
        str(row["result"]),
        str(row["damage"]),
        bool(row["stopping"]),
        bool(row["daze"]),
        bool(row["stun"]),
        bool(row["critical_effect_roll"]),
        bonus,
    )


@checked
def special_effect_damage(effect: SpecialEffect, damage_done: int, critical_hit: bool) -> int:
    """AFT-49: the damage after a special effect. Flesh wound: 1 if the AV was exceeded, else 0;
    minor wound: 1 whatever the armor, but normal damage on a critical hit.

    >>> special_effect_damage(missile_special_effect(25), 7, False), special_effect_damage(missile_special_effect(25), 0, False)
    (1, 0)
    >>> special_effect_damage(missile_special_effect(40), 0, False), special_effect_damage(missile_special_effect(40), 9, True)
    (1, 9)
    """
    damage_done = check_int("Damage Done", damage_done, 0, MAX_EFFECT_INPUT)
    if effect.damage == "1_if_av_exceeded":
        return 1 if damage_done > 0 else 0
    if effect.damage == "1_unless_critical":
        return damage_done if critical_hit else 1
    return damage_done


@dataclass(frozen=True)
class Stopping:
    """AFT-50: the Stopping effect number, its band and what it calls for."""

    force: int
    mass: Fraction
    effect: Fraction
    band: str
    knock_back: str
    knock_down: str
    chance: Fraction
    rounding: str = "half_up"

    @property
    def threshold(self) -> int:
        """Below 1, the D100 roll that gives the result for 1: at most the percent chance
        100 × effect, rounded as the campaign rounds a value the text does not (AFT-02: before
        it is compared with a die), so the roll and the words agree (36.7 % → D100 ≤ 37)."""
        return unstated(self.chance * 100, self.rounding)

    def __str__(self) -> str:
        head = f"effect {self.force} ÷ Mass {show(self.mass)} = {_short(self.effect)}"
        if self.band == "below_1":
            exact = _short(self.chance * 100)
            return (
                f"{head} → below 1: {exact}% chance, rounded to D100 ≤ {self.threshold} of the "
                "result for 1"
            )
        down = {
            "deftness_ast": "a Deftness Ability Saving Throw prevents the knock-down",
            "deftness_cst": "a Deftness Critical Saving Throw keeps the target standing",
            "automatic": "knock-down is automatic",
        }[self.knock_down]
        return f"{head} → knock-back {self.knock_back} m; {down}"


def _short(value: Fraction) -> str:
    """A figure as players read it: whole, else at most three significant digits (0.367,
    36.7, 7.33); an exact short decimal as it is (0.25).

    >>> _short(Fraction(11, 30)), _short(Fraction(110, 3)), _short(Fraction(1, 4)), _short(Fraction(7))
    ('0.367', '36.7', '0.25', '7')
    """
    return show(value) if value.denominator == 1 else f"{float(value):.3g}"


@checked
def stopping(force: int, mass: Fraction | float | int, rounding: str = "half_up") -> Stopping:
    """AFT-50: effect = Adjusted BDG (or Damage Potential for muscle-powered missiles and
    impalements) ÷ the target's Mass. [1, 5] knock-back 2D3 m + Deftness AST; (5, 10] + Deftness
    CST; > 10 automatic knock-down; below 1, a 100 × effect % chance of the result for 1 (exactly
    1 is in the first band, AFT-50 reading; D-08, D-25).

    >>> stopping(3, 3).band, stopping(15, 3).band, stopping(30, 3).band, stopping(31, 3).band
    ('1_to_5', '1_to_5', '5_to_10', 'over_10')
    >>> stopping(1, 4).chance
    Fraction(1, 4)
    >>> str(stopping(22, 60))
    'effect 22 ÷ Mass 60 = 0.367 → below 1: 36.7% chance, rounded to D100 ≤ 37 of the result for 1'
    >>> stopping(22, 60, "down").threshold
    36
    >>> stopping(5, 0)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: target Mass 0 is outside 1/100 to 1000
    """
    force = check_int("Adjusted BDG or Damage Potential", force, 0, MAX_EFFECT_INPUT)
    mass = check_number("target Mass", mass, Fraction(1, 100), 1000)
    effect = Fraction(force) / mass
    for row in load_table("aftermath", "stopping").rows:
        lowest, below = row["lowest"], row["below"]
        assert isinstance(lowest, Fraction)
        above_low = effect >= lowest if row["lowest_inclusive"] else effect > lowest
        if below is None:
            under_high = True
        else:
            assert isinstance(below, Fraction)
            under_high = effect <= below if row["upper_inclusive"] else effect < below
        if above_low and under_high:
            chance = effect if row["band"] == "below_1" else Fraction(1)
            return Stopping(
                force,
                mass,
                effect,
                str(row["band"]),
                str(row["knock_back"]),
                str(row["knock_down"]),
                chance,
                check_choice("rounding", rounding, ROUNDINGS),
            )
    raise RuleError(f"stopping effect {effect} is in no band")  # pragma: no cover


@dataclass(frozen=True)
class KnockBack:
    """AFT-50 rolled: the 2D3 metres and the stopping-forward-motion categories lost."""

    meters: int
    explanation: str
    categories_lost: int

    def __str__(self) -> str:
        lost = f"{self.categories_lost} stopping {'category' if self.categories_lost == 1 else 'categories'}"
        return f"knock-back {self.explanation} m; {lost} lost"


@checked
def knock_back_categories(meters: int) -> int:
    """L669: each two metres of knock-back drop the target one stopping category.

    >>> knock_back_categories(5), knock_back_categories(2), knock_back_categories(1)
    (2, 1, 0)
    """
    return check_int("knock-back (m)", meters, 0, 100) // 2


@checked
def roll_knock_back(rng: RandintSource) -> KnockBack:
    """Roll the 2D3 m of knock-back (AFT-50).

    >>> import random
    >>> 2 <= roll_knock_back(random.Random(1)).meters <= 6
    True
    """
    next_roll_is(rng, "knock-back (m)")  # named: kept by its name while the hit waits
    result = roll("2D3", rng)
    return KnockBack(result.total, str(result), knock_back_categories(result.total))
