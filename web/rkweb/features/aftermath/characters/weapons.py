"""A sheet's weapons card: each weapon with its name, kind (a gun, or a weapon of the listing
with its WDM and notes) and the skill it is used with, picked from the character's own skills by
name; add, edit and remove, every refusal beside its field (the core's ``arms`` checks them)."""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.campaign import campaign, suspect_setting
from pycore.systems.aftermath.fight.form import weapons_changed
from pycore.systems.aftermath.gear import arms
from pycore.systems.aftermath.gear.guns import GUNS, ammunition_choices
from pycore.systems.aftermath.gear.weapons import note_texts, suspect_note, weapon, weapon_names
from pycore.systems.aftermath.rounding import show
from rkweb.app.messages import ENTERED, Message, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.conditions import CharDraft, draft
from rkweb.features.aftermath.state import err, fight_of, on_sheet, refused, set_err, undoable
from rkweb.kit.buttons import button
from rkweb.kit.fields import field, select
from rkweb.kit.results import why

#: The draft keys of the weapon form, per field of the core's weapon.
DRAFT = {key: f"weapon_{key}" for key in arms.FIELD_NAMES}
EDITING = "weapon_editing"


class CharAddWeapon(Message, action="aftermath.char_add_weapon"):
    """Save the weapon form (the button: no name), or add a weapon of the listing as it is
    (the select appends its name; "" for none chosen)."""

    # None, not entered()'s "": the button appends nothing, the select's "— choose —" appends ""
    listed: str | None = dataclasses.field(default=None, metadata={ENTERED: True})


class CharEditWeapon(Message, action="aftermath.char_edit_weapon"):
    """Load a weapon of the sheet, by name, into the form (then saved by CharAddWeapon)."""

    name: str


class CharRemoveWeapon(Message, action="aftermath.char_remove_weapon"):
    name: str


class CharCancelWeapon(Message, action="aftermath.char_cancel_weapon"):
    """Leave the weapon being edited as it was."""


def _listed_line(found: arms.SheetWeapon, settings: dict[str, Any]) -> tuple[str, list[str]]:
    """A listed weapon's WDM, length, SURV, format and ENC, and its notes (AFT-T15, T16)."""
    try:
        listed = weapon(found.listed)
    except RuleError as exc:
        return str(exc), []
    notes = [f"{n}: {t}" for n, t in note_texts(listed.name, str(settings["weapon_note_13"]))]
    suspect = suspect_note(listed.name, str(settings.get(suspect_setting(listed.name), "")))
    enc = show(listed.enc) if listed.enc is not None else "-"
    line = (
        f"{listed.name} · WDM {listed.wdm_text} · length {listed.length or '-'} · "
        f"SURV {listed.surv or '-'} · format {','.join(listed.formats) or '-'} · ENC {enc}"
        + (f" · {suspect}" if suspect else "")
    )
    return line, [*notes, *([suspect] if suspect else [])]


def loaded_text(found: arms.SheetWeapon, settings: dict[str, Any]) -> str:
    """What the gun holds: its cartridge with the base BDG (T40-T42) and the rounds left."""
    labels = {c.key: c.label for c in ammunition_choices(campaign(settings).supplied_bdg)}
    ammo = labels.get(found.ammo, "no ammunition loaded (asked in the fight)")
    if found.rounds is None:
        return f"Loaded: {ammo}"
    full = f" of {found.capacity}" if found.capacity is not None else ""
    return f"Loaded: {ammo} · {found.rounds}{full} rounds left"


def _ammo_fields(model: Model, value: dict[str, str], settings: dict[str, Any]) -> list[VNode]:
    """A gun's loaded ammunition: the cartridge (its base BDG, AFT-47) and the rounds."""
    choices = ammunition_choices(campaign(settings).supplied_bdg)
    return [
        select(
            "aft-weapon-ammo",
            "Loaded ammunition",
            value["ammo"],
            [("", "Not said (asked in the fight)"), *((c.key, c.label) for c in choices)],
            CharDraft(DRAFT["ammo"]),
            error=err(model, "char.weapon.ammo"),
        ),
        field(
            "aft-weapon-rounds",
            "Rounds left (empty: not counted)",
            value["rounds"],
            CharDraft(DRAFT["rounds"]),
            error=err(model, "char.weapon.rounds"),
            numeric=True,
        ),
        field(
            "aft-weapon-capacity",
            "Rounds when full",
            value["capacity"],
            CharDraft(DRAFT["capacity"]),
            error=err(model, "char.weapon.capacity"),
            numeric=True,
        ),
    ]


