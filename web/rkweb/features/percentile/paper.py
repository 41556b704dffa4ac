"""The Percentile character's printed sheet (issue 31): race, attributes, alertness, the AP
ledger, weapons with their skills and the damage record by part, on one page
(``kit/paper.py``)."""

from __future__ import annotations

from typing import Any

from pycore.systems.percentile import roster
from pycore.systems.percentile.checks import fmt
from rkweb.app.vdom import VNode
from rkweb.kit.paper import block, facts, sheet, table


def _part_state(part: Any) -> str:
    # PCT-47: destroyed at 5 × its points; PCT-46: function lost once structure is gone.
    if part.destroyed:
        return "destroyed"
    return "no function" if part.no_function else "working"


def view(char: dict[str, Any]) -> VNode:
    fighter = roster.fighter_from_json(char)
    attributes = [(label, char[key]) for key, label, _, _ in roster.ATTRIBUTES]
    weapons = [
        (
            w.name,
            dict(roster.CATEGORIES).get(w.category, w.category),
            w.damage_die,
            roster.weapon_skill_text(fighter, w),
        )
        for w in fighter.weapons
    ]
    parts = [
        (
            p.name,
            fmt(p.points),
            fmt(p.damage),
            f"{fmt(p.structure_left)} / 10",
            f"{fmt(p.function_left)} / {fmt(p.points)}",
            _part_state(p),
        )
        for p in fighter.parts
    ]
    part_heads = ("Part", "Points", "Damage", "Structure", "Function", "State")
    return sheet(
        "percentile-paper",
        char["name"],
        [
            block(
                "Character",
                facts(
                    [
                        ("Race", fighter.race_facts.name),
                        ("Alertness", char["alertness"]),
                        ("Alertness level", char["alertness_level"]),
                    ]
                ),
            ),
            block("Attributes", facts(attributes, columns=2)),
            block("Action points", facts([("Ledger", str(fighter.ledger))]), wide=True),
            block("Weapons", table(("Weapon", "Kind", "Damage", "Skill"), weapons), wide=True),
            block("Damage record", table(part_heads, parts), wide=True),
        ],
    )
