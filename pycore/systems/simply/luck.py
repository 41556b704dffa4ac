"""Simply Roleplaying! Luck Points: on tests, contests and checks (SIM-10) and against injury
(SIM-43).

>>> str(luck_on_test(10, 13, 20))
'2D10 = 13 vs TN 10: failure by 3; luck: 5 LP spent (needs 3, minimum 5) → TN 15, success by 2; 15 LP left'
>>> str(luck_on_injury(9, 20, 4))
'injury 9 − luck 4 = 5; 16 LP left'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from pycore.dice import RandintSource, Roll, roll
from pycore.errors import RuleError
from pycore.systems.simply.limits import MAX_LUCK, MAX_RAW
from pycore.systems.simply.tasks import (
    SIDES,
    RolledContest,
    RolledTest,
    TargetNumber,
    TaskOutcome,
    TaskResult,
    roll_contest,
    roll_task,
    test,
    winner_words,
)
from pycore.validate import checked, whole

#: SIM-10 1: "at least 5 Luck Points available"; 2a-2c: 5 is also the least ever spent on a roll.
LUCK_MINIMUM: Final = 5

LuckCase = Literal["success", "bought", "not enough", "automatic failure"]


@checked
def can_declare_luck(luck_points: int) -> bool:
    """Whether luck may be declared before a roll: at least 5 LP available (SIM-10 1).

    >>> can_declare_luck(4), can_declare_luck(5)
    (False, True)
    """
    return whole(luck_points, "luck points", 0, MAX_LUCK) >= LUCK_MINIMUM


def _declared(luck_points: int) -> int:
    lp = whole(luck_points, "luck points", 0, MAX_LUCK)
    if lp < LUCK_MINIMUM:  # SIM-10 1: declared before the roll, with >= 5 LP available
        raise RuleError(
            f"luck points {lp} is outside {LUCK_MINIMUM} to {MAX_LUCK}"
            f" (at least {LUCK_MINIMUM} LP to declare luck before the roll)",
            rules=("SIM-10",),
        )
    return lp


@dataclass(frozen=True)
class LuckTest:
    """A test with luck declared (SIM-10): the plain test, the LP spent and the final outcome.

    ``case`` is "success" (2a: spend 5), "bought" (2b: TN raised 1:1, minimum 5),
    "not enough" (2c: fail, spend 5) or "automatic failure" (a 20 cannot be bought off: fail,
    spend 5). ``final_target`` is the TN after luck and ``margin`` is ``final_target - roll``.
    """

    test: TaskResult
    luck_before: int
    spent: int
    success: bool
    final_target: int
    margin: int
    case: LuckCase
    needed: int

    @property
    def luck_left(self) -> int:
        return self.luck_before - self.spent

    def __str__(self) -> str:
        return f"{self.test}; {self.luck_words}"

    @property
    def luck_words(self) -> str:
        """What the luck did, after the roll's verdict (``luck: 5 LP spent …``)."""
        head = "luck: "
        left = f"; {self.luck_left} LP left"
        if self.case == "success":
            return f"{head}{self.spent} LP spent (success costs {LUCK_MINIMUM}){left}"
        if self.case == "bought":
            return (
                f"{head}{self.spent} LP spent (needs {self.needed}, minimum {LUCK_MINIMUM})"
                f" → TN {self.final_target}, success by {self.margin}{left}"
            )
        if self.case == "automatic failure":
            return f"{head}a 20 cannot be bought off → failure, {self.spent} LP spent{left}"
        return (
            f"{head}needs {self.needed} LP, only {self.luck_before} → failure,"
            f" {self.spent} LP spent{left}"
        )


@checked
def luck_on_test(target: int, roll: int, luck_points: int, level: str | None = None) -> LuckTest:
    """Resolve a test (or check, or one side of a contest) on which luck was declared (SIM-10).

    Raises RuleError when fewer than 5 LP are available, since luck cannot then be declared.

    >>> r = luck_on_test(10, 18, 20)
    >>> r.success, r.spent, r.final_target, r.margin, r.luck_left
    (True, 8, 18, 0, 12)
    >>> str(luck_on_test(10, 18, 7))
    '2D10 = 18 vs TN 10: failure by 8; luck: needs 8 LP, only 7 → failure, 5 LP spent; 2 LP left'
    >>> str(luck_on_test(25, 20, 30))
    '2D10 = 20 vs TN 25: automatic failure (20 always fails); luck: a 20 cannot be bought off → failure, 5 LP spent; 25 LP left'
    >>> luck_on_test(10, 6, 4)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: luck points 4 is outside 5 to 1000 (at least 5 LP to declare luck before the roll)
    """
    lp = _declared(luck_points)
    plain = test(target, roll, level)
    if plain.success:  # SIM-10 2a: success costs 5; the TN does not change
        return LuckTest(plain, lp, LUCK_MINIMUM, True, plain.target, plain.margin, "success", 0)
    if plain.automatic:  # SIM-10 reading: a 20 fails whatever the TN, so no LP can buy it off
        return LuckTest(
            plain, lp, LUCK_MINIMUM, False, plain.target, plain.margin, "automatic failure", 0
        )
    needed = plain.roll - plain.target  # SIM-10 2b: raise the TN 1:1 until roll <= TN
    cost = max(LUCK_MINIMUM, needed)  # ... minimum 5
    if cost > lp:  # SIM-10 2c: not enough LP: the task fails and 5 are spent
        return LuckTest(
            plain, lp, LUCK_MINIMUM, False, plain.target, plain.margin, "not enough", needed
        )
    final = plain.target + cost
    # The TN rises by the LP actually spent, so the new margin is TN + spent - roll (>= 0).
    return LuckTest(plain, lp, cost, True, final, final - plain.roll, "bought", needed)


