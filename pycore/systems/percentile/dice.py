"""Damage dice of the percentile text (PCT-01, PCT-42): ``X:10sd+Y`` and fractional X.

The platform's engine parses and rolls ``1:100sd``, ``1:10sd`` and ``X:10sd+Y``; its
distributions are keyed by integers. A fractional X ("FINGER LASER ½ means 1:10sd * ½", line 137)
has non-integer outcomes, so this module scales the platform's exact ``1:10sd`` distribution by X
and keeps :class:`~fractions.Fraction` outcomes (R-B). Y is added after the multiplication
(PCT-01 reading).

>>> d = damage_dice("4+2")
>>> d.notation, d.low, d.high, d.mean, d.distribution()[Fraction(24)]
('4:10sd+2', Fraction(6, 1), Fraction(42, 1), Fraction(24, 1), Fraction(67, 1000))
>>> half = damage_dice("½")
>>> half.notation, sorted(half.distribution())[:3], half.mean
('1:10sd*1/2', [Fraction(1, 2), Fraction(1, 1), Fraction(3, 2)], Fraction(11, 4))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from pycore.dice import RandintSource, distribution, roll
from pycore.errors import DiceError
from pycore.systems.percentile.checks import fmt
from pycore.validate import checked


@checked
def roll_entries(text: str) -> list[str]:
    """The rolls typed in one entry of a step that rolls 1:100sd several times (surprise and the
    order per side, a roll-off per member, re-rolls of a tie), in order: every one of these
    rolls is one die, so spaces, commas and semicolons all separate them (issue 29 item 3).

    >>> roll_entries("30 70"), roll_entries("30, 70"), roll_entries(" 30;70 ")
    (['30', '70'], ['30', '70'], ['30', '70'])
    """
    return [e for e in re.split(r"[;,\s]+", text) if e]


MAX_COUNT = 100  # 100 ten-sided dice = up to 1000 points, within Table #3-3's 5000 (R-F)
MAX_PLUS = 5000


@dataclass(frozen=True)
class DamageDice:
    """``count:10sd`` (count ≥ 1) times ``factor`` plus ``plus``; a fractional X has count 1."""

    count: int
    factor: Fraction
    plus: int

    @property
    def notation(self) -> str:
        text = f"{self.count}:10sd"
        if self.factor != 1:
            text += f"*{self.factor.numerator}/{self.factor.denominator}"
        if self.plus:
            text += f"+{self.plus}"
        return text

    @property
    def low(self) -> Fraction:
        return self.count * self.factor + self.plus

    @property
    def high(self) -> Fraction:
        return 10 * self.count * self.factor + self.plus

    @property
    def mean(self) -> Fraction:
        return Fraction(11, 2) * self.count * self.factor + self.plus

    def distribution(self) -> dict[Fraction, Fraction]:
        """Exact outcome → probability (the platform's int distribution, scaled)."""
        base = distribution(f"{self.count}:10sd")
        return {k * self.factor + self.plus: p for k, p in sorted(base.items())}

    def most_likely(self) -> tuple[list[Fraction], Fraction]:
        """The outcomes with the highest chance, and that chance (PCT-E12: 16 and 17).

        >>> damage_dice("3").most_likely()
        ([Fraction(16, 1), Fraction(17, 1)], Fraction(3, 40))
        """
        dist = self.distribution()
        top = max(dist.values())
        return [k for k, p in dist.items() if p == top], top

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class DamageRoll:
    """A rolled damage die: the dice, each face and the exact total."""

    dice: DamageDice
    faces: tuple[int, ...]
    #: The user typed the dice's total: ``faces`` only make it up, so they are not shown.
    typed_total: bool = False

    @property
    def total(self) -> Fraction:
        return sum(self.faces, Fraction(0)) * self.dice.factor + self.dice.plus

    def __str__(self) -> str:
        faces = ", ".join(str(f) for f in self.faces)
        if self.typed_total:
            faces = f"{sum(self.faces)} typed"
        text = f"{self.dice.count}:10sd ({faces})"
        if self.dice.factor != 1:
            text += f" × {fmt(self.dice.factor)}"
        if self.dice.plus:
            text += f" + {self.dice.plus}"
        return f"{text} = {fmt(self.total)}"


def _number(text: str, field: str) -> Fraction:
    text = text.strip()
    extra = Fraction(0)
    if text.endswith("½"):  # "½" or a mixed number "1½" (PCT-01 reading: X = 1.5)
        text, extra = text[:-1], Fraction(1, 2)
        if not text:
            return extra
    try:
        if "/" in text:
            p, q = text.split("/", 1)
            if not ((p.isascii() and p.isdigit()) and (q.isascii() and q.isdigit())):
                raise ValueError(text)
            value = Fraction(int(p), int(q))
        elif (text.replace(".", "", 1).isascii() and text.replace(".", "", 1).isdigit()) and len(
            text
        ) <= 12:
            value = Fraction(text)
        else:
            raise ValueError(text)
    except (ValueError, ZeroDivisionError):
        raise DiceError(
            f"{field}: {text!r} is not a number of dice (use X or X+Y, X a whole number, "
            "a fraction such as 1/2 or ½, or a decimal)"
        ) from None
    return value + extra


@checked
def damage_dice(text: str, field: str = "DAMAGE DIE ROLL") -> DamageDice:
    """Read a data-sheet abbreviation (``4+2``, ``3``, ``½``) or notation (``4:10sd+2``,
    ``1:10sd*1/2``) (PCT-42). Errors are :class:`DiceError` naming ``field``.

    >>> damage_dice("3").notation, damage_dice("2+5").mean, damage_dice("1:10sd+13").low
    ('3:10sd', Fraction(16, 1), Fraction(14, 1))
    >>> damage_dice("4+")
    Traceback (most recent call last):
    ...
    pycore.errors.DiceError: DAMAGE DIE ROLL: '' is not a number (Y must be a whole number from 0 to 5000)
    """
    if not isinstance(text, str) or not text.strip():
        raise DiceError(f"{field}: enter the damage die roll, e.g. 4+2, 3 or ½")
    raw = text.strip().replace(" ", "").lower()
    plus = 0
    factor_text: str | None = None
    if ":10sd" in raw:
        head, tail = raw.split(":10sd", 1)
        if "+" in tail:
            tail, plus_text = tail.split("+", 1)
            plus = _plus(plus_text, field)
        if tail.startswith(("*", "×")):
            factor_text = tail[1:]
        elif tail:
            raise DiceError(f"{field}: cannot read {text!r}; use e.g. 4:10sd+2 or 1:10sd*1/2")
        count = _number(head, field)
        if count.denominator != 1:
            raise DiceError(f"{field}: the count before ':10sd' must be whole, got {text!r}")
        factor = _number(factor_text, field) if factor_text is not None else Fraction(1)
        return _checked(int(count), factor, plus, field)
    if "+" in raw:
        raw, plus_text = raw.split("+", 1)
        plus = _plus(plus_text, field)
    x = _number(raw, field)
    if x.denominator == 1:
        return _checked(int(x), Fraction(1), plus, field)
    # PCT-01: a fractional X is one 1:10sd multiplied by X.
    return _checked(1, x, plus, field)


def _plus(text: str, field: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise DiceError(
            f"{field}: {text!r} is not a number (Y must be a whole number from 0 to {MAX_PLUS})"
        )
    value = int(text)
    if value > MAX_PLUS:
        raise DiceError(f"{field}: Y must be from 0 to {MAX_PLUS}, got {value}")
    return value


def _checked(count: int, factor: Fraction, plus: int, field: str) -> DamageDice:
    if not 1 <= count <= MAX_COUNT:
        raise DiceError(f"{field}: X must be from 1 to {MAX_COUNT} dice, got {count}")
    if factor <= 0 or factor > MAX_COUNT:
        raise DiceError(f"{field}: the multiplier must be above 0 and at most {MAX_COUNT}")
    return DamageDice(count, factor, plus)


@checked
def roll_damage(dice: DamageDice | str, rng: RandintSource) -> DamageRoll:
    """Roll damage dice with ``rng`` through the platform's roller (faces 1..10).

    >>> import random
    >>> r = roll_damage("½", random.Random(2))
    >>> r.total == Fraction(r.faces[0], 2)
    True
    """
    d = damage_dice(dice) if isinstance(dice, str) else dice
    rolled = roll(f"{d.count}:10sd", rng)
    faces = tuple(f for term in rolled.terms for f in term.faces)
    return DamageRoll(d, faces, rolled.typed_total)


MISS_DISTANCE = "1:10sd+13"  # PCT-38 (line 113)


def weapon_presets() -> dict[str, DamageDice]:
    """PCT-T02: the text's three example weapons and their damage dice.

    >>> {k: v.notation for k, v in weapon_presets().items()}
    {'AUTO PISTOL': '4:10sd+2', 'CONTOUR LASER': '3:10sd', 'FINGER LASER': '1:10sd*1/2'}
    """
    from pycore.tables import load_table

    table = load_table("percentile", "damage_die_examples")
    return {str(r["weapon"]): damage_dice(str(r["abbreviation"])) for r in table.rows}
