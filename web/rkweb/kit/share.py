"""The "Share" button every shareable record's view shows; the share page does the rest.

>>> b = share_button("simply.character", 0, "Mara")
>>> b.attr("data-testid"), b.attr("data-on-click")
('share', '["share.open", "simply.character", 0]')
"""

from __future__ import annotations

from rkweb.app.messages import send
from rkweb.app.vdom import VNode
from rkweb.kit.buttons import button


def share_button(kind: str, ref: int | str, name: str) -> VNode:
    """Opens the share panel (link, QR code, file) for one record; ``ref`` finds it again."""
    return button("share", f"Share {name}", send("share", "open", kind, ref))
