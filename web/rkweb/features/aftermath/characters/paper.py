"""The Aftermath character's printed sheet (issue 31): who, the attributes with their Groups
and Effect Dice, the entered values, skills, weapons, armor, inventory, damage and conditions,
in the sheet's words, on one page (``kit/paper.py``)."""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.attack.bind import wounds
from pycore.systems.aftermath.conditions import Moment, condition_from_json
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.rounding import show
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.vdom import VNode
from rkweb.features.aftermath.characters.conditions import damage_line
from rkweb.features.aftermath.characters.weapons import weapon_text
from rkweb.kit.paper import block, facts, lines, sheet, table


def _attributes(raw: dict[str, Any], view: core.SheetView) -> VNode:
    rows = []
    for attr in core.ATTRIBUTES:
        group, now = view.groups[attr], view.effective[attr]
        shown = f"G{group.number} · {group.effect_die or 'none'}"
        if now != group:
            shown += f" (now G{now.number} · {now.effect_die or 'none'})"
        rows.append((core.ATTRIBUTE_NAMES[attr], raw["attr"][attr], shown, *_saves(raw, attr)))
    return block("Attributes", table(("", "Rating", "Group", "AST", "CST"), rows), wide=True)


def _saves(raw: dict[str, Any], attr: str) -> tuple[Any, Any]:
    return raw["ast"][attr], raw["cst"][attr]


def _entered(raw: dict[str, Any]) -> VNode:
    pairs = [(label, raw["derived"][key]) for key, (label, _, _) in core.DERIVED.items()]
    pairs.append(("Average BCS", raw["average_bcs"]))
    return block("Values from the book", facts(pairs, columns=2))


def _weapons(raw: dict[str, Any], settings: dict[str, Any]) -> VNode:
    shown = []
    for found in arms.sheet_weapons(raw):
        line, skill, _ = weapon_text(found, raw, settings)
        shown.append(f"{found.name}: {line}" + (f" · Skill: {skill}" if skill else ""))
    return block("Weapons", lines(shown), wide=True)


def _armor(raw: dict[str, Any], view: core.SheetView) -> VNode:
    """Neighbouring locations wearing the same pieces at the same AV share one row (4-12), so
    a suit of armor takes one line of the page, not nine."""
    runs: list[list[Any]] = []
    for n in core.LOCATIONS:
        if raw["armor"].get(str(n)):
            worn = (", ".join(raw["armor"][str(n)]), str(view.av[n]))
            if runs and runs[-1][1] == n - 1 and runs[-1][2:] == list(worn):
                runs[-1][1] = n
            else:
                runs.append([n, n, *worn])
    rows = [(str(a) if a == b else f"{a}-{b}", worn, av) for a, b, worn, av in runs]
    return block("Armor", table(("Locations", "Worn", "AV"), rows), wide=True)


def _inventory(raw: dict[str, Any], view: core.SheetView) -> VNode:
    items = [f"{item['name']} (ENC {item['enc']})" for item in raw["inventory"]]
    status = str(view.encumbrance) if view.encumbrance else ""
    return block(
        "Inventory",
        lines(items),
        facts([("Total ENC", show(view.enc_total)), ("Status", status)]),
    )


def _conditions(raw: dict[str, Any], now: Moment) -> VNode:
    """The damage record and each condition as it stands now (AFT-55's timers)."""
    marks = {"active": "", "ended": "ended: ", "not yet": "not yet: "}
    shown = []
    for saved in raw["conditions"]:
        cond = condition_from_json(saved)
        shown.append(marks[cond.state_at(now)] + str(cond))
    return block(
        f"Damage and conditions (now {now})",
        facts([("Damage", damage_line(raw)), ("Wounds", str(wounds(raw)))]),
        lines(shown),
        wide=True,
    )


def view(raw: dict[str, Any], view: core.SheetView, settings: dict[str, Any], now: Moment) -> VNode:
    who = [
        ("Body", raw["body"]),
        ("PC or personality NPC", bool(raw["personality"])),
        ("Skills", ", ".join(f"{s['name']} BCS {s['bcs']}" for s in raw["skills"])),
    ]
    return sheet(
        "aft-paper",
        raw["name"],
        [
            block("Who and skills", facts(who)),
            _entered(raw),
            _attributes(raw, view),
            _weapons(raw, settings),
            _armor(raw, view),
            _inventory(raw, view),
            _conditions(raw, now),
        ],
    )
