"""Overland movement modifiers (AFT-36, T26, T27) and acid special effects (AFT-42, T33).

>>> str(overland(40, ["On Poor Road", "At Night with Dim light"]))
'base 40 × On Poor Road 100% × At Night with Dim light 50% = 20 (multiplied: the text does not say how they combine)'
>>> day_after("Heavy Snow", 2), day_after("Heavy Snow", 4, snow_days=2)
(50, 75)
>>> str(acid_effect(85))
'Acid D100 85: Character is blinded in one eye.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import check_int, show
from pycore.tables import load_table
from pycore.validate import Exact, checked, exact, whole

COMBINE: Final = ("multiply", "lowest")


def conditions() -> tuple[str, ...]:
    """The 15 conditions of T26 in the text's order.

    >>> conditions()[0], len(conditions())
    ('On Good Road', 15)
    """
    return tuple(str(r["condition"]) for r in load_table("aftermath", "movement_modifiers").rows)


@dataclass(frozen=True)
class Overland:
    base: Fraction
    parts: tuple[tuple[str, int], ...]
    combine: str
    result: Fraction

    def __str__(self) -> str:
        steps = " × ".join(f"{name} {pct}%" for name, pct in self.parts)
        how = (
            "multiplied: the text does not say how they combine"
            if self.combine == "multiply"
            else "the lowest one: the text does not say how they combine"
        )
        return f"base {float(self.base):g} × {steps} = {float(self.result):g} ({how})"


@checked
def overland(base: Exact, chosen: Sequence[str], combine: str = "multiply") -> Overland:
    """AFT-36: the user's base rate (not in this text) times the conditions' percentages,
    multiplied (default) or the lowest one (a setting).

    >>> overland(40, ["On Good Road", "In Ruined City"], "lowest").result
    Fraction(10, 1)
    """
    start = exact(base, "base movement")  # as typed: "2.3" is 23/10 (STYLE 18)
    if not 0 <= start <= 10_000:
        raise RuleError(
            f"base movement {show(start)} is outside 0 to 10000 (enter it: not in this text)"
        )
    if combine not in COMBINE:
        raise RuleError(f"combination {combine!r} is not one of {', '.join(COMBINE)}")
    table = load_table("aftermath", "movement_modifiers")
    parts = []
    for name in chosen:
        if name not in conditions():
            raise RuleError(f"condition {name!r} is not on the Movement Modifiers Chart")
        parts.append((name, int(str(table.row_by("condition", name)["percent"]))))
    amount = start
    if parts and combine == "multiply":
        for _, pct in parts:
            amount *= Fraction(pct, 100)
    elif parts:
        amount *= Fraction(min(p for _, p in parts), 100)
    return Overland(start, tuple(parts), combine, amount)


def day_after_weathers() -> tuple[str, ...]:
    """The weathers T27 gives a day-after schedule for.

    >>> day_after_weathers()
    ('Heavy Rain', 'Light Snow', 'Heavy Snow')
    """
    return tuple(str(k) for k in _schedules())


def _schedules() -> Mapping[str, list[int]]:
    """T27: each weather's percentages on the days after it ends."""
    schedules = load_table("aftermath", "movement_modifiers").meta["day_after"]
    assert isinstance(schedules, Mapping)
    return schedules


@checked
def day_after(weather: str, day: int, snow_days: int = 1) -> int:
    """T27 "On Day After": the percentage on ``day`` after the weather ends; prolonged snow adds a
    day at the worst value for each day of snowfall after the first (L475).

    >>> day_after("Light Snow", 3), day_after("Heavy Rain", 9)
    (100, 100)
    """
    schedules = _schedules()
    if not isinstance(weather, str) or weather not in schedules:
        raise RuleError(f"weather {weather!r} is unknown; allowed: {', '.join(schedules)}")
    for field, value in (("day", day), ("days of snow", snow_days)):
        whole(value, field, 1, 365)
    schedule = list(schedules[weather])
    if "Snow" in weather:
        schedule = [schedule[0]] * (snow_days - 1) + schedule
    return int(schedule[day - 1]) if day <= len(schedule) else 100


@dataclass(frozen=True)
class AcidEffect:
    d100: int
    effect: str
    text: str
    line: int

    def __str__(self) -> str:
        return f"Acid D100 {self.d100}: {self.text}"

    @property
    def rules(self) -> tuple[str, ...]:
        return ("AFT-42", "AFT-T33", f"L{self.line}")


@checked
def acid_effect(d100: int) -> AcidEffect:
    """AFT-42: one D100 on the Acid Special Effects Table.

    >>> acid_effect(0)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: D100 0 is outside 1 to 100
    """
    whole(d100, "D100", 1, 100)
    row = load_table("aftermath", "acid_effects").row_for_roll(d100)
    return AcidEffect(d100, str(row["effect"]), str(row["text"]), int(str(row["line"])))


@checked
def roll_acid(rng: RandintSource) -> tuple[AcidEffect, ...]:
    """Roll D100; on 96-00 roll twice more, rerolling any 96-00 (AFT-42 reading).

    >>> import random
    >>> [a.effect for a in roll_acid(random.Random(4))]
    ['scarring']
    """
    first = acid_effect(roll("1d100", rng).total)
    if first.effect != "roll twice":
        return (first,)
    extra: list[AcidEffect] = []
    while len(extra) < 2:
        again = acid_effect(roll("1d100", rng).total)
        if again.effect != "roll twice":
            extra.append(again)
    return (first, *extra)


@checked
def acid_scarring(
    results: tuple[AcidEffect, ...], acid_strength: int | None, looks: int | None
) -> str:
    """AFT-42: each extensive scarring lowers the Looks category by the acid's strength when it
    began its attack; neither value is in this text (AFT-M34), so both are the user's.

    >>> r = (acid_effect(40),)
    >>> acid_scarring(r, 2, 7), acid_scarring(r, None, 7)
    ('Looks category 7 − acid strength 2 = 5', "lower the Looks category by the acid's strength (enter both: not in the text)")
    >>> acid_scarring((acid_effect(99), acid_effect(40), acid_effect(50)), 2, 7)
    'Looks category 7 − acid strength 2 × 2 = 3'
    >>> acid_scarring((acid_effect(10),), 2, 7)
    ''
    """
    times = sum(1 for r in results if r.effect == "scarring")
    if not times:
        return ""
    if acid_strength is None or looks is None:
        # AFT-M34: the page logs that rule beside these words.
        return "lower the Looks category by the acid's strength (enter both: not in the text)"
    strength = check_int("acid strength", acid_strength, 0, 100)
    looks = check_int("Looks category", looks, 0, 100)
    many = f" × {times}" if times > 1 else ""
    return f"Looks category {looks} − acid strength {strength}{many} = {looks - strength * times}"
