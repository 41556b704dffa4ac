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


def test_a_fighter_edited_in_another_tab_is_named_in_the_notice() -> None:
    """The GM changed Kira's HT in one tab; the other said "the 3d6 fight shown here changed
    there", and the GM looked at the fight, where nothing had changed: the section holds the
    fighters' sheets as well as the fight."""
    from rkweb.app.model import Model
    from rkweb.app.saving import after_external

    from pycore.store import History

    model = Model(History.new({}), route="gurps")
    text = after_external(model, ("gurps",)).banners[0].text
    assert text == "Updated from another tab: the 3d6 fighters and fight shown here changed there."


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


#: Names of a system the app keeps outside its folders, each a format of saved links (old links
#: must still open): the players' fight view's kind, older than the other systems, and the system
#: a fight snapshot from before them is.
SAVED_FORMATS = {
    ("pycore/share/records.py", "simply.fight"): 1,
    ("pycore/share/public.py", "simply"): 2,
}


def _docstrings(tree: ast.AST) -> set[int]:
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def test_what_a_system_contributes_is_in_its_folders() -> None:
    """Outside a system's own folders (``pycore/systems/<key>/``, ``rkweb/features/<key>/``),
    the app names no system nor anything of one ("gurps", "gurps.fighter", "simply_combat"): the
    share kinds, places, previews, players' views and fight picks read the descriptors, so a
    fifth system gets them by its folder (issue 30). Docstrings may name them as examples."""
    keys = set(SYSTEM_KEYS)
    found: dict[tuple[str, str], int] = {}
    for folder in ("pycore", "web/rkweb"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = path.relative_to(ROOT).parts
            if (set(parts[:-1]) & keys) or parts[-2:] == ("systems", "system.py"):
                continue  # a system's own folder, and the one list of systems
            tree = ast.parse(path.read_text(encoding="utf-8"))
            skip = _docstrings(tree)
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                    continue
                text = node.value
                if id(node) not in skip and (
                    text in keys or any(text.startswith((f"{k}.", f"{k}_")) for k in keys)
                ):
                    where = (path.relative_to(ROOT).as_posix(), text)
                    found[where] = found.get(where, 0) + 1
    assert found == SAVED_FORMATS


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

fresh_toy = {{"name": "", "round": 0, "log": [], "players": []}}
assert "toy" in codecs() and default_data()["toy"] == fresh_toy
assert "toy" in PLAYER_FIGHTS and "toy" in FIGHTS and "toy" in FIGHT_PLACES
assert SYSTEM_NAMES["toy"] == "Toy dice game" and ID_PREFIXES["toy"] == "TOY"
assert "toy" in ROUTES and "toy" in SYSTEMS and any(s[1] == "toy" for s in SOURCES)
assert SECTION_WORDS["toy"] == "the toy rolls"
model = Model(History.new(default_data()), route="toy")
model = shell.update(model, ("toy.roll",), Ctx(now="2026-11-27T10:00:00+00:00", fresh_seed="s"))
assert model.state["toy"]["round"] == 1, model.state["toy"]
assert "Round 1" in str(shell.view(model))
assert public_view(model.state, choice="toy")["turn"] == 1

# share: the toy's record kind is shared, checked, previewed and imported by the share page
from pycore.errors import StorageError
from pycore.share import KINDS, ShareRecord, decode, encode, share_record, validate
from pycore.share.bundle import share_bundle
NOW = "2026-11-27T10:00:00+00:00"
assert "toy.player" in KINDS
state = {{**model.state, "toy": {{**model.state["toy"], "players": [{{"name": "Ana", "luck": 5}}]}}}}
record, state = share_record(state, "toy.player", 0, NOW, "u1")
assert decode(encode(record)) == record and str(record) == "Toy player: Ana", record
try:
    validate(ShareRecord("toy.player", "x", NOW, 1, "Bo", {{"name": "Bo", "luck": 99}}))
    raise AssertionError("a toy player with luck 99 was accepted")
except StorageError as exc:
    assert "the shared Toy player is not valid" in str(exc), exc
party, _ = share_bundle(state, "toy", NOW, "p")
assert party.name == "Toy dice game: every record", party
ctx = Ctx(now=NOW, fresh_seed="n")
model = Model(History.new(default_data()), route="share", route_arg=encode(record))
shown = str(shell.view(model))
assert "Toy player, last changed" in shown and "Luck" in shown, shown[-2000:]
model = shell.update(model, ("share.import", "add"), ctx)
assert model.state["toy"]["players"][0]["name"] == "Ana", model.state["toy"]
model = shell.update(model, ("share.open_record",), ctx)
assert model.route == "toy" and model.ui["toy_tab"] == "players", (model.route, model.ui)
print("toy picked up")
"""


@pytest.mark.skipif(
    sys.platform == "emscripten", reason="a fresh interpreter: no subprocess in Pyodide"
)
def test_a_fifth_system_is_one_folder_and_one_line() -> None:
    """A toy system (tests/fixtures/toy: a descriptor, one section, one page with one roll, one
    record kind it shares) joins the routes, the saved sections, the players' view, the About
    page, the table ID prefixes and the share page (its record shared, checked, previewed,
    imported and opened), once its key is added to ``SYSTEM_KEYS``."""
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
