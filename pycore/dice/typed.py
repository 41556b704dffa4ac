"""Dice the user rolled at the table and typed in, as a random source the rules can use.

Every rule rolls through ``rng.randint(1, faces)``; :class:`TypedDice` answers those calls with
the faces the user typed, each checked against the die asked for, so a step rolled with physical
dice is the same code path as "roll for me" and explains itself the same way.

The user may type the faces (``"4 2 5"``, ``"4,2,5"``) or, where the total decides everything
(no dice kept or dropped, no scaling), just the total (``"11"``); a total is checked against what
the dice can show and spread over the dice. A percentile ``00`` is read as 100.

>>> from pycore.dice import roll
>>> str(roll("3d6", typed_dice("3d6", "4 2 5")))
'3d6 (4, 2, 5) = 11'
>>> str(roll("2d10", typed_dice("2d10", "14")))
'2d10 (10, 4) = 14'
>>> typed_dice("3d6", "19")
Traceback (most recent call last):
...
pycore.errors.DiceError: rolled: 3d6 can show 3 to 18, not 19
"""

from __future__ import annotations

import re
from collections import deque

from pycore.dice.nodes import Dice, DiceExpr
from pycore.dice.parser import parse
from pycore.errors import DiceError
from pycore.validate import checked

MAX_TYPED_LENGTH = 400
_NUMBER = re.compile(r"\d+")


class TypedDice:
    """A random source that returns the typed faces in order (``randint`` as ``random.Random``)."""

    @checked
    def __init__(self, faces: tuple[int, ...], field: str = "rolled") -> None:
        self.faces = faces
        self.field = field
        self._left: deque[int] = deque(faces)

    def randint(self, a: int, b: int, /) -> int:
        if not self._left:
            raise DiceError(f"{self.field}: more dice are needed than the {len(self.faces)} typed")
        face = self._left.popleft()
        if face == 0 and b == 100:
            face = 100  # the percentile die's 00
        if not a <= face <= b:
            raise DiceError(f"{self.field}: a die from {a} to {b} cannot show {face}")
        return face

    @property
    def unused(self) -> tuple[int, ...]:
        """Faces typed but not asked for (the step can say the user typed too many)."""
        return tuple(self._left)


@checked
def read_numbers(text: str, field: str = "rolled") -> tuple[int, ...]:
    """The whole numbers in what the user typed, separated by spaces, commas or ``+``.

    >>> read_numbers("4, 2 + 5")
    (4, 2, 5)
    """
    if not isinstance(text, str):
        raise DiceError(f"{field}: type the dice as numbers, got {type(text).__name__}")
    cleaned = text.strip()
    if not cleaned:
        raise DiceError(f"{field}: type what the dice show")
    if len(cleaned) > MAX_TYPED_LENGTH:
        raise DiceError(f"{field}: at most {MAX_TYPED_LENGTH} characters")
    if re.fullmatch(r"[0-9\s,+]+", cleaned) is None:
        raise DiceError(f"{field}: only whole numbers, separated by spaces or commas")
    return tuple(int(n) for n in _NUMBER.findall(cleaned))


def _groups(parsed: DiceExpr) -> list[Dice]:
    return [t.atom for t in parsed.terms if isinstance(t.atom, Dice)]


def _total_decides(parsed: DiceExpr) -> bool:
    return all(
        not t.scales and t.sign > 0 and (t.atom.keep is None)
        for t in parsed.terms
        if isinstance(t.atom, Dice)
    )


@checked
def typed_dice(expr: str, text: str, field: str = "rolled") -> TypedDice:
    """A source for one roll of ``expr`` from what the user typed (faces, or the dice's total)."""
    parsed = parse(expr)
    groups = _groups(parsed)
    numbers = read_numbers(text, field)
    count = sum(g.count for g in groups)
    if len(numbers) == count:
        source = TypedDice(numbers, field)
        for group in groups:
            for _ in range(group.count):
                source.randint(1, group.faces)
        return TypedDice(numbers, field)
    if len(numbers) == 1 and _total_decides(parsed):
        return TypedDice(_spread(groups, numbers[0], parsed.text, field), field)
    if len(numbers) == 1:
        raise DiceError(f"{field}: {parsed.text} needs each die typed ({count} numbers)")
    raise DiceError(f"{field}: {parsed.text} throws {count} dice, {len(numbers)} numbers typed")


def _spread(groups: list[Dice], total: int, text: str, field: str) -> tuple[int, ...]:
    dice = [g.faces for g in groups for _ in range(g.count)]
    if len(dice) == 1 and dice[0] == 100 and total == 0:
        return (100,)
    low, high = len(dice), sum(dice)
    if not low <= total <= high:
        raise DiceError(f"{field}: {text} can show {low} to {high}, not {total}")
    faces = []
    left = total
    for index, faces_of_die in enumerate(dice):
        rest = len(dice) - index - 1
        face = min(faces_of_die, left - rest)
        faces.append(face)
        left -= face
    return tuple(faces)
