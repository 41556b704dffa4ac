"""Exact odds as players read them: the percentage first, the exact fraction one tap away.

>>> from fractions import Fraction
>>> percent_text(Fraction(1, 2)), percent_text(Fraction(35, 72)), percent_text(Fraction(1, 1296))
('50%', '48.6%', '0.077%')
>>> from rkweb.app.vdom import text_of
>>> text_of(odds(Fraction(1, 2)))
'50%exactly 1/2'
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from rkweb.app.vdom import VNode, h


def percent_text(p: Fraction) -> str:
    """A percentage with as few digits as read well, never showing a real chance as 0 or 100."""
    value = p * 100
    if value.denominator == 1:
        return f"{value.numerator}%"
    if value >= 1 and 100 - value >= Fraction(1, 20):
        text = f"{float(value):.1f}".removesuffix(".0")
        return f"{text}%"
    if value > 99:
        return f"{100 - float(100 - value):.{_digits(100 - value)}f}%"
    return f"{float(value):.{_digits(value)}f}%"


def _digits(value: Fraction) -> int:
    # Two significant digits for small chances: 0.077%, 0.0046%.
    digits = 1
    while value * 10**digits < 10 and digits < 12:
        digits += 1
    return digits


def fraction_text(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def odds(p: Fraction, testid: str | None = None) -> VNode:
    """The chance as a percentage; tapping it shows the exact fraction."""
    return h(
        "details",
        {"class": "odds-value", "data-testid": testid, "data-exact": fraction_text(p)},
        h("summary", {}, percent_text(p)),
        h("span", {"class": "exact muted"}, f"exactly {fraction_text(p)}"),
    )


def odds_list(testid: str, pairs: Iterable[tuple[str, Fraction]]) -> VNode:
    """A definition list of outcome → chance."""
    return h(
        "dl",
        {"class": "odds", "data-testid": testid},
        *[part for name, p in pairs for part in (h("dt", {}, name), h("dd", {}, odds(p)))],
    )
