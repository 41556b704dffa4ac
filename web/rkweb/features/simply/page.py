"""Simply Roleplaying!: the Task roll (with the difficulty table from ``tables/``), Characters and
Combat tabs. Imports ``app``, ``kit`` and ``pycore.systems.simply`` only."""

from __future__ import annotations

from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.tabs import tab_bar

# The messages this feature takes, ``("simply.<action>", ...)``: the shell refuses any other.
ACTIONS = frozenset(
    {
        "tab",
        "char_adj_add",
        "char_adj_draft",
        "char_campaign",
        "char_del",
        "char_dup",
        "char_field",
        "char_new",
        "char_select",
        "combat_act",
        "combat_add",
        "combat_add_char",
        "combat_attack",
        "combat_attack_skill",
        "combat_check",
        "combat_clock",
        "combat_damage",
        "combat_end",
        "combat_form",
        "combat_hold",
        "combat_initiative",
        "combat_remove",
        "combat_treat",
        "combat_waive",
        "task_clear",
        "task_field",
        "task_mode",
        "task_roll",
    }
)


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
    from rkweb.features.simply import characters as simply_characters
    from rkweb.features.simply import combat as simply_combat
    from rkweb.features.simply import task as simply_task

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


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    # Imported on first use: the rule systems are not needed to start the app (start-up bench).
    from rkweb.features.simply import characters, combat, task

    kind = str(msg[0])
    if kind == "simply.tab":
        return model.with_ui(simply_tab=str(msg[1]))
    if kind.startswith("simply.combat_"):
        return combat.update(model, msg, ctx)
    if kind.startswith("simply.task_"):
        return task.update(model, msg, ctx)
    return characters.update(model, msg, ctx)


def view(model: Model) -> VNode:
    return _simply(model)
