"""Simply Roleplaying! tasks: target numbers, tests, contests, special checks and exact odds
(SIM-01 to SIM-09, SIM-11; tables SIM-T01, SIM-T02, SIM-T13).

A task is 2D10 rolled under a Target Number: base score + difficulty + situation modifiers.

>>> tn = target_number(12, "Difficult", [("cover", -2)], base_label="Sword, Capable")
>>> str(tn)
'base 12 (Sword, Capable) + Difficult −4 + cover −2 = TN 6'
>>> str(test(12, 7))
'2D10 = 7 vs TN 12: success by 5'
>>> success_chance(15), str(table_chance(20)), success_chance(20)
(Fraction(17, 20), '100%', Fraction(99, 100))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final, Literal

from pycore.dice import RandintSource, Roll, distribution, roll
from pycore.errors import RuleError
from pycore.figures import signed
from pycore.systems.simply.checks import SPECIAL_CHECKS as SPECIAL_CHECKS
from pycore.systems.simply.checks import special_check as special_check
from pycore.systems.simply.checks import special_check_stat as special_check_stat
from pycore.tables import Row, load_table
from pycore.validate import checked, whole

#: SIM-06: the skill levels that are "Fam or better" (SIM-19); None is a default rating or a check.
LEVELS: Final[tuple[str, ...]] = ("Familiar", "Capable", "Professional", "Expert")

#: Bounds on typed-in values, so nonsense is refused (STYLE 3). A TN is not clamped by the rules
#: (SIM-06 reading), so it may be negative; 2 x a stat of 100 plus modifiers stays well inside.
MAX_TARGET: Final = 1000
MAX_MODIFIER: Final = 100
MAX_MODIFIERS: Final = 20
MAX_NAME: Final = 60
MIN_ROLL: Final = 2
MAX_ROLL: Final = 20

#: SIM-04: the difficulty ladder, in the order of SIM-T01 (Automatic to Impossible).
DIFFICULTIES: Final[tuple[str, ...]] = tuple(
    str(row["name"]) for row in load_table("simply", "difficulty").rows
)

_DICE: Final = "2d10"

Automatic = Literal["success", "failure"]
Winner = Literal["a", "b"]


def _target(field: str, value: object) -> int:
    return whole(value, field, -MAX_TARGET, MAX_TARGET)


def _roll(field: str, value: object) -> int:
    return whole(value, field, MIN_ROLL, MAX_ROLL, why=" (2D10)")


def _level(field: str, level: object) -> str | None:
    if level is None or (isinstance(level, str) and level in LEVELS):
        return level
    raise RuleError(f"{field} {level!r} is unknown; allowed: {', '.join(LEVELS)} or None (default)")


def _verdict(target: int, rolled: int, skilled: bool) -> tuple[bool, bool]:
    """(success, automatic) under SIM-06, judged in the text's order."""
    if rolled == 20:  # SIM-06 1: 20 is an automatic failure, whatever the TN
        return False, True
    if rolled == 2 and skilled:  # SIM-06 2: 2 succeeds automatically at Fam or better
        return True, True
    return rolled <= target, False  # SIM-06 3: roll <= TN succeeds


# --- Exact odds (SIM-11) ------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _two_d10() -> tuple[tuple[int, Fraction], ...]:
    # The dice engine (icepool) gives P(total) for 2D10; SIM-06 is then judged per total.
    return tuple(distribution(_DICE).items())


def success_chance(target: int, skilled: bool = True) -> Fraction:
    """The real chance that a test against ``target`` succeeds, automatic results included.

    SIM-11 reading: a 20 always fails (so at most 99/100), and a 2 always succeeds when
    ``skilled`` (the skill bought at Familiar or better), so TN <= 1 gives 1/100, else 0.

    >>> success_chance(15), success_chance(22), success_chance(1), success_chance(1, skilled=False)
    (Fraction(17, 20), Fraction(99, 100), Fraction(1, 100), Fraction(0, 1))
    """
    target = _target("target number", target)
    if not isinstance(skilled, bool):  # "no" is not False: a flag, never any truthy value
        raise RuleError(f"skilled {skilled!r} must be True or False")
    return sum(
        (p for total, p in _two_d10() if _verdict(target, total, skilled)[0]),
        Fraction(0),
    )


@dataclass(frozen=True)
class TableChance:
    """A cell of the text's Success Probability Table (SIM-T13): the printed percent."""

    target: int
    percent: int
    line: int

    @property
    def fraction(self) -> Fraction:
        return Fraction(self.percent, 100)

    def __str__(self) -> str:
        return f"{self.percent}%"


