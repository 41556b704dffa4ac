"""The share panel: one record as a link, a QR code (when it scans readily) and a file; and the
cards to open a share someone sent and to show the fight on a second screen."""

from __future__ import annotations

from typing import Any

from pycore.share import qr_code
from pycore.share.files import file_name, file_text
from pycore.share.link import LINK_CHARS
from pycore.share.public import SYSTEM_NAMES
from pycore.share.public_pick import chosen
from pycore.share.qr import QUIET_ZONE
from pycore.share.records import FIGHT
from rkweb.app.messages import Message, entered, send
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, h
from rkweb.kit.buttons import button
from rkweb.kit.fields import select
from rkweb.kit.numbers import bytes_text
from rkweb.kit.share import share_all_button


# The panel's messages (the page's ``HANDLERS`` take them; declared here, where they are built).
class Paste(Message, action="share.paste"):
    """A share link, as pasted."""

    text: str = entered(default="")


class FileText(Message, action="share.file_text"):
    """A shared file's text (the browser reads the file and appends it)."""

    text: str = entered(default="")


class PlayerFight(Message, action="share.player_fight"):
    """Which fight the players' view shows, as chosen."""

    choice: str = entered(default="")


class OpenFight(Message, action="share.open_fight"):
    """A snapshot of the fight, as players see it, to share."""


def link_of(model: Model, payload: str) -> str:
    return f"{model.env.base_url}#/share/{payload}"


def qr_svg(text: str, testid: str) -> VNode:
    """The QR code of ``text`` as one SVG path, drawn as wide as the card (issue 31: 352 px in
    a 740 px card), or words saying what to send instead."""
    code = qr_code(text)
    if code is None or not code.scannable:
        return h(
            "p",
            {"class": "notice", "data-testid": f"{testid}-too-large"},
            "This record is too much for one QR code a phone can read. Send it instead: "
            "“Copy link” and paste the link into a message, or “Send the link and file” "
            "(or a download) and open the file on the other device.",
        )
    side = code.size + 2 * QUIET_ZONE
    return h(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": f"0 0 {side} {side}",
            "class": "qr",
            "role": "img",
            "aria-label": f"QR code of the link ({code})",
            "data-testid": testid,
            "data-version": code.version,
            "shape-rendering": "crispEdges",
        },
        h("rect", {"width": side, "height": side, "fill": "#fff"}),
        h("path", {"d": code.path(), "fill": "#000"}),
    )


def view(model: Model) -> VNode:
    out: dict[str, Any] = model.ui.get("share_out") or {}
    if out.get("error"):
        return h(
            "section",
            {"class": "card", "data-testid": "share-panel"},
            h("p", {"class": "field-error", "role": "alert"}, f"Cannot share: {out['error']}"),
        )
    payload, name = str(out["payload"]), str(out["name"])
    link = link_of(model, payload)
    fits = len(link) <= LINK_CHARS
    code = qr_code(link) if fits else None
    size = f"The link is {len(link)} characters ({bytes_text(len(payload))} of data)"
    size += f"; QR version {code.version}." if code else "."
    return h(
        "section",
        {"class": "card share-panel", "aria-labelledby": "share-h", "data-testid": "share-panel"},
        h("h3", {"id": "share-h"}, f"Share {name}"),
        h(
            "p",
            {"class": "muted"},
            "Scan the code with a phone's camera, or send the link or the file. "
            + (
                "Whoever opens it sees the fight as it was at this moment"
                if out.get("kind") == FIGHT
                else "Whoever opens it sees the record first and chooses to import it"
            )
            + "; nothing goes through a server.",
        ),
        *(_link_parts(model, link, payload, name) if fits else _file_only(payload, name, link)),
        h("p", {"class": "muted small", "data-testid": "share-size"}, size),
    )


