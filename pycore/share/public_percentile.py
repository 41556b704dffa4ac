"""The players' view of a Percentile fight, from the saved ``percentile`` section: the round (and
its piece when the fight counts pieces), this round's order of turns (PCT-08: the acting sides,
each side's awake members) then the others, whose turn it is, who is asleep or stunned and which
body parts are destroyed or without function, and the last result in words: whose turn, who
attacked whom with what, hit or miss and the body part. Never skills, damage, AP or dice.

>>> from pycore.systems.percentile.fight import Fight, add_member
>>> from pycore.systems.percentile.fight_codec import fight_into_json
>>> from pycore.systems.percentile.roster import fighter_from_json
>>> import random
>>> from pycore.systems.percentile import fight_round
>>> people = [{"id": "c1", "name": "Ann"}, {"id": "c2", "name": "Bob"}]
>>> fight = Fight(tuple(fighter_from_json(p) for p in people))
>>> fight = add_member(add_member(fight, 0, "c1"), 1, "c2")
>>> fight, step = fight_round.next_turn(fight, random.Random(5))
>>> section = fight_into_json({"characters": people}, fight)
>>> section["combat"]["log"] = [{"text": str(step)}]
>>> view = public_percentile(section)
>>> [(s["name"], s["current"]) for s in view["order"]], view["result"]
([('Bob', True), ('Ann', False)], "Bob's turn (Side B)")
"""

from __future__ import annotations

import re
from typing import Any

from pycore.errors import RulekeeperError
from pycore.share.public import (
    MAX_SHOWN,
    fight_view,
    fighter_row,
    last_public,
    public_result,
)
from pycore.validate import checked

_PART = re.compile(r"^([^:;·]+): ≈?[\d./]+ damage;")


def _hidden(text: str) -> bool:
    return any(c.isdigit() for c in text)


@checked
def percentile_result(text: str) -> str | None:
    """A Percentile combat log line as players may hear it.

    >>> percentile_result("Ann attacks Bob with PISTOL: to-hit d1: 1:100sd (34) vs under skill 60: hit, 26 under · waits: which body part was hit? (the GM specifies it)")
    'Ann attacks Bob with PISTOL → hit'
    >>> percentile_result("Ann attacks Bob with PISTOL: the GM picks the arm · procedure 2: 4:10sd (9, 8, 7, 5) + 2 = 31 · arm: ≈13.43 damage; structure 0 of 10; no function (destroyed at 25)")
    'Ann attacks Bob with PISTOL → hit, the arm, no function'
    >>> percentile_result("round 2: about 5 to 10 s of game time elapsed · Bob's turn (Side B)")
    "Bob's turn (Side B)"
    """
    head, colon, rest = text.partition(": ")
    if colon and " attacks " in head and not _hidden(head):
        words: list[str] = []
        for segment in rest.split(" · "):
            if segment.startswith("to-hit"):
                verdict = segment.rpartition(": ")[2].split(",")[0].strip()
                words += [] if _hidden(verdict) else [verdict]
            part = _PART.match(segment)
            if part and not _hidden(part.group(1)):
                words += [] if "hit" in words else ["hit"]
                words.append(f"the {part.group(1).strip()}")
                if "TOTALLY DESTROYED" in segment:
                    words.append("destroyed")
                elif "no function" in segment:
                    words.append("no function")
        return f"{head} → {', '.join(words)}" if words else head
    last = text.rpartition(" · ")[2]
    if last.endswith(")") and "'s turn (" in last and not _hidden(last):
        return last
    return public_result(text)


def _status(fight: Any, fighter: Any) -> str:
    member = fight.member(fighter.id)
    words = ["asleep"] if member is not None and member.asleep else []
    if fighter.ledger.debt:
        words.append("stunned")  # PCT-28: a stun is an AP debt still owed
    for part in fighter.parts:
        state = "destroyed" if part.destroyed else "no function" if part.no_function else ""
        if state and not _hidden(part.name):
            words.append(f"{part.name[:40]} {state}")
    return ", ".join(words) or "ok"


@checked
def public_percentile(section: Any) -> dict[str, Any]:
    """The public view of a saved ``percentile`` section (an empty fight when it is none)."""
    from pycore.systems.percentile import fight_round
    from pycore.systems.percentile.fight import Fight
    from pycore.systems.percentile.fight_codec import fight_from_json

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
    result = last_public(combat.get("log"), percentile_result)
    return fight_view(
        "percentile", max(fight.round, 0), rows, result, str(fight.piece) if pieces else ""
    )


@checked
def percentile_under_way(section: Any) -> bool:
    """A Percentile fight is under way once its order of attack is rolled or a step logged."""
    combat = section.get("combat") if isinstance(section, dict) else None
    return isinstance(combat, dict) and bool(combat.get("order") or combat.get("log"))
