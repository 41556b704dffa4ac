"""The Simply fight screen (FIGHT.md): the order strip (``strip``), the active combatant's panel
(``panel``), the step under way (``attack``, ``damage``, then the checks of ``care``) with each
result where the tap was, time and treatment (``care``), the participants (``order``) and the log.
``state`` keeps the saved section and the forms, ``fields`` draws their fields. Every step
parses the form, calls ``pycore.systems.simply.fight``, stores and logs the result; every roll
is "Roll for me" or the dice typed at the table; a refused step shows the core's words beside
it. Imported by ``simply/page.py``."""

from __future__ import annotations

from functools import wraps
from typing import Any

from pycore.errors import RuleError
from rkweb.app.messages import Handler, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply.combat import attack, care, checks, damage, log, order, panel, strip
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.combat.fields import Form
from rkweb.features.simply.combat.state import ERRORS, fight_of, load, set_form
from rkweb.kit import steps
from rkweb.kit.fields import rules_of, with_error

#: The steps' handlers, keyed by their message class's action (``combat_<name>``).
STEPS = handlers(
    order.add,
    order.add_char,
    order.initiative,
    order.initiative_typed,
    order.act,
    order.hold,
    order.remove,
    attack.aim,
    attack.arm,
    attack.roll,
    attack.typed,
    attack.defend_typed,
    attack.roll_declared,
    attack.declare,
    damage.roll,
    damage.apply,
    care.check,
    care.check_typed,
    care.waive,
    care.clock,
    care.treat,
    care.treat_typed,
    care.hours_typed,
    care.jump,
    log.end,
)
#: Where a step's refusal is shown, when not by its own button.
ERROR_PLACE = {
    "add_char": "add",
    "waive": "check",
    "check_typed": "check",
    "initiative_typed": "initiative",
    "attack_typed": "attack",
    "defend_typed": "attack",
    "attack_declared": "attack",
    "declare": "attack",
    "aim": "attack",
    "arm": "attack",
    "damage_roll": "damage",
    "treat_typed": "treat",
    "hours_typed": "treat",
}


def _form(model: Model, msg: Form, ctx: Ctx) -> Model:
    if msg.group == "attack" and msg.name in attack.PLAN_INPUTS:
        return attack.set_up(model, msg.name, msg.value)
    return set_form(model, msg.group, msg.name, msg.value)


def _refused_by_its_step(action: str, step: Handler) -> Handler:
    """The step, with a refusal (a RuleError from the core, or a number the form cannot read)
    shown by the step's button (or where ``ERROR_PLACE`` says)."""
    name = action.removeprefix("combat_")
    place = ERROR_PLACE.get(name, name)

    @wraps(step)  # keeps the typed handler's ``reads``: the message is handed over as it is
    def guarded(model: Model, msg: Msg, ctx: Ctx) -> Model:
        try:
            return step(model, msg, ctx)
        except ValueError as exc:
            return with_error(model, ERRORS, place, str(exc), rules_of(exc))

    return guarded


#: Each Combat message's handler, by action (``simply.combat_<name>``): the form and the steps.
HANDLERS: dict[str, Handler] = {
    **handlers(_form),
    **{action: _refused_by_its_step(action, step) for action, step in STEPS.items()},
}


def _steps(model: Model, fight: Any, state: dict[str, Any]) -> list[VNode]:
    """The step under way first, under the last result, where its tap was. Injury checks still
    to roll stay on top (they came first and decide who may act), so an attack rolled below
    them puts its damage step where the attack was; after a hit the damage; else the attack.
    The other steps follow (a GM may apply damage without an attack roll)."""
    quiet = {**state, "result": {}}
    # The turn went on: the result is in the "Last:" line. Or the GM set up another attack
    # (a weapon, luck...): the finished result leaves it, kept in the log (FIGHT.md's first
    # law: a GM's play-through read Bo's "HP 20 · injury 4" between the next attack's chance
    # and its luck chip as a preview of it; with three fighters it pushed the roll 32 px under
    # the screen's edge, and the luck chip's step scrolled the page to it).
    if attack.passed(state) or saved.set_up_since(state):
        state = {
            **state,
            "result": {k: v for k, v in state["result"].items() if k not in saved.OWNED},
        }
    brief = attack.outcome(state, brief=True)
    awaits = saved.hit_awaits_damage(state)
    missed = "attack" in state.get("result", {}) and not awaits
    if awaits:
        steps = [damage.card(model, fight, state, brief), attack.card(model, fight, quiet)]
    elif missed or not fight.pending:  # a miss ends the attack (SIM-39): no damage for it
        steps = [attack.card(model, fight, state), damage.without_attack(model, fight, state)]
    else:  # the damage just applied: its result heads the checks it queued
        steps = [attack.card(model, fight, quiet), damage.without_attack(model, fight, state)]
    if fight.pending:
        last = None if awaits or missed else brief
        return [checks.checks_card(model, fight, state, last), *steps]
    return [*steps, checks.checks_card(model, fight, state)]


def view(model: Model) -> VNode:
    state = load(model)
    form = state["form"]
    try:
        fight = fight_of(model, state)
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"The saved fight cannot be read: {exc}")
    return h(
        "div",
        {"class": "page simply-combat", "data-testid": "simply-combat"},
        strip.strip(
            model,
            fight,
            state,
            order.add_fold(model, fight, form),
            panel.out_of_turn(model, fight, form),
            care.jump_button(),
        ),
        attack.last_line(state),
        panel.panel(model, fight, state),
        *_steps(model, fight, state),
        care.care_card(model, fight, form),
        order.participants_card(model, fight),
        log.card(state),
    )


def restored(before: Model, after: Model) -> str | None:
    """What an undo or a redo from ``before`` gave back, for the shell's banner: the entries
    typed after its step set aside (the attack set up afresh) or given back, with the attack
    now; ``None`` when none were typed since (:func:`rkweb.kit.steps.restored`)."""
    how = steps.restored(before.section(saved.SECTION), after.section(saved.SECTION))
    if how is None:
        return None
    state = load(after)
    try:
        return steps.restored_words(how, attack.attack_words(fight_of(after, state), state))
    except RuleError:  # a fight that does not read: its page says why
        return None


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)
