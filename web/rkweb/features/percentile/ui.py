"""Small view helpers shared by the percentile pages: labelled fields with their errors, selects,
buttons and exact-odds lists (the numbers come from the core; these only lay them out)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from rkweb.app.model import Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.numbers import odds_text

ERRORS = "percentile_errors"


def error_of(model: Model, key: str) -> str:
    return str(model.ui.get(ERRORS, {}).get(key, ""))


def with_error(model: Model, key: str, message: str | None) -> Model:
    errors = dict(model.ui.get(ERRORS, {}))
    if message:
        errors[key] = message
    else:
        errors.pop(key, None)
    return model.with_ui(**{ERRORS: errors})


def field(
    model: Model,
    fid: str,
    label: str,
    value: Any,
    msg: Msg,
    *,
    kind: str = "text",
    error_key: str | None = None,
    hint: str = "",
) -> VNode:
    error = error_of(model, error_key or fid)
    attrs: dict[str, Any] = {
        "id": fid,
        "type": kind,
        "value": "" if value is None else str(value),
        "data-testid": fid,
        "aria-invalid": "true" if error else "false",
        "aria-describedby": f"{fid}-error",
        "on_change": msg,
    }
    if kind == "text":
        attrs["inputmode"] = "decimal"
        attrs["autocomplete"] = "off"
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h("input", attrs),
        h("p", {"class": "muted small"}, hint) if hint else None,
        h(
            "p",
            {
                "id": f"{fid}-error",
                "class": "field-error",
                "role": "alert",
                "data-testid": f"{fid}-error",
            },
            error,
        ),
    )


def select(fid: str, label: str, value: str, options: Iterable[tuple[str, str]], msg: Msg) -> VNode:
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "select",
            {"id": fid, "data-testid": fid, "on_change": msg},
            *[h("option", {"value": k, "selected": k == value}, text) for k, text in options],
        ),
    )


def button(
    testid: str, label: str, msg: Msg, *, primary: bool = False, disabled: bool = False
) -> VNode:
    return h(
        "button",
        {
            "type": "button",
            "class": "primary" if primary else "secondary",
            "data-testid": testid,
            "on_click": msg,
            "disabled": disabled,
        },
        label,
    )


def odds(testid: str, values: Mapping[str, Fraction]) -> VNode:
    items: list[VNode] = []
    for name, p in values.items():
        items += [h("dt", {}, name), h("dd", {}, odds_text(p))]
    return h("dl", {"class": "odds", "data-testid": testid}, *items)


def card(hid: str, title: str, *children: Any, testid: str | None = None) -> VNode:
    attrs: dict[str, Any] = {"class": "card", "aria-labelledby": hid}
    if testid:
        attrs["data-testid"] = testid
    return h("section", attrs, h("h2", {"id": hid}, title), *children)


def log_list(testid: str, entries: list[dict[str, Any]]) -> VNode:
    return h(
        "ol",
        # Focusable: a long log scrolls, and a scrolling region must be reachable by keyboard.
        {"class": "log", "tabindex": "0", "aria-label": "Log, newest first"},
        *[
            h(
                "li",
                {
                    "class": "log-entry",
                    "data-testid": testid,
                    "data-key": f"{e.get('at')}|{e.get('seed')}|{i}",
                },
                h("span", {"class": "log-text"}, str(e.get("text", ""))),
                h("span", {"class": "log-meta"}, str(e.get("at", ""))[11:19]),
            )
            for i, e in enumerate(entries)
        ],
    )
