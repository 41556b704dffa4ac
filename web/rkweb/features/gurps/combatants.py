"""The Combatants tab: the list of sheets and the chosen one's editor, with its live defenses.
Also takes every sheet field sent from the other tabs (maneuver, posture, stunned)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from pycore.dice import seeded
from pycore.errors import RuleError
from pycore.systems.gurps import damage_types
from pycore.systems.gurps import fight as gurps_fight
from pycore.systems.gurps.attacks import added_line, edited_line, removed_line
from pycore.systems.gurps.lines import LINE_FIELDS, AttackLine
from pycore.systems.gurps.quantities import figure
from pycore.systems.gurps.sheet import Combatant, attack_kinds, derived_defenses
from rkweb.app.messages import Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h
from rkweb.features.gurps import campaign, paper
from rkweb.features.gurps.state import SECTION, commit, fail, fight_of, keep, page_data
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.fields import error_of, field, select, with_error, yes_no
from rkweb.kit.paper import print_button
from rkweb.kit.share import share_all_button, share_button


# The Combatants tab's messages (this tab, the tracker and the maneuver selects build them).
class New(Message, action="gurps.new"):
    """A new combatant."""


class Select(Message, action="gurps.select"):
    """Show combatant ``cid``'s sheet."""

    cid: str


class Delete(Message, action="gurps.delete"):
    """Delete combatant ``cid``."""

    cid: str


class Field(Message, action="gurps.field"):
    """One field (``name``) of combatant ``cid``'s sheet, as typed or chosen."""

    cid: str
    name: str
    value: str = entered(default="")


class LineAdd(Message, action="gurps.line_add"):
    """Another attack line on ``cid``'s sheet."""

    cid: str


class LineRemove(Message, action="gurps.line_remove"):
    """Remove ``cid``'s other attack line at ``index``."""

    cid: str
    index: str


class LineField(Message, action="gurps.line_field"):
    """One field (``name``) of ``cid``'s other attack line at ``index``, as typed or chosen."""

    cid: str
    index: str
    name: str
    value: str = entered(default="")


class LineWeapon(Message, action="gurps.line_weapon"):
    """The weapon ``cid``'s other attack line at ``index`` is a way of using (004 line 91), as
    the GM answers the fight's question."""

    cid: str
    index: str
    weapon: str


def _new(model: Model, ctx: Ctx) -> Model:
    page = page_data(model)
    number = page["next_id"]
    fresh = Combatant(id=f"g{number}", name=f"Fighter {number}")
    fight, joined = gurps_fight.add(fight_of(model), fresh, seeded(ctx.fresh_seed))
    logged = [joined] if joined.place is not None else []
    return commit(
        model,
        fight,
        f"New {fresh.name}",
        ctx,
        logged,
        seed=ctx.fresh_seed,
        next_id=number + 1,
        selected=fresh.id,
    )


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
    label = f"{fight.combatant(cid).name}: {field_words((name,)) or name.replace('_', ' ')}"
    old, new = fight_of(model).combatant(cid).name, fight.combatant(cid).name
    # Renamed while the fight runs: the log says so, its earlier lines keep their old name.
    said = [gurps_fight.Renamed(old, new)] if fight.order and old != new else []
    done = commit(model, fight, label, ctx, said, keep_errors=True)
    return with_error(done, SECTION, key, None)


def _line(
    model: Model, cid: str, key: str, change: Callable[[Combatant], tuple[Combatant, str]], ctx: Ctx
) -> Model:
    """The other attack lines, edited as a list (issue 27 item 5): add one, remove one, or
    change one field of one; a refused value shows by that field (``key``)."""
    key = f"{cid}.line.{key}"
    try:
        fight = fight_of(model)
        changed, label = change(fight.combatant(cid))
    except (RuleError, ValueError, IndexError) as exc:
        return fail(model, key, exc if isinstance(exc, RuleError) else RuleError(str(exc)))
    done = commit(model, fight.with_combatant(changed), label, ctx, keep_errors=True)
    return with_error(done, SECTION, key, None)


def _line_add(model: Model, msg: LineAdd, ctx: Ctx) -> Model:
    return _line(model, msg.cid, "", lambda c: (added_line(c), f"{c.name}: attack added"), ctx)


