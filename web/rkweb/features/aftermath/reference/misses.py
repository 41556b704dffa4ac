"""Critical misses (the Armed, Bow, Unarmed, black-powder and modern firearm tables) with the
odds of each result and a D100 roll, the chamber explosion of a firearm; and the Reaction roll
with its running sum of Value Numbers. The tab's rolls are logged here."""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.attack.critical_misses import KINDS, critical_miss_odds
from pycore.systems.aftermath.reference.reaction import reaction_odds, value_sum
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.aftermath.reference.update import (
    RefField,
    RefReaction,
    RefReactionClear,
    RefRoll,
)
from rkweb.features.aftermath.state import err
from rkweb.kit.buttons import button
from rkweb.kit.fields import number, select
from rkweb.kit.odds import odds_list
from rkweb.kit.results import card, log_list, why

TABLES = {
    "armed": "Armed combat",
    "bow": "Bow and crossbow",
    "unarmed": "Unarmed or natural",
    "black powder": "Black-powder firearm",
    "modern": "Modern firearm",
}


def misses_card(model: Model, state: dict[str, Any]) -> VNode:
    odds = critical_miss_odds(state["kind"]) if state["kind"] in KINDS else {}
    log = state["log"]
    return card(
        "aft-ref-miss-h",
        "Critical misses",
        why(["AFT-28 (T12-T14), AFT-53 (T44), AFT-54 (T45)"]),
        h(
            "div",
            {"class": "grid2"},
            select(
                "aft-ref-kind",
                "Table",
                state["kind"],
                [(k, TABLES.get(k, k)) for k in KINDS],
                RefField("kind"),
            ),
            number(
                "aft-ref-bdg",
                "BDG of the round (firearms)",
                state["bdg"],
                RefField("bdg"),
            ),
            number(
                "aft-ref-durability",
                "Weapon Durability (firearms)",
                state["durability"],
                RefField("durability"),
            ),
        ),
        odds_list("aft-ref-odds", list(odds.items())),
        button("aft-ref-roll", "Roll D100", RefRoll(), primary=True),
        h("p", {"class": "field-error", "role": "alert"}, err(model, "ref.roll")),
        h("h3", {}, "Rolls on this tab"),
        # Each roll's rules are data of its entry, shown under its own "Why" (issue 25).
        log_list("aft-ref-log-entry", log, label="Rolls on this tab, newest first"),
    )


def reaction_card(state: dict[str, Any]) -> VNode:
    return card(
        "aft-ref-reaction-h",
        "Reaction",
        why(["AFT-31"]),
        odds_list("aft-ref-reaction-odds", list(reaction_odds().items())),
        button("aft-ref-reaction-roll", "Roll a reaction", RefReaction(), primary=True),
        h(
            "p",
            {"class": "explain", "data-testid": "aft-ref-reaction-sum"},
            value_sum(state["reactions"]),
        ),
        button("aft-ref-reaction-clear", "Clear the sum", RefReactionClear()),
        h(
            "p",
            {"class": "small muted"},
            "Modifiers to the roll and how Value Numbers add up are not in the text.",
        ),
    )
