"""The Combat tab: the clock, who attacks whom and how, the attack form with its BCS and
chance, the Resolve button, the result where the tap was, the target's conditions, the log."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath import arms
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.conditions import conditions_card
from rkweb.features.aftermath.combat.clock import clock_card
from rkweb.features.aftermath.combat.hand import hth_form
from rkweb.features.aftermath.combat.missile import missile_form
from rkweb.features.aftermath.combat.preview import preview
from rkweb.features.aftermath.combat.result import result_card
from rkweb.features.aftermath.combat.thrown import thrown_form
from rkweb.features.aftermath.state import err, names, now_of, person, state
from rkweb.features.aftermath.words import plain
from rkweb.kit.buttons import button
from rkweb.kit.dice_entry import dice_entry
from rkweb.kit.fields import select
from rkweb.kit.results import log_list

MODES = (
    ("missile", "Missile (guns)"),
    ("hth", "Hand-to-hand"),
    ("thrown", "Thrown weapon (muscle-powered missile)"),
)
FORMS = {"hth": hth_form, "thrown": thrown_form}


def _weapon(model: Model, st: dict[str, Any]) -> list[VNode | None]:
    """The attacker's own weapons: choosing one fills the attack from his sheet (the skill and
    its BCS by name, the gun and its Range Table row); what it still waits for, in words."""
    _, attacker = person(st, "attacker")
    own = arms.sheet_weapons(attacker or {})
    chosen = str(st["combat"].get("weapon", ""))
    options = [("", "— none: fill the attack by hand —" if own else "— no weapons on the sheet —")]
    options += [(w.name, f"{w.name} ({w.what}, skill {w.skill or 'not chosen'})") for w in own]
    waits: tuple[str, ...] = ()
    if chosen and attacker is not None:
        try:
            waits = arms.attack_setup(attacker, chosen).waits_for
        except RuleError as exc:
            waits = (str(exc),)
    return [
        select(
            "aft-cbt-weapon",
            "Attacker's weapon",
            chosen,
            options,
            ("aftermath.cbt_pick", "weapon"),
            error=err(model, "cbt.weapon"),
        ),
        h(
            "ul",
            {"class": "muted small", "data-testid": "aft-cbt-weapon-waits"},
            *[h("li", {}, f"Asked: {plain(w)}") for w in waits],
        )
        if waits
        else None,
    ]


def _who(model: Model, st: dict[str, Any]) -> VNode:
    combat = st["combat"]
    people = [(str(i), n) for i, n in enumerate(names(st))] or [
        ("0", "— create characters first —")
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-who-h"},
        h("h3", {"id": "aft-who-h"}, "Attacker and target"),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-cbt-attacker",
                "Attacker",
                str(combat["attacker"]),
                people,
                ("aftermath.cbt_pick", "attacker"),
            ),
            select(
                "aft-cbt-target",
                "Target",
                str(combat["target"]),
                people,
                ("aftermath.cbt_pick", "target"),
            ),
            *_weapon(model, st),
            select(
                "aft-cbt-mode", "Attack", str(combat["mode"]), MODES, ("aftermath.cbt_pick", "mode")
            ),
        ),
    )


def _dice(model: Model, pending: Any) -> VNode:
    """Roll every die for me, or type each roll of physical dice in turn: the attack waits for
    the next roll, named (to hit, hit location, damage...)."""
    waiting = isinstance(pending, dict) and bool(pending.get("wants"))
    expr = str(pending["wants"]) if waiting else "1d20"
    what = str(pending.get("what") or "the next roll") if waiting else "to hit"
    number = int(pending.get("index", 0)) + 1 if waiting else 1
    return h(
        "div",
        {"class": "attack-dice", "data-testid": "aft-dice"},
        h("p", {"class": "explain", "data-testid": "aft-dice-next"}, f"Roll {number}: {what}"),
        dice_entry(
            "aft-dice",
            expr,
            roll=("aftermath.cbt_resolve",),
            typed=("aftermath.cbt_typed",),
            error=err(model, "cbt.dice"),
            label="Roll the rest for me" if waiting else "Resolve attack (roll every die)",
            roll_testid="aft-resolve",
        ),
    )


def _log(log: list[dict[str, Any]]) -> VNode:
    shown = [{**e, "text": plain(str(e.get("text", "")))} for e in log]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-clog-h"},
        h(
            "div",
            {"class": "row between"},
            h("h3", {"id": "aft-clog-h"}, f"Combat log ({len(log)})"),
            button("aft-cbt-clear", "Clear combat log", ("aftermath.cbt_clear",), disabled=not log),
        ),
        log_list(
            "aft-cbt-log-entry", shown, label="Combat log, newest first", list_testid="aft-cbt-log"
        ),
    )


def view(model: Model) -> VNode:
    st = state(model)
    combat = st["combat"]
    _, attacker = person(st, "attacker")
    target_index, target = person(st, "target")
    body = str((target or {}).get("body", "bipedal"))
    mode = str(combat["mode"])
    form = FORMS.get(mode, missile_form)(model, st, attacker, body)
    title = {"hth": "Hand-to-hand", "thrown": "Thrown"}.get(mode, "Missile")
    attack = h(
        "section",
        {"class": "card", "aria-labelledby": "aft-attack-h"},
        h("h3", {"id": "aft-attack-h"}, f"{title} attack"),
        *form,
        preview(st),
        _dice(model, combat.get("pending")),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "aft-resolve-error"},
            err(model, "cbt.resolve"),
        ),
    )
    log = combat["log"]
    return h(
        "div",
        {"class": "page aftermath-combat"},
        clock_card(combat),
        _who(model, st),
        attack,
        result_card(model, log[0] if log else None, combat.get("pending")),
        conditions_card(model, target, target_index, now_of(st), "aft-target-conditions")
        if target
        else None,
        _log(log),
    )
