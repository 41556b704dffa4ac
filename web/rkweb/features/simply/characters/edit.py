"""The characters' messages: create, select, duplicate, delete, and each edit of the builder.

An edit parses what was typed, changes the saved record, and keeps it only when the core reads it
back (``character_from_json``); otherwise the core's words are shown by the field.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pycore.systems.simply.character import Character, ability_list, armor_choice, shield_choice
from pycore.systems.simply.character_json import (
    TYPED_WHOLE,
    character_from_json,
    character_to_json,
    typed_whole,
)
from pycore.systems.simply.fight import combat_to_json
from pycore.systems.simply.fight.sheet import sheet_changed, sheet_deleted
from pycore.systems.simply.links import uid_of
from rkweb.app.messages import Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg
from rkweb.features.simply.characters import campaign
from rkweb.features.simply.characters.state import (
    ERRORS,
    SECTION,
    campaign_of,
    keep,
    load,
    name_of,
    new_uid,
)
from rkweb.features.simply.combat import state as fight_state
from rkweb.kit import steps
from rkweb.kit.fields import rules_of, with_error


# The Characters tab's messages (the roster, builder and gear views build them).
class CharNew(Message, action="simply.char_new"):
    """A new character, with the campaign's starting Luck."""


class CharSelect(Message, action="simply.char_select"):
    """Show the character at ``index`` in the builder."""

    index: int


class CharDup(Message, action="simply.char_dup"):
    """Copy the character at ``index`` as a record of its own."""

    index: int


class CharDel(Message, action="simply.char_del"):
    """Delete the character at ``index`` (and unlink it everywhere, one undo step)."""

    index: int


class CharField(Message, action="simply.char_field"):
    """One edit of the builder: ``field`` (``name``, ``skill_level:2``, ``remove_gear:0``...)
    and its text (a Remove button leaves it blank)."""

    field: str
    value: str = entered(default="")


class CharAdjDraft(Message, action="simply.char_adj_draft"):
    """A field of the adjustment being typed (kept in the page until added)."""

    field: str
    value: str = entered(default="")


class CharAdjAdd(Message, action="simply.char_adj_add"):
    """Add the adjustment typed so far."""


class CharWeaponDraft(Message, action="simply.char_weapon_draft"):
    """A field of the weapon being typed (kept in the page until added)."""

    field: str
    value: str = entered(default="")


class CharWeaponAdd(Message, action="simply.char_weapon_add"):
    """Add the weapon typed so far."""


TASK = "simply_task"  # the Task page's section: its sides link to records by id
TEXT_FIELDS = {
    "name",
    "concept",
    "player",
    "race",
    "age",
    "age_note",
    "appearance",
    "history",
    "personality",
}


#: What an edit changed, in the words of the Character Record, for its undo label ("Undo:
#: Edit Mara: armor"): never the field's key (issue 26: "Undo: …: dr" reached the screen).
FIELD_WORDS = {
    "strength": "Strength",
    "coordination": "Coordination",
    "intellect": "Intellect",
    "health": "Health",
    "luck": "Luck",
    "hp": "Hit Points",  # the record's words (record.py), and the fight's HP
    "speed": "Speed",
    "initiative_other": "initiative",
    "age_note": "age",
    "skill_level": "skill level",
    "skill_specialty": "specialty",
    "add_skill": "skill added",
    "remove_skill": "skill removed",
    "add_ability": "ability added",
    "remove_ability": "ability removed",
    "remove_disability": "disability removed",
    "add_gear": "gear added",
    "remove_gear": "gear removed",
    "armor_id": "armor",
    "coating_id": "armor coating",
    "shield_id": "shield",
    "add_adjustment": "adjustment added",
    "remove_adjustment": "adjustment removed",
    "add_weapon": "weapon added",
    "remove_weapon": "weapon removed",
}


def saved_field_words(at: tuple[str, ...]) -> str | None:
    """The record's words for the saved field at ``at`` in a Simply section (the descriptor's
    ``field_words``): the field's own, or the list it sits in.

    >>> saved_field_words(("list", "luck")), saved_field_words(("list", "armor"))
    ('Luck', 'armor')
    >>> saved_field_words(("list", "skills")), saved_field_words(("order",))
    ('skills', None)
    """
    saved = character_to_json(Character())  # a record's own keys: "skills", "gear" are words
    for key in reversed(at):
        words = FIELD_WORDS.get(key, FIELD_WORDS.get(f"{key}_id"))
        if words is not None or key in TEXT_FIELDS or key in saved:
            return words or key.replace("_", " ")
    return None


def _words(field: str) -> str:
    """The record's words for ``field`` (a plain text field is named by itself)."""
    name = field.partition(":")[0]
    return FIELD_WORDS.get(name, name if name in TEXT_FIELDS else "details")


def _without(items: list[Any], position: str) -> list[Any]:
    """A list on the record without its entry at ``position`` (a Remove button)."""
    return [x for i, x in enumerate(items) if i != int(position)]


