"""The damage roll (GUR-53, GUR-54): the dice rolled or their maximum on a roll of 3, the
minimum basic damage by type, half damage at 1/2D; and All-Out Attack (Strong)'s bonus (GUR-16),
added to the dice before the minimum. What the blow then does to the target is injury.py's.

>>> import random
>>> str(roll_damage(with_bonus("1d", strong_bonus("1d")), "cr", random.Random(1)))
'1d+2 (2) + 2 = 4 cr'
"""

from __future__ import annotations

from dataclasses import dataclass

from pycore.dice import RandintSource, roll
from pycore.errors import RuleError
from pycore.systems.gurps.injury import (
    basic_damage,
    half_damage,
    max_damage,
    parse_damage,
    wounding_row,
)
from pycore.validate import checked, shown


@dataclass(frozen=True)
class DamageRoll:
    """A damage roll (GUR-53, GUR-54): the dice, the modifier, the minimum, half damage."""

    dice: str
    faces: tuple[int, ...]
    damage_type: str
    maximum: bool
    basic: int
    halved: bool
    final: int
    typed_total: bool = False  # the dice's total was typed: faces made up, never shown

    def __str__(self) -> str:
        _n, k = parse_damage(self.dice)
        if self.maximum:
            text = f"{self.dice} maximum (a roll of 3) = {self.basic}"
        else:
            mod = f" {'+' if k >= 0 else '−'} {abs(k)}" if k else ""
            shown = ", ".join(map(str, self.faces))
            faces = f"{sum(self.faces)} typed" if self.typed_total else shown
            text = f"{self.dice} ({faces}){mod} = {self.basic} {self.damage_type}"
            if sum(self.faces) + k < self.basic:
                text += f" (minimum {self.basic})"
        if self.halved:
            text += f"; halved at 1/2D → {self.final}"
        return text


@checked
def strong_bonus(dice: str) -> int:
    """GUR-16 All-Out Attack (Strong): +2 damage or +1 per die, whichever is more (melee,
    ST-based).

    >>> strong_bonus("2d+1"), strong_bonus("3d")
    (2, 3)
    """
    n, _k = parse_damage(dice)
    return max(2, n)


@checked
def with_bonus(dice: str, bonus: int) -> str:
    """The dice with ``bonus`` added to the modifier (AOA Strong adds before the minimum).

    >>> with_bonus("2d+1", 2), with_bonus("3d", 3), with_bonus("1d-3", 2)
    ('2d+3', '3d+3', '1d-1')
    """
    n, k = parse_damage(dice)
    return f"{n}d" + (f"{k + bonus:+d}" if k + bonus else "")


@checked
def roll_damage(
    dice: str, damage_type: str, rng: RandintSource, *, maximum: bool = False, halved: bool = False
) -> DamageRoll:
    """Roll basic damage (GUR-53): a roll of 3 on the attack gives the maximum; at or beyond
    1/2D it is halved, rounding down (GUR-54).

    >>> import random
    >>> str(roll_damage("2d+2", "pi", random.Random(1)))
    '2d+2 (2, 5) + 2 = 9 pi'
    >>> str(roll_damage("1d+2", "cr", random.Random(1), maximum=True, halved=True))
    '1d+2 maximum (a roll of 3) = 8; halved at 1/2D → 4'
    """
    n, _k = parse_damage(dice)
    wounding_row(damage_type)
    if n > 50:
        raise RuleError(f"damage dice {shown(dice)}: at most 50 dice")
    rolled = None if maximum else roll(f"{n}d6", rng)
    faces, typed_total = (rolled.dice, rolled.typed_total) if rolled else ((), False)
    basic = max_damage(dice) if maximum else basic_damage(dice, sum(faces), damage_type)
    if maximum:
        basic = max(int(str(wounding_row(damage_type)["min_basic"])), basic)
    final = half_damage(basic) if halved else basic
    return DamageRoll(dice, faces, damage_type, maximum, basic, halved, final, typed_total)
