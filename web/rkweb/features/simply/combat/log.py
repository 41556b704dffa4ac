"""The fight's log, newest first, and the end of the fight: the sheets take the HP, luck and
conditions the fight left (FIGHT.md: one truth), and the fight is cleared, its log kept under
"Past fights", in one undoable step."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.store.history import WHOLE_STATE
from pycore.systems.simply import fight as core
from pycore.systems.simply.character_json import character_from_json, character_to_json
from pycore.systems.simply.fight.sheet import after_fight
from pycore.systems.simply.links import index_of
from rkweb.app.messages import Message
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.kit.buttons import button
from rkweb.kit.fields import errors_key
from rkweb.kit.results import log_list

SHEETS = "simply_characters"
PAST_FIGHTS = 5  # the logs of the last fights ended, newest first


def _sheets_after(model: Model, fight: core.Combat) -> tuple[dict[str, Any], list[str]]:
    """The characters' section with each fighter's record as the fight left it."""
    sheets = dict(model.section(SHEETS))
    records = list(sheets.get("list", []))
    names = []
    for c in fight.combatants:
        index = index_of(records, c.character)  # by the record's id, wherever it now is
        if index is None:
            continue
        try:
            record = character_from_json(records[index])
        except RuleError:
            continue  # a record that cannot be read is left as it is
        records[index] = character_to_json(after_fight(record, c))
        names.append(c.name)
    return {**sheets, "list": records}, names


class End(Message, action="simply.combat_end"):
    """End the fight: the sheets keep what it did to them, the log is kept."""


def end(model: Model, msg: End, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight = saved.fight_of(model, state)
    if not fight.combatants and not state["log"]:
        return model
    sheets, names = _sheets_after(model, fight)
    # The log is kept with the fight it tells (readable under "Past fights"); nothing of this
    # fight's set-up reaches the next one: its forms start blank (FIGHT.md's first law).
    told = {"at": ctx.now, "names": ", ".join(c.name for c in fight.combatants)[:400]}
    past = [{**told, "log": state["log"]}, *state["past"]][:PAST_FIGHTS]
    cleared = {
        "combat": core.combat_to_json(core.Combat()),
        "log": [],
        "result": {},
        "form": saved.FORM_DEFAULTS,
        "set": {},
        "set_for": {},
        "hit": {},
        "past": past,
    }
    whole = {**model.state, saved.SECTION: cleared, SHEETS: sheets}
    label = "End fight" + (f": {', '.join(names)} updated" if names else "")
    history = model.history.apply(WHOLE_STATE, whole, label, ctx.now)
    return replace(model, history=history, ui={**model.ui, errors_key(saved.ERRORS): {}})


def _past(state: dict[str, Any]) -> VNode | None:
    """The logs of the fights ended, newest first, one tap away."""
    if not state["past"]:
        return None
    return h(
        "details",
        {"class": "past-fights", "data-testid": "sc-past-fights"},
        h("summary", {}, f"Past fights ({len(state['past'])})"),
        *[
            h(
                "div",
                {"class": "past-fight"},
                h("h3", {}, f"{fight.get('names') or 'A fight'}, ended {fight.get('at', '')}"),
                log_list("sc-past-entry", fight.get("log", []), label="Past fight's log"),
            )
            for fight in state["past"]
        ],
    )


def card(state: dict[str, Any]) -> VNode:
    log = state["log"]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-log-h"},
        h(
            "div",
            {"class": "row between"},
            h("h2", {"id": "sc-log-h"}, f"Combat log ({len(log)})"),
            button(
                "sc-end",
                "End fight: the sheets take HP and luck",
                End(),
                disabled=not log,
            ),
        ),
        log_list("sc-log-entry", log, label="Combat log entries"),
        _past(state),
    )
