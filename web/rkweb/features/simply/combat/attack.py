"""The attack step: attacker, target, the attack TN (or a character's skill), a Defend, luck
declared, the exact chance to hit, and the roll (SIM-37, SIM-39, SIM-10, SIM-D08). The chance,
the roll, the actions spent and the skill's armor row (SIM-D09) are the core's."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.simply import fight as core
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.words import error_line, plain
from rkweb.kit.buttons import button
from rkweb.kit.odds import odds
from rkweb.kit.results import why

#: Choosing these sets the whole step up again from the sheets (FIGHT.md: nothing is kept from
#: the previous attacker, weapon or target).
PLAN_INPUTS = ("attacker", "target", "weapon")


def _text(value: int | None) -> str:
    return "" if value is None else str(value)


def planned(fight: core.Combat, attack: dict[str, str]) -> dict[str, dict[str, str]]:
    """The attack and damage forms as the core sets them up for this attacker, weapon and
    target; a value the sheets do not give is left empty for the GM to type."""
    plan = core.plan_attack(
        fight, attack["attacker"], attack["target"] or None, int(attack["weapon"] or 0)
    )
    return {
        "attack": {
            **attack,
            "tn": _text(plan.tn),
            "level": plan.level or "Default",
            "defend": "",
            "defend_tn": _text(plan.defend_tn),
            "defend_level": plan.defend_level or "Default",
            "luck": "no",
            "defend_luck": "no",
        },
        "damage": {
            "target": attack["target"],
            "source": "weapon" if plan.own_table else "table",
            "raw": "",
            "max_damage": _text(plan.max_damage),
            "d20": "",
            "kind": plan.kind,
            "other": "0",
            "luck": "0",
        },
    }


def set_up(model: Model, field: str, value: str) -> Model:
    """A new attacker, weapon or target: the step is set up afresh from the sheets."""
    state = saved.load(model)
    attack = {**state["form"]["attack"], field: value}
    if field == "attacker":
        attack["weapon"] = "0"
    fight = saved.fight_of(state)
    try:
        fresh = planned(fight, attack) if attack["attacker"] else {"attack": attack}
    except (RuleError, ValueError):
        fresh = {"attack": attack}
    form = {**state["form"], **fresh}
    return replace(model, history=model.history.set_quietly(saved.SECTION, {**state, "form": form}))


def roll(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = saved.load(model)
    a = state["form"]["attack"]
    fight, attack = core.roll_attack(
        saved.fight_of(state),
        a["attacker"],
        a["target"],
        saved.number(a, "tn") or 0,
        seeded(ctx.fresh_seed),
        attack_level=saved.level(a["level"]),
        defend_tn=saved.number(a, "defend_tn") if a["defend"] else None,
        defend_level=saved.level(a["defend_level"]),
        luck=a["luck"] == "yes",
        defend_luck=bool(a["defend"]) and a["defend_luck"] == "yes",
    )
    return saved.commit(model, state, fight, "Attack", ctx, (str(attack),), ctx.fresh_seed)


# --- view -------------------------------------------------------------------------------------


def _chance(a: dict[str, str]) -> VNode:
    """The exact chance to hit before the roll: a test, or a contest against a Defend."""
    try:
        defend = saved.number(a, "defend_tn") if a["defend"] else None
        chance = core.hit_chance(
            saved.number(a, "tn") or 0,
            defend,
            saved.level(a["level"]) is not None,
            saved.level(a["defend_level"]) is not None,
        )
    except ValueError as exc:
        return h("div", {"class": "odds-line", "data-testid": "sc-hit-chance"}, plain(str(exc)))
    contest = " (contest: the attacker must win; a draw misses)" if defend is not None else ""
    return h(
        "div",
        {"class": "odds-line", "data-testid": "sc-hit-chance"},
        "Chance to hit: ",
        odds(chance),
        contest,
        why(["SIM-D08: against a Defend the attack is a contest; a draw is a miss."])
        if contest
        else None,
    )


def _weapons(fight: core.Combat, attacker: str) -> list[tuple[str, str]]:
    try:
        arms = core.arms_of(fight.get(attacker))
    except RuleError:
        return [("0", "choose the attacker first")]
    return [(str(i), str(arm)) for i, arm in enumerate(arms)]


def _luck_choice(fight: core.Combat, who: str) -> list[tuple[str, str]]:
    try:
        points = fight.get(who).luck
    except RuleError:
        points = 0
    return [("no", "No"), ("yes", f"Yes ({points} LP; spent by the rule)")]


def card(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    levels = [(x, x) for x in saved.LEVELS]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-attack-h"},
        h("h2", {"id": "sc-attack-h"}, "Attack"),
        h(
            "div",
            {"class": "grid2"},
            saved.form_select(form, "attack", "attacker", "Attacker", saved.who(fight)),
            saved.form_select(form, "attack", "target", "Target", saved.who(fight)),
            saved.form_select(
                form, "attack", "weapon", "Weapon", _weapons(fight, form["attack"]["attacker"])
            ),
            saved.form_field(
                model, form, "attack", "tn", "Attack TN (rating + difficulty + modifiers)"
            ),
            saved.form_select(form, "attack", "level", "Attacker's skill level", levels),
            saved.form_select(
                form,
                "attack",
                "defend",
                "Target defends (spends an action)",
                [("", "no"), ("yes", "yes")],
            ),
            saved.form_field(
                model, form, "attack", "defend_tn", "Defend TN (incl. shield Def Mod)"
            ),
            saved.form_select(form, "attack", "defend_level", "Defender's skill level", levels),
            saved.form_select(
                form,
                "attack",
                "luck",
                "Attacker uses luck",
                _luck_choice(fight, form["attack"]["attacker"]),
            ),
            saved.form_select(
                form,
                "attack",
                "defend_luck",
                "Defender uses luck",
                _luck_choice(fight, form["attack"]["target"]),
            ),
        ),
        _chance(form["attack"]),
        button("sc-roll-attack", "Roll attack", ("simply.combat_attack",), primary=True),
        error_line(model, saved.ERRORS, "attack", "sc-error-attack"),
    )
