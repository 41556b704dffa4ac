"""What the Characters tab's messages do: create, select and delete sheets, set a field, add
skills, weapons, armor and items, record and remove conditions. Every value is checked by the
core's sheet (``pycore.systems.aftermath.sheet.sheet``); a refused one is shown beside its field."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg
from rkweb.features.aftermath.characters import weapons
from rkweb.features.aftermath.characters.conditions import CONDITION_DEFAULT, draft
from rkweb.features.aftermath.state import now_of, quietly, refused, set_err, state, undoable


def current(st: dict[str, Any]) -> tuple[int, dict[str, Any] | None]:
    index = st["selected"]
    chars = st["characters"]
    return (index, chars[index]) if 0 <= index < len(chars) else (index, None)


def _roster(model: Model, msg: Msg, ctx: Ctx, st: dict[str, Any]) -> Model | None:
    """Create, select or delete a sheet; None when the message is not one of these."""
    action = str(msg[0]).removeprefix("aftermath.")
    if action == "char_new":
        what = str(msg[1]) if len(msg) > 1 else "character"
        count = sum(1 for c in st["characters"] if c.get("kind") == what) + 1
        st["characters"].append(core.new_sheet(f"{what.capitalize()} {count}", what))
        st["selected"] = len(st["characters"]) - 1
        return undoable(model, st, f"Create {what}", ctx)
    if action == "char_select":
        st["selected"] = int(msg[1])
        return quietly(model, st)
    if action == "char_del":
        gone = st["characters"].pop(int(msg[1]))
        st["selected"] = max(0, min(st["selected"], len(st["characters"]) - 1))
        return undoable(model, st, f"Delete {gone.get('name')}", ctx)
    if action == "char_draft":
        return model.with_ui(aftermath_draft={**draft(model), str(msg[1]): str(msg[-1])})
    return None


def _conditions(model: Model, msg: Msg, ctx: Ctx, st: dict[str, Any]) -> Model | None:
    """Record a condition by hand from now (AFT-55), or remove one."""
    action = str(msg[0]).removeprefix("aftermath.")
    if action == "char_remove_cond":
        who, position = int(msg[1]), int(msg[2])
        target = core.merged(st["characters"][who])
        gone = target["conditions"][position]
        target["conditions"] = [c for i, c in enumerate(target["conditions"]) if i != position]
        st["characters"][who] = target
        return undoable(model, st, f"Remove {gone.get('name')} from {target['name']}", ctx)
    if action == "char_add_cond":
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
    return None


def _edit(
    model: Model, action: str, msg: Msg, sheet: dict[str, Any]
) -> tuple[dict[str, Any], str, Model]:
    """A change to the selected sheet: the new sheet, its undo label, the model (drafts cleared)."""
    drafted = draft(model)
    name = sheet["name"]
    if action == "add_skill":
        new = core.add_skill(sheet, drafted.get("skill_name", ""), drafted.get("skill_bcs", ""))
        cleared = {**drafted, "skill_name": "", "skill_bcs": ""}
        return new, f"Add skill to {name}", model.with_ui(aftermath_draft=cleared)
    if action == "wear":
        new = core.set_armor(
            sheet, drafted.get("armor_locations", ""), drafted.get("armor_material", "")
        )
        return new, f"Armor for {name}", model
    if action == "add_item":
        new = core.add_item(sheet, drafted.get("item_name", ""), drafted.get("item_enc", ""))
        cleared = {**drafted, "item_name": "", "item_enc": ""}
        return new, f"Add item to {name}", model.with_ui(aftermath_draft=cleared)
    if action == "remove":
        part, position = str(msg[1]), int(msg[2])
        new = core.merged(sheet)
        new[part] = [x for i, x in enumerate(new[part]) if i != position]
        return new, f"Remove from {name}: {part}", model
    if action == "heal":
        new = {**core.merged(sheet), "damage": {"lethal": 0, "subdual": 0, "critical": 0}}
        return new, f"Clear damage of {name}", model
    raise RuleError(f"the sheet has no action {action!r}")


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


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    st = state(model)
    done = _roster(model, msg, ctx, st) or _conditions(model, msg, ctx, st)
    if done is not None:
        return done
    index, sheet = current(st)
    if sheet is None:
        return model
    action = str(msg[0]).removeprefix("aftermath.char_")
    if action == "field":
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
    armed = weapons.update(model, msg, ctx, st, index, sheet)
    if armed is not None:
        return armed
    try:
        new, label, model = _edit(model, action, msg, sheet)
    except RuleError as exc:
        return refused(model, f"char.{action}", exc)
    st["characters"][index] = new
    return undoable(set_err(model, f"char.{action}", None), st, label, ctx)
