"""Numbers a rule allows: a whole number in a range, an exact number read as the decimal typed
(STYLE 18), and the one test of a whole number.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Final, TypeGuard

from pycore.errors import RuleError, RulekeeperError
from pycore.validate.calls import checked
from pycore.validate.wording import shown

Number = int | Fraction
#: A number as the user typed it: a whole number, a Fraction or the decimal text ("3.3", "1/3");
#: a float is read as the decimal it prints as (3.3 is 33/10), which is what the user typed.
Exact = int | Fraction | str | float

__all__ = ["MAX_NUMBER_TEXT", "Exact", "Number", "exact", "is_whole", "whole"]

#: Decimal text the core reads exactly: "12", "-3.25", ".5", "1/3" (not "1e9": no exponents).
_DECIMAL: Final = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+|[0-9]+/0*[1-9][0-9]*)")
#: Typed numbers longer than this are refused before any arithmetic (no 10**10**9 from "1e…").
MAX_NUMBER_TEXT: Final = 40


def _allowed(lo: object, hi: object) -> str:
    if lo is None and hi is None:
        return ""
    if hi is None:
        return f"; allowed: {lo} or more"
    if lo is None:
        return f"; allowed: up to {hi}"
    return f"; allowed: {lo} to {hi}"


def _in_range(
    value: Number,
    field: str,
    lo: Number | None,
    hi: Number | None,
    error: type[RulekeeperError],
    why: str = "",
    rules: tuple[str, ...] = (),
) -> None:
    if lo is not None and hi is not None and not lo <= value <= hi:
        raise error(f"{field} {shown(value)} is outside {lo} to {hi}{why}", rules=rules)
    if lo is not None and value < lo:
        raise error(f"{field} {shown(value)} is less than {lo}{why}", rules=rules)
    if hi is not None and value > hi:
        raise error(f"{field} {shown(value)} is more than {hi}{why}", rules=rules)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an int and never a bool (``True`` is an ``int`` in
    Python). The one test of a whole number: :func:`whole` refuses what it rejects; a reader
    that drops or replaces a bad value asks it.

    >>> is_whole(3), is_whole(True), is_whole(3.0), is_whole("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


@checked
def whole(
    value: object,
    field: str,
    lo: int | None = None,
    hi: int | None = None,
    error: type[RulekeeperError] = RuleError,
    why: str = "",
    rules: tuple[str, ...] = (),
) -> int:
    """``value`` as a whole number in ``lo``..``hi`` (never a bool, a float or a Fraction);
    ``why`` ends the refusal in words when the range is a rule's (" (at most the injury)"),
    ``rules`` names that rule as data on the error (``("SIM-43",)``), never in its text.

    >>> whole(3, "round", 1, 100)
    3
    >>> whole(0, "round", 1)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: round 0 is less than 1
    >>> whole(1.5, "ablative hits", 0, 20)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: ablative hits 1.5 is not a whole number; allowed: 0 to 20
    """
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if not is_whole(value):
        raise error(
            f"{field} {shown(value)} is not a whole number{_allowed(lo, hi)}{why}", rules=rules
        )
    _in_range(value, field, lo, hi, error, why, rules)
    return value


@checked
def exact(
    value: object,
    field: str,
    lo: Number | None = None,
    hi: Number | None = None,
    error: type[RulekeeperError] = RuleError,
) -> Fraction:
    """``value`` (an int, a Fraction or decimal text) as an exact Fraction in ``lo``..``hi``.

    A float is read as the shortest decimal that prints it (``repr``): the number typed, where
    ``Fraction(0.3)`` would be 5404319552844595/18014398509481984. NaN and ∞ are no numbers.

    >>> exact(" -2.50 ", "modifier"), exact(".5", "size (yd)"), exact(0.3, "ENC")
    (Fraction(-5, 2), Fraction(1, 2), Fraction(3, 10))
    >>> exact("nan", "range")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range 'nan' is not a number
    >>> exact("1/0", "range", 0, 100)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range '1/0' is not a number; allowed: 0 to 100
    """
    if isinstance(value, float):
        if not math.isfinite(value):
            raise error(f"{field} {value!r} is not a number{_allowed(lo, hi)}")
        number = Fraction(repr(value))  # "1e+300" at most: a float's exponent is bounded
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_NUMBER_TEXT or not _DECIMAL.fullmatch(text):
            raise error(f"{field} {shown(value)} is not a number{_allowed(lo, hi)}")
        number = Fraction(text)
    elif isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise error(f"{field} {shown(value)} is not a number{_allowed(lo, hi)}")
    else:
        number = Fraction(value)
    _in_range(number, field, lo, hi, error)
    return number
