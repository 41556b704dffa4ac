"""Learning (the Learning Rate and the aids and hindrances, the user's reading), climbing (by
BMA, a rope's height), throws (their result and subdual damage) and entanglement."""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.reference.skills_and_moves import (
    climb,
    entanglement,
    learning,
    learning_choices,
    learning_rate,
    throw,
)
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.reference.update import RefField, RefRope, RefStudy, RefThrowDamage
from rkweb.features.aftermath.state import err, optional_int
from rkweb.features.aftermath.words import Told, refusal, said, told
from rkweb.kit.buttons import button
from rkweb.kit.chips import chip, chips
from rkweb.kit.fields import number, select
from rkweb.kit.results import card, why

METHODS = ("Simple rope", "Knotted rope", "Ladder", "Stairs")
LENGTHS = (("", "Not said"), ("XL", "Extra-long"), ("L", "Long"), ("A", "Average"), ("S", "Short"))
RULES = (
    ("", "Not chosen"),
    ("aids_lower", "Aids lower it, hindrances raise it"),
    ("aids_raise", "Aids raise it, hindrances lower it"),
)


def _results(state: dict[str, Any]) -> tuple[Told, Told, Told, Told]:
    """What the core says of the learning, climbing, throw and entanglement entries, each with
    the rules it names."""
    study: Told
    try:
        found = learning(state["study"])
        rate = learning_rate(
            found, optional_int(state["learning_rate"]), state["learning_rule"] or None
        )
        study = f"{found}. {rate}", (*found.rules, "AFT-M22")
    except RuleError as exc:
        study = str(exc), exc.rules
    climbing: Told = ("Enter the character's BMA.", ())
    if state["bma"].strip():
        try:
            climbing = told(
                climb(state["method"], int(state["bma"]), optional_int(state["ladder_bcs"]))
            )
        except (RuleError, ValueError) as exc:
            climbing = refusal("BMA", exc)
    thrown: Told = ("Enter the throw's Effect Number.", ())
    if state["en"].strip():
        try:
            thrown = told(throw(int(state["en"])))
        except (RuleError, ValueError) as exc:
            thrown = refusal("Effect Number", exc)
    tangled: Told = ("Enter the Effect Number and the location hit by an entangling weapon.", ())
    if state["en"].strip() and state["loc"].strip():
        try:
            tangled = told(
                entanglement(int(state["en"]), int(state["loc"]), state["length"] or None)
            )
        except (RuleError, ValueError) as exc:
            tangled = refusal("Entanglement", exc)
    return study, climbing, thrown, tangled


def _learning(state: dict[str, Any], study: Told) -> list[VNode | None]:
    aids = [
        chip(None, label, key in state["study"], RefStudy(key)) for key, label in learning_choices()
    ]
    return [
        chips("Learning aids and hindrances", aids, "aft-ref-study"),
        h(
            "div",
            {"class": "grid2"},
            number(
                "aft-ref-learning-rate",
                "Learning Rate (yours: not in the text)",
                state["learning_rate"],
                RefField("learning_rate"),
            ),
            select(
                "aft-ref-learning-rule",
                "How aids change it (yours)",
                state["learning_rule"],
                RULES,
                RefField("learning_rule"),
            ),
        ),
        *said(study, "aft-ref-learning"),
    ]


def skills_card(model: Model, state: dict[str, Any]) -> VNode:
    study, climbing, thrown, tangled = _results(state)
    return card(
        "aft-ref-skills-h",
        "Learning, climbing, throws",
        why(["AFT-38 (T29, AFT-M22), AFT-37 (T28), AFT-39 (T30), AFT-41 (T32)"]),
        *_learning(state, study),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-ref-method",
                "Climbing on",
                state["method"],
                [(m, m) for m in METHODS],
                RefField("method"),
            ),
            number("aft-ref-bma", "BMA", state["bma"], RefField("bma")),
            number("aft-ref-en", "Throw Effect Number", state["en"], RefField("en")),
        ),
        *said(climbing, "aft-ref-climb"),
        h(
            "div",
            {"class": "grid2"},
            number(
                "aft-ref-rope-save",
                "Strength CST (simple rope) or AST (knotted rope)",
                state["rope_save"],
                RefField("rope_save"),
            ),
            number(
                "aft-ref-ladder-bcs",
                "BCS on a ladder (garbled: −2 read; yours)",
                state["ladder_bcs"],
                RefField("ladder_bcs"),
            ),
        ),
        button(
            "aft-ref-rope-roll",
            "Roll a rope's maximum height (Strength rating below)",
            RefRope(),
        ),
        *said(thrown, "aft-ref-throw"),
        h(
            "div",
            {"class": "grid2"},
            number(
                "aft-ref-thrower-str",
                "Strength rating of the climber or thrower (its Effect Die)",
                state["thrower_str"],
                RefField("thrower_str"),
            ),
            number(
                "aft-ref-blast",
                "Target's Blast Buffering level",
                state["blast"],
                RefField("blast"),
            ),
        ),
        button(
            "aft-ref-throw-damage",
            "Roll throw damage (Effect Number 7+)",
            RefThrowDamage(),
        ),
        h("p", {"class": "field-error", "role": "alert"}, err(model, "ref.throw")),
        number(
            "aft-ref-loc",
            "Entangled location (1-30; uses the Effect Number above)",
            state["loc"],
            RefField("loc"),
        ),
        select(
            "aft-ref-weapon-length",
            "Entangling weapon's length (the torso needs Long or longer)",
            state["length"],
            LENGTHS,
            RefField("length"),
        ),
        *said(tangled, "aft-ref-entangle"),
    )
