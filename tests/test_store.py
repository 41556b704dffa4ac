"""Saved state: envelope, migration, quarantine, quota, export/import and undo."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.errors import RulekeeperError, StorageError
from pycore.store import (
    DATA_KEY,
    SCHEMA,
    UNDO_LIMIT,
    History,
    MemoryStorage,
    StorageFullError,
    decode,
    default_data,
    encode,
    export_text,
    import_text,
    list_quarantine,
    load,
    migrate,
    save,
)
from pycore.store.envelope import Envelope, EnvelopeError
from pycore.store.history import WHOLE_STATE
from pycore.store.persist import storage_used

NOW = "2026-11-23T10:00:00+00:00"
LATER = "2026-11-23T10:05:00+00:00"

# A schema-1 file as the first release wrote it; loading it must keep working after every bump.
SCHEMA_1_FIXTURE = json.dumps(
    {
        "app": "rulekeeper",
        "schema": 1,
        "saved": NOW,
        "data": {
            "state": {
                "dice": {
                    "expr": "2d10",
                    "target": 11,
                    "seed": "",
                    "log": [
                        {
                            "expr": "2d10",
                            "total": 9,
                            "text": "2d10 (4, 5) = 9",
                            "at": NOW,
                            "seed": "ab",
                        }
                    ],
                },
                "settings": {"persist_asked": True, "persist_granted": False},
                "future_section": {"kept": True},
            },
            "undo": [],
            "redo": [],
        },
    }
)


def test_envelope_round_trip_and_shape() -> None:
    raw = encode({"a": 1}, NOW)
    parsed = json.loads(raw)
    assert set(parsed) == {"app", "schema", "saved", "data"}
    assert parsed["app"] == "rulekeeper" and parsed["schema"] == SCHEMA
    assert decode(raw) == Envelope("rulekeeper", SCHEMA, NOW, {"a": 1})


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("{not json", "unparseable"),
        ("[1, 2]", "unparseable"),
        ('{"app": "other", "schema": 1, "saved": "", "data": {}}', "foreign"),
        ('{"schema": 1, "saved": "", "data": {}}', "foreign"),
        ('{"app": "rulekeeper", "schema": 2, "saved": "", "data": {}}', "newer"),
        ('{"app": "rulekeeper", "schema": "1", "saved": "", "data": {}}', "invalid"),
        ('{"app": "rulekeeper", "schema": 1, "saved": "", "nodata": {}}', "invalid"),
    ],
)
def test_decode_refuses_with_reason(raw: str, reason: str) -> None:
    with pytest.raises(EnvelopeError) as info:
        decode(raw)
    assert info.value.reason == reason
    assert isinstance(info.value, StorageError)


def test_migration_steps_run_in_order_and_missing_step_is_an_error() -> None:
    env = Envelope("rulekeeper", 1, NOW, {"v": [1]})
    steps = {1: lambda d: {"v": [*d["v"], 2]}, 2: lambda d: {"v": [*d["v"], 3]}}
    assert migrate(env, steps, target=3) == {"v": [1, 2, 3]}
    with pytest.raises(StorageError, match="no migration from schema 1 to 2"):
        migrate(env, {}, target=2)


def test_schema_1_fixture_loads_and_keeps_unknown_sections() -> None:
    report = load(MemoryStorage({DATA_KEY: SCHEMA_1_FIXTURE}), NOW)
    assert report.problem is None and not report.quarantined
    assert report.history.state["dice"]["log"][0]["total"] == 9
    assert report.history.state["future_section"] == {"kept": True}


def test_fresh_storage_gives_defaults() -> None:
    report = load(MemoryStorage(), NOW)
    assert report.history.state == default_data()
    assert report.quarantined == ()


@pytest.mark.parametrize(
    "raw",
    [
        "{garbage",
        '{"app": "someone-else", "schema": 1, "saved": "", "data": {}}',
        '{"app": "rulekeeper", "schema": 7, "saved": "", "data": {}}',
        '{"app": "rulekeeper", "schema": 1, "saved": "", "data": {"state": {"dice": 5}}}',
    ],
)
def test_bad_value_is_moved_aside_never_overwritten(raw: str) -> None:
    storage = MemoryStorage({DATA_KEY: raw})
    report = load(storage, NOW)
    assert len(report.quarantined) == 1
    moved = report.quarantined[0]
    assert storage.getItem(moved.key) == raw  # byte for byte
    assert storage.getItem(DATA_KEY) is None
    assert [q.key for q in list_quarantine(storage)] == [moved.key]
    # Saving the fresh state afterwards leaves the quarantined copy alone.
    save(storage, report.history, LATER)
    assert storage.getItem(moved.key) == raw


def test_bad_value_with_full_storage_stays_put_and_app_is_read_only() -> None:
    raw = "{garbage" * 10
    storage = MemoryStorage({DATA_KEY: raw}, quota=len(DATA_KEY) + len(raw))
    report = load(storage, NOW)
    assert report.read_only and report.problem
    assert storage.getItem(DATA_KEY) == raw


def test_quota_error_keeps_previous_value() -> None:
    storage = MemoryStorage()
    history = History.new(default_data())
    save(storage, history, NOW)
    before = storage.getItem(DATA_KEY)
    storage.quota = len(DATA_KEY) + len(before or "")
    bigger = history.set_quietly("dice", {**history.state["dice"], "expr": "9d9" * 50})
    with pytest.raises(StorageFullError):
        save(storage, bigger, LATER)
    assert storage.getItem(DATA_KEY) == before
    assert isinstance(StorageFullError("x"), RulekeeperError)


def test_save_then_load_round_trips_history() -> None:
    storage = MemoryStorage()
    history = History.new(default_data()).apply("dice", {"log": []}, "Clear roll log", NOW)
    save(storage, history, NOW)
    loaded = load(storage, LATER).history
    assert loaded.undo_label == "Clear roll log"
    assert loaded.undo().state["dice"] == default_data()["dice"]
    assert storage_used(storage) > 0


def test_undo_keeps_the_last_changes_and_redo_clears_on_new_change() -> None:
    history = History.new({"n": 0})
    for i in range(1, UNDO_LIMIT + 20):
        history = history.apply("n", i, f"set {i}", NOW)
    assert len(history.undo_stack) == UNDO_LIMIT >= 50
    undone = history.undo().undo()
    assert undone.state["n"] == UNDO_LIMIT + 17 and undone.redo_label == f"set {UNDO_LIMIT + 18}"
    assert undone.apply("n", -1, "other", NOW).redo_stack == ()
    assert History.new({}).undo() == History.new({})


def test_undo_of_whole_state_change_and_section_removal() -> None:
    history = History.new({"a": 1, "b": 2})
    replaced = history.apply(WHOLE_STATE, {"c": 3}, "Import data", NOW)
    assert replaced.state == {"c": 3}
    assert replaced.undo().state == {"a": 1, "b": 2}
    removed = history.apply("a", None, "Delete a", NOW)
    assert removed.state == {"b": 2} and removed.undo().state == {"a": 1, "b": 2}


def test_export_import_round_trip() -> None:
    history = History.new(default_data()).apply("dice", {"log": [], "expr": "d20"}, "x", NOW)
    restored = import_text(export_text(history, NOW))
    assert restored.state["dice"]["expr"] == "d20"
    assert restored.undo_label == "x"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not JSON"),
        ("{}", "belongs to None"),
        ('{"app": "rulekeeper", "schema": 1, "saved": "", "data": []}', "'state' object"),
        (
            '{"app": "rulekeeper", "schema": 1, "saved": "", "data": {"state": {"dice": {"log": 3}}}}',
            "dice.log",
        ),
        (
            '{"app": "rulekeeper", "schema": 1, "saved": "", "data": {"state": {}, "undo": [5]}}',
            "undo entry",
        ),
    ],
)
def test_bad_import_is_rejected_with_a_message(text: str, words: str) -> None:
    with pytest.raises(StorageError, match="not a Rulekeeper export") as info:
        import_text(text)
    assert words in str(info.value)


@given(st.text(max_size=300))
def test_load_never_crashes_and_never_loses_the_raw_value(raw: str) -> None:
    storage = MemoryStorage({DATA_KEY: raw})
    report = load(storage, NOW)
    if report.quarantined:
        assert storage.getItem(report.quarantined[0].key) == raw
    else:
        assert storage.getItem(DATA_KEY) == raw


@given(st.text(max_size=300))
def test_import_raises_only_storage_error(text: str) -> None:
    with contextlib.suppress(StorageError):
        import_text(text)
