"""Who fights and in what order: participants (quick NPCs, or characters with their derived
values), initiative, actions, held actions and interrupts (SIM-33 to SIM-38, SIM-D08, SIM-D13).
The order, the actions left and every refusal are the core's."""

from __future__ import annotations

from typing import Any

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.simply import fight as core
from pycore.systems.simply.armor import armor, armor_ids, coating, coating_ids, shield, shield_ids
from pycore.systems.simply.character_json import character_from_json
from pycore.systems.simply.fight.sheet import add_character
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.words import error_line, plain
from rkweb.kit.buttons import button
from rkweb.kit.fields import select
from rkweb.kit.results import why

TURN_HELP = (
    "2 actions each (SIM-37). Held actions are played after everyone, in reverse order "
    "(SIM-35); an interrupt needs a held action, and two may not follow each other "
    "(SIM-36). A Defend may be taken out of turn with any unused action (SIM-D08)."
)


# --- update -----------------------------------------------------------------------------------


def add(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = saved.load(model)
    form = state["form"]["add"]
    fight = core.add_combatant(
        saved.fight_of(state),
        name=form["name"],
        hp_max=saved.number(form, "hp_max") or 1,
        strength=saved.number(form, "strength") or 1,
        health=saved.number(form, "health") or 1,
        bonus=saved.number(form, "bonus") or 0,
        minor=bool(form["minor"]),
        luck_points=saved.number(form, "luck") or 0,
        actions_per_turn=saved.number(form, "actions") or 2,
        armor=form["armor"] or None,
        coating=form["coating"] or None,
        shield=form["shield"] or None,
        max_damage=saved.number(form, "max_damage", optional=True),
    )
    added = fight.combatants[-1]
    state["form"] = {**state["form"], "add": {**form, "name": ""}}
    text = f"{added.name} joins the fight" + (" (minor NPC)" if added.minor else "")
    return saved.commit(model, state, fight, f"Add {added.name}", ctx, (text,))


def add_char(model: Model, msg: Msg, ctx: Ctx) -> Model:
    raw = str(msg[-1])
    characters = model.section("simply_characters").get("list", [])
    if not raw.isdigit():
        return model
    index = int(raw)
    if not 0 <= index < len(characters):
        raise RuleError("That character no longer exists.")
    state = saved.load(model)
    form = state["form"]["add"]
    fight = add_character(
        saved.fight_of(state),
        character_from_json(characters[index]),
        index,
        armor=form["armor"] or None,
        coating=form["coating"] or None,
        shield=form["shield"] or None,
    )
    name = fight.combatants[-1].name
    return saved.commit(model, state, fight, f"Add {name}", ctx, (f"{name} joins the fight",))


def initiative(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight, rolled = core.roll_initiative(saved.fight_of(state), seeded(ctx.fresh_seed))
    label = f"Turn {fight.turn} initiative"
    return saved.commit(model, state, fight, label, ctx, (str(rolled),), ctx.fresh_seed)


def act(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight = saved.fight_of(state)
    actor = state["form"]["act"]["actor"] or fight.cursor or ""
    fight, text = core.take_action(fight, actor, str(msg[1]))
    return saved.commit(model, state, fight, f"{msg[1]} ({text.split(':')[0]})", ctx, (text,))


def hold(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight = saved.fight_of(state)
    actor = fight.cursor or ""
    name = fight.get(actor).name if actor else ""
    verb = "gives up the rest" if fight.phase == "held" else "holds"
    fight = core.hold(fight, actor)
    return saved.commit(model, state, fight, f"{name} {verb}", ctx, (f"{name} {verb}",))


def remove(model: Model, msg: Msg, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight = saved.fight_of(state)
    gone = fight.get(str(msg[1]))
    fight = core.remove_combatant(fight, gone.id)
    return saved.commit(model, state, fight, f"Remove {gone.name}", ctx, (f"{gone.name} leaves",))


# --- view -------------------------------------------------------------------------------------


PHASES = {
    "setup": "not started",
    "first": "first pass",
    "held": "held actions (reverse order)",
    "done": "everyone has acted",
}


def turn_card(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    current = fight.get(fight.cursor).name if fight.cursor else "—"
    actors = [("", f"whose turn it is ({current})")] + [
        (c.id, c.name) for c in fight.combatants if not c.disabled
    ]
    acting = fight.phase in ("first", "held")
    held = fight.phase == "held"
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-turn-h"},
        h("h2", {"id": "sc-turn-h"}, f"Turn {fight.turn}" if fight.turn else "Turn"),
        h(
            "p",
            {"class": "tn", "data-testid": "sc-current"},
            h("span", {"class": "total"}, f"Now: {current}"),
        ),
        h("p", {"class": "small muted"}, f"{PHASES.get(fight.phase, fight.phase)}"),
        h("p", {"class": "small muted"}, f"Game clock: {fight.clock} min"),
        button(
            "sc-initiative",
            "Roll initiative" if fight.turn == 0 else "New turn: roll initiative",
            ("simply.combat_initiative",),
            primary=True,
            disabled=not fight.combatants,
        ),
        error_line(model, saved.ERRORS, "initiative", "sc-error-initiative"),
        saved.form_select(form, "act", "actor", "Acting", actors),
        h(
            "div",
            {"class": "row", "role": "group", "aria-label": "Actions"},
            *[
                button(f"sc-act-{a.lower()}", a, ("simply.combat_act", a), disabled=not acting)
                for a in core.ACTIONS
            ],
            button(
                "sc-hold",
                "Give up the rest" if held else "Hold the rest",
                ("simply.combat_hold",),
                disabled=fight.cursor is None,
            ),
        ),
        h("p", {"class": "small muted"}, plain(TURN_HELP)),
        why([TURN_HELP, "SIM-D14: the game clock counts minutes; the GM advances it."]),
        error_line(model, saved.ERRORS, "act", "sc-error-act"),
        error_line(model, saved.ERRORS, "hold", "sc-error-hold"),
    )


def _gear(c: core.Combatant) -> str:
    names = (
        armor(c.armor).name if c.armor else "",
        coating(c.coating).name if c.coating else "",
        shield(c.shield).name if c.shield else "",
    )
    return ", ".join(x for x in names if x)


def _combatant(fight: core.Combat, c: core.Combatant, place: str) -> VNode:
    turn = c.id == fight.cursor
    gear = _gear(c)
    return h(
        "li",
        {
            "class": "combatant" + (" current" if turn else ""),
            "data-testid": "sc-combatant",
            "data-key": c.id,
            "aria-current": "true" if turn else None,
        },
        h(
            "div",
            {"class": "row between"},
            h(
                "strong",
                {"class": "combatant-name"},
                f"{place}. {c.name}" + (" (minor)" if c.minor else ""),
            ),
            h("span", {"class": "hp", "data-testid": f"sc-hp-{c.id}"}, f"HP {c.hp}/{c.hp_max}"),
        ),
        h(
            "p",
            {"class": "small"},
            h("span", {"data-testid": f"sc-status-{c.id}"}, c.status()),
            f" · actions left {fight.actions_left(c.id)}"
            f" · luck {c.luck} · init bonus {c.bonus:+d}"
            + (f" · max dmg {c.max_damage}" if c.max_damage else "")
            + (f" · {gear}" if gear else ""),
        ),
        button(f"sc-remove-{c.id}", f"Remove {c.name}", ("simply.combat_remove", c.id)),
    )


def _add_form(model: Model, form: dict[str, Any]) -> VNode:
    characters = model.section("simply_characters").get("list", [])
    chosen = [("", "Choose a character…")] + [
        (str(i), str(ch.get("name") or "unnamed")) for i, ch in enumerate(characters)
    ]
    yes_no = [("", "no"), ("yes", "yes")]
    return h(
        "div",
        {"class": "add-combatant"},
        h("h3", {}, "Add a participant"),
        select("sc-add-character", "From a character", "", chosen, ("simply.combat_add_char",)),
        h("p", {"class": "muted small"}, "Or a quick NPC:"),
        h(
            "div",
            {"class": "grid2"},
            saved.form_field(model, form, "add", "name", "Name", text=True),
            saved.form_field(model, form, "add", "hp_max", "HP"),
            saved.form_field(model, form, "add", "strength", "S (original, for checks)"),
            saved.form_field(model, form, "add", "health", "H (original, for checks)"),
            saved.form_field(model, form, "add", "bonus", "Initiative bonus"),
            saved.form_field(model, form, "add", "max_damage", "Max damage (weapon or unarmed)"),
            saved.form_field(model, form, "add", "luck", "Luck points"),
            saved.form_field(model, form, "add", "actions", "Actions per turn"),
            saved.form_select(form, "add", "armor", "Armor", _choices(armor_ids(), armor)),
            saved.form_select(
                form, "add", "coating", "Coating (Plasteel only)", _choices(coating_ids(), coating)
            ),
            saved.form_select(form, "add", "shield", "Shield", _choices(shield_ids(), shield)),
            saved.form_select(form, "add", "minor", "Minor NPC (always acts last)", yes_no),
        ),
        why(["SIM-37, SIM-D22: 2 actions per turn unless a character has more."]),
        error_line(model, saved.ERRORS, "add", "sc-error-add"),
        button("sc-add", "Add to the fight", ("simply.combat_add",), primary=True),
    )


def _choices(ids: tuple[str, ...], named: Any) -> list[tuple[str, str]]:
    return [("", "none")] + [(i, named(i).name) for i in ids]


def participants_card(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    places = {cid: str(i + 1) for i, cid in enumerate(fight.order)}
    ordered = sorted(fight.combatants, key=lambda c: int(places.get(c.id, 999)))
    rows = [_combatant(fight, c, places.get(c.id, "–")) for c in ordered]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-part-h"},
        h("h2", {"id": "sc-part-h"}, f"Participants ({len(fight.combatants)})"),
        h("ol", {"class": "combatants"}, *rows) if rows else h("p", {}, "No one yet."),
        _add_form(model, form),
        error_line(model, saved.ERRORS, "remove", "sc-error-remove"),
    )
