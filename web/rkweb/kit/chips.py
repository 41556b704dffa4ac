"""Toggle chips for situational modifiers: pressed shows (``aria-pressed`` and its own style).

>>> c = chip("rear", "From the rear +10", True, ("aftermath.cbt_toggle", "rear"))
>>> c.attr("aria-pressed"), c.attr("class")
('true', 'chip chip-on')
>>> chip_label(chip("new", "Newly acquired target (-2)", True, None, note="Ana last attacked Bo"))
'Newly acquired target (-2)'
"""

from __future__ import annotations

from collections.abc import Sequence

from rkweb.app.messages import Action
from rkweb.app.vdom import VNode, h, text_of
from rkweb.kit.buttons import button


def chip_label(node: VNode) -> str:
    """A chip's own label, without its mark and its note (a summary naming the pressed chips
    ran the note on: "newly acquired target (-2)Ana last attacked Bo")."""
    for child in node.children:
        if isinstance(child, str):
            return child
        if child.attr("class") == "chip-body":
            return text_of(child.children[0]) if child.children else ""
    return text_of(node).removeprefix("✓ ")


def chip(
    testid: str | None,
    label: str,
    pressed: bool,
    msg: Action | None,
    note: str | VNode = "",
    disabled: bool = False,
) -> VNode:
    """A toggle button, large enough to tap; pressed is visible without colour alone (✓).
    ``note``: a second, smaller line (what the choice allows); ``disabled``: a state shown,
    not the user's to change (what the fight applies itself)."""
    attrs = {
        "type": "button",
        "class": "chip chip-on" if pressed else "chip",
        "aria-pressed": "true" if pressed else "false",
        "data-testid": testid,
        "disabled": disabled,
    }
    return h(
        "button",
        {**attrs, "on_click": msg} if msg is not None else attrs,
        h("span", {"class": "chip-mark", "aria-hidden": "true"}, "✓ ") if pressed else None,
        h("span", {"class": "chip-body"}, label, h("span", {"class": "chip-note"}, note))
        if note
        else label,
    )


def chips(
    label: str,
    items: Sequence[VNode],
    testid: str = "",
    *,
    clear: Action | None = None,
) -> VNode:
    """A labelled group of chips, with a "Clear" button when ``clear`` is given."""
    label_id = f"{testid}-label" if testid else None
    return h(
        "div",
        {"class": "field"},
        h("p", {"class": "strong", "id": label_id}, label),
        h(
            "div",
            {
                "class": "quick",
                "role": "group",
                "aria-labelledby": label_id,
                "data-testid": testid or None,
            },
            *items,
            button(f"{testid}-clear" if testid else None, "Clear", clear) if clear else None,
        ),
    )
