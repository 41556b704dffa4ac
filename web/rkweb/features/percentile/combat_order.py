"""The combat tab's order of attack: the order roll, the passed primary attack, the sides that
join, the roll-offs within a side, the next piece and the next round (the core fight's
:mod:`pycore.systems.percentile.fight.turns`)."""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.combat import order_rolled_when
from pycore.systems.percentile.fight import turns as R
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import combat_step as C
from rkweb.features.percentile import state as S
from rkweb.features.percentile.combat_turn import AttackCancel
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of
from rkweb.kit.odds import odds_list
from rkweb.kit.results import card, why


class OrderRoll(Message, action="percentile.order_roll"):
    """Roll the order of attack with the app's dice."""


class OrderRollTyped(Message, action="percentile.order_roll_typed"):
    text: str = entered(default="")


class OrderPass(Message, action="percentile.order_pass"):
    """The primary attack passes (PCT-22)."""


class OrderJoin(Message, action="percentile.order_join"):
    """A side joins the order (PCT-23)."""

    side: str


class OrderJoinTyped(Message, action="percentile.order_join_typed"):
    side: str
    text: str = entered(default="")


class RoundNext(Message, action="percentile.round_next"):
    """Start the next round."""


class PieceNext(Message, action="percentile.piece_next"):
    """Start the next piece of the turn (PCT-26)."""


class RollOff(Message, action="percentile.rolloff"):
    """The roll-off for the order within a side."""

    index: int


class RollOffTyped(Message, action="percentile.rolloff_typed"):
    index: int
    text: str = entered(default="")


def _order(fight: F.Fight, rng: Any) -> C.Outcome:
    fight, rolled = F.roll_order(fight, rng)
    return fight, rolled.step, "Order of attack", None


def _join(side: str) -> C.Roll:
    def roll(fight: F.Fight, rng: Any) -> C.Outcome:
        fight, joined = F.join_order(fight, side, rng)
        return fight, joined.step, f"{joined.side} joins", None

    return roll


def _rolloff(index: int) -> C.Roll:
    def roll(fight: F.Fight, rng: Any) -> C.Outcome:
        fight, off = R.roll_off(fight, index, rng)
        return fight, off.step, "Roll-off within side", None

    return roll


def _order_due(fight: F.Fight, rng: Any) -> C.Outcome:
    fight, rolled = R.roll_due(fight, rng)
    return fight, rolled.step, "Order of attack", None


def _order_roll(model: Model, msg: OrderRoll | OrderRollTyped, ctx: Ctx) -> Model:
    # refused beside the order's buttons (the order rolled already, an attack under way). The
    # app's dice roll the fight's first surprise on the way when it is due, as "Next turn" does
    # (PCT-08: step 1 before step 2; PCT-15: a tie typed for it is rolled again, not skipped);
    # dice typed here are the order's, refused beside their entry until the surprise is decided.
    roll = _order_due if isinstance(msg, OrderRoll) else _order
    return C.rolled(model, ctx, "order", msg, roll)


def _order_join(model: Model, msg: OrderJoin | OrderJoinTyped, ctx: Ctx) -> Model:
    # refused beside the order's buttons, where the join buttons are (an attack under way)
    return C.rolled(model, ctx, "order", msg, _join(msg.side))


def _rolloff_roll(model: Model, msg: RollOff | RollOffTyped, ctx: Ctx) -> Model:
    return C.rolled(model, ctx, "combat", msg, _rolloff(msg.index))


def _order_pass(model: Model, msg: OrderPass, ctx: Ctx) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        fight, passed = F.pass_order(fight)
        return fight, passed.step, "Pass primary attack", None

    return C.stepped(model, ctx, "order", run)


def _round_next(model: Model, msg: RoundNext, ctx: Ctx) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        fight, started = R.next_round(fight)
        return fight, started.step, "Next round", None

    return C.stepped(model, ctx, "combat", run)


def _piece_next(model: Model, msg: PieceNext, ctx: Ctx) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        fight, piece = R.next_piece(fight)
        return fight, piece.step, "Next piece", None

    # refused beside the order's buttons, as the pass and the order roll (an attack under way)
    return C.stepped(model, ctx, "order", run)


