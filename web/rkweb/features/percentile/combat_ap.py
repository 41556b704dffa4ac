"""The combat tab's agility points: each member's points, the action's cost from the GM's
tables, and spending, borrowing and stun (the core fight's
:mod:`pycore.systems.percentile.fight.turns`)."""

from __future__ import annotations

from typing import Any

from pycore.systems.percentile import fight as F
from pycore.systems.percentile import gmtables
from pycore.systems.percentile.fight import cost as FC
from pycore.systems.percentile.fight import setup as FS
from pycore.systems.percentile.fight import turns as R
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import combat_step as C
from rkweb.features.percentile import state as S
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, number, select, with_error
from rkweb.kit.results import card, why


class ApField(Message, action="percentile.ap_field"):
    """A member's AP (spend / borrow) or stun modifier, as typed."""

    cid: str
    value: str = entered(default="")


class ApAction(Message, action="percentile.ap_action"):
    """An action of Table #3-6 (the select's value) fills its AP cost."""

    cid: str
    action: str = entered(default="")


class ApSpend(Message, action="percentile.ap_spend"):
    cid: str


class ApBorrow(Message, action="percentile.ap_borrow"):
    cid: str


class ApStun(Message, action="percentile.ap_stun"):
    cid: str


def _ap_saved(model: Model, st: dict[str, Any], cid: str, value: str) -> Model:
    st = C.with_form(st, "ap_input", {**C.form_of(st, "ap_input"), cid: value})
    return with_error(S.save(model, st), S.FEATURE, f"ap-{cid}", None)


def _ap_field(model: Model, msg: ApField, ctx: Ctx) -> Model:
    return C.edited(
        model, f"ap-{msg.cid}", lambda st: _ap_saved(model, st, msg.cid, msg.value.strip())
    )


def _ap_action(model: Model, msg: ApAction, ctx: Ctx) -> Model:
    def edit(st: dict[str, Any]) -> Model:
        name = msg.action.strip()
        cost = gmtables.action_cost(st["gm"], name) if name else None
        return model if cost is None else _ap_saved(model, st, msg.cid, str(cost))

    return C.edited(model, f"ap-{msg.cid}", edit)


class ApMoveFree(Message, action="percentile.ap_move_free"):
    """The GM lets the move into hand-to-hand range cost no AP (0 spent, logged)."""

    cid: str


def _ap_change(model: Model, ctx: Ctx, cid: str, kind: str, free: bool = False) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        form = C.form_of(st)  # AP they spend after moving inside 3 m pay the move (moved_in)
        paid = kind == "spend" and form.get("attacker") == cid and FS.MOVED in form
        typed = C.form_of(st, "ap_input").get(cid, "")
        amount = R.ap_amount("0" if free else typed)
        # the log names what the AP paid for: "spends 5 AP" alone did not say it was the move
        fight, change = R.change_ap(fight, cid, kind, amount, FS.MOVE_IN if paid else "")
        label = {"spend": "Spend AP", "borrow": "Borrow AP", "stun": "Stun"}[kind]
        label = "Move into hand-to-hand range" if paid else label
        return fight, change.step, label, FS.without_move(form) if paid else None

    return C.stepped(model, ctx, f"ap-{cid}", run)


def _ap_move_free(model: Model, msg: ApMoveFree, ctx: Ctx) -> Model:
    return _ap_change(model, ctx, msg.cid, "spend", free=True)


def _ap_spend(model: Model, msg: ApSpend, ctx: Ctx) -> Model:
    return _ap_change(model, ctx, msg.cid, "spend")


def _ap_borrow(model: Model, msg: ApBorrow, ctx: Ctx) -> Model:
    return _ap_change(model, ctx, msg.cid, "borrow")


def _ap_stun(model: Model, msg: ApStun, ctx: Ctx) -> Model:
    return _ap_change(model, ctx, msg.cid, "stun")


#: The agility points card's messages, keyed by their actions.
HANDLERS = handlers(
    _ap_field,
    _ap_action,
    _ap_spend,
    _ap_borrow,
    _ap_stun,
    _ap_move_free,
)


def _ap_row(
    model: Model, st: dict[str, Any], fight: F.Fight, cid: str, actions: list[str]
) -> VNode | None:
    c = fight.fighter(cid)
    if c is None:
        return None
    s = fight.settings
    return h(
        "li",
        {"class": "q-item", "data-testid": "percentile-ap-row"},
        h("p", {"class": "explain"}, f"{c.name}: {c.ledger}"),
        h(
            "p",
            {"class": "muted small", "data-testid": "percentile-ap-pieces"},
            R.pieces_text(c, fight),
        )
        if s.pieces
        else None,
        select(
            f"percentile-ap-action-{cid}",
            "Action from Table #3-6 (fills its AP cost)",
            "",
            [("", "— choose —"), *[(n, n) for n in actions]],
            ApAction(cid),
        )
        if actions
        else None,
        h(
            "div",
            {"class": "row"},
            number(
                f"percentile-ap-{cid}",
                "AP (spend / borrow) or Table #3-7.0 modifier (stun)",
                st["combat"].get("ap_input", {}).get(cid, ""),
                ApField(cid),
                error=error_of(model, S.FEATURE, f"ap-{cid}"),
            ),
            button(f"percentile-ap-spend-{cid}", "Spend", ApSpend(cid)),
            button(
                f"percentile-ap-borrow-{cid}",
                "Borrow",
                ApBorrow(cid),
                disabled=not s.borrowing,
            ),
            button(
                f"percentile-ap-stun-{cid}",
                "Stun",
                ApStun(cid),
                disabled=not s.stun,
            ),
        ),
    )


def ap_view(model: Model, st: dict[str, Any], fight: F.Fight) -> VNode:
    s = fight.settings
    if s.ap == "c1":
        return card(
            "pct-ap-h",
            f"4. Agility points: {S.procedure(s.ap)}",
            h(
                "p",
                {"data-testid": "percentile-ap-c1"},
                "Agility points are not tracked; the GM judges whether a player has moved enough. "
                f"Choose '{S.procedure('c2')}' in the settings to spend them.",
            ),
            why(["AP procedures c1/c2 (PCT-29, lines 76-78)"]),
        )
    # each fighter's own actions: an attack with another's weapon is not theirs to take (PCT-24)
    rows = [_ap_row(model, st, fight, cid, FC.actions_of(fight, cid)) for cid in fight.member_ids]
    pieces = (
        f" Pieces of {s.piece_fraction} of each turn: the order is rolled every piece."
        if s.pieces
        else ""
    )
    return card(
        "pct-ap-h",
        f"4. Agility points: {S.procedure(s.ap)}",
        h(
            "p",
            {"class": "muted small"},
            "½ s per 10 % of a turn's AP; borrowing gives 1 AP now for 3 of the next turn; stun "
            "owes modifier ÷ 10 AP." + pieces,
        ),
        h("ul", {"class": "q-list"}, *rows)
        if rows
        else h("p", {"class": "muted"}, "Add characters to the sides first."),
        why(
            [
                "AP and time (PCT-25, line 68); pieces (PCT-26, line 71)",
                "Borrowing 3 for 1 (PCT-27, line 74); stun debt (PCT-28, line 74)",
            ]
        ),
    )
