"""The players' view of a whole Simply fight, from the saved ``simply_combat`` section (its
descriptor's ``FightPlaces.public``): the order strip, whose turn it is, each fighter's visible
condition and the last result in words (each step's players' line is ``fight.public``'s).

>>> from pycore.systems.simply import fight as core
>>> fight = core.add_combatant(core.Combat(), name="Ana", hp_max=9, strength=5, health=5, bonus=9)
>>> fight = core.add_combatant(fight, name="Bo", hp_max=9, strength=5, health=5)
>>> import random
>>> fight, _ = core.roll_initiative(fight, random.Random(1))
>>> log = [{"text": "Ana attacks Bo: 2d10 (1, 2) = 3 vs TN 14: success by 11 → hit",
...         "public": "Ana attacks Bo → hit"}]
>>> view = public_fight({"combat": core.combat_to_json(fight), "log": log})
>>> [(s["name"], s["status"], s["current"]) for s in view["order"]], view["result"]
([('Ana', 'ok', True), ('Bo', 'ok', False)], 'Ana attacks Bo → hit')
>>> from pycore.share.public import PublicFight
>>> str(PublicFight.of(view))
'Turn 1: Ana to act (Ana, Bo). Ana attacks Bo → hit'
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.share.public import MAX_SHOWN, fight_view, fighter_row, last_public
from pycore.systems.simply.fight import Combat, combat_from_json
from pycore.validate import checked


@checked
def simply_under_way(section: Any) -> bool:
    """Whether the saved Simply fight has begun (an order drawn or a turn counted).

    >>> simply_under_way({"combat": {"turn": 1}}), simply_under_way(None)
    (True, False)
    """
    combat = section.get("combat") if isinstance(section, dict) else None
    return isinstance(combat, dict) and bool(combat.get("order") or combat.get("turn"))


@checked
def public_fight(section: Any) -> dict[str, Any]:
    """The public view of a saved ``simply_combat`` section (an empty fight when it is none)."""
    saved = section if isinstance(section, dict) else {}
    try:
        fight = combat_from_json(saved.get("combat") or {})
    except (RuleError, TypeError, KeyError, ValueError):
        fight = Combat()
    by_id = {c.id: c for c in fight.combatants}
    ids = [i for i in fight.order if i in by_id] or [c.id for c in fight.combatants]
    order = [
        fighter_row(i, by_id[i].name, by_id[i].status(), i == fight.cursor) for i in ids[:MAX_SHOWN]
    ]
    result = last_public(saved.get("log"))
    return fight_view("simply", fight.turn, order, result, fight.phase, fight.clock)
