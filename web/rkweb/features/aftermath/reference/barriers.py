"""Barrier factors (data, with the user's soil value and * note) and carrying places; stopping
forward motion by movement category and PCA; the horse as printed."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.reference.barriers import barrier_factor, barrier_materials
from pycore.systems.aftermath.reference.skills_and_moves import horse, stopping
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.reference.update import RefField
from rkweb.features.aftermath.words import Told, refusal, said, told, whys
from rkweb.kit.fields import field, number, select
from rkweb.kit.results import card, why


def barriers_card(state: dict[str, Any]) -> VNode:
    soil = state["soil_bf"].strip()
    note = state["star_note"]
    error = ""
    try:
        chosen = int(soil) if soil else None
        lines = [told(barrier_factor(m, chosen, note)) for m in barrier_materials()]
    except (RuleError, ValueError) as exc:
        error = str(exc) if isinstance(exc, RuleError) else "Soil BF must be a whole number."
        lines = [told(barrier_factor(m, None, note)) for m in barrier_materials()]
    return card(
        "aft-ref-bf-h",
        "Barrier factors and carrying places",
        why(["AFT-40 (T31, * note AFT-M25), AFT-34 (T24)"]),
        h(
            "div",
            {"class": "grid2"},
            number(
                "aft-ref-soil",
                "Soil Barrier Factor, 8-20 (yours)",
                state["soil_bf"],
                RefField("soil_bf"),
                error=error,
            ),
            field(
                "aft-ref-star-note",
                "The * footnote, missing from the text (yours)",
                note,
                RefField("star_note"),
            ),
        ),
        h(
            "ul",
            {"class": "small", "data-testid": "aft-ref-barriers"},
            *[h("li", {}, words) for words, _ in lines],
        ),
        whys(lines),
        h(
            "p",
            {"class": "small muted"},
            "How a Barrier Factor stops a bullet or a blow is not in this text. A character may "
            "carry 1 thing on the back, 1 up to Very Large in each hand, 1 over each shoulder and "
            "10 on a belt.",
        ),
    )


def stopping_card(state: dict[str, Any]) -> VNode:
    text: Told = ("Enter the character's PCA.", ())
    if state["pca"].strip():
        try:
            text = told(
                stopping(int(state["category"]), int(state["pca"]), int(state["knock"] or "0"))
            )
        except (RuleError, ValueError) as exc:
            text = refusal("Stopping", exc)
    return card(
        "aft-ref-stop-h",
        "Stopping forward motion, and the horse",
        why(["AFT-35 (T25), AFT-30 (T19)"]),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-ref-category",
                "Movement category",
                state["category"],
                [(c, c) for c in ("3", "2", "1", "0")],
                RefField("category"),
            ),
            number("aft-ref-pca", "PCA", state["pca"], RefField("pca")),
            number(
                "aft-ref-knock",
                "Knock-back (metres)",
                state["knock"],
                RefField("knock"),
            ),
        ),
        *said(text, "aft-ref-stopping"),
        *said((horse(), ("AFT-30", "AFT-T19")), "aft-ref-horse", css="small"),
    )
