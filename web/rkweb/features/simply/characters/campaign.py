"""The GM's campaign settings (SIM-D01 to SIM-D06): shown with the app's defaults, each checked by
the core before it is kept; the rule each one fills is under "Why"."""

from __future__ import annotations

from pycore.errors import RuleError
from pycore.systems.simply.character import Campaign
from pycore.systems.simply.character_json import CAMPAIGN_FIELDS, campaign_from_json
from rkweb.app.messages import Message, entered
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.simply.characters.state import ERRORS, keep, load
from rkweb.features.simply.words import why_rules
from rkweb.kit.fields import error_of, error_rules, number, rules_of, with_error
from rkweb.kit.results import why
from rkweb.kit.share import share_button


class CharCampaign(Message, action="simply.char_campaign"):
    """A campaign setting (``key``), as typed."""

    key: str
    value: str = entered(default="")


def changed(model: Model, msg: CharCampaign, ctx: Ctx) -> Model:
    return update(model, msg.key, msg.value, ctx)


def update(model: Model, key: str, raw: str, ctx: Ctx) -> Model:
    if key not in CAMPAIGN_FIELDS:
        return model
    state = load(model)
    label, low, high, rule = CAMPAIGN_FIELDS[key]
    try:
        value = int(raw.strip())
    except ValueError:
        message = f"{label} {raw!r} is not a whole number from {low} to {high}"
        return with_error(model, ERRORS, f"campaign.{key}", message, (rule,))
    try:
        campaign_from_json({**state["campaign"], key: value})
    except RuleError as exc:
        return with_error(model, ERRORS, f"campaign.{key}", str(exc), rules_of(exc))
    state["campaign"] = {**state["campaign"], key: value}
    kept = keep(model, state, f"Campaign: {label}", ctx)
    return with_error(kept, ERRORS, f"campaign.{key}", None)


def card(model: Model, campaign: Campaign) -> VNode:
    fields = []
    for key, (label, low, high, rule) in CAMPAIGN_FIELDS.items():
        error = error_of(model, ERRORS, f"campaign.{key}")
        rules = error_rules(model, ERRORS, f"campaign.{key}")
        default = getattr(Campaign(), key)
        fields.append(
            h(
                "div",
                {},
                number(
                    f"campaign-{key}",
                    label,
                    getattr(campaign, key),
                    CharCampaign(key),
                    error=error,
                    hint=f"{low} to {high}; the app's default is {default}",
                ),
                why_rules(error, rules) or why([f"{rule}: the GM's choice"]),
            )
        )
    return h(
        "details",
        {"class": "card", "data-testid": "campaign-settings"},
        h("summary", {}, "Campaign settings (the GM's choices; the defaults are the app's)"),
        h("div", {"class": "grid2"}, *fields),
        share_button("simply.campaign", 0, "the campaign settings", "share-settings"),
    )
