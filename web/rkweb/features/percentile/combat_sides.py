"""The combat tab's round cards: the sides and their members, surprise with its odds, the order
of attack (pass, joiners, pieces, next round) and each member's agility points. The numbers are
the core fight's (:mod:`pycore.systems.percentile.fight`)."""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import fight as F
from pycore.systems.percentile import gmtables
from pycore.systems.percentile.checks import fmt
from pycore.systems.percentile.fight import turns as R
from rkweb.app.messages import Action, Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import combat_step as C
from rkweb.features.percentile import state as S
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, field, number, select, with_error
from rkweb.kit.odds import odds_list
from rkweb.kit.results import card, why


class SideAdd(Message, action="percentile.side_add"):
    """Add a side."""


class SideField(Message, action="percentile.side_field"):
    """A side's ``name``, ``modifier``, ``ac`` or ``ac_level``, as typed."""

    index: int
    key: str
    value: str = entered(default="")


class MemberAdd(Message, action="percentile.member_add"):
    """Add the picked character (the select's id; "" for none) to a side."""

    index: int
    cid: str = entered(default="")


class MemberRemove(Message, action="percentile.member_remove"):
    index: int
    cid: str


class MemberAsleep(Message, action="percentile.member_asleep"):
    """Put a member to sleep, or wake it."""

    index: int
    cid: str


class MemberAc(Message, action="percentile.member_ac"):
    """A member's Alertness Percentage (a3), as typed."""

    index: int
    cid: str
    value: str = entered(default="")


class MemberAcLevel(Message, action="percentile.member_ac_level"):
    """A member's Alertness level of Table #3-5 (a3), as picked."""

    index: int
    cid: str
    value: str = entered(default="")


class SurpriseRoll(Message, action="percentile.surprise_roll"):
    """Roll surprise with the app's dice."""


class SurpriseRollTyped(Message, action="percentile.surprise_roll_typed"):
    text: str = entered(default="")


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


def _side_field(model: Model, msg: SideField, ctx: Ctx) -> Model:
    def edit(st: dict[str, Any]) -> Model:
        fight, index, value = S.fight_of(st), msg.index, msg.value
        if msg.key == "name":
            fight = F.rename_side(fight, index, value)
        elif msg.key == "modifier":
            fight = F.set_side_modifier(fight, index, value)
        else:
            fight = F.set_side_alertness(fight, index, value, level=msg.key == "ac_level")
        return _side_saved(model, st, fight, index)

    return C.edited(model, f"side-{msg.index}", edit)


def _side_saved(model: Model, st: dict[str, Any], fight: F.Fight, index: int) -> Model:
    saved = S.save(model, S.with_fight(st, fight), fight=fight)
    return with_error(saved, S.FEATURE, f"side-{index}", None)


def _member_ac(model: Model, msg: MemberAc | MemberAcLevel, level: bool) -> Model:
    def edit(st: dict[str, Any]) -> Model:
        fight = S.fight_of(st)
        fight = F.set_member_alertness(fight, msg.index, msg.cid, msg.value, level=level)
        return _side_saved(model, st, fight, msg.index)

    return C.edited(model, f"side-{msg.index}", edit)


def _member_percent(model: Model, msg: MemberAc, ctx: Ctx) -> Model:
    return _member_ac(model, msg, False)


def _member_level(model: Model, msg: MemberAcLevel, ctx: Ctx) -> Model:
    return _member_ac(model, msg, True)


def _side_add(model: Model, msg: SideAdd, ctx: Ctx) -> Model:
    return C.stepped(
        model, ctx, "combat", lambda fight, st: (F.add_side(fight), "", "Add side", None)
    )


def _member_add(model: Model, msg: MemberAdd, ctx: Ctx) -> Model:
    if not msg.cid:  # "— choose —"
        return model
    return C.stepped(
        model,
        ctx,
        "combat",
        lambda fight, st: (F.add_member(fight, msg.index, msg.cid), "", "Add member to side", None),
    )


def _member_remove(model: Model, msg: MemberRemove, ctx: Ctx) -> Model:
    return C.stepped(
        model,
        ctx,
        "combat",
        lambda fight, st: (F.remove_member(fight, msg.index, msg.cid), "", "Remove member", None),
    )


def _member_asleep(model: Model, msg: MemberAsleep, ctx: Ctx) -> Model:
    return C.stepped(
        model,
        ctx,
        "combat",
        lambda fight, st: (F.toggle_asleep(fight, msg.index, msg.cid), "", "Asleep / awake", None),
    )


def _surprise(fight: F.Fight, rng: Any) -> C.Outcome:
    fight, surprise = F.roll_surprise(fight, rng)
    return fight, surprise.step, "Surprise roll", None


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


def _surprise_roll(model: Model, msg: SurpriseRoll | SurpriseRollTyped, ctx: Ctx) -> Model:
    return C.rolled(model, ctx, "combat", msg, _surprise)


