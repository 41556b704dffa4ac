"""The Combatants tab: the list of sheets and the chosen one's editor, with its live defenses.
Also takes every sheet field sent from the other tabs (maneuver, posture, stunned)."""

from __future__ import annotations

from pycore.errors import RuleError
from pycore.systems.gurps import damage_types
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.sheet import Combatant, derived_defenses
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.gurps.state import SECTION, commit, fail, fight_of, keep, page_data
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.fields import error_of, field, select, with_error, yes_no

ACTIONS = frozenset({"new", "select", "delete", "field"})


def _new(model: Model, ctx: Ctx) -> Model:
    page = page_data(model)
    number = page["next_id"]
    fresh = Combatant(id=f"g{number}", name=f"Fighter {number}")
    fight = gurps_fight.add(fight_of(model), fresh)
    return commit(model, fight, f"New {fresh.name}", ctx, next_id=number + 1, selected=fresh.id)


def _delete(model: Model, cid: str, ctx: Ctx) -> Model:
    fight, removed = gurps_fight.remove(fight_of(model), cid)
    selected = page_data(model)["selected"]
    if selected == cid:
        selected = fight.combatants[0].id if fight.combatants else ""
    return commit(model, fight, f"Delete {removed.name}", ctx, [removed], selected=selected)


def _edit(model: Model, cid: str, name: str, typed: str, ctx: Ctx) -> Model:
    key = f"{cid}.{name}"
    try:
        fight = gurps_fight.edit(fight_of(model), cid, name, typed)
    except RuleError as exc:
        return fail(model, key, exc)
    label = f"{fight.combatant(cid).name}: {name.replace('_', ' ')}"
    done = commit(model, fight, label, ctx, keep_errors=True)
    return with_error(done, SECTION, key, None)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    action = str(msg[0]).removeprefix(f"{SECTION}.")
    if action == "new":
        return _new(model, ctx)
    if action == "select":
        return keep(model, selected=str(msg[1]))
    if action == "delete":
        return _delete(model, str(msg[1]), ctx)
    if action == "field":
        return _edit(model, str(msg[1]), str(msg[2]), str(msg[3]), ctx)
    return model


# --- the view ---------------------------------------------------------------------------------


def _field(model: Model, c: Combatant, name: str, label: str, *, text: bool = False) -> VNode:
    """A sheet field; numbers bring up the number pad and travel as typed."""
    return field(
        f"gurps-{name}",
        label,
        getattr(c, name),
        ("gurps.field", c.id, name),
        error=error_of(model, SECTION, f"{c.id}.{name}"),
        numeric=not text,
    )


def _check(c: Combatant, name: str, label: str) -> VNode:
    return yes_no(f"gurps-{name}", label, bool(getattr(c, name)), ("gurps.field", c.id, name))


def _attributes(model: Model, c: Combatant) -> VNode:
    return h(
        "section",
        {"class": "card", "aria-labelledby": "gurps-sheet-h"},
        h("h3", {"id": "gurps-sheet-h"}, f"{c.name}: attributes"),
        h(
            "div",
            {"class": "grid2"},
            _field(model, c, "name", "Name", text=True),
            _field(model, c, "st", "ST"),
            _field(model, c, "dx", "DX"),
            _field(model, c, "iq", "IQ"),
            _field(model, c, "ht", "HT"),
            _field(model, c, "hp", "HP"),
            _field(model, c, "hp_now", "Current HP"),
            _field(model, c, "basic_speed", "Basic Speed (yours: formula not in the texts)"),
            _field(model, c, "move", "Move"),
            _field(model, c, "encumbrance", "Encumbrance level 0-4 (yours: table not in texts)"),
        ),
        h(
            "dl",
            {"class": "facts", "data-testid": "gurps-defenses"},
            *[p for d in derived_defenses(c) for p in (h("dt", {}, d.name), h("dd", {}, str(d)))],
        ),
    )


def _weapon(model: Model, c: Combatant) -> VNode:
    return h(
        "section",
        {"class": "card", "aria-labelledby": "gurps-weapon-h"},
        h("h3", {"id": "gurps-weapon-h"}, "Weapon and shield"),
        h(
            "div",
            {"class": "grid2"},
            _field(model, c, "weapon", "Weapon", text=True),
            _field(model, c, "weapon_skill", "Weapon skill"),
            _field(model, c, "damage", "Damage dice (e.g. 2d+1)", text=True),
            select(
                "gurps-damage_type",
                "Damage type",
                c.damage_type,
                [(t, t) for t in damage_types()],
                ("gurps.field", c.id, "damage_type"),
            ),
            _check(c, "ranged", "Ranged weapon"),
            _field(model, c, "reach", "Reach (melee, e.g. 1 or C,1)", text=True),
            _field(model, c, "parry_bonus", "Parry modifier (dagger −1, staff +2)"),
            _field(model, c, "acc", "Acc (ranged)"),
            _field(model, c, "half_d", "1/2D yards (ranged)"),
            _field(model, c, "max_range", "Max yards (ranged)"),
            _field(model, c, "shield_skill", "Shield skill (0 = no shield)"),
            _field(model, c, "shield_db", "Shield DB"),
        ),
    )


def _armor(model: Model, c: Combatant) -> VNode:
    return h(
        "section",
        {"class": "card", "aria-labelledby": "gurps-armor-h"},
        h("h3", {"id": "gurps-armor-h"}, "DR and Injury Tolerance"),
        h(
            "div",
            {"class": "grid2"},
            _field(model, c, "dr", "DR (every location)"),
            _field(model, c, "dr_locations", "DR by location (e.g. skull=4, arm=2)", text=True),
            _field(model, c, "tolerance", "Injury Tolerance (e.g. unliving, no brain)", text=True),
            _check(c, "male", "Male (groin: double shock from crushing)"),
        ),
    )


def _row(c: Combatant, selected: str) -> VNode:
    return h(
        "li",
        {"class": "char-row", "data-testid": "gurps-combatant", "data-key": c.id},
        chip(None, f"{c.name} · HP {c.hp_now}/{c.hp}", c.id == selected, ("gurps.select", c.id)),
        button(f"gurps-delete-{c.id}", f"Delete {c.name}", ("gurps.delete", c.id)),
    )


def view(model: Model) -> VNode:
    try:
        people = fight_of(model).combatants
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"The saved combatants cannot be read: {exc}")
    selected = page_data(model)["selected"]
    chosen = next((c for c in people if c.id == selected), None)
    return h(
        "div",
        {"class": "page"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "gurps-list-h"},
            h(
                "div",
                {"class": "row between"},
                h("h2", {"id": "gurps-list-h"}, f"Combatants ({len(people)})"),
                button("gurps-new", "New combatant", ("gurps.new",), primary=True),
            ),
            h("ul", {"class": "chars"}, *[_row(c, selected) for c in people])
            if people
            else h("p", {}, "No combatants yet."),
        ),
        h(
            "div",
            {"class": "editor"},
            _attributes(model, chosen),
            _weapon(model, chosen),
            _armor(model, chosen),
        )
        if chosen
        else None,
    )
