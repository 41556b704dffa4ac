"""Simply Roleplaying!: the Task roll (with the difficulty table), Characters and Combat tabs.

A package per tab: ``task.py``, ``characters/`` and ``combat/``; ``words.py`` keeps rule IDs under
"Why". Imports ``app``, ``kit`` and ``pycore.systems.simply`` only; imported by the registry on the
page's first use (its view or a message), so the tabs' tables are read at import.
"""

from __future__ import annotations

from rkweb.app.messages import Message, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply import characters, combat, task
from rkweb.features.simply.characters import edit
from rkweb.kit.results import why
from rkweb.kit.tabs import tab_bar


class Tab(Message, action="simply.tab"):
    """Show one of the page's tabs (the kit's tab bar builds it)."""

    tab: str


def _tab(model: Model, msg: Tab, ctx: Ctx) -> Model:
    return model.with_ui(simply_tab=msg.tab)


#: Each message's handler, by action (``("simply.<action>", ...)``), from the tabs' tables:
#: ``ACTIONS`` are its names, so the list the shell checks is the one the page dispatches on.
HANDLERS = {
    **handlers(_tab),
    **task.HANDLERS,
    **edit.HANDLERS,
    **combat.HANDLERS,
}
ACTIONS = frozenset(HANDLERS)
#: What an undo or a redo gave back on the fight screen (the shell's banner).
restored = combat.restored


def _difficulty_table() -> VNode:
    from pycore.systems.simply.ladder import difficulty_ladder  # on first view, not at start-up

    ladder = difficulty_ladder()
    rows = [h("tr", {}, h("td", {}, name), h("td", {}, shown)) for name, shown in ladder.rows]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "diff-h"},
        h("h2", {"id": "diff-h"}, ladder.title),
        why([f"{ladder.table_id}, from {ladder.source}, table version {ladder.version}."]),
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


def view(model: Model) -> VNode:
    # A reload during a fight comes back to it (FIGHT.md: a reload continues from the step).
    fighting = bool((model.section("simply_combat").get("combat") or {}).get("combatants"))
    tab = model.ui.get("simply_tab", "combat" if fighting else "task")
    if tab == "characters":
        body = characters.view(model)
    elif tab == "combat":
        body = combat.view(model)
    else:
        body = h("div", {}, task.view(model), _difficulty_table())
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "Simply Roleplaying!"),
        tab_bar("simply", "Simply pages", SIMPLY_TABS, tab, Tab),
        body,
    )


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)
