"""What the Characters tab's messages do: create, select and delete sheets, set a field, add
skills, weapons, armor and items, record and remove conditions. Every value is checked by the
core's sheet (``pycore.systems.aftermath.sheet.sheet``); a refused one is shown beside its field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.messages import Handler
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg
from rkweb.features.aftermath.characters import weapons
from rkweb.features.aftermath.characters.conditions import CONDITION_DEFAULT, draft
from rkweb.features.aftermath.state import now_of, quietly, refused, set_err, state, undoable


def current(st: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    index = st["selected"]
    chars = st["characters"]
    return (index, chars[index]) if 0 <= index < len(chars) else (index, None)


def _new(model: Model, msg: Msg, ctx: Ctx) -> Model:
    st = state(model)
    what = str(msg[1]) if len(msg) > 1 else "character"
    count = sum(1 for c in st["characters"] if c.get("kind") == what) + 1
    st["characters"].append(core.new_sheet(f"{what.capitalize()} {count}", what))
    st["selected"] = len(st["characters"]) - 1
    return undoable(model, st, f"Create {what}", ctx)


def _select(model: Model, msg: Msg, ctx: Ctx) -> Model:
    st = state(model)
    st["selected"] = int(msg[1])
    return quietly(model, st)


def _delete(model: Model, msg: Msg, ctx: Ctx) -> Model:
    st = state(model)
    gone = st["characters"].pop(int(msg[1]))
    st["selected"] = max(0, min(st["selected"], len(st["characters"]) - 1))
    return undoable(model, st, f"Delete {gone.get('name')}", ctx)


def _draft(model: Model, msg: Msg, ctx: Ctx) -> Model:
    return model.with_ui(aftermath_draft={**draft(model), str(msg[1]): str(msg[-1])})


def _remove_condition(model: Model, msg: Msg, ctx: Ctx) -> Model:
    st = state(model)
    who, position = int(msg[1]), int(msg[2])
    target = core.merged(st["characters"][who])
    gone = target["conditions"][position]
    target["conditions"] = [c for i, c in enumerate(target["conditions"]) if i != position]
    st["characters"][who] = target
    return undoable(model, st, f"Remove {gone.get('name')} from {target['name']}", ctx)


def _add_condition(model: Model, msg: Msg, ctx: Ctx) -> Model:
    """Record a condition by hand from now (AFT-55)."""
    st = state(model)
    who = int(msg[1])
    chosen = draft(model).get("condition", CONDITION_DEFAULT)
    try:
        target = core.add_condition(st["characters"][who], chosen, now_of(st))
    except RuleError as exc:
        return refused(model, "char.condition", exc)
    st["characters"][who] = target
    label = core.MANUAL_CONDITIONS[chosen].split(",")[0]
    model = set_err(model, "char.condition", None)
    return undoable(model, st, f"{label}: {target['name']}", ctx)


Edit = Callable[[Model, Msg, dict[str, Any]], tuple[dict[str, Any], str, Model]]


def _added(
    add: Callable[[dict[str, Any], str, str], dict[str, Any]], what: str, *keys: str
) -> Edit:
    """A skill (or an item) added from the two drafted fields ``keys``, which are then cleared."""

    def added(model: Model, msg: Msg, sheet: dict[str, Any]) -> tuple[dict[str, Any], str, Model]:
        drafted = draft(model)
        new = add(sheet, *(drafted.get(k, "") for k in keys))
        cleared = {**drafted, **dict.fromkeys(keys, "")}
        return new, f"Add {what} to {sheet['name']}", model.with_ui(aftermath_draft=cleared)

    return added


def _wear(model: Model, msg: Msg, sheet: dict[str, Any]) -> tuple[dict[str, Any], str, Model]:
    drafted = draft(model)
    new = core.set_armor(
        sheet, drafted.get("armor_locations", ""), drafted.get("armor_material", "")
    )
    return new, f"Armor for {sheet['name']}", model


def _remove(model: Model, msg: Msg, sheet: dict[str, Any]) -> tuple[dict[str, Any], str, Model]:
    part, position = str(msg[1]), int(msg[2])
    new = core.merged(sheet)
    new[part] = [x for i, x in enumerate(new[part]) if i != position]
    return new, f"Remove from {sheet['name']}: {part}", model


def _heal(model: Model, msg: Msg, sheet: dict[str, Any]) -> tuple[dict[str, Any], str, Model]:
    new = {**core.merged(sheet), "damage": {"lethal": 0, "subdual": 0, "critical": 0}}
    return new, f"Clear damage of {sheet['name']}", model


#: A change to the selected sheet, by action: the new sheet, its undo label, the model (drafts
#: cleared).
_EDITS: dict[str, Edit] = {
    "add_skill": _added(core.add_skill, "skill", "skill_name", "skill_bcs"),
    "wear": _wear,
    "add_item": _added(core.add_item, "item", "item_name", "item_enc"),
    "remove": _remove,
    "heal": _heal,
}


#: A sheet field's words for an undo label (the path is the saved key, never shown).
_FIELD_WORDS = {
    "name": "name",
    "body": "body",
    "personality": "PC or personality NPC",
    "average_bcs": "Average BCS",
    "cloth_bullet_av": "Ballistic Cloth AV",
}
_PART_WORDS = {"attr": "rating", "ast": "AST", "cst": "CST"}


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


def _field(
    model: Model, msg: Msg, ctx: Ctx, st: dict[str, Any], index: int, sheet: dict[str, Any]
) -> Model:
    path, raw = str(msg[1]), str(msg[-1])
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


def _edited(
    model: Model, msg: Msg, ctx: Ctx, st: dict[str, Any], index: int, sheet: dict[str, Any]
) -> Model:
    action = str(msg[0]).removeprefix("aftermath.char_")
    try:
        new, label, model = _EDITS[action](model, msg, sheet)
    except RuleError as exc:
        return refused(model, f"char.{action}", exc)
    st["characters"][index] = new
    return undoable(set_err(model, f"char.{action}", None), st, label, ctx)


def _on_sheet(handler: weapons.SheetHandler) -> Handler:
    """A message on the selected sheet; none selected, nothing to change."""

    def on_sheet(model: Model, msg: Msg, ctx: Ctx) -> Model:
        st = state(model)
        index, sheet = current(st)
        return model if sheet is None else handler(model, msg, ctx, st, index, sheet)

    return on_sheet


_ON_SHEET: dict[str, weapons.SheetHandler] = {
    "field": _field,
    **weapons.HANDLERS,
    **dict.fromkeys(_EDITS, _edited),
}
#: Each Characters message's handler, by action (``aftermath.char_<name>``).
HANDLERS: dict[str, Handler] = {
    "char_new": _new,
    "char_select": _select,
    "char_del": _delete,
    "char_draft": _draft,
    "char_remove_cond": _remove_condition,
    "char_add_cond": _add_condition,
    **{f"char_{action}": _on_sheet(handler) for action, handler in _ON_SHEET.items()},
}
