"""The fight as one immutable value (FIGHT.md): sides and their members linked to the sheets by
id, surprise, the order of attack, the round and piece, each fighter's live values (damage
record, AP ledger, damage modifier) and the attack under way.

Every action is a transition ``fight, result = step(fight, ...)``; the result's ``str()`` is the
log line. Rolls come from an injected source. What the rules forbid is refused with a
:class:`~pycore.errors.RuleError` in words; where the text is silent the step waits for the value.
The attack itself is in :mod:`pycore.systems.percentile.fight_attack`, the saved form in
:mod:`pycore.systems.percentile.fight_codec`.

>>> import random
>>> f = Fight((Fighter("c1", "Ann"), Fighter("c2", "Bob")))
>>> f = add_member(add_member(f, 0, "c1"), 1, "c2")
>>> f, rolled = roll_surprise(f, random.Random(1))
>>> f.surprise.winner in ("Side A", "Side B")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.percentile import combat, sides
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import Hit
from pycore.systems.percentile.checks import parse_number, roll_percent
from pycore.systems.percentile.roster import Fighter
from pycore.systems.percentile.sides import PrimaryAttack
from pycore.validate import checked

MODIFIER_RANGE = 100_000  # R-F: Table #3-7.0 modifiers
AP_RANGE = 100_000
MAX_RANGE_M = 100_000  # R-F: the attack form's range
RANGE_LABEL = "Range (m)"
WAITING = "An attack is under way: finish it or set it aside first."


@dataclass(frozen=True)
class Member:
    """A character on a side; its a3 Alertness Condition (blank: the sheet's) is a level of the
    GM's Table #3-5 or a percentage, two separate entries so "4" is never read both ways."""

    id: str
    asleep: bool = False
    alertness: str = ""  # the Alertness Percentage typed in
    alertness_level: str = ""  # a level named on Table #3-5


@dataclass(frozen=True)
class Side:
    """PCT-06: a side; ``modifier`` is the GM's damage modifier for it (blank: the members'
    mean) and ``alertness`` / ``alertness_level`` its a2 Alertness Condition."""

    name: str
    members: tuple[Member, ...] = ()
    modifier: str = ""
    alertness: str = ""
    alertness_level: str = ""


@dataclass(frozen=True)
class SurpriseOutcome:
    winner: str
    text: str


@dataclass(frozen=True)
class PendingAttack:
    """The attack under way: the form it was declared with and its steps so far (``hit.stage``
    is the next: a roll, or a question such as the body part or the stun)."""

    form: Mapping[str, str]
    hit: Hit


def _two_sides() -> tuple[Side, ...]:
    return (Side("Side A"), Side("Side B"))


@dataclass(frozen=True)
class Fight:
    fighters: tuple[Fighter, ...] = ()
    sides: tuple[Side, ...] = field(default_factory=_two_sides)
    settings: combat.Settings = field(default_factory=combat.Settings)
    tables: gm.Tables = field(default_factory=dict)
    round: int = 1
    piece: int = 1
    order: PrimaryAttack | None = None
    surprise: SurpriseOutcome | None = None
    attacked: tuple[str, ...] = ()
    raise_alertness: tuple[str, ...] = ()
    turn: int = -1  # index into this round's turn order; -1 before the round's first turn
    pending: PendingAttack | None = None
    last: tuple[str, ...] = ()
    last_why: tuple[str, ...] = ()
    last_severity: str | None = None
    headline: str = ""  # the last attack step's verdict, in a few words
    # PCT-05/PCT-33: the range last set between two fighters (ids sorted), kept until changed
    ranges: tuple[tuple[str, str, str], ...] = ()

    def fighter(self, cid: str) -> Fighter | None:
        return next((f for f in self.fighters if f.id == cid), None)

    def with_fighter(self, fighter: Fighter) -> Fight:
        return replace(
            self, fighters=tuple(fighter if f.id == fighter.id else f for f in self.fighters)
        )

    @property
    def member_ids(self) -> list[str]:
        return [m.id for side in self.sides for m in side.members]

    def member(self, cid: str) -> Member | None:
        return next((m for side in self.sides for m in side.members if m.id == cid), None)


# --- Sides and members -------------------------------------------------------------------------


@checked
def with_side(fight: Fight, index: int, side: Side) -> Fight:
    return replace(fight, sides=tuple(side if i == index else s for i, s in enumerate(fight.sides)))


@checked
def side_at(fight: Fight, index: int) -> Side:
    if not 0 <= index < len(fight.sides):
        raise RuleError(f"side {index + 1} does not exist")
    return fight.sides[index]


@checked
def add_side(fight: Fight) -> Fight:
    if len(fight.sides) >= sides.MAX_SIDES:
        raise RuleError(f"a fight has at most {sides.MAX_SIDES} sides")
    taken = {s.name for s in fight.sides}
    name = next(f"Side {chr(65 + i)}" for i in range(26) if f"Side {chr(65 + i)}" not in taken)
    return replace(fight, sides=(*fight.sides, Side(name)))


@checked
def rename_side(fight: Fight, index: int, name: str) -> Fight:
    name = name.strip()
    if not name or any(s.name == name for i, s in enumerate(fight.sides) if i != index):
        raise RuleError("Side name must be filled in and differ from the other sides.")
    return with_side(fight, index, replace(side_at(fight, index), name=name))


@checked
def set_side_modifier(fight: Fight, index: int, text: str) -> Fight:
    """The GM's damage modifier for a side (blank: the mean of its awake members', PCT-06)."""
    if text.strip():
        parse_number("Side damage modifier", text, -MODIFIER_RANGE, MODIFIER_RANGE)
    return with_side(fight, index, replace(side_at(fight, index), modifier=text.strip()))


@checked
def set_side_alertness(fight: Fight, index: int, text: str, *, level: bool = False) -> Fight:
    """The side's a2 Alertness Condition: a percentage, or (``level``) a level of Table #3-5."""
    side = side_at(fight, index)
    if level:
        return with_side(fight, index, replace(side, alertness_level=_level(fight, text)))
    return with_side(fight, index, replace(side, alertness=_percent_text(text)))


def _level(fight: Fight, text: str) -> str:
    name = text.strip()
    levels = gm.alertness_levels(fight.tables)
    if name and name not in levels:
        shown = ", ".join(levels) or "none entered yet"
        raise RuleError(f"Alertness level must be one of Table #3-5's: {shown}; got {name!r}")
    return name


def _percent_text(text: str) -> str:
    if text.strip():
        parse_number("Alertness Percentage", text, 0, 100)
    return text.strip()


@checked
def add_member(fight: Fight, index: int, cid: str) -> Fight:
    """A character joins side ``index`` (and leaves any other side)."""
    side_at(fight, index)
    if fight.fighter(cid) is None:
        raise RuleError(f"no character {cid!r}")
    out = tuple(
        replace(
            s,
            members=tuple(m for m in s.members if m.id != cid)
            + ((Member(cid),) if i == index else ()),
        )
        for i, s in enumerate(fight.sides)
    )
    return replace(fight, sides=out)


def _edit_member(fight: Fight, index: int, cid: str, **changes: Any) -> Fight:
    side = side_at(fight, index)
    members = tuple(replace(m, **changes) if m.id == cid else m for m in side.members)
    return with_side(fight, index, replace(side, members=members))


@checked
def remove_member(fight: Fight, index: int, cid: str) -> Fight:
    side = side_at(fight, index)
    members = tuple(m for m in side.members if m.id != cid)
    return with_side(fight, index, replace(side, members=members))


@checked
def toggle_asleep(fight: Fight, index: int, cid: str) -> Fight:
    """PCT-06: sleeping members are left out of the side's averages."""
    member = next((m for m in side_at(fight, index).members if m.id == cid), None)
    return _edit_member(fight, index, cid, asleep=not (member and member.asleep))


@checked
def set_member_alertness(
    fight: Fight, index: int, cid: str, text: str, *, level: bool = False
) -> Fight:
    """A member's a3 Alertness Condition: a percentage, or (``level``) a level of Table #3-5."""
    if level:
        return _edit_member(fight, index, cid, alertness_level=_level(fight, text))
    return _edit_member(fight, index, cid, alertness=_percent_text(text))


# --- Range between two fighters (PCT-05, PCT-33) ------------------------------------------------


@checked
def range_between(fight: Fight, a: str, b: str) -> str:
    """The range last set between ``a`` and ``b`` (either way round), "" while nobody has said.

    >>> f = set_range(Fight((Fighter("c1", "Ann"), Fighter("c2", "Bob"))), "c2", "c1", "12")
    >>> range_between(f, "c1", "c2"), range_between(f, "c1", "c3")
    ('12', '')
    """
    pair = tuple(sorted((a, b)))
    return next((r for x, y, r in fight.ranges if (x, y) == pair), "")


@checked
def set_range(fight: Fight, a: str, b: str, text: str) -> Fight:
    """The range between two fighters, kept for every attack between them until changed (the
    fight so far, FIGHT.md); blank forgets it."""
    first, second = fight.fighter(a), fight.fighter(b)
    if first is None or second is None or a == b:
        raise RuleError("Choose the attacker and the target first: the range is between them.")
    if text.strip():
        parse_number(RANGE_LABEL, text, 0, MAX_RANGE_M)
    pair = tuple(sorted((a, b)))
    kept = tuple(r for r in fight.ranges if (r[0], r[1]) != pair)
    new = ((pair[0], pair[1], text.strip()),) if text.strip() else ()
    return replace(fight, ranges=kept + new)


# --- Surprise (PCT-09–PCT-17) ------------------------------------------------------------------


@checked
def alertness_percent(tables: gm.Tables, level: str, percent: str, who: str) -> Fraction:
    """An Alertness Condition's percentage: the level's on the GM's Table #3-5, else the
    percentage typed in (saved data from before the two entries: a level name typed as text).

    >>> t = {"PCT-M01": [{"level": 4, "name": "wary", "percent": 66}]}
    >>> alertness_percent(t, "wary", "", "Ann"), alertness_percent(t, "", "4", "Ann")
    (Fraction(66, 1), Fraction(4, 1))
    >>> alertness_percent({}, "", "", "Ann")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Ann: choose an Alertness level of Table #3-5 or enter the Alertness Percentage
    """
    levels = gm.alertness_levels(tables)
    name = level.strip() or (percent.strip() if percent.strip() in levels else "")
    if name:
        if name not in levels:
            raise RuleError(f"{who}: Alertness level {name!r} is not on Table #3-5")
        return Fraction(gm.alertness_percent(tables, name) or 0)
    if not percent.strip():
        raise RuleError(
            f"{who}: choose an Alertness level of Table #3-5 or enter the Alertness Percentage"
        )
    return parse_number(f"{who} Alertness Percentage", percent, 0, 100)


def _member_alertness(fight: Fight, member: Member, fighter: Fighter) -> Fraction:
    """a3: the member's own entry for this fight, else the sheet's."""
    if member.alertness_level or member.alertness:
        return alertness_percent(
            fight.tables, member.alertness_level, member.alertness, fighter.name
        )
    return alertness_percent(fight.tables, fighter.alertness_level, fighter.alertness, fighter.name)


def _awake(fight: Fight, side: Side) -> list[tuple[Member, Fighter]]:
    pairs = [(m, fight.fighter(m.id)) for m in side.members if not m.asleep]
    return [(m, f) for m, f in pairs if f is not None]


@checked
def side_modifier(fight: Fight, side: Side) -> Fraction:
    """PCT-11: the side's damage modifier, the GM's or its awake members' mean (PCT-06)."""
    if side.modifier.strip():
        return parse_number(
            f"{side.name} damage modifier", side.modifier, -MODIFIER_RANGE, MODIFIER_RANGE
        )
    return sides.side_modifier([f.damage_modifier for _, f in _awake(fight, side)])


@checked
def side_modifiers(fight: Fight) -> dict[str, Fraction]:
    return {side.name: side_modifier(fight, side) for side in fight.sides}


@checked
def surprise_sides(fight: Fight) -> dict[str, sides.SurpriseSide]:
    """What each side brings to the surprise check under the chosen procedure (PCT-12–14)."""
    procedure = fight.settings.surprise
    out = {}
    for side in fight.sides:
        awake = _awake(fight, side)
        member_alertness: tuple[Fraction | None, ...] = ()
        side_alertness = None
        if procedure == "a3":
            member_alertness = tuple(_member_alertness(fight, m, f) for m, f in awake)
        if procedure == "a2":
            side_alertness = alertness_percent(
                fight.tables, side.alertness_level, side.alertness, side.name
            )
        out[side.name] = sides.SurpriseSide(
            tuple(f.perception for _, f in awake),
            member_alertness,
            side_alertness,
            side_modifier(fight, side),
        )
    return out


@checked
def surprise_targets(fight: Fight) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Every side's target and damage modifier (the core picks the procedure's formula)."""
    return sides.surprise_targets(_procedure(fight), surprise_sides(fight))


@checked
def surprise_chances(fight: Fight) -> dict[str, Fraction]:
    return sides.surprise_chances(_procedure(fight), surprise_sides(fight))


def _procedure(fight: Fight) -> str:
    if fight.settings.surprise == "none":
        raise RuleError("Surprise is switched off in the settings.")
    return fight.settings.surprise


@checked
def roll_surprise(fight: Fight, rng: RandintSource) -> tuple[Fight, sides.SurpriseResult]:
    """PCT-09–15: every side rolls; the lowest score has the one and only turn of this round."""
    targets, mods = surprise_targets(fight)
    result = sides.roll_surprise(targets, rng, mods)
    return replace(fight, surprise=SurpriseOutcome(result.winner, str(result))), result


@checked
def higher_alertness(fight: Fight, cid: str) -> list[str] | None:
    """PCT-17: the levels an attacked character may rise to (None while Table #3-5 is empty)."""
    levels = gm.alertness_levels(fight.tables)
    if not levels:
        return None
    member = fight.member(cid)
    fighter = fight.fighter(cid)
    entries = [
        *((member.alertness_level, member.alertness) if member else ()),
        *((fighter.alertness_level, fighter.alertness) if fighter else ()),
    ]
    current = next((e for e in entries if e in levels), None)
    return sides.higher_levels(levels, current)


# --- Order of attack (PCT-18–PCT-23) -----------------------------------------------------------


@checked
def order_chances(fight: Fight) -> dict[str, Fraction]:
    return sides.first_odds(side_modifiers(fight))


@dataclass(frozen=True)
class OrderStep:
    """The order rolled, the sides that act this round and the rule that decided which."""

    rolled: sides.OrderRoll
    acting: tuple[str, ...]
    reason: str

    def __str__(self) -> str:
        return f"{self.rolled} · this round: {', '.join(self.acting)} ({self.reason})"


@checked
def roll_order(fight: Fight, rng: RandintSource) -> tuple[Fight, OrderStep]:
    """PCT-18/19: every side rolls 1:100sd plus its damage modifier; lowest attacks first. The
    step says who acts this round and why: SURPRISE (PCT-09, line 49) comes before the lead of
    30 (PCT-21, line 60)."""
    rolled = sides.roll_primary_attack(side_modifiers(fight), rng)
    fight = replace(fight, order=rolled.result)
    acting, reason = acting_now(fight)
    return fight, OrderStep(rolled, tuple(acting), reason)


def _order(fight: Fight) -> PrimaryAttack:
    if fight.order is None:
        raise RuleError("Roll the order of attack first.")
    return fight.order


@checked
def pass_order(fight: Fight) -> tuple[Fight, PrimaryAttack]:
    """PCT-22: the side with Primary Attack passes and acts last."""
    order = _order(fight)
    if order.passed:
        raise RuleError("Primary attack has already been passed this round.")
    passed = sides.pass_primary(order)
    return replace(fight, order=passed), passed


@dataclass(frozen=True)
class Joined:
    """PCT-23: a side joining the fight, its rolls (re-rolled on an equal result) and the order."""

    side: str
    rolls: tuple[int, ...]
    order: PrimaryAttack

    def __str__(self) -> str:
        dice = ", ".join(str(r) for r in self.rolls)
        return f"{self.side} joins: 1:100sd ({dice}); {self.order}"


@checked
def join_order(fight: Fight, name: str, rng: RandintSource) -> tuple[Fight, Joined]:
    order = _order(fight)
    if name not in {s.name for s in fight.sides}:
        raise RuleError(f"no side {name!r}")
    modifier = side_modifier(fight, next(s for s in fight.sides if s.name == name))
    rolls: list[int] = []
    for _ in range(sides.MAX_REROLLS):
        rolls.append(roll_percent(rng))
        joined = sides.join(order, name, rolls[-1] + modifier)
        if not joined.reroll:
            return replace(fight, order=joined), Joined(name, tuple(rolls), joined)
    raise RuleError("join: still tied after 1000 re-rolls")  # pragma: no cover


@checked
def acting_sides(fight: Fight) -> list[str]:
    return acting_now(fight)[0]


@checked
def acting_now(fight: Fight) -> tuple[list[str], str]:
    """The sides that act this round, in order, and the rule that decided it in words.

    >>> f = Fight(order=sides.primary_attack({"Patrol": 10, "Raiders": 50}),
    ...     surprise=SurpriseOutcome("Raiders", ""))
    >>> acting_now(f)
    (['Raiders'], 'Raiders have SURPRISE: the only turn of this round')
    >>> acting_now(replace(f, surprise=None))
    (['Patrol'], 'Patrol leads by 30 or more: the only attack this round')
    """
    order = _order(fight)
    winner = fight.surprise.winner if fight.surprise else None
    acting = combat.acting_sides(order.order, order.exclusive, winner)
    if winner is not None:
        return acting, f"{winner} have SURPRISE: the only turn of this round"
    if order.exclusive:
        return acting, f"{acting[0]} leads by 30 or more: the only attack this round"
    if order.passed:
        return acting, f"{order.passed[0]} passed Primary Attack and acts last"
    return acting, "lowest result first"


@checked
def members_of(fight: Fight, ids: Sequence[str]) -> list[Fighter]:
    return [f for cid in ids if (f := fight.fighter(cid)) is not None]