def table_chance(target: int) -> TableChance | None:
    """The text's printed chance for ``target`` (SIM-T13, TN 2-20 only), or None off the table.

    The printed table ignores the automatic 20 (SIM-11), so TN 20 prints 100%.

    >>> str(table_chance(15)), table_chance(20).percent, table_chance(20).line, table_chance(21)
    ('85%', 100, 426, None)
    """
    target = _target("target number", target)
    if not 2 <= target <= 20:
        return None
    row = load_table("simply", "success_probability").row_by("tn", target)
    percent, line = row["percent"], row["line"]
    assert isinstance(percent, int) and isinstance(line, int)
    return TableChance(target, percent, line)


# --- Target numbers (SIM-01 to SIM-05) ----------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """One addend of a target number, with the rule it comes from."""

    label: str
    value: int
    source: str


@dataclass(frozen=True)
class TargetNumber:
    """A Target Number built by SIM-01: base (SIM-02) + difficulty (SIM-04) + situation (SIM-05).

    ``automatic`` is set for Automatic / Impossible difficulty: no roll is made and ``total`` is
    the base plus situation modifiers only (the difficulty adds nothing).
    """

    base: int
    base_label: str | None
    difficulty: str
    parts: tuple[Part, ...]
    total: int
    automatic: Automatic | None = None

    def __str__(self) -> str:
        first = self.parts[0]
        text = f"base {first.value}" + (f" ({self.base_label})" if self.base_label else "")
        for part in self.parts[1:]:
            text += f" + {part.label} {signed(part.value, zero='0')}"
        if self.automatic == "success":
            return f"{text}; {self.difficulty}: automatic success, no roll"
        if self.automatic == "failure":
            return f"{text}; {self.difficulty}: automatic failure, no roll"
        return f"{text} = TN {self.total}"


def _difficulty_row(difficulty: str) -> Row:
    if difficulty not in DIFFICULTIES:
        raise RuleError(f"difficulty {difficulty!r} is unknown; allowed: {', '.join(DIFFICULTIES)}")
    return _difficulty_of(difficulty)


@lru_cache(maxsize=16)  # each side's TN at each draw; SIM-T01's rows are frozen
def _difficulty_of(difficulty: str) -> Row:
    return load_table("simply", "difficulty").row_by("name", difficulty)


def target_number(
    base: int,
    difficulty: str = "Average",
    modifiers: Sequence[tuple[str, int]] = (),
    base_label: str | None = None,
) -> TargetNumber:
    """The TN of a task: ``base`` + the SIM-T01 ``difficulty`` + named situation ``modifiers``.

    >>> str(target_number(10, "Very Easy")), str(target_number(10, "Near Impossible"))
    ('base 10 + Very Easy +4 = TN 14', 'base 10 + Near Impossible −12 = TN -2')
    >>> [(p.label, p.value, p.source) for p in target_number(8, "Easy", [("dark", -3)]).parts]
    [('base', 8, 'SIM-02'), ('Easy', 2, 'SIM-04'), ('dark', -3, 'SIM-05')]
    >>> str(target_number(10, "Impossible"))
    'base 10; Impossible: automatic failure, no roll'
    """
    base = _target("base score", base)
    if base_label is not None and (not isinstance(base_label, str) or len(base_label) > MAX_NAME):
        raise RuleError(f"base label {base_label!r} must be text of at most {MAX_NAME} characters")
    row = _difficulty_row(difficulty)
    parts = [Part("base", base, "SIM-02")]
    modifier, automatic = row["modifier"], row["automatic"]
    if isinstance(modifier, int):  # SIM-04: Automatic / Impossible have no modifier (N/A)
        parts.append(Part(difficulty, modifier, "SIM-04"))
    if isinstance(modifiers, str | bytes) or not isinstance(modifiers, Sequence):
        raise RuleError("modifiers must be a list of (name, value) pairs")
    if len(modifiers) > MAX_MODIFIERS:
        raise RuleError(f"modifiers count {len(modifiers)} is outside 0 to {MAX_MODIFIERS}")
    for index, item in enumerate(modifiers, 1):
        if not isinstance(item, tuple) or len(item) != 2:
            raise RuleError(f"modifier {index} {item!r} is not a (name, value) pair")
        name, value = item
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
            raise RuleError(f"modifier {index} name {name!r} must be 1 to {MAX_NAME} characters")
        value = whole(value, f"modifier {name!r}", -MAX_MODIFIER, MAX_MODIFIER)
        parts.append(Part(name.strip(), value, "SIM-05"))  # SIM-05: after difficulty
    total = _target("target number", sum(p.value for p in parts))
    auto: Automatic | None = None
    if automatic == "success":
        auto = "success"
    elif automatic == "failure":
        auto = "failure"
    return TargetNumber(base, base_label, difficulty, tuple(parts), total, auto)


