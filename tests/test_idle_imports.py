"""The idle-time imports after start run one module body per step (issue 33; rkweb.app.idle)."""

from __future__ import annotations

import doctest
import importlib.util
import sys
import types
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from build_tools import tool
from rkweb.app import idle, shell

# The build's half (record the order, slice the __init__s, check them): never shipped.
idle_build = tool("idle_build")


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
    order = idle_build.record_order([f"{package}.page"])
    assert order == ["idlepkg", "idlepkg.tables", "idlepkg.rules", "idlepkg.page"]


def test_a_root_that_fails_still_counts_what_it_loaded_first(package: str, tmp_path: Path) -> None:
    (tmp_path / "idlepkg" / "broken.py").write_text("import idlepkg.tables\nraise ValueError\n")
    assert idle_build.record_order(["idlepkg.broken", "idlepkg.rules"]) == [
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
    order = tuple(idle_build.record_order([f"{package}.page"]))
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
    order = tuple(idle_build.record_order([f"{package}.page"]))
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


@pytest.fixture
def icepool_unloaded() -> Iterator[None]:
    """icepool out of ``sys.modules`` for the test, and the test's own import of it undone
    after (other tests keep the modules they imported)."""
    kept = {n: m for n, m in sys.modules.items() if n == "icepool" or n.startswith("icepool.")}
    forget("icepool")
    yield
    forget("icepool")
    sys.modules.update(kept)


def icepool_codes() -> list[Any]:
    spec = importlib.util.find_spec("icepool")
    assert spec and spec.origin
    return idle_build.statement_codes(Path(spec.origin).read_bytes(), spec.origin)


def test_icepool_sliced_a_statement_per_step_is_icepool(icepool_unloaded: None) -> None:
    codes = icepool_codes()
    assert len(codes) == 40  # icepool 2.1.3: 44 top-level statements, 4 bare strings
    steps: list[Callable[[], object]] = [lambda: idle.sliced_import("icepool", codes)]
    ran = 0
    while steps:
        more = steps[0]()
        steps = [*more, *steps[1:]] if isinstance(more, list) else steps[1:]
        ran += 1
    assert ran == 1 + 40
    icepool = sys.modules["icepool"]
    assert type(icepool) is types.ModuleType  # the partial module's class is gone
    assert {"Die", "Pool", "d", "Again", "MultisetEvaluator"} <= set(vars(icepool))
    assert icepool.d(6).probability(">=", 4) == Fraction(1, 2)
    assert icepool.d6.probability(">=", 4) == Fraction(1, 2)  # icepool's own __getattr__


def icepool_steps_with_their_loads() -> list[Callable[[], object]]:
    """icepool's sliced import with what each statement loads, recorded as the build does
    (tools/pycompile.py), icepool then forgotten again."""
    spec = importlib.util.find_spec("icepool")
    assert spec and spec.origin
    loaded = idle_build.record_imports(["icepool"])
    slices: dict[str, list[Any]] = {}
    loads: dict[str, list[list[str]]] = {}
    for name in [n for n, _ in loaded if n == "icepool" or n.startswith("icepool.")]:
        found = importlib.util.find_spec(name)
        if found and found.origin and found.origin.endswith("__init__.py"):
            source = Path(found.origin).read_bytes()
            slices[name] = idle_build.statement_codes(source, found.origin)
            loads[name] = idle_build.statement_loads(name, source, found.origin, loaded)
    forget("icepool")
    order = [n for n, _ in loaded]
    return idle.package_steps(order, "icepool", slices, loads)


def test_each_statement_loads_its_modules_a_step_each_first(icepool_unloaded: None) -> None:
    """icepool's statement importing its evaluators loaded 11 modules in one step (23 ms in node,
    50-100 in a first visit's Chromium): each now loads in a step of its own, in the order
    Python loaded them, nested sliced packages (icepool.evaluator) a statement at a time too."""
    loaded = run_steps(icepool_steps_with_their_loads())
    icepool = sys.modules["icepool"]
    assert type(icepool) is types.ModuleType
    assert max(len([n for n in step if n.startswith("icepool")]) for step in loaded) == 1
    assert icepool.evaluator is sys.modules["icepool.evaluator"]  # set on the package, as Python
    assert icepool.operator is sys.modules["icepool.operator"]  # (a Partial found none: all ran)
    assert icepool.d(6).probability(">=", 4) == Fraction(1, 2)
    assert icepool.evaluator.KeepEvaluator is not None


def test_a_name_read_between_two_steps_runs_the_rest_first(icepool_unloaded: None) -> None:
    (first,) = idle.sliced_import("icepool", icepool_codes())
    assert isinstance(steps := first(), list)  # one statement run: `from typing import Final`
    import icepool  # a tap's import between two steps: the partial module

    assert icepool.d(6).probability(">=", 4) == Fraction(1, 2)  # the rest ran, then `d`
    assert steps[0]() == []  # nothing left for the idle steps
    assert "Pool" in vars(icepool) and type(icepool) is types.ModuleType


def test_a_statement_that_fails_imports_the_package_the_usual_way(icepool_unloaded: None) -> None:
    broken = [*icepool_codes()[:3], compile("raise ImportError('moved')", "x", "exec")]
    steps = idle.sliced_import("icepool", broken)
    while steps:
        steps = steps[0]()  # type: ignore[assignment]
    assert sys.modules["icepool"].d(6).probability(">=", 4) == Fraction(1, 2)


def test_a_module_with_future_imports_has_them_in_every_statement() -> None:
    source = b"from __future__ import annotations\nimport math\nx: math.Nope = 1\n"
    namespace: dict[str, Any] = {}
    for code in idle_build.statement_codes(source, "m.py"):
        exec(code, namespace)  # the annotation, a string, is not evaluated: no AttributeError
    assert namespace["__annotations__"] == {"x": "math.Nope"} and namespace["x"] == 1


def test_a_sliced_package_in_the_order_runs_a_statement_per_step(
    package: str, tmp_path: Path
) -> None:
    """A package whose __init__ imports its own submodules (as the fight packages do): in the
    order its submodules come first, and importing any of them by name ran the whole __init__."""
    hub = tmp_path / "idlepkg" / "hub"
    hub.mkdir()
    (hub / "one.py").write_text("ONE = 1\n")
    (hub / "two.py").write_text("from idlepkg.hub.one import ONE\nTWO = ONE + 1\n")
    init = "from idlepkg.hub.one import ONE\nfrom idlepkg.hub.two import TWO\n"
    (hub / "__init__.py").write_text(init)
    order = tuple(idle_build.record_order(["idlepkg.hub"]))
    assert order == ("idlepkg", "idlepkg.hub.one", "idlepkg.hub.two", "idlepkg.hub")
    forget(package)
    by_name: list[Callable[[], object]] = [lambda: idle.import_next(order)]
    assert run_steps(by_name)[1] == ["idlepkg.hub", "idlepkg.hub.one", "idlepkg.hub.two"]
    forget(package)
    slices = {"idlepkg.hub": idle_build.statement_codes(init.encode(), str(hub / "__init__.py"))}
    sliced: list[Callable[[], object]] = [lambda: idle.import_next(order, 0, slices)]
    loaded = [step for step in run_steps(sliced) if step]
    assert loaded == [["idlepkg"], ["idlepkg.hub"], ["idlepkg.hub.one"], ["idlepkg.hub.two"]]
    assert sys.modules["idlepkg.hub"].TWO == 2


def test_a_sliced_package_loads_what_its_statements_import_a_module_per_step_first(
    package: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A statement of the package's __init__ importing a submodule that imports another one and
    a module outside the package: the three bodies ran in that statement's step (Simply's
    characters package: 76 ms in node). For the app's packages each now has a step of its own,
    in the order; a package outside them (icepool) keeps its submodules to its statements."""
    hub = tmp_path / "idlepkg" / "hub"
    hub.mkdir()
    (hub / "one.py").write_text("ONE = 1\n")
    (hub / "two.py").write_text(
        "from idlepkg.tables import ROWS\nfrom idlepkg.hub.one import ONE\nTWO = ONE + ROWS\n"
    )
    init = "from idlepkg.hub.two import TWO\n"
    (hub / "__init__.py").write_text(init)
    order = tuple(idle_build.record_order(["idlepkg.hub"]))
    assert order == (
        "idlepkg",
        "idlepkg.tables",
        "idlepkg.hub.one",
        "idlepkg.hub.two",
        "idlepkg.hub",
    )
    slices = {"idlepkg.hub": idle_build.statement_codes(init.encode(), str(hub / "__init__.py"))}
    sliced: list[Callable[[], object]] = [lambda: idle.import_next(order, 0, slices)]
    forget(package)
    assert [step for step in run_steps(list(sliced)) if step][2:] == [
        ["idlepkg.hub"],
        ["idlepkg.hub.one", "idlepkg.hub.two"],
    ]
    forget(package)
    monkeypatch.setattr(idle, "SUBMODULES_FIRST", ("idlepkg.",))
    assert [step for step in run_steps(list(sliced)) if step] == [
        ["idlepkg"],
        ["idlepkg.tables"],
        ["idlepkg.hub"],
        ["idlepkg.hub.one"],
        ["idlepkg.hub.two"],
    ]
    assert sys.modules["idlepkg.hub"].TWO == 4


def test_what_the_start_loaded_is_left_out_of_later_collections() -> None:
    import gc

    try:
        kept = idle.keep_loaded()
        assert kept >= len(sys.modules)  # every module object at least
        assert not any(o is idle or o is shell for o in gc.get_objects())  # no longer looked at
    finally:
        gc.unfreeze()


def test_the_build_finds_a_module_that_reads_its_package_while_it_loads() -> None:
    """tools/idle_build.py stops a build whose SUBMODULES_FIRST package has such a module: icepool
    has two (class bases read from the partial package), so it is not in SUBMODULES_FIRST."""
    import icepool

    root = Path(icepool.__file__).parent
    files = {f.relative_to(root).with_suffix("").parts: f for f in root.rglob("*.py")}
    modules = {".".join(("icepool", *p)).removesuffix(".__init__"): f for p, f in files.items()}
    found = {
        name: idle_build.names_read_from(
            "icepool", name, file.read_bytes(), set(modules), is_package=file.stem == "__init__"
        )
        for name, file in modules.items()
        if name != "icepool"
    }
    assert {name: read for name, read in found.items() if read} == {
        "icepool.evaluator.multiset_evaluator_base": ["MultisetExpression"],
        "icepool.population.deck": ["Population"],
    }
    assert not any(name.startswith("icepool") for name in idle.SUBMODULES_FIRST)


def test_the_build_half_examples_hold() -> None:
    """tools/ is not collected for doctests: its examples run here."""
    assert doctest.testmod(idle_build).failed == 0


def test_the_page_loads_none_of_the_builds_half() -> None:
    """The order recorded, the slicing and the check ran inside every page's idle module."""
    assert not {"record_order", "statement_codes", "names_read_from"} & set(vars(idle))


def test_importing_pycompile_runs_nothing() -> None:
    """Its main() (which reads /dist/py/rulekeeper.zip) runs only as tools/pyc.mjs's __main__."""
    pycompile = tool("pycompile")
    assert pycompile.idle_build is idle_build  # imported from beside it, as in Pyodide
