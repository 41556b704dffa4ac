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
from pycore.systems.percentile import agility, combat, sides
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import Hit
from pycore.systems.percentile.checks import fmt, parse_number, roll_percent
from pycore.systems.percentile.roster import Fighter
from pycore.systems.percentile.sides import PrimaryAttack

MODIFIER_RANGE = 100_000  # R-F: Table #3-7.0 modifiers
AP_RANGE = 100_000


@dataclass(frozen=True)
class Member:
    """A character on a side; ``alertness`` is the a3 Alertness Condition (blank: the sheet's)."""

    id: str
    asleep: bool = False
    alertness: str = ""


@dataclass(frozen=True)
class Side:
    """PCT-06: a side; ``modifier`` is the GM's damage modifier for it (blank: the members'
    mean) and ``alertness`` its a2 Alertness Condition."""

    name: str
    members: tuple[Member, ...] = ()
    modifier: str = ""
    alertness: str = ""


@dataclass(frozen=True)
class SurpriseOutcome:
    winner: str
    text: str


@dataclass(frozen=True)
class PendingAttack:
    """An attack that hit and waits: the form it was rolled with, its to-hit step and the field
    that answers the wait (``part`` for the body part, else the value asked for)."""

    form: Mapping[str, str]
    hit: Hit
    field: str = "part"


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
    pending: PendingAttack | None = None
    last: tuple[str, ...] = ()
    last_why: tuple[str, ...] = ()
    last_severity: str | None = None

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


def _with_side(fight: Fight, index: int, side: Side) -> Fight:
    return replace(fight, sides=tuple(side if i == index else s for i, s in enumerate(fight.sides)))


def _side(fight: Fight, index: int) -> Side:
    if not 0 <= index < len(fight.sides):
        raise RuleError(f"side {index + 1} does not exist")
    return fight.sides[index]


def add_side(fight: Fight) -> Fight:
    if len(fight.sides) >= sides.MAX_SIDES:
        raise RuleError(f"a fight has at most {sides.MAX_SIDES} sides")
    taken = {s.name for s in fight.sides}
    name = next(f"Side {chr(65 + i)}" for i in range(26) if f"Side {chr(65 + i)}" not in taken)
    return replace(fight, sides=(*fight.sides, Side(name)))


def rename_side(fight: Fight, index: int, name: str) -> Fight:
    name = name.strip()
    if not name or any(s.name == name for i, s in enumerate(fight.sides) if i != index):
        raise RuleError("Side name must be filled in and differ from the other sides.")
    return _with_side(fight, index, replace(_side(fight, index), name=name))


def set_side_modifier(fight: Fight, index: int, text: str) -> Fight:
    """The GM's damage modifier for a side (blank: the mean of its awake members', PCT-06)."""
    if text.strip():
        parse_number("Side damage modifier", text, -MODIFIER_RANGE, MODIFIER_RANGE)
    return _with_side(fight, index, replace(_side(fight, index), modifier=text.strip()))


def set_side_alertness(fight: Fight, index: int, text: str) -> Fight:
    return _with_side(fight, index, replace(_side(fight, index), alertness=text.strip()))


def add_member(fight: Fight, index: int, cid: str) -> Fight:
    """A character joins side ``index`` (and leaves any other side)."""
    _side(fight, index)
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
    side = _side(fight, index)
    members = tuple(replace(m, **changes) if m.id == cid else m for m in side.members)
    return _with_side(fight, index, replace(side, members=members))


def remove_member(fight: Fight, index: int, cid: str) -> Fight:
    side = _side(fight, index)
    members = tuple(m for m in side.members if m.id != cid)
    return _with_side(fight, index, replace(side, members=members))


def toggle_asleep(fight: Fight, index: int, cid: str) -> Fight:
    """PCT-06: sleeping members are left out of the side's averages."""
    member = next((m for m in _side(fight, index).members if m.id == cid), None)
    return _edit_member(fight, index, cid, asleep=not (member and member.asleep))


def set_member_alertness(fight: Fight, index: int, cid: str, text: str) -> Fight:
    return _edit_member(fight, index, cid, alertness=text.strip())


# --- Surprise (PCT-09–PCT-17) ------------------------------------------------------------------


def alertness_percent(tables: gm.Tables, text: str, who: str) -> Fraction:
    """An Alertness Condition: a level of the GM's Table #3-5, or a percentage typed in.

    >>> alertness_percent({}, "40", "Ann")
    Fraction(40, 1)
    >>> alertness_percent({}, "", "Ann")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Ann: enter the Alertness Percentage or a level of Table #3-5
    """
    name = text.strip()
    if name and name in gm.alertness_levels(tables):
        return Fraction(gm.alertness_percent(tables, name) or 0)
    if not name:
        raise RuleError(f"{who}: enter the Alertness Percentage or a level of Table #3-5")
    return parse_number(f"{who} Alertness Percentage", name, 0, 100)


