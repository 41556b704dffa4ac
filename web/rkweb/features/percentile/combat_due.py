"""What the round asks before its first turn: the fight's first surprise (the combat sequence's
step 1) and the order of attack (step 2) while they are due, each with "Roll for me" and "I
rolled …" as every roll of the fight (FIGHT.md 4). "Next turn" rolls what is still due with the
app's dice; the dice rolled at the table were entered only by undoing it and opening the set-up
fold. The rolls are the set-up cards' own (:mod:`.combat_sides`, :mod:`.combat_order`).
On the last turn of a round whose next order is rolled (b2, pieces) the dice for it are asked
too, below that turn's step (:func:`next_order_view`): "Next turn" rolls them in its own tap."""

from __future__ import annotations

from pycore.systems.percentile.fight import Fight
from pycore.systems.percentile.fight import turns as R
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import state as S
from rkweb.features.percentile.combat_order import OrderRoll, OrderRollTyped
from rkweb.features.percentile.combat_sides import SurpriseRoll, SurpriseRollTyped
from rkweb.features.percentile.combat_turn import TurnNext, TurnNextTyped
from rkweb.kit.fields import error_of


def _asked(text: str) -> VNode:
    return h("p", {"class": "strong", "data-testid": "percentile-turn-due"}, text)


def _refused(model: Model, key: str) -> VNode:
    """A refusal of the app's roll, said here (the set-up card's own line is in its fold)."""
    return h(
        "p",
        {"class": "field-error", "role": "alert", "data-testid": "percentile-turn-due-error"},
        error_of(model, S.FEATURE, key),
    )


def due_view(model: Model, fight: Fight) -> list[VNode | None]:
    """The rolls due before the round's first turn, the first of them asked; [] when none is."""
    if fight.turn >= 0 or fight.pending is not None:
        return []
    if R.surprise_due(fight):
        return [
            _asked("Surprise first: each side rolls 1:100sd; the order of attack follows."),
            S.roll_entry(
                model,
                "percentile-turn-surprise-roll",
                "1:100sd per side",
                SurpriseRoll(),
                SurpriseRollTyped(),
                "Roll surprise",
            ),
            _refused(model, "combat"),
            h("p", {"class": "muted small"}, "Or tap Next turn: the app rolls both."),
        ]
    if fight.order is not None:
        return []
    said = fight.surprise.text if fight.surprise else ""
    return [
        h("p", {"class": "explain", "data-testid": "percentile-turn-due-said"}, said)
        if said
        else None,
        _asked("Order of attack: each side rolls 1:100sd; the lowest attacks first."),
        S.roll_entry(
            model,
            "percentile-turn-order-roll",
            "1:100sd per side",
            OrderRoll(),
            OrderRollTyped(),
            "Roll order",
        ),
        _refused(model, "order"),
        h("p", {"class": "muted small"}, "Or tap Next turn: the app rolls it."),
    ]


def next_order_view(model: Model, fight: Fight) -> list[VNode | None]:
    """On the last turn of a round (or piece) whose next order is rolled (b2, PCT-19; pieces,
    PCT-26): that order's dice, asked before they are needed as the first order's are. "Next
    turn" rolls them with the app's dice on the way to the next round's first turn, in the same
    tap (it stopped at the round's start to ask, one more tap each round); the dice typed here
    are taken by the same step. [] at any other time."""
    if not R.order_next(fight):
        return []
    what = "piece" if fight.piece < R.pieces_of(fight) else "round"
    return [
        h(
            "p",
            {"class": "strong", "data-testid": "percentile-turn-next-asked"},
            f"Next {what}'s order of attack: each side rolls 1:100sd; the lowest attacks first.",
        ),
        S.roll_entry(
            model,
            "percentile-turn-next-order-roll",
            "1:100sd per side",
            TurnNext(),
            TurnNextTyped(),
            "Roll order",
        ),
        h("p", {"class": "muted small"}, "Or tap Next turn: the app rolls it on the way."),
    ]
