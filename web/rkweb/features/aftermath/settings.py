"""Aftermath Settings tab: the campaign's answers where the text leaves a value or a reading
open. Each is checked by the core (``campaign.check_setting``) and kept in the saved state; the
rule each one answers is under its "Why"."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.campaign import check_setting
from pycore.systems.aftermath.setting_words import (
    CHOICE_SETTINGS,
    TEXT_SETTINGS,
    suspect_settings,
)
from rkweb.app.messages import Action, Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.state import err, errors_why, quietly, refused, set_err, state
from rkweb.kit.fields import field, select
from rkweb.kit.results import card, why
from rkweb.kit.share import share_button


class SetField(Message, action="aftermath.set_field"):
    """One of the campaign's answers, as typed or picked."""

    key: str
    value: str = entered(default="")


def _set_field(model: Model, msg: SetField, ctx: Ctx) -> Model:
    st = state(model)
    key, raw = msg.key, msg.value
    try:
        st["settings"][key] = check_setting(key, raw)
    except RuleError as exc:
        return refused(model, f"set.{key}", exc)
    return quietly(set_err(model, f"set.{key}", None), st)


#: The one Settings message's handler, keyed by its class's action.
HANDLERS = handlers(_set_field)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _text(model: Model, settings: dict[str, Any], key: str, label: str, rule: str) -> VNode:
    return h(
        "div",
        {},
        field(
            f"aft-set-{key}",
            label,
            settings[key],
            SetField(key),
            error=err(model, f"set.{key}"),
        ),
        why([rule]),
    )


def _suspects(model: Model, settings: dict[str, Any]) -> list[VNode]:
    """AFT-M44: one answer per weapon row the listing marks suspect."""
    return [_text(model, settings, key, label, rule) for key, label, rule in suspect_settings()]


def view(model: Model) -> VNode:
    settings = state(model)["settings"]
    picks = [
        h(
            "div",
            {},
            select(
                f"aft-set-{key}",
                label,
                settings[key],
                options,
                SetField(key),
                error=err(model, f"set.{key}"),
            ),
            why([rule]),
        )
        for key, label, options, rule in CHOICE_SETTINGS
    ]
    texts = [_text(model, settings, key, label, rule) for key, label, rule in TEXT_SETTINGS]
    return h(
        "div",
        {"class": "page aftermath-settings", "data-testid": "aft-settings"},
        card(
            "aft-settings-h",
            "Campaign settings: values and readings the book leaves open",
            h(
                "div",
                {"class": "grid2"},
                *picks,
                *texts[:5],
                *_suspects(model, settings),
                *texts[5:],
            ),
            errors_why(model, "set."),
            share_button("aftermath.settings", 0, "the campaign settings", "share-settings"),
        ),
    )