# --- Tests (SIM-06, SIM-07) ---------------------------------------------------------------------


@dataclass(frozen=True)
class TaskResult:
    """A test judged by SIM-06: ``margin`` is TN - roll (SIM-07) whatever the verdict.

    ``automatic`` is true when the 20 or the skilled 2 decided it. The verdict is ``success``,
    never the sign of the margin (SIM-07 reading).
    """

    target: int
    roll: int
    level: str | None
    success: bool
    margin: int
    automatic: bool

    @property
    def verdict(self) -> str:
        """The verdict part of the explanation, after "vs TN n: "."""
        if self.automatic and not self.success:
            return "automatic failure (20 always fails)"
        if self.automatic:
            why = f"2 always succeeds at {self.level}"
            if self.margin >= 0:
                return f"automatic success by {self.margin} ({why})"
            return f"automatic success ({why}), margin {signed(self.margin, zero='0')}"
        if self.success:
            return f"success by {self.margin}"
        return f"failure by {-self.margin}"

    def __str__(self) -> str:
        return f"2D10 = {self.roll} vs TN {self.target}: {self.verdict}"


def test(target: int, roll: int, level: str | None = None) -> TaskResult:
    """Judge a 2D10 ``roll`` against ``target`` (SIM-06); ``level`` is the skill level or None.

    >>> str(test(24, 20)), str(test(14, 8))
    ('2D10 = 20 vs TN 24: automatic failure (20 always fails)', '2D10 = 8 vs TN 14: success by 6')
    >>> str(test(0, 2, "Capable")), test(1, 2).success
    ('2D10 = 2 vs TN 0: automatic success (2 always succeeds at Capable), margin −2', False)
    >>> test(12, 13).margin
    -1
    >>> test(12, 21)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: roll 21 is outside 2 to 20 (2D10)
    """
    target = _target("target number", target)
    rolled = _roll("roll", roll)
    level = _level("skill level", level)
    success, automatic = _verdict(target, rolled, level is not None)
    return TaskResult(target, rolled, level, success, target - rolled, automatic)  # SIM-07


# The rule is called a test (SIM-01); tell pytest this function is not one of its tests.
test.__test__ = False  # type: ignore[attr-defined]


@dataclass(frozen=True)
class RolledTest:
    """A test rolled with :func:`roll_test`: the dice and the verdict."""

    result: TaskResult
    roll: Roll

    def __str__(self) -> str:
        return f"{self.roll.explain()} vs TN {self.result.target}: {self.result.verdict}"


def roll_test(target: int, rng: RandintSource, level: str | None = None) -> RolledTest:
    """Roll 2D10 with ``rng`` and judge it against ``target`` (SIM-06).

    >>> import random
    >>> str(roll_test(12, random.Random(1)))
    '2d10 (3, 10) = 13 vs TN 12: failure by 1'
    """
    target = _target("target number", target)
    level = _level("skill level", level)
    rolled = roll(_DICE, rng)
    return RolledTest(test(target, rolled.total, level), rolled)


@dataclass(frozen=True)
class TaskOutcome:
    """A whole task: its TN and, unless the difficulty decided it (no roll), the rolled test."""

    target: TargetNumber
    result: TaskResult | None
    roll: Roll | None

    @property
    def success(self) -> bool:
        if self.result is None:
            return self.target.automatic == "success"
        return self.result.success

    def __str__(self) -> str:
        if self.result is None:
            return str(self.target)
        if self.roll is not None:
            return f"{self.target} · {RolledTest(self.result, self.roll)}"
        return f"{self.target} · {self.result}"