#: The order of attack card's messages, keyed by their actions.
HANDLERS = handlers(
    _order_roll,
    _order_join,
    _rolloff_roll,
    _order_pass,
    _round_next,
    _piece_next,
)


def set_aside(model: Model, fight: F.Fight, key: str, testid: str) -> VNode | None:
    """ "Set the attack aside" beside a refusal under ``key`` while an attack is under way: the
    round's own button is at the top of the round, out of sight of the set-up's cards at
    768x1024, and the refusal names it."""
    if fight.pending is None or not error_of(model, S.FEATURE, key):
        return None
    return button(testid, "Set the attack aside", AttackCancel())


def _order_roll_entry(model: Model, fight: F.Fight) -> list[VNode | None]:
    """ "Roll order" while the order of this round (or piece) is still to roll; once rolled, the
    entry is off and says why (PCT-18/19/26: rolled again, it would reorder turns taken)."""
    rolled = fight.order is not None
    return [
        S.roll_entry(
            model,
            "percentile-order-roll",
            "1:100sd per side",
            OrderRoll(),
            OrderRollTyped(),
            "Roll order",
            disabled=rolled,
        ),
        h(
            "p",
            {"class": "muted small", "data-testid": "percentile-order-rolled"},
            f"The order of attack is rolled (it is rolled {order_rolled_when(fight.settings)}). "
            f"{R.UNDO_ORDER}",
        )
        if rolled
        else None,
    ]


def _order_result(model: Model, fight: F.Fight) -> tuple[str, list[VNode]]:
    if fight.order is None:
        return "", []
    acting, reason = F.acting_now(fight)
    text = f"{fight.order} · acting this round: {', '.join(acting)} ({reason})"
    joiners = [
        S.roll_entry(
            model,
            f"percentile-join-{side.name}",
            "1:100sd",
            OrderJoin(side.name),
            OrderJoinTyped(side.name),
            f"{side.name} joins",
        )
        for side in fight.sides
        if side.name not in fight.order.results
    ]
    return text, joiners


def order_view(model: Model, st: dict[str, Any], fight: F.Fight) -> VNode:
    s = fight.settings
    try:
        first: VNode = odds_list(
            "percentile-order-odds",
            [(f"{n} attacks first", p) for n, p in F.order_chances(fight).items()],
        )
    except RulekeeperError as exc:
        first = h("p", {"class": "notice"}, str(exc))
    text, joiners = _order_result(model, fight)
    order = fight.order
    return card(
        "pct-order-h",
        f"3. Order of attack: {S.procedure(s.order)} · round {fight.round}",
        first,
        *_order_roll_entry(model, fight),
        h(
            "div",
            {"class": "row"},
            button(
                "percentile-order-pass",
                "Primary attack passes",
                OrderPass(),
                disabled=order is None or bool(order.passed),
            ),
            *joiners,
            button(
                "percentile-piece-next",
                f"Next piece ({s.piece_fraction} of the turn)",
                PieceNext(),
            )
            if s.pieces
            else None,
            button("percentile-round-next", "Next round", RoundNext()),
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-order-error"},
            error_of(model, S.FEATURE, "order"),
        ),
        set_aside(model, fight, "order", "percentile-order-set-aside"),
        h(
            "p",
            {"class": "muted small", "data-testid": "percentile-piece"},
            f"piece {fight.piece} of the round; each piece is a whole turn: order, actions, to-hit, damage",
        )
        if s.pieces
        else None,
        h("p", {"class": "explain", "data-testid": "percentile-order-result"}, text),
        why(
            [
                "Lowest result attacks first (PCT-18, line 64); every round under b2 (PCT-19, line 65)",
                "Ties re-rolled (PCT-20, line 61); a lead of 30 or more: the only attack (PCT-21, line 60)",
                "Passing (PCT-22, line 60); joining (PCT-23, line 61); pieces (PCT-26, line 71)",
            ]
        ),
    )
