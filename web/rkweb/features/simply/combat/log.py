"""The fight's log, newest first, and the end of the fight (which clears it, undoably)."""

from __future__ import annotations

from typing import Any

from pycore.systems.simply import fight as core
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply.combat.state import commit, fight_of, load
from rkweb.kit.buttons import button
from rkweb.kit.results import log_list


def end(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = load(model)
    if not fight_of(state).combatants and not state["log"]:
        return model
    state["log"] = []
    return commit(model, state, core.Combat(), "End fight", ctx, ())


def card(state: dict[str, Any]) -> VNode:
    log = state["log"]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-log-h"},
        h(
            "div",
            {"class": "row between"},
            h("h2", {"id": "sc-log-h"}, f"Combat log ({len(log)})"),
            button("sc-end", "End fight", ("simply.combat_end",), disabled=not log),
        ),
        log_list("sc-log-entry", log, label="Combat log entries"),
    )
