"""The four rule systems' pages. Simply has its task roll and character builder (with the
difficulty table from ``tables/``). Each other system is one module ``rkweb.pages.<system>`` with
``view(model)`` and ``update(model, msg, ctx)`` (its messages start with ``<system>_``); until that
module exists the page says plainly that the system is not built yet."""

from __future__ import annotations

import importlib
import importlib.util

from rkweb.model import Model
from rkweb.tabs import tab_bar
from rkweb.vdom import VNode, h

SYSTEMS = {
    "simply": ("Simply Roleplaying!", "2D10 roll-under tasks, character building, combat."),
    "gurps": ("3d6 combat (GURPS Lite style)", "Attacks, defenses, wounding and hit locations."),
    "aftermath": ("Aftermath!-style combat", "BCS rolls, DAT, critical and hit-location tables."),
    "percentile": ("Percentile sci-fi combat", "Percentile checks and the GM's own tables."),
}


def _difficulty_table() -> VNode:
    from pycore.tables import load_table  # on first view: not needed to start the app

    table = load_table("simply", "difficulty")
    rows = []
    for row in table.rows:
        modifier = row["modifier"]
        shown = f"{modifier:+d}" if isinstance(modifier, int) else f"automatic {row['automatic']}"
        rows.append(h("tr", {}, h("td", {}, str(row["name"])), h("td", {}, shown)))
    return h(
        "section",
        {"class": "card", "aria-labelledby": "diff-h"},
        h("h2", {"id": "diff-h"}, f"{table.title} ({table.id})"),
        h("p", {"class": "muted small"}, f"From {table.source}, table version {table.version}."),
        h(
            "table",
            {"class": "data", "data-testid": "simply-difficulty"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, "Difficulty"),
                    h("th", {"scope": "col"}, "Modifier"),
                ),
            ),
            h("tbody", {}, *rows),
        ),
    )


SIMPLY_TABS = (("task", "Task roll"), ("characters", "Characters"), ("combat", "Combat"))


def _simply(model: Model) -> VNode:
    from rkweb.pages import simply_characters, simply_combat, simply_task

    tab = model.ui.get("simply_tab", "task")
    tabs = tab_bar("simply", "Simply pages", SIMPLY_TABS, tab)
    if tab == "characters":
        body = simply_characters.view(model)
    elif tab == "combat":
        body = simply_combat.view(model)
    else:
        body = h("div", {}, simply_task.view(model), _difficulty_table())
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "Simply Roleplaying!"),
        tabs,
        body,
    )


def is_built(system: str) -> bool:
    """Whether ``rkweb.pages.<system>`` exists (Simply has its own pages here)."""
    return system != "simply" and importlib.util.find_spec(f"rkweb.pages.{system}") is not None


def view(model: Model) -> VNode:
    if model.route == "simply":
        return _simply(model)
    if is_built(model.route):
        page = importlib.import_module(f"rkweb.pages.{model.route}")
        result: VNode = page.view(model)
        return result
    name, what = SYSTEMS[model.route]
    parts = [
        h(
            "section",
            {"class": "card", "aria-labelledby": "sys-h"},
            h("h2", {"id": "sys-h"}, name),
            h("p", {}, what),
            h(
                "p",
                {"class": "notice", "data-testid": "not-built"},
                f"{name} is not built yet. Its character sheet, task rolls and combat worksheet "
                "are on the way; until then, use the dice roller for its rolls.",
            ),
        )
    ]
    return h("div", {"class": "page system-page"}, *parts)