def resolve_task(target: TargetNumber, roll: int | None, level: str | None = None) -> TaskOutcome:
    """Judge a task whose dice were rolled at the table; ``roll`` is None for no roll.

    >>> str(resolve_task(target_number(10, "Automatic"), None))
    'base 10; Automatic: automatic success, no roll'
    >>> str(resolve_task(target_number(12, "Difficult"), 7, "Capable"))
    'base 12 + Difficult −4 = TN 8 · 2D10 = 7 vs TN 8: success by 1'
    """
    if not isinstance(target, TargetNumber):
        raise RuleError(f"target {target!r} is not a TargetNumber (build it with target_number)")
    if target.automatic is not None:  # SIM-04: Automatic / Impossible: no roll
        if roll is not None:
            raise RuleError(f"roll {roll!r} given for {target.difficulty}: no roll is made")
        return TaskOutcome(target, None, None)
    if roll is None:
        raise RuleError(f"roll None is missing; allowed: {MIN_ROLL} to {MAX_ROLL} (2D10)")
    return TaskOutcome(target, test(target.total, roll, level), None)


def roll_task(target: TargetNumber, level: str | None, rng: RandintSource) -> TaskOutcome:
    """Roll a task with ``rng`` (no roll for Automatic / Impossible difficulty, SIM-04).

    >>> import random
    >>> str(roll_task(target_number(12, "Difficult", [("cover", -2)]), "Capable", random.Random(1)))
    'base 12 + Difficult −4 + cover −2 = TN 6 · 2d10 (3, 10) = 13 vs TN 6: failure by 7'
    """
    if not isinstance(target, TargetNumber):
        raise RuleError(f"target {target!r} is not a TargetNumber (build it with target_number)")
    level = _level("skill level", level)
    if target.automatic is not None:
        return TaskOutcome(target, None, None)
    rolled = roll(_DICE, rng)
    return TaskOutcome(target, test(target.total, rolled.total, level), rolled)


# --- Contests (SIM-08) --------------------------------------------------------------------------


SIDES: Final = ("A", "B")  # the contest's sides as the text names them, or the characters'


def _names(names: Sequence[str]) -> tuple[str, str]:
    if isinstance(names, str) or len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise RuleError(f"names {names!r} must be two names, one per side")
    return (names[0].strip()[:MAX_NAME] or "A", names[1].strip()[:MAX_NAME] or "B")


def _judge(a: TaskResult, b: TaskResult, names: Sequence[str] = SIDES) -> tuple[Winner | None, str]:
    if a.success and not b.success:  # SIM-08 (a): only one succeeds
        return "a", f"only {names[0]} succeeds"
    if b.success and not a.success:
        return "b", f"only {names[1]} succeeds"
    if not a.success:  # SIM-08 (b): both fail
        return None, "both fail; repeat the contest or change the plan"
    if a.margin > b.margin:  # SIM-08 (c): the higher success margin wins
        return "a", f"margins {a.margin} vs {b.margin}"
    if b.margin > a.margin:
        return "b", f"margins {a.margin} vs {b.margin}"
    return None, f"equal margins {a.margin}; repeat the contest or change the plan"


@dataclass(frozen=True)
class ContestResult:
    """A contest judged by SIM-08: each side's test and the winner ("a", "b", or None: draw)."""

    a: TaskResult
    b: TaskResult
    winner: Winner | None
    reason: str
    names: tuple[str, str] = SIDES

    @property
    def margin_a(self) -> int:
        return self.a.margin

    @property
    def margin_b(self) -> int:
        return self.b.margin

    @property
    def verdict(self) -> str:
        """ "draw", or the winner by name: "Mara wins"."""
        return winner_words(self.winner, self.names)

    def __str__(self) -> str:
        a, b = self.names
        return f"{a} {self.a}; {b} {self.b} → {self.verdict} ({self.reason})"


@checked
def winner_words(winner: Winner | None, names: Sequence[str] = SIDES) -> str:
    """The verdict of a contest in words, the winner by name (SIM-08).

    >>> winner_words("b", ("Mara", "Grunt")), winner_words(None)
    ('Grunt wins', 'draw')
    """
    first, second = _names(names)
    return "draw" if winner is None else f"{first if winner == 'a' else second} wins"