def _link_parts(model: Model, link: str, payload: str, name: str) -> list[VNode]:
    """The QR code, "Copy link", the share sheet with the link and the file, and the link."""
    return [
        qr_svg(link, "share-qr"),
        h(
            "div",
            {"class": "row"},
            button("share-copy", "Copy link", send("app", "copy", link), primary=True),
            button(
                "share-file",
                "Send the link and file",
                send("app", "share_file", file_name(name), file_text(payload, name), link),
            ),
        ),
        _copied(model.ui.get("share_copied")),
        h(
            "p",
            {"class": "share-link"},
            h("a", {"href": link, "data-testid": "share-link", "class": "break"}, link),
        ),
    ]


def _file_only(payload: str, name: str, link: str) -> list[VNode]:
    """A share too long for a link a message carries whole: the file, and what to do with it."""
    return [
        h(
            "p",
            {"class": "notice", "data-testid": "share-link-too-long"},
            f"This is too much for one link ({len(link):,} characters; a message app may cut "
            f"a link longer than {LINK_CHARS:,}). Send it as a file instead: “Send the file” "
            "(or a download), then on the other device open Share and import, “Open a shared "
            "file…”.",
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "share-file",
                "Send the file",
                send("app", "share_file", file_name(name), file_text(payload, name)),
                primary=True,
            ),
        ),
    ]


def _copied(done: object) -> VNode:
    """What "Copy link" did: the clipboard holds the link, or it could not be reached."""
    words = {
        True: "The link is copied: paste it into a message.",
        False: "This browser did not let the page copy: press on the link below and copy it.",
    }
    return h(
        "p",
        {"class": "ok" if done else "field-error", "role": "status", "data-testid": "share-copied"},
        words.get(done, "") if isinstance(done, bool) else "",
    )


def open_card(model: Model) -> VNode:
    error = model.ui.get("share_paste_error") or ""
    return h(
        "section",
        {"class": "card", "aria-labelledby": "share-open-h"},
        h("h3", {"id": "share-open-h"}, "Open a share"),
        h(
            "div",
            {"class": "field"},
            h("label", {"for": "share-paste"}, "Paste a share link"),
            h(
                "input",
                {
                    "id": "share-paste",
                    "type": "url",
                    "data-testid": "share-paste",
                    "aria-describedby": "share-paste-error",
                    "on_change": Paste(),
                },
            ),
            h(
                "p",
                {"id": "share-paste-error", "class": "field-error", "role": "alert"},
                error,
            ),
        ),
        h("label", {"class": "button secondary", "for": "share-file-in"}, "Open a shared file…"),
        h(
            "input",
            {
                "id": "share-file-in",
                "type": "file",
                "accept": ".json,application/json",
                "class": "visually-hidden",
                "data-testid": "share-file-in",
                "on_change": send("app", "read_file", FileText.ACTION),
            },
        ),
    )


def campaign_card() -> VNode:
    """Every record of every system in one share: a file, and a link when it fits in one."""
    return h(
        "section",
        {"class": "card", "aria-labelledby": "share-all-h"},
        h("h3", {"id": "share-all-h"}, "The whole campaign"),
        h(
            "p",
            {"class": "muted"},
            "Every character, fighter, campaign setting and GM table of every game, in one "
            "share. Each game's page also shares its own party and settings.",
        ),
        share_all_button("", "Share the whole campaign"),
    )


def player_card(model: Model) -> VNode:
    shown = [("latest", "The fight the GM is running"), *SYSTEM_NAMES.items()]
    return h(
        "section",
        {"class": "card", "aria-labelledby": "share-player-h"},
        h("h3", {"id": "share-player-h"}, "Players' view of the fight"),
        h(
            "p",
            {"class": "muted"},
            "The order, whose turn it is, names, visible conditions and the last result; no "
            "hit points, luck, skills or target numbers. The second window follows the fight "
            "live.",
        ),
        select(
            "player-fight",
            "Fight to show",
            chosen(model.history.state),
            shown,
            PlayerFight(),
            error=str(model.ui.get("share_player_error") or ""),
            hint="The fight of the last roll, attack or turn; editing a sheet does not change it.",
        ),
        h(
            "div",
            {"class": "row"},
            button(
                "player-open",
                "Open player view",
                send("app", "open_window", "#/player"),
                primary=True,
            ),
            button("player-snapshot", "Snapshot for phones", OpenFight()),
        ),
    )
