"""Who fights and in what order: participants (quick NPCs, or characters with their derived
values), initiative, actions, held actions and interrupts (SIM-33 to SIM-38, SIM-D08, SIM-D13).
The order, the actions left and every refusal are the core's."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pycore.dice import RandintSource, seeded
from pycore.errors import RuleError
from pycore.systems.simply import fight as core
from pycore.systems.simply.armor import armor, armor_ids, coating, coating_ids, shield, shield_ids
from pycore.systems.simply.character_json import character_from_json
from pycore.systems.simply.fight.sheet import join_character
from pycore.systems.simply.links import chosen_index, uid_of
from rkweb.app.messages import Message, entered
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.characters import state as sheets
from rkweb.features.simply.combat import fields
from rkweb.features.simply.combat import state as saved
from rkweb.features.simply.words import error_line
from rkweb.kit.buttons import button
from rkweb.kit.fields import select
from rkweb.kit.results import why


# The order's messages (this card, the strip and the panel build them).
class Add(Message, action="simply.combat_add"):
    """The quick NPC of the add form joins."""


class AddChar(Message, action="simply.combat_add_char"):
    """The character chosen in "From a character" joins (its uid, as chosen)."""

    chosen: str = entered(default="")


class Initiative(Message, action="simply.combat_initiative"):
    """Roll everyone's initiative for me."""


class InitiativeTyped(Message, action="simply.combat_initiative_typed"):
    """Everyone's 1D10 rolled at the table, as typed."""

    text: str = entered(default="")


class Act(Message, action="simply.combat_act"):
    """The active combatant takes ``action`` (SIM-D08's actions)."""

    action: str


class Hold(Message, action="simply.combat_hold"):
    """The active combatant holds their action."""


class Remove(Message, action="simply.combat_remove"):
    """The participant with id ``who`` leaves the fight."""

    who: str


# --- update -----------------------------------------------------------------------------------


def add(model: Model, msg: Add, ctx: Ctx) -> Model:
    """A quick NPC joins (a character picked in "From a character" has joined already)."""
    state = saved.load(model)
    form = state["form"]["add"]
    if not form["name"].strip():
        raise RuleError(
            "The quick NPC's Name is empty: type 1 to 60 characters. (A character picked in "
            '"From a character" joins the fight as soon as it is picked.)'
        )
    fight, joined = core.join(
        saved.fight_of(model, state),
        name=form["name"],
        # Blank: the core derives the HP from S and H (SIM-27) and says how in the step.
        hp_max=saved.number(form, "hp_max", optional=True),
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
        # Typed once here, the TN of each of its attacks and its Defend TN (quick.quick_arm).
        rating=saved.number(form, "attack_skill", optional=True),
    )
    added = fight.combatants[-1]
    state["form"] = {**state["form"], "add": {**form, "name": ""}}
    return saved.commit(model, state, fight, f"Add {added.name}", ctx, (joined,))


def add_char(model: Model, msg: AddChar, ctx: Ctx) -> Model:
    """The chosen record joins the fight, linked to it by its id (FIGHT.md)."""
    chosen = msg.chosen
    if not chosen:
        return model
    index = chosen_index(model.section("simply_characters").get("list", []), chosen)
    if index is None:
        raise RuleError("That character no longer exists.")
    model, uid = sheets.linked(model, index, ctx)
    state = saved.load(model)
    form = state["form"]["add"]
    fight, joined = join_character(
        saved.fight_of(model, state),
        character_from_json(model.section("simply_characters")["list"][index]),
        uid,
        armor=form["armor"] or None,
        coating=form["coating"] or None,
        shield=form["shield"] or None,
    )
    name = fight.combatants[-1].name
    return saved.commit(model, state, fight, f"Add {name}", ctx, (joined,))


def _initiative(model: Model, rng: RandintSource, ctx: Ctx, seed: str) -> Model:
    state = saved.load(model)
    fight, rolled = core.roll_initiative(saved.fight_of(model, state), rng)
    label = f"Turn {fight.turn} initiative"
    # A new turn: the last turn's results are in the log, and the step is set up afresh for
    # whoever acts first, even if they acted last.
    form = {**state["form"], "attack": {**state["form"]["attack"], "attacker": ""}}
    state = {**state, "result": {}, "form": form}
    return saved.commit(model, state, fight, label, ctx, (rolled,), seed)


def initiative(model: Model, msg: Initiative, ctx: Ctx) -> Model:
    return _initiative(model, seeded(ctx.fresh_seed), ctx, ctx.fresh_seed)


def initiative_typed(model: Model, msg: InitiativeTyped, ctx: Ctx) -> Model:
    """Each participant's 1D10 rolled at the table, in the order shown, then any roll-offs."""
    return _initiative(model, core.typed_initiative(msg.text), ctx, "")


