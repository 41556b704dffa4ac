"""The campaign's settings for the GURPS pages, kept in the ``gurps`` section: where the texts
read two ways, the table picks the reading, the project's reading first. Today one: an eye hit
(003 line 46)."""

from __future__ import annotations

from typing import Any

from pycore.systems.gurps.injury import EYE_READINGS
from rkweb.app.messages import Message, entered, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.gurps.state import commit, fight_of, page_data
from rkweb.kit.fields import select
from rkweb.kit.results import why
from rkweb.kit.share import share_button

#: Each setting: its choices in plain words, the project's reading first (the default).
EYE_CHOICES = (
    (EYE_READINGS[0], "is also a skull hit (wounding ×4, knockdown)"),
    (EYE_READINGS[1], "is not a skull hit (ordinary wounding)"),
)
_EYE_WHY = (
    '003 line 46: "Injury over HP/10 blinds the eye; otherwise, treat as a skull hit without '
    'the extra DR 2!" The text supports two readings of "otherwise".',
    'The project\'s reading (GUR-33, the default): "in other respects": every eye hit is a '
    "skull hit without the extra DR 2 (wounding ×4, knockdown rolls at −10, Critical Head Blow "
    "Table) and also blinds the eye when the injury is over HP/10.",
    'The other reading (an audit\'s): "if it does not blind": a blow whose injury with the '
    "ordinary wounding modifier is over HP/10 blinds the eye and is no skull hit; a smaller one "
    "is a skull hit without the extra DR 2 and does not blind.",
)


def settings_of(model: Model) -> dict[str, Any]:
    return dict(page_data(model).get("settings") or {})


def eye_reading(model: Model) -> str:
    """The campaign's reading of an eye hit; the project's unless the table chose the other."""
    chosen = settings_of(model).get("eye_reading")
    return chosen if chosen in EYE_READINGS else EYE_READINGS[0]


class Setting(Message, action="gurps.setting"):
    """A campaign setting (``key``), as chosen."""

    key: str
    value: str = entered(default="")


def update(model: Model, msg: Setting, ctx: Ctx) -> Model:
    key, value = msg.key, msg.value
    if key != "eye_reading" or value not in EYE_READINGS:
        return model
    settings = {**settings_of(model), key: value}
    return commit(model, fight_of(model), "Campaign setting: eye hits", ctx, settings=settings)


def view(model: Model) -> VNode:
    return h(
        "section",
        {"class": "card", "aria-labelledby": "gurps-campaign-h"},
        h("h2", {"id": "gurps-campaign-h"}, "Campaign settings"),
        select(
            "gurps-setting-eye",
            "An eye hit that blinds",
            eye_reading(model),
            list(EYE_CHOICES),
            Setting("eye_reading"),
        ),
        why(_EYE_WHY, "gurps-setting-eye-why"),
        share_button("gurps.settings", 0, "the campaign settings", "share-settings"),
    )


#: The one Campaign message, keyed by its message class's action (``gurps.setting``).
HANDLERS = handlers(update)
ACTIONS = frozenset(HANDLERS)
