"""Messages: every user action is a tuple ``("<feature>.<action>", *args)``.

The feature is a route of the registry, or ``shell`` (undo, redo, navigation, banners) or ``app``
(the browser's own effects: export, print, downloads, reading a file). The shell routes a message
to the feature it names; a message naming no feature, or an action its feature does not list in
``ACTIONS``, is an :class:`UnknownMessage`: an error in tests, ignored with a console warning in
the page, never handed to another feature.

>>> send("dice", "roll"), split(("gurps.attack.roll", 3))
(('dice.roll',), ('gurps', 'attack.roll'))
>>> check(("dice.fly",), frozenset({"roll"}))
Traceback (most recent call last):
...
rkweb.app.messages.UnknownMessage: dice has no action 'fly'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rkweb.app.vdom import Msg

if TYPE_CHECKING:
    from rkweb.app.model import Ctx, Model

#: What a page does with one of its messages: its table maps the action's name to one of these,
#: and the page's ``ACTIONS`` are that table's names (never a second, hand-kept list).
Handler = Callable[["Model", Msg, "Ctx"], "Model"]

SHELL = "shell"
SHELL_ACTIONS = frozenset({"undo", "redo", "route", "dismiss_banner", "show_log"})
APP = "app"
# The glue carries these out itself: they touch the browser, not the model.
APP_ACTIONS = frozenset(
    {
        "export",
        "print",
        "download",
        "import_file",
        "read_file",
        "q_download",
        "q_delete",
        "q_restore",
        "share_file",
        "copy",
        "share_everything",
        "open_window",
        "reload",
    }
)


class UnknownMessage(Exception):
    """A message no feature takes."""


def send(feature: str, action: str, *args: Any) -> Msg:
    return (f"{feature}.{action}", *args)


def split(msg: Msg) -> tuple[str, str]:
    """``(feature, action)`` of a message; ``("", "")`` for one that names neither."""
    kind = msg[0] if msg else None
    if not isinstance(kind, str) or "." not in kind:
        return "", ""
    feature, action = kind.split(".", 1)
    return feature, action


def check(msg: Msg, actions: frozenset[str]) -> None:
    """Raise :class:`UnknownMessage` unless the message's action is one of ``actions``."""
    if split(msg)[1] not in actions:
        raise unknown(msg)


def unknown(msg: Msg) -> UnknownMessage:
    """The error for a message that reached a page whose handlers take none of it."""
    feature, action = split(msg)
    return UnknownMessage(f"{feature or repr(msg)} has no action {action!r}")


def handle(handlers: Mapping[str, Handler], model: Model, msg: Msg, ctx: Ctx) -> Model:
    """Hand ``msg`` to the handler its action names; :class:`UnknownMessage` when none does."""
    handler = handlers.get(split(msg)[1])
    if handler is None:
        raise unknown(msg)
    return handler(model, msg, ctx)
