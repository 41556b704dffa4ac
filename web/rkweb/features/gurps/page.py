"""GURPS-style 3d6 combat: the Combatants, Attack and Combat tracker tabs, one module each, over
the ``gurps`` section; every rule comes from ``pycore.systems.gurps``. This module routes the
messages to the tab that takes them and draws the tab bar."""

from __future__ import annotations

from collections.abc import Callable

from pycore.errors import RuleError
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.gurps import after_injury, attack, campaign, combatants, tracker, turn
from rkweb.features.gurps.state import SECTION
from rkweb.kit.tabs import tab_bar

TABS = (("combatants", "Combatants"), ("attack", "Attack"), ("tracker", "Combat tracker"))
_VIEWS: dict[str, Callable[[Model], VNode]] = {
    "combatants": combatants.view,
    "attack": attack.view,
    "tracker": tracker.view,
}
_HANDLERS: dict[str, Callable[[Model, Msg, Ctx], Model]] = {
    **dict.fromkeys(combatants.ACTIONS, combatants.update),
    **dict.fromkeys(attack.ACTIONS, attack.update),
    **dict.fromkeys(tracker.ACTIONS, tracker.update),
    **dict.fromkeys(turn.ACTIONS, turn.update),
    **dict.fromkeys(after_injury.ACTIONS, after_injury.update),
    **dict.fromkeys(campaign.ACTIONS, campaign.update),
}
# The messages this feature takes, ``("gurps.<action>", ...)``: the shell refuses any other.
ACTIONS = frozenset({"tab", *_HANDLERS})


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).removeprefix(f"{SECTION}.")
    if action == "tab":
        return model.with_ui(gurps_tab=str(msg[1]))
    handler = _HANDLERS.get(action)
    return handler(model, msg, ctx) if handler else model


def view(model: Model) -> VNode:
    # A reload during a fight comes back to it (FIGHT.md: a reload continues from the step).
    running = bool((model.section(SECTION).get("fight") or {}).get("order"))
    tab = model.ui.get("gurps_tab", "tracker" if running else "combatants")
    draw = _VIEWS.get(tab, combatants.view)
    try:
        body = draw(model)
    except RuleError as exc:
        body = h("p", {"class": "field-error"}, f"The saved fight cannot be read: {exc}")
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "3d6 combat (GURPS Lite style)"),
        tab_bar("gurps", "GURPS pages", TABS, tab),
        body,
    )
