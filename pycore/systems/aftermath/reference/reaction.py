"""The Reaction roll (AFT-31, table AFT-T21): D100 to a description, a Value Number and its note,
with the exact chance of each row.

>>> str(reaction(50))
'Reaction D100 50: Mediocre — Indifference, Value Number +0'
>>> reaction_odds()["Good"]
Fraction(3, 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pycore import figures
from pycore.dice import RandintSource, roll
from pycore.systems.aftermath.rounding import signed
from pycore.tables import load_table
from pycore.validate import checked, whole


@dataclass(frozen=True)
class Reaction:
    d100: int
    band: str
    description: str
    value: int
    note: str
    line: int

    def __str__(self) -> str:
        return (
            f"Reaction D100 {self.d100}: {self.band} — {self.description}, "
            f"Value Number {figures.signed(self.value)}"
        )

    @property
    def rules(self) -> tuple[str, ...]:
        return ("AFT-31", "AFT-T21", f"L{self.line}")


@checked
def reaction(d100: int) -> Reaction:
    """Look up a Reaction roll (AFT-31). Modifiers to the roll are not in the text.

    >>> reaction(101)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: D100 101 is outside 1 to 100
    """
    whole(d100, "D100", 1, 100)
    row = load_table("aftermath", "reaction").row_for_roll(d100)
    return Reaction(
        d100,
        str(row["band"]),
        str(row["description"]),
        int(str(row["value"])),
        str(row["note"]),
        int(str(row["line"])),
    )


def reaction_odds() -> dict[str, Fraction]:
    """The exact chance of each description (the detailed name of T21).

    >>> sum(reaction_odds().values()), reaction_odds()["Bad"]
    (Fraction(1, 1), Fraction(1, 20))
    """
    odds: dict[str, Fraction] = {}
    for face in range(1, 101):
        name = reaction(face).description
        odds[name] = odds.get(name, Fraction(0)) + Fraction(1, 100)
    return odds


@checked
def roll_reaction(rng: RandintSource) -> tuple[str, Reaction]:
    """Roll D100 with ``rng``: the dice explanation and the result.

    >>> import random
    >>> roll_reaction(random.Random(4))[1].d100
    31
    """
    rolled = roll("1d100", rng)
    return rolled.explain(), reaction(rolled.total)


@checked
def value_sum(values: list[int]) -> str:
    """AFT-31: the Value Numbers rolled so far and their sum, kept as a display only: how they
    make an "overall reaction" is not in the text (AFT-M33).

    >>> value_sum([2, -1, 4]), value_sum([])
    ("Value Numbers +2 −1 +4 = +5 (a running sum only: how they combine is the GM's)", 'no reactions rolled')
    """
    if not values:
        return "no reactions rolled"
    terms = " ".join(signed(v) for v in values)
    return f"Value Numbers {terms} = {signed(sum(values))} (a running sum only: how they combine is the GM's)"
