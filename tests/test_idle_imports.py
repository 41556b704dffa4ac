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


def make_hub(tmp_path: Path, init: str) -> Path:
    """A package ``idlepkg.hub`` in the ``package`` fixture's, whose __init__ is ``init``:
    submodule ``two`` imports ``one``."""
    hub = tmp_path / "idlepkg" / "hub"
    hub.mkdir()
    (hub / "one.py").write_text("ONE = 1\n")
    (hub / "two.py").write_text("from idlepkg.hub.one import ONE\nTWO = ONE + 1\n")
    (hub / "__init__.py").write_text(init)
    return hub


def test_a_sliced_package_in_the_order_runs_a_statement_per_step(
    package: str, tmp_path: Path
) -> None:
    """A package whose __init__ imports its own submodules (as the fight packages do): in the
    order its submodules come first, and importing any of them by name ran the whole __init__."""
    init = "from idlepkg.hub.one import ONE\nfrom idlepkg.hub.two import TWO\n"
    hub = make_hub(tmp_path, init)
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


def test_what_the_start_loaded_is_left_out_of_later_collections(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Uncounted: gc.get_freeze_count walks every frozen object (8-12 ms in Chromium)."""
    import gc

    def counted() -> int:
        raise AssertionError("the frozen objects counted")

    try:
        with monkeypatch.context() as patched:
            patched.setattr(gc, "get_freeze_count", counted)
            idle.keep_loaded()
        assert gc.get_freeze_count() >= len(sys.modules)  # every module object at least
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


@pytest.fixture
def html_unloaded() -> Iterator[types.ModuleType]:
    """html and html.entities out of ``sys.modules`` for the test (the html imported before
    is yielded to compare with), put back after."""
    import html

    kept = {n: m for n, m in sys.modules.items() if n == "html" or n.startswith("html.")}
    forget("html")
    yield html
    forget("html")
    sys.modules.update(kept)


def stdlib_source(name: str) -> tuple[bytes, str]:
    """A loaded stdlib module's source and file, from a folder or (Pyodide's) a zip."""
    spec = sys.modules[name].__spec__
    assert spec and spec.origin and spec.loader
    return spec.loader.get_data(spec.origin), spec.origin  # type: ignore[attr-defined]


def test_html_runs_a_statement_per_step_and_its_entities_in_one_apart(
    html_unloaded: types.ModuleType, tmp_path: Path
) -> None:
    """icepool's ``import html`` ran html.entities (dicts of 252 and 2,231 entries) and html's
    own statements (a regular expression compiled) in one step, 7-11 ms of CPU in a first
    visit's Chromium: the build slices the stdlib's packages as the app's (as it finds them
    in the order: tools/pycompile.py), a statement per step, html.entities in a step of its
    own before the one importing it."""
    pycompile = tool("pycompile")
    loaded = idle_build.record_imports(["html"])
    order = [n for n, _ in loaded]
    assert order == ["html.entities", "html"]
    found = pycompile.package_source(tmp_path, "html")
    assert found is None or found[0] == stdlib_source("html")[0]  # None: not Pyodide's zip
    source, origin = stdlib_source("html")
    slices = {"html": idle_build.statement_codes(source, origin)}
    loads = {"html": idle_build.statement_loads("html", source, origin, loaded)}
    forget("html")
    steps: list[Callable[[], object]] = [lambda: idle.import_next(order, 0, slices, loads)]
    loaded_by_step = [step for step in run_steps(steps) if step]
    assert loaded_by_step == [["html"], ["html.entities"]]
    import html

    assert type(html) is types.ModuleType and html is not html_unloaded
    assert html.entities is sys.modules["html.entities"]  # set on the package, as an import does
    assert html.unescape("&hearts; &NotNestedGreaterGreater; &amp") == "♥ ⪢̸ &"
    assert html.escape("<a>") == html_unloaded.escape("<a>")


def test_the_build_finds_the_stdlibs_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tools/pycompile.py reads a stdlib package's __init__ from Pyodide's stdlib zip (as the
    page names it), the app's own first."""
    import html.entities

    pycompile = tool("pycompile")
    stdlib = str(Path(html.__file__).parent.parent)
    monkeypatch.setattr(pycompile, "STDLIB_RUNTIME", stdlib)
    source, file, runtime_name = pycompile.package_source(tmp_path, "html")
    assert file == runtime_name == html.__file__
    assert source == stdlib_source("html")[0]
    assert pycompile.package_source(tmp_path, "html.entities") is None  # not a package
    assert pycompile.package_source(tmp_path, "not.loaded") is None
    (tmp_path / "html").mkdir()
    (tmp_path / "html" / "__init__.py").write_text("X = 1\n")  # the app's own comes first
    assert pycompile.package_source(tmp_path, "html")[0] == b"X = 1\n"


def test_a_sliced_package_after_icepool_loads_a_module_per_step(
    package: str, tmp_path: Path
) -> None:
    """first_views passes the loads on (tomllib: its parser and its regular expressions ran in
    the step of the statement importing them), as icepool's steps had them."""
    init = "from idlepkg.hub.two import TWO\n"
    hub = make_hub(tmp_path, init)
    loaded = idle_build.record_imports(["idlepkg.hub"])
    order = [n for n, _ in loaded]
    slices = {"idlepkg.hub": idle_build.statement_codes(init.encode(), str(hub / "__init__.py"))}
    loads = {"idlepkg.hub": idle_build.statement_loads("idlepkg.hub", init.encode(), "", loaded)}
    forget(package)

    def model_of() -> Any:
        raise AssertionError("no page is drawn here")

    first, *_views = shell.first_views(model_of, order, slices, loads)
    assert [step for step in run_steps([first]) if step] == [
        ["idlepkg"],
        ["idlepkg.hub"],
        ["idlepkg.hub.one"],
        ["idlepkg.hub.two"],
    ]


def test_the_shipped_files_are_read_by_the_first_step_not_at_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The order, slices and loads (63 KB) were read as the page made its idle steps, before
    ready."""
    read: list[str] = []
    monkeypatch.setattr(idle, "shipped_order", lambda: read.append("order") or ("json",))
    monkeypatch.setattr(idle, "shipped_slices", lambda: read.append("slices") or {})
    monkeypatch.setattr(idle, "shipped_loads", lambda: read.append("loads") or {})

    def model_of() -> Any:
        raise AssertionError("no page is drawn here")

    (first,) = shell.idle_steps(model_of, [print])
    assert read == []
    steps = first()
    assert read == ["order", "slices", "loads"]
    assert isinstance(steps, list) and print in steps
    assert len(steps) == 1 + 1 + len(shell.first_views(model_of, ("json",)))


def test_each_step_is_settled_within_its_time() -> None:
    """The page freezes what each step loaded (gc.freeze: no collection during the steps goes
    through it again), after the step and within its time: a slow settle is a slow step."""
    clock = [0.0]
    settled: list[float] = []

    def settle() -> None:
        settled.append(clock[0])
        clock[0] += 60.0 if len(settled) == 2 else 0.5

    slow: list[tuple[str, float, float]] = []
    steps: list[Callable[[], object]] = [lambda: None, lambda: None, lambda: None]
    rest = idle.run_while(steps, lambda: 45.0, lambda: clock[0], lambda *s: slow.append(s), settle)
    assert (settled, len(rest)) == ([0.0, 0.5], 1)
    assert [s[1:] for s in slow] == [(0.5, 60.5)]
