"""The web layer's pure part: views are values, updates are functions; no browser needed."""

from __future__ import annotations

import json

import pytest
from rkweb import shell
from rkweb.model import Ctx, Model
from rkweb.vdom import find_all, h, message_from, text_of

from pycore.store import History, default_data, export_text

NOW = "2026-11-23T10:00:00+01:00"


def ctx(seed: str = "abc") -> Ctx:
    return Ctx(now=NOW, fresh_seed=seed)


def fresh(route: str = "dice") -> Model:
    return Model(History.new(default_data()), route=route)


def texts_by_testid(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def test_h_keeps_text_as_text_and_events_as_data() -> None:
    evil = "<img src=x onerror=alert(1)>"
    node = h("p", {"title": evil, "on_click": ("x", 1)}, evil)
    assert node.children == (evil,)  # a text child, never markup
    assert node.attr("title") == evil
    assert message_from(node.attr("data-on-click") or "") == ("x", 1)
    assert h("b", {"hidden": False, "disabled": True}).attrs == (("disabled", ""),)
    with pytest.raises(ValueError, match="unsupported event"):
        h("b", {"on_hover": ("x",)})


def test_contract_test_ids_are_present() -> None:
    tree = shell.view(fresh())
    for testid in ("nav-dice", "dice-expr", "dice-roll", "dice-result", "dice-error"):
        assert find_all(tree, testid), testid


def test_roll_logs_an_explained_result_with_its_seed() -> None:
    model = shell.update(fresh(), ("dice_expr", "3d6"), ctx())
    model = shell.update(model, ("dice_roll",), ctx("seed-1"))
    entry = model.state["dice"]["log"][0]
    assert entry["seed"] == "seed-1" and entry["at"] == NOW
    assert entry["text"].startswith("3d6 (") and entry["text"].endswith(f"= {entry['total']}")
    assert texts_by_testid(model, "dice-result") == [entry["text"]]
    assert len(texts_by_testid(model, "roll-log-entry")) == 1
    odds = texts_by_testid(model, "dice-odds")[0]
    assert "1/2 (50.00%)" in odds  # target 10 by default: P(3d6 <= 10) = 1/2
    # A roll is not an undoable change; the history has nothing to undo.
    assert model.history.undo_label is None


def test_same_seed_same_roll() -> None:
    a = shell.update(fresh(), ("dice_roll",), ctx("s"))
    b = shell.update(fresh(), ("dice_roll",), ctx("s"))
    assert a.state["dice"]["log"][0]["text"] == b.state["dice"]["log"][0]["text"]


def test_user_seed_makes_a_replayable_sequence() -> None:
    model = shell.update(fresh(), ("dice_seed", "table-7"), ctx())
    for _ in range(3):
        model = shell.update(model, ("dice_roll",), ctx())
    seeds = [e["seed"] for e in model.state["dice"]["log"]]
    assert seeds == ["table-7#2", "table-7#1", "table-7#0"]


def test_bad_expression_shows_error_and_logs_nothing() -> None:
    model = shell.update(fresh(), ("dice_expr", "2d6+"), ctx())
    model = shell.update(model, ("dice_roll",), ctx())
    assert model.state["dice"]["log"] == []
    assert texts_by_testid(model, "dice-error")[0]
    dice_expr = find_all(shell.view(model), "dice-expr")[0]
    assert dice_expr.attr("aria-invalid") == "true"


def test_bad_target_names_the_field_and_keeps_the_old_value() -> None:
    model = shell.update(fresh(), ("dice_target", "ten"), ctx())
    assert model.ui["target_error"].startswith("Target must be a whole number")
    assert model.state["dice"]["target"] == 10


def test_clear_log_is_undoable() -> None:
    model = shell.update(fresh(), ("dice_roll",), ctx())
    model = shell.update(model, ("dice_clear_log",), ctx())
    assert model.state["dice"]["log"] == []
    assert texts_by_testid(model, "undo") == ["Undo: Clear roll log"]
    model = shell.update(model, ("undo",), ctx())
    assert len(model.state["dice"]["log"]) == 1


def test_import_replaces_everything_and_can_be_undone() -> None:
    other = History.new(default_data()).set_quietly("dice", {"expr": "d20", "log": []})
    text = export_text(other, NOW)
    model = shell.update(fresh("settings"), ("import_text", text), ctx())
    assert model.state["dice"]["expr"] == "d20"
    assert model.ui["import_error"] is None
    assert shell.update(model, ("undo",), ctx()).state["dice"]["expr"] == "3d6"


def test_bad_import_changes_nothing() -> None:
    before = fresh("settings")
    after = shell.update(before, ("import_text", json.dumps({"app": "x"})), ctx())
    assert after.history is before.history
    assert "not a Rulekeeper export" in after.ui["import_error"]


@pytest.mark.parametrize(
    "route", ["dice", "simply", "gurps", "aftermath", "percentile", "settings", "about"]
)
def test_every_route_renders(route: str) -> None:
    tree = shell.view(fresh(route))
    assert text_of(tree)
    current = [n for n in find_all(tree, f"nav-{route}") if n.attr("aria-current") == "page"]
    assert current


def test_unbuilt_systems_say_so_and_simply_shows_its_table() -> None:
    assert "not built yet" in texts_by_testid(fresh("gurps"), "not-built")[0]
    table = texts_by_testid(fresh("simply"), "simply-difficulty")[0]
    assert "Near Impossible" in table and "-12" in table and "+4" in table
