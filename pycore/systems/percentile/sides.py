"""Sides, surprise (PCT-06, PCT-09–PCT-17) and the order of attack (PCT-18–PCT-23).

A side's roll is ``1:100sd`` plus its Table #3-7.0 damage modifier; lower is better. In surprise
the score is ``roll + modifier − T`` and the lowest score gets SURPRISE; a shared lowest score is
re-rolled by every side (PCT-15 reading). In the order of attack the lowest result attacks
first; any tie re-rolls every side (PCT-20); a lead of 30 or more gives the one and only attack
of the round (PCT-21, G4).

>>> surprise_chance(50, 50)
Fraction(1, 2)
>>> pa = primary_attack({"A": 57, "B": 12, "C": 90})
>>> pa.order, pa.exclusive, pa.reroll
(['B', 'A', 'C'], True, False)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.dice.typed import next_roll_is
from pycore.errors import RuleError
from pycore.systems.percentile.checks import Number, bounded, fmt, roll_percent
from pycore.validate import checked

EXCLUSIVE_LEAD = 30  # PCT-21: "30 percent or more" (inclusive), read as points (G4)
MAX_SIDES = 12
MAX_REROLLS = 1000
MODIFIER_RANGE = 100_000  # R-F: Table #3-7.0 modifiers


def _mean(values: Sequence[Fraction], what: str) -> Fraction:
    if not values:
        raise RuleError(
            f"Each side needs at least one awake member: a side's {what.lower()} is the mean "
            "of its awake members'"
        )
    return sum(values, Fraction(0)) / len(values)


@checked
def side_average(values: Sequence[Number], name: str = "PERCEPTION") -> Fraction:
    """PCT-06: a side acting as a whole uses the exact mean of its awake members' scores.

    >>> side_average([50, 70]), side_average([55, 40, 60])
    (Fraction(60, 1), Fraction(155, 3))
    """
    return _mean([bounded(name, v, 0, 100) for v in values], name)


@checked
def side_modifier(modifiers: Sequence[Number]) -> Fraction:
    """PCT-06/PCT-11 reading: a side's Table #3-7.0 modifier is the mean of its awake members'.

    >>> side_modifier([10, 0, 5]), side_modifier([])
    (Fraction(5, 1), Fraction(0, 1))
    """
    values = [_modifier(m, "damage modifier") for m in modifiers]
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


@checked
def target_a1(perceptions: Sequence[Number]) -> Fraction:
    """Surprise a1 (PCT-12): the side's average PERCEPTION.

    >>> target_a1([50, 70])
    Fraction(60, 1)
    """
    return side_average(perceptions)


@checked
def target_a2(perceptions: Sequence[Number], alertness_percent: Number) -> Fraction:
    """Surprise a2 (PCT-13): ``(side PERCEPTION + side Alertness Percentage) / 2``.

    >>> target_a2([50, 70], 40)   # PCT-D05 side X
    Fraction(50, 1)
    """
    return (
        side_average(perceptions) + bounded("Alertness Percentage", alertness_percent, 0, 100)
    ) / 2


@checked
def target_a3(members: Sequence[tuple[Number, Number]]) -> Fraction:
    """Surprise a3 (PCT-14): the mean over awake members of ``(PERCEPTION + AC%) / 2``.

    >>> target_a3([(60, 80), (40, 20)])   # PCT-D06
    Fraction(50, 1)
    """
    if isinstance(members, (str, bytes)) or not isinstance(members, Sequence):
        raise RuleError(f"a3: give (PERCEPTION, Alertness Percentage) pairs, got {members!r}")
    for pair in members:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise RuleError(
                f"a3: each member is a (PERCEPTION, Alertness Percentage) pair, got {pair!r}"
            )
    halves = [
        (bounded("PERCEPTION", p, 0, 100) + bounded("Alertness Percentage", a, 0, 100)) / 2
        for p, a in members
    ]
    return _mean(halves, "a3")


def _modifier(value: Number, name: str) -> Fraction:
    return bounded(name, value, -MODIFIER_RANGE, MODIFIER_RANGE, whole=False)


@checked
def lowest_odds(
    targets: Mapping[str, Number], modifiers: Mapping[str, Number] | None = None
) -> dict[str, Fraction]:
    """Exact chance that each side ends with the lowest ``roll + modifier − target`` when a
    shared lowest score re-rolls everyone (PCT-15, PCT-20): P(uniquely lowest) / Σ of those.

    >>> lowest_odds({"X": 50, "Y": 30}, {"X": 10})["X"] > Fraction(1, 2)   # X scores roll − 40
    True
    """
    if not 2 <= len(targets) <= MAX_SIDES:
        raise RuleError(f"sides: need from 2 to {MAX_SIDES} sides, got {len(targets)}")
    mods = modifiers or {}
    # A side's score is roll + m − T; the other side j scores above s on the faces
    # r > s − m_j + T_j, so each count is one floor: O(sides² × 100), no pairwise convolution.
    offsets = {
        name: _modifier(mods.get(name, 0), f"{name} damage modifier")
        - bounded(f"{name} target", t, -1000, 1000, whole=False)
        for name, t in targets.items()
    }
    unique: dict[str, Fraction] = {}
    for name, offset in offsets.items():
        total = 0
        for r in range(1, 101):
            score = r + offset
            ways = 1
            for other, o_off in offsets.items():
                if other != name:
                    ways *= 100 - max(0, min(100, math.floor(score - o_off)))
            total += ways
        unique[name] = Fraction(total, 100 ** len(offsets))
    norm = sum(unique.values(), Fraction(0))
    return {name: u / norm for name, u in unique.items()}


SURPRISE_PROCEDURES = ("a1", "a2", "a3")


@dataclass(frozen=True)
class SurpriseSide:
    """What one side brings to a surprise check: its awake members' PERCEPTION, their Alertness
    Percentages (a3), the side's own Alertness Percentage (a2) and its damage modifier."""

    perceptions: tuple[Number, ...]
    member_alertness: tuple[Number | None, ...] = ()
    side_alertness: Number | None = None
    modifier: Number = 0


