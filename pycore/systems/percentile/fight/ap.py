"""Agility points in the fight (PCT-24–PCT-29): AP spent, borrowed from the next turn (3 for 1)
or owed to a stun, and the turn a fighter takes (which decides what "the next turn" is that pays
back a borrowing, PCT-27). The ledger's arithmetic is :mod:`pycore.systems.percentile.agility`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.errors import RuleError
from pycore.step import Step
from pycore.systems.percentile import agility
from pycore.systems.percentile.checks import fmt, parse_number
from pycore.systems.percentile.fight.value import AP_RANGE, Fight
from pycore.validate import checked


@dataclass(frozen=True)
class ApChange:
    """AP spent, borrowed (3 for 1, PCT-27) or owed to a stun (modifier ÷ 10, PCT-28)."""

    name: str
    kind: str  # spend | borrow | stun
    amount: Fraction
    #: what the AP spent paid for, in words ("moves into hand-to-hand range"); "" when the GM
    #: spent them on the Agility points card without naming the action
    what: str = ""

    def __str__(self) -> str:
        if self.kind == "borrow":
            return (
                f"{self.name} borrows {fmt(self.amount)} AP of the next turn for "
                f"{fmt(self.amount / agility.BORROW_RATE)} now"
            )
        if self.kind == "stun":
            if not self.amount:  # issue 29 round 2 item 2: no "modifier 0 → 0 AP owed"
                return f"{self.name} is not stunned: a Table #3-7.0 modifier of 0 costs no AP"
            owed = fmt(self.amount / agility.STUN_DIVISOR)
            return (
                f"{self.name} is stunned: {owed} AP lost (Table #3-7.0 modifier {fmt(self.amount)})"
            )
        if self.what and not self.amount:  # the GM let the action cost nothing
            return f"{self.name} {self.what}: no AP spent (the GM's call)"
        if self.what:
            return f"{self.name} {self.what}: spends {fmt(self.amount)} AP"
        return f"{self.name} spends {fmt(self.amount)} AP"

    @property
    def step(self) -> Step:
        rules = {"borrow": ("PCT-27",), "stun": ("PCT-28",)}.get(self.kind, ("PCT-24",))
        stunned = self.kind == "stun" and self.amount
        return Step(str(self), f"{self.name} is stunned" if stunned else "", rules)


def ap_amount(text: str) -> Fraction:
    return parse_number("AP amount", text, 0, AP_RANGE, whole=False)


@checked
def change_ap(
    fight: Fight, cid: str, kind: str, amount: Fraction, what: str = "", *, to_come: bool = False
) -> tuple[Fight, ApChange]:
    """Spend (PCT-24), borrow (PCT-27, when on) or owe to a stun (PCT-28, when on); ``what``:
    the action the AP spent pay for, named in the log line; ``to_come``: a piece of this
    round still gives him a turn, which pays the stun (:func:`agility.stun`, PCT-26).

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> f = fight_from_json({"characters": [{"id": "a", "name": "Ann"}]})
    >>> print(change_ap(f, "a", "spend", Fraction(5), "moves into hand-to-hand range")[1])
    Ann moves into hand-to-hand range: spends 5 AP
    """
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
        ledger = agility.stun(fighter.ledger, amount, turn_to_come=to_come)
    else:
        raise RuleError(f"AP change must be spend, borrow or stun, got {kind!r}")
    change = ApChange(fighter.name, kind, amount, what if kind == "spend" else "")
    return fight.with_fighter(replace(fighter, ledger=ledger)), change


@checked
def take_turn(fight: Fight, cid: str) -> Fight:
    """The turn has come to ``cid``: their ledger's turn is one they had, so what they borrowed is
    paid by it and not carried to their next (PCT-27, line 74; :func:`agility.start_turn`)."""
    fighter = fight.fighter(cid)
    if fighter is None:
        return fight
    return fight.with_fighter(replace(fighter, ledger=agility.take(fighter.ledger)))
