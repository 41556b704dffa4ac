"""Aftermath! BCS rolls (AFT-03) and saving throws (AFT-05), with exact odds.

AFT-03 reading: roll 1D20, success if the roll is at most the modified BCS; the chance is
clamp(BCS, 0, 20)/20, with no automatic result on any face. A Daze or Stun halves the
character's BCS *before* the situation modifiers are added (rounded per AFT-02).

>>> bcs_chance(12), bcs_chance(25), bcs_chance(-3)
(Fraction(3, 5), Fraction(1, 1), Fraction(0, 1))
>>> str(modified_bcs(14, [BcsModifier("target prone", 2, "AFT-08")], halved=True))
'BCS 14 × ½ (Dazed/Stunned) = 7 + target prone +2 = 9'
>>> str(judge_bcs(12, 9))
'1D20 = 9 vs BCS 12: success by 3'
>>> str(saving_throw(12, 5, 4)), str(saving_throw(12, 5, 9)), str(saving_throw(12, 5, 13))
('1D20 = 4 vs CST 5 / AST 12: save in the Critical range', '1D20 = 9 vs CST 5 / AST 12: save in the Ability range', '1D20 = 13 vs CST 5 / AST 12: failure')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.figures import figure
from pycore.systems.aftermath.rounding import check_int, signed, unstated
from pycore.validate import checked

DIE: Final = 20
#: Bounds on typed-in values (STYLE 3): a BCS and a modifier stay well inside these.
MAX_BCS: Final = 100
MAX_MODIFIER: Final = 100
MAX_MODIFIERS: Final = 40
MAX_SAVE: Final = 40


def _bcs(field: str, value: object) -> int:
    return check_int(field, value, -MAX_BCS, MAX_BCS)


def _d20(value: object) -> int:
    return check_int("D20 roll", value, 1, DIE, " (1D20)")


@checked
def bcs_chance(bcs: int) -> Fraction:
    """AFT-03: the exact chance of a BCS roll, clamp(BCS, 0, 20)/20.

    >>> bcs_chance(0), bcs_chance(1), bcs_chance(20)
    (Fraction(0, 1), Fraction(1, 20), Fraction(1, 1))
    >>> bcs_chance(101)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: BCS 101 is outside -100 to 100
    """
    bcs = _bcs("BCS", bcs)
    return Fraction(min(max(bcs, 0), DIE), DIE)


@checked
def plus_one_change(bcs: int) -> Fraction:
    """What +1 to the BCS changes in the chance (0 once the BCS is 20 or more, or below 0).

    >>> plus_one_change(12), plus_one_change(20), plus_one_change(-5)
    (Fraction(1, 20), Fraction(0, 1), Fraction(0, 1))
    """
    bcs = _bcs("BCS", bcs)
    return bcs_chance(min(bcs + 1, MAX_BCS)) - bcs_chance(bcs)


@dataclass(frozen=True)
class BcsModifier:
    """One addend of a BCS with the rule it comes from (``source``: a rule ID)."""

    label: str
    value: int
    source: str

    def __str__(self) -> str:
        return f"{self.label} {signed(self.value)}"


@dataclass(frozen=True)
class BcsTotal:
    """A BCS built by AFT-03: base (or Average BCS for hip fire), halved if Dazed or Stunned,
    then every situation modifier added."""

    base: int
    base_label: str
    halved: bool
    after_halving: int
    modifiers: tuple[BcsModifier, ...]
    total: int

    @property
    def chance(self) -> Fraction:
        """The exact chance of the roll (AFT-03)."""
        return bcs_chance(self.total)

    def __str__(self) -> str:
        text = f"{self.base_label} {self.base}"
        if self.halved:
            text += f" × ½ (Dazed/Stunned) = {self.after_halving}"
        for modifier in self.modifiers:
            text += f" + {modifier}"
        return f"{text} = {figure(self.total)}"


@checked
def modified_bcs(
    base: int,
    modifiers: Sequence[BcsModifier] = (),
    halved: bool = False,
    base_label: str = "BCS",
    rounding: str = "half_up",
) -> BcsTotal:
    """AFT-03: the modified BCS. ``halved`` (Daze AFT-21, Stun AFT-22) halves the base first.

    >>> modified_bcs(9, halved=True).total, modified_bcs(9, halved=True, rounding="down").total
    (5, 4)
    >>> modified_bcs(12, [BcsModifier("x", 101, "AFT-08")])
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: modifier 'x' 101 is outside -100 to 100
    """
    base = _bcs(base_label, base)
    if len(modifiers) > MAX_MODIFIERS:
        raise RuleError(f"modifier count {len(modifiers)} is outside 0 to {MAX_MODIFIERS}")
    after = unstated(Fraction(base, 2), rounding) if halved else base
    total = after
    for modifier in modifiers:
        if not isinstance(modifier, BcsModifier):
            raise RuleError(f"modifier {modifier!r} is not a BcsModifier")
        total += check_int(
            f"modifier {modifier.label!r}", modifier.value, -MAX_MODIFIER, MAX_MODIFIER
        )
    total = max(-MAX_BCS, min(MAX_BCS, total))
    return BcsTotal(base, base_label, bool(halved), after, tuple(modifiers), total)


@dataclass(frozen=True)
class BcsResult:
    """A judged BCS roll: the D20, the modified BCS, success and the margin (BCS − roll)."""

    bcs: int
    roll: int
    success: bool
    margin: int

    def __str__(self) -> str:
        verdict = f"success by {self.margin}" if self.success else f"failure by {-self.margin}"
        return f"1D20 = {self.roll} vs BCS {figure(self.bcs)}: {verdict}"


@checked
def judge_bcs(bcs: int, roll: int) -> BcsResult:
    """AFT-03: a D20 ``roll`` against a modified ``bcs`` (roll ≤ BCS succeeds).

    >>> judge_bcs(12, 12).success, judge_bcs(12, 13).success, str(judge_bcs(3, 20))
    (True, False, '1D20 = 20 vs BCS 3: failure by 17')
    """
    bcs = _bcs("BCS", bcs)
    roll = _d20(roll)
    return BcsResult(bcs, roll, roll <= bcs, bcs - roll)


@checked
def roll_bcs(bcs: int, rng: RandintSource) -> BcsResult:
    """Roll 1D20 with ``rng`` and judge it (AFT-03).

    >>> import random
    >>> str(roll_bcs(12, random.Random(3)))
    '1D20 = 8 vs BCS 12: success by 4'
    """
    bcs = _bcs("BCS", bcs)
    return judge_bcs(bcs, rng.randint(1, DIE))


SaveOutcome = Literal["critical", "ability", "failure"]
SAVE_KINDS: Final = ("health_save", "ability", "critical")


def _save_values(ast: int, cst: int, bonus: int) -> tuple[int, int]:
    ast = check_int("AST", ast, 0, MAX_SAVE)
    cst = check_int("CST", cst, 0, MAX_SAVE)
    bonus = check_int("AST bonus", bonus, 0, MAX_SAVE)
    return ast + bonus, cst


@dataclass(frozen=True)
class SaveResult:
    """A saving throw judged by AFT-05: ``outcome`` is critical, ability or failure."""

    ast: int
    cst: int
    roll: int
    outcome: SaveOutcome
    bonus: int = 0

    @property
    def ability_save_passed(self) -> bool:
        """An Ability Saving Throw passes in either range (AFT-05)."""
        return self.outcome != "failure"

    @property
    def critical_save_passed(self) -> bool:
        """A Critical Saving Throw passes only in the Critical range (AFT-05)."""
        return self.outcome == "critical"

    def __str__(self) -> str:
        words = {
            "critical": "save in the Critical range",
            "ability": "save in the Ability range",
            "failure": "failure",
        }
        extra = (
            f" (AST {self.ast - self.bonus} + {self.bonus} Blast Buffering)" if self.bonus else ""
        )
        return (
            f"1D20 = {self.roll} vs CST {self.cst} / AST {self.ast}{extra}: {words[self.outcome]}"
        )


@checked
def saving_throw(ast: int, cst: int, roll: int, ast_bonus: int = 0) -> SaveResult:
    """AFT-05: roll ≤ CST → Critical range; CST < roll ≤ AST → Ability range; else failure.
    ``ast_bonus`` raises the AST of this one throw (Blast Buffering: 2 × its level, L522).

    >>> saving_throw(10, 4, 4).outcome, saving_throw(10, 4, 10).outcome, saving_throw(10, 4, 11).outcome
    ('critical', 'ability', 'failure')
    >>> saving_throw(10, 4, 13, ast_bonus=4).outcome
    'ability'
    >>> saving_throw(10, 4, 0)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: D20 roll 0 is outside 1 to 20 (1D20)
    """
    total_ast, cst = _save_values(ast, cst, ast_bonus)
    roll = _d20(roll)
    outcome: SaveOutcome
    if roll <= cst:
        outcome = "critical"
    elif roll <= total_ast:
        outcome = "ability"
    else:
        outcome = "failure"
    return SaveResult(total_ast, cst, roll, outcome, ast_bonus)


@checked
def roll_saving_throw(ast: int, cst: int, rng: RandintSource, ast_bonus: int = 0) -> SaveResult:
    """Roll 1D20 with ``rng`` and judge the saving throw (AFT-05).

    >>> import random
    >>> str(roll_saving_throw(12, 5, random.Random(3)))
    '1D20 = 8 vs CST 5 / AST 12: save in the Ability range'
    """
    _save_values(ast, cst, ast_bonus)
    return saving_throw(ast, cst, rng.randint(1, DIE), ast_bonus)


@dataclass(frozen=True)
class SaveOdds:
    """Exact odds of the three outcomes of a saving throw; they sum to 1."""

    critical: Fraction
    ability: Fraction
    failure: Fraction

    @property
    def ability_save(self) -> Fraction:
        """Chance an Ability Saving Throw passes (either range)."""
        return self.critical + self.ability

    @property
    def critical_save(self) -> Fraction:
        """Chance a Critical Saving Throw passes (Critical range only)."""
        return self.critical


@checked
def saving_throw_odds(ast: int, cst: int, ast_bonus: int = 0) -> SaveOdds:
    """AFT-05 odds on 1D20. A CST above the AST leaves no Ability range.

    >>> o = saving_throw_odds(12, 5)
    >>> o.critical, o.ability, o.failure
    (Fraction(1, 4), Fraction(7, 20), Fraction(2, 5))
    >>> saving_throw_odds(5, 12).ability
    Fraction(0, 1)
    """
    total_ast, cst = _save_values(ast, cst, ast_bonus)
    critical = min(cst, DIE)
    passed = min(max(total_ast, critical), DIE)
    return SaveOdds(
        Fraction(critical, DIE), Fraction(passed - critical, DIE), Fraction(DIE - passed, DIE)
    )


SaveKind = Literal["ability", "critical", "ranges"]


@checked
def save_chances(
    ast: int, cst: int, kind: SaveKind = "ability"
) -> tuple[tuple[str, Fraction], ...]:
    """AFT-05: what a saving throw on 1D20 decides, each with its exact chance, for the dice
    entry while the throw waits for the GM's die: an Ability Saving Throw passes on either
    range, a Critical one on the Critical range; ``ranges`` gives both ranges apart (a body
    Disable's throw: the Critical range Dazes, the Ability range Stuns, AFT-23).

    >>> save_chances(8, 3)
    (('saves on D20 ≤ 8', Fraction(2, 5)),)
    >>> save_chances(8, 3, "critical")
    (('saves on D20 ≤ 3', Fraction(3, 20)),)
    >>> save_chances(8, 3, "ranges")
    (('Critical range, D20 ≤ 3', Fraction(3, 20)), ('Ability range, D20 4 to 8', Fraction(1, 4)))
    """
    odds = saving_throw_odds(ast, cst)
    critical = min(cst, DIE)
    passed = min(max(ast, critical), DIE)
    if kind == "critical":
        return ((f"saves on D20 ≤ {critical}", odds.critical_save),)
    if kind == "ability":
        return ((f"saves on D20 ≤ {passed}", odds.ability_save),)
    ability = (
        f"Ability range, D20 {critical + 1} to {passed}"
        if passed > critical
        else "no Ability range"
    )
    return ((f"Critical range, D20 ≤ {critical}", odds.critical), (ability, odds.ability))
