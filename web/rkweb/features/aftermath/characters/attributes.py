"""A sheet's attributes: rating → Group and Effect Die live (AFT-06, AFT-T20), AST and CST as
entered (the text does not compute them) with the saving-throw odds (AFT-05), and the derived
values the text uses but never computes (ODA, CDA, ... Mass, Average BCS), entered by the user."""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.sheet import sheet as core
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.characters.update import CharField
from rkweb.features.aftermath.state import err
from rkweb.features.aftermath.words import whys
from rkweb.kit.fields import number
from rkweb.kit.odds import odds_list
from rkweb.kit.results import why

CHART = (
    "Rating → Group and Effect Die by the Attribute Group Chart: 0 none, 1-4 1D3, 5-14 1D6, "
    "15-24 1D10, 25-34 2D6, 35-44 2D10, 45-54 2D10+1, 55-64 2D10+2, 65-74 2D10+2."
)


def _group_cell(attr: str, view: core.SheetView) -> VNode:
    group = view.groups[attr]
    effective = view.effective[attr]
    now = ""
    if effective != group:
        now = f" (now Group {effective.number}, {effective.effect_die or 'none'})"
    return h(
        "p",
        {"data-testid": f"aft-group-{attr}", "title": str(group)},
        h("span", {"class": "aft-big"}, f"G{group.number} · {group.effect_die or 'none'}"),
        h("span", {"class": "visually-hidden"}, f" {group}"),
        h("span", {"class": "small"}, now) if now else None,
    )


def _save_line(attr: str, view: core.SheetView) -> VNode:
    found = view.save_odds[attr]
    if found is None:
        return h("p", {"class": "muted small"}, "Enter AST and CST to see the saving-throw odds.")
    return odds_list(
        f"aft-save-odds-{attr}",
        [
            ("Critical range", found.critical),
            ("Ability range", found.ability),
            ("Failure", found.failure),
        ],
    )


def _attribute(model: Model, raw: dict[str, Any], attr: str, view: core.SheetView) -> VNode:
    name = core.ATTRIBUTE_NAMES[attr]
    fields = [
        number(
            f"aft-{part}-{attr}",
            f"{name} {label}",
            raw[part][attr],
            CharField(f"{part}.{attr}"),
            error=err(model, f"char.{part}.{attr}"),
        )
        for part, label in (("attr", "rating"), ("ast", "AST"), ("cst", "CST"))
    ]
    return h(
        "div",
        {"class": "aft-save"},
        h("h4", {}, name),
        _group_cell(attr, view),
        h("div", {"class": "grid2 aft-attrs"}, *fields),
        _save_line(attr, view),
    )


def attributes_card(model: Model, raw: dict[str, Any], view: core.SheetView) -> VNode:
    notes = [h("p", {"class": "notice"}, n.text) for n in view.notes]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-attrs-h"},
        h("h3", {"id": "aft-attrs-h"}, "Attributes, Groups and Effect Dice"),
        h(
            "p",
            {"class": "muted small"},
            CHART + " AST and CST are entered: the text has no formula.",
        ),
        *notes,
        whys((n.text, n.rules) for n in view.notes),
        why(["Groups: AFT-06, AFT-T20", "AST and CST entered: AFT-M03", "Odds: AFT-05"]),
        h("div", {"class": "grid2"}, *[_attribute(model, raw, a, view) for a in core.ATTRIBUTES]),
    )


def derived_card(model: Model, raw: dict[str, Any]) -> VNode:
    fields = [
        number(
            f"aft-derived-{key}",
            f"{label} (entered)",
            raw["derived"][key],
            CharField(f"derived.{key}"),
            error=err(model, f"char.derived.{key}"),
        )
        for key, (label, _, _) in core.DERIVED.items()
    ]
    fields.append(
        number(
            "aft-average-bcs",
            "Average BCS for hip fire (entered)",
            raw["average_bcs"],
            CharField("average_bcs"),
            error=err(model, "char.average_bcs"),
        )
    )
    return h(
        "section",
        {"class": "card", "aria-labelledby": "aft-derived-h"},
        h("h3", {"id": "aft-derived-h"}, "Values the book does not compute"),
        h(
            "p",
            {"class": "muted small"},
            "ODA, CDA, PCA, BAP, MNA, DRT, SF, ENC CAP, BMA, Mass and the Average BCS are used by "
            "the rules but never computed in the text: enter them from the book.",
        ),
        why(["AFT-M04, AFT-M06"]),
        h("div", {"class": "grid2"}, *fields),
    )
