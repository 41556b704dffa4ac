"""Die ranges as the rule texts print them (``01-05``, ``96-00``, ``07``, ``10+``), the span of
the die a die-range table is rolled with, and the gap/overlap check of a set of ranges.

On a single percentile die the face read as ``00`` is 100, so ``96-00`` is 96..100 and a lone
``00`` is 100; on a single d10 a printed ``0`` is 10, as at the table. The parser takes only
ASCII digits, at most :data:`MAX_DIGITS` of them, so nothing but
:class:`~pycore.errors.TableError` comes out of it (``int()`` alone would take ``'٣'`` or
``'1_0'``).

>>> parse_range("96-00", "d100")
(96, 100)
>>> DieRange.parse("01-05") == DieRange(1, 5)
True
>>> die_span("2d10")
(2, 20)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from pycore.errors import TableError
from pycore.validate import checked, is_whole

#: Most digits in one number of a range: every key in the four texts has at most three.
MAX_DIGITS = 6
#: Most dice, and most faces per die, in a table's ``die`` ("d100", "2d10", "3d6").
MAX_DIE_COUNT = 20
MAX_DIE_FACES = 1000

_RANGE_FORMS = "'N', 'N-M' with N <= M, or 'N+' (open to the top)"
_NUMBER = rf"([0-9]{{1,{MAX_DIGITS}}})"
# "N", "N-M" (hyphen, en dash or minus sign between) or "N+"; spaces around the parts are fine.
_RANGE = re.compile(rf"\s*{_NUMBER}\s*(?:[-\u2013\u2212]\s*{_NUMBER}|(\+))?\s*", re.ASCII)
_DIE = re.compile(r"\s*([0-9]{0,3})\s*[dD]\s*([0-9]{1,4}|%)\s*", re.ASCII)
_DIE_FORMS = f"'dM' or 'NdM' with N 1..{MAX_DIE_COUNT} and M 2..{MAX_DIE_FACES}, or 'd%'"


@checked
def die_span(die: str) -> tuple[int, int]:
    """The lowest and highest total of ``die``: ``d100``/``d%``, ``d20``, ``2d10``, ``3d6``...

    >>> die_span("d100"), die_span("D%"), die_span("1d20"), die_span("3d6")
    ((1, 100), (1, 100), (1, 20), (3, 18))
    >>> die_span("2d")
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: die '2d' is not a die; allowed: 'dM' or 'NdM' with N 1..20 and M 2..1000, or 'd%'
    """
    match = _DIE.fullmatch(die) if isinstance(die, str) else None
    if match is None:
        raise TableError(f"die {die!r} is not a die; allowed: {_DIE_FORMS}")
    count = int(match.group(1) or "1")
    faces = 100 if match.group(2) == "%" else int(match.group(2))
    if not (1 <= count <= MAX_DIE_COUNT and 2 <= faces <= MAX_DIE_FACES):
        raise TableError(f"die {die!r} is out of range; allowed: {_DIE_FORMS}")
    return count, count * faces


def _zero_face(die: str | None) -> int | None:
    """The value a printed all-zero face stands for on ``die``: 100 on a d100, 10 on a d10."""
    if die is None:
        return None
    span = die_span(die)
    return span[1] if span in ((1, 100), (1, 10)) else None


def _number(text: str, zero_face: int | None) -> int:
    # "00" on a d100, "0" on a d10: the die's top face, printed the way the die shows it.
    if zero_face == 100 and text == "00":
        return 100
    if zero_face == 10 and text == "0":
        return 10
    return int(text)


@checked
def parse_range(text: str, die: str | None = None, *, top: int | None = None) -> tuple[int, int]:
    """Parse a printed range into inclusive ``(lo, hi)``, or raise :class:`TableError`.

    ``die`` is the table's die (it says what ``00`` or ``0`` stands for); ``top`` is the highest
    value of the table, which an open range ``N+`` runs up to (the die's top by default). Whether
    the range lies within the die is the coverage check's business
    (:func:`coverage_problems`), so that one message can list every stray row.

    >>> parse_range("01-05"), parse_range("07"), parse_range(" 12 – 20 ")
    ((1, 5), (7, 7), (12, 20))
    >>> parse_range("96-00", "d100"), parse_range("00", "d100"), parse_range("0", "d10")
    ((96, 100), (100, 100), (10, 10))
    >>> parse_range("10+", top=12), parse_range("18+", "d20")
    ((10, 12), (18, 20))
    >>> parse_range("96-00")
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: range '96-00' runs backwards (96 > 0); allowed: 'N', 'N-M' with N <= M, or 'N+' (open to the top)
    """
    if not isinstance(text, str):
        raise TableError(f"range {text!r} is not text; allowed: {_RANGE_FORMS}")
    match = _RANGE.fullmatch(text)
    if match is None:
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise TableError(
            f"range {shown!r} is not a range; allowed: {_RANGE_FORMS}, "
            f"at most {MAX_DIGITS} digits per number"
        )
    first, second, plus = match.groups()
    zero_face = _zero_face(die)
    lo = _number(first, zero_face)
    if plus:
        if top is None and die is not None:
            top = die_span(die)[1]
        if top is None:
            raise TableError(
                f"range {text!r} is open ('N+') but the table has no highest value; "
                "allowed: 'N+' only in a table with a die or a domain"
            )
        hi = top
    else:
        hi = lo if second is None else _number(second, zero_face)
    if lo > hi:
        raise TableError(f"range {text!r} runs backwards ({lo} > {hi}); allowed: {_RANGE_FORMS}")
    return lo, hi


@dataclass(frozen=True)
class DieRange:
    """An inclusive range of rolls; ``text`` keeps it as printed (and is ignored by ``==``).

    >>> r = DieRange.parse("96-00", "d100")
    >>> r.lo, r.hi, str(r), 100 in r, 95 in r
    (96, 100, '96-00', True, False)
    >>> str(DieRange(3, 4))
    '3-4'
    """

    lo: int
    hi: int
    text: str = field(default="", compare=False)

    @classmethod
    def parse(cls, text: str, die: str | None = None, *, top: int | None = None) -> DieRange:
        """Parse ``text`` like :func:`parse_range` and keep the printed form for display.

        >>> DieRange.parse("07")
        DieRange(lo=7, hi=7, text='07')
        """
        lo, hi = parse_range(text, die, top=top)
        return cls(lo, hi, text.strip())

    def __contains__(self, roll: object) -> bool:
        return is_whole(roll) and self.lo <= roll <= self.hi

    def __str__(self) -> str:
        if self.text:
            return self.text
        return str(self.lo) if self.lo == self.hi else f"{self.lo}-{self.hi}"


def _span_text(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


@checked
def coverage_problems(ranges: Iterable[tuple[int, int]], lo: int, hi: int) -> list[str]:
    """Every gap, overlap and out-of-range stretch of ``ranges`` against ``lo..hi``.

    An empty list means every value of ``lo..hi`` falls in exactly one range.

    >>> coverage_problems([(1, 50), (51, 100)], 1, 100)
    []
    >>> coverage_problems([(1, 40), (45, 90), (80, 101)], 1, 100)
    ['gap 41-44', 'overlap 80-90', 'outside 101 (allowed 1-100)']
    >>> coverage_problems([(2, 10)], 2, 20)
    ['gap 11-20']
    """
    problems: list[str] = []
    outside: list[str] = []
    covered_to = lo - 1  # the highest value covered so far
    for a, b in sorted(ranges):
        if a < lo:
            outside.append(f"outside {_span_text(a, min(b, lo - 1))} (allowed {lo}-{hi})")
        if b > hi:
            outside.append(f"outside {_span_text(max(a, hi + 1), b)} (allowed {lo}-{hi})")
        a, b = max(a, lo), min(b, hi)
        if a > b:
            continue
        if a > covered_to + 1:
            problems.append(f"gap {_span_text(covered_to + 1, a - 1)}")
        elif a <= covered_to:
            problems.append(f"overlap {_span_text(a, min(b, covered_to))}")
        covered_to = max(covered_to, b)
    if covered_to < hi:
        problems.append(f"gap {_span_text(covered_to + 1, hi)}")
    return problems + outside
