"""What the round says of each fighter and weapon, on the order strip's cards and the active
fighter's weapon chips: who acts now and next, damage and AP now and next (c2), stun, a weapon's
chance against the target and the skill it is read with. Words only; the numbers are the
core's."""

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
from pycore.systems.percentile.fight import turns as R
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


def acting(fight: Fight) -> Fighter | None:
    """The fighter whose step is on the screen: the attacker of the attack under way (its roll
    or its question, a body part or Table #3-7.0's stun, is their action's), else whose turn it is.
    The turn can move under an open question (Primary Attack passed, PCT-22; the order rolled
    again): the strip then marked the next fighter "now" above the question of Ann's hit."""
    pending = fight.pending
    attacker = fight.fighter(str(pending.form.get("attacker", ""))) if pending else None
    return attacker or R.active(fight)


def _elsewhere(fight: Fight, now: Fighter | None) -> Fighter | None:
    """The turn's fighter, when the attack under way is another's (``now``), else None."""
    turn = R.active(fight)
    return turn if now is not None and turn is not None and now.id != turn.id else None


def strip_ids(fight: Fight, now: Fighter | None) -> list[str]:
    """The strip's fighters as they read: this round's turns in order, then the others; an
    attack under way that is not the turn's fighter's puts its attacker first, "now"."""
    order = R.turn_order(fight)
    ids = [*order, *(cid for cid in fight.member_ids if cid not in order)]
    if now is not None and _elsewhere(fight, now) is not None:
        ids = [now.id, *(cid for cid in ids if cid != now.id)]
    return ids


def when(fight: Fight, cid: str, now: Fighter | None) -> str:
    """Where ``cid`` stands in the strip: now, next, no turn this round, or nothing said. While
    the attack under way (``now``'s) is another's than the turn's fighter, its attacker is "now"
    and the turn's fighter comes next, once the attack is done."""
    order = R.turn_order(fight)
    turn = _elsewhere(fight, now)
    if now is not None and turn is not None:
        pending = fight.pending
        asked = pending is not None and pending.hit.stage in ("part", "stun")
        if cid == now.id:
            return "now: question open" if asked else "now: attack under way"
        if cid == turn.id:
            return "next, once the question is answered" if asked else "next, once it is done"
        return "" if cid in order else "no turn this round"
    if fight.order is None:  # the order is still to roll: nobody's turn is known yet
        return ""
    if cid not in order:
        return "no turn this round"
    return {0: "now", 1: "next"}.get(order.index(cid) - fight.turn, "")


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
    elif ledger.stunned:  # paid off by the turn they have now or still to come: stunned in it
        bits.append("stunned")
    return ", ".join(bits)


def ap_now_and_next(ledger: Ledger, stunned: str) -> str:
    """AP left now and, when the stun or borrowing takes from it, the AP of the next turn: the
    stun's AP loss (PCT-28, line 74: modifier ÷ 10) and what was borrowed (PCT-27, 3 for 1) are
    paid at its start, so a card that said "40 AP, stunned for 1 turn" left the GM to work out
    that 10 would be left (the core's own start of a turn, ``agility.start_turn``)."""
    now = "no-movement turn" if ledger.no_movement else f"{short(ledger.remaining)} AP"
    if not ledger.debt and not ledger.borrowed:
        # the stun paid off by this turn (under way or still to come): stunned in it (PCT-28)
        return f"{now}: {stunned}" if ledger.stunned else now
    # the turn after the one under way or still to come this round, which they have: a turn not
    # had pays no stun and no borrowing (agility.start_turn), so read as had (agility.take)
    later = agility.start_turn(agility.take(ledger))
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
