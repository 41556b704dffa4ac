"""Overland movement: the party's base rate (not in this text) under the chosen conditions, the
days after bad weather; and acid's special effects with the scarring of the Looks category."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.reference.overland import (
    conditions,
    day_after,
    day_after_weathers,
    overland,
)
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.reference.update import RefAcid, RefField, RefTerrain
from rkweb.features.aftermath.words import Told, refusal, said
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.fields import number, select
from rkweb.kit.results import card, why


def _movement(state: dict[str, Any]) -> Told:
    if not state["base"].strip():
        return (
            "Enter the party's base overland movement (not in this text) and pick conditions.",
            (),
        )
    try:
        found = overland(float(state["base"]), state["terrain"], state["combine"])
    except (RuleError, ValueError) as exc:
        return refusal("Base movement", exc)
    return str(found), ("AFT-36", "AFT-T26")


def _day_after(state: dict[str, Any]) -> Told:
    if not state["weather"]:
        return "Pick the weather that ended to see the days after.", ()
    try:
        day, snow = int(state["day"]), int(state["snow_days"])
        pct = day_after(state["weather"], day, snow)
    except (RuleError, ValueError) as exc:
        return refusal("Day after", exc)
    return f"{state['weather']}, day {day} after it ended: {pct}% of normal movement", (
        "AFT-36",
        "AFT-T27",
    )


def overland_card(state: dict[str, Any]) -> VNode:
    terrain = [chip(None, c, c in state["terrain"], RefTerrain(c)) for c in conditions()]
    return card(
        "aft-ref-move-h",
        "Overland movement and acid",
        why(["AFT-36 (T26, T27), AFT-42 (acid, AFT-M34)"]),
        number(
            "aft-ref-base",
            "Base overland movement (yours)",
            state["base"],
            RefField("base"),
        ),
        chips("Movement conditions", terrain, "aft-ref-terrain"),
        select(
            "aft-ref-combine",
            "Several conditions combine by (not in the text)",
            state["combine"],
            [("multiply", "Multiplying them (reading)"), ("lowest", "The lowest one")],
            RefField("combine"),
        ),
        *said(_movement(state), "aft-ref-overland"),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-ref-weather",
                "Weather that ended",
                state["weather"],
                [("", "None"), *((w, w) for w in day_after_weathers())],
                RefField("weather"),
            ),
            number("aft-ref-day", "Day after it ended", state["day"], RefField("day")),
            number(
                "aft-ref-snow-days",
                "Days it snowed (prolonged snow)",
                state["snow_days"],
                RefField("snow_days"),
            ),
        ),
        *said(_day_after(state), "aft-ref-day-after"),
        h(
            "div",
            {"class": "grid2"},
            number(
                "aft-ref-acid-strength",
                "Acid strength when it began its attack (yours)",
                state["acid_strength"],
                RefField("acid_strength"),
            ),
            number(
                "aft-ref-looks",
                "Looks category (yours)",
                state["looks"],
                RefField("looks"),
            ),
        ),
        button("aft-ref-acid-roll", "Roll acid special effects", RefAcid()),
    )
