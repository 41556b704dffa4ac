"""Simply Roleplaying!: the Task roll (with the difficulty table), Characters and Combat tabs.

A package per tab: ``task.py``, ``characters/`` and ``combat/``; ``words.py`` keeps rule IDs under
"Why". Imports ``app``, ``kit`` and ``pycore.systems.simply`` only; imported by the registry.
"""

from __future__ import annotations

from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.results import why
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
        "char_weapon_add",
        "char_weapon_draft",
        "combat_act",
        "combat_add",
        "combat_add_char",
        "combat_aim",
        "combat_arm",
        "combat_attack",
        "combat_attack_typed",
        "combat_attack_declared",
        "combat_check",
        "combat_check_typed",
        "combat_clock",
        "combat_damage",
        "combat_damage_roll",
        "combat_end",
        "combat_form",
        "combat_hold",
        "combat_initiative",
        "combat_initiative_typed",
        "combat_remove",
        "combat_treat",
        "combat_treat_typed",
        "combat_waive",
        "task_clear",
        "task_field",
        "task_mode",
        "task_roll",
    }
)


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
    from rkweb.features.simply import characters, combat, task

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
        tab_bar("simply", "Simply pages", SIMPLY_TABS, tab),
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
