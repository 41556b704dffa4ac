"""What the round says of each fighter and weapon, on the order strip's cards and the active
fighter's weapon chips: damage and AP now and next (c2), stun, a weapon's chance against the
target and the skill it is read with. Words only; the numbers are the core's."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import agility
from pycore.systems.percentile.agility import Ledger
from pycore.systems.percentile.checks import fmt
from pycore.systems.percentile.fight import Fight
from pycore.systems.percentile.fight import attack as FA
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.roster import Fighter, Weapon, weapon_skill
from pycore.systems.percentile.tohit import HTH_MAX_RANGE_M
from rkweb.kit.odds import percent_text


def short(value: Fraction) -> str:
    """A number on a card as the result and the record say it (``fmt``): a card's "3.2" beside
    a result's "3.25 points", and "4.1" beside "≈4.05", "15.1" beside the record's "15.12",
    made a GM re-check which was right.

    >>> short(Fraction(13, 4)), short(Fraction(7, 2)), short(Fraction(378, 25)), short(Fraction(77, 19))
    ('3.25', '3½', '15.12', '≈4.05')
    """
    return fmt(value)


def status(fighter: Fighter, fight: Fight) -> str:
    """The one or two numbers that matter: damage taken and AP left (c2), stun."""
    # where the damage is, as the result says it (issue 29 round 2 item 5: "11.1 damage")
    hurt = [f"{p.name} {short(p.damage)}" for p in fighter.parts if p.damage]
    bits = [" + ".join(hurt) + " points"] if hurt else ["unhurt"] if fighter.parts else []
    ledger = fighter.ledger
    turns = ledger.stun_turns
    stunned = f"stunned for {turns} turns" if turns > 1 else "stunned"
    if fight.settings.ap == "c2":
        bits.append(ap_now_and_next(ledger, stunned))
    elif ledger.debt:
        bits.append(f"stunned for {turns} turn{'s' if turns != 1 else ''}")
    return ", ".join(bits)


def ap_now_and_next(ledger: Ledger, stunned: str) -> str:
    """AP left now and, when the stun or borrowing takes from it, the AP of the next turn: the
    stun's AP loss (PCT-28, line 74: modifier ÷ 10) and what was borrowed (PCT-27, 3 for 1) are
    paid at its start, so a card that said "40 AP, stunned for 1 turn" left the GM to work out
    that 10 would be left (the core's own start of a turn, ``agility.start_turn``)."""
    now = "no-movement turn" if ledger.no_movement else f"{short(ledger.remaining)} AP"
    if not ledger.debt and not ledger.borrowed:
        return now
    later = agility.start_turn(ledger)
    why = [stunned] if ledger.debt else []
    if ledger.borrowed:
        why.append(f"{short(ledger.borrowed)} borrowed")
    nxt = f"next turn {short(later.available)}" + (" (no movement)" if later.no_movement else "")
    return f"{now}{' now' if not ledger.no_movement else ''}; {nxt}: {', '.join(why)}"


def chance(fight: Fight, form: dict[str, Any], index: int) -> str:
    """The weapon's chance to hit the chosen target, or what it needs first."""
    try:  # that weapon's own set-up: a Percent to Hit typed for another is not its (item 5)
        setup = FS.setup_of(FS.set_field(fight, form, "weapon", str(index)))
        # a fist at a range the fight holds over 3 m cannot reach (PCT-05, line 27): no odds
        # of a hit the core refuses (Cy's FIST read "49% to hit" from 15 m)
        too_far = FA.out_of_reach(fight, setup)
        if too_far is not None:
            return f"cannot reach, {fmt(too_far)} m away: {HTH_MAX_RANGE_M} m at most"
        chances = FA.hit_chances(fight, setup)
    except RulekeeperError as exc:
        return str(exc)
    return " · ".join(f"{percent_text(p)} {name}" for name, p in chances.items() if p)


def skill(fighter: Fighter, weapon: Weapon) -> str:
    """The skill the GM reads Table #3-1 with (the core's: PCT-30, PCT-31, grenades BRAWL)."""
    try:
        name, value = weapon_skill(fighter, weapon)
    except RulekeeperError as exc:
        return str(exc)
    return f"{name} {fmt(value)}"
