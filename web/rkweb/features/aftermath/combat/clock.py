"""The combat clock: Combat Turn and Action Phase now, and the buttons that move it (the core
counts 20 Action Phases per turn and the condition timers read it)."""

from __future__ import annotations

from typing import Any

from rkweb.app.vdom import VNode, h
from rkweb.kit.buttons import button
from rkweb.kit.results import why


def clock_card(combat: dict[str, Any]) -> VNode:
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-clock-h"},
        h("h3", {"id": "aft-clock-h"}, "Combat time (20 Action Phases per Combat Turn)"),
        h(
            "p",
            {"class": "total", "data-testid": "aft-clock"},
            f"Turn {combat['turn']} · Phase {combat['phase']}",
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "aft-next-phase", "Next Action Phase", ("aftermath.cbt_next_phase",), primary=True
            ),
            button("aft-next-turn", "Next Combat Turn", ("aftermath.cbt_next_turn",)),
        ),
        why(["AFT-55: 20 Action Phases per turn, implied by the KPH table (AFT-43)"]),
    )