def _awake(fight: Fight, side: Side) -> list[tuple[Member, Fighter]]:
    pairs = [(m, fight.fighter(m.id)) for m in side.members if not m.asleep]
    return [(m, f) for m, f in pairs if f is not None]


def side_modifier(fight: Fight, side: Side) -> Fraction:
    """PCT-11: the side's damage modifier, the GM's or its awake members' mean (PCT-06)."""
    if side.modifier.strip():
        return parse_number(
            f"{side.name} damage modifier", side.modifier, -MODIFIER_RANGE, MODIFIER_RANGE
        )
    return sides.side_modifier([f.damage_modifier for _, f in _awake(fight, side)])


def side_modifiers(fight: Fight) -> dict[str, Fraction]:
    return {side.name: side_modifier(fight, side) for side in fight.sides}


def surprise_sides(fight: Fight) -> dict[str, sides.SurpriseSide]:
    """What each side brings to the surprise check under the chosen procedure (PCT-12–14)."""
    procedure = fight.settings.surprise
    out = {}
    for side in fight.sides:
        awake = _awake(fight, side)
        member_alertness: tuple[Fraction | None, ...] = ()
        side_alertness = None
        if procedure == "a3":
            member_alertness = tuple(
                alertness_percent(fight.tables, m.alertness or f.alertness, f.name)
                for m, f in awake
            )
        if procedure == "a2":
            side_alertness = alertness_percent(fight.tables, side.alertness, side.name)
        out[side.name] = sides.SurpriseSide(
            tuple(f.perception for _, f in awake),
            member_alertness,
            side_alertness,
            side_modifier(fight, side),
        )
    return out


