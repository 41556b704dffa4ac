"""Percentile checks (PCT-02), the two skill formulas (PCT-30, PCT-31) and input bounds (R-F).

Roll ``1:100sd`` (faces 1..100) and succeed on a roll strictly *under* the target (R-A). Every
value is an exact :class:`~fractions.Fraction` (R-B): BRAWL 55 with ATTACK DIF 40 is 47½.

>>> brawlmanship(55, 40), check_chance(Fraction(95, 2))
(Fraction(95, 2), Fraction(47, 100))
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.figures import MINUS
from pycore.validate import checked

Number = int | Fraction

PERCENT_FACES = 100


@checked
def fmt(value: Number, exact: bool = False) -> str:
    """An exact number as players read it (R-B): halves as ``47½``, terminating decimals as
    written, other fractions to two places, ``≈3.33``; with ``exact`` (an explanation the user
    opens) the fraction follows: ``≈3.33 (10/3)``. The rules keep the Fraction either way.

    A negative shows the true minus sign, as every figure a user reads (``pycore.figures``).

    >>> fmt(Fraction(95, 2)), fmt(Fraction(10, 3)), fmt(7), fmt(Fraction(-1, 2)), fmt(Fraction(11, 4))
    ('47½', '≈3.33', '7', '−½', '2.75')
    >>> fmt(-3), fmt(Fraction(-5, 2)), fmt(Fraction(-1, 4)), fmt(Fraction(-10, 3), exact=True)
    ('−3', '−2½', '−0.25', '≈−3.33 (−10/3)')
    >>> fmt(Fraction(10, 3), exact=True)
    '≈3.33 (10/3)'
    """
    value = Fraction(value)
    if value < 0:  # the sign after "≈" and inside the exact fraction: "≈−3.33 (−10/3)"
        text = fmt(-value, exact).replace("(", f"({MINUS}")
        return f"≈{MINUS}{text[1:]}" if text.startswith("≈") else MINUS + text
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole if whole else ''}½"
    places = next((k for k in range(1, 7) if 10**k % value.denominator == 0), None)
    if places is not None:
        return f"{float(value):.{places}f}"
    rounded = f"≈{float(value):.2f}"
    return f"{rounded} ({value.numerator}/{value.denominator})" if exact else rounded


_DECIMAL = re.compile(r"\d\.\d")
_HALF = re.compile(r"(\d*)½")


@checked
def one_format(line: str) -> str:
    """A line's figures in one format: where one of them is written with decimals (a quarter,
    ``26.25``), its halves are too (``262.5``, not ``262½``); a GM read "recorded 26.25 points;
    DP 262½ %" as two kinds of number. A line with no decimals keeps its halves (``10½``).

    >>> one_format("recorded 26.25 points; DP 262½ % · −½")
    'recorded 26.25 points; DP 262.5 % · −0.5'
    >>> one_format("chest: 10½ points")
    'chest: 10½ points'
    """
    if not _DECIMAL.search(line):
        return line
    return _HALF.sub(lambda m: f"{m.group(1) or '0'}.5", line)


@checked
def bounded(name: str, value: object, low: Number, high: Number, *, whole: bool = True) -> Fraction:
    """``value`` as a Fraction, or a :class:`RuleError` naming the field and its range (R-F).

    >>> bounded("AIM", 70, 0, 100)
    Fraction(70, 1)
    >>> bounded("AIM", 101, 0, 100)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: AIM must be from 0 to 100, got 101
    """
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise RuleError(
            f"{name} must be a number from {typed(low)} to {typed(high)}, got {value!r}"
        )
    exact = Fraction(value)
    if whole and exact.denominator != 1:
        raise RuleError(
            f"{name} must be a whole number from {typed(low)} to {typed(high)}, got {typed(exact)}"
        )
    if not low <= exact <= high:
        raise RuleError(f"{name} must be from {typed(low)} to {typed(high)}, got {typed(exact)}")
    return exact


@checked
def typed(value: Number) -> str:
    """A number as a field holds it and a refusal echoes it, with the ASCII "-" it is typed
    with (as pycore.validate words its refusals): what the user entered, read back.

    >>> typed(Fraction(-5, 2)), fmt(Fraction(-5, 2))
    ('-2½', '−2½')
    """
    return fmt(value).replace(MINUS, "-")


@checked
def faces_under(target: Number) -> int:
    """``c(T)``: how many faces of ``1:100sd`` are strictly under ``target`` (R-A).

    >>> faces_under(50), faces_under(Fraction(95, 2)), faces_under(0), faces_under(150)
    (49, 47, 0, 100)
    """
    return max(0, min(PERCENT_FACES, math.ceil(Fraction(target)) - 1))


@checked
def check_chance(target: Number) -> Fraction:
    """The chance that ``1:100sd`` rolls strictly under ``target`` (PCT-02, R-A).

    >>> check_chance(50), check_chance(1), check_chance(101)
    (Fraction(49, 100), Fraction(0, 1), Fraction(1, 1))
    """
    if isinstance(target, bool) or not isinstance(target, (int, Fraction)):
        raise RuleError(f"target must be a number, got {target!r}")
    return Fraction(faces_under(target), PERCENT_FACES)


@checked
def brawlmanship(brawl: int, attack_dif: int) -> Fraction:
    """PCT-30: ``(BRAWL + ATTACK DIF) / 2``, exact.

    >>> brawlmanship(55, 40)
    Fraction(95, 2)
    """
    b = bounded("BRAWL", brawl, 0, 100)
    a = bounded("ATTACK DIF", attack_dif, -100, 100)
    return (b + a) / 2


@checked
def marksmanship(aim: int, wep_dif: int) -> Fraction:
    """PCT-31: ``(AIM + WEP DIF) / 2``, exact (WEP DIF, not WEP MOD).

    >>> marksmanship(70, 30)
    Fraction(50, 1)
    """
    a = bounded("AIM", aim, 0, 100)
    w = bounded("WEP DIF", wep_dif, -100, 100)
    return (a + w) / 2


@checked
def check_roll(roll: int, name: str = "roll") -> int:
    """A ``1:100sd`` face, checked (1..100).

    >>> check_roll(100)
    100
    """
    return int(bounded(name, roll, 1, PERCENT_FACES))


@dataclass(frozen=True)
class Check:
    """One percentile check: target, the roll, success and the margin (PERCENT UNDER)."""

    label: str
    target: Fraction
    roll: int

    @property
    def success(self) -> bool:
        return self.roll < self.target

    @property
    def margin(self) -> Fraction:
        return self.target - self.roll

    @property
    def chance(self) -> Fraction:
        return check_chance(self.target)

    def __str__(self) -> str:
        verdict = (
            f"success, {fmt(self.margin)} under"
            if self.success
            else f"failure, {fmt(-self.margin)} over"
            if self.margin < 0
            else "failure (not under)"
        )
        return f"{self.label}: 1:100sd ({self.roll}) vs under {fmt(self.target)}: {verdict}"


@checked
def check(target: Number, roll: int, label: str = "check") -> Check:
    """PCT-02 with a known roll.

    >>> str(check(50, 49, "MARKSmanship"))
    'MARKSmanship: 1:100sd (49) vs under 50: success, 1 under'
    >>> check(50, 50).success
    False
    """
    t = bounded("target", target, -1000, 1000, whole=False)
    return Check(label, t, check_roll(roll))


@checked
def roll_percent(rng: RandintSource) -> int:
    """One ``1:100sd`` face from ``rng``.

    >>> import random
    >>> roll_percent(random.Random(1)) in range(1, 101)
    True
    """
    return rng.randint(1, PERCENT_FACES)


@checked
def roll_check(target: Number, rng: RandintSource, label: str = "check") -> Check:
    """PCT-02 rolled.

    >>> import random
    >>> roll_check(50, random.Random(3)).target
    Fraction(50, 1)
    """
    return check(target, roll_percent(rng), label)


@checked
def parse_number(
    name: str, text: object, low: Number, high: Number, *, whole: bool = True
) -> Fraction:
    """A typed field's text as an exact number (``47.5``, ``95/2``, ``47½``), bounded (R-F).

    >>> parse_number("target", "47.5", 0, 100, whole=False), parse_number("target", "47½", 0, 100, whole=False)
    (Fraction(95, 2), Fraction(95, 2))
    >>> parse_number("AIM", "abc", 0, 100)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: AIM must be a whole number from 0 to 100, got 'abc'
    """
    raw = str(text).strip().replace("−", "-").replace(" ", "")
    kind = "a whole number" if whole else "a number"
    half = Fraction(0)
    if raw.endswith("½"):
        raw, half = raw[:-1] or "0", Fraction(1, 2)
    try:
        if len(raw) > 20:
            raise ValueError(raw)
        value = Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise RuleError(
            f"{name} must be {kind} from {fmt(low)} to {fmt(high)}, got {str(text)!r}"
        ) from None
    value = value - half if value < 0 else value + half
    return bounded(name, value, low, high, whole=whole)


@checked
def skill_text(kind: str, attribute: int, modifier: int) -> str:
    """The skill formula with its numbers (PCT-30, PCT-31).

    >>> skill_text("hth", 55, 40)
    'BRAWLmanship = (BRAWL 55 + ATTACK DIF 40) / 2 = 47½'
    >>> skill_text("weaponry", 70, 30)
    'MARKSmanship = (AIM 70 + WEP DIF 30) / 2 = 50'
    """
    if kind == "hth":
        return f"BRAWLmanship = (BRAWL {attribute} + ATTACK DIF {modifier}) / 2 = {fmt(brawlmanship(attribute, modifier))}"
    return f"MARKSmanship = (AIM {attribute} + WEP DIF {modifier}) / 2 = {fmt(marksmanship(attribute, modifier))}"


# R-F: the checks page's numbers, key → (label, low, high, whole).
TASK_FIELDS: dict[str, tuple[str, int, int, bool]] = {
    "target": ("Target", -1000, 1000, False),
    "skill": ("Skill (MARKSmanship or BRAWLmanship)", -100, 100, False),
    "pth": ("Percent to Hit", 0, 999, False),  # Table #3-1 goes above 100 (issue 29 item 6)
    "pa": ("Percent Against", 0, 100, False),
    "brawl": ("BRAWL", 0, 100, False),
    "g_damage": ("Potential damage", 0, 5000, False),
    "g_target": ("Value the roll had to beat", 1, 200, False),
    "g_roll": ("The to-hit 1:100sd roll", 1, 100, True),
}


@checked
def task_number(key: str, text: object) -> Fraction:
    """One of the checks page's numbers, bounded (R-F).

    >>> task_number("g_roll", "15"), task_number("target", "47½")
    (Fraction(15, 1), Fraction(95, 2))
    """
    if key not in TASK_FIELDS:
        raise RuleError(f"field {key!r:.40} is unknown; allowed: {', '.join(TASK_FIELDS)}")
    label, low, high, whole = TASK_FIELDS[key]
    return parse_number(label, text, low, high, whole=whole)
