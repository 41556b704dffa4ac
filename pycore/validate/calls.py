"""The decorator that checks a call's arguments against the function's annotations, with the
error of the function's package.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import typing
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, Final, TypeVar

from pycore.errors import DiceError, RuleError, RulekeeperError, StorageError, TableError
from pycore.validate.typecheck import _ANY, _bad_field, _Check, _check_of
from pycore.validate.wording import _field, shown

F = TypeVar("F", bound=Callable[..., Any])

__all__ = ["checked"]

#: The error each package raises, by module prefix (the first match wins).
ERRORS: Final[tuple[tuple[str, type[RulekeeperError]], ...]] = (
    ("pycore.dice", DiceError),
    ("pycore.tables", TableError),
    ("pycore.store", StorageError),
)


def _error_of(module: str) -> type[RulekeeperError]:
    return next((error for prefix, error in ERRORS if module.startswith(prefix)), RuleError)


#: Set while a checked call whose arguments passed runs: the core's own calls to other checked
#: functions carry values it made itself, and checking them again cost about 40 % of an
#: Aftermath tap's Python time (issue 33: 25,000 checks for 12 taps). Context-local, so
#: nothing outlives the call.
_TRUSTED: ContextVar[bool] = ContextVar("rk_checked_inside", default=False)
#: What a value of the wrong type makes Python's own code raise.
_BROKEN: Final = (TypeError, AttributeError, KeyError, IndexError, ValueError, ArithmeticError)


def checked(function: F) -> F:
    """Refuse arguments that do not match ``function``'s annotations with the package's error.

    The function's own checks speak first: they name the field in the game's words and give
    its range. So an argument of the wrong type is handed to the function once; if that raises
    the typed error, that error stands; if it raises anything else or quietly accepts the value
    (``"no"`` for ``skilled: bool`` is truthy), the annotation's error is raised instead. Right
    arguments cost one type test each. The checks are worked out at the first call, when every
    annotation's name exists; defaults are the function's own and are not checked.
    """
    if not callable(function):
        raise RuleError(f"function {shown(function)} is not a function")
    error = _error_of(getattr(function, "__module__", None) or "")
    positional: list[tuple[str, _Check]] = []
    by_name: dict[str, _Check] = {}
    rest: dict[inspect._ParameterKind, tuple[str, _Check]] = {}

    def prepare() -> None:
        hints = typing.get_type_hints(function)
        for parameter in inspect.signature(function).parameters.values():
            check = _check_of(hints[parameter.name]) if parameter.name in hints else _ANY
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                rest[parameter.kind] = (parameter.name, check)
                continue
            if parameter.kind is not parameter.KEYWORD_ONLY:
                positional.append((parameter.name, check))
            by_name[parameter.name] = check
        rest.setdefault(inspect.Parameter.VAR_POSITIONAL, ("", _ANY))
        rest.setdefault(inspect.Parameter.VAR_KEYWORD, ("", _ANY))

    def wrong(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
        if not rest:
            prepare()
        named = [
            (name, check, value) for (name, check), value in zip(positional, args, strict=False)
        ]
        star_name, star = rest[inspect.Parameter.VAR_POSITIONAL]
        named += [(star_name, star, value) for value in args[len(positional) :]]
        star = rest[inspect.Parameter.VAR_KEYWORD][1]
        named += [(key, by_name.get(key, star), value) for key, value in kwargs.items()]
        for name, (words, test), value in named:
            if not test(value):
                record = f"a {type(value).__name__}" in words and dataclasses.is_dataclass(value)
                inside = _bad_field(value) if record else None  # the right record, a bad field
                if inside:
                    return f"{_field(name)}: {inside}"
                return f"{_field(name)} {shown(value)} is not {words}"
        return None

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if _TRUSTED.get():
            return function(*args, **kwargs)
        problem = wrong(args, kwargs)
        if problem is None:
            token = _TRUSTED.set(True)
            try:
                return function(*args, **kwargs)
            except RulekeeperError:
                raise
            except _BROKEN:  # a bug, or garbage deep in a loose argument: said below
                pass
            finally:
                _TRUSTED.reset(token)
            # Again with every inner check on, so garbage that a loose annotation let in meets
            # the inner function's typed error, as before. Only after the code broke: a roll
            # asked for (DiceWanted) passes through, never re-run on a dice source it used.
            return function(*args, **kwargs)
        try:
            function(*args, **kwargs)
        except RulekeeperError:
            raise
        except Exception as bug:  # the wrong type broke the rule's code: say which value did
            raise error(problem) from bug
        raise error(problem)

    return typing.cast(F, wrapper)
