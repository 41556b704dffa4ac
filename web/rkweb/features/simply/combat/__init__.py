"""The Simply combat worksheet: ``order`` (participants, initiative, actions), ``attack``,
``damage``, ``care`` (checks, clock, treatment) and ``log``; ``state`` keeps the saved section and
the forms. Every step parses the form, calls ``pycore.systems.simply``, stores and logs the result;
a refused step shows the core's words beside it. Imported by ``simply/page.py``."""

from __future__ import annotations

from collections.abc import Callable

from pycore.errors import RuleError
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply.combat import attack, care, damage, log, order
from rkweb.features.simply.combat.state import ERRORS, fight_of, load, set_form
from rkweb.kit.fields import with_error

Step = Callable[[Model, Msg, Ctx], Model]
STEPS: dict[str, Step] = {
    "add": order.add,
    "add_char": order.add_char,
    "initiative": order.initiative,
    "act": order.act,
    "hold": order.hold,
    "remove": order.remove,
    "attack": attack.roll,
    "damage": damage.apply,
    "check": care.check,
    "waive": care.waive,
    "clock": care.clock,
    "treat": care.treat,
    "end": log.end,
}
#: Where a step's refusal is shown, when not by its own button.
ERROR_PLACE = {"add_char": "add", "waive": "check"}


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).removeprefix("simply.combat_")
    if action == "form" and msg[1] == "attack" and msg[2] in attack.PLAN_INPUTS:
        return attack.set_up(model, str(msg[2]), str(msg[3]))
    if action == "form":
        return set_form(model, str(msg[1]), str(msg[2]), str(msg[3]))
    step = STEPS.get(action)
    if step is None:
        return model
    try:
        return step(model, msg, ctx)
    except ValueError as exc:  # a RuleError from the core, or a number the form cannot read
        return with_error(model, ERRORS, ERROR_PLACE.get(action, action), str(exc))


def view(model: Model) -> VNode:
    state = load(model)
    form = state["form"]
    try:
        fight = fight_of(state)
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"The saved fight cannot be read: {exc}")
    return h(
        "div",
        {"class": "page simply-combat", "data-testid": "simply-combat"},
        order.turn_card(model, fight, form),
        care.checks_card(model, fight),
        order.participants_card(model, fight, form),
        attack.card(model, fight, form),
        damage.card(model, fight, form),
        care.care_card(model, fight, form),
        log.card(state),
    )
