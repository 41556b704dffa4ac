"""Issue 25 item 1: the four fights read the same (shared/FIGHT.md, "One protocol").

Each ``pycore/systems/<system>/fight/`` package holds the same modules: ``value`` (the frozen
fight), ``codec`` (``fight_from_json`` / ``fight_to_json``), ``turns`` (joining, the order, the
next turn or phase), ``attack`` (the attack's lifetime) and ``public`` (the players' line, built
from values). Its ``TRANSITIONS`` name every step a page may call; each is
``(fight: Fight, ...) -> tuple[Fight, Result]`` where the result's ``step`` is the shared
:class:`pycore.step.Step` (the GM's text, the public line, the rules as data).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import types
import typing
from pathlib import Path
from typing import Any

import pytest

from pycore.errors import RulekeeperError
from pycore.step import Step
from pycore.systems.system import SYSTEM_KEYS

SYSTEMS = SYSTEM_KEYS  # every system's descriptor (pycore/systems/system.py)
MODULES = ("value", "codec", "turns", "attack", "public")
#: Systems still on their way to the protocol: strict, so a system that conforms must leave it.
NOT_YET: set[str] = set()


def _fight_package(system: str) -> types.ModuleType:
    package = importlib.import_module(f"pycore.systems.{system}.fight")
    assert hasattr(package, "__path__"), f"{system}: the fight is a package"
    return package


def _results(annotation: Any) -> tuple[type, ...]:
    """The result classes of ``tuple[Fight, R]`` (R may be a union)."""
    fight_and_result = typing.get_args(annotation)
    assert len(fight_and_result) == 2, f"returns tuple[Fight, Result], not {annotation}"
    result = fight_and_result[1]
    members = (
        typing.get_args(result)
        if typing.get_origin(result) in (typing.Union, types.UnionType)
        else (result,)
    )
    return tuple(m for m in members if isinstance(m, type))


def _conforms(system: str) -> None:
    package = _fight_package(system)
    folder = Path(package.__file__ or "").parent
    missing = [m for m in MODULES if not (folder / f"{m}.py").exists()]
    assert not missing, f"{system}: fight/ lacks {missing}"
    fight_type = package.Fight
    assert dataclasses.is_dataclass(fight_type) and fight_type.__dataclass_params__.frozen
    empty = fight_type()
    saved = package.fight_to_json(empty)
    assert package.fight_from_json(saved) == empty
    with pytest.raises(RulekeeperError):
        package.fight_from_json({"combatants": "not a list", "log": 7})
    assert package.TRANSITIONS, f"{system}: TRANSITIONS names the page's steps"
    for name in package.TRANSITIONS:
        transition = getattr(package, name)
        hints = typing.get_type_hints(inspect.unwrap(transition))
        first = next(iter(inspect.signature(inspect.unwrap(transition)).parameters))
        assert hints[first] is fight_type, f"{system}.{name}: first parameter is the Fight"
        results = _results(hints["return"])
        assert typing.get_args(hints["return"])[0] is fight_type, f"{system}.{name}"
        for result in results:
            step = getattr(result, "step", None)
            assert isinstance(step, property), f"{system}.{name}: {result.__name__}.step"
            assert typing.get_type_hints(step.fget)["return"] is Step, f"{result.__name__}.step"


@pytest.mark.parametrize(
    "system",
    [
        pytest.param(s, marks=pytest.mark.xfail(strict=True, reason="not yet on the protocol"))
        if s in NOT_YET
        else s
        for s in SYSTEMS
    ],
)
def test_fight_follows_the_protocol(system: str) -> None:
    _conforms(system)
