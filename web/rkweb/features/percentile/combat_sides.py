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
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import state as S
from rkweb.kit.buttons import button
from rkweb.kit.fields import error_of, field, number, select
from rkweb.kit.odds import odds_list
from rkweb.kit.results import card, why


def alertness_inputs(
    fid: str,
    fight: F.Fight,
    values: tuple[str, str],
    level_msg: tuple[Any, ...],
    percent_msg: tuple[Any, ...],
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
                ("percentile.member_ac_level", index, member.id),
                ("percentile.member_ac", index, member.id),
                "(blank: the sheet's)",
            )
            if fight.settings.surprise == "a3"
            else ()
        ),
        button(
            f"percentile-member-asleep-{member.id}",
            "Wake" if member.asleep else "Asleep",
            ("percentile.member_asleep", index, member.id),
        ),
        button(
            f"percentile-member-remove-{member.id}",
            "Remove",
            ("percentile.member_remove", index, member.id),
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
                ("percentile.side_field", index, "name"),
                error=error_of(model, S.FEATURE, f"side-{index}"),
            ),
            number(
                f"percentile-side-modifier-{index}",
                "Damage modifier (blank: members' mean)",
                side.modifier,
                ("percentile.side_field", index, "modifier"),
            ),
            *(
                alertness_inputs(
                    f"percentile-side-ac-{index}",
                    fight,
                    (side.alertness_level, side.alertness),
                    ("percentile.side_field", index, "ac_level"),
                    ("percentile.side_field", index, "ac"),
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
                ("percentile.member_add", index),
            ),
        ),
        h("ul", {"class": "chars"}, *[_member_row(model, fight, index, m) for m in side.members]),
        S.roll_entry(
            model,
            f"percentile-rolloff-{index}",
            "1:100sd per member",
            "rolloff",
            "Roll-off for the order within the side",
            index,
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
        button("percentile-side-add", "Add side", ("percentile.side_add",)),
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
            model, "percentile-surprise-roll", "1:100sd per side", "surprise_roll", "Roll surprise"
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
            "order_join",
            f"{side.name} joins",
            side.name,
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
            model, "percentile-order-roll", "1:100sd per side", "order_roll", "Roll order"
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "percentile-order-pass",
                "Primary attack passes",
                ("percentile.order_pass",),
                disabled=order is None or bool(order.passed),
            ),
            *joiners,
            button(
                "percentile-piece-next",
                f"Next piece ({s.piece_fraction} of the turn)",
                ("percentile.piece_next",),
            )
            if s.pieces
            else None,
            button("percentile-round-next", "Next round", ("percentile.round_next",)),
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
            ("percentile.ap_action", cid),
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
                ("percentile.ap_field", cid),
                error=error_of(model, S.FEATURE, f"ap-{cid}"),
            ),
            button(f"percentile-ap-spend-{cid}", "Spend", ("percentile.ap_spend", cid)),
            button(
                f"percentile-ap-borrow-{cid}",
                "Borrow",
                ("percentile.ap_borrow", cid),
                disabled=not s.borrowing,
            ),
            button(
                f"percentile-ap-stun-{cid}",
                "Stun",
                ("percentile.ap_stun", cid),
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
