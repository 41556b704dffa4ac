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
from rkweb.app.messages import Handler, unknown
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


def _potential(msg: Msg, ctx: Ctx, fight: core.Fight) -> tuple[str, Call]:
    part = str(msg[1]) if len(msg) > 2 else "answer"  # the Health CST beside the AST
    key = "answer_cst" if part == "cst" else _answer_key(fight)
    return key, lambda f: core.set_answer(f, str(msg[-1]), part)


def _unpress(msg: Msg, ctx: Ctx, fight: core.Fight) -> tuple[str, Call] | None:
    if str(msg[1]) not in worksheet.MODES:
        return None
    return "resolve", lambda f: core.clear_chips(f, str(msg[1]))


def _field(msg: Msg, ctx: Ctx, fight: core.Fight) -> tuple[str, Call]:
    return str(msg[2]), lambda f: core.set_field(f, str(msg[1]), str(msg[2]), str(msg[-1]))


def _steps(call: Call) -> Callable[[Msg, Ctx, core.Fight], tuple[str, Call]]:
    """A transition that takes nothing but the fight; its refusals show beside Resolve."""
    return lambda msg, ctx, fight: ("resolve", call)


#: For each Combat message, by action (``aftermath.cbt_<name>``): the field its errors show
#: beside and the transition it calls (None: the message names nothing the fight takes).
_CALLS: dict[str, Callable[[Msg, Ctx, core.Fight], tuple[str, Call] | None]] = {
    "resolve": lambda msg, ctx, fight: (
        "resolve",
        lambda f: core.attack(f, core.roll_for_me(ctx.fresh_seed)),
    ),
    "typed": lambda msg, ctx, fight: (
        "resolve",
        lambda f: core.attack(f, core.typed_roll(str(msg[-1]))),
    ),
    "potential": _potential,
    "apply": lambda msg, ctx, fight: (_answer_key(fight), core.give_answer),
    "next_phase": _steps(core.next_action_phase),
    "next_turn": _steps(core.next_combat_turn),
    "clear": _steps(core.clear_log),
    "cancel": _steps(core.drop_pending),
    "critical": _steps(core.call_critical),
    "ask": lambda msg, ctx, fight: (
        "resolve",
        lambda f: core.answer_ask(f, str(msg[-1]) == "drop"),
    ),
    "field": _field,
    "toggle": lambda msg, ctx, fight: (
        "resolve",
        lambda f: core.toggle_chip(f, str(msg[1]), str(msg[2])),
    ),
    "unpress": _unpress,
    "pick": lambda msg, ctx, fight: _pick(str(msg[1]), str(msg[-1])),
    "getup": lambda msg, ctx, fight: ("resolve", lambda f: core.get_up(f, int(str(msg[-1])))),
    "reload": lambda msg, ctx, fight: ("reload", lambda f: core.reload(f, str(msg[1]))),
}


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    make = _CALLS.get(str(msg[0]).removeprefix("aftermath.cbt_"))
    if make is None:
        raise unknown(msg)
    fight = fight_of(state(model))
    found = make(msg, ctx, fight)
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


#: Each Combat message's handler, by action.
HANDLERS: dict[str, Handler] = {f"cbt_{action}": update for action in _CALLS}
