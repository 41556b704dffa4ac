"""What an attack costs in Agility Points under procedure c2 (PCT-24, PCT-29: "every action costs
AP", line 68, spent per Table #3-6, line 78), and paying it.

The text names Table #3-6 but leaves its values out (PCT-M03): an attack's cost is the one set
in this attack, else the GM's row of Table #3-6 for it; while there is none the attack waits
for the GM's value, which goes into Table #3-6 so that it is asked once. An attack the fighter
cannot pay is refused in words; the GM may allow it, and the override is logged.

>>> from pycore.systems.percentile.fight.codec import fight_from_json
>>> f = fight_from_json({"characters": [{"id": "a", "name": "Ann",
...     "weapons": [{"name": "FIST", "category": "hth"}]}, {"id": "b", "name": "Bob"}]})
>>> form = {"attacker": "a", "target": "b", "weapon": "0"}
>>> attack_cost(f, form)
('an attack with the FIST', None)
>>> f = set_action_cost(f, form, "20")
>>> attack_cost(f, form)
('an attack with the FIST', Fraction(20, 1))
>>> print(refusal(f, form, Fraction(60)))
Ann cannot pay for an attack with the FIST: it costs 60 AP and 50 are left this turn
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.errors import RuleError
from pycore.systems.percentile import agility
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import MissingValue
from pycore.systems.percentile.checks import fmt, parse_number
from pycore.systems.percentile.fight.setup import ATTACK_NUMBERS, number
from pycore.systems.percentile.fight.value import Fight
from pycore.validate import checked

Form = Mapping[str, str]
TABLE = "PCT-M03"  # Table #3-6, the actions and their AP costs


def _names(fight: Fight, form: Form) -> tuple[str, str]:
    """The attacker's name and the attack as Table #3-6 lists it."""
    attacker = fight.fighter(str(form.get("attacker") or ""))
    index = str(form.get("weapon") or "0")
    weapon = attacker.weapon(int(index)) if attacker and index.isdigit() else None
    if attacker is None or weapon is None:
        raise RuleError("Choose the attacker and the weapon first.")
    return attacker.name, f"{ATTACK_WITH}{weapon.name}"


ATTACK_WITH = "an attack with the "


@checked
def actions_of(fight: Fight, cid: str) -> list[str]:
    """The actions of Table #3-6 (PCT-24) a fighter can take: every action listed, but an attack
    with a weapon only when it is on their own sheet (Bob's list offered "an attack with the Auto
    pistol", Ann's).

    >>> from pycore.systems.percentile.roster import Fighter, Weapon
    >>> rows = [{"action": a, "ap_cost": "5"} for a in ("walk 1 m", "an attack with the FIST")]
    >>> f = Fight((Fighter("c1", "Ann", weapons=(Weapon("FIST"),)), Fighter("c2", "Bob")),
    ...     tables={TABLE: rows})
    >>> actions_of(f, "c1"), actions_of(f, "c2")
    (['walk 1 m', 'an attack with the FIST'], ['walk 1 m'])
    """
    fighter = fight.fighter(cid)
    own = {f"{ATTACK_WITH}{w.name}" for w in (fighter.weapons if fighter else ())}
    names = gm.action_names(fight.tables)
    return [n for n in names if not n.startswith(ATTACK_WITH) or n in own]


@checked
def attack_cost(fight: Fight, form: Form) -> tuple[str, Fraction | None]:
    """The attack as Table #3-6 lists it and its AP cost: set in this attack, else the GM's row
    (PCT-24); None while neither is known."""
    _, action = _names(fight, form)
    typed = number(form, "ap_cost")
    if typed is not None:
        return action, typed
    if action not in gm.action_names(fight.tables):
        return action, None
    return action, gm.action_cost(fight.tables, action)


@checked
def set_action_cost(fight: Fight, form: Form, text: str) -> Fight:
    """The GM's AP cost for this attack, added to Table #3-6 (the text leaves its values out):
    asked once, then read from the table for every attack like it."""
    _, action = _names(fight, form)
    label, low, high, whole = ATTACK_NUMBERS["ap_cost"]
    parse_number(label, text, low, high, whole=whole)
    rows = [dict(r) for r in fight.tables.get(TABLE) or [] if r.get("action") != action]
    rows.append({"action": action, "ap_cost": text.strip()})
    gm.validate_gm_table(TABLE, rows)
    return replace(fight, tables={**fight.tables, TABLE: rows})


@checked
def refusal(fight: Fight, form: Form, cost: Fraction) -> str | None:
    """Why the attacker cannot pay ``cost`` this turn (PCT-24: an action costing more than is
    left cannot be started), in words; None when they can."""
    name, action = _names(fight, form)
    attacker = fight.fighter(str(form.get("attacker")))
    assert attacker is not None
    left = attacker.ledger.remaining
    if cost <= left:
        return None
    return (
        f"{name} cannot pay for {action}: it costs {fmt(cost)} AP and {fmt(left)} are left "
        "this turn"
    )


@dataclass(frozen=True)
class Shortfall:
    """What the acting fighter's AP leave them (c2): ``said`` in words; ``over`` when none are
    left, so their turn is over (PCT-07, line 36: a turn is the time to expend all the AP; PCT-24,
    line 68: once they are spent no more actions can be made); ``borrow``: the AP of their next
    turn that would pay the attack (PCT-27, line 74: 3 of the next turn for 1 now), None when
    borrowing is off or cannot cover it; ``uncovered``: why borrowing, though on, cannot cover
    it, in one sentence (no borrow button and no word of why left the GM guessing)."""

    said: str
    over: bool
    borrow: Fraction | None = None
    gain: Fraction | None = None
    uncovered: str | None = None


