"""Aftermath! attributes: Group Number and Effect Die (AFT-06, table AFT-T20) and opposed Effect
Die comparisons (AFT-07).

>>> g = attribute_group(30)
>>> g.number, g.effect_die, str(g)
(4, '2D6', 'rating 30 → Group 4, Effect Die 2D6')
>>> str(check_for_daze_odds("1D10", "2D6"))
'target wins 14/45 (31.11%) · user wins 43/72 (59.72%) · tie 11/120 (9.17%)'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from pycore.dice import RandintSource, distribution, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import check_choice, check_int
from pycore.tables import load_table
from pycore.validate import checked

MIN_RATING: Final = 0
MAX_RATING: Final = 74
MAX_GROUP: Final = 8
#: AFT-06 / AFT-M29: group 8 prints 2D10+2 (as group 7); the alternative the user may pick.
GROUP8_PRINTED: Final = "2D10+2"
GROUP8_ALTERNATIVE: Final = "2D10+3"
EFFECT_DICE: Final = ("", "1D3", "1D6", "1D10", "2D6", "2D10", "2D10+1", "2D10+2", "2D10+3")


def _percent(p: Fraction) -> str:
    exact = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return f"{exact} ({float(p * 100):.2f}%)"


@dataclass(frozen=True)
class Note:
    """A note on a sheet's attributes (an encumbrance cut, a halving) in words; the rules it
    applies as data (shown only under "Why")."""

    text: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class AttributeGroup:
    """A rating's Group Number and Effect Die (AFT-T20); ``effect_die`` is "" for group 0."""

    rating: int
    number: int
    effect_die: str

    def __str__(self) -> str:
        die = self.effect_die or "none"
        return f"rating {self.rating} → Group {self.number}, Effect Die {die}"


@checked
def attribute_group(rating: int, group8_effect_die: str = GROUP8_PRINTED) -> AttributeGroup:
    """AFT-06: the Group and Effect Die of an attribute ``rating`` (0-74).

    >>> attribute_group(4).effect_die, attribute_group(5).effect_die, attribute_group(0).number
    ('1D3', '1D6', 0)
    >>> attribute_group(74).effect_die, attribute_group(74, "2D10+3").effect_die
    ('2D10+2', '2D10+3')
    >>> attribute_group(75)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: attribute rating 75 is outside 0 to 74 (Attribute Group Chart)
    """
    rating = check_int(
        "attribute rating", rating, MIN_RATING, MAX_RATING, " (Attribute Group Chart)"
    )
    row = load_table("aftermath", "attribute_groups").row_for_roll(rating)
    number, die = row["group"], row["effect_die"]
    assert isinstance(number, int) and isinstance(die, str)
    if number == MAX_GROUP:
        die = _group8(group8_effect_die)
    return AttributeGroup(rating, number, die)


def _group8(choice: str) -> str:
    return check_choice("group 8 Effect Die", choice, (GROUP8_PRINTED, GROUP8_ALTERNATIVE))


@checked
def group_effect_die(group: int, group8_effect_die: str = GROUP8_PRINTED) -> str:
    """The Effect Die of a Group number; a group modified below 0 is 0 ("none"), above 8 is 8
    (AFT-06 reading; the chart has nothing past 8).

    >>> group_effect_die(3), group_effect_die(-1), group_effect_die(9)
    ('1D10', '', '2D10+2')
    """
    group = check_int("group", group, -20, 20)
    group = min(max(group, 0), MAX_GROUP)
    if group == MAX_GROUP:
        return _group8(group8_effect_die)
    for row in load_table("aftermath", "attribute_groups").rows:
        if row["group"] == group:
            die = row["effect_die"]
            assert isinstance(die, str)
            return die
    raise RuleError(f"group {group} is not on the Attribute Group Chart")  # pragma: no cover


@checked
def shifted_group(group: int, change: int) -> int:
    """A Group after a modification (DAT position AFT-11, horse teeth −1), kept in 0..8.

    >>> shifted_group(4, -1), shifted_group(0, -1), shifted_group(8, 1)
    (3, 0, 8)
    """
    group = check_int("group", group, 0, MAX_GROUP)
    change = check_int("group change", change, -MAX_GROUP, MAX_GROUP)
    return min(max(group + change, 0), MAX_GROUP)


@checked
def effect_die_distribution(die: str) -> dict[int, Fraction]:
    """Exact totals of an Effect Die; "" (group 0, "none") rolls 0 (AFT-07 reading).

    >>> effect_die_distribution(""), effect_die_distribution("1D3")[2]
    ({0: Fraction(1, 1)}, Fraction(1, 3))
    """
    die = check_choice("Effect Die", die, EFFECT_DICE)
    return {0: Fraction(1)} if die == "" else distribution(die)