def _line_remove(model: Model, msg: LineRemove, ctx: Ctx) -> Model:
    def removed(c: Combatant) -> tuple[Combatant, str]:
        return removed_line(c, int(msg.index)), f"{c.name}: attack removed"

    return _line(model, msg.cid, msg.index, removed, ctx)


def _line_field(model: Model, msg: LineField, ctx: Ctx) -> Model:
    def edited(c: Combatant) -> tuple[Combatant, str]:
        changed = edited_line(c, int(msg.index), msg.name, msg.value)
        return changed, f"{c.name}: {LINE_FIELDS[msg.name][0].lower()}"

    return _line(model, msg.cid, f"{msg.index}.{msg.name}", edited, ctx)


def _line_weapon(model: Model, msg: LineWeapon, ctx: Ctx) -> Model:
    def edited(c: Combatant) -> tuple[Combatant, str]:
        changed = edited_line(c, int(msg.index), "weapon", msg.weapon)
        return changed, f"{c.name}: {c.more_attacks[int(msg.index)].name} is the {msg.weapon}'s"

    return _line(model, msg.cid, f"{msg.index}.weapon", edited, ctx)


def _new_combatant(model: Model, msg: New, ctx: Ctx) -> Model:
    return _new(model, ctx)


def _select(model: Model, msg: Select, ctx: Ctx) -> Model:
    return keep(model, selected=msg.cid)


def _delete_combatant(model: Model, msg: Delete, ctx: Ctx) -> Model:
    return _delete(model, msg.cid, ctx)


def _field(model: Model, msg: Field, ctx: Ctx) -> Model:
    return _edit(model, msg.cid, msg.name, msg.value, ctx)


#: Each Combatants message's handler, keyed by its message class's action (``gurps.<name>``).
HANDLERS = handlers(
    _new_combatant,
    _select,
    _delete_combatant,
    _field,
    _line_add,
    _line_remove,
    _line_field,
    _line_weapon,
)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


# --- the view ---------------------------------------------------------------------------------


Kind = Literal["number", "text", "yes_no", "damage_type", "attack_kind"]
#: The sheet's three parts: each field's name, label and kind of control.
ATTRIBUTES: tuple[tuple[str, str, Kind], ...] = (
    ("name", "Name", "text"),
    ("st", "ST", "number"),
    ("dx", "DX", "number"),
    ("iq", "IQ", "number"),
    ("ht", "HT", "number"),
    ("hp", "HP", "number"),
    ("hp_now", "Current HP", "number"),
    ("basic_speed", "Basic Speed (yours: formula not in the texts)", "number"),
    ("move", "Move", "number"),
    ("encumbrance", "Encumbrance level 0-4 (yours: table not in texts)", "number"),
    ("sm", "Size Modifier (human 0)", "number"),
)
WEAPON: tuple[tuple[str, str, Kind], ...] = (
    ("weapon", "Weapon", "text"),
    ("weapon_skill", "Weapon skill", "number"),
    ("damage", "Damage dice (e.g. 2d+1)", "text"),
    ("damage_type", "Damage type", "damage_type"),
    ("attack_kind", "Kind of attack", "attack_kind"),
    ("thrust", "A thrust (not a swing)", "yes_no"),
    ("light", "Thrown weapon of 1 lb or less", "yes_no"),
    ("tight_beam", "Tight-beam burning (a laser)", "yes_no"),
    ("two_handed", "Two-handed (gripped with both hands)", "yes_no"),
    ("reach", "Reach (melee, e.g. 1 or C,1)", "text"),
    ("parry_bonus", "Parry modifier (dagger −1, staff +2)", "number"),
    ("acc", "Acc (ranged)", "number"),
    ("half_d", "1/2D yards (ranged)", "number"),
    ("max_range", "Max yards (ranged)", "number"),
    ("shield_skill", "Shield skill (0 = no shield)", "number"),
    ("shield_db", "Shield DB", "number"),
    ("shield_large", "Large shield (−2 to melee attacks)", "yes_no"),
    ("unarmed", "Fights barehanded (parries with DX, Brawling or Karate)", "yes_no"),
    ("brawling", "Brawling skill (0 = none)", "number"),
    ("karate", "Karate skill (0 = none)", "number"),
    ("scaled", "Weapons scaled to the fighter's body size (a giant's)", "yes_no"),
)
ARMOR: tuple[tuple[str, str, Kind], ...] = (
    ("dr", "DR (every location)", "number"),
    ("dr_locations", "DR by location (e.g. skull=4, arm=2)", "text"),
    ("tolerance", "Injury Tolerance (e.g. unliving, no brain)", "text"),
    ("male", "Male (groin: double shock from crushing)", "yes_no"),
)


