"""Roll a dice expression with an injected random source and explain the result.

Randomness comes only from the ``rng`` argument, one ``rng.randint(1, faces)`` call per die in
left-to-right order, so a seeded :class:`random.Random` repeats a roll exactly and a scripted
fake (any object with ``randint``) can choose every face in tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pycore.dice.nodes import Constant, Dice, Keep, Scale, Term
from pycore.dice.parser import parse
from pycore.figures import MINUS, figure
from pycore.validate import checked


class RandintSource(Protocol):
    """What :func:`roll` needs from its random source: :meth:`random.Random.randint`."""

    def randint(self, a: int, b: int, /) -> int: ...


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One die of a roll: the face it showed and whether it counted (a keep drops the rest)."""

    face: int
    kept: bool


@dataclass(frozen=True, slots=True)
class TermRoll:
    """The result of one term: the faces rolled (none for a constant) and its signed value.

    ``faces`` are in the order the dice were rolled; ``value`` is the term's contribution to
    the total after keep, scaling and sign.
    """

    term: Term
    faces: tuple[int, ...]
    value: int
    #: The user typed only the dice's total: ``faces`` is one way to make it, not what the dice
    #: showed, so the explanation shows the total and never these faces.
    typed_total: bool = False

    @property
    def sign(self) -> int:
        """+1 or -1: whether the term is added to or subtracted from the total."""
        return self.term.sign

    @property
    def atom(self) -> Dice | Constant:
        """The dice group or constant the term rolled."""
        return self.term.atom

    @property
    def scales(self) -> tuple[Scale, ...]:
        """The ``*k`` / ``/k`` scalings applied, left to right."""
        return self.term.scales

    @property
    def kept(self) -> tuple[bool, ...]:
        """Whether each die counted, parallel to ``faces`` (a keep drops the rest).

        It is worked out from the faces on demand: rolling only needs the kept sum.

        >>> import random
        >>> roll("4d6kh3", random.Random(7)).terms[0].kept
        (True, False, True, True)
        """
        atom = self.term.atom
        if isinstance(atom, Constant):
            return ()
        keep = atom.keep
        if keep is None or keep.count == atom.count:
            return (True,) * atom.count
        chosen = set(_kept_order(self.faces, keep)[: keep.count])
        return tuple(i in chosen for i in range(len(self.faces)))

    @property
    def dice(self) -> tuple[RolledDie, ...]:
        """Every die of the term with its face and whether it was kept.

        >>> import random
        >>> roll("3d6kl1", random.Random(1)).terms[0].dice
        (RolledDie(face=2, kept=False), RolledDie(face=5, kept=False), RolledDie(face=1, kept=True))
        """
        return tuple(RolledDie(f, k) for f, k in zip(self.faces, self.kept, strict=True))

    @property
    def subtotal(self) -> int:
        """The kept faces summed (or the constant), before scaling and sign.

        >>> import random
        >>> [t.subtotal for t in roll("4d6kh3 - 2", random.Random(7)).terms]
        [13, 2]
        """
        atom = self.term.atom
        if isinstance(atom, Constant):
            return atom.value
        return sum(f for f, k in zip(self.faces, self.kept, strict=True) if k)

    def explain(self) -> str:
        """This term's part of the explanation, without its sign.

        >>> import random
        >>> roll("4d6kh3*2", random.Random(7)).terms[0].explain()
        '(3, ~~2~~, 4, 6) × 2'
        """
        if isinstance(self.term.atom, Constant):
            text = str(self.term.atom.value)
        elif self.typed_total:
            text = f"({self.subtotal} typed)"
        else:
            text = (
                "("
                + ", ".join(
                    str(f) if k else f"~~{f}~~" for f, k in zip(self.faces, self.kept, strict=True)
                )
                + ")"
            )
        for scale in self.term.scales:
            # SIM-D17: division rounds up; the arrow says so in every explanation.
            text += f" × {scale.factor}" if scale.multiply else f" ÷ {scale.factor} ↑"
        return text


