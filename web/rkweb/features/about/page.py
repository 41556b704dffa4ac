"""About: where each rule text comes from, the publishers' notices, versions of app and tables."""

from __future__ import annotations

import pycore
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h

SOURCES = (
    (
        "Simply Roleplaying!",
        "simply",
        "Seed 002: tasks, tests, contests, character building, armor, skills, the Master Damage "
        "Tables, combat, injury and recovery.",
        "Simply Roleplaying! is copyright 2002 MicroTactix Inc. The rulebook grants permission to "
        "photocopy it for personal use. Rulekeeper does not reproduce its prose; you need the book.",
    ),
    (
        "3d6 combat and injury (GURPS Lite style)",
        "gurps",
        "Seeds 003 and 004: critical failure, effective skill, wounding, hit locations, injury "
        "tolerance, turn sequence, maneuvers, active defenses, damage and injury.",
        "GURPS is a trademark of Steve Jackson Games, and its rules and art are copyrighted by Steve "
        "Jackson Games. All rights are reserved by Steve Jackson Games. This game aid is the original "
        "creation of the Rulekeeper team and is released for free distribution, and not for resale, "
        "under the permissions granted in the Steve Jackson Games Online Policy.",
    ),
    (
        "Aftermath!-style BCS/DAT tactical rules",
        "aftermath",
        "Seed 001: critical tables, situation modifiers, hit locations, weapons and armor, range, "
        "encumbrance, movement and more.",
        "Aftermath! is a trademark of Fantasy Games Unlimited, which holds the copyright of its "
        "rules. Rulekeeper is an unofficial, free fan aid, not affiliated with or endorsed by "
        "Fantasy Games Unlimited.",
    ),
    (
        "Percentile sci-fi combat",
        "percentile",
        "Seed 000: surprise, primary attack, agility points, brawlmanship and marksmanship, "
        "grenades, damage, grazing shots and organ damage.",
        "The publisher of this text could not be identified from the excerpt; all rights remain "
        "with its authors. Rulekeeper does not reproduce the tables the text leaves out: you enter "
        "them from your own copy.",
    ),
)

COLUMNS = ("System", "Table", "ID", "Version", "Source")


def view(model: Model) -> VNode:
    # Imported on first view: the tables (and tomllib) are not needed to start the app.
    from pycore.tables import table_versions

    sources = [
        h(
            "article",
            {"class": "source", "data-testid": f"source-{short}"},
            h("h3", {}, name),
            h("p", {}, what),
            h("p", {"class": "notice"}, notice),
        )
        for name, short, what, notice in SOURCES
    ]
    tables = [
        h(
            "tr",
            {},
            h("td", {}, t.system),
            h("td", {}, t.table),
            h("td", {}, t.id),
            h("td", {}, str(t.version)),
            h("td", {}, t.source),
        )
        for t in table_versions()
    ]
    return h(
        "div",
        {"class": "page about-page"},
        h(
            "section",
            {"class": "card", "aria-labelledby": "about-h"},
            h("h2", {"id": "about-h"}, "About Rulekeeper"),
            h(
                "p",
                {},
                "Rulekeeper is a free table companion for game masters and players. It runs "
                "entirely on this device, works offline and keeps your data in this browser.",
            ),
            h("p", {"class": "strong"}, "Rulekeeper is free and not for resale."),
            h(
                "p",
                {},
                "App version ",
                h("strong", {"data-testid": "app-version"}, pycore.__version__),
                ".",
            ),
        ),
        h(
            "section",
            {"class": "card", "aria-labelledby": "src-h"},
            h("h2", {"id": "src-h"}, "The rule texts and their owners"),
            *sources,
        ),
        h(
            "section",
            {"class": "card", "aria-labelledby": "tables-h"},
            h("h2", {"id": "tables-h"}, "Rule tables"),
            h(
                "p",
                {},
                f"{len(tables)} tables transcribed from the four texts, each checked against its "
                "schema when it loads.",
            ),
            # Table IDs and the seed lines each comes from: inside the explanation a user opens.
            h(
                "details",
                {"class": "why", "data-testid": "tables-why"},
                h("summary", {}, "Where each table comes from"),
                h(
                    "table",
                    {"class": "data", "data-testid": "table-versions"},
                    h("thead", {}, h("tr", {}, *[h("th", {"scope": "col"}, c) for c in COLUMNS])),
                    h("tbody", {}, *tables),
                ),
            ),
        ),
    )


ACTIONS: frozenset[str] = frozenset()


def update(model: Model, msg: Msg, ctx: Ctx) -> Model:
    """The About page takes no messages; the shell refuses any before they reach here."""
    return model
