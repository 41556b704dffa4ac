"""Every public function of the core, called with hostile arguments, either returns or raises a
:class:`~pycore.errors.RulekeeperError` subclass (STYLE 3 and 7: "no input raises anything but the
typed error").

The walk finds the functions itself: every module under ``pycore``, its ``__all__`` or else the
public names it defines. Each parameter draws from a hostile pool (None, wrong types, NaN, ±∞,
huge and negative numbers, empty, long and odd strings, nested containers, binary floats) mixed
with values of the parameter's annotated type, so a bad value also reaches the later parameters
behind good earlier ones. A parameter taking a dice source always gets a seeded one.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import types
import typing
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import fields, is_dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from samples import samples

import pycore
from pycore.dice import RandintSource, seeded
from pycore.errors import RulekeeperError
from pycore.systems.system import SYSTEM_KEYS

Function = Callable[..., Any]

#: Values no entry point may choke on, whatever it expects.
HOSTILE_VALUES: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    -1,
    -7,
    10**30,
    -(10**30),
    2**63,
    0.3,
    3.3,
    -0.0,
    1e308,
    float("nan"),
    float("inf"),
    float("-inf"),
    Fraction(1, 3),
    Fraction(-7, 2),
    Fraction(10**30, 7),
    "",
    " ",
    "x",
    "no",
    "0",
    "-5",
    "3.3",
    "1/3",
    "NaN",
    "inf",
    "1e400",
    "é€𝔘\u202e\x00",
    b"bytes",
    (),
    [],
    [None],
    [5],
    ["x", 0.5],
    {},
    {"a": None},
    {"x": [1, {"y": float("nan")}]},
    object(),
)
#: Values too long to print in a strategy's repr, made on demand.
HUGE = st.sampled_from(["long text", "long digits", "past float"]).map(
    lambda kind: {"long text": "x" * 10_000, "long digits": "9" * 5_000, "past float": 10**400}[
        kind
    ]
)
HOSTILE = st.one_of(st.sampled_from(HOSTILE_VALUES), HUGE)
HASHABLE = st.sampled_from([v for v in HOSTILE_VALUES if isinstance(v, Hashable)])
SOURCES = st.text(max_size=4).map(seeded)
OMIT = object()
#: Calls per function: ~470 functions stay within a couple of minutes on a 2-core CI machine.
EXAMPLES = 25
MODULE_PREFIX = "pycore."


def public_functions() -> dict[str, Function]:
    """Every public function of every ``pycore`` module, keyed by its defining module and name:
    the module's ``__all__`` and every public name it defines (pages import those too), and the
    classes whose construction runs code of ours."""
    found: dict[str, Function] = {}
    modules = sorted(m.name for m in pkgutil.walk_packages(pycore.__path__, MODULE_PREFIX))
    for name in modules:
        module = importlib.import_module(name)
        defined = [
            key
            for key, value in vars(module).items()
            if not key.startswith("_") and getattr(value, "__module__", None) == name
        ]
        for key in [*getattr(module, "__all__", []), *defined]:
            value = getattr(module, key)
            if inspect.isfunction(value) or _runs_code_when_built(value):
                found.setdefault(f"{value.__module__}.{value.__qualname__}", value)
    return dict(sorted(found.items()))


def _runs_code_when_built(value: object) -> bool:
    """A class whose construction runs code of ours (a ``__post_init__`` or an ``__init__``)."""
    if not isinstance(value, type) or issubclass(value, BaseException):
        return False
    if getattr(value, "_is_protocol", False):
        return False
    own = vars(value)
    return "__post_init__" in own or ("__init__" in own and not is_dataclass(value))


FUNCTIONS = public_functions()

#: Public functions that still raise untyped errors, each with why it is not fixed here. Empty:
#: every public function of the core is walked. May only shrink (a listed function that now passes,
#: or no longer exists, fails the walk); a new entry point must pass, not be listed.
NOT_YET_CHECKED: dict[str, str] = {}


def valid(annotation: Any) -> st.SearchStrategy[Any]:
    """Values of the annotated type (well-formed, not necessarily in the rule's range)."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is RandintSource:
        return SOURCES
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin in (typing.Union, types.UnionType):
        return st.one_of([valid(arg) for arg in args])
    if annotation is type(None) or annotation is None:
        return st.none()
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        return st.integers(-5, 120)
    if annotation is float:
        return st.integers(-5, 120).map(float)
    if annotation is Fraction:
        return st.fractions(-20, 200, max_denominator=12)
    if annotation is str:
        return st.sampled_from(["1", "12", "2.5", "a", "Sword", "1d6", "3d6+2", "melee"])
    if annotation is Path:
        return st.just(Path("tables"))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(item(args[0]), max_size=4).map(tuple)
    if origin is tuple:
        return st.tuples(*(item(arg) for arg in args))
    if origin in (list, Sequence, Iterable):
        return st.lists(item(args[0] if args else Any), max_size=4)
    if origin in (dict, Mapping):
        key, value = args or (str, Any)
        return st.dictionaries(st.one_of(valid(key), HASHABLE), item(value), max_size=4)
    if isinstance(annotation, type) and samples(annotation):
        good = st.sampled_from(samples(annotation))
        return (
            st.one_of(good, good.flatmap(_one_field_spoiled)) if is_dataclass(annotation) else good
        )
    return HOSTILE


def _one_field_spoiled(value: Any) -> st.SearchStrategy[Any]:
    """A good record (a form the page filled in) with one field hostile or of the wrong type."""
    names = [f.name for f in fields(value) if f.init]
    return st.tuples(st.sampled_from(names), HOSTILE).map(lambda pair: _spoiled(value, *pair))


def _spoiled(value: Any, name: str, bad: object) -> Any:
    try:
        return replace(value, **{name: bad})
    except RulekeeperError:  # the record checks its fields itself: no such value can exist
        return value
    except Exception as error:
        raise AssertionError(
            f"{type(value).__name__}({name}={_short(bad)}) raised {type(error).__name__}: {error}"
        ) from error


def item(annotation: Any) -> st.SearchStrategy[Any]:
    """An element of a container: mostly well-formed, sometimes hostile."""
    return st.one_of(valid(annotation), HOSTILE)


def argument(annotation: Any) -> st.SearchStrategy[Any]:
    if _takes_source(annotation):
        return SOURCES
    return st.one_of(HOSTILE, valid(annotation))


def _takes_source(annotation: Any) -> bool:
    return annotation is RandintSource or RandintSource in typing.get_args(annotation)


def _hints(function: Function) -> dict[str, Any]:
    if isinstance(function, type):  # a record's fields, or its __init__'s parameters
        function = function if is_dataclass(function) else function.__init__  # type: ignore[misc]
    try:
        return typing.get_type_hints(function)
    except Exception:  # an annotation only importable for type checking: treat as Any
        return {}


def call_plan(function: Function) -> st.SearchStrategy[tuple[list[Any], dict[str, Any]]]:
    """Positional and keyword arguments in the function's arity; optional ones sometimes left out."""
    hints = _hints(function)
    positional: list[st.SearchStrategy[Any]] = []
    keywords: dict[str, st.SearchStrategy[Any]] = {}
    for parameter in inspect.signature(function).parameters.values():
        annotation = hints.get(parameter.name, Any)
        strategy = argument(annotation)
        if parameter.default is not inspect.Parameter.empty and not _takes_source(annotation):
            strategy = st.one_of(st.just(OMIT), strategy)
        if parameter.kind is parameter.VAR_POSITIONAL:
            positional.append(st.lists(argument(annotation), max_size=2).map(lambda v: (OMIT, v)))
        elif parameter.kind is parameter.VAR_KEYWORD:
            continue
        elif parameter.kind is parameter.KEYWORD_ONLY:
            keywords[parameter.name] = strategy
        else:
            positional.append(strategy)
    return st.tuples(st.tuples(*positional), st.fixed_dictionaries(keywords)).map(_arrange)


def _arrange(plan: tuple[tuple[Any, ...], dict[str, Any]]) -> tuple[list[Any], dict[str, Any]]:
    values, named = plan
    args: list[Any] = []
    for value in values:
        if isinstance(value, tuple) and len(value) == 2 and value[0] is OMIT:
            args.extend(value[1])  # *args
        elif value is OMIT:
            break  # a left-out optional parameter ends the positional list
        else:
            args.append(value)
    return args, {key: value for key, value in named.items() if value is not OMIT}


def _shown(args: list[Any], kwargs: dict[str, Any]) -> str:
    parts = [_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in kwargs.items()]
    return ", ".join(parts)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}...<{len(text)} chars>"


