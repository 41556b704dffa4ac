"""The syntax tree of a dice expression: what :func:`pycore.dice.parse` returns.

Every node is a frozen dataclass, so a parsed expression can be shared and compared freely.

>>> from pycore.dice import parse
>>> parse("4d6kh3").terms[0].atom
Dice(count=4, faces=6, keep=Keep(highest=True, count=3), text='4d6kh3')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep only the ``count`` highest (or lowest) dice of a roll; the rest are dropped."""

    highest: bool
    count: int


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice with ``faces`` faces each (1..faces), summed after any keep.

    ``text`` is the term as typed, less any whitespace (``"2d"``, ``"d%"``, ``"1:10sd"``), for
    messages and display.
    """

    count: int
    faces: int
    keep: Keep | None
    text: str


@dataclass(frozen=True, slots=True)
class Constant:
    """A whole number added or subtracted as it is."""

    value: int


@dataclass(frozen=True, slots=True)
class Scale:
    """Multiply (``multiply=True``) or divide a term by ``factor``; division rounds up."""

    multiply: bool
    factor: int


@dataclass(frozen=True, slots=True)
class Term:
    """One signed summand: a dice group or a constant, then its scalings left to right."""

    sign: int
    atom: Dice | Constant
    scales: tuple[Scale, ...]


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A whole parsed expression: ``text`` (as typed, stripped) and its terms in order."""

    text: str
    terms: tuple[Term, ...]

    @property
    def dice_count(self) -> int:
        """How many dice one roll of the expression throws.

        >>> from pycore.dice import parse
        >>> parse("4d6kh3 + 2d8 - 1").dice_count
        6
        """
        return sum(t.atom.count for t in self.terms if isinstance(t.atom, Dice))
