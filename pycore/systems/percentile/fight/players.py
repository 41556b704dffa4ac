"""The players' view of a Percentile fight, from the saved ``percentile`` section: the round (and
its piece when the fight counts pieces), this round's order of turns (PCT-08: the acting sides,
each side's awake members) then the others, whose turn it is, who is asleep or stunned and which
body parts are destroyed or without function, and the last result in words: whose turn, who
attacked whom with what, hit or miss and the body part. Never skills, damage, AP or dice.

>>> from pycore.systems.percentile.fight import Fight, add_member, fight_into_json
>>> from pycore.systems.percentile.roster import fighter_from_json
>>> import random
>>> from pycore.systems.percentile import fight as fight_round
>>> people = [{"id": "c1", "name": "Ann"}, {"id": "c2", "name": "Bob"}]
>>> fight = Fight(tuple(fighter_from_json(p) for p in people))
>>> fight = add_member(add_member(fight, 0, "c1"), 1, "c2")
>>> fight, step = fight_round.next_turn(fight, random.Random(5))
>>> section = fight_into_json({"characters": people}, fight)
>>> section["combat"]["log"] = [{"text": str(step), "public": percentile_public(step)}]
>>> view = public_percentile(section)
>>> [(s["name"], s["current"]) for s in view["order"]], view["result"]
([('Bob', True), ('Ann', False)], "Bob's turn (Side B)")

The players' line of each step (:func:`percentile_public`) is the fight's own
(:mod:`pycore.systems.percentile.fight.public`), imported here for the share pages.
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.share.public import MAX_SHOWN, fight_view, fighter_row, last_public
from pycore.systems.percentile import fight as fight_round
from pycore.systems.percentile.fight import Fight, fight_from_json
from pycore.systems.percentile.fight.public import percentile_public
from pycore.validate import checked

__all__ = ["percentile_public", "percentile_under_way", "public_percentile"]


def _status(fight: Any, fighter: Any) -> str:
    member = fight.member(fighter.id)
    words = ["asleep"] if member is not None and member.asleep else []
    if fighter.ledger.stunned:
        # PCT-28: a stun is an AP debt still owed, or already taken off their turn (to come)
        words.append("stunned")
    for part in fighter.parts:
        state = "destroyed" if part.destroyed else "no function" if part.no_function else ""
        if state and not any(c.isdigit() for c in part.name):  # a name could carry a number
            words.append(f"{part.name[:40]} {state}")
    return ", ".join(words) or "ok"


@checked
def public_percentile(section: Any) -> dict[str, Any]:
    """The public view of a saved ``percentile`` section (an empty fight when it is none)."""
    saved = section if isinstance(section, dict) else {}
    try:
        fight = fight_from_json(saved)
        order = fight_round.turn_order(fight)
        now = fight_round.active(fight)
    except (RulekeeperError, TypeError, KeyError, ValueError, AttributeError):
        fight, order, now = Fight(), [], None
    ids = [*order, *(i for i in fight.member_ids if i not in order)]
    rows: list[dict[str, Any]] = []
    for cid in ids:
        fighter = fight.fighter(cid)
        if fighter is None or len(rows) >= MAX_SHOWN:
            continue
        current = now is not None and cid == now.id
        rows.append(fighter_row(cid, fighter.name, _status(fight, fighter), current))
    pieces = fight.settings.pieces and fight.piece > 1
    combat = saved.get("combat") if isinstance(saved.get("combat"), dict) else {}
    assert isinstance(combat, dict)
    result = last_public(combat.get("log"))
    return fight_view(
        "percentile", max(fight.round, 0), rows, result, str(fight.piece) if pieces else ""
    )


@checked
def percentile_under_way(section: Any) -> bool:
    """A Percentile fight is under way once its order of attack is rolled or a step logged."""
    combat = section.get("combat") if isinstance(section, dict) else None
    return isinstance(combat, dict) and bool(combat.get("order") or combat.get("log"))
