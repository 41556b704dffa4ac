"""Percentile sci-fi combat: character sheet, checks with exact odds, the combat worksheet, the
game master's tables and the campaign settings. Every rule comes from
:mod:`pycore.systems.percentile`; these pages gather inputs and render its results."""

from __future__ import annotations

from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.tabs import tab_bar

# The messages this feature takes, ``("percentile.<action>", ...)``: the shell refuses any other.
ACTIONS = frozenset(
    {
        "ap_action",
        "ap_borrow",
        "ap_field",
        "ap_spend",
        "ap_stun",
        "attack_field",
        "attack_resolve",
        "char",
        "char_delete",
        "char_field",
        "char_new",
        "char_select",
        "check",
        "check_clear",
        "check_field",
        "check_roll",
        "damage_roll",
        "gm_clear",
        "gm_csv",
        "gm_import",
        "gm_pick",
        "gm_save",
        "grenade",
        "grenade_roll",
        "heal",
        "hform",
        "member_ac",
        "member_add",
        "member_asleep",
        "member_remove",
        "order_join",
        "order_pass",
        "order_roll",
        "part",
        "part_add",
        "part_del",
        "parts_gm",
        "pform",
        "piece_next",
        "poison",
        "poison_field",
        "rolloff",
        "round_next",
        "setting",
        "severity_roll",
        "side_add",
        "side_field",
        "surprise_roll",
        "tab",
        "tohit",
        "tohit_roll",
        "weapon",
        "weapon_add",
        "weapon_del",
        "weapon_sheet",
        "wform",
    }
)


TABS = (
    ("characters", "Characters"),
    ("checks", "Checks"),
    ("combat", "Combat"),
    ("gm", "GM tables"),
    ("settings", "Settings"),
)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    from rkweb.features.percentile import checks as percentile_checks
    from rkweb.features.percentile import combat as percentile_combat
    from rkweb.features.percentile import gm as percentile_gm
    from rkweb.features.percentile import sheet as percentile_sheet

    kind = str(msg[0])
    if kind == "percentile.tab":
        return model.with_ui(percentile_tab=str(msg[1]))
    if kind.startswith(
        (
            "percentile.char",
            "percentile.wform",
            "percentile.pform",
            "percentile.weapon",
            "percentile.part",
            "percentile.hform",
            "percentile.heal",
        )
    ):
        return percentile_sheet.update(model, msg, ctx)
    if kind.startswith(
        ("percentile.check", "percentile.grenade", "percentile.damage_roll", "percentile.tohit")
    ):
        return percentile_checks.update(model, msg, ctx)
    if kind.startswith(("percentile.gm", "percentile.setting")):
        return percentile_gm.update(model, msg, ctx)
    return percentile_combat.update(model, msg, ctx)


def view(model: Model) -> VNode:
    from rkweb.features.percentile import checks as percentile_checks
    from rkweb.features.percentile import combat as percentile_combat
    from rkweb.features.percentile import gm as percentile_gm
    from rkweb.features.percentile import sheet as percentile_sheet

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
