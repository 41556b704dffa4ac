"""Opening a share link: what it holds, and its import (a copy; "replace or keep both" when a
record with the same id is already here). A damaged link says what is wrong and changes nothing."""

from __future__ import annotations

from functools import lru_cache

from pycore.errors import StorageError
from pycore.share import KIND_NAMES, PLACES, PublicFight, ShareRecord, decode
from pycore.share.public import SYSTEM_NAMES
from pycore.share.records import BUNDLE, FIGHT
from rkweb.app.messages import Message
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.features.share import sheet
from rkweb.features.share.sheet import local_time
from rkweb.kit.buttons import button


# The preview's messages (the page's ``HANDLERS`` take them; declared here, where they are built).
class OpenRecord(Message, action="share.open_record"):
    """ "Open it": the imported record's page, on its tab."""


class Import(Message, action="share.import"):
    """Import the record: ``how`` is ``add``, ``replace`` or ``keep`` (both)."""

    how: str


class KeepAsked(Message, action="share.keep_asked"):
    """Import the record with what its import asked about, the GM keeping it (logged)."""


class RefuseAsked(Message, action="share.refuse_asked"):
    """Leave the record out: nothing here changes."""


@lru_cache(maxsize=8)
def _decoded(payload: str) -> ShareRecord | str:
    try:
        return decode(payload)
    except StorageError as exc:
        return str(exc)


def fight_view(fight: PublicFight, testid: str = "player-view", as_of: str = "") -> VNode:
    """The players' view of a fight (also the player window's page); ``as_of``: the time of a
    snapshot, which does not follow the fight (a live view has none)."""
    current = fight.current
    return h(
        "section",
        {"class": "card player-view", "data-testid": testid, "aria-live": "polite"},
        h(
            "p",
            {"class": "muted player-system", "data-testid": "player-system"},
            SYSTEM_NAMES[fight.system],
        ),
        h(
            "p",
            {"class": "notice", "data-testid": "player-as-of"},
            f"Snapshot of {as_of}: it does not follow the fight. Ask for a new one.",
        )
        if as_of
        else None,
        h("p", {"class": "player-turn", "data-testid": "player-turn"}, fight.heading),
        h(
            "p",
            {"class": "player-current", "data-testid": "player-current"},
            f"{current} to act" if current else "Waiting for initiative",
        ),
        h(
            "ol",
            {"class": "player-order", "data-testid": "player-order"},
            *[
                h(
                    "li",
                    {
                        "class": "current" if now else None,
                        "aria-current": "true" if now else None,  # the one acting, said
                        "data-testid": "player-entry",
                    },
                    h("strong", {}, name),
                    f" · {status}" if status != "ok" else "",
                )
                for name, status, now in fight.order
            ],
        ),
        h("p", {"class": "player-result", "data-testid": "player-result"}, fight.result),
    )


def _import_controls(model: Model, record: ShareRecord) -> list[VNode | None]:
    ui = model.ui if model.ui.get("share_for") == model.route_arg else {}  # this link's only
    done = ui.get("share_done")
    if done:
        return [
            h(
                "p",
                {"class": "ok", "role": "status", "data-testid": "share-imported"},
                f"{done['name']} {done['how']}. ",
                button("share-go", "Open it", OpenRecord(), primary=True)
                if done.get("kind") != FIGHT
                else None,
            )
        ]
    asked = ui.get("share_asked")
    if asked:
        # valid values the text implies otherwise: the GM's to keep or leave out
        return [
            h(
                "div",
                {"class": "keep-asked"},
                h(
                    "p",
                    {"class": "field-error", "role": "alert", "data-testid": "share-asked"},
                    asked,
                ),
                h(
                    "div",
                    {"class": "row keep-row"},
                    button("share-keep-asked", "Keep these rows (GM; logged)", KeepAsked()),
                    button("share-refuse-asked", "Don't import", RefuseAsked()),
                ),
            )
        ]
    clash = ui.get("share_clash")
    if clash:
        # A record kept in a list, or a party: a shared copy can sit beside the one here.
        listed = record.kind == BUNDLE or (record.kind in PLACES and PLACES[record.kind].is_list)
        if record.kind == "bundle":
            said = (
                f"{clash}: already here, shared before. Replace them, or keep both (your "
                "settings and tables stay as they are)?"
            )
        elif listed:
            said = f"“{clash}” here is the same record, shared before. Replace it, or keep both?"
        else:
            said = f"This replaces your {clash}."
        return [
            h("p", {"role": "alert", "data-testid": "share-clash"}, said),
            h(
                "div",
                {"class": "row"},
                button("share-replace", "Replace", Import("replace")),
                button("share-keep-both", "Keep both", Import("keep")) if listed else None,
            ),
        ]
    error = ui.get("share_import_error")
    return [
        button("share-import", "Import", Import("add"), primary=True),
        h(
            "p",
            {"role": "status", "data-testid": "share-refused"},
            "Not imported: nothing here changed.",
        )
        if ui.get("share_refused")
        else None,
        h("p", {"class": "field-error", "role": "alert"}, error) if error else None,
    ]


def view(model: Model) -> VNode:
    found = _decoded(model.route_arg)
    if isinstance(found, str):
        return h(
            "section",
            {"class": "card", "data-testid": "share-error", "role": "alert"},
            h("h3", {}, "This share link cannot be read"),
            h("p", {}, f"{found[0].upper()}{found[1:]}. Nothing was changed."),
            h("p", {"class": "muted"}, "Ask for the link again, or for the file."),
        )
    when = local_time(found.updated_at, model.env.now)
    kind = KIND_NAMES[found.kind]
    if found.kind == FIGHT:
        return fight_view(PublicFight.of(found.data), "share-preview", when)
    # The Import button first: on a phone it is in view without scrolling past the sheet.
    return h(
        "section",
        {
            "class": "card share-preview",
            "data-testid": "share-preview",
            "aria-labelledby": "share-prev-h",
        },
        # One record of its kind (settings, tables) is named by its kind alone.
        h("h3", {"id": "share-prev-h"}, found.name if found.name == kind else str(found)),
        h("p", {"class": "muted"}, f"{kind}, last changed {when}."),
        *_import_controls(model, found),
        sheet.view(found),
    )
