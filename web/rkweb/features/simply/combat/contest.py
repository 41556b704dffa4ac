"""A Simply contest's two rolls typed at the table (SIM-D08: the attacker's 2D10, then the
defender's Defend), each in a field of its own named by who rolls it, read back as typed: the
attack step (:mod:`.attack`) rolls the contest once both are in.
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.simply import fight as core
from pycore.systems.simply.fight.dice import ATTACK, DEFEND
from rkweb.app.messages import Message, entered
from rkweb.kit.dice_entry import typed_field


class DefendTyped(Message, action="simply.combat_defend_typed"):
    """The Defend's dice rolled at the table, as typed (the contest's other side, SIM-D08)."""

    text: str = entered(default="")


#: A contest's two rolls typed at the table, each in its own field (SIM-D08: the attacker's 2D10,
#: then the defender's): the form's key of each and its dice.
SIDES = {"rolled": ATTACK, "defend_rolled": DEFEND}


def read_back(side: str, text: str, name: str) -> str:
    """How one side's typed roll is read: "3 + 3 = 6" for its dice, "9 (total)" for a total;
    a ValueError in words when its 2D10 cannot show it."""
    dice = core.typed_rolls((SIDES[side], text, name))
    if any(dice.invented):
        return f"{sum(dice.faces)} (total)"
    return f"{' + '.join(map(str, dice.faces))} = {sum(dice.faces)}"


def roll_names(fight: core.Combat, a: dict[str, str]) -> dict[str, str]:
    """Each side's typed roll by who rolls it: "Mara's roll", "Bo's Defend roll"."""
    attacker, target = sides(fight, a)
    return {"rolled": f"{attacker}'s roll", "defend_rolled": f"{target}'s Defend roll"}


def sides(fight: core.Combat, a: dict[str, str]) -> tuple[str, str]:
    """The attacker's and the target's names, or their part's."""
    try:
        return fight.get(a["attacker"]).name, fight.get(a["target"]).name
    except RuleError:
        return "the attacker", "the defender"


def contest_fields(fight: core.Combat, a: dict[str, str], entry: str) -> dict[str, Any]:
    """Against a Defend, the contest's two rolls each in a field of its own, named by who rolls
    it (SIM-D08): the attacker's, then the defender's, each its 2D10's faces or their total, a
    side typed first shown until the other comes. None without a Defend."""
    if not a["defend"]:
        return {}
    attacker, target = sides(fight, a)
    names = roll_names(fight, a)
    # A side typed first is said back as read, in its label, until the other comes: the GM
    # sees "Mara rolled 3 + 3 = 6" and that the contest waits for the Defend.
    read = {}
    for side in SIDES:
        try:
            read[side] = read_back(side, a[side], names[side]) if a[side].strip() else "(2D10)"
        except ValueError:
            read[side] = "(2D10)"
    hint = "each die, or total"
    return {
        "typed_label": f"{attacker} rolled {read['rolled']}",
        "typed_value": a["rolled"],
        "placeholder": hint,
        "also": typed_field(
            "sc-defend-typed",
            f"{target}'s Defend {read['defend_rolled']}",
            DefendTyped(),
            typed_value=a["defend_rolled"],
            entry=entry,
            placeholder=hint,
        ),
    }
