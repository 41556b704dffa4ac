"""The limits every dice expression must respect, in one place so messages and checks agree.

>>> MAX_DICE, MAX_FACES, MAX_EXPR_LENGTH, MAX_CONSTANT
(1000, 1000, 200, 1000000)
"""

from typing import Final

#: Most dice in one term, and in the whole expression together.
MAX_DICE: Final = 1000
#: Most faces on one die (a d% has 100).
MAX_FACES: Final = 1000
#: Longest expression accepted, in characters, after stripping outer whitespace.
MAX_EXPR_LENGTH: Final = 200
#: Largest constant term, multiplier or divisor.
MAX_CONSTANT: Final = 1_000_000
#: Largest estimated work for exact odds (see pycore.dice.odds.odds_work). One unit is roughly
#: one product of outcome counts inside icepool, 0.25 to 0.5 µs in CPython: the slowest allowed
#: expressions measured (788d3, 80d12k40, 40d40) take 0.25 to 0.47 s.
MAX_ODDS_WORK: Final = 1_000_000
