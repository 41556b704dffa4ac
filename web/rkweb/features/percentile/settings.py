"""The settings tab: the procedure chosen at each step and the optional rules (R-D). The text
offers a choice at each step and ends: use only the rules you and your players enjoy (line 164).
Options read as the text's titles; where each is written is under "Why"."""

from __future__ import annotations

from typing import Any

from pycore.errors import RulekeeperError
from pycore.systems.percentile import combat
from rkweb.app.messages import Action, Message, entered, handle, handlers
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, h
from rkweb.features.percentile import state as S
from rkweb.kit.fields import error_of, field, select, with_error
from rkweb.kit.results import card, why
from rkweb.kit.share import share_button

SETTING_LABELS = {
    "surprise": "Surprise procedure",
    "order": "Order of attack",
    "ap": "Agility points",
    "to_hit": "To-hit procedure (grenades always d4)",
    "damage": "Damage procedure",
    "graze_record": "Damage recorded after grazing",
    "grazing": "Grazing shots",
    "descriptions": "Description tables",
    "organ_damage": "Organ damage",
    "pieces": "Deci-percentage pieces",
    "piece_fraction": "Piece size",
    "borrowing": "Borrowing AP from the next turn",
    "stun": "Damage stun",
}
CHOICE_TEXT = {
    "none": "No surprise check",
    "grazed": "the grazed value",
    "unmodified": "the unmodified value",
}
# Where each optional rule is written (seed 000), for the "why".
TOGGLE_RULES = {
    "grazing": "PCT-44, lines 141-146",
    "descriptions": "PCT-49, line 149",
    "organ_damage": "PCT-52, line 158",
    "pieces": "PCT-26, line 71",
    "borrowing": "PCT-27, line 74",
    "stun": "PCT-28, line 74",
}


class Setting(Message, action="percentile.setting"):
    """One setting's choice (a select's or a field's text)."""

    key: str
    value: str = entered(default="")


def _setting(model: Model, msg: Setting, ctx: Ctx) -> Model:
    key, value = msg.key, msg.value
    st = S.state(model)
    raw: dict[str, Any] = dict(st["settings"])
    raw[key] = {"on": True, "off": False}.get(value, value) if key in combat.TOGGLES else value
    ekey = f"percentile-setting-{key}"
    try:
        settings = combat.settings_from_json(raw)
    except RulekeeperError as exc:
        return with_error(model, S.FEATURE, ekey, str(exc))
    st["settings"] = settings.to_json()
    model = S.save(model, st, ctx, f"Setting: {SETTING_LABELS.get(key, key)}")
    return with_error(model, S.FEATURE, ekey, None)


#: The one Settings message's handler, keyed by its class's action.
HANDLERS = handlers(_setting)
ACTIONS = frozenset(HANDLERS)


def update(model: Model, msg: Action, ctx: Ctx) -> Model:
    return handle(HANDLERS, model, msg, ctx)


def _choices(s: combat.Settings) -> list[VNode]:
    titles = combat.procedure_titles()
    out = []
    for key, choices in combat.CHOICES.items():
        options = [
            (c, f"{titles[c][1]} ({c})" if c in titles else CHOICE_TEXT.get(c, c)) for c in choices
        ]
        out.append(
            select(
                f"percentile-setting-{key}",
                SETTING_LABELS[key],
                str(getattr(s, key)),
                options,
                Setting(key),
            )
        )
    return out


def _toggles(model: Model, s: combat.Settings) -> list[VNode]:
    out = [
        select(
            f"percentile-setting-{key}",
            SETTING_LABELS[key],
            "on" if getattr(s, key) else "off",
            [("on", "on"), ("off", "off")],
            Setting(key),
        )
        for key in combat.TOGGLES
    ]
    sizes = [(p, p) for p in combat.PIECE_FRACTIONS]
    if s.piece_fraction not in combat.PIECE_FRACTIONS:
        sizes.append((s.piece_fraction, s.piece_fraction))
    out.append(
        select(
            "percentile-setting-piece_fraction",
            SETTING_LABELS["piece_fraction"],
            s.piece_fraction,
            sizes,
            Setting("piece_fraction"),
        )
    )
    out.append(
        field(
            "percentile-setting-custom-piece",
            "Or a smaller piece size (a fraction from 1/100, e.g. 1/20)",
            "" if s.piece_fraction in combat.PIECE_FRACTIONS else s.piece_fraction,
            Setting("piece_fraction"),
            error=error_of(model, S.FEATURE, "percentile-setting-piece_fraction"),
        )
    )
    return out


def view(model: Model) -> VNode:
    s = S.settings_of(S.state(model))
    titles = combat.procedure_titles()
    procedures = [
        node
        for key, (step, title, lines) in titles.items()
        for node in (h("dt", {}, f"{step.replace('_', '-')} {key}"), h("dd", {}, title))
    ]
    return h(
        "div",
        {"class": "page"},
        card(
            "pct-settings-h",
            "Campaign settings",
            h(
                "p",
                {},
                "The text offers a choice at each step and ends: use only the rules you and your "
                "players enjoy. Defaults are the project's choice.",
            ),
            h("p", {"class": "explain", "data-testid": "percentile-settings-summary"}, s.summary()),
            h("div", {"class": "grid2"}, *_choices(s), *_toggles(model, s)),
            why(
                [f"{SETTING_LABELS[k]}: {v}" for k, v in TOGGLE_RULES.items()]
                + ["Choices: R-D, PCT-03 (line 164)"]
            ),
            share_button("percentile.settings", 0, "the campaign settings", "share-settings"),
        ),
        card(
            "pct-procs-h",
            "The procedures",
            h("dl", {"class": "facts", "data-testid": "percentile-procedures"}, *procedures),
            why(
                [f"{key}: line {lines}" for key, (_, _, lines) in titles.items()]
                + ["Table PCT-T09"]
            ),
        ),
    )