@dataclass(frozen=True)
class RolledLuckTest:
    """A test with luck declared, rolled with :func:`roll_luck_test`."""

    result: LuckTest
    roll: Roll

    def __str__(self) -> str:
        # As a plain rolled test reads, then the luck: "2d10 (3, 10) = 13: 2D10 = 13 vs TN 10"
        # said the total twice in every luck roll's log line (play-through simply).
        return f"{RolledTest(self.result.test, self.roll)}; {self.result.luck_words}"


@checked
def roll_luck_test(
    target: int, luck_points: int, rng: RandintSource, level: str | None = None
) -> RolledLuckTest:
    """Declare luck, then roll 2D10 with ``rng`` (SIM-10: the declaration comes first, so too
    few LP are refused before any dice are rolled).

    >>> import random
    >>> str(roll_luck_test(10, 20, random.Random(1)))
    '2d10 (3, 10) = 13 vs TN 10: failure by 3; luck: 5 LP spent (needs 3, minimum 5) → TN 15, success by 2; 15 LP left'
    """
    _declared(luck_points)
    test(target, 2, level)  # validates target and level before rolling
    rolled = roll("2d10", rng)
    return RolledLuckTest(luck_on_test(target, rolled.total, luck_points, level), rolled)


@dataclass(frozen=True)
class InjuryLuck:
    """Luck spent against injury, 1:1 (SIM-43)."""

    injury_before: int
    luck_before: int
    spent: int

    @property
    def injury(self) -> int:
        return self.injury_before - self.spent

    @property
    def luck_left(self) -> int:
        return self.luck_before - self.spent

    def __str__(self) -> str:
        return (
            f"injury {self.injury_before} − luck {self.spent} = {self.injury};"
            f" {self.luck_left} LP left"
        )


@checked
def luck_on_injury(injury: int, luck_points: int, spend: int) -> InjuryLuck:
    """Spend ``spend`` LP to reduce ``injury`` 1:1 (SIM-43): no declaration, no 5-LP minimum,
    from 0 up to the smaller of the injury and the LP available.

    >>> r = luck_on_injury(9, 20, 4)
    >>> r.injury, r.luck_left
    (5, 16)
    >>> luck_on_injury(3, 20, 4)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: luck spent 4 is outside 0 to 3 (at most the injury and the luck available)
    """
    injury = whole(injury, "injury", 0, MAX_RAW)
    lp = whole(luck_points, "luck points", 0, MAX_LUCK)
    spend = whole(
        spend,
        "luck spent",
        0,
        min(injury, lp),
        why=" (at most the injury and the luck available)",
        rules=("SIM-43",),
    )
    return InjuryLuck(injury, lp, spend)


@dataclass(frozen=True)
class LuckyContest:
    """A contest where one or both sides declared luck before the roll (SIM-08, SIM-10): each
    side's dice, its plain or luck-raised result, and the winner by SIM-08 on the final TNs and
    margins ("a", "b" or None for a draw)."""

    roll_a: Roll
    roll_b: Roll
    a: TaskResult | LuckTest
    b: TaskResult | LuckTest
    winner: Literal["a", "b"] | None
    reason: str
    names: tuple[str, str] = SIDES

    @property
    def verdict(self) -> str:
        return winner_words(self.winner, self.names)

    def __str__(self) -> str:
        a, b = self.names
        return (
            f"{a} {_side(self.roll_a, self.a)}; {b} {_side(self.roll_b, self.b)} → "
            f"{self.verdict} ({self.reason})"
        )


def _side(dice: Roll, result: TaskResult | LuckTest) -> str:
    """One side's dice, their total once, its verdict and what its luck did."""
    if isinstance(result, TaskResult):
        return str(RolledTest(result, dice))
    return str(RolledLuckTest(result, dice))


def _final(result: TaskResult | LuckTest) -> TaskResult:
    """The side's result as SIM-08 judges it: after luck, the raised TN and its margin."""
    if isinstance(result, TaskResult):
        return result
    plain = result.test
    return TaskResult(
        result.final_target, plain.roll, plain.level, result.success, result.margin, plain.automatic
    )


