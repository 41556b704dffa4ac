"""Buttons: one kind for every page, a 44 px touch target (see ``app.css``).

>>> b = button("roll", "Roll", ("dice.roll",), primary=True)
>>> b.attr("class"), b.attr("data-testid"), b.attr("data-on-click")
('primary', 'roll', '["dice.roll"]')
"""

from __future__ import annotations

from typing import Literal

from rkweb.app.messages import Action
from rkweb.app.vdom import VNode, h

Tone = Literal["primary", "secondary", "danger"]


def button(
    testid: str | None,
    label: str,
    msg: Action,
    *,
    primary: bool = False,
    tone: Tone | None = None,
    disabled: bool = False,
    title: str | None = None,
) -> VNode:
    """A button sending ``msg``; ``primary`` for the step's main action."""
    chosen: Tone = tone or ("primary" if primary else "secondary")
    return h(
        "button",
        {
            "type": "button",
            "class": chosen,
            "data-testid": testid,
            "disabled": disabled,
            "title": title,
            "on_click": msg,
        },
        label,
    )
