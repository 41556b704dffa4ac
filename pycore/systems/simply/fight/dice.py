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
