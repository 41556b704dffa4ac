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

A page's message is a typed value: a frozen dataclass declared as a :class:`Message`, built by the
view (``on_click=Target(index=2)``, so an IDE goes from the button to the class and from the class
to its handler), written into the page as its action and fields, and read back as the same class
by :func:`handlers`, which also names each handler's action from the class its ``msg`` takes:

>>> class Pick(Message, action="dice.pick"):
...     index: int
...     value: str = entered(default="")
>>> wire(Pick(2))
('dice.pick', 2)
>>> def pick(model, msg: Pick, ctx):
...     return (msg.index, msg.value)
>>> table = handlers(pick)
>>> sorted(table), table["pick"](None, ("dice.pick", 2, "typed"), None)
(['pick'], (2, 'typed'))

A handler taking either of two messages (a roll "for me" or as typed) is annotated with their
union: it is keyed under both actions and gets each message as its own class.

>>> class Roll(Message, action="dice.go"): ...
>>> class RollTyped(Message, action="dice.go_typed"):
...     text: str = entered(default="")
>>> def go(model, msg: Roll | RollTyped, ctx):
...     return msg
>>> table = handlers(go)
>>> sorted(table), table["go_typed"](None, ("dice.go_typed", "7"), None)
(['go', 'go_typed'], RollTyped(text='7'))
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, dataclass_transform

if TYPE_CHECKING:
    from rkweb.app.model import Ctx, Model


SHELL = "shell"
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


#: A message as the page writes it: ``("<feature>.<action>", *values)``.
Msg = tuple[Any, ...]
#: The metadata key of a typed message's field the browser fills from the event (an input's text).
ENTERED = "rkweb.entered"


