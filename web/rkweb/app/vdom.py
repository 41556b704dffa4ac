"""A tiny virtual DOM: pages return trees of :class:`VNode`; the browser glue patches the page.

Safe by construction: text children become text nodes and attributes are set one by one, so a
character named ``<img src=x onerror=alert(1)>`` is only a strange name. There is no way to pass
raw HTML. Events are data, not callables: ``on_click=("roll",)`` renders as a ``data-on-click``
attribute holding the message, and one delegated listener per event type dispatches it. Trees are
plain values, so a page's view can be compared and tested without a browser.

>>> node = h("li", {"class": "roll", "data-testid": "roll-log-entry"}, "3d6 = 11")
>>> node.tag, node.attr("class"), text_of(node)
('li', 'roll', '3d6 = 11')
>>> h("button", {"on_click": ("roll",)}, "Roll").attr("data-on-click")
'["roll"]'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Union

from rkweb.app.messages import Msg as Msg  # where pages have always found it
from rkweb.app.messages import wire

Child = Union["VNode", str]

SVG_TAGS = frozenset({"svg", "rect", "g", "line", "title", "text", "path"})
EVENTS = ("click", "input", "change", "submit")


@dataclass(frozen=True)
class VNode:
    tag: str
    attrs: tuple[tuple[str, str], ...]
    children: tuple[Child, ...]

    def attr(self, name: str) -> str | None:
        for key, value in self.attrs:
            if key == name:
                return value
        return None

    @property
    def key(self) -> str | None:
        return self.attr("data-key")


FIELDS = ("input", "select", "textarea")


def same_element(old: VNode, new: VNode) -> bool:
    """Whether the DOM element rendered from ``old`` may be patched into ``new``. A field that
    is another field (its id or test id differs) is a new element: a patched one would keep the
    text typed into the old field (the dice total showing up in the share page's link field).

    >>> same_element(h("input", {"id": "a"}), h("input", {"id": "a", "value": "2"}))
    True
    >>> same_element(h("input", {"id": "dice"}), h("input", {"id": "share-paste"}))
    False
    """
    if old.tag != new.tag or old.key != new.key:
        return False
    if new.tag not in FIELDS:
        return True
    return all(old.attr(name) == new.attr(name) for name in ("id", "data-testid", "type"))


def _attr_value(value: Any) -> str | None:
    if value is None or value is False:
        return None
    if value is True:
        return ""
    return str(value)


def _flatten(children: Iterable[Any]) -> Iterable[Child]:
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (VNode, str)):
            yield child
        elif isinstance(child, (list, tuple)):
            yield from _flatten(child)
        else:
            yield str(child)


def h(tag: str, attrs: Mapping[str, Any] | None = None, *children: Any) -> VNode:
    """Build a node. ``on_<event>`` takes a message (typed, or a tuple); ``None``/``False`` drop an attribute."""
    pairs: list[tuple[str, str]] = []
    for name, value in (attrs or {}).items():
        if name.startswith("on_"):
            event = name[3:]
            if event not in EVENTS:
                raise ValueError(f"unsupported event {event!r}; use one of {EVENTS}")
            pairs.append((f"data-on-{event}", json.dumps(list(wire(value)))))
            continue
        rendered = _attr_value(value)
        if rendered is not None:
            pairs.append((name, rendered))
    return VNode(tag, tuple(pairs), tuple(_flatten(children)))


def text_of(node: Child) -> str:
    """All the text in a tree, as a reader would see it run together."""
    if isinstance(node, str):
        return node
    return "".join(text_of(child) for child in node.children)


def find_all(node: Child, testid: str) -> list[VNode]:
    """Every node with ``data-testid=testid``, in document order (for tests and the glue)."""
    if isinstance(node, str):
        return []
    found = [node] if node.attr("data-testid") == testid else []
    for child in node.children:
        found.extend(find_all(child, testid))
    return found


def message_from(raw: str) -> Msg:
    """Decode a ``data-on-*`` attribute back into its message."""
    value = json.loads(raw)
    return tuple(value) if isinstance(value, list) else (value,)
