"""The build's half of the idle-time imports (rkweb.app.idle): run by tools/pycompile.py inside
the vendored Pyodide, never shipped to the page (it loaded these with every start).

- :func:`record_order`: the order in which Python finishes loading the modules the idle steps
  import, each after those it imports (shipped as ``idle.ORDER_FILE``);
- :func:`statement_codes`: a package ``__init__`` compiled a top-level statement at a time
  (shipped as ``idle.SLICES_FILE``, run a statement per step by ``idle.sliced_import``), and
  :func:`statement_loads`: the modules each statement loads (shipped as ``idle.LOADS_FILE``,
  loaded a module per step before it);
- :func:`check_submodules_first`: the build stops where a package whose submodules load first
  has one that reads a name its ``__init__`` defines (:func:`names_read_from`).
"""

from __future__ import annotations
import __future__

import ast
import contextlib
import functools
import importlib
import operator
import sys
import types
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any


def record_order(roots: Iterable[str]) -> list[str]:
    """Import ``roots`` (a build step, once, in a fresh interpreter): the modules loaded, each
    named once its own body has run, so after every module it imports at its top."""
    return [name for name, _ in record_imports(roots)]


#: A module loaded, and the module bodies running when it loaded: (module name, line), the
#: outermost last.
Loaded = tuple[str, tuple[tuple[str, int], ...]]


def record_imports(roots: Iterable[str]) -> list[Loaded]:
    """:func:`record_order` with, for each module, the module bodies that were running (their
    name and line) when it loaded: :func:`statement_loads` finds from them which statement of a
    package's ``__init__`` loaded it.

    Hooks the import system's one loading function for the duration: build-time only, never in
    the page. A root that fails to import still counts what it loaded first.
    """
    bootstrap: Any = importlib._bootstrap
    load_unlocked = bootstrap._load_unlocked
    loaded: list[Loaded] = []

    def recording(spec: Any) -> Any:
        module = load_unlocked(spec)
        running: list[tuple[str, int]] = []
        frame: types.FrameType | None = sys._getframe(1)
        while frame is not None:
            if frame.f_code.co_name == "<module>":
                running.append((str(frame.f_globals.get("__name__")), frame.f_lineno))
            frame = frame.f_back
        loaded.append((spec.name, tuple(running)))
        return module

    bootstrap._load_unlocked = recording
    try:
        for root in roots:
            with contextlib.suppress(Exception):  # a root needing the page (js) is the page's
                importlib.import_module(root)
    finally:
        bootstrap._load_unlocked = load_unlocked
    return loaded


def statement_loads(
    package: str, source: bytes, filename: str, loaded: Sequence[Loaded]
) -> list[list[str]]:
    """For each statement of :func:`statement_codes` (the package's ``__init__``), the modules
    it loaded, in the order they finished (``loaded``: :func:`record_imports`), for
    ``idle.sliced_import`` to load one per step before the statement runs.

    >>> src = b"'doc'\\nimport a\\nfrom b import (\\n  c)\\nX = 1\\n"
    >>> loaded = [("a", (("pkg", 2),)), ("b.c", (("b", 1), ("pkg", 4))), ("b", (("pkg", 3),))]
    >>> statement_loads("pkg", src, "pkg/__init__.py", loaded)
    [['a'], ['b.c', 'b'], []]
    """
    kept = _kept_statements(ast.parse(source, filename))
    loads: list[list[str]] = [[] for _ in kept]
    for name, running in loaded:
        line = next((at for body, at in running if body == package), 0)
        found = (i for i, s in enumerate(kept) if s.lineno <= line <= (s.end_lineno or 0))
        index = next(found, None)
        if index is not None:
            loads[index].append(name)
    return loads


def _kept_statements(tree: ast.Module) -> list[ast.stmt]:
    """The top-level statements but bare strings (docstrings nothing reads at run time)."""
    return [
        statement
        for statement in tree.body
        if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))
    ]


