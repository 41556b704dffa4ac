"""The messages the glue (:mod:`rkweb.app.browser`) sends for the browser's own events: the
clipboard's answer, the GM window's view for the players' window, an imported file's text or why
it could not be read, and the first odds once icepool is loaded. The glue imports no page, so
their classes are here; the page that takes each imports it for its handler (the dice page's
"Show odds" button sends :class:`Odds` too)."""

from __future__ import annotations

from rkweb.app.messages import Message


class Copied(Message, action="share.copied"):
    """The glue's answer to "Copy link": copied, or not."""

    done: bool


class Update(Message, action="player.update"):
    """The GM's window sent a new public view (as JSON text; the glue forwards it)."""

    text: str


class ImportText(Message, action="settings.import_text"):
    """A file's text, read by the browser, to import."""

    text: str


class ImportFailed(Message, action="settings.import_error"):
    """Why the browser could not read the file to import."""

    error: str


class Odds(Message, action="dice.odds"):
    """Show the odds of the expression."""
