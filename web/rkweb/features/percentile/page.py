"""Percentile sci-fi combat: the characters, checks with exact odds, the combat worksheet, the
game master's tables and the campaign settings. Every rule comes from
:mod:`pycore.systems.percentile`; these pages gather inputs and render its results."""

from __future__ import annotations

from collections.abc import Callable

from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.percentile import checks, combat, gm, record, settings, sheet
from rkweb.features.percentile import state as S
from rkweb.kit.tabs import tab_bar

TABS = (
    ("characters", "Characters"),
    ("checks", "Checks"),
    ("combat", "Combat"),
    ("gm", "GM tables"),
    ("settings", "Settings"),
)
Update = Callable[[Model, Msg, Ctx], Model]
# Each tab's module: the actions it takes and its update.
HANDLERS: tuple[tuple[frozenset[str], Update], ...] = (
    (sheet.ACTIONS, sheet.update),
    (record.ACTIONS, record.update),
    (checks.ACTIONS, checks.update),
    (combat.ACTIONS, combat.update),
    (gm.ACTIONS, gm.update),
    (settings.ACTIONS, settings.update),
)
# The messages this feature takes, ``("percentile.<action>", ...)``: the shell refuses any other.
ACTIONS = frozenset({"tab"}).union(*(actions for actions, _ in HANDLERS))
VIEWS = {
    "characters": sheet.view,
    "checks": checks.view,
    "combat": combat.view,
    "gm": gm.view,
    "settings": settings.view,
}


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).split(".", 1)[1]
    if action == "tab":
        return model.with_ui(percentile_tab=str(msg[1]))
    for actions, handler in HANDLERS:
        if action in actions:
            return handler(model, msg, ctx)
    return model


def view(model: Model) -> VNode:
    # a reload (no tab chosen yet) reopens the fight while one is set up, as Simply's page does
    fighting = any(side.get("members") for side in S.state(model)["combat"].get("sides") or [])
    tab = str(model.ui.get("percentile_tab", "combat" if fighting else "characters"))
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "Percentile sci-fi combat"),
        tab_bar("percentile", "Percentile pages", TABS, tab),
        VIEWS.get(tab, sheet.view)(model),
    )