def _skills(current: dict[str, Any], name: str, position: str, raw: str) -> bool:
    """A skill's level or specialty, a new skill, a skill removed."""
    skills = [dict(s) for s in current.get("skills", [])]
    if name == "skill_level":
        skills[int(position)]["level"] = raw
    elif name == "skill_specialty":  # SIM-20 / SIM-D21: a specialty is free text, its own skill
        skills[int(position)]["specialty"] = raw.strip() or None
    elif name == "add_skill" and raw:
        skills.append({"name": raw, "level": "Familiar"})
    elif name == "remove_skill":
        skills = _without(skills, position)
    else:
        return False
    current["skills"] = skills
    return True


def _abilities_and_gear(current: dict[str, Any], name: str, position: str, raw: str) -> bool:
    if name == "add_ability" and raw:
        kinds = {a.name: a.kind for a in ability_list()}  # SIM-T04 says which list it joins
        key = "abilities" if kinds.get(raw) == "ability" else "disabilities"
        current[key] = [*current.get(key, []), raw]
    elif name in ("remove_ability", "remove_disability"):
        key = "abilities" if name == "remove_ability" else "disabilities"
        current[key] = _without(current.get(key, []), position)
    elif name == "add_gear" and raw.strip():
        current["gear"] = [*current.get("gear", []), {"name": raw.strip(), "notes": ""}]
    elif name == "remove_gear":
        current["gear"] = _without(current.get("gear", []), position)
    else:
        return False
    return True


def _armor(current: dict[str, Any], name: str, position: str, raw: str) -> bool:
    """The builder's armor, coating and shield picks; the record's Armor line comes from the
    core (a coating on non-Plasteel armor is refused there, SIM-30)."""
    if name in ("armor_id", "coating_id"):
        current[name] = raw or None
        suit, layer = current.get("armor_id"), current.get("coating_id")
        choice = armor_choice(suit, layer) if suit else None
        current["armor"] = None if choice is None else vars(choice)
    elif name == "shield_id":
        current[name] = raw or None
        current["shield"] = vars(shield_choice(raw)) if raw else None
    else:
        return False
    return True


def _adjustments(current: dict[str, Any], name: str, position: str, raw: str) -> bool:
    """SIM-21: the user's stat adjustments, typed as a draft and added in one step."""
    if name == "add_adjustment":
        draft = json.loads(raw)
        try:
            amount = int(str(draft.get("amount", "")).strip())
        except ValueError:
            raise ValueError("Amount must be a whole number, e.g. -1 or 2.") from None
        entry = {
            "source": str(draft.get("source", "")).strip() or "other",
            "amount": amount,
            "stat": str(draft.get("stat", "S")),
        }
        current["adjustments"] = [*current.get("adjustments", []), entry]
    elif name == "remove_adjustment":
        current["adjustments"] = _without(current.get("adjustments", []), position)
    else:
        return False
    return True


def _weapons(current: dict[str, Any], name: str, position: str, raw: str) -> bool:
    """SIM-17: a weapon on the record, typed as a draft and added in one step; the core checks
    its skill (SIM-39) and Max Dmg (SIM-D07) and says what is wrong beside the card."""
    if name == "add_weapon":
        draft = json.loads(raw)
        typed = str(draft.get("max_damage", "")).strip()
        try:
            max_damage = int(typed) if typed else None
        except ValueError:
            raise ValueError("Max Dmg must be a whole number from 1 to 100, or blank") from None
        if not str(draft.get("skill", "")):
            raise ValueError("Choose the skill the weapon is used with.")
        weapon = {
            "name": str(draft.get("name", "")).strip() or str(draft.get("skill", "weapon")),
            "skill": str(draft.get("skill", "")),
            "max_damage": max_damage,
            "kind": str(draft.get("kind", "")) or None,
        }
        current["weapons"] = [*current.get("weapons", []), weapon]
    elif name == "remove_weapon":
        current["weapons"] = _without(current.get("weapons", []), position)
    else:
        return False
    return True


_CHANGES: tuple[Callable[[dict[str, Any], str, str, str], bool], ...] = (
    _skills,
    _abilities_and_gear,
    _armor,
    _adjustments,
    _weapons,
)


def _change(current: dict[str, Any], field: str, raw: str) -> bool:
    """Apply one edit to the saved record; False when the field is not one the builder has."""
    if field in TYPED_WHOLE:
        current[field] = typed_whole(field, raw)
        return True
    if field in TEXT_FIELDS:
        current[field] = raw
        return True
    name, _, position = field.partition(":")
    return any(change(current, name, position, raw) for change in _CHANGES)


