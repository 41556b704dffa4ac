"""The damage record and conditions of a character, with their timers (AFT-55): on its sheet,
and for the target beside the attack. A condition the worksheet does not add (System Shock
after cauterization, a fall) is recorded here by hand."""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.attack.bind import wounds
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.state import err
from rkweb.kit.buttons import button
from rkweb.kit.fields import select
from rkweb.kit.results import why

CONDITION_DEFAULT = "system_shock"


def draft(model: Model) -> dict[str, str]:
    """What is being typed into the sheet's add-forms (not saved)."""
    found = model.ui.get("aftermath_draft")
    return dict(found) if isinstance(found, dict) else {}


def damage_line(raw: dict[str, Any]) -> str:
    damage = raw["damage"]
    parts = [
        f"Lethal {damage.get('lethal', 0)}",
        f"Subdual {damage.get('subdual', 0)}",
        f"Critical {damage.get('critical', 0)}",
    ]
    if damage.get("c_type"):
        parts.append(f"C-type {damage['c_type']}")
    drt = raw["derived"]["drt"]
    return " · ".join(parts) + (f" · DRT {drt}" if drt else " · DRT not entered")


def _entry(testid: str, index: int, i: int, raw_cond: Any, now: Moment) -> tuple[VNode, str]:
    cond = core.condition_from_json(raw_cond)
    shown = cond.state_at(now)
    active = shown == "active"
    mark = {"active": "● ", "ended": "○ ended: ", "not yet": "◌ not yet: "}[shown]
    node = h(
        "li",
        {"class": "skill-row", "data-testid": f"{testid}-entry"},
        h("span", {"class": "strong" if active else "muted"}, mark + str(cond)),
        button(
            f"{testid}-remove-{i}",
            f"Remove {cond.name}",
            ("aftermath.char_remove_cond", index, i),
        ),
    )
    return node, f"{cond.name}: {cond.rule}"


def conditions_card(
    model: Model, raw: dict[str, Any], index: int, now: Moment, testid: str = "aft-conditions"
) -> VNode:
    """The damage record and the conditions with their timers; "Add condition" records one by
    hand from now."""
    chosen = draft(model).get("condition", CONDITION_DEFAULT)
    hurt = wounds(raw)
    entries = [_entry(testid, index, i, c, now) for i, c in enumerate(raw["conditions"])]
    return h(
        "section",
        {"class": "card", "aria-labelledby": f"{testid}-h"},
        h("h3", {"id": f"{testid}-h"}, f"Damage and conditions of {raw['name']} (now {now})"),
        h("p", {"data-testid": f"{testid}-damage"}, damage_line(raw)),
        h(
            "p",
            {
                "class": "notice" if hurt.past_drt else "muted small",
                "data-testid": f"{testid}-wounds",
            },
            str(hurt),
        ),
        h("ul", {"class": "skills"}, *[node for node, _ in entries])
        if entries
        else h("p", {"class": "muted"}, "No conditions."),
        why(
            [rule for _, rule in entries]
            + ["Wounds: damage ÷ DRT, AFT-08, AFT-M07"]
            + (
                ["Past DRT, Critical Damage kept apart: AFT-M43"]
                if hurt.past_drt or hurt.critical
                else []
            )
        ),
        h(
            "div",
            {"class": "row"},
            select(
                f"{testid}-kind",
                "Record a condition by hand (starts now)",
                chosen,
                list(core.MANUAL_CONDITIONS.items()),
                ("aftermath.char_draft", "condition"),
                error=err(model, "char.condition"),
            ),
            button(f"{testid}-add", "Add condition", ("aftermath.char_add_cond", index)),
        ),
    )
