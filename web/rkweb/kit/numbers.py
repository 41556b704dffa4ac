"""Formatting of exact odds for people: a fraction and its percentage.

>>> from fractions import Fraction
>>> odds_text(Fraction(1, 2))
'1/2 (50.00%)'
>>> odds_text(Fraction(1)), odds_text(Fraction(0))
('1 (100%)', '0 (0%)')
>>> odds_text(Fraction(1, 1296))
'1/1296 (0.077%)'
"""

from __future__ import annotations

from pycore.dice.odds import odds_text as odds_text
from pycore.dice.odds import percent as percent


def bytes_text(n: int | None) -> str:
    """A size for people.

    >>> bytes_text(1536), bytes_text(None)
    ('1.5 KiB', 'unknown')
    """
    if n is None:
        return "unknown"
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} B"
