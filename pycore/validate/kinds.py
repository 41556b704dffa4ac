"""A value of the kind a field needs: one of a set of words, an instance of a class, a mapping,
text, a list of text, a record whose fields are what its annotations say.
"""

from __future__ import annotations

import collections.abc as abc
import dataclasses
from collections.abc import Iterable
from typing import Any, TypeVar

from pycore.errors import RuleError, RulekeeperError
from pycore.validate.calls import checked
from pycore.validate.typecheck import _bad_field
from pycore.validate.wording import shown

T = TypeVar("T")

__all__ = [
    "choice",
    "declared",
    "fields_as_declared",
    "instance",
    "mapping",
    "string",
    "texts",
]


@checked
def choice(
    value: object, field: str, allowed: Iterable[str], error: type[RulekeeperError] = RuleError
) -> str:
    """``value`` if it is one of ``allowed``.

    >>> choice("thrust", "attack", ("swing", "thrust"))
    'thrust'
    >>> choice(5, "attack", ("swing", "thrust"))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: attack 5 is unknown; allowed: swing, thrust
    """
    options = tuple(allowed)
    if not isinstance(value, str) or value not in options:
        raise error(f"{field} {shown(value)} is unknown; allowed: {', '.join(options)}")
    return value


@checked
def instance(
    value: object, kind: type[T], field: str, error: type[RulekeeperError] = RuleError
) -> T:
    """``value`` if it is a ``kind`` (a value of the core's own type, a mapping, ...).

    >>> instance({}, dict, "GM tables")
    {}
    >>> instance(None, dict, "GM tables")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: GM tables None is not a dict
    """
    if not isinstance(value, kind):
        raise error(f"{field} {shown(value)} is not a {kind.__name__}")
    return value


@checked
def mapping(
    value: object, field: str, error: type[RulekeeperError] = RuleError
) -> abc.Mapping[Any, Any]:
    """``value`` if it is a mapping (a JSON object, a dict of tables, ...).

    >>> mapping(None, "GM tables")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: GM tables None is not a mapping
    """
    if not isinstance(value, abc.Mapping):
        raise error(f"{field} {shown(value)} is not a mapping")
    return value


@checked
def texts(value: object, field: str, error: type[RulekeeperError] = RuleError) -> list[str]:
    """``value`` as a list of text (a list or tuple of strings; one string is not a list).

    >>> texts(("rain", "fog"), "conditions")
    ['rain', 'fog']
    >>> texts("rain", "conditions")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: conditions 'rain' is not a list of text
    """
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise error(f"{field} {shown(value)} is not a list of text")
    return list(value)


@checked
def string(value: object, field: str, error: type[RulekeeperError] = RuleError) -> str:
    """``value`` if it is text.

    >>> string(None, "skill name")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: skill name None is not text
    """
    if not isinstance(value, str):
        raise error(f"{field} {shown(value)} is not text")
    return value


@checked
def fields_as_declared(record: object, error: type[RulekeeperError] = RuleError) -> None:
    """Refuse a record (a dataclass) whose fields are not what its annotations say; for a
    ``__post_init__`` that goes on to read them.

    >>> from pycore.systems.aftermath.conditions import Moment
    >>> fields_as_declared(Moment(turn=None, phase=1))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Moment: turn None is not a whole number
    """
    problem = _bad_field(record) if dataclasses.is_dataclass(record) else "is not a record"
    if problem:
        raise error(f"{type(record).__name__}: {problem}")


@checked
def declared(record: T, where: str, error: type[RulekeeperError] = RuleError) -> T:
    """``record`` if its fields are what its annotations say, else ``error`` naming ``where``:
    a reader of saved data builds its record, then checks it with the same limits as one the
    core built (issue 32: a saved value the store keeps never breaks a page later).

    >>> from pycore.systems.aftermath.conditions import Moment
    >>> declared(Moment(turn="x", phase=1), "conditions[0].start")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: conditions[0].start: turn 'x' is not a whole number
    """
    problem = _bad_field(record) if dataclasses.is_dataclass(record) else "is not a record"
    if problem:
        raise error(f"{where}: {problem}")
    return record
