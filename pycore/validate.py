"""Checks at the core's entry points: one set of helpers, one wording, typed errors only.

Whatever reaches a public function (a page's parse, a saved file, a test) either satisfies the
function's annotations or is refused with the error of the function's package (``DiceError`` in
``pycore.dice``, ``TableError`` in ``pycore.tables``, ``StorageError`` in ``pycore.store``,
``RuleError`` elsewhere) naming the field, the value and what is allowed (STYLE 3).
:func:`checked` reads that from the annotations; :func:`whole`, :func:`exact` and :func:`choice`
add the ranges a rule sets.

Numbers a user types are read as the decimal typed (STYLE 18): ``"3.3"`` is 33/10, never the
binary float 3.299999999999999822... that ``Fraction(3.3)`` would give. Pages pass the text or a
Fraction; a float that still arrives is read as the decimal it prints as.

>>> exact("3.3", "ENC"), exact("1/3", "size (yd)"), exact(7, "range"), exact(3.3, "ENC")
(Fraction(33, 10), Fraction(1, 3), Fraction(7, 1), Fraction(33, 10))
>>> exact(float("nan"), "ENC")
Traceback (most recent call last):
...
pycore.errors.RuleError: ENC nan is not a number
>>> whole(150, "Percent to Hit", 0, 100)
Traceback (most recent call last):
...
pycore.errors.RuleError: Percent to Hit 150 is outside 0 to 100
>>> @checked
... def armor_row(name: str, hits: int = 0) -> str:
...     return name
>>> armor_row(None)
Traceback (most recent call last):
...
pycore.errors.RuleError: name None is not text
"""

from __future__ import annotations

import collections.abc as abc
import dataclasses
import functools
import inspect
import math
import re
import types
import typing
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from fractions import Fraction
from typing import Any, Final, TypeGuard, TypeVar

from pycore.errors import DiceError, RuleError, RulekeeperError, StorageError, TableError

Number = int | Fraction
#: A number as the user typed it: a whole number, a Fraction or the decimal text ("3.3", "1/3");
#: a float is read as the decimal it prints as (3.3 is 33/10), which is what the user typed.
Exact = int | Fraction | str | float

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

__all__ = [
    "MAX_NUMBER_TEXT",
    "Exact",
    "Identity",
    "Number",
    "checked",
    "choice",
    "declared",
    "exact",
    "fields_as_declared",
    "instance",
    "is_whole",
    "mapping",
    "shown",
    "string",
    "texts",
    "whole",
]

#: Decimal text the core reads exactly: "12", "-3.25", ".5", "1/3" (not "1e9": no exponents).
_DECIMAL: Final = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+|[0-9]+/0*[1-9][0-9]*)")
#: Typed numbers longer than this are refused before any arithmetic (no 10**10**9 from "1e…").
MAX_NUMBER_TEXT: Final = 40
_SHOWN: Final = 40

#: The error each package raises, by module prefix (the first match wins).
ERRORS: Final[tuple[tuple[str, type[RulekeeperError]], ...]] = (
    ("pycore.dice", DiceError),
    ("pycore.tables", TableError),
    ("pycore.store", StorageError),
)


# --- the annotations as checks ---------------------------------------------------------------

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


def _error_of(module: str) -> type[RulekeeperError]:
    return next((error for prefix, error in ERRORS if module.startswith(prefix)), RuleError)


def _field(name: str) -> str:
    return name.replace("_", " ")


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


# --- the ranges a rule sets ----------------------------------------------------------------


def shown(value: object) -> str:
    """``repr(value)``, cut short: an error message must stay readable for a 100k-character name.

    A Fraction is shown as the decimal a user would type when it has one (301/2 is 150.5).

    >>> shown("x" * 100), shown(Fraction(1, 3)), shown(Fraction(-301, 20)), shown(10**5000)
    ("'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx… (102 characters)", '1/3', '-15.05', 'a number too long to show')
    """
    try:
        text = _decimal(value) if isinstance(value, Fraction) else repr(value)
    except ValueError:  # an int past Python's 4300-digit limit for text
        return "a number too long to show"
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN - 1]}… ({len(text)} characters)"


