"""Aftermath!-style BCS/DAT combat: the system page with five tabs — Characters, Rolls, Combat
(the attack worksheet), Reference (the reference tables) and Settings (the campaign's answers
where the text is silent). Every rule is computed by ``pycore.systems.aftermath``; the tabs
parse what is typed, call the core, and render its result values."""

from __future__ import annotations

from collections.abc import Callable

from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.aftermath import rolls, settings
from rkweb.features.aftermath.characters import update as characters_update
from rkweb.features.aftermath.characters import view as characters_view
from rkweb.features.aftermath.combat import update as combat_update
from rkweb.features.aftermath.combat import view as combat_view
from rkweb.features.aftermath.reference import update as reference_update
from rkweb.features.aftermath.reference import view as reference_view
from rkweb.features.aftermath.state import SECTION
from rkweb.kit.tabs import tab_bar

# The messages this feature takes, ``("aftermath.<action>", ...)``: the shell refuses any other.
ACTIONS = frozenset(
    {
        "cbt_apply",
        "cbt_ask",
        "cbt_cancel",
        "cbt_clear",
        "cbt_critical",
        "cbt_field",
        "cbt_getup",
        "cbt_next_phase",
        "cbt_next_turn",
        "cbt_pick",
        "cbt_potential",
        "cbt_reload",
        "cbt_resolve",
        "cbt_toggle",
        "cbt_typed",
        "cbt_unpress",
        "char_add_cond",
        "char_add_item",
        "char_add_skill",
        "char_add_weapon",
        "char_cancel_weapon",
        "char_del",
        "char_draft",
        "char_edit_weapon",
        "char_field",
        "char_heal",
        "char_new",
        "char_remove",
        "char_remove_cond",
        "char_remove_weapon",
        "char_select",
        "char_wear",
        "ref_acid",
        "ref_field",
        "ref_reaction",
        "ref_reaction_clear",
        "ref_roll",
        "ref_rope",
        "ref_study",
        "ref_terrain",
        "ref_throw_damage",
        "roll_bcs",
        "roll_bcs_typed",
        "roll_clear",
        "roll_field",
        "roll_opposed",
        "roll_save",
        "roll_save_typed",
        "roll_toggle",
        "set_field",
        "tab",
    }
)

TABS = (
    ("characters", "Characters"),
    ("rolls", "Rolls"),
    ("combat", "Combat"),
    ("reference", "Reference"),
    ("settings", "Settings"),
)
Update = Callable[[Model, Msg, Ctx], Model]
#: Each tab's messages start with its prefix.
UPDATES: tuple[tuple[str, Update], ...] = (
    ("char_", characters_update.update),
    ("roll_", rolls.update),
    ("cbt_", combat_update.update),
    ("ref_", reference_update.update),
    ("set_", settings.update),
)
VIEWS: dict[str, Callable[[Model], VNode]] = {
    "characters": characters_view.view,
    "rolls": rolls.view,
    "combat": combat_view.view,
    "reference": reference_view.view,
    "settings": settings.view,
}


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).removeprefix("aftermath.")
    if action == "tab":
        return model.with_ui(aftermath_tab=str(msg[1]))
    for prefix, handler in UPDATES:
        if action.startswith(prefix):
            return handler(model, msg, ctx)
    return model


def _opening_tab(model: Model) -> str:
    """The tab a (re)loaded page opens on: the fight when one is under way (issue 28: a reload
    in the middle of a fight opened on Characters), else the characters."""
    combat = model.section(SECTION).get("combat")
    going = isinstance(combat, dict) and any(combat.get(k) for k in ("log", "pending", "edits"))
    return "combat" if going else "characters"


def view(model: Model) -> VNode:
    tab = str(model.ui.get("aftermath_tab") or _opening_tab(model))
    if tab not in VIEWS:
        tab = "characters"
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "Aftermath!-style combat"),
        tab_bar("aftermath", "Aftermath pages", TABS, tab),
        VIEWS[tab](model),
    )
