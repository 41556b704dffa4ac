"""Run inside Pyodide by tools/pyc.mjs: ship the app and the stdlib it needs precompiled.

Without .pyc, every start parses and compiles the ~200 stdlib modules Pyodide and the app import
(Pyodide's stdlib zip holds sources only), which is most of the start-up time. The .pyc are made
by the very Python that will load them, so their magic number matches, and are hash-based and
unchecked: nothing compares them with sources at run time, and a rebuild with the same sources
gives the same bytes (the service worker's content hashes change only when code does).

- /dist/py/rulekeeper.zip: every module becomes a sourceless ``.pyc`` in place of its ``.py``
  (a traceback still names the file and line). A .pyc is about 2.5 times its compressed source,
  so shipping both would cost 0.46 MB more at the first visit.
- /dist/vendor/pyodide/python_stdlib.zip: the modules imported at boot by Pyodide and by the app
  (every import statement in its sources, lazy ones included) become sourceless ``.pyc`` (the
  layout zipimport reads); every other module stays a source, compiled if ever imported, except
  UNUSED: debuggers, test runners, mail and other network protocols, processes. Leaving those
  out saves 0.65 MB at the first visit (measured).
- Every .pyc leaves out module and function docstrings (their doctests are most of them): 0.5 MB
  less, with the codecs nothing loads left out of the stdlib zip (0.25 MB); 15.6 → 14.9 MB.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import importlib.util
import marshal
import shutil
import sys
import zipfile
from pathlib import Path
from typing import Any

import idle_build  # beside this file, as zip_stamped: tools/pyc.mjs puts them on Pyodide's path
import zip_stamped

APP_ZIP = Path("/dist/py/rulekeeper.zip")
STDLIB_ZIP = Path("/dist/vendor/pyodide/python_stdlib.zip")
STDLIB_RUNTIME = "/lib/python314.zip"  # where Pyodide mounts the stdlib zip it downloaded
# The folder the page puts the app in (web/snapshot.mjs): a traceback names a module by this path.
APP_RUNTIME = Path("/home/pyodide")
WORK = Path("/tmp/pyc")
# Top-level stdlib modules and packages nothing in the app, icepool or Pyodide's own modules
# imports (checked against their import statements); a page has no use for them.
UNUSED = frozenset(
    {
        *("_pyrepl", "pdb", "bdb", "doctest", "unittest", "pydoc", "pydoc_data", "trace"),
        *("cProfile", "profile", "pstats", "tabnanny", "pyclbr", "modulefinder", "zipapp"),
        *("imaplib", "poplib", "smtplib", "ftplib", "mailbox", "netrc", "xmlrpc", "wsgiref"),
        # xml stays: segno (the share page's QR code) imports xml.sax.saxutils.
        *("socketserver", "multiprocessing", "webbrowser", "this", "antigravity"),
        *("__hello__", "__phello__", "_pyio", "_pydatetime", "pickletools", "idlelib", "turtle"),
    }
)
# Wheels whose own lazy imports are not the app's (segno's viewer, file writers, URL fetching):
# what importing them pulls in is still found, the rest stays source or is left out.
LAZY_WHEELS = frozenset({"segno"})
# Codecs kept as sources though nothing loaded them at build time: segno encodes a QR code's
# text as ISO-8859-1, else Shift_JIS, else UTF-8, and looks codecs up by name for its ECI mode.
KEPT_CODECS = frozenset(
    {
        *("latin_1", "ascii", "shift_jis", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be"),
        *("utf_32", "cp1252", "iso8859_15", "idna", "punycode", "charmap", "raw_unicode_escape"),
        *("unicode_escape", "base64_codec", "hex_codec", "mbcs", "undefined"),
    }
)


def write_zip(path: Path, folder: Path) -> None:
    with zip_stamped.open_zip(path, "w") as archive:
        for file in sorted(p for p in folder.rglob("*") if p.is_file()):
            zip_stamped.write_entry(archive, file.relative_to(folder).as_posix(), file.read_bytes())


def imported_names(folder: Path) -> set[str]:
    """Every module named by an import statement in the app's sources, lazy imports included."""
    names: set[str] = set()
    for file in folder.rglob("*.py"):
        if file.relative_to(folder).parts[0] in LAZY_WHEELS:
            continue
        for node in ast.walk(ast.parse(file.read_bytes(), str(file))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def package_source(app: Path, name: str) -> tuple[bytes, str, str] | None:
    """Package ``name``'s ``__init__`` source as the build has it, the file it came from and
    the file the page names it by (a traceback's): the app's and its wheels' (in ``app``) or
    the stdlib's (in Pyodide's zip, the package loaded); None for a module not a package.

    The stdlib's packages are sliced as the app's: html (icepool's ``import html``, for
    ``html.escape``: html.entities' dicts of 252 and 2,231 entries, then a regular expression
    compiled, in one step of 7-11 ms of CPU in a first visit's Chromium, 1x CPU; over 50 ms
    in 2 of 3 loads on a loaded machine) and tomllib (its parser and its regular expressions
    in one step)."""
    init = app.joinpath(*name.split("."), "__init__.py")
    if init.exists():
        return init.read_bytes(), str(init), str(APP_RUNTIME / init.relative_to(app))
    spec = getattr(sys.modules.get(name), "__spec__", None)
    origin = str(getattr(spec, "origin", None) or "")
    if origin.startswith(f"{STDLIB_RUNTIME}/") and origin.endswith("/__init__.py"):
        return spec.loader.get_data(origin), origin, origin  # type: ignore[union-attr]
    return None


def record_idle_order(app: Path) -> None:
    """The order the page's idle steps import their modules in, each after those it imports
    (rkweb.app.idle): recorded here, in the interpreter that will run them, before anything
    else is imported beyond what the page has loaded by ready."""
    sys.path.insert(0, str(app))
    from rkweb.app import idle, shell  # what the page has loaded by ready, and the list

    loaded = idle_build.record_imports(shell.idle_roots())
    order = [name for name, _ in loaded]
    if "icepool" not in order:
        sys.exit("pycompile: the idle import order has no icepool (rkweb.app.idle)")
    (app / "rkweb" / "app" / idle.ORDER_FILE).write_text("\n".join(order) + "\n")
    slices, loads = {}, {}
    for index, name in enumerate(order):
        # A package whose __init__ imports its own submodules: they finish loading before it
        # does, so they come first in the order.
        found = package_source(app, name)
        if found and any(n.startswith(f"{name}.") for n in order[:index]):
            source, file, runtime_name = found
            slices[name] = idle_build.statement_codes(source, runtime_name)
            loads[name] = idle_build.statement_loads(name, source, file, loaded)
    idle_build.check_submodules_first(app, order, slices, idle.SUBMODULES_FIRST)
    (app / "rkweb" / "app" / idle.SLICES_FILE).write_bytes(marshal.dumps(slices))
    (app / "rkweb" / "app" / idle.LOADS_FILE).write_bytes(marshal.dumps(loads))
    print(f"pyc: idle import order of {len(order)} modules, {len(slices)} sliced: {sorted(slices)}")


def stdlib_in_use(app: Path) -> set[str]:
    """Paths inside the stdlib zip of the modules loaded once the app's imports have run."""
    sys.path.insert(0, str(app))
    for name in sorted(imported_names(app)):
        # A name may be an attribute, not a module, or need the page (js): skip it.
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    prefix = STDLIB_RUNTIME + "/"
    return {
        str(module.__file__)[len(prefix) :]
        for module in list(sys.modules.values())
        if str(getattr(module, "__file__", None) or "").startswith(prefix)
    }


class _Docstrings(ast.NodeTransformer):
    """Drops the docstrings of modules and functions (and their doctests) and other bare string
    statements: nothing in the app or the stdlib modules it loads reads them at run time, and
    they are a large part of the bytecode. Class docstrings stay (``dataclasses`` would otherwise
    compute a signature for every class without one), and so do asserts (this is not ``-OO``)."""

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            body = getattr(node, field, None)
            if not isinstance(body, list) or not body or not isinstance(body[0], ast.stmt):
                continue
            kept = [
                statement
                for index, statement in enumerate(body)
                if not (
                    isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)
                    and not (isinstance(node, ast.ClassDef) and field == "body" and index == 0)
                )
            ]
            setattr(node, field, kept or [ast.Pass()])
        return node