def surprise_target(procedure: str, side: SurpriseSide, name: str = "side") -> Fraction:
    """The value a side's surprise roll is compared with under ``procedure`` (PCT-12–14).

    A procedure that needs an Alertness Percentage the GM has not given refuses, naming it.

    >>> surprise_target("a2", SurpriseSide((50, 70), side_alertness=40))   # PCT-D05 side X
    Fraction(50, 1)
    >>> surprise_target("a3", SurpriseSide((60, 40), (80, None)), "Raiders")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Raiders: surprise a3 needs every awake member's Alertness Condition
    """
    if procedure == "a1":
        return target_a1(side.perceptions)
    if procedure == "a2":
        if side.side_alertness is None:
            raise RuleError(f"{name}: surprise a2 needs the side's Alertness Condition")
        return target_a2(side.perceptions, side.side_alertness)
    if procedure == "a3":
        if len(side.member_alertness) != len(side.perceptions) or any(
            a is None for a in side.member_alertness
        ):
            raise RuleError(f"{name}: surprise a3 needs every awake member's Alertness Condition")
        pairs = [(p, a) for p, a in zip(side.perceptions, side.member_alertness, strict=True)]
        return target_a3([(p, a) for p, a in pairs if a is not None])
    raise RuleError(f"surprise procedure must be one of a1, a2, a3, got {procedure!r}")