def _order_roll(model: Model, msg: OrderRoll | OrderRollTyped, ctx: Ctx) -> Model:
    return C.rolled(model, ctx, "combat", msg, _order)


def _order_join(model: Model, msg: OrderJoin | OrderJoinTyped, ctx: Ctx) -> Model:
    return C.rolled(model, ctx, "combat", msg, _join(msg.side))


def _rolloff_roll(model: Model, msg: RollOff | RollOffTyped, ctx: Ctx) -> Model:
    return C.rolled(model, ctx, "combat", msg, _rolloff(msg.index))


def _order_pass(model: Model, msg: OrderPass, ctx: Ctx) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        fight, passed = F.pass_order(fight)
        return fight, passed.step, "Pass primary attack", None

    return C.stepped(model, ctx, "combat", run)


def _round_next(model: Model, msg: RoundNext, ctx: Ctx) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        fight, started = R.next_round(fight)
        return fight, started.step, "Next round", None

    return C.stepped(model, ctx, "combat", run)


def _piece_next(model: Model, msg: PieceNext, ctx: Ctx) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        fight, piece = R.next_piece(fight)
        return fight, piece.step, "Next piece", None

    return C.stepped(model, ctx, "combat", run)


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


def _ap_change(model: Model, ctx: Ctx, cid: str, kind: str) -> Model:
    def run(fight: F.Fight, st: dict[str, Any]) -> C.Outcome:
        amount = R.ap_amount(C.form_of(st, "ap_input").get(cid, ""))
        fight, change = R.change_ap(fight, cid, kind, amount)
        label = {"spend": "Spend AP", "borrow": "Borrow AP", "stun": "Stun"}[kind]
        return fight, change.step, label, None

    return C.stepped(model, ctx, f"ap-{cid}", run)


def _ap_spend(model: Model, msg: ApSpend, ctx: Ctx) -> Model:
    return _ap_change(model, ctx, msg.cid, "spend")


def _ap_borrow(model: Model, msg: ApBorrow, ctx: Ctx) -> Model:
    return _ap_change(model, ctx, msg.cid, "borrow")


def _ap_stun(model: Model, msg: ApStun, ctx: Ctx) -> Model:
    return _ap_change(model, ctx, msg.cid, "stun")


#: The set-up cards' messages (sides, surprise, order, agility points), keyed by their actions.
HANDLERS = handlers(
    _side_add,
    _side_field,
    _member_add,
    _member_remove,
    _member_asleep,
    _member_percent,
    _member_level,
    _surprise_roll,
    _order_roll,
    _order_pass,
    _order_join,
    _round_next,
    _piece_next,
    _rolloff_roll,
    _ap_field,
    _ap_action,
    _ap_spend,
    _ap_borrow,
    _ap_stun,
)


def alertness_inputs(
    fid: str,
    fight: F.Fight,
    values: tuple[str, str],
    level_msg: Action,
    percent_msg: Action,
    note: str,
) -> list[VNode]:
    """PCT-10: the Alertness Condition as two entries that cannot be mixed up: a level of the
    GM's Table #3-5 (when entered) or a percentage."""
    levels = gmtables.alertness_levels(fight.tables)
    out = []
    if levels:
        options = [("", "— no level —"), *[(n, n) for n in levels]]
        label = f"Alertness level (Table #3-5) {note}"
        out.append(select(f"{fid}-level", label, values[0], options, level_msg))
    label = f"Alertness Percentage {note}" + (" if no level" if levels else "")
    out.append(number(fid, label, values[1], percent_msg))
    return out


def _member_row(model: Model, fight: F.Fight, index: int, member: F.Member) -> VNode | None:
    c = fight.fighter(member.id)
    if c is None:
        return None
    return h(
        "li",
        {"class": "char-row", "data-testid": "percentile-member"},
        h(
            "span",
            {"class": "skill-name"},
            f"{c.name} (PERCEPTION {c.perception}, modifier {c.damage_modifier})"
            + (" — asleep" if member.asleep else ""),
        ),
        *(
            alertness_inputs(
                f"percentile-member-ac-{index}-{member.id}",
                fight,
                (member.alertness_level, member.alertness),
                MemberAcLevel(index, member.id),
                MemberAc(index, member.id),
                "(blank: the sheet's)",
            )
            if fight.settings.surprise == "a3"
            else ()
        ),
        button(
            f"percentile-member-asleep-{member.id}",
            "Wake" if member.asleep else "Asleep",
            MemberAsleep(index, member.id),
        ),
        button(
            f"percentile-member-remove-{member.id}",
            "Remove",
            MemberRemove(index, member.id),
        ),
    )