def test_the_walk_finds_every_system() -> None:
    assert len(FUNCTIONS) > 400
    for system in SYSTEM_KEYS:  # every system's descriptor
        assert any(name.startswith(f"pycore.systems.{system}.") for name in FUNCTIONS)


def test_the_not_yet_checked_list_names_only_public_functions() -> None:
    gone = sorted(set(NOT_YET_CHECKED) - set(FUNCTIONS))
    assert not gone, f"remove from NOT_YET_CHECKED (no longer a public function): {gone}"


def _walk() -> list[Any]:
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=NOT_YET_CHECKED[name]))
        if name in NOT_YET_CHECKED
        else name
        for name in FUNCTIONS
    ]


#: Systems whose refusals carry their rules only as data (issue 25 item 4); the others follow.
RULES_AS_DATA = ("pycore.systems.simply.",)


def _rules_kept_as_data(name: str, function: Function) -> Function:
    """``function``, whose refusals must keep their rules as data (``error.rules``), never
    inside the words a page shows. (A wrapper, so the walk's examples stay the same.)"""

    @functools.wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except RulekeeperError as error:
            assert isinstance(error.rules, tuple) and all(isinstance(r, str) for r in error.rules)
            if name.startswith(RULES_AS_DATA) and "SIM-" in str(error):
                raise AssertionError(f"{name} says a rule ID in its words: {error}") from error
            raise

    return checked


@pytest.mark.parametrize("name", _walk())
def test_only_typed_errors_for_any_input(name: str) -> None:
    function = FUNCTIONS[name]
    # A listed function is known to fail: find it fast, without shrinking the example.
    phases = [Phase.generate] if name in NOT_YET_CHECKED else list(Phase)

    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=phases,
        suppress_health_check=list(HealthCheck),
    )
    @given(call_plan(function))
    def calls(plan: tuple[list[Any], dict[str, Any]]) -> None:
        args, kwargs = plan
        try:
            function(*args, **kwargs)
        except RulekeeperError:
            pass
        except Exception as error:
            raise AssertionError(
                f"{name}({_shown(args, kwargs)}) raised {type(error).__name__}: {error}"
            ) from error

    # Each call also checks its refusal's rules (read by ``calls`` when it runs); the plan
    # above is drawn from the function itself, so the walk's examples stay the same.
    function = _rules_kept_as_data(name, function)
    calls()
