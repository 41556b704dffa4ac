"""The tab bar every rule system's page uses: one button per tab, the current one pressed."""

from __future__ import annotations

from collections.abc import Sequence

from rkweb.app.vdom import VNode, h


def tab_bar(system: str, title: str, tabs: Sequence[tuple[str, str]], current: str) -> VNode:
    """Buttons ``<system>-tab-<key>`` sending ``(<system>.tab, key)``.

    >>> bar = tab_bar("gurps", "GURPS pages", [("a", "A"), ("b", "B")], "b")
    >>> [b.attr("aria-pressed") for b in bar.children if not isinstance(b, str)]
    ['false', 'true']
    """
    return h(
        "div",
        {"class": "row tabs", "role": "group", "aria-label": title},
        *[
            h(
                "button",
                {
                    "type": "button",
                    "data-testid": f"{system}-tab-{key}",
                    "class": "primary" if current == key else "secondary",
                    "aria-pressed": "true" if current == key else "false",
                    "on_click": (f"{system}.tab", key),
                },
                label,
            )
            for key, label in tabs
        ],
    )
