"""The annotations as checks: what each annotation allows, in words, and its test; a record (a
dataclass) is checked field by field, and a frozen one found right is not walked again
(issue 33). :func:`pycore.validate.calls.checked` reads a function's annotations with these.
"""

from __future__ import annotations

import collections.abc as abc
import dataclasses
import functools
import math
import types
import typing
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Final, TypeVar

from pycore.validate.wording import _field, shown

__all__ = ["Identity"]

#: A check: the words for what is allowed, and the test.
_Check = tuple[str, Callable[[object], bool]]
_ANY: Final[_Check] = ("anything", lambda value: True)
_SIMPLE: Final[dict[object, _Check]] = {
    int: ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    bool: ("yes or no (True or False)", lambda v: isinstance(v, bool)),
    str: ("text", lambda v: isinstance(v, str)),
    Fraction: ("an exact number", lambda v: isinstance(v, Fraction)),
    float: (
        "a finite number",
        lambda v: not isinstance(v, bool)
        and (isinstance(v, int) or (isinstance(v, float) and math.isfinite(v))),
    ),
    type(None): ("none", lambda v: v is None),
    bytes: ("bytes", lambda v: isinstance(v, bytes)),
}
_SEQUENCES: Final = (list, tuple)


def _union(parts: list[_Check]) -> _Check:
    tests = [test for _, test in parts]
    return " or ".join(words for words, _ in parts), lambda v: any(test(v) for test in tests)


def _each(kind: Callable[[object], bool], words: str, inner: _Check) -> _Check:
    inner_words, test = inner
    return (
        f"{words} of {inner_words}" if inner is not _ANY else words,
        lambda v: kind(v) and all(test(x) for x in typing.cast(Iterable[object], v)),
    )


def _mapping(kind: type, key: _Check, value: _Check) -> _Check:
    key_test, value_test = key[1], value[1]

    def test(v: object) -> bool:
        return isinstance(v, kind) and all(
            key_test(k) and value_test(x)
            for k, x in typing.cast(abc.Mapping[object, object], v).items()
        )

    return f"a mapping of {key[0]} to {value[0]}", test


def _tuple(parts: list[_Check]) -> _Check:
    def test(v: object) -> bool:
        return (
            isinstance(v, _SEQUENCES)
            and len(v) == len(parts)
            and all(check(x) for (_, check), x in zip(parts, v, strict=True))
        )

    return f"({', '.join(words for words, _ in parts)})", test


def _protocol(cls: type) -> _Check:
    members = [name for name in vars(cls) if not name.startswith("_")]
    return f"a {cls.__name__}", lambda v: all(hasattr(v, name) for name in members)


def _check_of(annotation: Any) -> _Check:
    """The check an annotation stands for (containers are checked item by item).

    >>> words, test = _check_of(typing.Sequence[int])
    >>> words, test([1, 2]), test("12"), test([1, True])
    ('a list of a whole number', True, False, False)
    """
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation in _SIMPLE:
        return _SIMPLE[annotation]
    if annotation is Any or annotation is object or isinstance(annotation, TypeVar):
        return _ANY
    if origin is typing.Literal:
        return f"one of {', '.join(map(str, args))}", lambda v: any(
            type(v) is type(a) and v == a for a in args
        )
    if origin in (typing.Union, types.UnionType):
        return _union([_check_of(arg) for arg in args])
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _each(lambda v: isinstance(v, _SEQUENCES), "a list", _check_of(args[0]))
    if origin is tuple:
        return _tuple([_check_of(arg) for arg in args]) if args else ("a list", _is_sequence)
    if origin in (list, abc.Sequence):
        return _each(_is_sequence, "a list", _check_of(args[0]) if args else _ANY)
    if origin in (abc.Iterable, abc.Collection, frozenset, set, abc.Set):
        return _each(_is_collection, "a collection", _check_of(args[0]) if args else _ANY)
    if origin in (dict, abc.Mapping):
        kind = dict if origin is dict else abc.Mapping
        key, value = (_check_of(args[0]), _check_of(args[1])) if args else (_ANY, _ANY)
        return _mapping(kind, key, value)
    if origin is abc.Callable or annotation is abc.Callable:
        return "a function", callable
    if origin is type:
        return "a class", lambda v: isinstance(v, type)
    if isinstance(annotation, type) and getattr(annotation, "_is_protocol", False):
        return _protocol(annotation)
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
        return _record(annotation)
    if isinstance(annotation, type):
        return f"a {annotation.__name__}", lambda v: isinstance(v, annotation)
    return _ANY  # a kind of annotation not taught here yet: the function's own checks stand


@functools.cache
def _record(cls: type) -> _Check:
    """A record (a dataclass such as a form the page filled in): its type, and every field as
    its annotation says, so a ``Moment(turn=None)`` is refused at the door, not deep inside."""

    frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]

    def test(value: object) -> bool:
        if not isinstance(value, cls):
            return False
        return _frozen_right(Identity(value)) if frozen else _bad_field(value) is None

    return f"a {cls.__name__}", test


class Identity:
    """A value known by its identity, not its contents: the key of a cache of what is worked
    out from a value never changed in place (a frozen record here, ``_frozen_right``; a saved
    sheet in a page). The key holds its value, so the id stays its own while it is cached.

    >>> sheet = {"name": "Ana"}
    >>> Identity(sheet) == Identity(sheet), Identity(sheet) == Identity({"name": "Ana"})
    (True, False)
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Identity) and other.value is self.value


@functools.lru_cache(maxsize=128)
def _frozen_right(record: Identity) -> bool:
    """Whether a frozen record's fields are what they say. A page hands the same fight to the
    core dozens of times a tap, and re-walking it was about 45 % of a Percentile tap (issue 33);
    a frozen record does not change, and the cache holds it, so its identity is not reused."""
    return _bad_field(record.value) is None


_Test = Callable[[object], bool]


@functools.cache
def _field_checks(cls: type) -> tuple[tuple[str, _Check, _Test | None], ...]:
    """Each field's check, and for a ``tuple[X, ...]`` field the test of one of its items."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, _check_of(hints.get(f.name, Any)), _item_test(hints.get(f.name, Any)))
        for f in dataclasses.fields(cls)
    )


def _item_test(annotation: Any) -> _Test | None:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _check_of(args[0])[1]
    return None


def _bad_field(record: object) -> str | None:
    """The first field of ``record`` that is not what its annotation says, in words."""
    kind: type = type(record)
    frozen = kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
    for name, (words, test), item in _field_checks(kind):
        value = getattr(record, name)
        fast = frozen and item is not None and type(value) is tuple
        if not (_items_right(item, value) if fast else test(value)):
            return f"{_field(name)} {shown(value)} is not {words}"
    return None


def _items_right(test: Any, items: tuple[object, ...]) -> bool:
    """Whether each item of a frozen record's tuple passes ``test``. A record (a dict) found
    right in a frozen record before is not walked again (as ``_frozen_right`` trusts a whole
    frozen record): a new fight holds the sheets and log entries of the one before, and
    walking all of them again made a tap cost more with each fighter and entry (issue 33)."""
    return all(_item_right(test, Identity(x)) if isinstance(x, dict) else test(x) for x in items)


@functools.lru_cache(maxsize=1024)
def _item_right(test: _Test, item: Identity) -> bool:
    return test(item.value)


def _is_sequence(value: object) -> bool:
    return isinstance(value, _SEQUENCES)


def _is_collection(value: object) -> bool:
    return isinstance(value, list | tuple | set | frozenset | abc.KeysView | abc.ValuesView)
