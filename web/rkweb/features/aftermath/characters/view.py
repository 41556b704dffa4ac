"""The Characters tab: the list of characters and creatures, and the selected one's sheet."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters import paper
from rkweb.features.aftermath.characters.attributes import attributes_card, derived_card
from rkweb.features.aftermath.characters.conditions import conditions_card
from rkweb.features.aftermath.characters.gear import (
    armor_card,
    inventory_card,
    skills_card,
)
from rkweb.features.aftermath.characters.treat import treat_block
from rkweb.features.aftermath.characters.update import (
    CharDel,
    CharField,
    CharHeal,
    CharNew,
    CharSelect,
)
from rkweb.features.aftermath.characters.weapons import weapons_card
from rkweb.features.aftermath.state import current, err, errors_why, names, now_of, state
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip
from rkweb.kit.fields import field, select
from rkweb.kit.paper import print_button
from rkweb.kit.results import why
from rkweb.kit.share import share_all_button, share_button

REGIONS = (("head_neck", "Head and neck"), ("torso", "Torso"), ("limb", "Limb"))
DAMAGE = (("lethal", "Lethal"), ("subdual", "Subdual"), ("critical", "Critical"))


def _who(model: Model, raw: dict[str, Any]) -> VNode:
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-who-h"},
        h("h3", {"id": "aft-who-h"}, "Who"),
        h(
            "div",
            {"class": "grid2"},
            field(
                "aft-name",
                "Name",
                raw["name"],
                CharField("name"),
                error=err(model, "char.name"),
            ),
            select(
                "aft-body",
                "Body (hit location table)",
                raw["body"],
                [("bipedal", "Bipedal"), ("quadrupedal", "Quadrupedal")],
                CharField("body"),
            ),
            select(
                "aft-personality",
                "PC or personality NPC (may save to lower a Critical Effect)",
                "true" if raw["personality"] else "false",
                [("true", "Yes"), ("false", "No")],
                CharField("personality"),
            ),
        ),
    )


def _regions(model: Model, raw: dict[str, Any]) -> VNode | None:
    """A quadruped's regions are the user's: the text gives them for bipeds only (AFT-M31)."""
    if raw["body"] != "quadrupedal":
        return None
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-regions-h"},
        h("h3", {"id": "aft-regions-h"}, "Quadruped regions (yours: not in the book)"),
        h(
            "p",
            {"class": "muted small"},
            "The Critical Effects depend on the region hit; the text gives them for bipeds only. "
            "Belly locations are 7, 10, 13, 16.",
        ),
        why(["AFT-13, AFT-M31"]),
        h(
            "div",
            {"class": "grid2"},
            *[
                field(
                    f"aft-region-{key}",
                    f"{label} locations (e.g. 1-4)",
                    raw["regions"][key],
                    CharField(f"regions.{key}"),
                    error=err(model, f"char.regions.{key}"),
                )
                for key, label in REGIONS
            ],
        ),
    )


def _damage_edit(model: Model, raw: dict[str, Any]) -> VNode:
    return h(
        "details",
        {"class": "card", "data-testid": "aft-damage-edit"},
        h("summary", {"class": "strong"}, "Correct the damage record by hand (GM)"),
        h(
            "div",
            {"class": "grid2"},
            *[
                field(
                    f"aft-damage-{kind}",
                    f"{label} damage",
                    str(raw["damage"].get(kind, 0)),
                    CharField(f"damage.{kind}"),
                    error=err(model, f"char.damage.{kind}"),
                    numeric=True,
                )
                for kind, label in DAMAGE
            ],
        ),
    )


def _editor(
    model: Model, raw: dict[str, Any], index: int, st: dict[str, Any], now: Moment
) -> VNode:
    settings = st["settings"]
    try:
        view = core.derive(
            raw, now, str(settings["group8_effect_die"]), str(settings["unstated_rounding"])
        )
    except RuleError as exc:
        return h("p", {"class": "field-error"}, f"This sheet cannot be read: {exc}")
    return h(
        "div",
        {"class": "editor"},
        _who(model, raw),
        _regions(model, raw),
        attributes_card(model, raw, view),
        derived_card(model, raw),
        skills_card(model, raw),
        weapons_card(model, raw, settings),
        armor_card(model, raw, view),
        inventory_card(model, raw, view),
        conditions_card(
            model, raw, index, now, treat=treat_block(model, raw, index, now, "aft-conditions")
        ),
        _damage_edit(model, raw),
        button("aft-heal", "Clear damage record", CharHeal()),
        paper.view(raw, view, settings, now),
    )


def _listing(st: dict[str, Any], index: int) -> VNode:
    rows = [
        h(
            "li",
            {"class": "char-row", "data-testid": "aft-char-entry", "data-key": str(i)},
            chip(None, name, i == index, CharSelect(i)),
            button("aft-char-delete", f"Delete {name}", CharDel(i), tone="danger"),
        )
        for i, name in enumerate(names(st))
    ]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-chars-h"},
        h(
            "div",
            {"class": "row between"},
            h("h2", {"id": "aft-chars-h"}, f"Characters and creatures ({len(rows)})"),
            h(
                "div",
                {"class": "row"},
                button(
                    "aft-char-new",
                    "New character",
                    CharNew("character"),
                    primary=True,
                ),
                button("aft-creature-new", "New creature", CharNew("creature")),
            ),
        ),
        h("ul", {"class": "chars"}, *rows)
        if rows
        else h("p", {"class": "muted"}, "No characters yet."),
    )


def view(model: Model) -> VNode:
    st = state(model)
    index, sheet = current(st)
    editor = _editor(model, sheet, index, st, now_of(st)) if sheet else None
    share = share_button("aftermath.character", index, names(st)[index]) if sheet else None
    printing = print_button("aft-print") if sheet else None
    return h(
        "div",
        {"class": "page aftermath-characters"},
        _listing(st, index),
        share,
        printing,
        editor,
        errors_why(model, "char."),
        share_all_button("aftermath", "Share every character and the settings"),
    )