def compile_without_docstrings(source: Path, target: Path, runtime_name: str) -> None:
    """``source`` as an unchecked hash-based .pyc (what ``py_compile`` writes with
    UNCHECKED_HASH) of its code without docstrings; ``runtime_name`` is where tracebacks say the
    file lives in the page."""
    data = source.read_bytes()
    tree = _Docstrings().visit(ast.parse(data, runtime_name))
    code = compile(ast.fix_missing_locations(tree), runtime_name, "exec", dont_inherit=True)
    external: Any = importlib._bootstrap_external
    target.write_bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(data), False))


def app_pyc(app: Path) -> int:
    sources = sorted(app.rglob("*.py"))
    for source in sources:
        runtime_name = str(APP_RUNTIME / source.relative_to(app))
        compile_without_docstrings(source, source.with_suffix(".pyc"), runtime_name)
        source.unlink()
    return len(sources)


def stdlib_pyc(used: set[str]) -> int:
    folder = WORK / "stdlib"
    with zipfile.ZipFile(STDLIB_RUNTIME) as archive:
        archive.extractall(folder)
    for name in UNUSED:
        for path in (folder / name, folder / f"{name}.py"):
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
    for name in sorted(used):
        source = folder / name
        compile_without_docstrings(source, source.with_suffix(".pyc"), f"{STDLIB_RUNTIME}/{name}")
        source.unlink()  # zipimport prefers a .pyc; the source would only add bytes
    # Codecs nothing names: the app reads and writes UTF-8 (the codecs Pyodide's start loads are
    # in ``used``, precompiled above); KEPT_CODECS stay for segno's fallbacks and the common rest.
    for codec in (folder / "encodings").glob("*.py"):
        if codec.stem not in KEPT_CODECS:
            codec.unlink()
    write_zip(STDLIB_ZIP, folder)
    return len(used)


def main() -> None:
    app = WORK / "app"
    with zipfile.ZipFile(APP_ZIP) as archive:
        archive.extractall(app)
    record_idle_order(app)
    used = stdlib_in_use(app)
    unused = {name.split("/")[0].removesuffix(".py") for name in used} & UNUSED
    if unused:
        sys.exit(f"pycompile: UNUSED modules are imported: {sorted(unused)}")
    compiled = app_pyc(app)
    write_zip(APP_ZIP, app)
    stdlib = stdlib_pyc(used)
    shutil.rmtree(WORK)
    print(f"pyc: {compiled} app modules, {stdlib} stdlib modules precompiled")


if __name__ == "__main__":  # tools/pyc.mjs runs it as Pyodide's __main__; a test imports it
    main()
