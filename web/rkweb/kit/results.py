"""Results where the tap was: the verdict and the number first, the steps one tap away; cards and
the log.

>>> from rkweb.app.vdom import text_of
>>> panel = result("atk", "Hit", "11 vs 12", ["3d6 (4,2,5) = 11", "skill 12 (GUR-01)"])
>>> text_of(panel)
'Hit11 vs 12Why3d6 (4,2,5) = 11skill 12 (GUR-01)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from rkweb.app.vdom import VNode, h

Tone = Literal["good", "bad", "neutral"]


def why(lines: Sequence[str], testid: str | None = None, summary: str = "Why") -> VNode | None:
    """The explanation a user opens: rule references and line numbers belong here only."""
    if not lines:
        return None
    return h(
        "details",
        {"class": "why", "data-testid": testid},
        h("summary", {}, summary),
        h("ul", {"class": "why-lines"}, *[h("li", {}, line) for line in lines]),
    )


def result(
    testid: str,
    verdict: str,
    number: str = "",
    steps: Sequence[str] = (),
    *,
    tone: Tone = "neutral",
    actions: Sequence[VNode] = (),
) -> VNode:
    """A result panel: the verdict large, its number, the explanation under "Why"."""
    return h(
        "div",
        {"class": f"outcome outcome-{tone}", "data-testid": testid, "role": "status"},
        h("p", {"class": "outcome-verdict", "data-testid": f"{testid}-verdict"}, verdict),
        h("p", {"class": "outcome-number"}, number) if number else None,
        why(steps, f"{testid}-why"),
        h("div", {"class": "row"}, *actions) if actions else None,
    )


def card(hid: str, title: str, *children: Any, testid: str | None = None) -> VNode:
    """A titled section of a page."""
    return h(
        "section",
        {"class": "card", "aria-labelledby": hid, "data-testid": testid},
        h("h2", {"id": hid}, title),
        *children,
    )


def log_list(
    testid: str,
    entries: Sequence[Mapping[str, Any]],
    *,
    label: str = "Log, newest first",
    list_testid: str | None = None,
) -> VNode:
    """The log, newest first; each entry's ``text`` and the time it happened.

    Focusable: a long log scrolls, and a scrolling region must be reachable by keyboard.
    """
    return h(
        "ol",
        {"class": "log", "tabindex": "0", "aria-label": label, "data-testid": list_testid},
        *[
            h(
                "li",
                {
                    "class": "log-entry",
                    "data-testid": testid,
                    "data-key": f"{e.get('at', '')}|{e.get('seed', '')}|{len(entries) - i}",
                },
                h("span", {"class": "log-text"}, str(e.get("text", ""))),
                h("span", {"class": "log-meta"}, str(e.get("at", ""))[11:19]),
            )
            for i, e in enumerate(entries)
        ],
    )
