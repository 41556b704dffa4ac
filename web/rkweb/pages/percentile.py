"""Percentile sci-fi combat: character sheet, checks with exact odds, the combat worksheet, the
game master's tables and the campaign settings. Every rule comes from
:mod:`pycore.systems.percentile`; these pages gather inputs and render its results."""

from __future__ import annotations

from rkweb.model import Ctx, Model
from rkweb.tabs import tab_bar
from rkweb.vdom import Msg, VNode, h

TABS = (
    ("characters", "Characters"),
    ("checks", "Checks"),
    ("combat", "Combat"),
    ("gm", "GM tables"),
    ("settings", "Settings"),
)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    from rkweb.pages import percentile_checks, percentile_combat, percentile_gm, percentile_sheet

    kind = str(msg[0])
    if kind == "percentile_tab":
        return model.with_ui(percentile_tab=str(msg[1]))
    if kind.startswith(
        (
            "percentile_char",
            "percentile_wform",
            "percentile_pform",
            "percentile_weapon",
            "percentile_part",
            "percentile_hform",
            "percentile_heal",
        )
    ):
        return percentile_sheet.update(model, msg, ctx)
    if kind.startswith(
        ("percentile_check", "percentile_grenade", "percentile_damage_roll", "percentile_tohit")
    ):
        return percentile_checks.update(model, msg, ctx)
    if kind.startswith(("percentile_gm", "percentile_setting")):
        return percentile_gm.update(model, msg, ctx)
    return percentile_combat.update(model, msg, ctx)


def view(model: Model) -> VNode:
    from rkweb.pages import percentile_checks, percentile_combat, percentile_gm, percentile_sheet

    tab = str(model.ui.get("percentile_tab", "characters"))
    tabs = tab_bar("percentile", "Percentile pages", TABS, tab)
    bodies = {
        "characters": percentile_sheet.view,
        "checks": percentile_checks.view,
        "combat": percentile_combat.view,
        "gm": percentile_gm.gm_view,
        "settings": percentile_gm.settings_view,
    }
    body = bodies.get(tab, percentile_sheet.view)(model)
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "Percentile sci-fi combat"),
        tabs,
        body,
    )
