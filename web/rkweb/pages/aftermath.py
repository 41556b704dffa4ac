"""Aftermath!-style BCS/DAT combat: the system page with four tabs — Characters, Rolls, Combat
(the worksheet) and Reference (the reference tables, in ``aftermath_reference``). Every rule is
computed by ``pycore.systems.aftermath``; the tabs render its result values."""

from __future__ import annotations

import importlib
from types import ModuleType

from rkweb.model import Ctx, Model
from rkweb.tabs import tab_bar
from rkweb.vdom import Msg, VNode, h

TABS = (
    ("characters", "Characters"),
    ("rolls", "Rolls"),
    ("combat", "Combat"),
    ("reference", "Reference"),
)


def _reference() -> ModuleType | None:
    """The reference-tables page, built separately; None until it exists."""
    try:
        return importlib.import_module("rkweb.pages.aftermath_reference")
    except ImportError:
        return None


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    kind = str(msg[0])
    if kind == "aftermath_tab":
        return model.with_ui(aftermath_tab=str(msg[1]))
    if kind.startswith("aftermath_ref_"):
        reference = _reference()
        if reference is None:
            return model
        result: Model = reference.update(model, msg, ctx)
        return result
    if kind.startswith("aftermath_char_"):
        from rkweb.pages import aftermath_characters

        return aftermath_characters.update(model, msg, ctx)
    if kind.startswith("aftermath_roll_"):
        from rkweb.pages import aftermath_rolls

        return aftermath_rolls.update(model, msg, ctx)
    if kind.startswith(("aftermath_cbt_", "aftermath_set_")):
        from rkweb.pages import aftermath_combat

        return aftermath_combat.update(model, msg, ctx)
    return model


def _body(model: Model, tab: str) -> VNode:
    if tab == "rolls":
        from rkweb.pages import aftermath_rolls

        return aftermath_rolls.view(model)
    if tab == "combat":
        from rkweb.pages import aftermath_combat

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
    from rkweb.pages import aftermath_characters

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
