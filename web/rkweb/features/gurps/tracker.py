"""The Combat tracker tab, turn first (shared/FIGHT.md): the round and the order strip at the top
(who acts now and next, each with HP, defenses and conditions; tap one to make them the target),
then the active combatant's panel (:mod:`rkweb.features.gurps.turn`) and the log. The order and
the turns are the core's fight."""

from __future__ import annotations

from functools import wraps

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.fight import Fight, Logged
from pycore.systems.gurps.quantities import figure
from pycore.systems.gurps.sheet import Combatant
from rkweb.app.messages import Handler, Message, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.gurps import turn, turn_step, turn_update
from rkweb.features.gurps.combatants import TRACKED, Field
from rkweb.features.gurps.maneuvers import Next, NextTake, choices, own_ids
from rkweb.features.gurps.state import commit, fail, fight_of, log_view, step_error
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.fields import yes_no
from rkweb.kit.results import why

_ORDER_WHY = (
    "Turn order: Basic Speed, then DX, then a random number drawn once for the fight "
    "(GUR-05, 004 lines 18-21); one who joins mid-fight is put in by the same order (GUR-D01).",
    "A maneuver stays in effect until that combatant's next turn (GUR-06, 004 lines 27-31).",
)


# The tracker's messages (``Next`` and ``NextTake`` are the maneuver chips', in ``maneuvers``).
class RestartAsk(Message, action="gurps.restart_ask"):
    """Restart mid-fight: asked first, as it sits beside "Next turn"."""


class RestartKeep(Message, action="gurps.restart_keep"):
    """The restart not wanted: the order stays."""


class Start(Message, action="gurps.start"):
    """Draw the order and start the fight (or restart it)."""


def _ask_restart(model: Model, msg: RestartAsk, ctx: Ctx) -> Model:
    """A restart draws a new order mid-fight: asked first, as it sits beside "Next turn"."""
    return model.with_ui(gurps_restart=True)


def _keep_order(model: Model, msg: RestartKeep, ctx: Ctx) -> Model:
    return model.with_ui(gurps_restart=False)


def _start(model: Model, msg: Start, ctx: Ctx) -> Model:
    fight, drawn = gurps_fight.start(fight_of(model), seeded(ctx.fresh_seed))
    label = "Restart: new order" if drawn.restart else "Start the fight"
    return commit(model, fight, label, ctx, [drawn], seed=ctx.fresh_seed, shown={}, step={})


def _turned(model: Model, ctx: Ctx, taken: NextTake | None = None) -> Model:
    fight = fight_of(model)
    # GUR-11: an Aim is at the target of their turn's step (the card tapped, or the one derived)
    aimed_at = str(turn_step.step_of(model, fight)["target"]) if fight.started else ""
    fight, begun = gurps_fight.next_turn(fight, aimed_at)
    done: list[Logged] = [begun]
    if taken is not None:  # one tap: the turn passes and they take their maneuver
        fight, took = gurps_fight.take_maneuver(fight, taken.maneuver, taken.option)
        done.append(took)
    # A new turn: no step of the last one is carried over (FIGHT.md, GUR-06).
    return commit(model, fight, "Next turn", ctx, done, shown={}, step={})


def _next(model: Model, msg: Next, ctx: Ctx) -> Model:
    return _turned(model, ctx)


def _next_take(model: Model, msg: NextTake, ctx: Ctx) -> Model:
    return _turned(model, ctx, msg)


def _new_turn(step: Handler) -> Handler:
    @wraps(step)  # keeps the typed handler's ``reads``: the message is handed over as it is
    def turned(model: Model, msg: Msg, ctx: Ctx) -> Model:
        # A new turn (the questions carried over from an earlier one fold to one line again:
        # they were opened for the turn that ends, after_injury.view).
        model = model.with_ui(gurps_restart=False)
        try:
            return step(model, msg, ctx)
        except RuleError as exc:
            return fail(model, "tracker", exc)

    return turned


#: Each Tracker message's handler, keyed by its message class's action (``gurps.<name>``).
HANDLERS: dict[str, Handler] = {
    **handlers(_ask_restart, _keep_order),
    **{action: _new_turn(step) for action, step in handlers(_start, _next, _next_take).items()},
}
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _order_note(c: Combatant, tied: tuple[str, ...]) -> str:
    """Why they stand where they do in the order, in words (GUR-05): the number drawn for a tie
    is never shown, only that a draw placed them among those tied (``tied``)."""
    said = f"Basic Speed {c.basic_speed}, DX {c.dx}"
    return said + (f"; tied with {', '.join(tied)}: placed by a random draw" if tied else "")


