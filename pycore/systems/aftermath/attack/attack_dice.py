"""An attack rolled with physical dice: the user types each roll the attack needs, one at a
time, and the attack goes as far as the typed rolls take it, then waits for the next roll,
naming it (the BCS D20 "to hit", the D100 "hit location", the damage dice, the D100 "Critical
Effect" ...). "Roll for me" rolls the rest. Each typed roll is checked against what its dice can
show (a percentile 00 is 100); a wrong one is a DiceError naming the roll, and nothing is rolled.

>>> from pycore.systems.aftermath.sheet.sheet import new_sheet, set_field
>>> from pycore.systems.aftermath.conditions import moment
>>> from pycore.systems.aftermath.attack.worksheet import Setup, campaign
>>> from pycore.systems.aftermath.attack.worksheet_forms import form_of
>>> target = set_field(new_sheet("Bo"), "derived.cda", "1")
>>> form = form_of("missile", {"bcs": 12, "meters": "20"})
>>> setup = Setup("missile", new_sheet("Ana"), target, form, campaign({}), moment(1, 1))
>>> str(resolve_typed(setup, ["5"]))
'roll 2: hit location (1d100)'
>>> resolve_typed(setup, ["21"])
Traceback (most recent call last):
...
pycore.errors.DiceError: roll 1 (to hit): a die from 1 to 20 cannot show 21
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pycore.dice import DiceWanted, Made, RandintSource, TypedRolls
from pycore.errors import DiceError
from pycore.systems.aftermath.attack.worksheet import Outcome, Setup, resolve
from pycore.validate import checked

#: At most this many typed rolls for one attack (a burst's dice stay far below it).
MAX_TYPED_ROLLS = 60


@dataclass(frozen=True)
class WaitsForDice:
    """An attack waiting for the next roll of physical dice: what to roll, what it decides,
    its place among the attack's rolls (0 first), the rolls typed so far and, where the rule
    knows them, what it decides with each one's exact chance (a save's "D20 ≤ 8": 2/5)."""

    expr: str
    what: str
    index: int
    given: tuple[str, ...]
    odds: tuple[tuple[str, Fraction], ...] = ()

    def __str__(self) -> str:
        return f"roll {self.index + 1}: {self.what or 'the next roll'} ({self.expr})"


@checked
def with_rolls(
    setup: Setup,
    typed: Sequence[str],
    rest: RandintSource | None,
    same: bool,
    kept: Sequence[Made],
) -> tuple[Outcome | WaitsForDice, tuple[Made, ...]]:
    """:func:`resolve_typed`, with every roll the attack made (or made before the roll it
    waits for) in order: what it decided and what the dice showed."""
    if len(typed) > MAX_TYPED_ROLLS:
        raise DiceError(f"rolled: at most {MAX_TYPED_ROLLS} rolls for one attack")
    source = TypedRolls(typed, rest, kept)
    try:
        outcome = resolve(setup, source, same)
    except DiceWanted as wanted:
        found = WaitsForDice(wanted.expr, wanted.what, wanted.index, wanted.given, wanted.odds)
        return found, source.made
    if source.unused:
        needed = len(typed) - len(source.unused)
        raise DiceError(f"rolled: the attack needed only {needed} of the {len(typed)} rolls typed")
    return outcome, source.made


@checked
def resolve_typed(
    setup: Setup,
    typed: Sequence[str],
    rest: RandintSource | None = None,
    same: bool = False,
    kept: Sequence[Made] = (),
) -> Outcome | WaitsForDice:
    """The attack with its rolls taken from ``kept`` where one is the same roll (its name and
    dice: a called critical keeps the die to hit and the hit location the GM saw), else from
    ``typed`` in order, then from ``rest`` ("roll for me"); with no ``rest`` it waits for the
    first roll not typed yet (AFT-03, AFT-55)."""
    return with_rolls(setup, typed, rest, same, kept)[0]


__all__ = ["MAX_TYPED_ROLLS", "WaitsForDice", "resolve_typed", "with_rolls"]