@checked
def roll_lucky_contest(
    target_a: int,
    level_a: str | None,
    luck_a: int,
    target_b: int,
    level_b: str | None,
    luck_b: int,
    rng: RandintSource,
    *,
    names: Sequence[str] = SIDES,
) -> LuckyContest:
    """Roll a contest; a side with ``luck_*`` > 0 declared that many LP before the roll
    (SIM-10: at least 5), so too few LP are refused before any dice are rolled.

    >>> import random
    >>> r = roll_lucky_contest(10, None, 20, 12, None, 0, random.Random(0))
    >>> str(r)  # luck turns A's failure into a success by 1, but B's margin is higher
    'A 2d10 (7, 7) = 14 vs TN 10: failure by 4; luck: 5 LP spent (needs 4, minimum 5) → TN 15, success by 1; 15 LP left; B 2d10 (1, 5) = 6 vs TN 12: success by 6 → B wins (margins 1 vs 6)'
    >>> roll_lucky_contest(10, None, 3, 12, None, 0, random.Random(4))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: luck points 3 is outside 5 to 1000 (at least 5 LP to declare luck before the roll)
    """
    from pycore.systems.simply.tasks import _judge, _names

    sides = _names(names)
    for luck_points in (luck_a, luck_b):
        if luck_points:
            _declared(luck_points)
    test(target_a, 2, level_a)  # validates both sides before rolling
    test(target_b, 2, level_b)
    rolled_a = roll("2d10", rng)
    rolled_b = roll("2d10", rng)

    def side(target: int, level: str | None, luck_points: int, rolled: Roll) -> Any:
        if luck_points:
            return luck_on_test(target, rolled.total, luck_points, level)
        return test(target, rolled.total, level)

    a = side(target_a, level_a, luck_a, rolled_a)
    b = side(target_b, level_b, luck_b, rolled_b)
    winner, reason = _judge(_final(a), _final(b), sides)
    return LuckyContest(rolled_a, rolled_b, a, b, winner, reason, sides)


@checked
def roll_task_declared(
    target: TargetNumber, level: str | None, luck_points: int, rng: RandintSource
) -> TaskOutcome | RolledLuckTest:
    """Roll a task with ``luck_points`` declared before the roll (0: none), SIM-10.

    A task the difficulty decides (Automatic / Impossible, SIM-04) has no roll, so no luck can be
    declared on it and none is spent (SIM-10 reading); with luck declared the core refuses fewer
    than 5 LP before any dice are rolled.

    >>> import random
    >>> from pycore.systems.simply.tasks import target_number
    >>> str(roll_task_declared(target_number(10), "Capable", 20, random.Random(1)))
    '2d10 (3, 10) = 13 vs TN 10: failure by 3; luck: 5 LP spent (needs 3, minimum 5) → TN 15, success by 2; 15 LP left'
    >>> str(roll_task_declared(target_number(10, "Automatic"), "Capable", 20, random.Random(1)))
    'base 10; Automatic: automatic success, no roll'
    """
    luck_points = whole(luck_points, "luck points", 0, MAX_LUCK)
    if luck_points and target.automatic is None:
        return roll_luck_test(target.total, luck_points, rng, level)
    return roll_task(target, level, rng)


@checked
def roll_contest_declared(
    a: tuple[int, str | None, int],
    b: tuple[int, str | None, int],
    rng: RandintSource,
    names: Sequence[str] = SIDES,
) -> RolledContest | LuckyContest:
    """Roll a contest (SIM-08) where each side is ``(target, level, luck declared)``; luck on
    either side makes it a lucky contest (SIM-10), else a plain one.

    >>> import random
    >>> r = roll_contest_declared((10, None, 0), (12, None, 0), random.Random(0), ("Mara", "Grunt"))
    >>> r.verdict
    'Grunt wins'
    """
    (target_a, level_a, luck_a), (target_b, level_b, luck_b) = a, b
    if luck_a or luck_b:
        return roll_lucky_contest(
            target_a, level_a, luck_a, target_b, level_b, luck_b, rng, names=names
        )
    return roll_contest(target_a, level_a, target_b, level_b, rng, names=names)


def luck_spent(result: object) -> tuple[int, int]:
    """The LP each side spent on a roll made by :func:`roll_task_declared` or
    :func:`roll_contest_declared` (SIM-10), as ``(side A, side B)``; nothing when no luck.

    >>> import random
    >>> from pycore.systems.simply.tasks import target_number
    >>> luck_spent(roll_task_declared(target_number(10), None, 20, random.Random(1)))
    (5, 0)
    """
    if isinstance(result, RolledLuckTest):
        return result.result.spent, 0
    if isinstance(result, LuckyContest):
        sides = (result.a, result.b)
        a, b = (side.spent if isinstance(side, LuckTest) else 0 for side in sides)
        return a, b
    return 0, 0
