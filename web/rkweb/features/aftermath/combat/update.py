"""What the Combat tab's messages do: a worksheet field or option changed (checked by the
core's worksheet), the attacker, target or attack mode picked, an attack resolved and applied
to the sheets (undoable, logged with its seed), the clock moved, the log cleared."""

from __future__ import annotations

from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.aftermath import combat, worksheet
from pycore.systems.aftermath.clock import next_phase, next_turn
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg
from rkweb.features.aftermath.state import (
    LOG_LIMIT,
    now_of,
    person,
    quietly,
    set_err,
    setup_of,
    state,
    undoable,
)
from rkweb.features.aftermath.words import plain
from rkweb.kit.numbers import odds_text


def _field(model: Model, mode: str, key: str, raw: str) -> Model:
    st = state(model)
    _, attacker = person(st, "attacker")
    try:
        st["combat"][mode] = worksheet.set_form_field(st["combat"][mode], key, raw, attacker)
    except RuleError as exc:
        return set_err(model, f"cbt.{key}", plain(str(exc)))
    return quietly(set_err(model, f"cbt.{key}", None), st)


def _toggle(model: Model, mode: str, key: str) -> Model:
    st = state(model)
    st["combat"][mode] = worksheet.toggle(st["combat"][mode], key)
    return quietly(model, st)


def _pick(model: Model, key: str, raw: str) -> Model:
    st = state(model)
    if key in ("attacker", "target"):
        st["combat"][key] = int(raw)
    elif key == "mode" and raw in worksheet.MODES:
        st["combat"]["mode"] = raw
    return quietly(model, st)


def _entry(st: dict[str, Any], outcome: worksheet.Outcome, who: str, ctx: Ctx) -> dict[str, Any]:
    """The log entry of an attack: the one-line verdict, every step and what was applied."""
    mode = str(st["combat"]["mode"])
    result = outcome.resolution
    attacker_name = outcome.attacker.get("name", "?")
    return {
        "text": f"{now_of(st)} · {who} ({worksheet.MODE_NAMES.get(mode, mode)}): {combat.summary(result)}",
        "steps": [str(s) for s in result.steps],
        "applied": [*outcome.applied, *(f"{attacker_name}: {n}" for n in outcome.attacker_applied)],
        "at": ctx.now,
        "seed": ctx.fresh_seed,
        "chance": odds_text(result.chance),
        "effect": result.effect,
        "target": int(st["combat"]["target"]),
    }


def _resolve(model: Model, ctx: Ctx) -> Model:
    st = state(model)
    attacker_index, _ = person(st, "attacker")
    target_index, _ = person(st, "target")
    setup = setup_of(st)
    if setup is None:
        message = "Choose an attacker and a target (create them in the Characters tab)."
        return set_err(model, "cbt.resolve", message)
    try:
        outcome = worksheet.resolve(
            setup, seeded(ctx.fresh_seed), same=attacker_index == target_index
        )
    except RuleError as exc:
        return set_err(model, "cbt.resolve", plain(str(exc)))
    who = f"{setup.attacker['name']} → {setup.target['name']}"
    st["characters"][target_index] = outcome.target
    st["characters"][attacker_index] = outcome.attacker
    st["combat"]["log"] = [_entry(st, outcome, who, ctx), *st["combat"]["log"]][:LOG_LIMIT]
    return undoable(set_err(model, "cbt.resolve", None), st, f"Attack: {who}", ctx)


def _advance(model: Model, ctx: Ctx, turn: bool) -> Model:
    """The clock moves by the core's count of phases per turn (AFT-55)."""
    st = state(model)
    moved = next_turn(now_of(st)) if turn else next_phase(now_of(st))
    st["combat"]["turn"], st["combat"]["phase"] = moved.turn, moved.phase
    if turn:
        label = f"Next Combat Turn ({moved.turn})"
    else:
        label = f"Next Action Phase (turn {moved.turn}, phase {moved.phase})"
    return undoable(model, st, label, ctx)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).removeprefix("aftermath.cbt_")
    if action == "field":
        return _field(model, str(msg[1]), str(msg[2]), str(msg[-1]))
    if action == "toggle":
        return _toggle(model, str(msg[1]), str(msg[2]))
    if action == "pick":
        return _pick(model, str(msg[1]), str(msg[-1]))
    if action == "resolve":
        return _resolve(model, ctx)
    if action in ("next_phase", "next_turn"):
        return _advance(model, ctx, action == "next_turn")
    if action == "clear":
        st = state(model)
        st["combat"]["log"] = []
        return undoable(model, st, "Clear combat log", ctx)
    return model
