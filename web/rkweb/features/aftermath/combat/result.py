"""The result where the tap was: the last attack's verdict in words, every step (with its dice
and rule) under "Why" and what was written to the sheets; or a hand-to-hand or thrown hit that
waits for its Damage Potential, asked now that the critical and its WDM bonus are known."""

from __future__ import annotations

from typing import Any

from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.state import err
from rkweb.features.aftermath.words import plain
from rkweb.kit.buttons import button
from rkweb.kit.fields import number
from rkweb.kit.results import why


def _steps(steps: list[str]) -> VNode:
    return h(
        "details",
        {"class": "why"},
        h("summary", {}, "Every step"),
        h(
            "ol",
            {"class": "steps", "data-testid": "aft-steps"},
            *[h("li", {"class": "explain small", "data-testid": "aft-step"}, s) for s in steps],
        ),
    )


def _pending(model: Model, pending: dict[str, Any]) -> VNode:
    """001 lines 7-13: the Critical Hit Enhancement adds to the WDM, so the Damage Potential is
    given now; the dice already rolled stay as they are."""
    steps = [str(s) for s in pending.get("steps", [])]
    asked = next((s for s in steps if s.startswith("Damage Potential")), "")
    mode = str(pending.get("mode", "hth"))
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-res-h", "data-testid": "aft-pending"},
        h("h3", {"id": "aft-res-h"}, "Result: the Damage Potential"),
        h(
            "p",
            {"class": "outcome-verdict", "data-testid": "aft-attack-result", "aria-live": "polite"},
            plain(str(pending.get("summary", ""))),
        ),
        h("p", {"class": "explain", "data-testid": "aft-pending-wdm"}, plain(asked)),
        number(
            f"aft-{mode}-dp",
            "Damage Potential (yours: the book does not say how WDM becomes it)",
            pending.get("damage_potential", ""),
            ("aftermath.cbt_potential",),
            error=err(model, "cbt.damage_potential"),
        ),
        h(
            "div",
            {"class": "row"},
            button("aft-apply-dp", "Apply the damage", ("aftermath.cbt_apply",), primary=True),
            button("aft-drop-pending", "Drop this attack", ("aftermath.cbt_cancel",)),
        ),
        _steps(steps),
    )


def result_card(model: Model, latest: dict[str, Any] | None, pending: Any) -> VNode:
    if isinstance(pending, dict):
        return _pending(model, pending)
    entry = latest or {}
    applied = [str(n) for n in entry.get("applied", [])]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-res-h"},
        h("h3", {"id": "aft-res-h"}, "Result"),
        h(
            "p",
            {"class": "outcome-verdict", "data-testid": "aft-attack-result", "aria-live": "polite"},
            plain(str(entry["text"])) if latest else "Resolve an attack to see every step here.",
        ),
        _steps([str(s) for s in entry.get("steps", [])]) if latest else None,
        h(
            "ul",
            {"class": "small", "data-testid": "aft-applied"},
            *[h("li", {}, f"Applied: {plain(n)}") for n in applied],
        ),
        why(applied, summary="Why (applied)"),
    )
