"""The attack step: attacker, target, the attack TN (or a character's skill), a Defend, luck
declared, the exact chance to hit, and the roll (SIM-37, SIM-39, SIM-10, SIM-D08). The chance,
the roll, the actions spent and the skill's armor row (SIM-D09) are the core's."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.simply import fight as core
from pycore.systems.simply.character import Character, base_scores, character_from_json
from pycore.systems.simply.fight.sheet import attack_setup
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.words import error_line, plain
from rkweb.kit.buttons import button
from rkweb.kit.fields import select
from rkweb.kit.odds import odds
from rkweb.kit.results import why


def _character(model: Model, fight: core.Combat, attacker: str) -> Character | None:
    """The character an attacker was added from, if any."""
    try:
        index = fight.get(attacker).character
    except RuleError:
        return None
    characters = model.section("simply_characters").get("list", [])
    if index is None or not 0 <= index < len(characters):
        return None
    try:
        return character_from_json(characters[index])
    except RuleError:
        return None


# --- update -----------------------------------------------------------------------------------


def pick_skill(model: Model, msg: Msg, ctx: Ctx) -> Model:
    """The skill sets the attack's TN and level, and the damage's armor row (SIM-D09)."""
    state = saved.load(model)
    attack = state["form"]["attack"]
    character = _character(model, saved.fight_of(state), attack["attacker"])
    if character is None:
        return model
    try:
        setup = attack_setup(character, str(msg[-1]))
    except RuleError:
        return model
    damage = {**state["form"]["damage"], "kind": setup.kind}
    if attack["target"]:
        damage["target"] = attack["target"]
    form = {
        **state["form"],
        "attack": {**attack, "tn": str(setup.tn), "level": setup.level or "Default"},
        "damage": damage,
    }
    return replace(model, history=model.history.set_quietly(saved.SECTION, {**state, "form": form}))


def roll(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = saved.load(model)
    form = state["form"]
    a = form["attack"]
    fight, attack = core.roll_attack(
        saved.fight_of(state),
        a["attacker"],
        a["target"],
        saved.number(a, "tn") or 0,
        seeded(ctx.fresh_seed),
        attack_level=saved.level(a["level"]),
        defend_tn=saved.number(a, "defend_tn") if a["defend"] else None,
        defend_level=saved.level(a["defend_level"]),
        luck_points=saved.number(a, "luck") or 0,
    )
    if attack.hit:  # the damage form follows the attack
        damage = {**form["damage"], "target": a["target"]}
        attacker = fight.get(a["attacker"])
        if attacker.max_damage is not None and not form["damage"]["max_damage"]:
            damage["max_damage"] = str(attacker.max_damage)
        state["form"] = {**form, "damage": damage}
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


def _skill_picker(model: Model, fight: core.Combat, attacker: str) -> VNode | None:
    character = _character(model, fight, attacker)
    if character is None:
        return None
    scores = [s for s in base_scores(character) if s.key.startswith("skill:")]
    if not scores:
        return None
    return select(
        "sc-attack-skill",
        "Attacker's skill (sets TN and level)",
        "",
        [("", "choose…")] + [(s.key, f"{s.label}: {s.base}") for s in scores],
        ("simply.combat_attack_skill",),
        key=f"skill-{attacker}",
    )


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
            _skill_picker(model, fight, form["attack"]["attacker"]),
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
            saved.form_field(model, form, "attack", "luck", "Luck declared (0 or at least 5)"),
        ),
        _chance(form["attack"]),
        button("sc-roll-attack", "Roll attack", ("simply.combat_attack",), primary=True),
        error_line(model, saved.ERRORS, "attack", "sc-error-attack"),
    )
