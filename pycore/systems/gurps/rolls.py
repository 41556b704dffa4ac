"""GURPS-style success, attack and defense rolls on 3d6, with exact odds (GUR-01, GUR-02,
GUR-20, GUR-44, GUR-45; tables GUR-T16, GUR-T17).

>>> str(attack(13, 5))
'3d6 = 5 vs effective skill 13: hit by 8'
>>> str(attack(16, 6)), str(defend(9, 17))
('3d6 = 6 vs effective skill 16: critical hit (6 at skill 16+): no defense', '3d6 = 17 vs defense 9: failure (17-18 always fail)')
>>> hit_chance(10), landing_chance(10, 9)
(Fraction(1, 2), Fraction(23, 72))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Final

from pycore.dice import RandintSource, Roll, distribution, roll
from pycore.figures import figure
from pycore.validate import checked, whole

#: Bounds of a typed-in effective skill or defense (STYLE 3): far beyond any useful value.
MIN_SCORE: Final = -50
MAX_SCORE: Final = 50


def _score(field: str, value: object) -> int:
    return whole(value, field, MIN_SCORE, MAX_SCORE)


def _roll(value: object) -> int:
    return whole(value, "3d6 roll", 3, 18)


@lru_cache(maxsize=1)
def three_d6() -> dict[int, Fraction]:
    """GUR-T16: the exact distribution of 3d6 (icepool through ``pycore.dice``).

    >>> three_d6()[10] * 216, sum(three_d6().values())
    (Fraction(27, 1), Fraction(1, 1))
    """
    return distribution("3d6")


def _p(rolls: range | list[int]) -> Fraction:
    table = three_d6()
    return sum((table[r] for r in rolls if r in table), Fraction(0))


@checked
def critical_threshold(effective_skill: int) -> int:
    """GUR-20 / GUR-T17: the highest roll that is a critical hit: 4, 5 at skill 15, 6 at 16+.

    >>> [critical_threshold(s) for s in (14, 15, 16, 30)]
    [4, 5, 6, 6]
    """
    skill = _score("effective skill", effective_skill)
    return 6 if skill >= 16 else 5 if skill == 15 else 4


@checked
def is_critical_failure(
    effective: int, rolled: int, success: bool, companion: bool = False
) -> bool:
    """GUR-02: a failed roll 10 or more above the effective number. ``companion`` adds the
    standard extras NOT in the texts (18 always; 17 at 15 or less), off by default.

    >>> is_critical_failure(6, 16, False), is_critical_failure(9, 18, False)
    (True, False)
    >>> is_critical_failure(9, 18, False, companion=True)
    True
    """
    if success:
        return False
    if rolled >= effective + 10:
        return True
    return companion and (rolled == 18 or (rolled == 17 and effective <= 15))


@dataclass(frozen=True)
class AttackResult:
    """An attack roll judged (GUR-20): hit, critical hit (no defense), maximum damage on a 3,
    critical failure (GUR-02)."""

    effective_skill: int
    roll: int
    hit: bool
    critical: bool
    critical_failure: bool
    automatic: bool

    @property
    def max_damage(self) -> bool:
        """GUR-20 / GUR-53: a roll of 3 does maximum damage."""
        return self.roll == 3

    @property
    def margin(self) -> int:
        return self.effective_skill - self.roll

    def __str__(self) -> str:
        head = f"3d6 = {self.roll} vs effective skill {self.effective_skill}: "
        if self.critical:
            why = "3-4 always" if self.roll <= 4 else f"{self.roll} at skill {self.effective_skill}"
            if self.roll == 6:
                why = "6 at skill 16+"
            text = f"critical hit ({why}): no defense"
            return head + text + ("; maximum damage" if self.max_damage else "")
        if self.hit:
            return head + f"hit by {self.margin}"
        text = "miss (17-18 always miss)" if self.automatic else f"miss by {-self.margin}"
        return head + text + ("; critical failure" if self.critical_failure else "")


@checked
def attack(effective_skill: int, roll: int, companion: bool = False) -> AttackResult:
    """Judge an attack roll (GUR-20): 3-4 always hit and are critical; 5 is critical at
    effective skill 15 and 5-6 at 16+; 17-18 always miss; otherwise roll <= skill hits.

    >>> a = attack(-6, 4); a.hit, a.critical, a.critical_failure
    (True, True, False)
    >>> a = attack(-6, 5); a.hit, a.critical_failure
    (False, True)
    >>> attack(10, 3).max_damage
    True
    """
    skill = _score("effective skill", effective_skill)
    rolled = _roll(roll)
    critical = rolled <= critical_threshold(skill)
    automatic_miss = rolled >= 17
    hit = critical or (not automatic_miss and rolled <= skill)
    automatic = rolled <= 4 or automatic_miss
    failure = is_critical_failure(skill, rolled, hit, companion)
    return AttackResult(skill, rolled, hit, critical, failure, automatic)


@dataclass(frozen=True)
class DefenseResult:
    """A defense roll judged (GUR-44)."""

    effective_defense: int
    roll: int
    success: bool
    automatic: bool
    critical_failure: bool

    def __str__(self) -> str:
        head = f"3d6 = {self.roll} vs defense {self.effective_defense}: "
        if self.automatic:
            return head + (
                "success (3-4 always succeed)" if self.success else "failure (17-18 always fail)"
            )
        margin = self.effective_defense - self.roll
        text = f"success by {margin}" if self.success else f"failure by {-margin}"
        return head + text + ("; critical failure" if self.critical_failure else "")


@checked
def defend(effective_defense: int, roll: int, companion: bool = False) -> DefenseResult:
    """Judge a defense roll (GUR-44): 3-4 always succeed, 17-18 always fail.

    >>> defend(1, 4).success, defend(20, 17).success
    (True, False)
    """
    defense = _score("effective defense", effective_defense)
    rolled = _roll(roll)
    automatic = rolled <= 4 or rolled >= 17
    success = rolled <= 4 or (rolled <= 16 and rolled <= defense)
    failure = is_critical_failure(defense, rolled, success, companion)
    return DefenseResult(defense, rolled, success, automatic, failure)


@checked
def highest_success(effective: int) -> int:
    """The highest 3d6 roll that hits an attack (GUR-20) or succeeds a defense (GUR-44): the
    effective number, but 17 and 18 always fail and 3 and 4 always succeed, so a step says
    "needs 16 or less" at 18 and "4 or less" at 1, as its odds count.

    >>> highest_success(18), highest_success(12), highest_success(1)
    (16, 12, 4)
    """
    return min(max(_score("effective skill", effective), 4), 16)


@checked
def defense_needed(effective_defense: int) -> str:
    """What a defense roll needed, as the step says it beside the roll: the effective defense,
    the one figure its chip and the log give, with the automatic results that override it
    (GUR-44, 004 line 215: 3 or 4 always succeeds, 17 or 18 always fails). A GM read "Dodge 1",
    then "needed 4 or less", then "vs defense 1" for one roll.

    >>> defense_needed(1), defense_needed(12)
    ('needed 1 or less; 3 or 4 always succeeds', 'needed 12 or less')
    >>> defense_needed(18)
    'needed 18 or less; 17 or 18 always fails'
    """
    defense = _score("effective defense", effective_defense)
    said = f"needed {figure(defense)} or less"
    if defense < 4:
        return f"{said}; 3 or 4 always succeeds"
    if defense > 16:
        return f"{said}; 17 or 18 always fails"
    return said


@checked
def success_chance(target: int) -> Fraction:
    """GUR-01: a plain success roll, roll <= target, no automatic results.

    >>> success_chance(10), success_chance(2), success_chance(18)
    (Fraction(1, 2), Fraction(0, 1), Fraction(1, 1))
    """
    _score("target", target)
    return _p(range(3, min(target, 18) + 1))


@checked
def hit_chance(effective_skill: int) -> Fraction:
    """The exact chance that an attack roll hits (GUR-20), criticals included.

    >>> hit_chance(10), hit_chance(20) * 216, hit_chance(-20) * 216
    (Fraction(1, 2), Fraction(212, 1), Fraction(4, 1))
    """
    return _p([r for r in range(3, 19) if attack(effective_skill, r).hit])


@checked
def critical_chance(effective_skill: int) -> Fraction:
    """The exact chance of a critical hit (GUR-20).

    >>> [critical_chance(s) * 216 for s in (10, 15, 16)]
    [Fraction(4, 1), Fraction(10, 1), Fraction(20, 1)]
    """
    return _p(range(3, critical_threshold(effective_skill) + 1))


@checked
def critical_failure_chance(effective: int, companion: bool = False) -> Fraction:
    """The exact chance of a critical failure on an attack roll (GUR-02).

    >>> [critical_failure_chance(s) * 216 for s in (6, 8, 9)]
    [Fraction(10, 1), Fraction(1, 1), Fraction(0, 1)]
    """
    return _p([r for r in range(3, 19) if attack(effective, r, companion).critical_failure])


@checked
def defense_chance(effective_defense: int) -> Fraction:
    """The exact chance that a defense roll succeeds (GUR-44): P(roll <= min(max(D, 4), 16)).

    >>> defense_chance(1) * 216, defense_chance(9), defense_chance(30) * 216
    (Fraction(4, 1), Fraction(3, 8), Fraction(212, 1))
    """
    return _p([r for r in range(3, 19) if defend(effective_defense, r).success])


@checked
def landing_chance(
    effective_skill: int, effective_defense: int | None, second: int | None = None
) -> Fraction:
    """The exact chance an attack lands: a critical hit (no defense, GUR-45), or an ordinary hit
    that the defender fails to defend. ``None``: no defense allowed. ``second``: the defense they
    try after a failed first one (All-Out Defense, Double Defense, GUR-17): the hit lands
    only past both, each roll its own.

    >>> landing_chance(10, None) == hit_chance(10)
    True
    >>> landing_chance(16, 20) * 216 * 216 == 20 * 216 + (hit_chance(16) * 216 - 20) * 4
    True
    >>> round(float(landing_chance(12, 12, 11)), 4)  # spear 12 past parry 12, then dodge 11
    0.0887
    """
    crit = critical_chance(effective_skill)
    if effective_defense is None:
        return hit_chance(effective_skill)
    ordinary = hit_chance(effective_skill) - crit
    missed = 1 - defense_chance(effective_defense)
    if second is not None:
        missed *= 1 - defense_chance(second)
    return crit + ordinary * missed


@dataclass(frozen=True)
class RolledAttack:
    roll: Roll
    result: AttackResult

    def __str__(self) -> str:
        return f"{self.roll.explain()}: {self.result}"


@checked
def roll_attack(effective_skill: int, rng: RandintSource) -> RolledAttack:
    """Roll 3d6 for an attack with ``rng`` (replayable from its seed).

    >>> import random
    >>> str(roll_attack(12, random.Random(2)))
    '3d6 (1, 1, 1) = 3: 3d6 = 3 vs effective skill 12: critical hit (3-4 always): no defense; maximum damage'
    """
    _score("effective skill", effective_skill)
    rolled = roll("3d6", rng)
    return RolledAttack(rolled, attack(effective_skill, rolled.total))


@dataclass(frozen=True)
class RolledDefense:
    roll: Roll
    result: DefenseResult

    def __str__(self) -> str:
        return f"{self.roll.explain()}: {self.result}"


@checked
def roll_defense(effective_defense: int, rng: RandintSource) -> RolledDefense:
    """Roll 3d6 for a defense with ``rng``.

    >>> import random
    >>> roll_defense(9, random.Random(5)).result.roll
    14
    """
    _score("effective defense", effective_defense)
    rolled = roll("3d6", rng)
    return RolledDefense(rolled, defend(effective_defense, rolled.total))


@dataclass(frozen=True)
class RolledSuccess:
    """A plain success roll (GUR-01): roll ≤ the target, no automatic results; a roll 10 or
    more above it is flagged a critical failure (GUR-02)."""

    what: str
    target: int
    roll: Roll
    success: bool
    critical_failure: bool

    def __str__(self) -> str:
        margin = self.target - self.roll.total
        verdict = f"success by {margin}" if self.success else f"failure by {-margin}"
        crit = "; critical failure" if self.critical_failure else ""
        return f"{self.what} {self.target}: {self.roll.explain()}: {verdict}{crit}"


def roll_success(what: str, target: int, rng: RandintSource) -> RolledSuccess:
    """Roll 3d6 against ``target`` (an HT roll to recover from stun, GUR-07).

    >>> import random
    >>> str(roll_success("HT", 10, random.Random(5)))
    'HT 10: 3d6 (5, 3, 6) = 14: failure by 4'
    """
    _score(what, target)
    rolled = roll("3d6", rng)
    success = rolled.total <= target
    return RolledSuccess(
        what, target, rolled, success, is_critical_failure(target, rolled.total, success)
    )