def _decimal(value: Fraction) -> str:
    rest, places = value.denominator, 0
    while rest % 10 == 0 or rest % 2 == 0 or rest % 5 == 0:
        rest //= 10 if rest % 10 == 0 else 2 if rest % 2 == 0 else 5
        places += 1
    if rest != 1 or places > 12:  # no short decimal: 1/3 stays 1/3
        return str(value)
    digits = str(abs(value.numerator) * 10**places // value.denominator).rjust(places + 1, "0")
    whole, tail = digits[: len(digits) - places], digits[len(digits) - places :]
    return ("-" if value < 0 else "") + whole + (f".{tail}".rstrip("0").rstrip(".") if tail else "")


def _allowed(lo: object, hi: object) -> str:
    if lo is None and hi is None:
        return ""
    if hi is None:
        return f"; allowed: {lo} or more"
    if lo is None:
        return f"; allowed: up to {hi}"
    return f"; allowed: {lo} to {hi}"


def _in_range(
    value: Number,
    field: str,
    lo: Number | None,
    hi: Number | None,
    error: type[RulekeeperError],
    why: str = "",
    rules: tuple[str, ...] = (),
) -> None:
    if lo is not None and hi is not None and not lo <= value <= hi:
        raise error(f"{field} {shown(value)} is outside {lo} to {hi}{why}", rules=rules)
    if lo is not None and value < lo:
        raise error(f"{field} {shown(value)} is less than {lo}{why}", rules=rules)
    if hi is not None and value > hi:
        raise error(f"{field} {shown(value)} is more than {hi}{why}", rules=rules)


def is_whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an int and never a bool (``True`` is an ``int`` in
    Python). The one test of a whole number: :func:`whole` refuses what it rejects; a reader
    that drops or replaces a bad value asks it.

    >>> is_whole(3), is_whole(True), is_whole(3.0), is_whole("3")
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


@checked
def whole(
    value: object,
    field: str,
    lo: int | None = None,
    hi: int | None = None,
    error: type[RulekeeperError] = RuleError,
    why: str = "",
    rules: tuple[str, ...] = (),
) -> int:
    """``value`` as a whole number in ``lo``..``hi`` (never a bool, a float or a Fraction);
    ``why`` ends the refusal in words when the range is a rule's (" (at most the injury)"),
    ``rules`` names that rule as data on the error (``("SIM-43",)``), never in its text.

    >>> whole(3, "round", 1, 100)
    3
    >>> whole(0, "round", 1)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: round 0 is less than 1
    >>> whole(1.5, "ablative hits", 0, 20)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: ablative hits 1.5 is not a whole number; allowed: 0 to 20
    """
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if not is_whole(value):
        raise error(
            f"{field} {shown(value)} is not a whole number{_allowed(lo, hi)}{why}", rules=rules
        )
    _in_range(value, field, lo, hi, error, why, rules)
    return value


@checked
def exact(
    value: object,
    field: str,
    lo: Number | None = None,
    hi: Number | None = None,
    error: type[RulekeeperError] = RuleError,
) -> Fraction:
    """``value`` (an int, a Fraction or decimal text) as an exact Fraction in ``lo``..``hi``.

    A float is read as the shortest decimal that prints it (``repr``): the number typed, where
    ``Fraction(0.3)`` would be 5404319552844595/18014398509481984. NaN and ∞ are no numbers.

    >>> exact(" -2.50 ", "modifier"), exact(".5", "size (yd)"), exact(0.3, "ENC")
    (Fraction(-5, 2), Fraction(1, 2), Fraction(3, 10))
    >>> exact("nan", "range")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range 'nan' is not a number
    >>> exact("1/0", "range", 0, 100)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range '1/0' is not a number; allowed: 0 to 100
    """
    if isinstance(value, float):
        if not math.isfinite(value):
            raise error(f"{field} {value!r} is not a number{_allowed(lo, hi)}")
        number = Fraction(repr(value))  # "1e+300" at most: a float's exponent is bounded
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > MAX_NUMBER_TEXT or not _DECIMAL.fullmatch(text):
            raise error(f"{field} {shown(value)} is not a number{_allowed(lo, hi)}")
        number = Fraction(text)
    elif isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise error(f"{field} {shown(value)} is not a number{_allowed(lo, hi)}")
    else:
        number = Fraction(value)
    _in_range(number, field, lo, hi, error)
    return number


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
