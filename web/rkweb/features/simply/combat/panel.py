"""The active combatant's panel (FIGHT.md 2): whose turn it is, the actions left, the actions
allowed now (Move, Attack, Defend, Other; hold the rest), and the attacks from its sheet, each
with its exact chance against the chosen target. Tapping an attack sets the step up with it."""

from __future__ import annotations

from typing import Any

from pycore.systems.simply import fight as core
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.combat import fields
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.combat.attack import Arm
from rkweb.features.simply.combat.care import Clock
from rkweb.features.simply.combat.order import Act, Hold
from rkweb.features.simply.words import error_line
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.odds import percent_text
from rkweb.kit.results import why

#: The turn's rules in words on screen; ``TURN_HELP`` says them with their IDs under "Why".
TURN_WORDS = (
    "2 actions each. Held actions are played after everyone, in reverse order; an interrupt "
    "needs a held action, and two may not follow each other. A Defend may be taken out of "
    "turn with any unused action."
)
TURN_HELP = (
    "2 actions each (SIM-37). Held actions are played after everyone, in reverse order "
    "(SIM-35); an interrupt needs a held action, and two may not follow each other "
    "(SIM-36). A Defend may be taken out of turn with any unused action (SIM-D08)."
)


def _arm_label(fight: core.Combat, actor: str, index: int, target: str) -> str:
    """The weapon and, when its TN is known, the chance to hit the target without a Defend.
    A record's weapon whose skill is not bought says "(default)", as its sheet does: its TN is
    the skill's default (SIM-03), with no automatic success on 2; a shield strike without the
    Shield skill (SIM-D12, a physical skill: Adj C − 2) was offered as if the skill were bought."""
    plan = core.plan_attack(fight, actor, target or None, index)
    if plan.tn is None:
        return f"{plan.weapon}: TN to type"
    chance = core.hit_chance(plan.tn, None, plan.level is not None)
    default = " (default)" if plan.level is None and fight.get(actor).character else ""
    return f"{plan.weapon}{default} {plan.tn}: {percent_text(chance)}"


def _attacks(fight: core.Combat, actor: str, attack: dict[str, str]) -> VNode:
    arms = core.arms_of(fight.get(actor))
    chosen = attack["weapon"] if attack["attacker"] == actor else ""
    items = [
        chip(
            f"sc-arm-{i}",
            _arm_label(fight, actor, i, attack["target"]),
            str(i) == chosen,
            Arm(actor, str(i)),
        )
        for i in range(len(arms))
    ]
    target = attack["target"]
    against = fight.get(target).name if target else "no target chosen"
    head = f"Attacks on {against}: chance before any Defend or luck"
    return chips(head, items, "sc-arms")


PHASES = {
    "setup": "not started: add participants, then roll initiative",
    "first": "first pass",
    "held": "held actions (reverse order)",
    "done": "everyone has acted: roll initiative for the next turn",
}


def out_of_turn(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode | None:
    """Who acts out of turn (a Defend, an interrupt), while a turn runs: folded in the order
    strip beside "Next turn" (issue 26: on its own line in the panel it pushed the roll below
    768x1024 once a result showed)."""
    if fight.phase not in ("first", "held"):
        return None
    actors = [("", "whose turn it is")] + [
        (c.id, c.name) for c in fight.combatants if not c.disabled
    ]
    return h(
        "details",
        {"class": "out-of-turn", "data-testid": "sc-out-of-turn"},
        h("summary", {}, "Out of turn"),
        fields.form_select(form, "act", "actor", "Acting", actors),
        h("p", {"class": "small muted"}, TURN_WORDS),
        why([TURN_HELP, "SIM-D14: the game clock counts minutes; the GM advances it."]),
    )


def _bleeding_clock(fight: core.Combat) -> VNode | None:
    """ "+5 min" beside the game clock while someone bleeds (SIM-46, SIM-49: 1 HP per full
    5 minutes, SIM-D14: on the clock the GM advances); no one bleeding, time is the care
    card's. Play-through simply: with Bo and Mara bleeding the only "+5 min" sat in that card
    at y 1,208-1,256 of a 1,024 px screen, a scroll away from the clock it moves."""
    bleeding = [c.name for c in fight.combatants if c.bleeding]
    if not bleeding:
        return None
    # "+5 min" alone: the strip's cards say who bleeds; "+5 min (bleeding)" pushed "Now: Mara"
    # to a line of its own at 768x1024, and the attack's roll 1 px below the screen.
    said = f"{', '.join(bleeding)}: 1 HP lost per 5 minutes of game time"
    return button("sc-clock-bleed", "+5 min", Clock(5), title=said)


def panel(model: Model, fight: core.Combat, state: dict[str, Any]) -> VNode:
    form = state["form"]
    acting = fight.phase in ("first", "held")
    who = fight.get(fight.cursor) if fight.cursor else None
    count = fight.actions_left(who.id) if who else 0
    left = f" · {count} action{'' if count == 1 else 's'} left" if who else ""
    return h(
        "section",
        {"class": "card active-panel", "aria-labelledby": "sc-turn-h", "data-testid": "sc-panel"},
        h(
            "div",
            {"class": "row between"},
            # The phase on the heading's line: the step's one-tap rolls need the room (issue 26).
            h(
                "div",
                {"class": "row"},
                h("h2", {"id": "sc-turn-h"}, f"Turn {fight.turn}" if fight.turn else "Turn"),
                h(
                    "span",
                    {"class": "small muted"},
                    f"{PHASES.get(fight.phase, fight.phase)} · game clock {fight.clock} min{left}",
                ),
                _bleeding_clock(fight),
            ),
            h(
                "p",
                {"class": "tn", "data-testid": "sc-current"},
                h("span", {"class": "total"}, f"Now: {who.name if who else '—'}"),
            ),
        ),
        _attacks(fight, who.id, form["attack"]) if who else None,
        h(
            "div",
            {"class": "row", "role": "group", "aria-label": "Actions"},
            *[button(f"sc-act-{a.lower()}", a, Act(a), disabled=not acting) for a in core.ACTIONS],
            button(
                "sc-hold",
                "Give up the rest" if fight.phase == "held" else "Hold the rest",
                Hold(),
                disabled=fight.cursor is None,
            ),
        ),
        error_line(model, saved.ERRORS, "act", "sc-error-act"),
        error_line(model, saved.ERRORS, "hold", "sc-error-hold"),
    )
