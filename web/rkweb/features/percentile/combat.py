"""The combat tab: the round, turn first (whose turn, the target, the attack's dice and
questions, the result), then the set-up cards (sides, surprise, order, agility points), the full
attack worksheet, poisons and the log. The update parses the form, calls a transition of the
core's fight (:mod:`pycore.systems.percentile.fight` and its ``fight_*`` modules), stores the
returned fight and logs its result; every step is undoable and saved. Each card's module declares
its messages and their handlers (:mod:`.combat_sides`, :mod:`.combat_order`, :mod:`.combat_ap`,
:mod:`.combat_turn`, :mod:`.combat_attack`); the round card is drawn by :mod:`.combat_turn_view`.
"""

from __future__ import annotations

from collections.abc import Callable

from pycore.systems.percentile import combat
from rkweb.app.messages import Action, handle
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import (
    combat_ap,
    combat_attack,
    combat_due,
    combat_order,
    combat_sides,
    combat_turn,
    combat_turn_view,
)
from rkweb.features.percentile import state as S
from rkweb.kit.folds import fold
from rkweb.kit.results import card, log_list

#: Each combat message's handler, keyed by its class's action: each card's module declares its
#: messages and handles them (:mod:`.combat_step` keeps what they did); ``ACTIONS`` are the names.
HANDLERS = {
    **combat_sides.HANDLERS,
    **combat_order.HANDLERS,
    **combat_ap.HANDLERS,
    **combat_turn.HANDLERS,
    **combat_attack.HANDLERS,
}
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _fold(testid: str, summary: str, cards: Callable[[], list[VNode]], key: str = "") -> VNode:
    """A fold of cards that are not the current step (issue 29 item 7: the set-up and the
    worksheet stacked about 5,200 px below the round at 768x1024), drawn only while open
    (issue 33: the closed worksheet's fields were built at each tap and each opening of the
    tab). ``key`` names the state it opens in: the set-up is open before the first turn, and
    closed anew once the round starts."""
    return fold(
        testid,
        summary,
        cards,
        key=key or testid,
        default=key.endswith("-before"),
        attrs={"class": "more"},
        summary_attrs={"class": "strong", "data-testid": f"{testid}-open"},
    )


def view(model: Model) -> VNode:
    st = S.state(model)
    fight = S.fight_of(model, st)
    log = st["combat"]["log"]
    # Before the first turn the set-up is the current step; from then on the round is.
    started = fight.turn >= 0 or fight.round > 1
    return h(
        "div",
        {"class": "page"},
        combat_turn_view.turn_view(
            model,
            st,
            fight,
            combat_due.due_view(model, fight),
            combat_due.next_order_view(model, fight),
        ),
        _fold(
            "percentile-fold-setup",
            "The set-up: settings, sides, surprise and order of attack",
            lambda: [
                h(
                    "p",
                    {"class": "notice", "data-testid": "percentile-worksheet-settings"},
                    "Settings: " + fight.settings.summary(),
                ),
                h(
                    "p",
                    {"class": "muted small"},
                    "Sequence: " + " · ".join(combat.combat_sequence()),
                ),
                combat_sides.sides_view(model, st, fight),
                combat_sides.surprise_view(model, st, fight),
                combat_order.order_view(model, st, fight),
            ],
            key="percentile-fold-setup-" + ("during" if started else "before"),
        ),
        _fold(
            "percentile-fold-worksheet",
            "The whole attack worksheet: agility points, every attack field, poisons",
            lambda: [
                combat_ap.ap_view(model, st, fight),
                combat_attack.attack_view(model, st, fight),
                combat_attack.poison_view(model, st, fight),
            ],
        ),
        card("pct-log-h", f"Combat log ({len(log)})", log_list("percentile-log-entry", log)),
    )
