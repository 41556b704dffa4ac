"""The Combat tracker tab: the turn order, the round, whose turn it is, and each combatant's
maneuver, posture and stun; the order and the turns come from the core's fight."""

from __future__ import annotations

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps import maneuver_names, posture_names, success_chance
from pycore.systems.gurps.fight import Fight, Place
from pycore.systems.gurps.modifiers import maneuver_options
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import defenses_of
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.gurps.state import SECTION, commit, fail, fight_of, log_view, step_error
from rkweb.kit.buttons import button
from rkweb.kit.fields import select, yes_no
from rkweb.kit.odds import percent_text
from rkweb.kit.results import card, why

ACTIONS = frozenset({"start", "next", "recover"})

_ORDER_WHY = (
    "Turn order: Basic Speed, then DX, then a random number drawn once for the fight "
    "(GUR-05, 004 lines 18-21).",
    "A maneuver stays in effect until that combatant's next turn (GUR-06, 004 lines 27-31).",
)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).removeprefix(f"{SECTION}.")
    try:
        fight = fight_of(model)
        if action == "start":
            fight, drawn = gurps_fight.start(fight, seeded(ctx.fresh_seed))
            return commit(model, fight, "Start the fight", ctx, [drawn], seed=ctx.fresh_seed)
        if action == "next":
            fight, begun = gurps_fight.next_turn(fight)
            return commit(model, fight, "Next turn", ctx, [begun])
        if action == "recover":
            fight, recovered = gurps_fight.recover(fight, seeded(ctx.fresh_seed))
            label = f"{recovered.name}: HT roll to recover"
            return commit(model, fight, label, ctx, [recovered], seed=ctx.fresh_seed)
    except RuleError as exc:
        return fail(model, "tracker", exc)
    return model


def _choices(c: Combatant) -> VNode:
    options = maneuver_options(c.maneuver, melee=not c.ranged)
    return h(
        "div",
        {"class": "grid2"},
        select(
            f"gurps-maneuver-{c.id}",
            f"{c.name}'s maneuver",
            c.maneuver,
            [(m, m) for m in maneuver_names()],
            ("gurps.field", c.id, "maneuver"),
        ),
        select(
            f"gurps-option-{c.id}",
            "Option",
            c.option,
            [("", "—"), *[(o, o) for o in options]],
            ("gurps.field", c.id, "option"),
        )
        if options
        else None,
        select(
            f"gurps-posture-{c.id}",
            "Posture",
            c.posture,
            [(p, p) for p in posture_names()],
            ("gurps.field", c.id, "posture"),
        ),
        yes_no(f"gurps-stunned-{c.id}", "Stunned", c.stunned, ("gurps.field", c.id, "stunned")),
    )


def _recovery(c: Combatant, fight: Fight) -> VNode | None:
    """The HT roll a stunned combatant may make on his turn, with its chance (GUR-07)."""
    if not c.stunned:
        return None
    if fight.recovery:
        said = (
            "recovers at the end of this turn" if fight.recovery == "recovered" else "stays stunned"
        )
        return h(
            "p",
            {"class": "small", "data-testid": f"gurps-recovery-{c.id}"},
            f"HT roll made: {said}.",
        )
    chance = percent_text(success_chance(c.ht))
    return button(
        f"gurps-recover-{c.id}",
        f"Roll HT {c.ht} to recover from stun: {chance}",
        ("gurps.recover",),
        primary=True,
    )


def _slot(c: Combatant, place: Place, current: bool, fight: Fight) -> VNode:
    defenses = ", ".join(defenses_of(c)) or "none"
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
            h("strong", {}, c.name),
            h("span", {"class": "hp", "data-testid": f"gurps-hp-{c.id}"}, f"HP {c.hp_now}/{c.hp}"),
        ),
        h(
            "p",
            {"class": "small"},
            f"Basic Speed {c.basic_speed}, DX {c.dx}, tiebreak {place.tiebreak} · "
            f"defenses: {defenses}" + (" · stunned (−4 defenses)" if c.stunned else ""),
        ),
        h(
            "p",
            {"class": "small", "data-testid": f"gurps-conditions-{c.id}"},
            f"Conditions: {c.notes}",
        )
        if c.notes
        else None,
        _recovery(c, fight) if current else None,
        _choices(c),
    )


def _order(fight: Fight) -> list[VNode]:
    current = fight.current()
    return [
        _slot(fight.combatant(p.id), p, current is not None and p.id == current.id, fight)
        for p in fight.order
    ]


def view(model: Model) -> VNode:
    fight = fight_of(model)
    started = fight.started
    return h(
        "div",
        {"class": "page"},
        card(
            "gurps-tracker-h",
            f"Round {fight.round}" if started else "Combat tracker",
            h(
                "div",
                {"class": "row"},
                button(
                    "gurps-start",
                    "Restart: new order" if started else "Start fight: roll the order",
                    ("gurps.start",),
                    primary=not started,
                ),
                button(
                    "gurps-next",
                    "Next turn",
                    ("gurps.next",),
                    primary=started,
                    disabled=not started,
                ),
            ),
            h(
                "p",
                {"class": "small muted"},
                "Order: Basic Speed, then DX, then a random number drawn once for the fight. "
                "A maneuver stays in effect until that combatant's next turn.",
            ),
            why(_ORDER_WHY, "gurps-order-why"),
            step_error(model, "tracker"),
            h("ol", {"class": "combatants"}, *_order(fight)),
        ),
        log_view(model),
    )
