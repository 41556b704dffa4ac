"""Results where the tap was: the verdict and the number first, the steps one tap away; cards and
the log.

>>> from rkweb.app.vdom import text_of
>>> panel = result("atk", "Hit", "11 vs 12", ["3d6 (4,2,5) = 11", "skill 12 (GUR-01)"])
>>> text_of(panel)
'Hit11 vs 12Why3d6 (4,2,5) = 11skill 12 (GUR-01)'
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, Literal

from rkweb.app.messages import Message
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


def log_key(entry: Mapping[str, Any], newer: Mapping[str, int]) -> str:
    """A log entry's key: its time, seed and text, and how many identical entries are newer.

    Counted from the newest end, so adding entries (with a new time) and dropping the oldest at
    the log's cap leaves every other entry's key as it was (issue 33: a key counted from the
    oldest end changed for all 300 entries on every tap, and the page rebuilt them all).

    >>> e = {"text": "Mara hits", "at": "2026-11-23T10:00:00+00:00", "seed": "a"}
    >>> log_key(e, {})
    '2026-11-23T10:00:00+00:00|a|...|0'
    """
    text = str(entry.get("text", ""))
    base = f"{entry.get('at', '')}|{entry.get('seed', '')}|{zlib.crc32(text.encode()):08x}"
    return f"{base}|{newer.get(base, 0)}"


#: Entries drawn until the user asks for all: a tap redraws these, not the whole log (issue 33).
LOG_SHOWN = 30
# The logs the user opened in full (their entries' test ids), set around a page's view by the
# shell from the model (``shell.show_log``), so every page's log gets it without a parameter.
_SHOWN_ALL: ContextVar[frozenset[str]] = ContextVar("logs_shown_all", default=frozenset())


class ShowLog(Message, action="shell.show_log"):
    """A log (``testid``) drawn whole, or only its newest entries: a view choice, not a change
    to undo (the log list builds it, the shell takes it)."""

    testid: str
    whole: bool


@contextmanager
def logs_shown_all(testids: Iterable[str]) -> Iterator[None]:
    """Within this block the logs of ``testids`` are drawn whole."""
    token = _SHOWN_ALL.set(frozenset(testids))
    try:
        yield
    finally:
        _SHOWN_ALL.reset(token)


def _log_entry(testid: str, entry: Mapping[str, Any], key: str) -> VNode:
    """One entry; the rules its step applied (``pycore.step.Step.rules``, kept as data) are
    shown only under its "Why"."""
    rules = entry.get("rules")
    told = ", ".join(map(str, rules)) if isinstance(rules, list) and rules else ""
    return _entry_node(testid, key, str(entry.get("text", "")), str(entry.get("at", "")), told)


@lru_cache(maxsize=4 * LOG_SHOWN)
def _entry_node(testid: str, key: str, text: str, at: str, told: str) -> VNode:
    """An entry's node, the same object at each view while the entry is drawn (issue 33: each
    tap built the 30 entries anew and the patcher compared them node by node; the same node is
    found unchanged at once)."""
    return h(
        "li",
        {"class": "log-entry", "data-testid": testid, "data-key": key},
        h("span", {"class": "log-text"}, *dice_text(text)),
        h("span", {"class": "log-meta"}, at[11:19]),
        why([told] if told else []),
    )


def log_list(
    testid: str,
    entries: Sequence[Mapping[str, Any]],
    *,
    label: str = "Log, newest first",
    list_testid: str | None = None,
) -> VNode:
    """The log, newest first; each entry's ``text`` and the time it happened. Only the newest
    :data:`LOG_SHOWN` are drawn until "Show all" is tapped (``<testid>-all``).

    Focusable: a long log scrolls, and a scrolling region must be reachable by keyboard.
    """
    whole = testid in _SHOWN_ALL.get()
    shown = entries if whole else entries[:LOG_SHOWN]
    seen: dict[str, int] = {}
    items = []
    for entry in shown:
        key = log_key(entry, seen)
        base = key.rpartition("|")[0]
        seen[base] = seen.get(base, 0) + 1
        items.append(_log_entry(testid, entry, key))
    more = None
    if len(entries) > LOG_SHOWN:
        more = h(
            "button",
            {
                "type": "button",
                "class": "secondary log-all",
                "data-testid": f"{testid}-all",
                "aria-expanded": "true" if whole else "false",
                "on_click": ShowLog(testid, not whole),
            },
            f"Show only the newest {LOG_SHOWN}" if whole else f"Show all {len(entries)}",
        )
    listing = h(
        "ol",
        {"class": "log", "tabindex": "0", "aria-label": label, "data-testid": list_testid},
        *items,
    )
    return h("div", {"class": "log-box"}, listing, more) if more else listing
