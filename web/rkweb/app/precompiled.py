"""The first start's dataclass methods, compiled by the build (issue 33: first visit).

Python writes each dataclass's methods (``__init__``, ``__eq__``, ``__repr__``...) as source and
compiles that source when the class is made. In the app's Pyodide the compile is about 2 ms a
class: 92-97 ms of the 220-250 ms that importing the start's modules took (50 classes, node, 1x
CPU), a third of the app's own share of a first visit. The build starts the app once in the
same Python (tools/dataclass_codes.py), keeps what each source compiled to (:func:`recording`)
and ships it beside this module (:data:`CODES_FILE`). A first start looks each source up
(:func:`install`) and compiles only what it does not find, so a file that no longer matches the
code costs time, never a wrong method. A restored start has its classes made already; the page
lets the look-up go once it has started (:func:`release`); a fresh start's idle steps take
theirs from a second file (:data:`IDLE_CODES_FILE`).
"""

import builtins
import contextlib
import dataclasses
import marshal
import pkgutil
import types
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

#: Written by the build into this package, read from the app's zip: ``{source: code}``. Absent
#: from a source checkout, where every class compiles its methods as Python does.
CODES_FILE = "dataclass_codes.marshal"
#: The same for the classes a fresh start's idle steps make (rkweb.app.shell.idle_steps), and
#: not the start's: read once the page is ready, in the first idle step (:func:`install_idle`).
#: With them the idle steps took 430-520 ms in node instead of 1,140-1,440, and the slowest
#: 17-21 ms instead of 26-35.
IDLE_CODES_FILE = "dataclass_codes_idle.marshal"
#: Sources in each chunk of that file (:func:`chunked`): all 273 read in one step took 60-100 ms
#: in a first visit's Chromium at 1x CPU.
IDLE_CHUNK = 32

Codes = Mapping[str, types.CodeType]


def _compiled(source: str) -> types.CodeType:
    # As dataclasses' own exec(source) compiles it: that module has no __future__ imports, so
    # none of this one's may leak into the methods (dont_inherit).
    return compile(source, "<string>", "exec", dont_inherit=True)


class Lookup:
    """What :mod:`dataclasses` calls in place of ``exec``: the build's code for a source it
    knows, a compile for one it does not; ``found`` and ``compiled`` count them. ``later``:
    more codes, marshalled in the order the build met them (:func:`chunked`), read a chunk at
    a time when a source is not found yet, so no one step reads them all."""

    def __init__(self, codes: Codes, later: Sequence[bytes] = ()) -> None:
        self.codes = dict(codes)
        self.later = list(later)
        self.found = 0
        self.compiled = 0

    def __call__(self, source: Any, globals: Any = None, locals: Any = None) -> None:
        code = self.codes.get(source) if isinstance(source, str) else None
        while code is None and self.later and isinstance(source, str):
            self.codes.update(_codes_of(self.later.pop(0)))
            code = self.codes.get(source)
        if code is None:
            self.compiled += 1
            code = _compiled(source) if isinstance(source, str) else source
        else:
            self.found += 1
        builtins.exec(code, globals, locals)


@contextlib.contextmanager
def recording() -> Iterator[dict[str, types.CodeType]]:
    """Inside the block, every dataclass made keeps its methods' source and code in the dict
    yielded (the build's side of :func:`install`)."""
    codes: dict[str, types.CodeType] = {}

    def record(source: Any, globals: Any = None, locals: Any = None) -> None:
        code = _compiled(source) if isinstance(source, str) else source
        if isinstance(source, str):
            codes.setdefault(source, code)
        builtins.exec(code, globals, locals)

    _use(record)
    try:
        yield codes
    finally:
        release()


def shipped_codes(
    name: str = CODES_FILE, package: str = __package__ or "rkweb.app"
) -> dict[str, types.CodeType]:
    """The codes the build shipped as ``name``, or {} where none were (tests, a source
    checkout)."""
    return _codes_of(_shipped(name, package))


def shipped_chunks(
    name: str = IDLE_CODES_FILE, package: str = __package__ or "rkweb.app"
) -> list[bytes]:
    """The chunks of codes the build shipped as ``name`` (:func:`chunked`), or []."""
    data = _shipped(name, package)
    chunks = marshal.loads(data) if data else []
    return [c for c in chunks if isinstance(c, bytes)] if isinstance(chunks, list) else []


def chunked(codes: Mapping[str, types.CodeType], size: int = IDLE_CHUNK) -> list[bytes]:
    """The build's side of :attr:`Lookup.later`: ``codes`` in their order, ``size`` a chunk.

    >>> [len(marshal.loads(c)) for c in chunked(dict.fromkeys("abcde", _compiled("")), 2)]
    [2, 2, 1]
    """
    items = list(codes.items())
    return [marshal.dumps(dict(items[i : i + size])) for i in range(0, len(items), size)]


def _shipped(name: str, package: str) -> bytes:
    try:
        return pkgutil.get_data(package, name) or b""
    except OSError:
        return b""


def _codes_of(data: bytes) -> dict[str, types.CodeType]:
    codes = marshal.loads(data) if data else {}
    if not isinstance(codes, dict):
        return {}
    return {s: c for s, c in codes.items() if isinstance(s, str) and isinstance(c, types.CodeType)}


def install(codes: Codes | None = None, later: Sequence[bytes] = ()) -> Lookup | None:
    """Let the dataclasses made from now on take their methods from ``codes`` (the shipped
    ones unless given), then ``later`` (:class:`Lookup`); None where there are none."""
    codes = shipped_codes() if codes is None else codes
    if not codes and not later:
        return None
    lookup = Lookup(codes, later)
    _use(lookup)
    return lookup


def install_idle() -> Lookup | None:
    """:func:`install` with the idle steps' codes (:data:`IDLE_CODES_FILE`) and the start's,
    which that file leaves out: many classes share their methods' source (every message without
    fields), and 102 of the idle steps' classes found theirs in the start's codes only."""
    return install(shipped_codes(), shipped_chunks(IDLE_CODES_FILE))


def release() -> Lookup | None:
    """Dataclasses compile their methods as Python does again; the look-up that was in use, if
    any (its counts), is dropped with its codes."""
    used = vars(dataclasses).pop("exec", None)
    return used if isinstance(used, Lookup) else None


def _use(stand_in: Any) -> None:
    # dataclasses calls the name ``exec`` (its module's, else the builtin) to make each class's
    # methods: a module attribute of that name is the one seam there is.
    release()
    setattr(dataclasses, "exec", stand_in)  # noqa: B010 (mypy: no such attribute to assign)
