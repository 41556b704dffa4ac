"""Results where the tap was: the verdict and the number first, the steps one tap away; cards and
the log.

>>> from rkweb.app.vdom import text_of
>>> panel = result("atk", "Hit", "11 vs 12", ["3d6 (4,2,5) = 11", "skill 12 (GUR-01)"])
>>> text_of(panel)
'Hit11 vs 12Why3d6 (4,2,5) = 11skill 12 (GUR-01)'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from rkweb.app.vdom import Child, VNode, h

Tone = Literal["good", "bad", "neutral"]
_DROPPED = re.compile(r"~~(-?\d+)~~")


def dice_text(text: str) -> list[Child]:
    """A roll's explanation with its dropped dice struck out, as the core marks them (``~~f~~``).

    >>> from rkweb.app.vdom import text_of
    >>> nodes = dice_text("4d6kh3 (3, 5, 6, ~~1~~) = 14")
    >>> [n.tag for n in nodes if not isinstance(n, str)]
    ['s']
    >>> "".join(text_of(n) for n in nodes)
    '4d6kh3 (3, 5, 6, 1) = 14'
    """
    pieces: list[Child] = []
    for index, part in enumerate(_DROPPED.split(text)):
        if index % 2 == 0:
            if part:
                pieces.append(part)
        else:
            pieces.append(h("s", {"class": "dropped", "title": "dropped"}, part))
    return pieces


def why(lines: Sequence[str], testid: str | None = None, summary: str = "Why") -> VNode | None:
    """The explanation a user opens: rule references and line numbers belong here only."""
    if not lines:
        return None
    return h(
        "details",
        {"class": "why", "data-testid": testid},
        h("summary", {}, summary),
        h("ul", {"class": "why-lines"}, *[h("li", {}, *dice_text(line)) for line in lines]),
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
                h("span", {"class": "log-text"}, *dice_text(str(e.get("text", "")))),
                h("span", {"class": "log-meta"}, str(e.get("at", ""))[11:19]),
            )
            for i, e in enumerate(entries)
        ],
    )