@checked
def surprise_targets(
    procedure: str, sides: Mapping[str, SurpriseSide]
) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Every side's target and damage modifier under ``procedure`` (PCT-11–14).

    >>> t, m = surprise_targets("a1", {"X": SurpriseSide((50, 70), modifier=10),
    ...     "Y": SurpriseSide((30,))})
    >>> t, m
    ({'X': Fraction(60, 1), 'Y': Fraction(30, 1)}, {'X': Fraction(10, 1), 'Y': Fraction(0, 1)})
    """
    targets = {name: surprise_target(procedure, side, name) for name, side in sides.items()}
    mods = {
        name: _modifier(side.modifier, f"{name} damage modifier") for name, side in sides.items()
    }
    return targets, mods


@checked
def surprise_chances(procedure: str, sides: Mapping[str, SurpriseSide]) -> dict[str, Fraction]:
    """Each side's exact chance of SURPRISE under ``procedure``, ties re-rolled (PCT-15).

    >>> surprise_chances("a1", {"A": SurpriseSide((50,)), "B": SurpriseSide((50,))})
    {'A': Fraction(1, 2), 'B': Fraction(1, 2)}
    """
    targets, mods = surprise_targets(procedure, sides)
    return lowest_odds(targets, mods)


@checked
def surprise_chance(
    perception_a: Number, perception_b: Number, modifier_a: Number = 0, modifier_b: Number = 0
) -> Fraction:
    """Chance that side A gets SURPRISE under a1 (PCT-12, PCT-15), ties re-rolled.

    >>> surprise_chance(50, 50), surprise_chance(100, 0) > Fraction(99, 100)
    (Fraction(1, 2), True)
    """
    a = bounded("perception_a", perception_a, 0, 100, whole=False)
    b = bounded("perception_b", perception_b, 0, 100, whole=False)
    return surprise_chances(
        "a1",
        {
            "A": SurpriseSide((a,), modifier=modifier_a),
            "B": SurpriseSide((b,), modifier=modifier_b),
        },
    )["A"]


@checked
def surprise_chance_a2(
    perceptions_a: Sequence[Number],
    alertness_a: Number,
    perceptions_b: Sequence[Number],
    alertness_b: Number,
    modifier_a: Number = 0,
    modifier_b: Number = 0,
) -> Fraction:
    """Chance that side A gets SURPRISE under a2 (PCT-13).

    >>> surprise_chance_a2([50], 50, [50], 50)
    Fraction(1, 2)
    """
    a = SurpriseSide(tuple(perceptions_a), side_alertness=alertness_a, modifier=modifier_a)
    b = SurpriseSide(tuple(perceptions_b), side_alertness=alertness_b, modifier=modifier_b)
    return surprise_chances("a2", {"A": a, "B": b})["A"]


@checked
def surprise_chance_a3(
    members_a: Sequence[tuple[Number, Number]],
    members_b: Sequence[tuple[Number, Number]],
    modifier_a: Number = 0,
    modifier_b: Number = 0,
) -> Fraction:
    """Chance that side A gets SURPRISE under a3 (PCT-14).

    >>> surprise_chance_a3([(60, 80), (40, 20)], [(50, 50)])
    Fraction(1, 2)
    """

    def side(members: Sequence[tuple[Number, Number]], modifier: Number) -> SurpriseSide:
        return SurpriseSide(
            tuple(p for p, _ in members), tuple(a for _, a in members), modifier=modifier
        )

    return surprise_chances(
        "a3", {"A": side(members_a, modifier_a), "B": side(members_b, modifier_b)}
    )["A"]


@dataclass(frozen=True)
class SurpriseRoll:
    """One round of surprise rolls: each side's roll, modifier, target and score."""

    rolls: Mapping[str, int]
    targets: Mapping[str, Fraction]
    modifiers: Mapping[str, Fraction]

    def score(self, side: str) -> Fraction:
        return self.rolls[side] + self.modifiers[side] - self.targets[side]

    @property
    def winner(self) -> str | None:
        scores = {s: self.score(s) for s in self.rolls}
        low = min(scores.values())
        best = [s for s, v in scores.items() if v == low]
        return best[0] if len(best) == 1 else None

    def __str__(self) -> str:
        parts = [
            f"{s}: {self.rolls[s]}{_signed(self.modifiers[s])} − {fmt(self.targets[s])} = "
            f"{fmt(self.score(s))}"
            for s in self.rolls
        ]
        tail = f"{self.winner} gets SURPRISE" if self.winner else "tie for lowest: all re-roll"
        return "; ".join(parts) + f" → {tail}"