def edit(model: Model, field: str, raw: str, ctx: Ctx) -> Model:
    state = load(model)
    index = int(state["selected"])
    if not 0 <= index < len(state["list"]):
        return model
    before = state["list"][index]
    current = dict(before)
    try:
        if not _change(current, field, raw):
            return model
        after = character_from_json(current)  # the core's check of every field, before it is kept
    except ValueError as exc:  # a RuleError is a ValueError too
        return with_error(model, ERRORS, field, str(exc), rules_of(exc))
    state["list"][index] = current
    label = f"Edit {name_of(current)}: {_words(field)}"
    values: dict[str, Any] = {SECTION: state}
    uid = uid_of(current)
    combat = model.section(fight_state.SECTION)
    if uid is not None and combat.get("combat"):
        # FIGHT.md: the sheet and the fight are one truth; the edit reaches the record's
        # fighters in the same undo step (a weapon added between rounds is the next attack's).
        fight = fight_state.fight_of(model, fight_state.load(model))
        followed = sheet_changed(fight, uid, character_from_json(before), after)
        if followed != fight:
            values[fight_state.SECTION] = {**combat, "combat": combat_to_json(followed)}
    history = model.history.apply_many(values, label, ctx.now)
    return with_error(replace(model, history=history), ERRORS, field, None)


def _new(model: Model, msg: CharNew, ctx: Ctx) -> Model:
    state = load(model)
    luck = campaign_of(state).starting_luck  # SIM-23, SIM-D05
    name = f"Character {len(state['list']) + 1}"
    fresh = character_to_json(Character(name=name, luck=luck))
    state["list"].append({**fresh, "uid": new_uid(state["list"], ctx)})
    state["selected"] = len(state["list"]) - 1
    return keep(model, state, "Create character", ctx)


def _select(model: Model, msg: CharSelect, ctx: Ctx) -> Model:
    state = load(model)
    state["selected"] = msg.index
    return steps.keep(model, SECTION, state)  # a selection: no undo step


def _dup(model: Model, msg: CharDup, ctx: Ctx) -> Model:
    state = load(model)
    original = state["list"][msg.index]
    copy = {**original, "name": f"{name_of(original)} (copy)"}
    copy.pop("updated_at", None)  # a copy is a record of its own, with its own id
    state["list"].append({**copy, "uid": new_uid(state["list"], ctx)})
    state["selected"] = len(state["list"]) - 1
    return keep(model, state, f"Duplicate {name_of(original)}", ctx)


def _del(model: Model, msg: CharDel, ctx: Ctx) -> Model:
    return _delete(model, load(model), msg.index, ctx)


def _delete(model: Model, state: dict[str, Any], index: int, ctx: Ctx) -> Model:
    """The record leaves the list; the fighters and the Task page's sides linked to it (by its
    id) are unlinked in the same undo step, and every other link, by id, still names its own
    record wherever that record now is in the list."""
    gone = state["list"].pop(index)
    state["selected"] = max(0, min(int(state["selected"]), len(state["list"]) - 1))
    values: dict[str, Any] = {SECTION: state}
    uid = uid_of(gone)
    combat = model.section(fight_state.SECTION)
    if uid is not None and combat.get("combat"):
        fight = sheet_deleted(fight_state.fight_of(model, fight_state.load(model)), uid)
        values[fight_state.SECTION] = {**combat, "combat": combat_to_json(fight)}
    task = model.section(TASK)
    if uid is not None and task:
        values[TASK] = {key: _unlinked(side, uid) for key, side in task.items()}
    label = f"Delete {name_of(gone)}"
    return replace(model, history=model.history.apply_many(values, label, ctx.now))


def _unlinked(side: Any, uid: str) -> Any:
    """A Task page side, no longer linked to the deleted record with id ``uid``."""
    if isinstance(side, dict) and side.get("character") == uid:
        return {**side, "character": ""}
    return side


def _drafted(model: Model, key: str, field: str, value: str) -> Model:
    """A field of the adjustment's (or weapon's) form typed: kept in the page, not saved."""
    return model.with_ui(**{key: {**model.ui.get(key, {}), field: value}})


def _adj_draft(model: Model, msg: CharAdjDraft, ctx: Ctx) -> Model:
    return _drafted(model, "char_adj", msg.field, msg.value)


def _weapon_draft(model: Model, msg: CharWeaponDraft, ctx: Ctx) -> Model:
    return _drafted(model, "char_weapon", msg.field, msg.value)


def _field(model: Model, msg: CharField, ctx: Ctx) -> Model:
    return edit(model, msg.field, msg.value, ctx)


def _adj_add(model: Model, msg: CharAdjAdd, ctx: Ctx) -> Model:
    draft = {"stat": "S", "amount": "", "source": "", **model.ui.get("char_adj", {})}
    return edit(model, "add_adjustment", json.dumps(draft), ctx).with_ui(char_adj={})


def _weapon_add(model: Model, msg: CharWeaponAdd, ctx: Ctx) -> Model:
    draft = {"name": "", "skill": "", "max_damage": "", "kind": ""}
    draft.update(model.ui.get("char_weapon", {}))
    return edit(model, "add_weapon", json.dumps(draft), ctx).with_ui(char_weapon={})


#: Each Characters message's handler, keyed by its message class's action (``simply.char_<name>``).
HANDLERS = handlers(
    _new,
    _select,
    _dup,
    _del,
    _field,
    _adj_draft,
    _adj_add,
    _weapon_draft,
    _weapon_add,
    campaign.changed,
)


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)