def _side_block(model: Model, st: dict[str, Any], fight: F.Fight, index: int) -> VNode:
    side = fight.sides[index]
    options = [("", "— choose —"), *[(c["id"], c["name"]) for c in st["characters"]]]
    return h(
        "div",
        {"class": "card", "data-testid": f"percentile-side-{index}"},
        h(
            "div",
            {"class": "grid2"},
            field(
                f"percentile-side-name-{index}",
                "Side name",
                side.name,
                SideField(index, "name"),
                error=error_of(model, S.FEATURE, f"side-{index}"),
            ),
            number(
                f"percentile-side-modifier-{index}",
                "Damage modifier (blank: members' mean)",
                side.modifier,
                SideField(index, "modifier"),
            ),
            *(
                alertness_inputs(
                    f"percentile-side-ac-{index}",
                    fight,
                    (side.alertness_level, side.alertness),
                    SideField(index, "ac_level"),
                    SideField(index, "ac"),
                    "for the whole side",
                )
                if fight.settings.surprise == "a2"
                else ()
            ),
            select(
                f"percentile-side-add-{index}",
                "Add a character",
                "",
                options,
                MemberAdd(index),
            ),
        ),
        h("ul", {"class": "chars"}, *[_member_row(model, fight, index, m) for m in side.members]),
        S.roll_entry(
            model,
            f"percentile-rolloff-{index}",
            "1:100sd per member",
            RollOff(index),
            RollOffTyped(index),
            "Roll-off for the order within the side",
            disabled=len(side.members) < 2,
        ),
    )


def _raise_notices(fight: F.Fight) -> list[VNode]:
    """PCT-17: whoever was attacked rises at least one Alertness Condition (the GM's how far)."""
    out = []
    for cid in fight.raise_alertness:
        c = fight.fighter(cid)
        if c is None:
            continue
        above = F.higher_alertness(fight, cid)
        if above is None:
            tail = "; enter Table #3-5 on the GM page to pick a level."
        elif above:
            tail = f": {', '.join(above)}."
        else:
            tail = ": already at the top level."
        out.append(
            h(
                "p",
                {"class": "notice", "data-testid": "percentile-raise-ac"},
                f"{c.name} was attacked: the Alertness Condition rises this turn, at least one "
                f"level (the GM picks how far){tail}",
            )
        )
    return out


def sides_view(model: Model, st: dict[str, Any], fight: F.Fight) -> VNode:
    notices = _raise_notices(fight)
    return card(
        "pct-sides-h",
        "1. Sides",
        *[_side_block(model, st, fight, i) for i in range(len(fight.sides))],
        *notices,
        why(
            ["Sides act as a whole with their awake members' averages (PCT-06, lines 30, 49)"]
            + (
                ["Attacked characters rise an Alertness Condition (PCT-17, line 49)"]
                if notices
                else []
            )
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert", "data-testid": "percentile-combat-error"},
            error_of(model, S.FEATURE, "combat"),
        ),
        button("percentile-side-add", "Add side", SideAdd()),
    )


def surprise_view(model: Model, st: dict[str, Any], fight: F.Fight) -> VNode:
    s = fight.settings
    if s.surprise == "none":
        return card(
            "pct-surprise-h", "2. Surprise", h("p", {}, "Surprise is switched off in the settings.")
        )
    try:
        targets, mods = F.surprise_targets(fight)
        chances = F.surprise_chances(fight)
        info: VNode = h(
            "div",
            {},
            h(
                "p",
                {"class": "muted small"},
                "; ".join(
                    f"{n}: target {fmt(targets[n])}, modifier {fmt(mods[n])}" for n in targets
                ),
            ),
            odds_list(
                "percentile-surprise-odds", [(f"{n} gets SURPRISE", p) for n, p in chances.items()]
            ),
        )
    except RulekeeperError as exc:
        info = h("p", {"class": "notice"}, str(exc))
    return card(
        "pct-surprise-h",
        f"2. Surprise: {S.procedure(s.surprise)}",
        info,
        S.roll_entry(
            model,
            "percentile-surprise-roll",
            "1:100sd per side",
            SurpriseRoll(),
            SurpriseRollTyped(),
            "Roll surprise",
        ),
        h(
            "p",
            {"class": "explain", "data-testid": "percentile-surprise-result"},
            fight.surprise.text if fight.surprise else "",
        ),
        h(
            "p",
            {"class": "muted small"},
            "The side with SURPRISE has the only turn of this round. If the sides lose sight of "
            "each other, roll again with everyone's present Alertness Condition.",
        ),
        why(
            [
                "Surprise a1/a2/a3 (PCT-12–14, lines 55–57); ties re-rolled (PCT-15)",
                "The only turn of the round (PCT-09, line 49); re-checking (PCT-16, line 49)",
            ]
        ),
    )


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
        S.roll_entry(
            model,
            "percentile-order-roll",
            "1:100sd per side",
            OrderRoll(),
            OrderRollTyped(),
            "Roll order",
        ),
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
    actions = gmtables.action_names(st["gm"])
    rows = [_ap_row(model, st, fight, cid, actions) for cid in fight.member_ids]
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
