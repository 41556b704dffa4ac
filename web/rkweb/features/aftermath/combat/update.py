"""What the Combat tab's messages do: each message is parsed and handed to the core's fight
(``pycore.systems.aftermath.fight``), whose transition returns the new fight and a result; the
page stores the fight (quietly, or as an undo step) and shows the errors beside the fields. A
worksheet field or option changed, the attacker, target or mode picked, the GM's override, an
attack resolved and applied to the sheets, a hit given its Damage Potential, the clock moved,
the log cleared."""

from __future__ import annotations

from pycore.systems.aftermath import fight as core
from pycore.systems.aftermath import worksheet
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg
from rkweb.features.aftermath.state import quietly, set_err, state, undoable
from rkweb.features.aftermath.words import plain


def _stored(model: Model, ctx: Ctx, moved: tuple[core.Fight, core.Result]) -> Model:
    """The fight a transition returned, kept as its result says, its errors shown or cleared."""
    fight, result = moved
    for key, message in result.errors:
        model = set_err(model, f"cbt.{key}", plain(message) if message else None)
    if result.keep == "none":
        return model
    st = state(model)
    saved = fight.to_json()
    st["characters"], st["combat"] = saved["characters"], saved["combat"]
    if result.keep == "undo":
        return undoable(model, st, result.text, ctx)
    return quietly(model, st)


def _pick(fight: core.Fight, key: str, raw: str) -> tuple[core.Fight, core.Result]:
    """A new attacker or target re-derives the set-up (FIGHT.md); choosing one of the
    attacker's weapons fills the form from his sheet."""
    if key in ("attacker", "target"):
        return core.pick_combatant(fight, key, int(raw))
    if key == "weapon":
        return core.choose_weapon(fight, raw)
    if key == "mode":
        return core.set_mode(fight, raw)
    if key == "override":
        return core.set_override(fight, raw)
    return fight, core.Result()


def _step(fight: core.Fight, msg: Msg, ctx: Ctx) -> tuple[core.Fight, core.Result] | None:
    action = str(msg[0]).removeprefix("aftermath.cbt_")
    if action == "field":
        return core.set_field(fight, str(msg[1]), str(msg[2]), str(msg[-1]))
    if action == "toggle":
        return core.toggle_chip(fight, str(msg[1]), str(msg[2]))
    if action == "unpress" and str(msg[1]) in worksheet.MODES:
        return core.clear_chips(fight, str(msg[1]))
    if action == "pick":
        return _pick(fight, str(msg[1]), str(msg[-1]))
    if action == "resolve":
        return core.attack(fight, ctx.fresh_seed, ctx.now)
    if action == "typed":
        return core.attack(fight, ctx.fresh_seed, ctx.now, str(msg[-1]))
    if action == "potential":
        return core.set_answer(fight, str(msg[-1]))
    if action == "apply":
        return core.give_answer(fight, ctx.now)
    if action == "next_phase":
        return core.next_action_phase(fight)
    if action == "next_turn":
        return core.next_combat_turn(fight)
    if action == "clear":
        return core.clear_log(fight)
    if action == "cancel":
        return core.drop_pending(fight)
    if action == "reload":
        return core.reload(fight, str(msg[1]))
    if action == "ask":
        return core.answer_ask(fight, str(msg[-1]) == "drop")
    return None


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    moved = _step(core.fight_from_json(state(model)), msg, ctx)
    return model if moved is None else _stored(model, ctx, moved)
