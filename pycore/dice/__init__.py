"""Dice for Rulekeeper: parse, roll and exact odds of dice expressions.

One grammar serves every rule text (see :mod:`pycore.dice.parser`): ``3d6``, ``4d6kh3``,
``2d-1`` (GURPS), ``1d10/2`` (rounds up), ``d%``, ``1:10sd+13`` (percentile).

>>> import random
>>> str(roll("3d6+2", random.Random(1)))
'3d6+2 (2, 5, 1) + 2 = 10'
>>> chance("3d6", "<=", 10)
Fraction(1, 2)
>>> validate("2d6+") is not None
True
"""

from pycore.dice.limits import (
    MAX_CONSTANT,
    MAX_DICE,
    MAX_EXPR_LENGTH,
    MAX_FACES,
    MAX_ODDS_WORK,
)
from pycore.dice.nodes import Constant, Dice, DiceExpr, Keep, Scale, Term
from pycore.dice.odds import chance, distribution, odds_work
from pycore.dice.parser import parse, validate
from pycore.dice.roller import RandintSource, Roll, RolledDie, TermRoll, roll
from pycore.dice.source import seeded
from pycore.dice.typed import (
    DiceWanted,
    Made,
    TypedDice,
    TypedRolls,
    entry_hint,
    judged,
    next_roll_is,
    read_numbers,
    typed_dice,
)
from pycore.errors import DiceError

__all__ = [
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_EXPR_LENGTH",
    "MAX_FACES",
    "MAX_ODDS_WORK",
    "Constant",
    "Dice",
    "DiceError",
    "DiceExpr",
    "DiceWanted",
    "Keep",
    "Made",
    "RandintSource",
    "Roll",
    "RolledDie",
    "Scale",
    "Term",
    "TermRoll",
    "TypedDice",
    "TypedRolls",
    "chance",
    "distribution",
    "entry_hint",
    "judged",
    "next_roll_is",
    "odds_work",
    "parse",
    "read_numbers",
    "roll",
    "seeded",
    "typed_dice",
    "validate",
]
