"""Encumbrance: an item's ENC from its Bulk and Mass and the status a load gives against the
character's ENC CAP (not computed in this text); and a speed in kph on the DAT display."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.gear.encumbrance import BULKS, MASSES, enc_value, encumbrance_status
from pycore.systems.aftermath.reference.movement import kph_to_dat
from pycore.systems.aftermath.rounding import show
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.reference.update import RefField
from rkweb.features.aftermath.words import Told, refusal, said, told
from rkweb.kit.fields import number, select
from rkweb.kit.results import card, why


def encumbrance_card(state: dict[str, Any]) -> VNode:
    item: Told
    try:
        item = f"ENC {show(enc_value(state['bulk'], state['mass']))}", ("AFT-32", "AFT-T22")
    except RuleError as exc:
        item = str(exc), exc.rules
    status: Told = (
        "Enter the ENC carried and the character's ENC CAP (not computed in this text).",
        (),
    )
    if state["carried"].strip() and state["cap"].strip():
        try:
            status = told(encumbrance_status(Fraction(state["carried"]), int(state["cap"])))
        except (RuleError, ValueError, ZeroDivisionError) as exc:
            status = refusal("ENC carried / ENC CAP", exc)
    return card(
        "aft-ref-enc-h",
        "Encumbrance",
        why(["AFT-32, AFT-33"]),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-ref-bulk",
                "Bulk",
                state["bulk"],
                [(b, b) for b in BULKS],
                RefField("bulk"),
            ),
            select(
                "aft-ref-mass",
                "Mass",
                state["mass"],
                [(m, m) for m in MASSES],
                RefField("mass"),
            ),
            number(
                "aft-ref-carried",
                "ENC carried",
                state["carried"],
                RefField("carried"),
            ),
            number("aft-ref-cap", "ENC CAP (yours)", state["cap"], RefField("cap")),
        ),
        *said(item, "aft-ref-enc"),
        *said(status, "aft-ref-enc-status"),
    )


def speed_card(state: dict[str, Any]) -> VNode:
    """AFT-43: a vehicle's or runner's kph on the DAT display."""
    text: Told = ("Enter a speed in kph.", ())
    if state["kph"].strip():
        try:
            text = told(kph_to_dat(float(state["kph"])))
        except (RuleError, ValueError) as exc:
            text = refusal("Speed", exc)
    return card(
        "aft-ref-kph-h",
        "KPH to DAT movement",
        why(["AFT-43"]),
        number("aft-ref-kph", "Speed (kph)", state["kph"], RefField("kph")),
        *said(text, "aft-ref-kph-result"),
    )
