"""Issue 30 item 4: no import cycles in the core or the web layer, counting imports made inside
functions too (a cycle hidden in a function is still two modules that cannot be read apart)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ((ROOT / "pycore", "pycore"), (ROOT / "web" / "rkweb", "rkweb"))


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for folder, package in PACKAGES:
        for path in folder.rglob("*.py"):
            parts = [package, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports (``from a import b`` counts ``a.b`` when that is a
    module, else ``a``; a package's parents are not counted, as in every cycle checker)."""
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = here[: len(here) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in modules:
                    targets.add(full)
                elif base in modules:
                    targets.add(base)
    targets.discard(name)
    return targets


def cycles() -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    modules = _modules()
    graph = {name: sorted(_imports(name, path, modules)) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, edge = work.pop()
            if edge == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            targets = graph[node]
            if edge < len(targets):
                work.append((node, edge + 1))
                target = targets[edge]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_no_import_cycles() -> None:
    assert cycles() == []


def test_aftermath_packages_do_not_import_each_other() -> None:
    """Issue 30 item 4: Aftermath's core grouped into packages whose imports go one way,
    counting imports inside functions: the sheet knows nothing of attacks (its conditions and
    saving throws are ``aftermath.conditions`` and ``aftermath.bcs``, what an attack does to a
    sheet is ``attack.apply``); the gear and the campaign settings know nothing of attacks (the
    worksheet filled from a weapon is ``attack.weapon_form``, the critical miss tables a
    setting chooses between are the campaign's)."""
    modules = _modules()
    prefix = "pycore.systems.aftermath."
    edges = set()
    for name, path in modules.items():
        if name.startswith(prefix):
            here = name.removeprefix(prefix).split(".")[0]
            for target in _imports(name, path, modules):
                there = target.removeprefix(prefix).split(".")[0]
                if target.startswith(prefix) and there != here:
                    edges.add((here, there))
    pairs = {frozenset(e) for e in edges if (e[1], e[0]) in edges}
    assert pairs == set()