def entered(*, default: str) -> Any:
    """The field an input's or select's own text fills (the browser appends it to the message):
    left out of what the view writes, read back from the event. ``default`` is what it holds
    when the view makes the message (named, so type checkers see the field has one)."""
    return dataclasses.field(default=default, metadata={ENTERED: True})


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, entered))
class Message:
    """A typed message: ``class Quick(Message, action="dice.quick"): expr: str`` is a frozen
    dataclass whose ``ACTION`` names the feature and the action its handler takes."""

    ACTION: ClassVar[str] = ""

    def __init_subclass__(cls, action: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "." not in action:
            raise TypeError(f"{cls.__name__}: give its action as '<feature>.<action>'")
        cls.ACTION = action
        dataclasses.dataclass(frozen=True)(cls)


#: What a page does with one of its messages: its table maps the action's name to one of these,
#: and the page's ``ACTIONS`` are that table's names (never a second, hand-kept list).
Handler = Callable[["Model", Msg, "Ctx"], "Model"]
#: What an ``on_<event>`` attribute or a kit control takes: a typed message or a tuple.
Action = Msg | Message
M = TypeVar("M", bound=Message)
#: A handler of one typed message: ``(model, msg, ctx) -> model``.
TypedHandler = Callable[["Model", Any, "Ctx"], "Model"]
#: How a declared field's value is read back from the page (JSON keeps str, int, float).
_TYPES: dict[str, Callable[[Any], Any]] = {"str": str, "int": int, "float": float}


class BadMessage(ValueError):
    """A message whose values do not fit its class (a view and its handler disagree)."""


def wire(msg: Action) -> Msg:
    """The tuple a message is written as in the page: a typed message is its action and its
    fields, minus the one the browser fills."""
    if isinstance(msg, tuple):
        return msg
    fields = dataclasses.fields(msg)  # type: ignore[arg-type]  # every Message is a dataclass
    values = (getattr(msg, f.name) for f in fields if not f.metadata.get(ENTERED))
    return (msg.ACTION, *values)


def read(kind: type[M], msg: Action) -> M:
    """``msg`` as a ``kind``: a typed message is itself; a tuple's values are its fields in order,
    each converted to its declared ``str``/``int``/``float`` (a ``bool`` must be one); values past
    the fields (an input's text its handler does not need) are ignored."""
    if isinstance(msg, kind):
        return msg
    if not isinstance(msg, tuple):
        raise BadMessage(f"{kind.__name__} cannot be read from {type(msg).__name__}")
    values: dict[str, Any] = {}
    for field, value in zip(dataclasses.fields(kind), msg[1:], strict=False):  # type: ignore[arg-type]
        values[field.name] = _converted(kind, field, value)
    try:
        return kind(**values)
    except TypeError as exc:  # a value missing: the view and the class disagree
        raise BadMessage(f"{kind.__name__}: {exc}") from None


def _converted(kind: type, field: dataclasses.Field[Any], value: Any) -> Any:
    declared = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
    if declared == "bool":
        if not isinstance(value, bool):
            raise BadMessage(f"{kind.__name__}.{field.name} must be true or false, not {value!r}")
        return value
    convert = _TYPES.get(declared)
    if convert is None or isinstance(value, bool):
        return value
    try:
        return convert(value)
    except (TypeError, ValueError):
        raise BadMessage(
            f"{kind.__name__}.{field.name} must be {declared}, not {value!r}"
        ) from None


def handlers(*functions: TypedHandler) -> dict[str, Handler]:
    """A page's handler table from typed handlers: each is keyed by the action of the message
    class its ``msg`` parameter is annotated with, and gets the message read as that class. A
    union (``msg: Roll | RollTyped``, the two ways to roll one step) keys the handler under each
    class's action, and each reads the message back as the class it arrived as."""
    table: dict[str, Handler] = {}
    for function in functions:
        for kind in _message_classes(function):
            action = kind.ACTION.split(".", 1)[1]
            if action in table:
                raise ValueError(f"two handlers take {kind.ACTION}")
            table[action] = _reading(kind, function)
    return table


def _reading(kind: type[Message], function: TypedHandler) -> Handler:
    def handler(model: Model, msg: Msg, ctx: Ctx) -> Model:
        return function(model, read(kind, msg), ctx)

    handler.__wrapped__ = function  # type: ignore[attr-defined]
    handler.reads = kind  # type: ignore[attr-defined]
    return handler


def _message_classes(function: TypedHandler) -> tuple[type[Message], ...]:
    """The message classes ``function``'s ``msg`` is annotated with: one class, or each member
    of a union (written ``A | B``, postponed as text or not)."""
    annotation = function.__annotations__.get("msg")
    if isinstance(annotation, str):  # postponed: the classes are names in the handler's module
        members: tuple[Any, ...] = tuple(
            _named(function, part.strip()) for part in annotation.split("|")
        )
    else:
        members = typing.get_args(annotation) or (annotation,)
    if not all(isinstance(m, type) and issubclass(m, Message) for m in members):
        raise TypeError(f"{function.__qualname__}: annotate msg with a Message class or a union")
    return members


def _named(function: TypedHandler, name: str) -> Any:
    owner: Any = function.__globals__
    for part in name.split("."):
        owner = owner.get(part) if isinstance(owner, dict) else getattr(owner, part, None)
    return owner


def send(feature: str, action: str, *args: Any) -> Msg:
    return (f"{feature}.{action}", *args)


def split(msg: Action) -> tuple[str, str]:
    """``(feature, action)`` of a message; ``("", "")`` for one that names neither."""
    kind = msg.ACTION if isinstance(msg, Message) else (msg[0] if msg else None)
    if not isinstance(kind, str) or "." not in kind:
        return "", ""
    feature, action = kind.split(".", 1)
    return feature, action


def check(msg: Action, actions: frozenset[str]) -> None:
    """Raise :class:`UnknownMessage` unless the message's action is one of ``actions``."""
    if split(msg)[1] not in actions:
        raise unknown(msg)


def unknown(msg: Action) -> UnknownMessage:
    """The error for a message that reached a page whose handlers take none of it."""
    feature, action = split(msg)
    return UnknownMessage(f"{feature or repr(msg)} has no action {action!r}")


def handle(handlers: Mapping[str, Handler], model: Model, msg: Action, ctx: Ctx) -> Model:
    """Hand ``msg`` to the handler its action names; :class:`UnknownMessage` when none does.
    A typed handler (from :func:`handlers`) gets a typed message as it is; a handler still
    reading a tuple gets the message as the page writes it."""
    handler = handlers.get(split(msg)[1])
    if handler is None:
        raise unknown(msg)
    return handler(model, msg if hasattr(handler, "reads") else wire(msg), ctx)  # type: ignore[arg-type]