@dataclass(frozen=True, slots=True)
class Roll:
    """A rolled expression: the text as typed (stripped), the total and each term's result."""

    expr: str
    total: int
    terms: tuple[TermRoll, ...]

    @property
    def dice(self) -> tuple[int, ...]:
        """Every face rolled, kept or dropped, in the order rolled.

        >>> import random
        >>> roll("4d6kh3+1d4", random.Random(3)).dice
        (2, 5, 5, 2, 3)
        """
        return tuple(f for t in self.terms for f in t.faces)

    def explain(self) -> str:
        """The roll in the style of the d20 library, always ending with ``= <total>``.

        The expression as typed, then each term: dice as ``(faces)`` with dropped dice struck
        out as ``~~f~~``, constants as numbers, scalings as ``× k`` / ``÷ k ↑``. An expression
        without dice shows no breakdown.

        >>> import random
        >>> roll("2d6+3", random.Random(5)).explain()
        '2d6+3 (5, 3) + 3 = 11'
        >>> roll("1d10/2", random.Random(2)).explain()
        '1d10/2 (1) ÷ 2 ↑ = 1'
        >>> roll("-1d4+7", random.Random(2)).explain()
        '−1d4+7 −(1) + 7 = 6'
        >>> roll("3+4", random.Random(2)).explain()
        '3+4 = 7'
        """
        # As read: the true minus, in the expression as in its terms (pycore.figures).
        shown = self.expr.replace("-", MINUS)
        if self.typed_total and all(t.typed_total for t in self.terms if t.faces):
            return f"{shown} = {figure(self.total)} (total typed)"
        pieces = []
        for index, term in enumerate(self.terms):
            if index == 0:
                pieces.append((MINUS if term.term.sign < 0 else "") + term.explain())
            else:
                pieces.append((f"{MINUS} " if term.term.sign < 0 else "+ ") + term.explain())
        if any(t.faces for t in self.terms):
            return f"{shown} {' '.join(pieces)} = {figure(self.total)}"
        return f"{shown} = {figure(self.total)}"

    @property
    def typed_total(self) -> bool:
        """Whether the user typed a total for the dice instead of each face (a total is shown
        as a total: its faces are never invented).

        >>> from pycore.dice.typed import typed_dice
        >>> r = roll("3d6", typed_dice("3d6", "11"))
        >>> r.typed_total, str(r)
        (True, '3d6 = 11 (total typed)')
        >>> str(roll("3d10+3", typed_dice("3d10+3", "14")))
        '3d10+3 = 14 (total typed)'
        """
        return any(t.typed_total for t in self.terms)

    def __str__(self) -> str:
        return self.explain()


@checked
def roll(expr: str, rng: RandintSource) -> Roll:
    """Roll ``expr`` (see :func:`pycore.dice.parse` for the grammar) using ``rng``.

    >>> import random
    >>> r = roll("4d6kh3", random.Random(42))
    >>> str(r)
    '4d6kh3 (6, 1, ~~1~~, 6) = 13'
    >>> r.total, r.dice
    (13, (6, 1, 1, 6))
    >>> str(roll("1:10sd+13", random.Random(42)))
    '1:10sd+13 (2) + 13 = 15'
    >>> roll("1d0", random.Random(42))
    Traceback (most recent call last):
    ...
    pycore.errors.DiceError: a die needs 1 to 1000 faces, got 0 in '1d0'
    """
    parsed = parse(expr)
    # A source taking the user's typed dice one roll at a time takes this whole roll as one
    # entry (its faces or its total), so it is told which roll comes (pycore.dice.typed).
    begin = getattr(rng, "begin_roll", None)
    if begin is not None:
        begin(parsed.text)
    randint = rng.randint
    # A typed total answers randint with faces it made up; the source says so per die.
    invented = hasattr(rng, "last_invented")
    results = []
    total = 0
    for term in parsed.terms:
        atom = term.atom
        if isinstance(atom, Dice):
            count, faces = atom.count, atom.faces
            if invented:
                dice, made_up = [], False
                for _ in range(count):
                    dice.append(randint(1, faces))
                    made_up = made_up or bool(getattr(rng, "last_invented", False))
                rolled, typed_total = tuple(dice), made_up
            else:
                rolled, typed_total = tuple([randint(1, faces) for _ in range(count)]), False
            keep = atom.keep
            if keep is None or keep.count == count:
                value = sum(rolled)
            else:
                value = sum(sorted(rolled, reverse=keep.highest)[: keep.count])
        else:
            rolled, typed_total = (), False
            value = atom.value
        for scale in term.scales:
            if scale.multiply:
                value *= scale.factor
            else:
                # SIM-D17: "1D10/2 rounds up (1–5)", the text's only rounding rule being
                # "Round fractions up". value >= 0 here (the sign comes after), so this is
                # the ceiling and a negative term rounds away from zero, by magnitude.
                value = -(-value // scale.factor)
        if term.sign < 0:
            value = -value
        total += value
        results.append(TermRoll(term, rolled, value, typed_total))
    return Roll(parsed.text, total, tuple(results))


def _kept_order(faces: tuple[int, ...], keep: Keep) -> list[int]:
    """Indices of ``faces`` best first for ``keep``: the kept dice are the first ``keep.count``.

    sorted() is stable even with reverse=True, so among equal faces the earlier die is kept.
    """
    return sorted(range(len(faces)), key=faces.__getitem__, reverse=keep.highest)
