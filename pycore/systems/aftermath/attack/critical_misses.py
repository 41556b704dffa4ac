"""Critical miss tables: armed, bow and crossbow, unarmed/natural (AFT-28, T12-T14) and firearms,
black powder and modern (AFT-53, AFT-54, T44, T45), with each result's exact odds and the chamber
explosion's burst, damage dice and junk chance.

>>> str(critical_miss("armed", 55))
'Critical miss (armed, D100 55): Character is Stunned.'
>>> critical_miss_odds("bow")["arrow breaks"]
Fraction(2, 5)
>>> str(chamber_explosion(bdg=45, durability=1, divisor=30))
'burst BDG 45 ÷ 30 = 1.5 → 2 (nearest); − Durability 1 = 1D10 Lethal to the location nearest the breech; the gun is Disrepaired, Junked on 1D6 ≤ 1 (1 in 6)'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import round_half_up
from pycore.tables import Table, load_table
from pycore.validate import checked, whole

#: The kinds of attack and their tables (AFT-28: thrown and muscle-powered missiles use Armed).
KINDS: Final = ("armed", "bow", "unarmed", "black powder", "modern")


def _table(kind: str) -> Table:
    if kind == "armed":
        return load_table("aftermath", "critical_miss_armed")
    if kind == "bow":
        return load_table("aftermath", "critical_miss_bow")
    if kind == "unarmed":
        return load_table("aftermath", "critical_miss_unarmed")
    if kind == "black powder":
        return load_table("aftermath", "critical_miss_black_powder")
    if kind == "modern":
        return load_table("aftermath", "critical_miss_modern")
    raise RuleError(f"critical miss table {kind!r} is unknown; allowed: {', '.join(KINDS)}")


@dataclass(frozen=True)
class CriticalMiss:
    """One critical miss result: the table, the D100, the effect key and the printed text."""

    kind: str
    d100: int
    effect: str
    text: str
    table_id: str
    line: int
    burst_divisor: int | None = None
    reconstructed: bool = False

    def __str__(self) -> str:
        note = " (row reconstructed: the text ends before it)" if self.reconstructed else ""
        return f"Critical miss ({self.kind}, D100 {self.d100}): {self.text}{note}"


@checked
def critical_miss(kind: str, d100: int) -> CriticalMiss:
    """Look up a critical miss (AFT-28, AFT-53, AFT-54).

    >>> critical_miss("modern", 100).reconstructed, critical_miss("modern", 100).burst_divisor
    (True, 20)
    >>> critical_miss("armed", 0)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: D100 0 is outside 1 to 100
    """
    table = _table(kind)
    whole(d100, "D100", 1, 100)
    row = table.row_for_roll(d100)
    divisor = row.get("burst_divisor")
    return CriticalMiss(
        kind,
        d100,
        str(row["effect"]),
        str(row["text"]),
        table.id,
        int(str(row["line"])),
        divisor if isinstance(divisor, int) else None,
        bool(row.get("reconstructed", False)),
    )


@checked
def critical_miss_odds(kind: str) -> dict[str, Fraction]:
    """The exact chance of each effect on D100 (rows with the same effect add up).

    >>> critical_miss_odds("armed")["none"], sum(critical_miss_odds("modern").values())
    (Fraction(1, 10), Fraction(1, 1))
    """
    odds: dict[str, Fraction] = {}
    for face in range(1, 101):
        effect = critical_miss(kind, face).effect
        odds[effect] = odds.get(effect, Fraction(0)) + Fraction(1, 100)
    return odds


@checked
def roll_critical_miss(kind: str, rng: RandintSource) -> tuple[str, CriticalMiss]:
    """Roll D100 on the table with ``rng``; returns the dice explanation and the result.

    >>> import random
    >>> text, miss = roll_critical_miss("bow", random.Random(4)); text, miss.effect
    ('1d100 (31) = 31', 'string breaks')
    """
    _table(kind)
    rolled = roll("1d100", rng)
    return rolled.explain(), critical_miss(kind, rolled.total)


@dataclass(frozen=True)
class ChamberExplosion:
    """AFT-53: burst = BDG/divisor, nearest (AFT-02 half up); burst − Durability = D10s of Lethal
    damage; below 1: Durability −1 and a dud; else Disrepaired, Junked on 1D6 ≤ the D10s."""

    bdg: int
    divisor: int
    burst: int
    durability: int
    dice: int

    @property
    def explodes(self) -> bool:
        return self.dice >= 1

    @property
    def junk_chance(self) -> Fraction:
        return Fraction(min(self.dice, 6), 6) if self.explodes else Fraction(0)

    def __str__(self) -> str:
        head = (
            f"burst BDG {self.bdg} ÷ {self.divisor} = {float(Fraction(self.bdg, self.divisor)):g} → "
            f"{self.burst} (nearest); − Durability {self.durability}"
        )
        if not self.explodes:
            return head + f" = {self.dice}: no explosion; Durability −1, treat as a dud load"
        return (
            f"{head} = {self.dice}D10 Lethal to the location nearest the breech; the gun is "
            f"Disrepaired, Junked on 1D6 ≤ {self.dice} ({min(self.dice, 6)} in 6)"
        )


@checked
def chamber_explosion(bdg: int, durability: int, divisor: int = 30) -> ChamberExplosion:
    """The chamber explosion of AFT-53 (the BDG of the round, unmodified by range).

    >>> chamber_explosion(20, 1).explodes, chamber_explosion(30, 3).dice
    (False, -2)
    """
    for field, value, low, high in (("BDG", bdg, 0, 200), ("Durability", durability, 0, 100)):
        whole(value, field, low, high)
    if divisor not in (20, 30):
        raise RuleError(f"burst divisor {divisor!r} is not 20 or 30", rules=("AFT-T44",))
    burst = round_half_up(Fraction(bdg, divisor))
    return ChamberExplosion(bdg, divisor, burst, durability, burst - durability)
