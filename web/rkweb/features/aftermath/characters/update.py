"""What the Characters tab's messages do: create, select and delete sheets, set a field, add
skills, weapons, armor and items, record and remove conditions. Every value is checked by the
core's sheet (``pycore.systems.aftermath.sheet.sheet``); a refused one is shown beside its field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.features.aftermath.characters import conditions, treat, weapons
from rkweb.features.aftermath.characters.conditions import draft
from rkweb.features.aftermath.state import on_sheet, quietly, refused, set_err, state, undoable


class CharNew(Message, action="aftermath.char_new"):
    """Create a sheet: a ``character`` or a ``creature``."""

    what: str = "character"


class CharSelect(Message, action="aftermath.char_select"):
    """Show one sheet, by its place."""

    index: int


class CharDel(Message, action="aftermath.char_del"):
    """Delete one sheet, by its place (one undo step)."""

    index: int


class CharField(Message, action="aftermath.char_field"):
    """One field of the selected sheet (its saved path), as typed or picked."""

    path: str
    value: str = entered(default="")


class CharAddSkill(Message, action="aftermath.char_add_skill"):
    """Add the drafted skill to the selected sheet."""


class CharWear(Message, action="aftermath.char_wear"):
    """Wear the drafted armor on the drafted locations."""


class CharAddItem(Message, action="aftermath.char_add_item"):
    """Add the drafted item to the selected sheet."""


class CharRemove(Message, action="aftermath.char_remove"):
    """Remove a skill or an item (``part``: ``skills`` or ``inventory``) by its place."""

    part: str
    position: int


class CharHeal(Message, action="aftermath.char_heal"):
    """Clear the selected sheet's damage record."""


def _new(model: Model, msg: CharNew, ctx: Ctx) -> Model:
    st = state(model)
    what = msg.what
    count = sum(1 for c in st["characters"] if c.get("kind") == what) + 1
    st["characters"].append(core.new_sheet(f"{what.capitalize()} {count}", what))
    st["selected"] = len(st["characters"]) - 1
    return undoable(model, st, f"Create {what}", ctx)


def _select(model: Model, msg: CharSelect, ctx: Ctx) -> Model:
    st = state(model)
    st["selected"] = msg.index
    return quietly(model, st)


def _delete(model: Model, msg: CharDel, ctx: Ctx) -> Model:
    st = state(model)
    gone = st["characters"].pop(msg.index)
    st["selected"] = max(0, min(st["selected"], len(st["characters"]) - 1))
    return undoable(model, st, f"Delete {gone.get('name')}", ctx)


#: A change to the selected sheet: the new sheet, its undo label, the model (drafts cleared).
Edit = Callable[[Model, dict[str, Any]], tuple[dict[str, Any], str, Model]]


def _added(
    add: Callable[[dict[str, Any], str, str], dict[str, Any]], what: str, *keys: str
) -> Edit:
    """A skill (or an item) added from the two drafted fields ``keys``, which are then cleared."""

    def added(model: Model, sheet: dict[str, Any]) -> tuple[dict[str, Any], str, Model]:
        drafted = draft(model)
        new = add(sheet, *(drafted.get(k, "") for k in keys))
        cleared = {**drafted, **dict.fromkeys(keys, "")}
        return new, f"Add {what} to {sheet['name']}", model.with_ui(aftermath_draft=cleared)

    return added


def _edited(model: Model, ctx: Ctx, name: str, edit: Edit) -> Model:
    """A change to the selected sheet, one undo step; a refusal shows under ``char.<name>``."""

    def change(st: dict[str, Any], index: int, sheet: dict[str, Any]) -> Model:
        try:
            new, label, changed = edit(model, sheet)
        except RuleError as exc:
            return refused(model, f"char.{name}", exc)
        st["characters"][index] = new
        return undoable(set_err(changed, f"char.{name}", None), st, label, ctx)

    return on_sheet(model, change)


def _add_skill(model: Model, msg: CharAddSkill, ctx: Ctx) -> Model:
    add = _added(core.add_skill, "skill", "skill_name", "skill_bcs")
    return _edited(model, ctx, "add_skill", add)


def _add_item(model: Model, msg: CharAddItem, ctx: Ctx) -> Model:
    return _edited(model, ctx, "add_item", _added(core.add_item, "item", "item_name", "item_enc"))