def surprise_targets(fight: Fight) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Every side's target and damage modifier (the core picks the procedure's formula)."""
    return sides.surprise_targets(_procedure(fight), surprise_sides(fight))


def surprise_chances(fight: Fight) -> dict[str, Fraction]:
    return sides.surprise_chances(_procedure(fight), surprise_sides(fight))


def _procedure(fight: Fight) -> str:
    if fight.settings.surprise == "none":
        raise RuleError("Surprise is switched off in the settings.")
    return fight.settings.surprise


def roll_surprise(fight: Fight, rng: RandintSource) -> tuple[Fight, sides.SurpriseResult]:
    """PCT-09–15: every side rolls; the lowest score has the one and only turn of this round."""
    targets, mods = surprise_targets(fight)
    result = sides.roll_surprise(targets, rng, mods)
    return replace(fight, surprise=SurpriseOutcome(result.winner, str(result))), result


def higher_alertness(fight: Fight, cid: str) -> list[str] | None:
    """PCT-17: the levels an attacked character may rise to (None while Table #3-5 is empty)."""
    levels = gm.alertness_levels(fight.tables)
    if not levels:
        return None
    member = fight.member(cid)
    fighter = fight.fighter(cid)
    current = (member.alertness if member else "") or (fighter.alertness if fighter else "")
    return sides.higher_levels(levels, current or None)


# --- Order of attack (PCT-18–PCT-23) -----------------------------------------------------------


def order_chances(fight: Fight) -> dict[str, Fraction]:
    return sides.first_odds(side_modifiers(fight))


def roll_order(fight: Fight, rng: RandintSource) -> tuple[Fight, sides.OrderRoll]:
    """PCT-18/19: every side rolls 1:100sd plus its damage modifier; lowest attacks first."""
    rolled = sides.roll_primary_attack(side_modifiers(fight), rng)
    return replace(fight, order=rolled.result), rolled


def _order(fight: Fight) -> PrimaryAttack:
    if fight.order is None:
        raise RuleError("Roll the order of attack first.")
    return fight.order


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


def acting_sides(fight: Fight) -> list[str]:
    order = _order(fight)
    winner = fight.surprise.winner if fight.surprise else None
    return combat.acting_sides(order.order, order.exclusive, winner)


# --- Rounds and pieces (PCT-07, PCT-26) --------------------------------------------------------


@dataclass(frozen=True)
class RoundStarted:
    round: int

    def __str__(self) -> str:
        return combat.round_seconds(self.round)


def next_round(fight: Fight) -> tuple[Fight, RoundStarted]:
    """A new round: every member starts a turn (stun debt and borrowing paid, PCT-27/28); whoever
    was attacked must rise an Alertness Condition (PCT-17); the order is rolled again when due
    (b2, pieces) and a pass lasts one round (PCT-22)."""
    if fight.pending is not None:
        raise RuleError("An attack is waiting for its body part: answer it or cancel it first.")
    fighters = tuple(
        replace(f, ledger=agility.start_turn(f.ledger)) if f.id in fight.member_ids else f
        for f in fight.fighters
    )
    number = fight.round + 1
    order = fight.order
    if combat.order_roll_due(fight.settings, number):
        order = None
    elif order is not None:
        # PCT-21/22: the b1 order returns sorted by its results; its exclusive attack was the
        # first round's only, and a pass lasted one round.
        order = replace(sides.primary_attack(order.results), exclusive=False)
    started = replace(
        fight,
        fighters=fighters,
        round=number,
        piece=1,
        surprise=None,
        order=order,
        raise_alertness=fight.attacked,
        attacked=(),
    )
    return started, RoundStarted(number)


def next_piece(fight: Fight) -> tuple[Fight, str]:
    """PCT-26: each piece is a whole turn: the order is checked again."""
    piece = fight.piece + 1
    return replace(
        fight, piece=piece, order=None
    ), f"piece {piece} of the round: roll the order again"


def pieces_text(fighter: Fighter, fight: Fight) -> str:
    """PCT-26: this turn's AP cut into pieces of the chosen size, each a fraction of 5 s."""
    if fighter.ledger.available <= 0:
        return "no-movement turn: no pieces"
    pieces = agility.turn_pieces(fighter.ledger.available, fight.settings.piece)
    shown = "; ".join(str(p) for p in pieces[:3])
    return f"{len(pieces)} pieces: {shown}" + ("; …" if len(pieces) > 3 else "")


# --- Agility points (PCT-24–PCT-29) ------------------------------------------------------------


@dataclass(frozen=True)
class ApChange:
    """AP spent, borrowed (3 for 1, PCT-27) or owed to a stun (modifier ÷ 10, PCT-28)."""

    name: str
    kind: str  # spend | borrow | stun
    amount: Fraction

    def __str__(self) -> str:
        if self.kind == "borrow":
            return (
                f"{self.name} borrows {fmt(self.amount)} AP of the next turn for "
                f"{fmt(self.amount / agility.BORROW_RATE)} now"
            )
        if self.kind == "stun":
            owed = fmt(self.amount / agility.STUN_DIVISOR)
            return f"{self.name} stunned: Table #3-7.0 modifier {fmt(self.amount)} → {owed} AP owed"
        return f"{self.name} spends {fmt(self.amount)} AP"


def ap_amount(text: str) -> Fraction:
    return parse_number("AP amount", text, 0, AP_RANGE, whole=False)


def change_ap(fight: Fight, cid: str, kind: str, amount: Fraction) -> tuple[Fight, ApChange]:
    """Spend (PCT-24), borrow (PCT-27, when on) or owe to a stun (PCT-28, when on)."""
    fighter = fight.fighter(cid)
    if fighter is None:
        raise RuleError(f"no character {cid!r}")
    if kind == "spend":
        ledger = agility.spend(fighter.ledger, amount)
    elif kind == "borrow":
        if not fight.settings.borrowing:
            raise RuleError("Borrowing is switched off in the settings.")
        ledger = agility.borrow(fighter.ledger, amount)
    elif kind == "stun":
        if not fight.settings.stun:
            raise RuleError("Damage stun is switched off in the settings.")
        ledger = agility.stun(fighter.ledger, amount)
    else:
        raise RuleError(f"AP change must be spend, borrow or stun, got {kind!r}")
    return fight.with_fighter(replace(fighter, ledger=ledger)), ApChange(fighter.name, kind, amount)


@dataclass(frozen=True)
class SideRollOff:
    """PCT-07: a side's members ordered by a roll-off, with their names."""

    side: str
    rolloff: sides.RollOff
    names: Mapping[str, str]

    def __str__(self) -> str:
        dice = ", ".join(f"{self.names[c]} {r}" for c, r in self.rolloff.rolls)
        order = ", ".join(self.names[c] for c in self.rolloff.order)
        return f"{self.side} roll-off within the side 1:100sd ({dice}): {order}"


def roll_off(fight: Fight, index: int, rng: RandintSource) -> tuple[Fight, SideRollOff]:
    side = _side(fight, index)
    names = {m.id: (f.name if (f := fight.fighter(m.id)) else m.id) for m in side.members}
    off = sides.roll_within_side([m.id for m in side.members], rng)
    by_id = {m.id: m for m in side.members}
    ordered = replace(side, members=tuple(by_id[c] for c in off.order))
    return _with_side(fight, index, ordered), SideRollOff(side.name, off, names)


def members_of(fight: Fight, ids: Sequence[str]) -> list[Fighter]:
    return [f for cid in ids if (f := fight.fighter(cid)) is not None]
