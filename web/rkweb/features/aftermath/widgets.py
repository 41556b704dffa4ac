"""Form pieces shared by the Aftermath tabs: labelled fields with their error next to them,
toggle chips (44 px touch targets), and the odds list. Every id starts with ``aft-``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rkweb.app.vdom import VNode, h


def field(
    fid: str,
    label: str,
    value: Any,
    msg: tuple[Any, ...],
    error: str = "",
    kind: str = "number",
    hint: str = "",
) -> VNode:
    """A labelled input; ``msg`` gets the typed value appended by the glue."""
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "input",
            {
                "id": fid,
                "type": kind,
                "inputmode": "numeric" if kind == "number" else None,
                "value": "" if value is None else value,
                "data-testid": fid,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": f"{fid}-error" + (f" {fid}-hint" if hint else ""),
                "on_change": msg,
            },
        ),
        h("p", {"id": f"{fid}-hint", "class": "muted small"}, hint) if hint else None,
        h("p", {"id": f"{fid}-error", "class": "field-error", "role": "alert"}, error),
    )


def select(
    fid: str,
    label: str,
    value: Any,
    options: Sequence[tuple[str, str]],
    msg: tuple[Any, ...],
    hint: str = "",
    key: str | None = None,
) -> VNode:
    """A labelled select of (value, text) options; a new ``key`` rebuilds it (back to its
    prompt after an add)."""
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "select",
            {
                "id": fid,
                "data-testid": fid,
                "data-key": key,
                "on_change": msg,
                "aria-describedby": f"{fid}-hint" if hint else None,
            },
            *[h("option", {"value": v, "selected": str(v) == str(value)}, t) for v, t in options],
        ),
        h("p", {"id": f"{fid}-hint", "class": "muted small"}, hint) if hint else None,
    )


def chip(testid: str, label: str, pressed: bool, msg: tuple[Any, ...]) -> VNode:
    """A toggle button (aria-pressed), large enough to tap."""
    return h(
        "button",
        {
            "type": "button",
            "class": "chip" + (" primary" if pressed else ""),
            "aria-pressed": "true" if pressed else "false",
            "data-testid": testid,
            "on_click": msg,
        },
        label,
    )


def chips(label: str, items: Sequence[VNode], testid: str = "") -> VNode:
    """A labelled group of toggle chips."""
    return h(
        "div",
        {"class": "field"},
        h("p", {"class": "strong", "id": f"{testid}-label" if testid else None}, label),
        h(
            "div",
            {
                "class": "quick",
                "role": "group",
                "aria-labelledby": f"{testid}-label" if testid else None,
                "data-testid": testid or None,
            },
            *items,
        ),
    )


def button(
    testid: str, label: str, msg: tuple[Any, ...], primary: bool = True, disabled: bool = False
) -> VNode:
    return h(
        "button",
        {
            "type": "button",
            "class": "primary" if primary else "secondary",
            "data-testid": testid,
            "disabled": disabled,
            "on_click": msg,
        },
        label,
    )


def odds(testid: str, pairs: Sequence[tuple[str, str]]) -> VNode:
    """A definition list of outcome → exact odds."""
    return h(
        "dl",
        {"class": "odds", "data-testid": testid},
        *[part for name, text in pairs for part in (h("dt", {}, name), h("dd", {}, text))],
    )


def log_list(testid: str, entries: Sequence[dict[str, Any]]) -> VNode:
    return h(
        "ol",
        {"class": "log", "data-testid": f"{testid}-log"},
        *[
            h(
                "li",
                {
                    "class": "log-entry",
                    "data-testid": f"{testid}-log-entry",
                    "data-key": f"{e.get('at', '')}|{e.get('seed', '')}",
                },
                h("span", {"class": "log-text"}, str(e.get("text", ""))),
                h("span", {"class": "log-meta"}, str(e.get("at", ""))[11:19]),
            )
            for e in entries
        ],
    )
