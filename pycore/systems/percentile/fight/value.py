"""The fight as one immutable value (FIGHT.md): sides and their members linked to the sheets by
id, surprise, the order of attack, the round and piece, each fighter's live values (damage
record, AP ledger, damage modifier) and the attack under way.

The steps on it are in :mod:`.turns` (surprise, order, rounds, turns, AP) and :mod:`.attack`; the
saved form is :mod:`.codec`. Sides and members change here, as plain edits of the value.

>>> f = Fight((Fighter("c1", "Ann"), Fighter("c2", "Bob")))
>>> f = add_member(add_member(f, 0, "c1"), 1, "c2")
>>> [(s.name, [m.id for m in s.members]) for s in f.sides]
[('Side A', ['c1']), ('Side B', ['c2'])]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pycore.errors import RuleError
from pycore.step import Step
from pycore.systems.percentile import combat, sides
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import Hit
from pycore.systems.percentile.checks import parse_number
from pycore.systems.percentile.limits import MAX_RANGE_M  # R-F: the attack form's range
from pycore.systems.percentile.roster import Fighter
from pycore.systems.percentile.sides import PrimaryAttack
from pycore.validate import checked

MODIFIER_RANGE = 100_000  # R-F: Table #3-7.0 modifiers
AP_RANGE = 100_000
RANGE_LABEL = "Range (m)"
#: Said where a step waits for the attack under way; it names the button that sets it aside, which
#: stands beside each such refusal (the round's own, at its top, is out of sight of the set-up's
#: cards at 768x1024).
WAITING = "An attack is under way: finish it, or tap Set the attack aside, first."


@checked
def refuse_while_under_way(fight: Fight, before: str) -> None:
    """Refuses a change of the sides while an attack is under way (its roll or its question), in
    the words the attack form's choices are refused with: the attack's dice and answer belong to
    its two fighters and its turn (FIGHT.md's first law); ``before`` says what waits for it."""
    pending = fight.pending
    if pending is None:
        return
    names = [
        f.name if (f := fight.fighter(str(pending.form.get(k) or ""))) else "?"
        for k in ("attacker", "target")
    ]
    raise RuleError(
        f"{names[0]}'s attack on {names[1]} is under way: roll it on or answer its question, "
        f"or tap Set the attack aside, before {before}."
    )


@dataclass(frozen=True)
class Note:
    """A step told in words only (a new piece, a severity roll, an attack set aside): the GM's
    line, the players' line (``""``: nothing for them) and the rules it applied."""

    text: str
    public: str = ""
    rules: tuple[str, ...] = ()

    @property
    def step(self) -> Step:
        return Step(self.text, self.public, self.rules)

    def __str__(self) -> str:
        return self.text


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