def statement_codes(source: bytes, filename: str) -> list[types.CodeType]:
    """A module's top-level statements compiled one by one (its bare strings, docstrings that
    nothing reads at run time, left out), for ``idle.sliced_import``. Its ``from __future__``
    imports are compiled into every statement, as Python compiles the module whole (the app's
    packages begin with ``from __future__ import annotations``)."""
    kept = _kept_statements(ast.parse(source, filename))
    features = [
        getattr(__future__, alias.name).compiler_flag
        for statement in kept
        if isinstance(statement, ast.ImportFrom) and statement.module == "__future__"
        for alias in statement.names
    ]
    flags = functools.reduce(operator.or_, features, 0)
    return [
        compile(ast.Module([s], []), filename, "exec", flags=flags, dont_inherit=True) for s in kept
    ]


def names_read_from(
    package: str, module: str, source: bytes, submodules: set[str], *, is_package: bool = False
) -> list[str]:
    """The names ``module`` (inside ``package``) reads from ``package`` itself while it loads
    (outside its functions), other than its submodules: what the package's ``__init__``
    defines. For :func:`check_submodules_first`: such a module, loaded before the package's
    statements ran, would find the name missing.

    >>> src = b"from . import one\\nfrom .. import hub\\nfrom idlepkg.hub import TWO, one\\n"
    >>> names_read_from("idlepkg.hub", "idlepkg.hub.two", src, {"idlepkg.hub.one"})
    ['TWO']
    >>> src = b"import idlepkg.hub\\nX = idlepkg.hub.one.Y + idlepkg.hub.TWO\\ndef f(): idlepkg.hub.Z"
    >>> names_read_from("idlepkg.hub", "idlepkg.hub.two", src, {"idlepkg.hub.one"})
    ['TWO']
    """
    here = module.split(".")[: None if is_package else -1]  # what a relative import starts from
    found: list[str] = []

    def read(name: str) -> None:
        if f"{package}.{name}" not in submodules:
            found.append(name)

    class Loading(ast.NodeVisitor):
        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            base = ".".join(here[: len(here) - node.level + 1]) if node.level else ""
            if ".".join(part for part in (base, node.module or "") if part) == package:
                for alias in node.names:
                    read(alias.name)

        def visit_Attribute(self, node: ast.Attribute) -> None:
            if _dotted(node.value) == package:
                read(node.attr)  # ``import a.b`` then ``a.b.NAME``
            self.generic_visit(node)

        def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
            # A body runs when called, not while the module loads; its decorators and
            # defaults do.
            for part in [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]:
                if part is not None:
                    self.visit(part)

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_Lambda(self, node: ast.Lambda) -> None:
            pass

    Loading().visit(ast.parse(source, module))
    return found


def _dotted(node: ast.expr) -> str:
    """``a.b.c`` for the expression ``a.b.c``; "" for any other."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and (inner := _dotted(node.value)):
        return f"{inner}.{node.attr}"
    return ""


def check_submodules_first(
    app: Path, order: Sequence[str], slices: Mapping[str, object], first: tuple[str, ...]
) -> None:
    """Stop the build where a sliced package of ``first`` (``idle.SUBMODULES_FIRST``) has a
    module that reads a name its ``__init__`` defines: the idle steps load those modules before
    the ``__init__``'s statements run (rkweb.app.idle.import_next), so the name would be
    missing."""
    files = {".".join(f.relative_to(app).with_suffix("").parts): f for f in app.rglob("*.py")}
    modules = {name.removesuffix(".__init__"): f for name, f in files.items()}
    wrong = [
        f"{name} reads {read} from {package}"
        for package in slices
        if package.startswith(first)
        for name in order[: order.index(package)]  # those loaded first (after it: it is whole)
        if name.startswith(f"{package}.") and name in modules
        for read in names_read_from(
            package,
            name,
            modules[name].read_bytes(),
            set(modules),
            is_package=modules[name].name == "__init__.py",
        )
    ]
    if wrong:
        sys.exit(f"pycompile: sliced packages whose submodules read their __init__: {wrong}")
