"""Numbers as the user wrote them (STYLE 18): ranges, sizes, speeds and Basic Speed are read as
exact fractions from the typed text ("0.1", "1/3", "5.75"), never through a binary float, so a
value on a table's boundary lands on its row; and shown back the same way.

>>> exact("range", "0.1") == Fraction(1, 10), exact("size", "1/3")
(True, Fraction(1, 3))
>>> decimal_text(Fraction(23, 4)), decimal_text(Fraction(1, 3)), decimal_text(Fraction(8))
('5.75', '1/3', '8')
>>> yards_text(Fraction(1, 3)), yards_text("0.333333"), yards_text("2.5")
('1 ft', '≈1 ft', '2.5 yd')
"""

from __future__ import annotations

import math
from fractions import Fraction

from pycore import validate
from pycore.errors import RuleError

# Shared by every system now; re-exported for the GURPS modules that import it from here.
from pycore.figures import figure as figure
from pycore.validate import checked, shown

#: Longest typed number read (a longer one is refused, not parsed).
MAX_TYPED = 40


@checked
def exact(
    field: str,
    value: object,
    low: int | Fraction = 0,
    high: int | Fraction | None = None,
) -> Fraction:
    """``value`` as an exact number from ``low`` to ``high``: a whole number, a fraction, the
    typed text of a decimal or a fraction, or a float taken by its shortest decimal (``1.8`` is
    9/5); anything else, NaN, an infinity or a number out of range is a :class:`RuleError`
    naming the field and the range.

    >>> exact("range", 1.8), exact("range", "2.5"), exact("range", 3)
    (Fraction(9, 5), Fraction(5, 2), Fraction(3, 1))
    >>> exact("range", float("nan"))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range nan is not a number from 0 up
    >>> exact("range", "-2")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range -2 is outside 0 and up
    >>> exact("Range (yards)", "1e4000", 0, 100_000)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Range (yards) '1e4000' is not a number from 0 to 100000
    """
    allowed = f"from {low} up" if high is None else f"from {low} to {high}"
    number: Fraction
    if isinstance(value, bool) or value is None:
        raise RuleError(f"{field} {shown(value)} is not a number {allowed}")
    if isinstance(value, Fraction | int):
        number = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise RuleError(f"{field} {shown(value)} is not a number {allowed}")
        number = Fraction(repr(value))
    elif isinstance(value, str) and len(value) <= MAX_TYPED:
        try:
            # Decimal or fraction text only: "1e4000" would be a 4,000-digit number to work out
            # and show (issue 27); what cannot be read is refused in words with the range.
            number = validate.exact(value, field)
        except RuleError:
            raise RuleError(f"{field} {shown(value)} is not a number {allowed}") from None
    else:
        raise RuleError(f"{field} {shown(value)} is not a number {allowed}")
    if number < low or (high is not None and number > high):
        range_text = f"{low} and up" if high is None else f"{low} to {high}"
        raise RuleError(f"{field} {shown(number)} is outside {range_text}")
    return number


@checked
def decimal_text(value: Fraction | int) -> str:
    """The number as a player reads it: a decimal when it has a finite one, else a fraction."""
    q = Fraction(value)
    if q.denominator == 1:
        return str(q.numerator)
    denominator = q.denominator
    for prime in (2, 5):
        while denominator % prime == 0:
            denominator //= prime
    if denominator != 1:
        return f"{q.numerator}/{q.denominator}"
    digits = 0
    while (q * 10**digits).denominator != 1:
        digits += 1
    sign = "-" if q < 0 else ""
    whole, rest = divmod(abs(q.numerator) * 10**digits // q.denominator, 10**digits)
    return f"{sign}{whole}.{rest:0{digits}d}"


#: Up to this many yards, a third of a yard reads better in feet (1/3 yd is the table's "1 ft").
_FEET_BELOW = 10
#: A typed decimal this close to a whole number of feet is read as that many feet.
_NEAR = Fraction(1, 1000)
#: A decimal this long or shorter is shown as typed ("0.125", "1250.5").
_SHORT = 6


@checked
def yards_text(value: Fraction | int | str) -> str:
    """A distance or size as players read it: whole yards, feet for thirds of a yard (the
    Size and Speed/Range Table's "1 ft" row is 1/3 yd), a short decimal; a long typed decimal
    is rounded for reading (``≈``), never shown as a long float.

    >>> [yards_text(v) for v in (8, Fraction(2, 3), Fraction(4, 3), Fraction(31, 3), "0.125")]
    ['8 yd', '2 ft', '4 ft', '10 1/3 yd', '0.125 yd']
    >>> yards_text("0.1234567"), yards_text("1.6666")
    ('≈0.12 yd', '≈5 ft')
    """
    q = exact("distance (yards)", value)
    if q.denominator == 1:
        return f"{q.numerator} yd"
    feet = q * 3
    nearest = round(feet)
    if q < _FEET_BELOW and nearest and abs(feet - nearest) <= _NEAR:
        return f"{'' if feet == nearest else '≈'}{nearest} ft"
    if q.denominator == 3:
        whole, third = divmod(q.numerator, 3)
        return f"{whole} {third}/3 yd"
    shown = decimal_text(q)
    if "/" not in shown and len(shown) <= _SHORT:
        return f"{shown} yd"
    rounded = round(q, 2)
    mark = "" if rounded == q else "≈"
    return f"{mark}{decimal_text(rounded)} yd"