#: The tracker's and the turn's controls of a fighter's state, in their labels' words.
TRACKED: dict[str, str] = {
    "stunned": "Stunned",
    "mental_stun": "Mentally stunned",
    "unconscious": "Unconscious",
    "maneuver": "maneuver",
    "option": "Maneuver option",
    "posture": "posture",
    "shock": "shock",
    "notes": "Notes",
    "more_attacks": "Other attacks",
}
#: Each saved field's label on the sheet, its hint in brackets left out ("Acc (ranged)": "Acc").
_LABELS = {
    **{name: label.partition(" (")[0] for name, label, _ in (*ATTRIBUTES, *WEAPON, *ARMOR)},
    **TRACKED,
}


def field_words(at: tuple[str, ...]) -> str | None:
    """The sheet's label of the saved field at ``at`` in the 3d6 section (the descriptor's
    ``field_words``): an attack line's field by its line's label, else by the sheet's.

    >>> field_words(("combatants", "ht")), field_words(("combatants", "more_attacks", "acc"))
    ('HT', 'Acc')
    """
    if len(at) > 1 and at[-2] == "more_attacks" and at[-1] in LINE_FIELDS:
        return LINE_FIELDS[at[-1]][0]
    return next((_LABELS[key] for key in reversed(at) if key in _LABELS), None)


def _control(model: Model, c: Combatant, name: str, label: str, kind: Kind) -> VNode:
    """One sheet field; numbers bring up the number pad and travel as typed."""
    fid, msg = f"gurps-{name}", Field(c.id, name)
    if kind == "yes_no":
        return yes_no(fid, label, bool(getattr(c, name)), msg)
    if kind == "damage_type":
        return select(fid, label, c.damage_type, [(t, t) for t in damage_types()], msg)
    if kind == "attack_kind":
        return select(fid, label, c.attack_kind, attack_kinds(), msg)
    error = error_of(model, SECTION, f"{c.id}.{name}")
    return field(fid, label, getattr(c, name), msg, error=error, numeric=kind == "number")


#: One other attack line's fields, as the sheet's weapon has them (issue 27 item 5).
LINE: tuple[tuple[str, Kind], ...] = (
    ("name", "text"),
    ("skill", "number"),
    ("damage", "text"),
    ("damage_type", "damage_type"),
    ("kind", "attack_kind"),
    ("reach", "text"),
    ("parry", "number"),
    ("thrust", "yes_no"),
    # GUR-48, GUR-51: a thrown knife or shuriken (1 lb or less) is −2 to parry, not −1; a
    # play-through found no way to mark a second line so.
    ("light", "yes_no"),
    ("tight_beam", "yes_no"),
    ("two_handed", "yes_no"),
    ("unarmed", "yes_no"),
    ("acc", "number"),
    ("half_d", "text"),
    ("max_range", "text"),
    ("weapon", "text"),
)


def _line_control(model: Model, c: Combatant, index: int, name: str, kind: Kind) -> VNode:
    fid = f"gurps-line-{index}-{name.replace('_', '-')}"
    msg = LineField(c.id, str(index), name)
    label = LINE_FIELDS[name][0]
    value = getattr(c.more_attacks[index], name)
    if kind == "yes_no":
        return yes_no(fid, label, bool(value), msg)
    if kind == "damage_type":
        # A new line's type is blank until chosen (attacks.added_line): said so, not shown as
        # the list's first type.
        blank = [("", "not chosen yet")] if not value else []
        return select(fid, label, value, [*blank, *((t, t) for t in damage_types())], msg)
    if kind == "attack_kind":
        return select(fid, label, value, attack_kinds(), msg)
    error = error_of(model, SECTION, f"{c.id}.line.{index}.{name}")
    # A new line's skill is blank until typed (attacks.added_line): said so, its attack waiting.
    unset = name == "skill" and value is None
    hint = "not set yet: type it; this line can attack once it is" if unset else ""
    shown = "" if value is None else str(value)
    return field(fid, label, shown, msg, error=error, hint=hint, numeric=kind == "number")


