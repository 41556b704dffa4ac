"""What the Combat tab's messages do: a worksheet field or option changed (checked by the
core's worksheet), the attacker, target or mode picked (a new attacker or target starts from a
fresh set-up), the GM's override of a refusal, an attack resolved and applied to the sheets
(undoable, logged with its seed), a hand-to-hand hit given its Damage Potential once the
critical is known, the clock moved, the log cleared."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.dice import seeded
from pycore.errors import DiceError, RuleError, RulekeeperError
from pycore.systems.aftermath import arms, attack_dice, combat, worksheet
from pycore.systems.aftermath.clock import next_phase, next_turn
from pycore.systems.aftermath.critical import Moment
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


def _unpress(model: Model, mode: str) -> Model:
    """ "Clear": every situation chip of the form released."""
    st = state(model)
    form = st["combat"][mode]
    for key in list(form["situations"]):
        form = worksheet.toggle(form, f"sit:{key}")
    st["combat"][mode] = form
    return quietly(model, st)


def _pick(model: Model, key: str, raw: str) -> Model:
    """A new attacker or target re-derives the set-up: every form starts fresh, nothing is kept
    from the previous combatant (FIGHT.md; the core's ``arms.pick_combatant``). Choosing one of
    the attacker's weapons fills the form from his sheet (``arms.choose_weapon``)."""
    st = state(model)
    combat_ = st["combat"]
    if key in ("attacker", "target"):
        chosen = dict(combat_, **{key: int(raw)})
        _, attacker = person({**st, "combat": chosen}, "attacker")
        st["combat"] = arms.pick_combatant(combat_, key, int(raw), attacker)
        model = set_err(model, "cbt.weapon", None)
    elif key == "weapon":
        _, attacker = person(st, "attacker")
        try:
            st["combat"] = arms.choose_weapon(combat_, attacker or {}, raw)
        except RuleError as exc:
            return set_err(model, "cbt.weapon", plain(str(exc)))
        model = set_err(model, "cbt.weapon", None)
    elif key == "mode" and raw in worksheet.MODES:
        combat_["mode"] = raw
    elif key == "override":
        combat_["override"] = raw.strip()[:200]
    return quietly(model, st)


def _entry(st: dict[str, Any], outcome: worksheet.Outcome, who: str, ctx: Ctx) -> dict[str, Any]:
    """The log entry of an attack: the one-line verdict, every step and what was applied."""
    mode = str(st["combat"]["mode"])
    result = outcome.resolution
    attacker_name = outcome.attacker.get("name", "?")
    how = worksheet.MODE_NAMES.get(mode, mode)
    return {
        "text": f"{now_of(st)} · {who} ({how}): {combat.summary(result)}",
        "steps": [str(s) for s in result.steps],
        "applied": [*outcome.applied, *(f"{attacker_name}: {n}" for n in outcome.attacker_applied)],
        "at": ctx.now,
        "seed": ctx.fresh_seed,
        "chance": odds_text(result.chance),
        "effect": result.effect,
        "target": int(st["combat"]["target"]),
    }


def _applied(
    model: Model,
    st: dict[str, Any],
    outcome: worksheet.Outcome,
    ctx: Ctx,
    seed: str,
    typed: list[str],
) -> Model:
    """Write an attack to the sheets and the log, clear what was its own, as one undo step."""
    combat_ = st["combat"]
    attacker_index, _ = person(st, "attacker")
    target_index, _ = person(st, "target")
    who = f"{outcome.attacker['name']} → {outcome.target['name']}"
    st["characters"][target_index] = outcome.target
    st["characters"][attacker_index] = outcome.attacker
    entry = {**_entry(st, outcome, who, replace(ctx, fresh_seed=seed)), "typed": typed}
    combat_["log"] = [entry, *combat_["log"]][:LOG_LIMIT]
    mode = str(combat_["mode"])
    combat_[mode] = worksheet.after_attack(combat_[mode])
    combat_["override"], combat_["pending"] = "", None
    return undoable(set_err(model, "cbt.resolve", None), st, f"Attack: {who}", ctx)


def _kept(setup: worksheet.Setup, pending: dict[str, Any]) -> worksheet.Setup:
    """The attack in progress as it was set up when its first die was rolled."""
    return replace(
        setup,
        mode=str(pending["mode"]),
        form=dict(pending["form"]),
        now=Moment(int(pending["turn"]), int(pending["phase"])),
        override=str(pending.get("override", "")),
    )


def _roll(
    model: Model, ctx: Ctx, setup: worksheet.Setup, typed: list[str], seed: str, error: str
) -> Model:
    """Roll the attack with the dice typed so far, then ``seed`` ("roll for me") or, with no
    seed, up to the next roll not typed yet. A wrong roll shows its error and rolls nothing;
    the core's other refusals (a Stunned attacker...) show under ``error``."""
    st = state(model)
    attacker_index, _ = person(st, "attacker")
    target_index, _ = person(st, "target")
    same = attacker_index == target_index
    try:
        rest = seeded(seed) if seed else None
        found = attack_dice.resolve_typed(setup, typed, rest, same=same)
    except DiceError as exc:  # a typed roll the dice cannot show: beside the dice field
        return set_err(model, "cbt.dice", plain(str(exc)))
    except RulekeeperError as exc:
        return set_err(model, error, plain(str(exc)))
    model = set_err(set_err(model, error, None), "cbt.dice", None)
    kept = {
        "seed": seed,
        "typed": typed,
        "mode": setup.mode,
        "form": dict(setup.form),
        "override": setup.override,
        "turn": setup.now.turn,
        "phase": setup.now.phase,
        "answer": "",
    }
    who = f"{setup.attacker['name']} → {setup.target['name']}"
    if isinstance(found, attack_dice.WaitsForDice):
        # The attack waits for the next roll of the user's dice; nothing is written yet.
        st["combat"]["pending"] = {
            **kept,
            "wants": found.expr,
            "what": found.what,
            "index": found.index,
            "given": list(found.given),
        }
        return undoable(model, st, f"Attack dice: {who}", ctx)
    asks = worksheet.asked(found)
    if not asks:
        return _applied(model, st, found, ctx, seed, typed)
    # The hit waits for a value given now (its Damage Potential once the critical is known, the
    # near side of a split): nothing is written to the sheets yet; the dice rolled are kept (the
    # seed and the typed rolls) and go on once it is given.
    st["combat"]["pending"] = {
        **kept,
        "asks": asks,
        "steps": [str(s) for s in found.resolution.steps],
        "summary": combat.summary(found.resolution),
    }
    return undoable(model, st, f"Attack roll: {who}", ctx)


def _resolve(model: Model, ctx: Ctx, typed: str | None = None) -> Model:
    """ "Roll for me" (``typed`` None) or one roll the user typed: a new attack, or the next
    roll of the attack waiting for dice."""
    st = state(model)
    setup = setup_of(st)
    if setup is None:
        message = "Choose an attacker and a target (create them in the Characters tab)."
        return set_err(model, "cbt.resolve", message)
    pending = st["combat"].get("pending")
    rolls: list[str] = []
    if isinstance(pending, dict) and pending.get("wants"):
        setup = _kept(setup, pending)
        rolls = [str(r) for r in pending.get("typed", [])]
    if typed is None:
        return _roll(model, ctx, setup, rolls, ctx.fresh_seed, "cbt.resolve")
    return _roll(model, ctx, setup, [*rolls, typed.strip()], "", "cbt.resolve")


def _apply_answer(model: Model, ctx: Ctx) -> Model:
    """The pending hit with the value the user gave: the same dice, then the rest."""
    st = state(model)
    pending = st["combat"].get("pending")
    setup = setup_of(st)
    if not isinstance(pending, dict) or setup is None:
        return model
    asks = str(pending.get("asks", "attack.damage_potential"))
    error = f"cbt.{worksheet.ASKED_AFTER_THE_ROLL.get(asks, 'answer')}"
    try:
        given = worksheet.with_answer(_kept(setup, pending), asks, str(pending.get("answer", "")))
    except (RuleError, KeyError) as exc:
        return set_err(model, error, plain(str(exc)))
    typed = [str(r) for r in pending.get("typed", [])]
    return _roll(model, ctx, given, typed, str(pending.get("seed", "")), error)


def _answer(model: Model, raw: str) -> Model:
    """What the user typed for the value the pending hit waits for."""
    st = state(model)
    pending = st["combat"].get("pending")
    if isinstance(pending, dict):
        pending["answer"] = raw.strip()
    return quietly(model, st)


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


def _clear(model: Model, ctx: Ctx, what: str) -> Model:
    st = state(model)
    if what == "log":
        st["combat"]["log"] = []
        return undoable(model, st, "Clear combat log", ctx)
    st["combat"]["pending"] = None
    return undoable(model, st, "Drop the attack waiting for a value", ctx)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).removeprefix("aftermath.cbt_")
    if action == "field":
        return _field(model, str(msg[1]), str(msg[2]), str(msg[-1]))
    if action == "toggle":
        return _toggle(model, str(msg[1]), str(msg[2]))
    if action == "unpress" and str(msg[1]) in worksheet.MODES:
        return _unpress(model, str(msg[1]))
    if action == "pick":
        return _pick(model, str(msg[1]), str(msg[-1]))
    if action == "resolve":
        return _resolve(model, ctx)
    if action == "typed":
        return _resolve(model, ctx, str(msg[-1]))
    if action == "potential":
        return _answer(model, str(msg[-1]))
    if action == "apply":
        return _apply_answer(model, ctx)
    if action in ("next_phase", "next_turn"):
        return _advance(model, ctx, action == "next_turn")
    if action in ("clear", "cancel"):
        return _clear(model, ctx, "log" if action == "clear" else "pending")
    return model
