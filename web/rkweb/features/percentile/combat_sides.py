"""The combat tab's first cards: the sides and their members (each member's Alertness
Condition, asleep or awake) and surprise with its odds. The order of attack is
:mod:`.combat_order`'s, the agility points :mod:`.combat_ap`'s; the numbers are the core fight's
(:mod:`pycore.systems.percentile.fight`)."""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.figures import figure
from pycore.systems.percentile import fight as F
from pycore.systems.percentile import gmtables
from pycore.systems.percentile.checks import fmt
from rkweb.app.messages import Action, Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import combat_step as C
from rkweb.features.percentile import state as S
from rkweb.features.percentile.combat_order import RollOff, RollOffTyped, set_aside
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


def _side_field(model: Model, msg: SideField, ctx: Ctx) -> Model:
    def edit(st: dict[str, Any]) -> Model:
        fight, index, value = S.fight_of(model, st), msg.index, msg.value
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
        fight = S.fight_of(model, st)
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
    # refused beside the side's "Add a character" (a join while an attack is under way)
    return C.stepped(
        model,
        ctx,
        f"join-{msg.index}",
        lambda fight, st: _joined(F.join_member(fight, msg.index, msg.cid)),
    )


def _joined(joined: tuple[F.Fight, F.Note]) -> C.Outcome:
    # mid-round, the log says whether the newcomer acts this round (PCT-23)
    fight, note = joined
    return fight, note.step if note.text else "", "Add member to side", None


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


def _surprise_roll(model: Model, msg: SurpriseRoll | SurpriseRollTyped, ctx: Ctx) -> Model:
    return C.rolled(model, ctx, "combat", msg, _surprise)


#: The sides and surprise cards' messages, keyed by their actions.
HANDLERS = handlers(
    _side_field,
    _member_percent,
    _member_level,
    _side_add,
    _member_add,
    _member_remove,
    _member_asleep,
    _surprise_roll,
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
            f"{c.name} (PERCEPTION {c.perception}, modifier {figure(c.damage_modifier)})"
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
                error=error_of(model, S.FEATURE, f"join-{index}"),
            ),
        ),
        set_aside(model, fight, f"join-{index}", f"percentile-side-set-aside-{index}"),
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
        set_aside(model, fight, "combat", "percentile-combat-set-aside"),
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