def weapon_text(
    found: arms.SheetWeapon, raw: dict[str, Any], settings: dict[str, Any]
) -> tuple[str, str, list[str]]:
    """A weapon's line (a gun's row and load, or the listing's WDM...), the skill it is used
    with and its BCS, and its notes: on the sheet and on the printed sheet alike."""
    setup = arms.attack_setup(raw, found.name)
    skill = f"{found.skill}, BCS {setup.base_bcs}" if setup.base_bcs is not None else ""
    notes: list[str] = []
    if found.kind == "gun":
        line = (
            f"Gun: {found.what} · Range Table row {setup.range_row or 'by its choke'} · "
            + loaded_text(found, settings)
        )
    else:
        line, notes = _listed_line(found, settings)
    return line, skill, notes


def _row(i: int, found: arms.SheetWeapon, raw: dict[str, Any], settings: dict[str, Any]) -> VNode:
    setup = arms.attack_setup(raw, found.name)
    line, skill, notes = weapon_text(found, raw, settings)
    asked = [w for w in setup.waits_for if "skill" in w]
    return h(
        "li",
        {"class": "q-item", "data-testid": "aft-weapon"},
        h("strong", {}, found.name),
        h("p", {"class": "small"}, line),
        h("p", {"class": "small", "data-testid": f"aft-weapon-skill-{i}"}, f"Skill: {skill}")
        if skill
        else None,
        h("p", {"class": "field-error", "data-testid": f"aft-weapon-asks-{i}"}, asked[0])
        if asked
        else None,
        h("p", {"class": "muted small"}, "; ".join(notes)) if notes else None,
        h(
            "div",
            {"class": "row"},
            button(
                f"aft-weapon-edit-{i}",
                f"Edit {found.name}",
                CharEditWeapon(found.name),
            ),
            button(
                f"aft-weapon-remove-{i}",
                f"Remove {found.name}",
                CharRemoveWeapon(found.name),
            ),
        ),
    )


def _form(model: Model, raw: dict[str, Any], settings: dict[str, Any]) -> list[VNode]:
    drafted = draft(model)
    value = {key: drafted.get(d, "") for key, d in DRAFT.items()}
    kind = value["kind"] or "gun"
    skills = [("", "— none yet (asked in the fight) —")] + [
        (s["name"], f"{s['name']} (BCS {s['bcs']})") for s in raw["skills"]
    ]
    which = (
        select(
            "aft-weapon-gun",
            "Gun",
            value["gun"],
            [("", "Choose a gun…"), *GUNS],
            CharDraft(DRAFT["gun"]),
            error=err(model, "char.weapon.gun"),
        )
        if kind == "gun"
        else select(
            "aft-weapon-listed",
            "Weapon from the listing",
            value["listed"],
            [("", "Choose a weapon…"), *[(n, n) for n in weapon_names()]],
            CharDraft(DRAFT["listed"]),
            error=err(model, "char.weapon.listed"),
        )
    )
    editing = drafted.get(EDITING, "")
    return [
        h(
            "div",
            {"class": "grid2"},
            field(
                "aft-weapon-name",
                "Weapon name",
                value["name"],
                CharDraft(DRAFT["name"]),
                error=err(model, "char.weapon.name"),
            ),
            select(
                "aft-weapon-kind",
                "Kind",
                kind,
                list(arms.KINDS.items()),
                CharDraft(DRAFT["kind"]),
                error=err(model, "char.weapon.kind"),
            ),
            which,
            select(
                "aft-weapon-skill",
                "Used with the skill",
                value["skill"],
                skills,
                CharDraft(DRAFT["skill"]),
                error=err(model, "char.weapon.skill"),
            ),
            *(_ammo_fields(model, value, settings) if kind == "gun" else []),
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "aft-weapon-add",
                f"Save {editing}" if editing else "Add weapon",
                CharAddWeapon(),
                primary=True,
            ),
            button("aft-weapon-cancel", "Cancel", CharCancelWeapon()) if editing else None,
        ),
    ]


def weapons_card(model: Model, raw: dict[str, Any], settings: dict[str, Any]) -> VNode:
    rows = [_row(i, w, raw, settings) for i, w in enumerate(arms.sheet_weapons(raw))]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-weapons-h"},
        h("h3", {"id": "aft-weapons-h"}, "Weapons"),
        h("ul", {"class": "q-list"}, *rows),
        why(["Weapons Listing: AFT-T15; its notes: AFT-T16; a row marked suspect: AFT-M44"]),
        *_form(model, raw, settings),
        select(
            "aft-add-weapon",
            "Or add a weapon of the listing as it is (its skill chosen later)",
            "",
            [("", "Choose a weapon…"), *[(n, n) for n in weapon_names()]],
            CharAddWeapon(),
            key=f"add-weapon-{len(rows)}",
            error=err(model, "char.add_weapon"),
        ),
    )


