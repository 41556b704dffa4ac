"""What every part of the benchmarks (``tools/bench*.py``) prints its figures with, and how it
finds a system's own pieces (``tools/bench_fight_<system>.py``)."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

Row = tuple[str, str, str]


def shown(rows: list[Row]) -> list[Row]:
    """Print ``rows`` now (flushed): a long run's figures appear as they are measured."""
    for name, figure, target in rows:
        print(f"{name}: {figure}" + (f"  (target {target})" if target else ""), flush=True)
    return rows


def progress(text: str) -> None:
    """One measured load, printed at once with the machine's load average."""
    print(f"  {text} (load average {os.getloadavg()[0]:.2f})", flush=True)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class HeaviestStep(NamedTuple):
    """A system's heaviest step as ``bench_clicks.click_to_log_figures`` measures it: a click
    on ``button`` of the system's page → a new ``entry`` in its log. ``setup(page)`` builds the
    system's two-fighter fight, ready to tap; ``again(page)`` fills the step's form anew before
    each click, wherever a step's end closes it. ``route``: the system's key, filled in by
    :func:`heaviest`."""

    label: str
    button: str
    entry: str
    setup: Callable[[Any], None]
    again: Callable[[Any], None]
    route: str = ""


class SizeLadder(NamedTuple):
    """What the size ladder (``bench_sizes.py``) adds to a system's heaviest step: ``form``
    fills the step's form again after the reload, ``add_fighter(page, name)`` adds one more
    fighter through the page's own form; a tab switch from ``other_tab`` to ``combat_tab``."""

    form: Callable[[Any], None]
    add_fighter: Callable[[Any, str], None]
    combat_tab: str
    other_tab: str


def bench_module(key: str) -> ModuleType:
    """A system's own bench module, ``tools/bench_fight_<key>.py``: its fight's measures
    (``figures``), its heaviest step (``HEAVIEST``) and its size ladder (``LADDER``). A system is
    benched from its module alone; no shared table names the systems (issue 30 item 1)."""
    return importlib.import_module(f"bench_fight_{key}")


def heaviest(key: str) -> HeaviestStep:
    """The heaviest step of the system ``key``, from its own bench module."""
    step = bench_module(key).HEAVIEST
    assert isinstance(step, HeaviestStep), f"bench_fight_{key}.HEAVIEST"
    return step._replace(route=key)


def ladder(key: str) -> SizeLadder:
    """The size ladder's pieces of the system ``key``, from its own bench module."""
    found = bench_module(key).LADDER
    assert isinstance(found, SizeLadder), f"bench_fight_{key}.LADDER"
    return found


Msg = tuple[object, ...]


class ViewLadder(NamedTuple):
    """A system's fight for the size ladder in CPython (``tools/view_sizes.py``), in the page's
    own messages, as the browser bench builds it (:class:`HeaviestStep`, :class:`SizeLadder`)."""

    extra: Callable[[int], tuple[Msg, ...]]  # the messages adding the extra fighter ``n``
    make: tuple[Msg, ...]  # the two fighters
    form: tuple[Msg, ...]  # the step's form, on the Combat tab
    tap: tuple[Msg, ...]  # the heaviest step
    combat: Msg  # the tab switch to Combat
    other: Msg  # the tab switch away


def view_ladder(key: str) -> ViewLadder:
    """The CPython size ladder's fight of the system ``key``, from its own bench module."""
    found = bench_module(key).VIEW_LADDER
    assert isinstance(found, ViewLadder), f"bench_fight_{key}.VIEW_LADDER"
    return found