def _attack_row(model: Model, c: Combatant, index: int, line: AttackLine) -> VNode:
    return h(
        "li",
        {"class": "card attack-line", "data-testid": "gurps-line", "data-key": str(index)},
        h(
            "div",
            {"class": "grid2"},
            *[_line_control(model, c, index, name, kind) for name, kind in LINE],
        ),
        button(
            f"gurps-line-{index}-remove",
            f"Remove {line.name}",
            LineRemove(c.id, str(index)),
        ),
    )


def _other_attacks(model: Model, c: Combatant) -> VNode:
    """Their other ways to attack, one row each (004 line 91: a swing and a thrust, a second
    weapon), each field as the weapon's above."""
    return h(
        "div",
        {"class": "other-attacks"},
        h("h4", {}, f"Other attacks ({len(c.more_attacks)})"),
        h(
            "ol",
            {"class": "attack-lines", "data-testid": "gurps-lines"},
            *[_attack_row(model, c, i, line) for i, line in enumerate(c.more_attacks)],
        ),
        h(
            "p",
            {"class": "field-error", "role": "alert"},
            error_of(model, SECTION, f"{c.id}.line."),
        ),
        button("gurps-line-add", "Add an attack", LineAdd(c.id)),
    )


def _part(
    model: Model,
    c: Combatant,
    hid: str,
    title: str,
    spec: tuple[tuple[str, str, Kind], ...],
    facts: VNode | None = None,
) -> VNode:
    """One part of the sheet: a titled card of fields in two columns, then any facts."""
    return h(
        "section",
        {"class": "card", "aria-labelledby": hid},
        h("h3", {"id": hid}, title),
        h("div", {"class": "grid2"}, *[_control(model, c, *row) for row in spec]),
        facts,
    )


def _sheet(model: Model, c: Combatant) -> VNode:
    defenses = h(
        "dl",
        {"class": "facts", "data-testid": "gurps-defenses"},
        *[p for d in derived_defenses(c) for p in (h("dt", {}, d.name), h("dd", {}, str(d)))],
    )
    return h(
        "div",
        {"class": "editor"},
        _part(model, c, "gurps-sheet-h", f"{c.name}: attributes", ATTRIBUTES, defenses),
        _part(model, c, "gurps-weapon-h", "Weapon and shield", WEAPON, _other_attacks(model, c)),
        _part(model, c, "gurps-armor-h", "DR and Injury Tolerance", ARMOR),
    )


def _row(c: Combatant, selected: str) -> VNode:
    return h(
        "li",
        {"class": "char-row", "data-testid": "gurps-combatant", "data-key": c.id},
        chip(None, f"{c.name} · HP {figure(c.hp_now)}/{c.hp}", c.id == selected, Select(c.id)),
        button(f"gurps-delete-{c.id}", f"Delete {c.name}", Delete(c.id)),
    )


def view(model: Model) -> VNode:
    try:
        fight = fight_of(model)
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"The saved combatants cannot be read: {exc}")
    people = fight.combatants
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
                button("gurps-new", "New combatant", New(), primary=True),
            ),
            h("ul", {"class": "chars"}, *[_row(c, selected) for c in people])
            if people
            else h("p", {}, "No combatants yet."),
        ),
        share_button("gurps.fighter", chosen.id, chosen.name) if chosen else None,
        print_button("gurps-print") if chosen else None,
        _sheet(model, chosen) if chosen else None,
        paper.view(chosen, gurps_fight.shocks(fight, chosen.id)) if chosen else None,
        campaign.view(model),
        share_all_button("gurps", "Share every fighter and the settings") if people else None,
    )
