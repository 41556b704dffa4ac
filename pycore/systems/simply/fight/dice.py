"""The dice of each step of the fight, and the dice the GM rolled at the table for it: every
roll takes "roll for me" (a seeded source) or what was typed, checked against what the dice can
show (:func:`pycore.dice.typed_dice`).

>>> from pycore.dice import roll
>>> source = typed_rolls((ATTACK, "7", "attacker's roll"), (DEFEND, "3 4", "defender's roll"))
>>> [roll(ATTACK, source).total, roll(DEFEND, source).total]
[7, 7]
"""

from __future__ import annotations

from typing import Final

from pycore.dice import TypedDice, read_numbers, typed_dice
from pycore.validate import checked

INITIATIVE: Final = "1d10"  # SIM-33: each participant, and each roll-off (SIM-D13)
ATTACK: Final = "2d10"  # SIM-01, SIM-39: a task
DEFEND: Final = "2d10"  # SIM-D08: the Defend side of the contest
CHECK: Final = "2d10"  # SIM-09: an injury check
DAMAGE: Final = "1d20"  # SIM-40 reading: the Master Damage Tables' damage roll
TREATMENT: Final = "2d10"  # SIM-52: the treater's task
STABILIZED_HOURS: Final = "1d10"  # SIM-54: how long a stabilization lasts


@checked
def typed_rolls(*entries: tuple[str, str, str]) -> TypedDice:
    """Several rolls typed at the table, in the order the step makes them; each entry is
    ``(dice, what was typed, the field's name)`` and is checked against its own dice."""
    faces: list[int] = []
    invented: list[bool] = []
    for expr, text, field in entries:
        typed = typed_dice(expr, text, field)
        faces.extend(typed.faces)
        invented.extend(typed.invented)  # a typed total stays a total in the log
    return TypedDice(tuple(faces), entries[0][2] if entries else "rolled", tuple(invented))


def typed_initiative(text: str) -> TypedDice:
    """The initiative dice typed at the table: one 1D10 per participant in the order of
    :func:`~pycore.systems.simply.fight.turns.initiative_rollers`, then any roll-offs; each
    face is checked as the die is read (1 to 10).

    >>> typed_initiative("7 3 10").faces
    (7, 3, 10)
    """
    return TypedDice(read_numbers(text, "initiative dice"), "initiative dice")


@checked
def typed_two(first: str, second: str, text: str, names: tuple[str, str]) -> TypedDice:
    """Two rolls typed in one field, in the order the step makes them (an attack and its Defend,
    a treatment and its hours): each roll's faces, or one number per roll (its total).

    >>> typed_two(ATTACK, DEFEND, "7 18", ("attacker", "defender")).faces
    (6, 1, 10, 8)
    >>> typed_two(ATTACK, DEFEND, "3 4 9 9", ("attacker", "defender")).faces
    (3, 4, 9, 9)
    >>> typed_two(TREATMENT, STABILIZED_HOURS, "12 4", ("treater", "hours")).faces
    (10, 2, 4)
    """
    numbers = read_numbers(text, names[0])
    count = _dice(first)
    if len(numbers) == 2:
        parts = [str(numbers[0]), str(numbers[1])]
    else:
        parts = [" ".join(map(str, numbers[:count])), " ".join(map(str, numbers[count:]))]
    return typed_rolls((first, parts[0], names[0]), (second, parts[1], names[1]))


def _dice(expr: str) -> int:
    """How many dice ``expr`` throws (``2d10``: 2)."""
    return int(expr.split("d")[0] or 1)
