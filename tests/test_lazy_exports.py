"""Each system's package names its contract lazily (pycore/lazy.py), so the app's start imports
only the small ``saved`` modules (issue 20): the names the type checker sees, the names given at
run time and ``__all__`` must stay the same lists, and each name must be the rule module's own."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from pycore.systems.system import SYSTEM_KEYS

ROOT = Path(__file__).resolve().parent.parent
SYSTEMS = SYSTEM_KEYS  # every system's descriptor (pycore/systems/system.py)


def _lists(system: str) -> tuple[dict[str, set[str]], dict[str, set[str]], set[str]]:
    tree = ast.parse((ROOT / "pycore" / "systems" / system / "__init__.py").read_text())
    typed: dict[str, set[str]] = {}
    given: dict[str, set[str]] = {}
    listed: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If):  # if TYPE_CHECKING:
            for imp in node.body:
                assert isinstance(imp, ast.ImportFrom) and imp.module
                typed.setdefault(imp.module, set()).update(a.name for a in imp.names)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            mapping = node.value.args[1]
            assert isinstance(mapping, ast.Dict)
            for key, value in zip(mapping.keys, mapping.values, strict=True):
                assert isinstance(key, ast.Constant)
                given[key.value] = set(ast.literal_eval(value).split())
        elif isinstance(node, ast.Assign) and node.targets[0].id == "__all__":  # type: ignore[attr-defined]
            listed = set(ast.literal_eval(node.value))
    return typed, given, listed


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_typed_names_the_given_names_and_all_agree(system: str) -> None:
    typed, given, listed = _lists(system)
    assert typed == given
    assert set().union(*given.values()) == listed


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_name_is_its_rule_modules_own(system: str) -> None:
    package = importlib.import_module(f"pycore.systems.{system}")
    _, given, _ = _lists(system)
    for module, names in given.items():
        for name in names:
            assert getattr(package, name) is getattr(importlib.import_module(module), name)
    assert set(dir(package)) >= set().union(*given.values())
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        package.nothing  # noqa: B018


def _source(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imported_at_import(module: str) -> set[str]:
    """The pycore modules ``module`` imports when it is imported: every import statement outside
    functions and ``if TYPE_CHECKING:``, with the packages each goes through."""
    path = _source(module)
    assert path is not None, module
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(path.read_text())]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            todo.extend(node.orelse)
            continue
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            found.update(".".join(parts[:n]) for n in range(1, len(parts) + 1))
        todo.extend(ast.iter_child_nodes(node))
    return {m for m in found if m.startswith("pycore") and _source(m) is not None}


def test_reading_saved_sections_imports_no_rules() -> None:
    """What the app's start needs of the systems, their codecs, and not their rules: the modules
    that ``sections.codecs()`` imports, followed through every import done at import time."""
    from pycore.store.sections import SYSTEM_CODECS

    seen: set[str] = set()
    todo = ["pycore.store.sections", *SYSTEM_CODECS]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(_imported_at_import(module))
    reached = {m for m in seen if m.startswith("pycore.systems.")}
    # The descriptors (pycore/systems/system.py and each system's system.py) hold names only,
    # a system's ``limits`` its bounds only (numbers the codec and the rules share), Percentile's
    # ``table_keys`` the GM tables' saved keys (names the codec and the GM tables share).
    names_only = {"saved", "system", "limits", "table_keys", *SYSTEMS}
    rules = sorted(m for m in reached if m.rsplit(".", 1)[-1] not in names_only)
    assert rules == [], "the start would import these rules"
    assert {f"pycore.systems.{s}.saved" for s in SYSTEMS} <= reached
