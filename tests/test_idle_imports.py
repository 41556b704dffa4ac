"""The idle-time imports after start run one module body per step (issue 33; rkweb.app.idle)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rkweb.app import idle, shell


@pytest.fixture
def package(tmp_path: Path) -> Iterator[str]:
    """A package ``idlepkg`` whose page module imports a rules module, which imports a table
    module: importing the page by name runs all three bodies in one step."""
    root = tmp_path / "idlepkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "tables.py").write_text("ROWS = 3\n")
    (root / "rules.py").write_text("from idlepkg.tables import ROWS\nLIMIT = ROWS * 2\n")
    (root / "page.py").write_text("from idlepkg import rules\nVIEW = rules.LIMIT\n")
    sys.path.insert(0, str(tmp_path))
    yield "idlepkg"
    sys.path.remove(str(tmp_path))
    for name in [n for n in sys.modules if n == "idlepkg" or n.startswith("idlepkg.")]:
        del sys.modules[name]


def forget(name: str) -> None:
    for loaded in [n for n in sys.modules if n == name or n.startswith(f"{name}.")]:
        del sys.modules[loaded]


def test_the_recorded_order_names_each_module_after_what_it_imports(package: str) -> None:
    order = idle.record_order([f"{package}.page"])
    assert order == ["idlepkg", "idlepkg.tables", "idlepkg.rules", "idlepkg.page"]


def test_a_root_that_fails_still_counts_what_it_loaded_first(package: str, tmp_path: Path) -> None:
    (tmp_path / "idlepkg" / "broken.py").write_text("import idlepkg.tables\nraise ValueError\n")
    assert idle.record_order(["idlepkg.broken", "idlepkg.rules"]) == [
        "idlepkg",
        "idlepkg.tables",
        "idlepkg.rules",
    ]


def run_steps(steps: list[Callable[[], object]]) -> list[list[str]]:
    """Run idle steps as browser.in_idle_time does; the modules each step loaded."""
    loaded: list[list[str]] = []
    while steps:
        before = set(sys.modules)
        more = steps[0]()
        loaded.append(sorted(set(sys.modules) - before))
        steps = [*more, *steps[1:]] if isinstance(more, list) else steps[1:]
    return loaded


def test_in_the_recorded_order_each_step_runs_one_module_body(package: str) -> None:
    order = tuple(idle.record_order([f"{package}.page"]))
    forget(package)
    steps: list[Callable[[], object]] = [lambda: idle.import_next(order)]
    assert run_steps(steps) == [
        ["idlepkg"],
        ["idlepkg.tables"],
        ["idlepkg.rules"],
        ["idlepkg.page"],
    ]


def test_by_name_the_first_step_runs_every_body_it_needs(package: str) -> None:
    """What the steps did before the order was recorded: the failing comparison above."""
    steps: list[Callable[[], object]] = [lambda: idle.import_next(("idlepkg.page",))]
    assert run_steps(steps) == [["idlepkg", "idlepkg.page", "idlepkg.rules", "idlepkg.tables"]]


def test_a_module_a_tap_loaded_between_two_steps_takes_no_step(package: str) -> None:
    order = tuple(idle.record_order([f"{package}.page"]))
    forget(package)
    import idlepkg.rules  # noqa: F401  (a tap between two steps)

    steps: list[Callable[[], object]] = [lambda: idle.import_next(order)]
    assert run_steps(steps) == [["idlepkg.page"]]


def test_the_order_is_read_from_the_package_and_absent_from_a_source_checkout(
    package: str, tmp_path: Path
) -> None:
    assert idle.shipped_order(package) == ()
    (tmp_path / "idlepkg" / idle.ORDER_FILE).write_text("idlepkg.tables\nidlepkg.page\n")
    assert idle.shipped_order(package) == ("idlepkg.tables", "idlepkg.page")


def test_the_first_views_import_in_order_then_draw_each_system_page() -> None:
    from rkweb.app.model import Model

    def model_of() -> Model:
        raise AssertionError("no page is drawn here")

    pages = len(shell.first_views(model_of))  # by name: one step per page
    ordered = shell.first_views(model_of, ("json",))
    assert len(ordered) == pages + 1  # the imports, then each page drawn unseen
    assert shell.idle_roots()[0] == "icepool"
    assert {"pycore.systems.simply.fight", "pycore.systems.aftermath.attack.worksheet"} <= set(
        shell.idle_roots()
    )