def _signed(value: Fraction) -> str:
    return f" + {fmt(value)}" if value > 0 else f" − {fmt(-value)}" if value < 0 else ""


@checked
def surprise(
    targets: Mapping[str, Number],
    rolls: Mapping[str, int],
    modifiers: Mapping[str, Number] | None = None,
) -> SurpriseRoll:
    """Score one round of surprise rolls (any procedure: pass its targets).

    >>> str(surprise({"X": 50, "Y": 30}, {"X": 45, "Y": 28}, {"X": 10}))   # PCT-D05
    'X: 45 + 10 − 50 = 5; Y: 28 − 30 = −2 → Y gets SURPRISE'
    """
    mods = modifiers or {}
    if set(rolls) != set(targets):
        raise RuleError("surprise: every side needs a target and a roll")
    if not targets:
        raise RuleError("surprise: no sides; allowed: one side or more")
    return SurpriseRoll(
        {s: int(bounded(f"{s} roll", r, 1, 100)) for s, r in rolls.items()},
        {s: bounded(f"{s} target", t, -1000, 1000, whole=False) for s, t in targets.items()},
        {s: _modifier(mods.get(s, 0), f"{s} damage modifier") for s in targets},
    )


@dataclass(frozen=True)
class SurpriseResult:
    """Every round of rolls until one side was lowest (PCT-15)."""

    attempts: tuple[SurpriseRoll, ...]

    @property
    def winner(self) -> str:
        w = self.attempts[-1].winner
        assert w is not None
        return w

    def __str__(self) -> str:
        return " | re-roll: ".join(str(a) for a in self.attempts)


#: How a re-roll after a tie is named to the GM typing their dice (PCT-15, PCT-20).
ROLLS_AGAIN = "a tie, every side rolls again"


def _rolls(sides: Mapping[str, object], rng: RandintSource, again: bool) -> dict[str, int]:
    """One ``1:100sd`` per side; after a tie (``again``) each roll is named, so the GM typing
    their dice is asked for the re-roll in words, not for "the next roll" (PCT-15, PCT-20)."""
    out = {}
    for side in sides:
        if again:
            next_roll_is(rng, f"{ROLLS_AGAIN}: {side}")
        out[side] = roll_percent(rng)
    return out


@checked
def roll_surprise(
    targets: Mapping[str, Number], rng: RandintSource, modifiers: Mapping[str, Number] | None = None
) -> SurpriseResult:
    """Roll surprise, re-rolling a shared lowest score.

    >>> import random
    >>> roll_surprise({"X": 50, "Y": 30}, random.Random(1)).winner in ("X", "Y")
    True
    """
    attempts: list[SurpriseRoll] = []
    for _ in range(MAX_REROLLS):
        attempt = surprise(targets, _rolls(targets, rng, bool(attempts)), modifiers)
        attempts.append(attempt)
        if attempt.winner is not None:
            return SurpriseResult(tuple(attempts))
    raise RuleError("surprise: no winner after 1000 re-rolls")  # pragma: no cover


# --- Order of attack -------------------------------------------------------------------------


@dataclass(frozen=True)
class PrimaryAttack:
    """PCT-18–PCT-21: the sides' results, the order (lowest first), the exclusive attack and
    whether a tie forces every side to re-roll."""

    results: Mapping[str, Fraction]
    order: list[str] = field(default_factory=list)
    exclusive: bool = False
    reroll: bool = False
    passed: tuple[str, ...] = ()

    def __str__(self) -> str:
        shown = ", ".join(
            f"{s} {fmt(self.results[s])}"
            for s in sorted(self.results, key=lambda s: self.results[s])
        )
        if self.reroll:
            return f"results {shown}: a tie, every side rolls again"
        text = f"results {shown}: order {', '.join(self.order)}"
        if self.passed:
            text += f" ({self.passed[0]} passed and acts last)"
        if self.exclusive:
            text += f"; {self.order[0]} leads by 30 or more"
        return text


