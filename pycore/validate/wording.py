"""How a refused value is shown in an error message: cut short, a Fraction as the decimal a user
would type, a field's name in words.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

__all__ = ["shown"]

_SHOWN: Final = 40


def shown(value: object) -> str:
    """``repr(value)``, cut short: an error message must stay readable for a 100k-character name.

    A Fraction is shown as the decimal a user would type when it has one (301/2 is 150.5).

    >>> shown("x" * 100), shown(Fraction(1, 3)), shown(Fraction(-301, 20)), shown(10**5000)
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (102 characters)", '1/3', '-15.05', 'a number too long to show')
    """
    try:
        text = _decimal(value) if isinstance(value, Fraction) else repr(value)
    except ValueError:  # an int past Python's 4300-digit limit for text
        return "a number too long to show"
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 1]}… ({len(text)} characters)"


def _decimal(value: Fraction) -> str:
    rest, places = value.denominator, 0
    while rest % 10 == 0 or rest % 2 == 0 or rest % 5 == 0:
        rest //= 10 if rest % 10 == 0 else 2 if rest % 2 == 0 else 5
        places += 1
    if rest != 1 or places > 12:  # no short decimal: 1/3 stays 1/3
        return str(value)
    digits = str(abs(value.numerator) * 10**places // value.denominator).rjust(places + 1, "0")
    whole, tail = digits[: len(digits) - places], digits[len(digits) - places :]
    return ("-" if value < 0 else "") + whole + (f".{tail}".rstrip("0").rstrip(".") if tail else "")


def _field(name: str) -> str:
    return name.replace("_", " ")