def act(model: Model, msg: Act, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight = saved.fight_of(model, state)
    actor = state["form"]["act"]["actor"] or fight.cursor or ""
    name = fight.get(actor).name if actor else ""
    fight, done = core.take_action(fight, actor, msg.action)
    return saved.commit(model, state, fight, f"{msg.action} ({name})", ctx, (done,))


def hold(model: Model, msg: Hold, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight = saved.fight_of(model, state)
    actor = fight.cursor or ""
    fight, held = core.hold(fight, actor)
    return saved.commit(model, state, fight, str(held), ctx, (held,))


def remove(model: Model, msg: Remove, ctx: Ctx) -> Model:
    state = saved.load(model)
    fight = saved.fight_of(model, state)
    gone = fight.get(msg.who)
    fight, left = core.remove_combatant(fight, gone.id)
    return saved.commit(model, state, fight, f"Remove {gone.name}", ctx, (left,))


# --- view -------------------------------------------------------------------------------------


def _add_form(model: Model, form: dict[str, Any]) -> VNode:
    characters = model.section("simply_characters").get("list", [])
    chosen = [("", "Choose a character…")] + [
        (uid_of(ch) or str(i), str(ch.get("name") or "unnamed")) for i, ch in enumerate(characters)
    ]
    yes_no = [("", "no"), ("yes", "yes")]
    return h(
        "div",
        {"class": "add-combatant"},
        select("sc-add-character", "From a character", "", chosen, AddChar()),
        h(
            "p",
            {"class": "muted small"},
            "A character joins as soon as it is picked. Or a quick NPC:",
        ),
        h(
            "div",
            {"class": "grid2"},
            fields.form_field(model, form, "add", "name", "Name", text=True),
            _hp_field(model, form),
            fields.form_field(model, form, "add", "strength", "S (original, for checks)"),
            fields.form_field(model, form, "add", "health", "H (original, for checks)"),
            fields.form_field(model, form, "add", "bonus", "Initiative bonus"),
            fields.form_field(model, form, "add", "max_damage", "Max damage (weapon or unarmed)"),
            fields.form_field(
                model,
                form,
                "add",
                "attack_skill",
                "Attack skill rating",
                hint="Its TN for each attack and Defend; blank: typed at each attack.",
            ),
            fields.form_field(model, form, "add", "luck", "Luck points"),
            fields.form_field(model, form, "add", "actions", "Actions per turn"),
            fields.form_select(form, "add", "armor", "Armor", _choices(armor_ids(), armor)),
            fields.form_select(
                form, "add", "coating", "Coating (Plasteel only)", _choices(coating_ids(), coating)
            ),
            fields.form_select(form, "add", "shield", "Shield", _choices(shield_ids(), shield)),
            fields.form_select(form, "add", "minor", "Minor NPC (always acts last)", yes_no),
        ),
        why(
            [
                "SIM-27, SIM-T11: HP = ⌈S × m + H⌉, m 2.5 for H 1–3, 3 for H 4–6, 3.5 for H 7–9,"
                " 4 for H 10; fractions round up. A typed HP stands instead.",
                "SIM-37, SIM-D22: 2 actions per turn unless a character has more.",
            ]
        ),
        error_line(model, saved.ERRORS, "add", "sc-error-add"),
        button("sc-add", "Add this NPC to the fight", Add(), primary=True),
    )


def _hp_field(model: Model, form: dict[str, Any]) -> VNode:
    """The quick NPC's HP: blank, it shows what S and H give by the rule (SIM-27), with the
    formula, and that is what joins; a typed HP stands instead (FIGHT.md: a number the GM did not
    set is derived, never a stale default)."""
    add = form["add"]
    try:
        strength = saved.number(add, "strength")
        health = saved.number(add, "health")
    except ValueError:
        strength = health = None
    derived = core.quick_hp(strength, health) if strength and health else None
    typed = str(add["hp_max"]).strip()
    if derived is None:
        hint = "Type S and H for the rule's HP, or type the HP."
    elif typed:
        given = "none" if derived.value is None else str(derived.value)
        hint = f"As typed (S and H give {given}); clear it for the rule's HP."
    else:
        hint = str(derived)
    shown = None if derived is None or derived.value is None else str(derived.value)
    return fields.form_field(model, form, "add", "hp_max", "HP", hint=hint, placeholder=shown)


def _choices(ids: tuple[str, ...], named: Any) -> list[tuple[str, str]]:
    return [("", "none")] + [(i, named(i).name) for i in ids]


def _roster_row(c: core.Combatant) -> VNode:
    return _roster_node(c.id, c.name, c.minor)


@lru_cache(maxsize=256)
def _roster_node(cid: str, name: str, minor: bool) -> VNode:
    """A participant's row: the same node at each view while its name stays (issue 33)."""
    return h(
        "li",
        {"class": "row between", "data-testid": "sc-participant", "data-key": cid},
        h("span", {}, name + (" (minor NPC)" if minor else "")),
        button(f"sc-remove-{cid}", f"Remove {name}", Remove(cid)),
    )


def add_fold(model: Model, fight: core.Combat, form: dict[str, Any]) -> VNode:
    """The order strip's "Add a participant", in view at 768x1024 (issue 26: below the fight it
    sat at y 2150): open before the first turn, one tap away once the fight runs."""
    return h(
        "details",
        {"class": "add-fold", "data-testid": "sc-add-fold", "open": fight.turn == 0},
        h("summary", {"data-testid": "sc-add-open"}, "Add a participant"),
        _add_form(model, form),
    )


def participants_card(model: Model, fight: core.Combat) -> VNode:
    rows = [_roster_row(c) for c in fight.combatants]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "sc-part-h"},
        h("h2", {"id": "sc-part-h"}, f"Participants ({len(fight.combatants)})"),
        h("ul", {"class": "combatants"}, *rows) if rows else h("p", {}, "No one yet."),
        error_line(model, saved.ERRORS, "remove", "sc-error-remove"),
    )
