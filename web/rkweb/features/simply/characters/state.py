"""The characters' saved section (``simply_characters``): the list, the selection and the GM's
campaign settings, and the one way a change is kept (undoable)."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.simply.character import Campaign
from pycore.systems.simply.character_json import campaign_from_json
from pycore.systems.simply.links import fresh_uid, uid_of
from rkweb.app.model import Ctx, Model
from rkweb.kit import steps

SECTION = "simply_characters"
ERRORS = "simply_characters"  # the field errors' home: model.ui["simply_characters_errors"]


def load(model: Model) -> dict[str, Any]:
    saved = model.section(SECTION)
    return {
        "list": list(saved.get("list", [])),
        "selected": saved.get("selected", 0),
        "campaign": dict(saved.get("campaign", {})),
    }


def campaign_of(state: dict[str, Any]) -> Campaign:
    try:
        return campaign_from_json(state["campaign"])
    except RuleError:
        return Campaign()  # never kept: the campaign card refuses bad values


def name_of(raw: dict[str, Any]) -> str:
    return str(raw.get("name") or "unnamed")


def keep(model: Model, state: dict[str, Any], label: str, ctx: Ctx) -> Model:
    """Store the new state as one undoable step named ``label``."""
    return steps.keep(model, SECTION, state, label, ctx)


def new_uid(records: list[Any], ctx: Ctx) -> str:
    """A fresh record id from the update's fresh seed, no other record's."""
    return fresh_uid(ctx.fresh_seed, [u for r in records if (u := uid_of(r))])


def linked(model: Model, index: int, ctx: Ctx) -> tuple[Model, str]:
    """The id of the record at ``index``, given one (quietly: not a change the user made) when
    a record reaches here without one, so every link is by id."""
    state = load(model)
    record = state["list"][index]
    uid = uid_of(record)
    if uid is not None:
        return model, uid
    uid = new_uid(state["list"], ctx)
    state["list"][index] = {**record, "uid": uid}
    return steps.keep(model, SECTION, state), uid
