"""Die ranges as the texts print them: ``01-05``, ``96-00``, ``07``; and the span of a die.

On a percentile die ``00`` reads as 100, and on a d10 ``0`` reads as 10, as at the table.

>>> parse_range("96-00", "d100")
(96, 100)
>>> parse_range("07", "d100"), parse_range("0", "d10")
((7, 7), (10, 10))
>>> die_span("2d10"), die_span("d%")
((2, 20), (1, 100))
"""

from __future__ import annotations

from pycore.errors import TableError

MAX_DIE_COUNT = 100
MAX_DIE_FACES = 1000


def die_span(die: str) -> tuple[int, int]:
    """Lowest and highest roll of ``NdM`` (``d%`` is d100)."""
    text = die.strip().lower().replace("d%", "d100")
    count_text, sep, faces_text = text.partition("d")
    if not sep or not faces_text.isdigit() or (count_text and not count_text.isdigit()):
        raise TableError(f"die {die!r} must look like d100, d20 or 2d10")
    count = int(count_text or "1")
    faces = int(faces_text)
    if not (1 <= count <= MAX_DIE_COUNT and 2 <= faces <= MAX_DIE_FACES):
        raise TableError(
            f"die {die!r} needs 1 to {MAX_DIE_COUNT} dice of 2 to {MAX_DIE_FACES} faces"
        )
    return count, count * faces


def _read_face(text: str, die: str) -> int:
    text = text.strip()
    if not text.isdigit() or not text.isascii() or len(text) > 4:
        raise TableError(f"die range bound {text!r} is not a whole number of 1 to 4 digits")
    value = int(text)
    low, high = die_span(die)
    # 00 on d100 and 0 on d10 mean the top face.
    if value == 0 and high in (10, 100) and low == 1:
        value = high
    if not low <= value <= high:
        raise TableError(f"die range bound {text!r} is outside {die}'s {low}-{high}")
    return value


def parse_range(text: str, die: str) -> tuple[int, int]:
    """``"01-05"`` → ``(1, 5)``; a single value is a range of one."""
    if not isinstance(text, str) or not text.strip():
        raise TableError(f"die range {text!r} must be text such as '01-05'")
    parts = text.replace("–", "-").split("-")
    if len(parts) > 2:
        raise TableError(f"die range {text!r} has more than one '-'")
    low = _read_face(parts[0], die)
    high = _read_face(parts[-1], die)
    if low > high:
        raise TableError(f"die range {text!r} runs backwards ({low} > {high})")
    return low, high


def coverage_problems(ranges: list[tuple[int, int]], die: str) -> list[str]:
    """Gaps and overlaps of ``ranges`` against the whole span of ``die``; empty when exact.

    >>> coverage_problems([(1, 50), (52, 100)], "d100")
    ['gap: 51 is on no row']
    >>> coverage_problems([(1, 60), (50, 100)], "d100")
    ['overlap: 50-60 are on more than one row']
    """
    low, high = die_span(die)
    problems: list[str] = []
    expected = low
    for start, end in sorted(ranges):
        if start > expected:
            gap = f"{expected}" if start - 1 == expected else f"{expected}-{start - 1}"
            problems.append(f"gap: {gap} {'is' if start - 1 == expected else 'are'} on no row")
        elif start < expected:
            last = min(end, expected - 1)
            span = f"{start}" if start == last else f"{start}-{last}"
            problems.append(
                f"overlap: {span} {'is' if start == last else 'are'} on more than one row"
            )
        expected = max(expected, end + 1)
    if expected <= high:
        gap = f"{expected}" if expected == high else f"{expected}-{high}"
        problems.append(f"gap: {gap} {'is' if expected == high else 'are'} on no row")
    return problems