def _wear(model: Model, msg: CharWear, ctx: Ctx) -> Model:
    def wear(model: Model, sheet: dict[str, Any]) -> tuple[dict[str, Any], str, Model]:
        drafted = draft(model)
        locations = drafted.get("armor_locations", "")
        new = core.set_armor(sheet, locations, drafted.get("armor_material", ""))
        return new, f"Armor for {sheet['name']}", model

    return _edited(model, ctx, "wear", wear)


def _remove(model: Model, msg: CharRemove, ctx: Ctx) -> Model:
    def remove(model: Model, sheet: dict[str, Any]) -> tuple[dict[str, Any], str, Model]:
        new = core.merged(sheet)
        new[msg.part] = [x for i, x in enumerate(new[msg.part]) if i != msg.position]
        return new, f"Remove from {sheet['name']}: {msg.part}", model

    return _edited(model, ctx, "remove", remove)


def _heal(model: Model, msg: CharHeal, ctx: Ctx) -> Model:
    def heal(model: Model, sheet: dict[str, Any]) -> tuple[dict[str, Any], str, Model]:
        new = {**core.merged(sheet), "damage": {"lethal": 0, "subdual": 0, "critical": 0}}
        return new, f"Clear damage of {sheet['name']}", model

    return _edited(model, ctx, "heal", heal)


#: A sheet field's words for an undo label (the path is the saved key, never shown).
_FIELD_WORDS = {
    "name": "name",
    "body": "body",
    "personality": "PC or personality NPC",
    "average_bcs": "Average BCS",
    "cloth_bullet_av": "Ballistic Cloth AV",
}
_PART_WORDS = {"attr": "rating", "ast": "AST", "cst": "CST"}
_GROUP_WORDS = {
    **{head: f"{words}s" for head, words in _PART_WORDS.items()},
    "derived": "derived figures",
    "damage": "damage",
    "regions": "locations",
}


def field_words(path: str) -> str:
    """The words of sheet field ``path`` ("ast.HLH" → "Health AST").

    >>> field_words("ast.HLH"), field_words("derived.cda"), field_words("damage.lethal")
    ('Health AST', 'CDA', 'lethal damage')
    """
    head, _, key = path.partition(".")
    if head in _PART_WORDS:
        return f"{core.ATTRIBUTE_NAMES.get(key, key)} {_PART_WORDS[head]}"
    if head == "derived":
        return str(core.DERIVED[key][0]) if key in core.DERIVED else key
    if head == "damage":
        return f"{key} damage"
    if head == "regions":
        return f"{key.replace('_', ' and ')} locations"
    return _FIELD_WORDS.get(path, path.replace("_", " "))


def saved_field_words(at: tuple[str, ...]) -> str | None:
    """The sheet's words for the saved field at ``at`` in the Aftermath section (the
    descriptor's ``field_words``): a character's field as :func:`field_words` names it.

    >>> saved_field_words(("characters", "ast", "HLH")), saved_field_words(("log",))
    ('Health AST', None)
    """
    if len(at) < 2 or at[0] != "characters":
        return None
    if len(at) == 2 and at[1] in _GROUP_WORDS:  # a whole group, both tabs adding it
        return _GROUP_WORDS[at[1]]
    return field_words(".".join(at[1:3]))


def _field(model: Model, msg: CharField, ctx: Ctx) -> Model:
    path, raw = msg.path, msg.value

    def change(st: dict[str, Any], index: int, sheet: dict[str, Any]) -> Model:
        try:
            new = core.set_field(sheet, path, raw)
        except RuleError as exc:
            return refused(model, f"char.{path}", exc)
        st["characters"][index] = new
        # Each kept field change is a step Undo takes back, as on the other sheets: kept
        # quietly, a rename was not undoable and the next Undo (its "Create character") found
        # the sheet changed under it and took back nothing a GM could see.
        label = f"Edit {new.get('name') or sheet.get('name')}: {field_words(path)}"
        return undoable(set_err(model, f"char.{path}", None), st, label, ctx)

    return on_sheet(model, change)


#: Each Characters message's handler, keyed by its class's action (``aftermath.char_<name>``).
HANDLERS = {
    **handlers(_new, _select, _delete, _field, _add_skill, _wear, _add_item, _remove, _heal),
    **conditions.HANDLERS,
    **treat.HANDLERS,
    **weapons.HANDLERS,
}
