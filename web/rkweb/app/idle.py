"""The idle-time imports after start, one module body per step (issue 33: no main-thread task
over 50 ms after ready).

Importing a page's first module by name ran, in one step, every module it imports that was not
loaded yet: up to 130 ms at 1x CPU in Chromium (``pycore.systems.simply.armor`` brought the
tables' loader and checks with it). The build records the order in which Python finishes loading
the modules those steps import (tools/idle_build.py, run by tools/pycompile.py inside the
vendored Pyodide) and ships it beside this module; importing in that order, each step finds what
its module imports already loaded and runs its one body (:func:`import_next`).

A package whose ``__init__`` imports its submodules runs them all in the step that first imports
any of them: icepool's took 130-340 ms in one task after ready, Simply's fight package 120 ms.
The build compiles each such ``__init__`` one top-level statement at a time (:data:`SLICES_FILE`)
and the steps run it a statement per step (:func:`sliced_import`): icepool's 40 statements take
5-8 ms of CPython each at most. What only the build runs lives in tools/idle_build.py, so the
page never loads it.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import marshal
import pkgutil
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Final

#: Written by the build into this package (tools/pycompile.py), read from the app's zip;
#: absent from a source checkout, where the steps import each page's modules by name as before.
ORDER_FILE = "idle_imports.txt"

#: The ``__init__`` of each package that imports its own submodules, a statement at a time,
#: written by the build (tools/pycompile.py) beside the order: ``{package: [code, ...]}``.
SLICES_FILE = "idle_slices.marshal"

Slices = Mapping[str, Sequence[types.CodeType]]

#: For each sliced package, the modules each statement of its ``__init__`` loads, in the order
#: they finish loading, written by the build beside the slices: ``{package: [[name, ...], ...]}``.
LOADS_FILE = "idle_loads.marshal"

Loads = Mapping[str, Sequence[Sequence[str]]]

#: The sliced packages whose submodules load before their ``__init__``'s statements run, a
#: module per step: the app's own, whose modules never read a name their package's ``__init__``
#: defines. icepool's do (``icepool.Die`` in their bodies): read from the partial package, that
#: ran all its statements in one step (82 ms in node), so they load as its statements import them.
SUBMODULES_FIRST = ("pycore.", "rkweb.")


def shipped_order(package: str = __package__ or "rkweb.app") -> tuple[str, ...]:
    """The recorded order the build shipped, or () where none was (tests, a source checkout)."""
    try:
        data = pkgutil.get_data(package, ORDER_FILE)
    except OSError:
        return ()
    return tuple(data.decode("utf-8").split()) if data else ()


def import_next(
    names: Sequence[str], start: int = 0, slices: Slices | None = None, loads: Loads | None = None
) -> list[Callable[[], object]]:
    """One idle step: import the first of ``names[start:]`` not loaded yet (a tap between two
    steps may have loaded some); the step for the rest, if any (``in_idle_time`` runs it next).
    A name inside a package of ``slices`` not loaded yet starts that package's statements
    instead, one per step, each after the modules it loads (``loads``), and the rest follows
    them."""
    for index in range(start, len(names)):
        name = names[index]
        if name in sys.modules:
            continue
        sliced = [p for p in slices or {} if p not in sys.modules and _inside(name, p)]
        if sliced:  # the outermost first: its statements import what is inside
            package = min(sliced, key=len)
            # What the order loads before the package's own body (its submodules and what they
            # import), a module per step once the package is in sys.modules: its statements
            # then find them loaded (a statement importing one ran them all: 70 ms in node).
            try:
                end = names.index(package, index)
            except ValueError:
                end = len(names)
            early = package.startswith(SUBMODULES_FIRST) and end > index
            first = [partial(import_next, names[index:end], 0, slices, loads)] if early else []
            rest = partial(import_next, names, index, slices, loads)
            each = (loads or {}).get(package, ())
            load = partial(import_next, slices=slices, loads=loads)
            return [*sliced_import(package, (slices or {})[package], first, each, load), rest]
        importlib.import_module(name)
        if index + 1 < len(names):
            return [partial(import_next, names, index + 1, slices, loads)]
        return []
    return []


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


def package_steps(
    names: Sequence[str], package: str, slices: Slices | None = None, loads: Loads | None = None
) -> list[Callable[[], object]]:
    """The steps importing ``package`` and what it needs (``names``, in the recorded order):
    the modules outside it first, one per step (icepool: csv, html), then the package, a
    statement of its ``__init__`` per step where the build shipped them (``slices``).

    >>> steps = package_steps(["icepool.typing", "csv", "icepool"], "icepool")
    >>> steps[0].args
    (('csv', 'icepool.typing', 'icepool', 'icepool'), 0, None, None)
    """
    inside = [n for n in names if _inside(n, package)]
    outside = [n for n in names if n not in inside]
    return [partial(import_next, (*outside, *inside, package), 0, slices, loads)]


def shipped_slices(package: str = __package__ or "rkweb.app") -> Slices:
    """The sliced ``__init__`` statements the build shipped, or {} (a source checkout)."""
    return _shipped_mapping(package, SLICES_FILE)


def shipped_loads(package: str = __package__ or "rkweb.app") -> Loads:
    """The modules each sliced statement loads, as the build shipped them, or {}."""
    return _shipped_mapping(package, LOADS_FILE)


def _shipped_mapping(package: str, file: str) -> dict[str, Any]:
    try:
        data = pkgutil.get_data(package, file)
    except OSError:
        return {}
    found = marshal.loads(data) if data else {}
    return found if isinstance(found, dict) else {}


def sliced_import(
    name: str,
    codes: Sequence[types.CodeType],
    first: Sequence[Callable[[], object]] = (),
    loads: Sequence[Sequence[str]] = (),
    load: Callable[[Sequence[str]], list[Callable[[], object]]] | None = None,
) -> list[Callable[[], object]]:
    """The idle steps importing package ``name`` a statement of its ``__init__`` at a time, as
    Python would in one go: the module is in ``sys.modules`` from the first, so its submodules
    import (``first``: steps run before its statements). Before each statement, ``load`` gives
    the steps loading the modules it would load (``loads``, one list a statement), a module per
    step: icepool's statement importing its evaluators loaded 11 modules, 23 ms in node and
    50-100 in a first visit's Chromium. A name read from it before the last step (a tap
    between two steps) runs the rest at once, then is read. A statement that fails undoes the
    partial import and imports the package the usual way."""
    if name in sys.modules or not codes:
        return [partial(importlib.import_module, name)]
    spec = importlib.util.find_spec(name)
    if spec is None:
        return [partial(importlib.import_module, name)]
    module = importlib.util.module_from_spec(spec)
    pending = list(codes)
    finishing: list[bool] = []
    preloaded: set[int] = set()

    def run_next() -> None:
        code = pending.pop(0)
        try:
            exec(code, module.__dict__)
        except Exception:
            pending.clear()
            module.__class__ = types.ModuleType
            for loaded in [n for n in sys.modules if n == name or n.startswith(f"{name}.")]:
                del sys.modules[loaded]
            importlib.import_module(name)
            return
        if not pending:
            module.__class__ = types.ModuleType
            parent, _, child = name.rpartition(".")
            if parent in sys.modules:  # as the import system does once a submodule has loaded
                setattr(sys.modules[parent], child, module)  # (`import icepool.evaluator as e`)

    class Partial(types.ModuleType):
        def __getattr__(self, attr: str) -> Any:
            if finishing or not pending or attr.startswith("__"):
                raise AttributeError(f"module {name!r} has no attribute {attr!r}")
            finishing.append(True)
            while pending:
                run_next()
            return getattr(sys.modules[name], attr)

    module.__class__ = Partial
    sys.modules[name] = module

    def step() -> list[Callable[[], object]]:
        at = len(codes) - len(pending)
        waiting = [n for n in (loads[at] if at < len(loads) else ()) if n not in sys.modules]
        if pending and waiting and load is not None and at not in preloaded:
            preloaded.add(at)  # once: what is still missing then, the statement imports itself
            return [*load(waiting), step]
        if pending:
            run_next()
            step.__qualname__ = f"statement {len(codes) - len(pending) + 1} of {name}"
        return [step] if pending else []

    step.__qualname__ = f"statement 1 of {name}"

    return [*first, step]


#: Quick steps (each under QUICK_MS, most of them a statement) share an idle period, up to
#: BATCH_MS together, while it has KEEP_GOING_MS left (periods are at most 50 ms): one step a
#: period spread ~350 steps over 16-18 s after a first visit's ready (Chromium, 1x CPU). A
#: task is then at most one slow step and BATCH_MS of quick ones; a step's time cannot be
#: told before it runs (one taking 6 ms in node took 60-100 in a first visit's Chromium).
QUICK_MS: Final = 2.0
BATCH_MS: Final = 10.0
KEEP_GOING_MS: Final = 40.0
#: A step longer than this is named to the page (``slow``): what a long task after ready was.
SLOW_MS: Final = 50.0


def run_while(
    steps: Sequence[Callable[[], object]],
    time_left: Callable[[], float],
    clock: Callable[[], float],
    slow: Callable[[str, float, float], object] | None = None,
    settle: Callable[[], object] | None = None,
) -> list[Callable[[], object]]:
    """Run the first step, then the next ones while they are quick (see QUICK_MS) and the
    idle period (``time_left()``, ms) lasts; the steps left. ``clock`` counts ms; ``slow``
    hears each step over SLOW_MS (its name, start and end); ``settle`` runs after each step,
    within its time (the page's: ``gc.freeze``, see :func:`keep_loaded`). A step may return
    more steps, which come next.

    >>> ran, now = [], iter([0, 0, 1, 1, 1, 2, 60, 61, 61, 61]).__next__
    >>> steps = [lambda: ran.append(1), lambda: [lambda: ran.append(2)], lambda: ran.append(3)]
    >>> rest = run_while(steps, lambda: 45.0, now, lambda name, a, b: ran.append((a, b)))
    >>> ran, len(rest)
    ([1, 2, (2, 60)], 1)
    >>> run_while(rest, lambda: 45.0, now), ran
    ([], [1, 2, (2, 60), 3])
    """
    rest = list(steps)
    began = clock()
    while rest:
        name = step_name(rest[0]) if slow else ""
        start = clock()
        more = rest[0]()
        rest = [*more, *rest[1:]] if isinstance(more, list) else rest[1:]
        if settle is not None:
            settle()
        end = clock()
        if slow and end - start > SLOW_MS:
            slow(name, start, end)
        if end - start >= QUICK_MS or end - began >= BATCH_MS or time_left() < KEEP_GOING_MS:
            break
    return rest


def step_name(step: Callable[[], object]) -> str:
    """What an idle step does, for a benchmark: "import pycore.tables.schema", "statement 3
    of icepool", "_draw_unseen gurps".

    >>> step_name(partial(import_next, ("sys", "not.loaded.yet")))
    'import not.loaded.yet'
    >>> step_name(partial(importlib.import_module, "json")), step_name(partial(print, 2.5))
    ('import_module json', 'print float')
    """
    func, args = getattr(step, "func", step), getattr(step, "args", ())
    if func is import_next and args:
        start = args[1] if len(args) > 1 else 0
        pending = next((n for n in args[0][start:] if n not in sys.modules), "nothing left")
        return f"import {pending}"
    what = getattr(func, "__qualname__", None) or repr(func)
    if not args:
        return what
    first = args[0]
    detail = first if isinstance(first, str) else getattr(first, "route", type(first).__name__)
    return f"{what} {detail}"


def page_steps(steps: Sequence[Callable[[], object]]) -> list[Callable[[], object]]:
    """The page's idle steps (rkweb.app.browser.start) as it runs them, each settled by a
    freeze (:func:`run_while`): first a step freezing what the start loaded, alone (the first
    freeze marks all of it: 4-5 ms of CPU in a first visit's Chromium, which the first step's
    task had on top of its own 5-10 ms), then ``steps``.

    >>> page_steps([print]) == [keep_loaded, print]
    True
    """
    return [keep_loaded, *steps]


def keep_loaded() -> None:
    """Leave what Python holds now (every module, function and table loaded) out of every later
    garbage collection (``gc.freeze``; refcounting still frees what is dropped): a full
    collection went through the 75,000 objects a start loads each time, 31-33 ms in the app's
    Pyodide under node (a tap that met one waited for it), and finds none of them garbage.
    Nothing counts them (``gc.get_freeze_count`` walks every frozen object: 8-12 ms of a first
    visit's main thread in Chromium, 1x CPU, in the idle steps' last task).

    The page also freezes after each idle step (:func:`run_while`'s ``settle``): Python's
    collections during the steps (3.14's, incremental) went through what the steps before had
    loaded, inside whichever step met them: 35 after a first visit's ready in Chromium (1x CPU,
    machine at load 4: 18-58 ms in all, the longest 7-43 ms), 36 under node; frozen after each
    step, 0 or 1. The first freeze marks what the start loaded (:func:`page_steps` runs it
    alone), each later one what a step did.
    What a step left as cyclic garbage is kept: 440 objects in all the steps, against 190 a
    collection at the end would have kept (node)."""
    gc.freeze()
