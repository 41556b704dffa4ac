"""The tab bar every rule system's page uses: one button per tab, the current one pressed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rkweb.app.messages import Action
from rkweb.app.vdom import VNode, h


def tab_bar(
    system: str,
    title: str,
    tabs: Sequence[tuple[str, str]],
    current: str,
    message: Callable[[str], Action],
    opens_at_top: bool = False,
) -> VNode:
    """Buttons ``<system>-tab-<key>`` sending ``message(key)`` (the page's ``Tab`` class);
    ``opens_at_top``: another tab tapped opens at the page's top (app/in_place.py), not where
    its new result or step would pull it.

    >>> from rkweb.app.messages import Message
    >>> class Tab(Message, action="gurps.tab"):
    ...     tab: str
    >>> bar = tab_bar("gurps", "GURPS pages", [("a", "A"), ("b", "B")], "b", Tab)
    >>> [b.attr("aria-pressed") for b in bar.children if not isinstance(b, str)]
    ['false', 'true']
    >>> bar.children[0].attr("data-on-click")
    '["gurps.tab", "a"]'
    """
    return h(
        "div",
        {
            "class": "row tabs",
            "role": "group",
            "aria-label": title,
            "data-step": f"{system}-tabs" if opens_at_top else None,
            "data-step-on": current if opens_at_top else None,
            "data-step-top": "1" if opens_at_top else None,
        },
        *[
            h(
                "button",
                {
                    "type": "button",
                    "data-testid": f"{system}-tab-{key}",
                    "class": "primary" if current == key else "secondary",
                    "aria-pressed": "true" if current == key else "false",
                    "on_click": message(key),
                },
                label,
            )
            for key, label in tabs
        ],
    )
