"""The web layer keeps its shape: who may import what, how big a module or function may grow,
every message routable, and no rule ID or settings key in what the user reads outside "Why".

The allowlists record today's exceptions with their size: they may only shrink. A module or
function that gets under budget must leave its list; one that grows past its ceiling fails.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rkweb.app import shell
from rkweb.app.messages import SHELL, split
from rkweb.app.model import Ctx, Model
from rkweb.app.registry import FEATURES, feature
from rkweb.app.vdom import VNode, message_from

from pycore.store import History, default_data

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web" / "rkweb"
CORE = ROOT / "pycore"
MODULE_BUDGET = 600
FUNCTION_BUDGET = 80

# Lines today, for modules over MODULE_BUDGET (path under web/rkweb or pycore).
MODULES_OVER_BUDGET: dict[str, int] = {
    "pycore/systems/aftermath/combat.py": 1328,
    "pycore/systems/aftermath/firearms.py": 643,
    "pycore/systems/percentile/gmtables.py": 951,
    "pycore/systems/simply/character.py": 804,
    "pycore/systems/simply/combat.py": 1172,
    "web/rkweb/features/aftermath/characters.py": 797,
    "web/rkweb/features/aftermath/combat.py": 1258,
    "web/rkweb/features/aftermath/reference.py": 760,
    "web/rkweb/features/percentile/combat.py": 1173,
    "web/rkweb/features/percentile/sheet.py": 603,
    "web/rkweb/features/simply/characters.py": 904,
    "web/rkweb/features/simply/combat.py": 950,
}


def _modules() -> Iterator[Path]:
    for base in (WEB, CORE):
        yield from sorted(p for p in base.rglob("*.py") if "__pycache__" not in p.parts)


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_pycore_imports_nothing_from_the_web_layer_or_the_browser() -> None:
    for path in sorted(CORE.rglob("*.py")):
        bad = {
            m for m in _imports(path) if m.split(".")[0] in ("rkweb", "js", "pyodide", "pyscript")
        }
        assert not bad, (_name(path), bad)


def test_only_the_glue_imports_js() -> None:
    for path in sorted(WEB.rglob("*.py")):
        uses_js = {m for m in _imports(path) if m.split(".")[0] in ("js", "pyodide", "pyscript")}
        if path != WEB / "app" / "browser.py":
            assert not uses_js, (_name(path), uses_js)


def test_a_feature_imports_app_kit_and_its_own_system_only() -> None:
    systems = {"simply", "gurps", "aftermath", "percentile"}
    for folder in sorted(p for p in (WEB / "features").iterdir() if p.is_dir()):
        if folder.name == "__pycache__":
            continue
        for path in sorted(folder.rglob("*.py")):
            for module in _imports(path):
                parts = module.split(".")
                if parts[:2] == ["rkweb", "features"] and len(parts) > 2:
                    assert parts[2] == folder.name, (_name(path), module)
                if parts[:2] == ["pycore", "systems"] and len(parts) > 2:
                    assert parts[2] == folder.name and folder.name in systems, (_name(path), module)


def test_kit_and_app_import_no_feature_at_module_level() -> None:
    for folder in ("kit", "app"):
        for path in sorted((WEB / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in tree.body:
                if isinstance(node, ast.ImportFrom) and node.module:
                    assert not node.module.startswith("rkweb.features"), (_name(path), node.module)
            if folder == "kit":
                assert not {m for m in _imports(path) if m.startswith("rkweb.features")}


def test_randomness_comes_only_from_the_injected_source() -> None:
    allowed = {CORE / "dice" / "source.py"}
    for path in _modules():
        if path in allowed:
            continue
        assert "random" not in {m.split(".")[0] for m in _imports(path)}, _name(path)


def test_module_sizes_stay_in_budget_and_the_allowlist_only_shrinks() -> None:
    for path in _modules():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        name = _name(path)
        ceiling = MODULES_OVER_BUDGET.get(name)
        if ceiling is None:
            assert lines <= MODULE_BUDGET, f"{name}: {lines} lines, budget {MODULE_BUDGET}"
        else:
            assert MODULE_BUDGET < lines <= ceiling, (
                f"{name}: {lines} lines; the allowlist says {ceiling} (lower it, or remove "
                f"the entry once under {MODULE_BUDGET})"
            )
    for name in MODULES_OVER_BUDGET:
        assert (ROOT / name).exists(), f"{name} is gone: remove it from the allowlist"


def _functions(path: Path) -> Iterator[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            end = node.end_lineno or node.lineno
            yield f"{_name(path)}:{node.name}", end - node.lineno + 1


FUNCTIONS_OVER_BUDGET: dict[str, int] = {
    "pycore/systems/aftermath/combat.py:resolve_hth": 166,
    "pycore/systems/aftermath/combat.py:resolve_missile": 179,
    "pycore/systems/aftermath/critical.py:effect_rules": 92,
    "pycore/systems/gurps/injury.py:injury": 109,
    "pycore/systems/percentile/attack.py:resolve_attack": 167,
    "pycore/systems/simply/character.py:character_from_json": 82,
    "pycore/systems/simply/damage.py:apply_damage": 111,
    "pycore/tables/loader.py:parse_table": 95,
    "pycore/tables/schema.py:parse_column": 84,
    "web/rkweb/features/aftermath/characters.py:_armor": 83,
    "web/rkweb/features/aftermath/characters.py:_attributes": 83,
    "web/rkweb/features/aftermath/characters.py:_editor": 113,
    "web/rkweb/features/aftermath/characters.py:update": 85,
    "web/rkweb/features/aftermath/combat.py:_missile_form": 172,
    "web/rkweb/features/aftermath/combat.py:_settings_card": 120,
    "web/rkweb/features/aftermath/combat.py:view": 135,
    "web/rkweb/features/aftermath/reference.py:_overland": 91,
    "web/rkweb/features/aftermath/reference.py:_skills": 149,
    "web/rkweb/features/aftermath/reference.py:update": 108,
    "web/rkweb/features/aftermath/reference.py:view": 127,
    "web/rkweb/features/aftermath/rolls.py:_bcs_card": 87,
    "web/rkweb/features/dice/page.py:view": 94,
    "web/rkweb/features/gurps/attack.py:view": 186,
    "web/rkweb/features/gurps/page.py:tracker_view": 120,
    "web/rkweb/features/percentile/checks.py:view": 177,
    "web/rkweb/features/percentile/combat.py:_ap_view": 83,
    "web/rkweb/features/percentile/combat.py:_attack_view": 123,
    "web/rkweb/features/percentile/combat.py:_resolve": 111,
    "web/rkweb/features/percentile/combat.py:_sides_view": 124,
    "web/rkweb/features/percentile/combat.py:update": 260,
    "web/rkweb/features/percentile/gm.py:gm_view": 158,
    "web/rkweb/features/percentile/gm.py:settings_view": 82,
    "web/rkweb/features/percentile/sheet.py:_record": 90,
    "web/rkweb/features/percentile/sheet.py:_weapons": 120,
    "web/rkweb/features/percentile/sheet.py:view": 89,
    "web/rkweb/features/settings/page.py:view": 87,
    "web/rkweb/features/simply/characters.py:_adjustments": 81,
    "web/rkweb/features/simply/characters.py:_editor": 145,
    "web/rkweb/features/simply/characters.py:_record": 117,
    "web/rkweb/features/simply/combat.py:_participants": 121,
    "web/rkweb/features/simply/combat.py:_step": 89,
    "web/rkweb/features/simply/task.py:view": 94,
}


def test_function_sizes_stay_in_budget_and_the_allowlist_only_shrinks() -> None:
    seen = set()
    for path in _modules():
        for name, lines in _functions(path):
            ceiling = FUNCTIONS_OVER_BUDGET.get(name)
            if ceiling is None:
                assert lines <= FUNCTION_BUDGET, f"{name}: {lines} lines, budget {FUNCTION_BUDGET}"
            else:
                seen.add(name)
                assert FUNCTION_BUDGET < lines <= ceiling, (
                    f"{name}: {lines} lines; the allowlist says {ceiling}"
                )
    assert set(FUNCTIONS_OVER_BUDGET) <= seen, set(FUNCTIONS_OVER_BUDGET) - seen


# ---------------------------------------------------------------- every route and tab rendered

CTX = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="shape")


def _nodes(node: VNode | str) -> Iterator[VNode]:
    if isinstance(node, str):
        return
    yield node
    for child in node.children:
        yield from _nodes(child)


def _tab_messages(tree: VNode) -> list[tuple[object, ...]]:
    found = []
    for node in _nodes(tree):
        raw = node.attr("data-on-click")
        if raw and split(message_from(raw))[1] == "tab":
            found.append(message_from(raw))
    return found


def rendered_views() -> Iterator[tuple[str, VNode]]:
    """Every route, and every tab of it, from a fresh store."""
    for page in FEATURES:
        model = Model(History.new(default_data()), route=page.route)
        tree = shell.view(model)
        yield page.route, tree
        for msg in _tab_messages(tree):
            tabbed = shell.update(model, msg, CTX)
            yield f"{page.route}/{msg[1]}", shell.view(tabbed)


VIEWS = list(rendered_views())


def test_every_message_in_every_view_names_a_feature_and_an_action_it_takes() -> None:
    for where, tree in VIEWS:
        for node in _nodes(tree):
            for name, raw in node.attrs:
                if not name.startswith("data-on-"):
                    continue
                msg = message_from(raw)
                name_of, action = split(msg)
                if name_of in (SHELL, "app"):
                    continue
                page = feature(name_of)
                assert page is not None, (where, msg)
                assert action in page.actions(), (where, msg)


RULE_ID = re.compile(
    r"\b(SIM|GUR|AFT|PCT)-[A-Z]?\d|settings\.[a-z_]+|\b\d{3}:L\d+|\b\d{3} lines? \d"
)
READ_TAGS = {"label", "option", "button", "legend", "th", "h1", "h2", "h3", "h4", "summary"}
READ_ATTRS = ("aria-label", "title", "placeholder")

# Views that still show rule IDs or settings keys in labels, options or errors, with the count
# found today: they may only shrink (the feature issues clear them).
LABELS_WITH_RULE_IDS: dict[str, int] = {
    "aftermath/combat": 39,
    "aftermath/reference": 13,
    "aftermath/rolls": 2,
    "percentile/checks": 1,
    "percentile/combat": 1,
    "percentile/gm": 19,
    "percentile/settings": 7,
    "simply": 1,
    "simply/characters": 7,
    "simply/combat": 1,
    "simply/task": 1,
}


def _visible_labels(tree: VNode) -> Iterator[str]:
    def walk(node: VNode | str, inside_why: bool) -> Iterator[str]:
        if isinstance(node, str):
            return
        why = inside_why or (node.tag == "details" and "why" in (node.attr("class") or ""))
        if not why:
            for attr in READ_ATTRS:
                value = node.attr(attr)
                if value:
                    yield value
            css = node.attr("class") or ""
            if node.tag in READ_TAGS or "field-error" in css:
                yield "".join(c for c in node.children if isinstance(c, str))
        for child in node.children:
            yield from walk(child, why)

    yield from walk(tree, False)


@pytest.mark.parametrize("where", [w for w, _ in VIEWS])
def test_no_rule_id_or_settings_key_in_a_label_option_or_error(where: str) -> None:
    tree = dict(VIEWS)[where]
    found = [text for text in _visible_labels(tree) if RULE_ID.search(text)]
    ceiling = LABELS_WITH_RULE_IDS.get(where, 0)
    assert len(found) <= ceiling, (where, found[:10])
    if ceiling:
        assert len(found) == ceiling, f"{where}: now {len(found)}; lower the allowlist"
