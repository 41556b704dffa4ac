"""About: where each rule text comes from, the publishers' notices, versions of app and tables."""

from __future__ import annotations

import pycore
from pycore.systems.system import systems
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import Msg, VNode, h

# Each rule text's source and notice, from the system descriptors.
SOURCES = tuple((s.credit.source, s.key, s.credit.covers, s.credit.notice) for s in systems())

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