def contest(
    target_a: int,
    roll_a: int,
    target_b: int,
    roll_b: int,
    level_a: str | None = None,
    level_b: str | None = None,
    *,
    names: Sequence[str] = SIDES,
) -> ContestResult:
    """Judge a contest (SIM-08); each side's success follows SIM-06, automatic results included.

    >>> r = contest(11, 6, 13, 9)
    >>> r.winner, r.margin_a, r.margin_b
    ('a', 5, 4)
    >>> str(contest(10, 6, 12, 8))
    'A 2D10 = 6 vs TN 10: success by 4; B 2D10 = 8 vs TN 12: success by 4 → draw (equal margins 4; repeat the contest or change the plan)'
    >>> contest(7, 8, 9, 15).winner is None, contest(25, 20, 5, 5).winner
    (True, 'b')
    """
    a = test(target_a, roll_a, _level("skill level A", level_a))
    b = test(target_b, roll_b, _level("skill level B", level_b))
    sides = _names(names)
    winner, reason = _judge(a, b, sides)
    return ContestResult(a, b, winner, reason, sides)


@dataclass(frozen=True)
class RolledContest:
    """A contest rolled with :func:`roll_contest`: both rolls and the judged result."""

    result: ContestResult
    roll_a: Roll
    roll_b: Roll

    @property
    def winner(self) -> Winner | None:
        return self.result.winner

    @property
    def verdict(self) -> str:
        return self.result.verdict

    def __str__(self) -> str:
        r = self.result
        a, b = r.names
        return (
            f"{a} {RolledTest(r.a, self.roll_a)}; {b} {RolledTest(r.b, self.roll_b)}"
            f" → {r.verdict} ({r.reason})"
        )


@checked
def roll_contest(
    target_a: int,
    level_a: str | None,
    target_b: int,
    level_b: str | None,
    rng: RandintSource,
    *,
    names: Sequence[str] = SIDES,
) -> RolledContest:
    """Roll 2D10 for each side with ``rng`` (A first) and judge the contest (SIM-08).

    >>> import random
    >>> str(roll_contest(12, "Capable", 10, None, random.Random(1)))
    'A 2d10 (3, 10) = 13 vs TN 12: failure by 1; B 2d10 (2, 5) = 7 vs TN 10: success by 3 → B wins (only B succeeds)'
    >>> str(roll_contest(12, "Capable", 10, None, random.Random(1), names=("Mara", "Grunt")))
    'Mara 2d10 (3, 10) = 13 vs TN 12: failure by 1; Grunt 2d10 (2, 5) = 7 vs TN 10: success by 3 → Grunt wins (only Grunt succeeds)'
    """
    sides = _names(names)
    target_a = _target("target number A", target_a)
    target_b = _target("target number B", target_b)
    level_a = _level("skill level A", level_a)
    level_b = _level("skill level B", level_b)
    rolled_a = roll(_DICE, rng)
    rolled_b = roll(_DICE, rng)
    result = contest(
        target_a, rolled_a.total, target_b, rolled_b.total, level_a, level_b, names=sides
    )
    return RolledContest(result, rolled_a, rolled_b)


@dataclass(frozen=True)
class ContestOdds:
    """Exact chances of a contest's three outcomes; they sum to 1."""

    a: Fraction
    b: Fraction
    draw: Fraction

    def __str__(self) -> str:
        return f"A wins {self.a}, B wins {self.b}, draw {self.draw}"


def contest_odds(
    target_a: int, target_b: int, skilled_a: bool = True, skilled_b: bool = True
) -> ContestOdds:
    """Exact chances that A wins, B wins, or the contest is drawn (SIM-08 over SIM-06).

    Each side's 2D10 distribution comes from the dice engine; the two rolls are independent.
    A side's ``skilled`` flag (Familiar or better) matters only for the automatic 2.

    >>> str(contest_odds(10, 10))
    'A wins 669/2000, B wins 669/2000, draw 331/1000'
    """
    target_a = _target("target number A", target_a)
    target_b = _target("target number B", target_b)
    return _contest_odds(target_a, target_b, bool(skilled_a), bool(skilled_b))


@lru_cache(maxsize=64)  # the Task tab shows the odds at each draw: 400 pairs of judged rolls
def _contest_odds(target_a: int, target_b: int, skilled_a: bool, skilled_b: bool) -> ContestOdds:
    level_a = LEVELS[0] if skilled_a else None
    level_b = LEVELS[0] if skilled_b else None
    wins = {"a": Fraction(0), "b": Fraction(0)}
    draw = Fraction(0)
    for total_a, p_a in _two_d10():
        a = test(target_a, total_a, level_a)
        for total_b, p_b in _two_d10():
            winner, _ = _judge(a, test(target_b, total_b, level_b))
            if winner is None:
                draw += p_a * p_b
            else:
                wins[winner] += p_a * p_b
    return ContestOdds(wins["a"], wins["b"], draw)