@checked
def roll_effect_die(die: str, rng: RandintSource) -> tuple[int, str]:
    """Roll an Effect Die: (total, explanation). Group 0 rolls 0.

    >>> import random
    >>> roll_effect_die("", random.Random(1))
    (0, 'none = 0')
    >>> roll_effect_die("2D6", random.Random(1))[1].startswith("2D6 (")
    True
    """
    die = check_choice("Effect Die", die, EFFECT_DICE)
    if die == "":
        return 0, "none = 0"
    result = roll(die, rng)
    return result.total, str(result)


@dataclass(frozen=True)
class OpposedOdds:
    """Exact odds of two Effect Dice compared: ``first`` higher, ``second`` higher, or a tie."""

    first_die: str
    second_die: str
    first_higher: Fraction
    second_higher: Fraction
    tie: Fraction
    first_name: str = "first"
    second_name: str = "second"

    def __str__(self) -> str:
        return (
            f"{self.first_name} wins {_percent(self.first_higher)} · "
            f"{self.second_name} wins {_percent(self.second_higher)} · tie {_percent(self.tie)}"
        )


@checked
def opposed_odds(
    first_die: str, second_die: str, first_name: str = "first", second_name: str = "second"
) -> OpposedOdds:
    """AFT-07: the exact chance that each side's Effect Die is higher, or that they tie.

    >>> o = opposed_odds("1D6", "1D6")
    >>> o.first_higher, o.tie, o.first_higher + o.second_higher + o.tie
    (Fraction(5, 12), Fraction(1, 6), Fraction(1, 1))
    """
    a = effect_die_distribution(first_die)
    b = effect_die_distribution(second_die)
    higher = lower = tie = Fraction(0)
    for x, px in a.items():
        for y, py in b.items():
            if x > y:
                higher += px * py
            elif x < y:
                lower += px * py
            else:
                tie += px * py
    return OpposedOdds(first_die, second_die, higher, lower, tie, first_name, second_name)


@checked
def check_for_daze_odds(target_health_die: str, user_strength_die: str) -> OpposedOdds:
    """AFT-07 Check for Daze (L559): the target avoids the Daze only if their Health die is
    higher; a tie Dazes them. ``first`` is the target.

    >>> check_for_daze_odds("1D6", "1D6").second_higher + check_for_daze_odds("1D6", "1D6").tie
    Fraction(7, 12)
    """
    return opposed_odds(target_health_die, user_strength_die, "target", "user")


Comparison = Literal["check_for_daze", "check_for_knocked_over", "torso_entanglement"]
COMPARISONS: Final[tuple[Comparison, ...]] = (
    "check_for_daze",
    "check_for_knocked_over",
    "torso_entanglement",
)


@dataclass(frozen=True)
class OpposedCheck:
    """One AFT-07 comparison rolled: each side's roll and whether the effect happens."""

    comparison: str
    target_roll: int
    user_roll: int
    happens: bool
    verdict: str

    def __str__(self) -> str:
        return f"target {self.target_roll} vs user {self.user_roll}: {self.verdict}"


@checked
def judge_opposed(comparison: str, target_roll: int, user_roll: int) -> OpposedCheck:
    """AFT-07 verdicts, ties as the text's wording settles them (D-12):
    Check for Daze — Dazed unless the target is higher; Knocked Over — only if the user is
    higher; torso entanglement — second BCS roll only if the user is higher.

    >>> str(judge_opposed("check_for_daze", 5, 5)), judge_opposed("check_for_knocked_over", 5, 5).happens
    ('target 5 vs user 5: Dazed (tie: the target must be higher)', False)
    """
    comparison = check_choice("comparison", comparison, COMPARISONS)
    target_roll = check_int("target roll", target_roll, 0, 30)
    user_roll = check_int("user roll", user_roll, 0, 30)
    if comparison == "check_for_daze":
        happens = not target_roll > user_roll
        verdict = "not Dazed" if not happens else "Dazed"
        if target_roll == user_roll:
            verdict += " (tie: the target must be higher)"
    elif comparison == "check_for_knocked_over":
        happens = user_roll > target_roll
        verdict = "Knocked Over" if happens else "stays standing"
        if target_roll == user_roll:
            verdict += " (tie: the user must be higher)"
    else:
        happens = user_roll > target_roll
        verdict = "user makes a second BCS roll" if happens else "no second roll"
        if target_roll == user_roll:
            verdict += " (tie: the user must be higher)"
    return OpposedCheck(comparison, target_roll, user_roll, happens, verdict)
