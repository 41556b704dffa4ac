"""Aftermath!-style BCS/DAT combat: the system page with four tabs — Characters, Rolls, Combat
(the worksheet) and Reference (the reference tables, in ``aftermath_reference``). Every rule is
computed by ``pycore.systems.aftermath``; the tabs render its result values."""

from __future__ import annotations

import importlib
from types import ModuleType

from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.tabs import tab_bar

# The messages this feature takes, ``("aftermath.<action>", ...)``: the shell refuses any other.
ACTIONS = frozenset(
    {
        "cbt_clear",
        "cbt_field",
        "cbt_next_phase",
        "cbt_next_turn",
        "cbt_pick",
        "cbt_resolve",
        "cbt_toggle",
        "char_add_cond",
        "char_add_item",
        "char_add_skill",
        "char_add_weapon",
        "char_del",
        "char_draft",
        "char_field",
        "char_heal",
        "char_new",
        "char_remove",
        "char_remove_cond",
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
        "roll_clear",
        "roll_field",
        "roll_opposed",
        "roll_save",
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
)


def _reference() -> ModuleType | None:
    """The reference-tables page, built separately; None until it exists."""
    try:
        return importlib.import_module("rkweb.features.aftermath.reference")
    except ImportError:
        return None


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = str(msg[0])
    if kind == "aftermath.tab":
        return model.with_ui(aftermath_tab=str(msg[1]))
    if kind.startswith("aftermath.ref_"):
        reference = _reference()
        if reference is None:
            return model
        result: Model = reference.update(model, msg, ctx)
        return result
    if kind.startswith("aftermath.char_"):
        from rkweb.features.aftermath import characters as aftermath_characters

        return aftermath_characters.update(model, msg, ctx)
    if kind.startswith("aftermath.roll_"):
        from rkweb.features.aftermath import rolls as aftermath_rolls

        return aftermath_rolls.update(model, msg, ctx)
    if kind.startswith(("aftermath.cbt_", "aftermath.set_")):
        from rkweb.features.aftermath import combat as aftermath_combat

        return aftermath_combat.update(model, msg, ctx)
    return model


def _body(model: Model, tab: str) -> VNode:
    if tab == "rolls":
        from rkweb.features.aftermath import rolls as aftermath_rolls

        return aftermath_rolls.view(model)
    if tab == "combat":
        from rkweb.features.aftermath import combat as aftermath_combat

        return aftermath_combat.view(model)
    if tab == "reference":
        reference = _reference()
        if reference is None:
            return h(
                "p",
                {"class": "notice", "data-testid": "aft-reference-missing"},
                "The reference tables are not built yet.",
            )
        node: VNode = reference.view(model)
        return node
    from rkweb.features.aftermath import characters as aftermath_characters

    return aftermath_characters.view(model)


def view(model: Model) -> VNode:
    tab = str(model.ui.get("aftermath_tab", "characters"))
    if tab not in dict(TABS):
        tab = "characters"
    tabs = tab_bar("aftermath", "Aftermath pages", TABS, tab)
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "Aftermath!-style combat"),
        tabs,
        _body(model, tab),
    )
