"""Percent to hit (PCT-32–PCT-35), hand-to-hand range (PCT-05), grenades (PCT-37, PCT-38) and
grazing (PCT-44).

d1 and d2 are roll-under checks against the skill or the Percent to Hit; d3 rolls against
``N = PTH − PA`` and grades a hit as direct when the margin is *more than* 20 (R-C). Grenades (d4)
roll against BRAWL: under is on target, up to 20 over bounces, more than 20 over misses and lands
``1:10sd + 13`` m away.

>>> to_hit_d3_odds(80, 30)   # PCT-D03
{'direct': Fraction(29, 100), 'random': Fraction(1, 5), 'miss': Fraction(51, 100)}
>>> grenade_odds(50)         # PCT-D04
{'on target': Fraction(49, 100), 'bounce': Fraction(21, 100), 'miss': Fraction(3, 10)}
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.percentile.checks import Number, bounded, check_roll, faces_under, fmt
from pycore.systems.percentile.limits import MAX_RANGE_M
from pycore.validate import checked

DIRECT_MARGIN = 20  # PCT-35: direct needs a margin of more than 20
BOUNCE_BAND = 20  # PCT-38: a miss is more than 20 over BRAWL
MAX_PTH = 999  # Table #3-1 as published: cells above 100, up to 929
HTH_MAX_RANGE_M = 3  # PCT-05: not over three meters (3 m allowed, G18)
DAMAGE_DIE_ADVISORY_M = 10  # PCT-42: procedure two is for ranges under 10 m
GRENADE_MISS_PLUS = 13


def _skill(name: str, value: Number) -> Fraction:
    return bounded(name, value, -200, 200, whole=False)


@checked
def to_hit_d1(skill: Number, roll: int) -> str:
    """d1 (PCT-32): ``roll < MARKSmanship`` (BRAWLmanship hand to hand) → ``"hit"``.

    >>> to_hit_d1(50, 49), to_hit_d1(50, 50), to_hit_d1(Fraction(95, 2), 47)   # PCT-D01, D02
    ('hit', 'miss', 'hit')
    """
    return "hit" if check_roll(roll) < _skill("skill", skill) else "miss"


@checked
def to_hit_d1_odds(skill: Number) -> dict[str, Fraction]:
    """Exact odds of d1.

    >>> to_hit_d1_odds(50)
    {'hit': Fraction(49, 100), 'miss': Fraction(51, 100)}
    """
    hit = Fraction(faces_under(_skill("skill", skill)), 100)
    return {"hit": hit, "miss": 1 - hit}


@checked
def to_hit_d2(percent_to_hit: Number, roll: int) -> str:
    """d2 (PCT-33): ``roll < Percent to Hit`` (from Table #3-1, PCT-M04) → ``"hit"``.

    >>> to_hit_d2(35, 34), to_hit_d2(35, 35)
    ('hit', 'miss')
    """
    pth = bounded("Percent to Hit", percent_to_hit, 0, MAX_PTH, whole=False)
    return "hit" if check_roll(roll) < pth else "miss"


@checked
def to_hit_d2_odds(percent_to_hit: Number) -> dict[str, Fraction]:
    """Exact odds of d2 (PCT-D18: PTH 35 hits 34/100).

    >>> to_hit_d2_odds(35)["hit"]
    Fraction(17, 50)
    """
    pth = bounded("Percent to Hit", percent_to_hit, 0, MAX_PTH, whole=False)
    hit = Fraction(faces_under(pth), 100)  # capped at what 1:100sd can show
    return {"hit": hit, "miss": 1 - hit}


def _n(percent_to_hit: Number, percent_against: Number) -> Fraction:
    # PCT-35: the margin counts from the full value, above 100 too (issue 29 item 6)
    pth = bounded("Percent to Hit", percent_to_hit, 0, MAX_PTH, whole=False)
    pa = bounded("Percent Against", percent_against, 0, 100, whole=False)
    return pth - pa


@checked
def to_hit_d3(percent_to_hit: Number, percent_against: Number, roll: int) -> str:
    """d3 (PCT-34, PCT-35): margin ``N − roll`` with ``N = PTH − PA``; more than 20 direct,
    otherwise a positive margin is random, else miss.

    >>> [to_hit_d3(80, 30, r) for r in (29, 30, 49, 50)]   # PCT-D03
    ['direct', 'random', 'random', 'miss']
    """
    margin = _n(percent_to_hit, percent_against) - check_roll(roll)
    if margin > DIRECT_MARGIN:
        return "direct"
    return "random" if margin > 0 else "miss"


@checked
def to_hit_d3_odds(percent_to_hit: Number, percent_against: Number) -> dict[str, Fraction]:
    """Exact odds of d3: direct ``c(N−20)``, random ``c(N) − c(N−20)``, miss the rest.

    >>> to_hit_d3_odds(30, 40)["miss"]
    Fraction(1, 1)
    """
    n = _n(percent_to_hit, percent_against)
    direct = Fraction(faces_under(n - DIRECT_MARGIN), 100)
    hit = Fraction(faces_under(n), 100)
    return {"direct": direct, "random": hit - direct, "miss": 1 - hit}


@checked
def grenade(brawl: Number, roll: int) -> str:
    """d4 (PCT-38): ``"on target"`` under BRAWL, ``"bounce"`` up to 20 over, ``"miss"`` beyond.

    >>> [grenade(50, r) for r in (49, 50, 70, 71)]   # PCT-D04
    ['on target', 'bounce', 'bounce', 'miss']
    """
    b = bounded("BRAWL", brawl, 0, 100, whole=False)
    r = check_roll(roll)
    if r < b:
        return "on target"
    return "bounce" if r - b <= BOUNCE_BAND else "miss"


@checked
def grenade_odds(brawl: Number) -> dict[str, Fraction]:
    """Exact odds of d4: ``c(B)``, ``c(B + 21) − c(B)``, the rest.

    >>> grenade_odds(80)["miss"], grenade_odds(1)
    (Fraction(0, 1), {'on target': Fraction(0, 1), 'bounce': Fraction(21, 100), 'miss': Fraction(79, 100)})
    """
    b = bounded("BRAWL", brawl, 0, 100, whole=False)
    on = Fraction(faces_under(b), 100)
    # "more than 20 over" misses: the faces that do not miss are 1..floor(B + 20).
    not_miss = Fraction(max(0, min(100, math.floor(b + BOUNCE_BAND))), 100)
    return {"on target": on, "bounce": not_miss - on, "miss": 1 - not_miss}


def miss_distance_odds() -> dict[int, Fraction]:
    """PCT-38 (c): a missed grenade lands ``1:10sd + 13`` meters from the target hex.

    >>> d = miss_distance_odds(); min(d), max(d), d[14]
    (14, 23, Fraction(1, 10))
    """
    from pycore.dice import distribution

    return distribution(f"1:10sd+{GRENADE_MISS_PLUS}")


@dataclass(frozen=True)
class GrenadeThrow:
    """A d4 throw: BRAWL, the roll, the band and (on a miss) the distance roll."""

    brawl: Fraction
    roll: int
    distance_die: int | None = None

    @property
    def result(self) -> str:
        return grenade(self.brawl, self.roll)

    @property
    def miss_distance(self) -> int | None:
        return None if self.distance_die is None else self.distance_die + GRENADE_MISS_PLUS

    def __str__(self) -> str:
        text = f"grenade: 1:100sd ({self.roll}) vs BRAWL {fmt(self.brawl)}: {self.result}"
        if self.result == "miss" and self.distance_die is not None:
            text += (
                f"; lands 1:10sd ({self.distance_die}) + 13 = {self.miss_distance} m from the "
                "target hex (direction: GM)"
            )
        elif self.result == "bounce":
            text += " (bounces: Table #3-4.1 and the bounce chart, GM)"
        return text


@checked
def roll_grenade(brawl: Number, rng: RandintSource) -> GrenadeThrow:
    """Throw a grenade: the ``1:100sd`` and, on a miss, the ``1:10sd`` distance.

    >>> import random
    >>> t = roll_grenade(50, random.Random(5)); t.result in ("on target", "bounce", "miss")
    True
    """
    b = bounded("BRAWL", brawl, 0, 100, whole=False)
    r = rng.randint(1, 100)
    die = rng.randint(1, 10) if grenade(b, r) == "miss" else None
    return GrenadeThrow(b, r, die)


@checked
def grazing_factor(target: Number, roll: int) -> Fraction:
    """PCT-44: ``PERCENT UNDER / target``, below one for every hit.

    >>> grazing_factor(60, 15)   # PCT-D08
    Fraction(3, 4)
    """
    t = bounded("target", target, 0, 200, whole=False)
    r = check_roll(roll)
    if not r < t:
        raise RuleError(f"grazing: roll {r} is not under {fmt(t)}; only a hit can graze")
    return (t - r) / t


@checked
def grazed_damage(damage: Number, target: Number, roll: int) -> Fraction:
    """PCT-44: potential damage × ``(target − roll) / target``, exact.

    >>> grazed_damage(24, 60, 15)   # PCT-D08
    Fraction(18, 1)
    """
    d = bounded("damage", damage, 0, 5000, whole=False)
    return d * grazing_factor(target, roll)


@checked
def hth_range_ok(range_m: Number) -> bool:
    """PCT-05: a hand-to-hand attack may be made at up to three meters (3 m itself allowed, G18).

    >>> hth_range_ok(3), hth_range_ok(Fraction(31, 10))
    (True, False)
    """
    return bounded("range (m)", range_m, 0, MAX_RANGE_M, whole=False) <= HTH_MAX_RANGE_M


@checked
def check_hth_range(range_m: Number) -> None:
    """Refuse a hand-to-hand attack beyond 3 m (PCT-05, PCT-E16).

    >>> check_hth_range(5)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: out of hand-to-hand range (max 3 m): 5 m; move closer first
    """
    if not hth_range_ok(range_m):
        raise RuleError(
            f"out of hand-to-hand range (max 3 m): {fmt(Fraction(range_m))} m; move closer first"
        )


@checked
def damage_die_advisory(range_m: Number) -> str | None:
    """PCT-42: procedure two is recommended under 10 m; beyond it is less accurate (advice only).

    >>> damage_die_advisory(9), damage_die_advisory(10)   # PCT-D19
    (None, 'damage dice are less accurate beyond 10 m (line 131); procedure three fits better')
    """
    if bounded("range (m)", range_m, 0, MAX_RANGE_M, whole=False) >= DAMAGE_DIE_ADVISORY_M:
        return "damage dice are less accurate beyond 10 m (line 131); procedure three fits better"
    return None


@checked
def throw_in_range(distance_m: Number, max_throw_m: Number) -> bool:
    """PCT-37: whether the target is within the thrower's distance from Table #3-4.0 (PCT-M08).

    >>> throw_in_range(20, 25), throw_in_range(30, 25)
    (True, False)
    """
    d = bounded("distance (m)", distance_m, 0, MAX_RANGE_M, whole=False)
    return d <= bounded("max throw (m)", max_throw_m, 0, MAX_RANGE_M, whole=False)


def category_examples() -> list[tuple[str, str, str]]:
    """PCT-T08: ``(example, category, note)``; the category follows the use (PCT-04, PCT-E17).

    >>> [c for e, c, n in category_examples() if e.startswith("beer bottle")]
    ['hth', 'weaponry']
    """
    from pycore.tables import load_table

    table = load_table("percentile", "combat_categories")
    return [(str(r["example"]), str(r["category"]), str(r["note"])) for r in table.rows]


@dataclass(frozen=True)
class ToHitRoll:
    """A to-hit roll (d1, d2, d3): what the roll had to beat, the roll and the verdict."""

    procedure: str
    target: Fraction
    roll: int
    verdict: str

    @property
    def margin(self) -> Fraction:
        return self.target - self.roll

    def __str__(self) -> str:
        what = {"d1": "skill", "d2": "Percent to Hit", "d3": "N = PTH − PA"}[self.procedure]
        tail = f", {fmt(self.margin)} under" if self.verdict != "miss" else ""
        return f"to-hit {self.procedure}: 1:100sd ({self.roll}) vs under {what} {fmt(self.target)}: {self.verdict}{tail}"


@checked
def roll_to_hit(
    procedure: str, value: Number, rng: RandintSource, percent_against: Number = 0
) -> ToHitRoll:
    """Roll d1 (``value`` = skill), d2 (``value`` = PTH) or d3 (``value`` = PTH, with PA).

    >>> class Faces:
    ...     def randint(self, a: int, b: int) -> int: return 29
    >>> str(roll_to_hit("d3", 80, Faces(), 30))   # PCT-D03
    'to-hit d3: 1:100sd (29) vs under N = PTH − PA 50: direct, 21 under'
    """
    roll = rng.randint(1, 100)
    if procedure == "d1":
        return ToHitRoll("d1", _skill("skill", value), roll, to_hit_d1(value, roll))
    if procedure == "d2":
        pth = bounded("Percent to Hit", value, 0, 100, whole=False)
        return ToHitRoll("d2", pth, roll, to_hit_d2(pth, roll))
    if procedure == "d3":
        return ToHitRoll(
            "d3", _n(value, percent_against), roll, to_hit_d3(value, percent_against, roll)
        )
    raise RuleError(f"to-hit procedure must be d1, d2 or d3, got {procedure!r}")
