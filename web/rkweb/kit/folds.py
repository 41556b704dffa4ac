"""A fold (``<details>``) whose contents are drawn only while it is open (issue 33: the Combat
tabs drew every closed fold's fields, hundreds of nodes no one saw, at each tap and on each
opening of the tab).

The fold's open state is the page's UI state (``model.ui``), not the browser's: tapping the
summary sends ``shell.fold`` (the glue keeps the browser from toggling the ``<details>`` itself,
``app/browser.py``), and the next view draws the contents. The shell sets the folds opened
around a page's view (:func:`folds_opened`), as it does for the logs drawn whole, so a fold
needs no parameter; it forgets them when the page or its tab changes (a tab drawn afresh opens
with its folds closed, as before).

>>> from rkweb.app.vdom import text_of
>>> shut = fold("f", "More", lambda: [h("p", {}, "inside")])
>>> shut.attr("open"), text_of(shut), shut.children[0].attr("data-on-click")
(None, 'More', '["shell.fold", "f", true]')
>>> with folds_opened({"f": True}):
...     opened = fold("f", "More", lambda: [h("p", {}, "inside")])
>>> opened.attr("open"), text_of(opened)
('', 'Moreinside')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from rkweb.app.messages import Message
from rkweb.app.vdom import Child, VNode, h

# The folds the user opened or closed (their keys: True opened, False closed), set around a
# page's view by the shell from the model (``shell.fold``).
_OPENED: ContextVar[Mapping[str, bool] | None] = ContextVar("folds_opened", default=None)


class Fold(Message, action="shell.fold"):
    """A fold (``key``) opened or closed (its summary tapped): a view choice, not a change to
    undo (the fold builds it, the shell takes it)."""

    key: str
    opened: bool


@contextmanager
def folds_opened(opened: Mapping[str, bool]) -> Iterator[None]:
    """Within this block the folds of ``opened`` are open (True) or closed (False)."""
    token = _OPENED.set(opened)
    try:
        yield
    finally:
        _OPENED.reset(token)


def is_open(key: str, default: bool = False) -> bool:
    """Whether the fold ``key`` is open: as the user left it, else ``default``."""
    return bool((_OPENED.get() or {}).get(key, default))


def fold(
    testid: str | None,
    summary: Child | list[Child],
    contents: Callable[[], Any],
    *,
    key: str | None = None,
    default: bool = False,
    attrs: Mapping[str, Any] | None = None,
    summary_attrs: Mapping[str, Any] | None = None,
) -> VNode:
    """A ``<details>`` (``testid``) whose ``contents()`` are built only while it is open; its
    open state is kept under ``key`` (``testid`` unless given: a fold whose default changes with
    the fight, e.g. open before the first turn, takes a key naming that state too), closed
    unless ``default``. Opening it patches the same element (the focus stays on its summary)."""
    name = key or testid or ""
    opened = is_open(name, default)
    return h(
        "details",
        {
            **(attrs or {}),
            "data-testid": testid,
            "open": True if opened else None,
        },
        h(
            "summary",
            {**(summary_attrs or {}), "on_click": Fold(name, not opened)},
            *(summary if isinstance(summary, list) else [summary]),
        ),
        contents() if opened else None,
    )