@checked
def primary_attack(results: Mapping[str, Number]) -> PrimaryAttack:
    """Order the sides by their ``1:100sd`` + damage modifier results, lowest first.

    >>> primary_attack({"A": 10, "B": 40, "C": 95}).exclusive   # PCT-D07
    True
    >>> primary_attack({"A": 10, "B": 39}).exclusive
    False
    >>> primary_attack({"A": 10, "B": 10}).reroll
    True
    """
    if not 1 <= len(results) <= MAX_SIDES:
        raise RuleError(f"sides: need from 1 to {MAX_SIDES} sides, got {len(results)}")
    exact = {
        s: bounded(f"{s} result", v, -MODIFIER_RANGE, MODIFIER_RANGE + 100, whole=False)
        for s, v in results.items()
    }
    values = list(exact.values())
    if len(set(values)) != len(values):
        return PrimaryAttack(exact, [], False, True)
    order = sorted(exact, key=lambda s: exact[s])
    exclusive = len(order) > 1 and exact[order[1]] - exact[order[0]] >= EXCLUSIVE_LEAD
    return PrimaryAttack(exact, order, exclusive, False)


@checked
def pass_primary(attack: PrimaryAttack) -> PrimaryAttack:
    """PCT-22: the side with Primary Attack passes: it acts last and gives up the exclusive attack.

    >>> pass_primary(primary_attack({"A": 1, "B": 2, "C": 3})).order   # PCT-E08
    ['B', 'C', 'A']
    """
    if attack.reroll or not attack.order:
        raise RuleError("pass: there is no order yet (re-roll the tie first)")
    first = attack.order[0]
    return PrimaryAttack(attack.results, [*attack.order[1:], first], False, False, (first,))


@checked
def join(attack: PrimaryAttack, side: str, result: Number) -> PrimaryAttack:
    """PCT-23: a side joining a fight is slotted among the results that set the order; on an equal
    result only the newcomer re-rolls (``reroll`` is then True and the order unchanged). A pass
    holds for its round (PCT-22): the side that passed stays last, the newcomer is slotted among
    the others (re-sorted, the pass undone, the passer's turn came first again mid-round). The
    lead of 30 is taken again on the results with the newcomer's (PCT-21: second − first ≥ 30),
    as if the order were rolled with it (PCT-23: "the same procedure"); a pass gave it up
    (PCT-22). Whether it holds in a round already under way is the fight's to say.

    >>> join(primary_attack({"A": 10, "B": 50}), "C", 30).order
    ['A', 'C', 'B']
    >>> [join(primary_attack({"A": 10, "B": 50}), "C", c).exclusive for c in (30, 45, 80)]
    [False, True, True]
    >>> join(primary_attack({"A": 40, "B": 55}), "C", 5).exclusive
    True
    >>> join(primary_attack({"A": 10, "B": 50}), "C", 50).reroll
    True
    >>> join(pass_primary(primary_attack({"A": 10, "B": 50})), "C", 30).order
    ['C', 'B', 'A']
    """
    if attack.reroll:
        raise RuleError("join: settle the tie of the original sides first")
    if side in attack.results:
        raise RuleError(f"join: side {side!r} is already in the fight")
    value = bounded(f"{side} result", result, -MODIFIER_RANGE, MODIFIER_RANGE + 100, whole=False)
    if value in attack.results.values():
        return replace(attack, order=list(attack.order), reroll=True)
    results = {**attack.results, side: value}
    order = sorted((s for s in results if s not in attack.passed), key=lambda s: results[s])
    exclusive = (
        not attack.passed
        and len(order) > 1
        and results[order[1]] - results[order[0]] >= EXCLUSIVE_LEAD
    )
    return PrimaryAttack(results, [*order, *attack.passed], exclusive, False, attack.passed)