def _quick_edits(c: Combatant, current: bool, tied: tuple[str, ...]) -> VNode:
    """Stun for anyone; maneuver, option and posture here for those not acting now (the one
    acting sets theirs in their panel)."""
    own = c.id
    return h(
        "details",
        {"class": "quick-edits"},
        h("summary", {"aria-label": f"Edit {c.name}"}, "Edit"),
        h(
            "p",
            {"class": "small"},
            _order_note(c, tied),
        ),
        h(
            "div",
            {"class": "grid2"},
            *([] if current else choices(c, own_ids(c))),
            yes_no(f"gurps-stunned-{c.id}", TRACKED["stunned"], c.stunned, Field(own, "stunned")),
            yes_no(
                f"gurps-mental-stun-{c.id}",
                TRACKED["mental_stun"],
                c.mental_stun,
                Field(own, "mental_stun"),
            ),
            # Set after an injury by the GM's book (GUR-58); they wake when the book says.
            yes_no(
                f"gurps-unconscious-{c.id}",
                TRACKED["unconscious"],
                c.unconscious,
                Field(own, "unconscious"),
            ),
        ),
    )


def _slot(fight: Fight, c: Combatant, current: bool, target: str, tied: tuple[str, ...]) -> VNode:
    return h(
        "li",
        {
            "class": "combatant" + (" current" if current else ""),
            "data-testid": "gurps-slot",
            "data-key": c.id,
            "aria-current": "true" if current else None,
        },
        h(
            "div",
            {"class": "row between"},
            h(
                "strong",
                {},
                c.name,
                # The card's colour and bar say it on screen; a screen reader hears it.
                h("span", {"class": "visually-hidden"}, " (acting)") if current else None,
            ),
            h(
                "span",
                {"class": "hp", "data-testid": f"gurps-hp-{c.id}"},
                f"HP {figure(c.hp_now)}/{c.hp}",
            ),
        ),
        # Their state in the fight's time (the core's words): stunned or unconscious rather than
        # last turn's maneuver, a shock "next turn" or "this turn", posture, defenses.
        h("p", {"class": "small"}, gurps_fight.card_line(fight, c.id)),
        h(
            "p",
            {"class": "small", "data-testid": f"gurps-conditions-{c.id}"},
            f"Conditions: {c.notes}",
        )
        if c.notes
        else None,
        h(
            "div",
            {"class": "row slot-actions"},
            None
            if current
            else chip(
                f"gurps-target-{c.id}", f"Target {c.name}", c.id == target, turn_update.Target(c.id)
            ),
            _quick_edits(c, current, tied),
        ),
    )


def _order(model: Model, fight: Fight) -> list[VNode]:
    current = fight.current()
    target = str(turn_step.step_of(model, fight)["target"])
    tied = gurps_fight.tied_names(fight)  # once for the strip, not once a card (issue 33)
    people = {c.id: c for c in fight.combatants}
    return [
        _slot(fight, people[p.id], current is not None and p.id == current.id, target, tied[p.id])
        for p in fight.order
    ]


def _restart_ask(model: Model) -> VNode | None:
    """The restart, confirmed: a new order is drawn and the round goes on (GUR-05)."""
    if not model.ui.get("gurps_restart"):
        return None
    return h(
        "div",
        {"class": "row confirm", "role": "alertdialog", "data-testid": "gurps-restart-ask"},
        h("p", {"class": "strong"}, "Draw a new turn order? The round goes on from its start."),
        button("gurps-restart-yes", "Yes, new order", Start(), primary=True),
        button("gurps-restart-no", "Keep this order", RestartKeep()),
    )


def view(model: Model) -> VNode:
    fight = fight_of(model)
    started = fight.started
    return h(
        "div",
        {"class": "page gurps-fight"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "gurps-tracker-h"},
            h(
                "div",
                {"class": "row"},
                h(
                    "h2",
                    {"id": "gurps-tracker-h"},
                    f"Round {fight.round}" if started else "Combat tracker",
                ),
                button(
                    "gurps-start",
                    "Restart: new order" if started else "Start fight: roll the order",
                    RestartAsk() if started else Start(),
                    primary=not started,
                ),
                button(
                    "gurps-next",
                    "Next turn",
                    Next(),
                    primary=started,
                    # a failed roll's outcome is recorded first (GUR-58; the turn says which)
                    disabled=not started
                    or bool(gurps_fight.turn_held(fight, gurps_fight.next_fighter(fight))),
                ),
            ),
            _restart_ask(model) if started else None,
            step_error(model, "tracker"),
            h(
                "ol",
                {"class": "combatants order-strip", "data-testid": "gurps-order"},
                *_order(model, fight),
            ),
        ),
        turn.panel(model, fight),
        log_view(model),
        why(_ORDER_WHY, "gurps-order-why", summary="Why this order"),
    )