def _shown(value: object) -> str:
    return "" if value is None else str(value)


def _cleared(model: Model) -> Model:
    drafted = {k: v for k, v in draft(model).items() if k not in (*DRAFT.values(), EDITING)}
    model = model.with_ui(aftermath_draft=drafted)
    for key in (*arms.FIELD_NAMES, "add_weapon"):
        model = set_err(
            model, f"char.weapon.{key}" if key != "add_weapon" else "char.add_weapon", None
        )
    return model


def _kept(
    model: Model, ctx: Ctx, st: dict[str, Any], index: int, new: dict[str, Any], label: str
) -> Model:
    """The sheet with its weapons changed, kept as an undo step; the fight's set-up follows."""
    st["characters"][index] = new
    fight = fight_of(model, st)
    with contextlib.suppress(RuleError):  # a weapon the core cannot set up: chosen by hand
        fight = weapons_changed(fight, index)[0]  # their first weapon, if none
    st["combat"] = fight.combat_json()
    return undoable(_cleared(model), st, label, ctx)


def _cancel(model: Model, msg: CharCancelWeapon, ctx: Ctx) -> Model:
    return on_sheet(model, lambda st, index, sheet: _cleared(model))


def _edit(model: Model, msg: CharEditWeapon, ctx: Ctx) -> Model:
    """Load a weapon into the form (then saved by CharAddWeapon); no weapon of that name on the
    sheet: the core's refusal shows by the name field."""

    def load(st: dict[str, Any], index: int, sheet: dict[str, Any]) -> Model:
        found = arms.find_weapon(sheet, msg.name)
        loaded = {DRAFT[k]: _shown(getattr(found, k)) for k in DRAFT}
        drafted = {**draft(model), **loaded, EDITING: found.name}
        return _cleared(model).with_ui(aftermath_draft=drafted)

    try:
        return on_sheet(model, load)
    except RuleError as exc:
        return refused(model, "char.weapon.name", exc)


def _remove(model: Model, msg: CharRemoveWeapon, ctx: Ctx) -> Model:
    def remove(st: dict[str, Any], index: int, sheet: dict[str, Any]) -> Model:
        new = arms.remove_weapon(sheet, msg.name)
        return _kept(model, ctx, st, index, new, f"Remove {msg.name} from {sheet['name']}")

    try:
        return on_sheet(model, remove)
    except RuleError as exc:  # no weapon of that name on the sheet: by the name field
        return refused(model, "char.weapon.name", exc)


def _add(model: Model, msg: CharAddWeapon, ctx: Ctx) -> Model:
    """Add a listed weapon (the select's name), or save the form (a new weapon, or the one
    being edited)."""
    if msg.listed is None:
        return on_sheet(model, lambda st, index, sheet: _saved(model, ctx, st, index, sheet))
    listed = msg.listed
    if not listed:
        return model

    def add(st: dict[str, Any], index: int, sheet: dict[str, Any]) -> Model:
        weapon = {"name": listed, "kind": "hand", "listed": listed}
        try:
            new = arms.add_weapon(sheet, weapon)
        except RuleError as exc:
            return refused(model, "char.add_weapon", exc)
        return _kept(model, ctx, st, index, new, f"Add weapon to {sheet['name']}")

    return on_sheet(model, add)


def _saved(model: Model, ctx: Ctx, st: dict[str, Any], index: int, sheet: dict[str, Any]) -> Model:
    """The weapon form saved: a new weapon, or the one being edited."""
    drafted = draft(model)
    fields = {key: drafted.get(d, "") for key, d in DRAFT.items()}
    fields["kind"] = fields["kind"] or "gun"
    editing = drafted.get(EDITING, "")
    try:
        if editing:
            new = arms.edit_weapon(sheet, editing, fields)
        else:
            new = arms.add_weapon(sheet, fields)
    except arms.WeaponError as exc:
        for key in arms.FIELD_NAMES:
            model = set_err(model, f"char.weapon.{key}", exc.problems.get(key, "") or None)
        return model
    except RuleError as exc:  # the weapon being edited has gone
        return refused(model, "char.weapon.name", exc)
    label = f"{'Change' if editing else 'Add'} weapon of {sheet['name']}: {fields['name']}"
    return _kept(model, ctx, st, index, new, label)


#: Add, edit (load into the form, then save), cancel or remove a weapon, keyed by the actions.
HANDLERS = handlers(_cancel, _edit, _remove, _add)
