"""GURPS-style 3d6 combat: the Combatants, Attack and Combat tracker tabs, one module each, over
the ``gurps`` section; every rule comes from ``pycore.systems.gurps``. This module routes the
messages to the tab that takes them and draws the tab bar."""

from __future__ import annotations

from collections.abc import Callable

from pycore.errors import RuleError
from rkweb.app.messages import Message, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.gurps import after_injury, attack, campaign, combatants, tracker, turn_update
from rkweb.features.gurps.state import SECTION
from rkweb.kit.tabs import tab_bar

TABS = (("combatants", "Combatants"), ("attack", "Attack"), ("tracker", "Combat tracker"))
_VIEWS: dict[str, Callable[[Model], VNode]] = {
    "combatants": combatants.view,
    "attack": attack.view,
    "tracker": tracker.view,
}


class Tab(Message, action="gurps.tab"):
    """Show one of the page's tabs (the kit's tab bar builds it)."""

    tab: str


def _tab(model: Model, msg: Tab, ctx: Ctx) -> Model:
    return model.with_ui(gurps_tab=msg.tab)


#: Each message's handler, by action (``("gurps.<action>", ...)``), from the tabs' tables:
#: ``ACTIONS`` are its names, so the list the shell checks is the one the page dispatches on.
HANDLERS = {
    **handlers(_tab),
    **combatants.HANDLERS,
    **attack.HANDLERS,
    **tracker.HANDLERS,
    **turn_update.HANDLERS,
    **after_injury.HANDLERS,
    **campaign.HANDLERS,
}
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


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
        tab_bar("gurps", "GURPS pages", TABS, tab, Tab),
        body,
    )