@checked
def shortfall(fight: Fight, form: Form) -> Shortfall | None:
    """The acting fighter's turn is over (no AP left), or the attack costs more than they have
    left; None when they can pay it or AP are not counted (c1, PCT-29). Borrowing is offered,
    never taken: line 74 leaves it to the player "in a deadly situation".

    >>> from pycore.systems.percentile.fight.codec import fight_from_json
    >>> f = fight_from_json({"characters": [{"id": "a", "name": "Ann", "ap": "50",
    ...     "weapons": [{"name": "FIST", "category": "hth"}]}, {"id": "b", "name": "Bob"}]})
    >>> form = {"attacker": "a", "target": "b", "weapon": "0", "ap_cost": "10"}
    >>> shortfall(f, form) is None
    True
    >>> ann = f.fighter("a")
    >>> spent = f.with_fighter(replace(ann, ledger=agility.spend(ann.ledger, 45)))
    >>> s = shortfall(spent, form); s.over, s.borrow, s.gain, s.said
    (False, Fraction(15, 1), Fraction(5, 1), 'Ann cannot pay for an attack with the FIST: it costs 10 AP and 5 are left this turn')
    >>> s = shortfall(f.with_fighter(replace(ann, ledger=agility.spend(ann.ledger, 50))), form)
    >>> s.over, s.borrow, s.said
    (True, Fraction(30, 1), "Ann's turn is over: all 50 AP are spent")

    Line 74: "as long as the next turn has enough points to cover it". 40 short needs 120:
    >>> s = shortfall(spent, {**form, "ap_cost": "45"}); s.borrow, s.uncovered
    (None, 'Borrowing cannot cover it: 40 AP short needs 120 of the next turn, and only 50 can be borrowed')
    """
    if fight.settings.ap != "c2":
        return None
    attacker = fight.fighter(str(form.get("attacker") or ""))
    if attacker is None:
        return None
    ledger = attacker.ledger
    left = ledger.remaining
    try:
        cost = attack_cost(fight, form)[1]
    except RuleError:  # no weapon chosen: the turn may still be over
        cost = None
    if left > 0 and (cost is None or cost <= left):
        return None
    if left > 0:
        said = refusal(fight, form, cost) if cost is not None else None
        assert said is not None
    elif ledger.no_movement:
        # PCT-28 (PCT-27: all of the next turn borrowed); the ID is said under "Why" only
        said = f"{attacker.name}'s turn is over: a no-movement turn, no AP to spend"
    else:
        said = f"{attacker.name}'s turn is over: all {fmt(ledger.available)} AP are spent"
    borrow = gain = uncovered = None
    if cost is not None and fight.settings.borrowing:
        gain = cost - max(left, Fraction(0))
        need = gain * agility.BORROW_RATE
        borrow = need if 0 < need <= ledger.borrowable() else None
        if borrow is None and need > 0:
            uncovered = _uncovered(ledger, gain, need)
        gain = gain if borrow is not None else None
    return Shortfall(said, left <= 0, borrow, gain, uncovered)


def _uncovered(ledger: agility.Ledger, short: Fraction, need: Fraction) -> str:
    """Why borrowing cannot pay ``short`` AP (``need`` of the next turn, 3 for 1), PCT-27, line
    74: the next turn must have the points to cover it, and none may be borrowed while the
    no-movement turn a whole borrowed turn made is not finished."""
    if ledger.locked:
        return (
            "Borrowing cannot cover it: the next turn is borrowed whole, and no more can be "
            "borrowed until its no-movement turn is over"
        )
    if ledger.no_borrow_this_turn:
        return "Borrowing cannot cover it: none can be borrowed until this no-movement turn is over"
    can = ledger.borrowable()
    only = f"only {fmt(can)} can" if can > 0 else "none can"
    return (
        f"Borrowing cannot cover it: {fmt(short)} AP short needs {fmt(need)} of the next turn, "
        f"and {only} be borrowed"
    )


@checked
def pay(fight: Fight, form: Form, *, override: bool = False) -> tuple[Fight, tuple[str, ...]]:
    """PCT-24/29 (c2): the attack is paid before its roll; the lines say what was spent. The
    cost asked for while unknown; more than is left refused, unless the GM overrides (then all
    that is left is spent, and the override logged)."""
    if fight.settings.ap != "c2":
        return fight, ()
    action, cost = attack_cost(fight, form)
    if cost is None:
        raise MissingValue(
            "action_cost",
            f"What does {action} cost in AP? Table #3-6 leaves it out: enter it once, it is "
            "kept in Table #3-6 on the GM page",
        )
    attacker = fight.fighter(str(form.get("attacker")))
    assert attacker is not None
    refused = refusal(fight, form, cost)
    lines: tuple[str, ...] = ()
    if refused and not override:
        raise RuleError(f"{refused}; the GM may allow it anyway")
    if refused:
        spent = attacker.ledger.remaining
        lines = (f"GM override: {refused}; allowed, the {fmt(spent)} AP left are spent",)
    else:
        spent = cost
    ledger = agility.spend(attacker.ledger, spent, action)
    fight = fight.with_fighter(replace(attacker, ledger=ledger))
    paid = f"{attacker.name} spends {fmt(spent)} AP on {action}: {fmt(ledger.remaining)} left"
    return fight, (*lines, paid)
