"""The system descriptors (issue 30 item 1): each system provides every piece the app lists,
and a fifth system is its folder plus one line in ``SYSTEM_KEYS``, picked up by every list."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from rkweb.app.registry import FEATURES, feature
from rkweb.app.saving import SECTION_WORDS
from rkweb.features.about.page import SOURCES

from pycore.share.public import SYSTEM_NAMES
from pycore.share.public_pick import FIGHTS
from pycore.share.running import FIGHT_PLACES
from pycore.store.sections import PLAYER_FIGHTS, codecs
from pycore.systems.system import SYSTEM_KEYS, ref, system
from pycore.tables.schema import ID_PREFIXES

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).resolve().parent / "fixtures" / "toy"


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_each_system_provides_every_piece(key: str) -> None:
    described = system(key)
    page = ref(f"{described.page}:view"), ref(f"{described.page}:update")
    assert all(callable(f) for f in page) and ref(f"{described.page}:ACTIONS")
    names = {c.name for c in ref(f"{described.codecs}:CODECS")}
    assert described.fight.section in names
    assert set(described.words) == names, "each saved section has its plain name for notices"
    assert any(n == described.section or n.startswith(f"{described.section}_") for n in names)
    fresh = codecs()[described.fight.section].default
    for section in ({}, None, fresh() if fresh else {}):  # no fight yet
        view = ref(described.fight.public)(section)
        assert isinstance(view, dict) and view["order"] == []
        assert ref(described.fight.under_way)(section) is False
    assert (ROOT / "tables" / key).is_dir()
    assert (ROOT / "pycore" / "systems" / key / "fight" / "__init__.py").exists()
    # every list reads it
    assert feature(key) is not None and feature(key).system  # type: ignore[union-attr]
    assert key in PLAYER_FIGHTS and key in FIGHTS and key in FIGHT_PLACES
    assert SYSTEM_NAMES[key] == described.players_name
    assert ID_PREFIXES[key] == described.rule_prefix
    assert any(source[1] == key for source in SOURCES)
    assert all(SECTION_WORDS[n] == described.words[n] for n in names)


def test_no_source_lists_the_systems_by_hand() -> None:
    """A tuple, list or set naming every system is a list kept by hand, which a fifth system
    would miss: read the descriptors (``SYSTEM_KEYS``, ``systems()``) instead. Per-system
    specifics stay dicts keyed by the system, read as ``table[key]`` so a missing one fails."""
    found = []
    for folder in ("pycore", "web/rkweb", "tools", "tests", "e2e"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Tuple | ast.List | ast.Set):
                    named = {e.value for e in node.elts if isinstance(e, ast.Constant)}
                    if set(SYSTEM_KEYS) <= named:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert [f.split(":")[0] for f in found] == ["pycore/systems/system.py"], found


def test_the_systems_in_the_navigation_are_the_descriptors() -> None:
    assert tuple(f.route for f in FEATURES if f.system) == SYSTEM_KEYS


FIFTH = """
import sys
import pycore.systems, rkweb.features
import pycore.systems.system as described
pycore.systems.__path__.append({pycore!r})
rkweb.features.__path__.append({rkweb!r})
described.SYSTEM_KEYS = (*described.SYSTEM_KEYS, "toy")  # the one line a new system adds

from pycore.store.sections import PLAYER_FIGHTS, codecs
from pycore.store.state import default_data
from pycore.share.public import SYSTEM_NAMES
from pycore.share.public_pick import FIGHTS, public_view
from pycore.share.running import FIGHT_PLACES
from pycore.tables.schema import ID_PREFIXES
from rkweb.app.registry import ROUTES, SYSTEMS, feature
from rkweb.app.saving import SECTION_WORDS
from rkweb.features.about.page import SOURCES
from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from pycore.store import History

assert "toy" in codecs() and default_data()["toy"] == {{"name": "", "round": 0, "log": []}}
assert "toy" in PLAYER_FIGHTS and "toy" in FIGHTS and "toy" in FIGHT_PLACES
assert SYSTEM_NAMES["toy"] == "Toy dice game" and ID_PREFIXES["toy"] == "TOY"
assert "toy" in ROUTES and "toy" in SYSTEMS and any(s[1] == "toy" for s in SOURCES)
assert SECTION_WORDS["toy"] == "the toy rolls"
model = Model(History.new(default_data()), route="toy")
model = shell.update(model, ("toy.roll",), Ctx(now="2026-11-27T10:00:00+00:00", fresh_seed="s"))
assert model.state["toy"]["round"] == 1, model.state["toy"]
assert "Round 1" in str(shell.view(model))
assert public_view(model.state, choice="toy")["turn"] == 1
print("toy picked up")
"""


@pytest.mark.skipif(
    sys.platform == "emscripten", reason="a fresh interpreter: no subprocess in Pyodide"
)
def test_a_fifth_system_is_one_folder_and_one_line() -> None:
    """A toy system (tests/fixtures/toy: a descriptor, one section, one page with one roll)
    joins the routes, the saved sections, the players' view, the About page, the table ID
    prefixes, once its key is added to ``SYSTEM_KEYS``."""
    script = FIFTH.format(pycore=str(TOY / "pycore_systems"), rkweb=str(TOY / "rkweb_features"))
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'web'}", "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "toy picked up" in done.stdout