@dataclass(frozen=True)
class OrderRoll:
    """Rolled order: each attempt (ties re-rolled) and the final :class:`PrimaryAttack`."""

    attempts: tuple[tuple[Mapping[str, int], PrimaryAttack], ...]

    @property
    def result(self) -> PrimaryAttack:
        return self.attempts[-1][1]

    def __str__(self) -> str:
        parts = []
        for rolls, pa in self.attempts:
            dice = ", ".join(f"{s} rolled {r}" for s, r in rolls.items())
            parts.append(f"1:100sd ({dice}); {pa}")
        return " | ".join(parts)


@checked
def roll_primary_attack(modifiers: Mapping[str, Number], rng: RandintSource) -> OrderRoll:
    """PCT-18/19: every side rolls ``1:100sd`` + its damage modifier until no two are equal.

    >>> import random
    >>> len(roll_primary_attack({"A": 0, "B": 0}, random.Random(4)).result.order)
    2
    """
    attempts: list[tuple[Mapping[str, int], PrimaryAttack]] = []
    for _ in range(MAX_REROLLS):
        rolls = _rolls(modifiers, rng, bool(attempts))
        pa = primary_attack(
            {s: r + _modifier(modifiers[s], f"{s} damage modifier") for s, r in rolls.items()}
        )
        attempts.append((rolls, pa))
        if not pa.reroll:
            return OrderRoll(tuple(attempts))
    raise RuleError("order: still tied after 1000 re-rolls")  # pragma: no cover


@checked
def first_odds(modifiers: Mapping[str, Number]) -> dict[str, Fraction]:
    """Exact chance that each side gets Primary Attack (ties re-rolled).

    >>> first_odds({"A": 0, "B": 0})
    {'A': Fraction(1, 2), 'B': Fraction(1, 2)}
    """
    return lowest_odds({s: 0 for s in modifiers}, modifiers)


@checked
def higher_levels(levels: Sequence[str], current: str | None) -> list[str]:
    """PCT-17: after being attacked a character's Alertness Condition must rise at least one level
    (the GM picks how far); the levels above ``current`` in the GM's Table #3-5 order.

    >>> higher_levels(["asleep", "relaxed", "wary", "combat"], "relaxed")
    ['wary', 'combat']
    >>> higher_levels(["asleep", "combat"], "combat"), higher_levels(["asleep", "combat"], None)
    ([], ['asleep', 'combat'])
    """
    if current is None or current not in levels:
        return list(levels)
    return list(levels[levels.index(current) + 1 :])


@dataclass(frozen=True)
class RollOff:
    """PCT-07 reading: members of one side ordered by a ``1:100sd`` each, lowest first, ties
    re-rolled among the tied."""

    rolls: tuple[tuple[str, int], ...]
    order: tuple[str, ...]

    def __str__(self) -> str:
        dice = ", ".join(f"{n} {r}" for n, r in self.rolls)
        return f"roll-off 1:100sd ({dice}): {', '.join(self.order)}"


@checked
def roll_within_side(members: Sequence[str], rng: RandintSource) -> RollOff:
    """Order a side's members by a roll-off (the text allows position, agreement or a roll).

    >>> import random
    >>> sorted(roll_within_side(["Ann", "Bob", "Cy"], random.Random(2)).order)
    ['Ann', 'Bob', 'Cy']
    """
    if not 1 <= len(members) <= 100 or len(set(members)) != len(members):
        raise RuleError("roll-off: give from 1 to 100 distinct members")
    rolls: list[tuple[str, int]] = []

    def rank(group: Sequence[str]) -> list[str]:
        faces = {m: roll_percent(rng) for m in group}
        rolls.extend(faces.items())
        out: list[str] = []
        for face in sorted(set(faces.values())):
            tied = [m for m in group if faces[m] == face]
            out += tied if len(tied) == 1 else rank(tied)
        return out

    order = rank(list(members))
    return RollOff(tuple(rolls), tuple(order))
