"""Aftermath! rounding (AFT-02) and the checks every rule uses on typed-in values.

The text rounds "up" (number of D10 = BDG/10, up) and "nearest" (damage points, Ballistic Cloth
AV, chamber-explosion burst). Nearest rounds **half up**: Emplon's Barrier Factor 5 gives AV 1
(0.5 -> 1), which Python's ``round()`` (half to even) gets wrong.

>>> round_half_up(Fraction(5, 10)), round(0.5)
(1, 0)
>>> round_half_up(Fraction(35, 10)), round_up(Fraction(11, 10))
(4, 2)
>>> unstated(Fraction(5, 2)), unstated(Fraction(5, 2), "down"), unstated(Fraction(-5, 2))
(3, 2, -3)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Final, Literal

from pycore.errors import RuleError
from pycore.figures import MINUS
from pycore.validate import checked, whole
from pycore.validate import instance as instance  # the shared check, beside the ones here

Rounding = Literal["half_up", "down", "up"]
#: AFT-02: ``settings.unstated_rounding``; half_up is the only rounding the text shows in numbers.
ROUNDINGS: Final[tuple[Rounding, ...]] = ("half_up", "down", "up")

Number = int | Fraction


@checked
def round_half_up(value: Number) -> int:
    """AFT-02 "nearest": ⌊x + ½⌋ (0.5 -> 1, 3.5 -> 4, 2.4 -> 2).

    >>> [round_half_up(Fraction(n, 10)) for n in (4, 5, 15, 25, 35)]
    [0, 1, 2, 3, 4]
    """
    return math.floor(Fraction(value) + Fraction(1, 2))


@checked
def round_up(value: Number) -> int:
    """AFT-02 "up": the ceiling (BDG 11 -> 2 D10).

    >>> round_up(Fraction(11, 10)), round_up(Fraction(10, 10)), round_up(0)
    (2, 1, 0)
    """
    return math.ceil(Fraction(value))


@checked
def unstated(value: Number, mode: str = "half_up") -> int:
    """AFT-02 reading where the text gives no rounding (½ BCS, −25%, −(damage/2) ...): the
    magnitude is rounded by ``mode`` (``settings.unstated_rounding``), then the sign applied, so
    a penalty of 2.5 is −3 under half_up.

    >>> unstated(Fraction(7, 2)), unstated(Fraction(7, 2), "up"), unstated(Fraction(-7, 2), "down")
    (4, 4, -3)
    >>> unstated(1, "sideways")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: rounding 'sideways' is unknown; allowed: half_up, down, up
    """
    if mode not in ROUNDINGS:
        raise RuleError(f"rounding {mode!r} is unknown; allowed: {', '.join(ROUNDINGS)}")
    magnitude = abs(Fraction(value))
    if mode == "half_up":
        rounded = round_half_up(magnitude)
    elif mode == "down":
        rounded = math.floor(magnitude)
    else:
        rounded = math.ceil(magnitude)
    return -rounded if value < 0 else rounded


@checked
def check_int(field: str, value: object, low: int, high: int, why: str = "") -> int:
    """``value`` as an int in ``low``..``high``, else a RuleError naming field, value and range.

    >>> check_int("BCS", 12, -50, 50)
    12
    >>> check_int("BCS", 51, -50, 50)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: BCS 51 is outside -50 to 50
    >>> check_int("D100", "7", 1, 100, " (D100)")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: D100 '7' is not a whole number; allowed: 1 to 100 (D100)
    """
    return whole(value, field, low, high, why=why)  # the one integer check, field first


@checked
def check_number(field: str, value: object, low: Number, high: Number) -> Fraction:
    """A number (int, Fraction or float) in ``low``..``high`` as an exact Fraction.

    >>> check_number("range", 30.5, 0, 5000), check_number("Mass", 0.3, 0, 10)
    (Fraction(61, 2), Fraction(3, 10))
    >>> check_number("range", -1, 0, 5000)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range -1 is outside 0 to 5000
    """
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise RuleError(f"{field} {value!r} is not a number; allowed: {low} to {high}")
    if isinstance(value, float) and not math.isfinite(value):
        raise RuleError(f"{field} {value!r} is not a finite number; allowed: {low} to {high}")
    # Numbers are exact as typed: a float is read as the decimal it prints (0.3 is 3/10, so
    # 3 / 0.3 is exactly 10, not 10.000000000000002).
    exact = Fraction(str(value)) if isinstance(value, float) else Fraction(value)
    if not low <= exact <= high:
        raise RuleError(f"{field} {_show(value)} is outside {low} to {high}")
    return exact


@checked
def check_choice(field: str, value: object, choices: tuple[str, ...]) -> str:
    """``value`` if it is one of ``choices``.

    >>> check_choice("body", "bipedal", ("bipedal", "quadrupedal"))
    'bipedal'
    >>> check_choice("body", "snake", ("bipedal", "quadrupedal"))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: body 'snake' is unknown; allowed: bipedal, quadrupedal
    """
    if not isinstance(value, str) or value not in choices:
        raise RuleError(f"{field} {value!r} is unknown; allowed: {', '.join(choices)}")
    return value


@checked
def signed(value: Number) -> str:
    """A modifier as the explanations print it: ``+2``, ``−3``, ``0``.

    >>> signed(2), signed(-3), signed(0), signed(Fraction(3, 10))
    ('+2', '−3', '0', '+0.3')
    """
    text = _show(abs(value))
    return f"+{text}" if value > 0 else (f"{MINUS}{text}" if value < 0 else "0")


def _show(value: object) -> str:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{float(value):g}"
    return str(value)


@checked
def show(value: Number) -> str:
    """A number for people: a whole Fraction as an int, else a short decimal.

    >>> show(Fraction(12, 10)), show(Fraction(4)), show(7)
    ('1.2', '4', '7')
    """
    return _show(value)
