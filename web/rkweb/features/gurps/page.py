"""GURPS-style 3d6 combat: Combatants (sheets with live defenses), the Attack worksheet and the
Combat tracker. Saved in the ``gurps`` section; every rule comes from ``pycore.systems.gurps``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.gurps import maneuver, maneuver_names, posture_names, turn_order
from pycore.systems.gurps.sheet import (
    BOUNDS,
    Combatant,
    combatant_from_json,
    combatant_to_json,
    derived_defenses,
    fighter,
)
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.kit.share import share_button
from rkweb.kit.tabs import tab_bar

# The messages this feature takes, ``("gurps.<action>", ...)``: the shell refuses any other.
ACTIONS = frozenset(
    {
        "attack_cancel",
        "attack_damage",
        "attack_defend",
        "attack_form",
        "attack_full",
        "attack_roll",
        "delete",
        "field",
        "new",
        "next",
        "select",
        "start",
        "tab",
    }
)


SECTION = "gurps"
LOG_LIMIT = 300
TABS = (("combatants", "Combatants"), ("attack", "Attack"), ("tracker", "Combat tracker"))
TEXT_FIELDS = (
    "name",
    "reach",
    "basic_speed",
    "weapon",
    "damage",
    "half_d",
    "max_range",
    "dr_locations",
    "tolerance",
    "notes",
)
SELECTS = {"damage_type", "posture", "maneuver", "option"}
CHECKS = {"ranged", "male", "stunned"}


# --- state --------------------------------------------------------------------------------


def state_of(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    return {
        "combatants": list(saved.get("combatants", [])),
        "next_id": int(saved.get("next_id", 1)),
        "selected": saved.get("selected", ""),
        "fight": dict(saved.get("fight", {"round": 0, "order": [], "turn": 0})),
        "attack": dict(saved.get("attack", {})),
        "pending": saved.get("pending"),
        "log": list(saved.get("log", [])),
    }


def combatants(state: dict[str, Any]) -> list[Combatant]:
    return [combatant_from_json(c) for c in state["combatants"]]


def find(state: dict[str, Any], cid: str) -> Combatant:
    for raw in state["combatants"]:
        if raw.get("id") == cid:
            return combatant_from_json(raw)
    raise RuleError("choose a combatant first")


def put(state: dict[str, Any], c: Combatant) -> None:
    state["combatants"] = [
        combatant_to_json(c) if raw.get("id") == c.id else raw for raw in state["combatants"]
    ]


def commit(
    model: Model, state: dict[str, Any], label: str, ctx: Ctx, *texts: str, seed: str = ""
) -> Model:
    """One undoable step: the new state, with its log lines."""
    rnd = state["fight"].get("round", 0)
    entries = [{"text": t, "at": ctx.now, "seed": seed, "round": rnd} for t in texts]
    state["log"] = [*reversed(entries), *state["log"]][:LOG_LIMIT]
    history = model.history.apply(SECTION, state, label, ctx.now)
    return replace(model, history=history, ui={**model.ui, "gurps_errors": {}})


def fail(model: Model, key: str, message: str) -> Model:
    return model.with_ui(gurps_errors={**model.ui.get("gurps_errors", {}), key: message})


def error_text(model: Model, key: str) -> VNode:
    return h(
        "p",
        {"class": "field-error", "role": "alert", "data-testid": f"gurps-error-{key}"},
        model.ui.get("gurps_errors", {}).get(key, ""),
    )


def button(
    label: str, msg: Msg, testid: str, primary: bool = False, disabled: bool = False
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


def select(fid: str, label: str, value: str, options: list[tuple[str, str]], msg: Msg) -> VNode:
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "select",
            {"id": fid, "data-testid": fid, "on_change": msg},
            *[h("option", {"value": v, "selected": v == value}, t) for v, t in options],
        ),
    )


# --- combatants ---------------------------------------------------------------------------


def _edit(model: Model, cid: str, field: str, raw: str, ctx: Ctx) -> Model:
    state = state_of(model)
    key = f"{cid}.{field}"
    errors = dict(model.ui.get("gurps_errors", {}))
    try:
        current = find(state, cid)
        value: Any = raw
        if field in BOUNDS:
            try:
                value = int(raw.strip())
            except ValueError:
                low, high = BOUNDS[field]
                raise RuleError(
                    f"{field.upper() if len(field) == 2 else field.replace('_', ' ')} "
                    f"{raw!r} is not a whole number from {low} to {high}"
                ) from None
        elif field in CHECKS:
            value = raw in ("true", "on", "yes", "1")
        elif field not in TEXT_FIELDS and field not in SELECTS:
            return model
        data = {**combatant_to_json(current), field: value}
        if field == "hp":  # a fresh sheet follows its HP until it is hurt
            data["hp_now"] = value if current.hp_now == current.hp else current.hp_now
        if field == "maneuver":
            data["option"] = ""
        updated = combatant_from_json(data)
    except RuleError as exc:
        return model.with_ui(gurps_errors={**errors, key: str(exc)})
    errors.pop(key, None)
    put(state, updated)
    history = model.history.apply(
        SECTION, state, f"{updated.name}: {field.replace('_', ' ')}", ctx.now
    )
    return replace(model, history=history, ui={**model.ui, "gurps_errors": errors})


def _new(model: Model, ctx: Ctx) -> Model:
    state = state_of(model)
    cid = f"g{state['next_id']}"
    fresh = Combatant(id=cid, name=f"Fighter {state['next_id']}")
    state["combatants"].append(combatant_to_json(fresh))
    state["next_id"] += 1
    state["selected"] = cid
    return commit(model, state, f"New {fresh.name}", ctx)


def _delete(model: Model, cid: str, ctx: Ctx) -> Model:
    state = state_of(model)
    gone = find(state, cid)
    state["combatants"] = [c for c in state["combatants"] if c.get("id") != cid]
    state["fight"]["order"] = [s for s in state["fight"].get("order", []) if s["id"] != cid]
    if state["selected"] == cid:
        state["selected"] = state["combatants"][0]["id"] if state["combatants"] else ""
    return commit(model, state, f"Delete {gone.name}", ctx, f"{gone.name} removed")


def _field(c: Combatant, field: str, label: str, model: Model, kind: str = "number") -> VNode:
    fid = f"gurps-{field}"
    error = model.ui.get("gurps_errors", {}).get(f"{c.id}.{field}", "")
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": fid}, label),
        h(
            "input",
            {
                "id": fid,
                "type": kind,
                "value": getattr(c, field),
                "data-testid": fid,
                "aria-invalid": "true" if error else "false",
                "aria-describedby": f"{fid}-error",
                "on_change": ("gurps.field", c.id, field),
            },
        ),
        h("p", {"id": f"{fid}-error", "class": "field-error", "role": "alert"}, error),
    )


def _check(c: Combatant, field: str, label: str) -> VNode:
    fid = f"gurps-{field}"
    on = bool(getattr(c, field))
    return select(
        fid,
        label,
        "true" if on else "false",
        [("false", "no"), ("true", "yes")],
        ("gurps.field", c.id, field),
    )


def _sheet(model: Model, c: Combatant) -> VNode:
    from pycore.systems.gurps import damage_types

    defenses = derived_defenses(c)
    return h(
        "div",
        {"class": "editor"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "gurps-sheet-h"},
            h("h3", {"id": "gurps-sheet-h"}, f"{c.name}: attributes"),
            h(
                "div",
                {"class": "grid2"},
                _field(c, "name", "Name", model, "text"),
                _field(c, "st", "ST", model),
                _field(c, "dx", "DX", model),
                _field(c, "iq", "IQ", model),
                _field(c, "ht", "HT", model),
                _field(c, "hp", "HP", model),
                _field(c, "hp_now", "Current HP", model),
                _field(
                    c, "basic_speed", "Basic Speed (yours: formula not in the texts)", model, "text"
                ),
                _field(c, "move", "Move", model),
                _field(
                    c, "encumbrance", "Encumbrance level 0-4 (yours: table not in texts)", model
                ),
            ),
            h(
                "dl",
                {"class": "facts", "data-testid": "gurps-defenses"},
                *[p for d in defenses for p in (h("dt", {}, d.name), h("dd", {}, str(d)))],
            ),
        ),
        h(
            "section",
            {"class": "card", "aria-labelledby": "gurps-weapon-h"},
            h("h3", {"id": "gurps-weapon-h"}, "Weapon and shield"),
            h(
                "div",
                {"class": "grid2"},
                _field(c, "weapon", "Weapon", model, "text"),
                _field(c, "weapon_skill", "Weapon skill", model),
                _field(c, "damage", "Damage dice (e.g. 2d+1)", model, "text"),
                select(
                    "gurps-damage_type",
                    "Damage type",
                    c.damage_type,
                    [(t, t) for t in damage_types()],
                    ("gurps.field", c.id, "damage_type"),
                ),
                _check(c, "ranged", "Ranged weapon"),
                _field(c, "reach", "Reach (melee, e.g. 1 or C,1)", model, "text"),
                _field(c, "parry_bonus", "Parry modifier (dagger −1, staff +2)", model),
                _field(c, "acc", "Acc (ranged)", model),
                _field(c, "half_d", "1/2D yards (ranged)", model, "text"),
                _field(c, "max_range", "Max yards (ranged)", model, "text"),
                _field(c, "shield_skill", "Shield skill (0 = no shield)", model),
                _field(c, "shield_db", "Shield DB", model),
            ),
        ),
        h(
            "section",
            {"class": "card", "aria-labelledby": "gurps-armor-h"},
            h("h3", {"id": "gurps-armor-h"}, "DR and Injury Tolerance"),
            h(
                "div",
                {"class": "grid2"},
                _field(c, "dr", "DR (every location)", model),
                _field(c, "dr_locations", "DR by location (e.g. skull=4, arm=2)", model, "text"),
                _field(c, "tolerance", "Injury Tolerance (e.g. unliving, no brain)", model, "text"),
                _check(c, "male", "Male (groin: double shock from crushing)"),
            ),
        ),
    )


def combatants_view(model: Model) -> VNode:
    state = state_of(model)
    try:
        people = combatants(state)
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"The saved combatants cannot be read: {exc}")
    rows = [
        h(
            "li",
            {"class": "char-row", "data-testid": "gurps-combatant", "data-key": c.id},
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary" if c.id == state["selected"] else "secondary",
                    "aria-pressed": "true" if c.id == state["selected"] else "false",
                    "on_click": ("gurps.select", c.id),
                },
                f"{c.name} · HP {c.hp_now}/{c.hp}",
            ),
            button(f"Delete {c.name}", ("gurps.delete", c.id), f"gurps-delete-{c.id}"),
        )
        for c in people
    ]
    chosen = next((c for c in people if c.id == state["selected"]), None)
    return h(
        "div",
        {"class": "page"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "gurps-list-h"},
            h(
                "div",
                {"class": "row between"},
                h("h2", {"id": "gurps-list-h"}, f"Combatants ({len(people)})"),
                button("New combatant", ("gurps.new",), "gurps-new", primary=True),
            ),
            h("ul", {"class": "chars"}, *rows) if rows else h("p", {}, "No combatants yet."),
        ),
        share_button("gurps.fighter", chosen.id, chosen.name) if chosen else None,
        _sheet(model, chosen) if chosen else None,
    )


# --- tracker (GUR-04, GUR-05, GUR-13) -----------------------------------------------------


def _start(model: Model, ctx: Ctx) -> Model:
    state = state_of(model)
    people = combatants(state)
    if not people:
        return fail(model, "tracker", "Add combatants first.")
    slots = turn_order([fighter(c) for c in people], seeded(ctx.fresh_seed))
    ids = {c.name: c.id for c in people}
    order = []
    for slot in slots:
        order.append({"id": ids[slot.name], "tiebreak": slot.tiebreak})
    state["fight"] = {"round": 1, "order": order, "turn": 0}
    text = "Turn order: " + "; ".join(str(s) for s in slots)
    return commit(model, state, "Start the fight", ctx, text, seed=ctx.fresh_seed)


def _next(model: Model, ctx: Ctx) -> Model:
    state = state_of(model)
    fight = state["fight"]
    order = fight.get("order", [])
    if not order:
        return fail(model, "tracker", "Start the fight first.")
    turn = int(fight.get("turn", 0)) + 1
    if turn >= len(order):
        turn = 0
        fight["round"] = int(fight.get("round", 1)) + 1
    fight["turn"] = turn
    who = find(state, order[turn]["id"])
    text = f"Round {fight['round']}: {who.name}'s turn (maneuver in effect: {who.maneuver})"
    return commit(model, state, "Next turn", ctx, text)


def tracker_view(model: Model) -> VNode:
    state = state_of(model)
    fight = state["fight"]
    order = fight.get("order", [])
    people = {c.id: c for c in combatants(state)}
    current = order[int(fight.get("turn", 0))]["id"] if order else None
    rows = []
    for slot in order:
        c = people.get(slot["id"])
        if c is None:
            continue
        defenses = ", ".join(maneuver(c.maneuver).defenses) or "none"
        options = maneuver(c.maneuver).options
        rows.append(
            h(
                "li",
                {
                    "class": "combatant" + (" current" if c.id == current else ""),
                    "data-testid": "gurps-slot",
                    "data-key": c.id,
                    "aria-current": "true" if c.id == current else None,
                },
                h(
                    "div",
                    {"class": "row between"},
                    h("strong", {}, c.name),
                    h(
                        "span",
                        {"class": "hp", "data-testid": f"gurps-hp-{c.id}"},
                        f"HP {c.hp_now}/{c.hp}",
                    ),
                ),
                h(
                    "p",
                    {"class": "small"},
                    f"Basic Speed {c.basic_speed}, DX {c.dx}, tiebreak {slot['tiebreak']} · "
                    f"defenses: {defenses}" + (" · stunned (−4 defenses)" if c.stunned else ""),
                ),
                h(
                    "p",
                    {"class": "small", "data-testid": f"gurps-conditions-{c.id}"},
                    f"Conditions: {c.notes}",
                )
                if c.notes
                else None,
                h(
                    "div",
                    {"class": "grid2"},
                    select(
                        f"gurps-maneuver-{c.id}",
                        f"{c.name}'s maneuver",
                        c.maneuver,
                        [(m, m) for m in maneuver_names()],
                        ("gurps.field", c.id, "maneuver"),
                    ),
                    select(
                        f"gurps-option-{c.id}",
                        "Option",
                        c.option,
                        [("", "—")] + [(o, o) for o in options],
                        ("gurps.field", c.id, "option"),
                    )
                    if options
                    else None,
                    select(
                        f"gurps-posture-{c.id}",
                        "Posture",
                        c.posture,
                        [(p, p) for p in posture_names()],
                        ("gurps.field", c.id, "posture"),
                    ),
                    select(
                        f"gurps-stunned-{c.id}",
                        "Stunned",
                        "true" if c.stunned else "false",
                        [("false", "no"), ("true", "yes")],
                        ("gurps.field", c.id, "stunned"),
                    ),
                ),
            )
        )
    return h(
        "div",
        {"class": "page"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "gurps-tracker-h"},
            h(
                "h2",
                {"id": "gurps-tracker-h"},
                f"Round {fight.get('round', 0)}" if order else "Combat tracker",
            ),
            h(
                "div",
                {"class": "row"},
                button(
                    "Start fight: roll the order" if not order else "Restart: new order",
                    ("gurps.start",),
                    "gurps-start",
                    primary=not order,
                ),
                button(
                    "Next turn",
                    ("gurps.next",),
                    "gurps-next",
                    primary=bool(order),
                    disabled=not order,
                ),
            ),
            h(
                "p",
                {"class": "small muted"},
                "Order: Basic Speed, then DX, then a random number drawn once for the fight "
                "(GUR-05). A maneuver stays in effect until that combatant's next turn (GUR-13).",
            ),
            error_text(model, "tracker"),
            h("ol", {"class": "combatants"}, *rows),
        ),
        log_view(state),
    )


def log_view(state: dict[str, Any]) -> VNode:
    log = state["log"]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "gurps-log-h"},
        h("h2", {"id": "gurps-log-h"}, f"Combat log ({len(log)})"),
        h(
            "ol",
            {"class": "log", "tabindex": "0", "aria-label": "Combat log entries"},
            *[
                h(
                    "li",
                    {
                        "class": "log-entry",
                        "data-testid": "gurps-log-entry",
                        "data-key": str(len(log) - i),
                    },
                    h("span", {"class": "log-text"}, e["text"]),
                    h("span", {"class": "log-meta"}, f"round {e.get('round', 0)}"),
                )
                for i, e in enumerate(log)
            ],
        ),
    )


# --- the page -----------------------------------------------------------------------------


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    from rkweb.features.gurps import attack as gurps_attack

    kind = msg[0]
    try:
        if kind == "gurps.tab":
            return model.with_ui(gurps_tab=str(msg[1]))
        if kind == "gurps.new":
            return _new(model, ctx)
        if kind == "gurps.select":
            state = state_of(model)
            state["selected"] = str(msg[1])
            return replace(model, history=model.history.set_quietly(SECTION, state))
        if kind == "gurps.delete":
            return _delete(model, str(msg[1]), ctx)
        if kind == "gurps.field":
            return _edit(model, str(msg[1]), str(msg[2]), str(msg[3]), ctx)
        if kind == "gurps.start":
            return _start(model, ctx)
        if kind == "gurps.next":
            return _next(model, ctx)
        if kind.startswith("gurps.attack"):
            return gurps_attack.update(model, msg, ctx)
    except RuleError as exc:
        return fail(model, kind.removeprefix("gurps."), str(exc))
    return model


def view(model: Model) -> VNode:
    from rkweb.features.gurps import attack as gurps_attack

    tab = model.ui.get("gurps_tab", "combatants")
    tabs = tab_bar("gurps", "GURPS pages", TABS, tab)
    if tab == "attack":
        body = gurps_attack.view(model)
    elif tab == "tracker":
        body = tracker_view(model)
    else:
        body = combatants_view(model)
    return h(
        "div",
        {"class": "page system-page"},
        h("h2", {"class": "page-title"}, "3d6 combat (GURPS Lite style)"),
        tabs,
        body,
    )
