"""The idle-time imports after start, one module body per step (issue 33: no main-thread task
over 50 ms after ready).

Importing a page's first module by name ran, in one step, every module it imports that was not
loaded yet: up to 130 ms at 1x CPU in Chromium (``pycore.systems.simply.armor`` brought the
tables' loader and checks with it). The build records the order in which Python finishes loading
the modules those steps import (:func:`record_order`, run by tools/pycompile.py inside the
vendored Pyodide) and ships it beside this module; importing in that order, each step finds what
its module imports already loaded and runs its one body (:func:`import_next`).
"""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

#: Written by the build into this package (tools/pycompile.py), read from the app's zip;
#: absent from a source checkout, where the steps import each page's modules by name as before.
ORDER_FILE = "idle_imports.txt"


def shipped_order(package: str = __package__ or "rkweb.app") -> tuple[str, ...]:
    """The recorded order the build shipped, or () where none was (tests, a source checkout)."""
    try:
        data = pkgutil.get_data(package, ORDER_FILE)
    except OSError:
        return ()
    return tuple(data.decode("utf-8").split()) if data else ()


def record_order(roots: Iterable[str]) -> list[str]:
    """Import ``roots`` (a build step, once, in a fresh interpreter): the modules loaded, each
    named once its own body has run, so after every module it imports at its top.

    Hooks the import system's one loading function for the duration: build-time only, never in
    the page. A root that fails to import still counts what it loaded first.
    """
    bootstrap: Any = importlib._bootstrap
    load_unlocked = bootstrap._load_unlocked
    loaded: list[str] = []

    def recording(spec: Any) -> Any:
        module = load_unlocked(spec)
        loaded.append(spec.name)
        return module

    bootstrap._load_unlocked = recording
    try:
        for root in roots:
            with contextlib.suppress(Exception):  # a root needing the page (js) is the page's
                importlib.import_module(root)
    finally:
        bootstrap._load_unlocked = load_unlocked
    return loaded


def import_next(names: Sequence[str], start: int = 0) -> list[Callable[[], object]]:
    """One idle step: import the first of ``names[start:]`` not loaded yet (a tap between two
    steps may have loaded some); the step for the rest, if any (``in_idle_time`` runs it next)."""
    for index in range(start, len(names)):
        if names[index] not in sys.modules:
            importlib.import_module(names[index])
            return [partial(import_next, names, index + 1)] if index + 1 < len(names) else []
    return []


def outside_first(names: Sequence[str], package: str) -> tuple[str, ...]:
    """``names`` with those outside ``package`` first, each group in its order: a package whose
    ``__init__`` imports its submodules loads them all in one step, but the other modules they
    import (icepool: csv, html) can each have a step before it.

    >>> outside_first(["icepool.typing", "csv", "icepool"], "icepool")
    ('csv', 'icepool.typing', 'icepool')
    """
    inside = [n for n in names if n == package or n.startswith(f"{package}.")]
    return (*(n for n in names if n not in inside), *inside)
