"""A printed sheet (issue 31): a record in the game's words, drawn only on paper. On screen the
sheet is not drawn (the page's form is the record there); on paper it is the only thing printed,
without the app's navigation, the forms and the other tabs (see ``.paper`` in ``app.css``).

>>> s = sheet("x-paper", "Ana", [block("Stats", facts([("ST", 12)]))])
>>> s.attr("class"), s.attr("data-testid")
('paper', 'x-paper')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rkweb.app.vdom import VNode, h
from rkweb.kit.buttons import button


def print_button(testid: str, label: str = "Print sheet") -> VNode:
    """The browser's print dialog (``app.print``); the button itself does not print."""
    return h("div", {"class": "no-print"}, button(testid, label, ("app.print",)))


def block(title: str, *body: Any, wide: bool = False) -> VNode:
    """One titled box of the sheet; ``wide`` spans both columns."""
    css = "record-block wide" if wide else "record-block"
    return h("div", {"class": css}, h("h4", {}, title), *body)


def facts(pairs: Iterable[tuple[str, Any]], columns: int = 1) -> VNode:
    """Label: value lines, in one or two columns of pairs; an empty value prints as a dash so
    a blank is visibly blank."""
    return h(
        "dl",
        {"class": "paper-facts" if columns == 1 else "paper-facts two"},
        *[p for k, v in pairs for p in (h("dt", {}, k), h("dd", {}, _shown(v)))],
    )


def lines(items: Iterable[Any]) -> VNode:
    shown = [h("li", {}, str(x)) for x in items]
    return h("ul", {}, *shown) if shown else h("p", {}, "—")


def table(heads: Iterable[str], rows: Iterable[Iterable[Any]]) -> VNode:
    body = [h("tr", {}, *[h("td", {}, _shown(x)) for x in row]) for row in rows]
    if not body:
        return h("p", {}, "—")
    return h(
        "table",
        {"class": "data"},
        h("thead", {}, h("tr", {}, *[h("th", {"scope": "col"}, x) for x in heads])),
        h("tbody", {}, *body),
    )


def sheet(testid: str, title: str, blocks: Iterable[VNode | None]) -> VNode:
    """The whole sheet: its title (the record's name) and its blocks in two columns."""
    return h(
        "section",
        {"class": "paper", "data-testid": testid, "aria-label": f"Printed sheet: {title}"},
        h("h2", {"class": "paper-title"}, title),
        h("div", {"class": "record-grid"}, *[b for b in blocks if b is not None]),
    )


def _shown(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
