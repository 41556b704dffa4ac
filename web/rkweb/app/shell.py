"""The app shell around every page: navigation, undo/redo, banners; and message routing."""

from __future__ import annotations

from dataclasses import replace

from rkweb.app.messages import SHELL, SHELL_ACTIONS, UnknownMessage, check, send, split
from rkweb.app.model import Ctx, Model
from rkweb.app.registry import FEATURES, ROUTES, feature
from rkweb.app.vdom import Msg, VNode, h


def route_of(hash_text: str) -> str:
    """``#/dice`` → ``dice``; anything unknown goes to the dice page.

    >>> route_of("#/settings"), route_of(""), route_of("#/nope")
    ('settings', 'dice', 'dice')
    """
    name = hash_text.lstrip("#").strip("/").split("/")[0]
    return name if name in ROUTES else "dice"


def page_view(model: Model) -> VNode:
    page = feature(model.route) or FEATURES[0]
    return page.view(model)


def _shell_update(model: Model, msg: Msg) -> Model:
    _, action = split(msg)
    if action == "undo":
        return replace(model, history=model.history.undo())
    if action == "redo":
        return replace(model, history=model.history.redo())
    if action == "route":
        return replace(model, route=route_of(str(msg[1])))
    index = int(msg[1])  # dismiss_banner
    return replace(model, banners=model.banners[:index] + model.banners[index + 1 :])


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    """Apply one message: the shell's own, or the feature it names (see ``messages``)."""
    name, _ = split(msg)
    if name == SHELL:
        check(msg, SHELL_ACTIONS)
        return _shell_update(model, msg)
    page = feature(name)
    if page is None:
        raise UnknownMessage(f"no feature takes {msg!r}")
    check(msg, page.actions())
    return page.update(model, msg, ctx)


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
                    {"type": "button", "class": "primary", "on_click": send("app", "export")},
                    "Export all data",
                )
                if b.offer_export
                else None,
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-testid": "update-reload",
                        "on_click": send("app", "reload"),
                    },
                    "Reload",
                )
                if b.offer_reload
                else None,
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "secondary",
                        "on_click": send(SHELL, "dismiss_banner", index),
                    },
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
                            "href": f"#/{f.route}",
                            "data-testid": f"nav-{f.route}",
                            "aria-current": "page" if model.route == f.route else None,
                        },
                        f.label,
                    ),
                )
                for f in FEATURES
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
                "on_click": send(SHELL, "undo"),
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
                "on_click": send(SHELL, "redo"),
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
