"""What the Combat tab's messages do: each message is parsed and handed to the core's fight
(``pycore.systems.aftermath.fight``), whose transition returns the new fight and a result, or
raises its refusal in words; the page stores the fight (quietly, or as an undo step under the
result's label), logs an applied attack's ``step`` and shows a refusal beside the field the
GM used (a roll the dice cannot show beside the dice)."""

from __future__ import annotations

from collections.abc import Callable

from pycore.errors import DiceError, FieldError, RulekeeperError
from pycore.step import log_entry
from pycore.systems.aftermath import fight as core
from pycore.systems.aftermath.attack import worksheet
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg
from rkweb.features.aftermath.combat.view import RESULT_HERE
from rkweb.features.aftermath.state import (
    FEATURE,
    LOG_LIMIT,
    fight_of,
    quietly,
    refused,
    remember,
    set_err,
    state,
    undoable,
)
from rkweb.kit.fields import shown_errors

Moved = tuple[core.Fight, core.Done]
Call = Callable[[core.Fight], Moved]


def _stored(model: Model, ctx: Ctx, moved: Moved, keys: tuple[str, ...], msg: Msg) -> Model:
    """The fight a transition returned, kept as its result says; the errors of ``keys`` (the
    fields of this action) cleared; an applied attack logged from its step."""
    fight, result = moved
    for key in keys:
        model = set_err(model, f"cbt.{key}", None)
    st = state(model)
    saved = core.fight_to_json(fight)
    st["characters"], st["combat"] = saved["characters"], saved["combat"]
    noted = isinstance(result, core.Attacked | core.Noted)
    logged = str(msg[0]) == "aftermath.cbt_critical" or noted
    if str(msg[0]) == "aftermath.cbt_critical":  # the attack called again: its entry goes
        st["combat"]["log"] = st["combat"]["log"][1:]
    if isinstance(result, core.Attacked):
        entry = log_entry(result.step, at=ctx.now, **result.details)
        st["combat"]["log"] = [entry, *st["combat"]["log"]][:LOG_LIMIT]
    elif isinstance(result, core.Noted):  # a step the log keeps (a fighter getting up)
        entry = log_entry(result.step, at=ctx.now)
        st["combat"]["log"] = [entry, *st["combat"]["log"]][:LOG_LIMIT]
    model = undoable(model, st, result.undo, ctx) if result.undo else quietly(model, st)
    # The fight saved is the transition's unless the page logged (the log is read back: the
    # damage taken this Combat Turn, 001 line 67): then the next read decodes it, once.
    return model if logged else remember(model, fight)


def _answer_key(fight: core.Fight) -> str:
    """Where a refused answer shows: beside the value the hit waits for."""
    asks = str((fight.pending or {}).get("asks", ""))
    return worksheet.ASKED_AFTER_THE_ROLL.get(asks, "answer")


def _pick(key: str, raw: str) -> tuple[str, Call] | None:
    """A new attacker or target re-derives the set-up (FIGHT.md); choosing one of the
    attacker's weapons fills the form from his sheet."""
    if key in ("attacker", "target"):
        return "weapon", lambda f: core.pick_combatant(f, key, int(raw))
    if key == "weapon":
        return "weapon", lambda f: core.choose_weapon(f, raw)
    if key == "mode":
        return "mode", lambda f: core.set_mode(f, raw)
    if key == "override":
        return "override", lambda f: core.set_override(f, raw)
    return None


def _call(msg: Msg, ctx: Ctx, fight: core.Fight) -> tuple[str, Call] | None:
    """The field a message's errors show beside, and the transition it calls."""
    action = str(msg[0]).removeprefix("aftermath.cbt_")
    last = str(msg[-1])
    part = str(msg[1]) if len(msg) > 2 else "answer"  # the Health CST beside the AST
    calls: dict[str, tuple[str, Call]] = {
        "resolve": ("resolve", lambda f: core.attack(f, core.roll_for_me(ctx.fresh_seed))),
        "typed": ("resolve", lambda f: core.attack(f, core.typed_roll(last))),
        "potential": (
            "answer_cst" if part == "cst" else _answer_key(fight),
            lambda f: core.set_answer(f, last, part),
        ),
        "apply": (_answer_key(fight), core.give_answer),
        "next_phase": ("resolve", core.next_action_phase),
        "next_turn": ("resolve", core.next_combat_turn),
        "clear": ("resolve", core.clear_log),
        "cancel": ("resolve", core.drop_pending),
        "critical": ("resolve", core.call_critical),
        "ask": ("resolve", lambda f: core.answer_ask(f, last == "drop")),
    }
    if action == "field":
        return str(msg[2]), lambda f: core.set_field(f, str(msg[1]), str(msg[2]), last)
    if action == "toggle":
        return "resolve", lambda f: core.toggle_chip(f, str(msg[1]), str(msg[2]))
    if action == "unpress" and str(msg[1]) in worksheet.MODES:
        return "resolve", lambda f: core.clear_chips(f, str(msg[1]))
    if action == "pick":
        return _pick(str(msg[1]), last)
    if action == "getup":
        return "resolve", lambda f: core.get_up(f, int(last))
    if action == "reload":
        return "reload", lambda f: core.reload(f, str(msg[1]))
    return calls.get(action)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    fight = fight_of(state(model))
    found = _call(msg, ctx, fight)
    if found is None:
        return model
    key, call = found
    action = str(msg[0]).removeprefix("aftermath.cbt_")
    # The errors a done action clears: its field's, and the dice's once they were accepted.
    rolled = action in ("resolve", "typed", "apply", "critical")
    clears = rolled or action in ("field", "reload") or (action == "pick" and key == "weapon")
    try:
        moved = call(fight)
    except DiceError as exc:  # a typed roll the dice cannot show: said beside the dice
        return refused(model, "cbt.dice", exc)
    except FieldError as exc:  # beside the field it names (and beside the tap, if elsewhere)
        if exc.field != key and key == "resolve":
            model = refused(model, f"cbt.{key}", exc)
        return refused(model, f"cbt.{exc.field}", exc)
    except RulekeeperError as exc:
        return refused(model, f"cbt.{key}", exc)
    # A change the core took clears every refusal of the attack form: one a Resolve left beside
    # a field (the Base BCS) is answered as well by choosing the skill that fills it.
    shown = shown_errors(model, FEATURE)
    old = tuple(k.removeprefix("cbt.") for k in shown if k.startswith("cbt.")) if clears else ()
    keys = (*old, key, "dice") if rolled else (*old, key) if clears else ()
    # A roll's (or an answer's) result shows where its tap was, until the next action.
    return _stored(model, ctx, moved, keys, msg).with_ui(**{RESULT_HERE: rolled})
