"""Turn order (GUR-05): Basic Speed, then DX, then a random order drawn once for the fight.

>>> import random
>>> from fractions import Fraction
>>> fighters = [Fighter("A", 6, 12), Fighter("B", 6, 13), Fighter("C", Fraction("5.5"), 14)]
>>> [slot.name for slot in turn_order(fighters, random.Random(1))]
['B', 'A', 'C']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.systems.gurps.quantities import decimal_text, exact
from pycore.validate import checked, whole


@dataclass(frozen=True)
class Fighter:
    """What the order needs: a name, Basic Speed (an input: its formula is not in the texts)
    and DX."""

    name: str
    basic_speed: Fraction | int | float  # a float is read as the decimal it prints as (5.5)
    dx: int
    key: str = ""  # the combatant's stable id: names may repeat


@dataclass(frozen=True)
class Slot:
    """One place in the order, with the random tiebreak drawn for it (GUR-05 step 3)."""

    name: str
    basic_speed: Fraction
    dx: int
    tiebreak: int
    key: str = ""

    def __str__(self) -> str:
        speed = decimal_text(self.basic_speed)
        return f"{self.name} (Basic Speed {speed}, DX {self.dx})"


@checked
def ties(slots: tuple[Slot, ...]) -> str:
    """The ties the random draw broke (GUR-05 step 3), in words; "" when there is none. The
    number drawn is never shown: only who goes first.

    >>> a, b = Slot("Ana", Fraction(6), 12, 9), Slot("Bo", Fraction(6), 12, 3)
    >>> ties((a, b)), ties((a,))
    ('; Ana before Bo: same Basic Speed and DX, order drawn at random', '')
    """
    groups: dict[tuple[Fraction, int], list[str]] = {}
    for slot in slots:
        groups.setdefault((slot.basic_speed, slot.dx), []).append(slot.name)
    said = [
        f"{' before '.join(names)}: same Basic Speed and DX, order drawn at random"
        for names in groups.values()
        if len(names) > 1
    ]
    return "".join(f"; {s}" for s in said)


@checked
def turn_order(combatants: Iterable[Fighter], rng: RandintSource) -> tuple[Slot, ...]:
    """Sort by Basic Speed, then DX, then a random number drawn now for each combatant and kept
    for the whole fight (GUR-05).

    >>> import random
    >>> [s.name for s in turn_order([Fighter("X", 5, 10), Fighter("Y", 5, 10)], random.Random(3))]
    ['Y', 'X']
    """
    slots = []
    for fighter in combatants:
        speed = exact(f"{fighter.name}: Basic Speed", fighter.basic_speed, 0, 30)
        whole(fighter.dx, f"{fighter.name}: DX", 0, 40)
        tiebreak = rng.randint(1, 1_000_000)
        slots.append(Slot(fighter.name, speed, fighter.dx, tiebreak, fighter.key))
    return tuple(sorted(slots, key=lambda s: (-s.basic_speed, -s.dx, -s.tiebreak)))
