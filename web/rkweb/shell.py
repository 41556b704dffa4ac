"""The app shell around every page: navigation, undo/redo, banners; and message routing."""

from __future__ import annotations

import importlib
from dataclasses import replace

from rkweb.model import ROUTES, Ctx, Model
from rkweb.pages import about, dice, settings, systems
from rkweb.vdom import Msg, VNode, h

NAV = (
    ("dice", "Dice"),
    ("simply", "Simply"),
    ("gurps", "3d6 GURPS"),
    ("aftermath", "Aftermath"),
    ("percentile", "Percentile"),
    ("settings", "Settings"),
    ("about", "About"),
)


def route_of(hash_text: str) -> str:
    """``#/dice`` → ``dice``; anything unknown goes to the dice page.

    >>> route_of("#/settings"), route_of(""), route_of("#/nope")
    ('settings', 'dice', 'dice')
    """
    name = hash_text.lstrip("#").strip("/").split("/")[0]
    return name if name in ROUTES else "dice"


def page_view(model: Model) -> VNode:
    if model.route == "settings":
        return settings.view(model)
    if model.route == "about":
        return about.view(model)
    if model.route in systems.SYSTEMS:
        return systems.view(model)
    return dice.view(model)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    """Apply one message. Undo and redo are the shell's; everything else goes to the pages."""
    kind = msg[0]
    if kind == "undo":
        return replace(model, history=model.history.undo())
    if kind == "redo":
        return replace(model, history=model.history.redo())
    if kind == "route":
        return replace(model, route=route_of(str(msg[1])))
    if kind == "dismiss_banner":
        index = int(msg[1])
        return replace(model, banners=model.banners[:index] + model.banners[index + 1 :])
    if kind.startswith("dice_"):
        return dice.update(model, msg, ctx)
    if kind.startswith("simply_"):
        # Imported on first use: the rule systems are not needed to start the app (start-up bench).
        from rkweb.pages import simply_characters, simply_combat, simply_task

        if kind.startswith("simply_combat_"):
            return simply_combat.update(model, msg, ctx)
        if kind.startswith("simply_task_"):
            return simply_task.update(model, msg, ctx)
        if kind.startswith("simply_char_"):
            return simply_characters.update(model, msg, ctx)
        if kind == "simply_tab":
            return model.with_ui(simply_tab=str(msg[1]))
        return model
    system = kind.split("_", 1)[0]
    if system in systems.SYSTEMS and systems.is_built(system):
        # Each further system is one page module, rkweb.pages.<system>, with view() and update();
        # imported on first use like Simply's.
        page = importlib.import_module(f"rkweb.pages.{system}")
        result: Model = page.update(model, msg, ctx)
        return result
    return settings.update(model, msg, ctx)


def _banners(model: Model) -> list[VNode]:
    return [
        h(
            "div",
            {
                "class": f"banner banner-{b.kind}",
                "role": "alert",
                "data-testid": f"banner-{b.kind}",
            },
            h("p", {}, b.text),
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {"type": "button", "class": "primary", "on_click": ("export",)},
                    "Export all data",
                )
                if b.offer_export
                else None,
                h(
                    "button",
                    {"type": "button", "class": "secondary", "on_click": ("dismiss_banner", index)},
                    "Dismiss",
                ),
            ),
        )
        for index, b in enumerate(model.banners)
    ]


def view(model: Model) -> VNode:
    history = model.history
    nav = h(
        "nav",
        {"class": "nav", "aria-label": "Main"},
        h(
            "ul",
            {},
            *[
                h(
                    "li",
                    {},
                    h(
                        "a",
                        {
                            "href": f"#/{route}",
                            "data-testid": f"nav-{route}",
                            "aria-current": "page" if model.route == route else None,
                        },
                        label,
                    ),
                )
                for route, label in NAV
            ],
        ),
    )
    undo_label = history.undo_label
    redo_label = history.redo_label
    tools = h(
        "div",
        {"class": "tools"},
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-testid": "undo",
                "on_click": ("undo",),
                "disabled": undo_label is None,
                "title": f"Undo: {undo_label}" if undo_label else "Nothing to undo",
            },
            f"Undo: {undo_label}" if undo_label else "Undo",
        ),
        h(
            "button",
            {
                "type": "button",
                "class": "secondary",
                "data-testid": "redo",
                "on_click": ("redo",),
                "disabled": redo_label is None,
                "title": f"Redo: {redo_label}" if redo_label else "Nothing to redo",
            },
            "Redo",
        ),
    )
    return h(
        "div",
        {"class": "shell"},
        h("header", {"class": "top"}, h("h1", {"class": "brand"}, "Rulekeeper"), tools),
        nav,
        h("div", {"class": "banners"}, *_banners(model)),
        h("main", {"id": "main"}, page_view(model)),
    )
