"""The "Share" button every shareable record's view shows; the share page does the rest.

>>> b = share_button("simply.character", 0, "Mara")
>>> b.attr("data-testid"), b.attr("data-on-click")
('share', '["share.open", "simply.character", 0]')
"""

from __future__ import annotations

from rkweb.app.messages import Message
from rkweb.app.vdom import VNode
from rkweb.kit.buttons import button


class Open(Message, action="share.open"):
    """Share one record of ``kind`` (``ref`` finds it again: its index, id, or a system); the
    share page takes it."""

    kind: str
    ref: int | str


def share_button(kind: str, ref: int | str, name: str, testid: str = "share") -> VNode:
    """Opens the share panel (link, QR code, file) for one record; ``ref`` finds it again."""
    return button(testid, f"Share {name}", Open(kind, ref))


def share_all_button(system: str, label: str) -> VNode:
    """Opens the share panel for every record of ``system`` at once (its party, settings and
    tables; "" for the whole campaign): one file, and a link when it fits in one.

    >>> share_all_button("gurps", "Share every fighter and setting").attr("data-on-click")
    '["share.open", "bundle", "gurps"]'
    """
    return button("share-all", label, Open("bundle", system))
