"""Saved state: envelope, schema migration, one key per section, quarantine, quota, export and
import, undo as patches, and two tabs sharing one storage."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from store_helpers import known_sections

from pycore.errors import RulekeeperError, StorageError
from pycore.store import (
    DATA_KEY,
    SCHEMA,
    UNDO_LIMIT,
    History,
    MemoryStorage,
    StorageFullError,
    Store,
    decode,
    default_data,
    encode,
    export_text,
    import_text,
    list_quarantine,
    migrate,
    section_key,
)
from pycore.store.envelope import Envelope, EnvelopeError
from pycore.store.history import WHOLE_STATE
from pycore.store.persist import UNDO_PREFIX, encode_section, storage_used, undo_key

NOW = "2026-11-23T10:00:00+00:00"
LATER = "2026-11-23T10:05:00+00:00"
FIXTURE = Path(__file__).parent / "fixtures" / "export_schema1.json"


def roll(total: int) -> dict[str, Any]:
    return {"expr": "d6", "total": total, "text": f"d6 ({total}) = {total}", "at": NOW, "seed": "s"}


# A schema-1 value as the first release stored it; loading it must keep working after every bump.
SCHEMA_1_VALUE = json.dumps(
    {
        "app": "rulekeeper",
        "schema": 1,
        "saved": NOW,
        "data": {
            "state": {
                "dice": {"expr": "2d10", "target": 11, "seed": "", "log": [roll(4)]},
                "settings": {"persist_asked": True, "persist_granted": False},
                "future_section": {"kept": True},
            },
            "undo": [
                {
                    "label": "Clear roll log",
                    "section": "dice",
                    "before": {"expr": "2d10", "target": 11, "seed": "", "log": [roll(4), roll(2)]},
                    "after": {"expr": "2d10", "target": 11, "seed": "", "log": [roll(4)]},
                    "at": NOW,
                }
            ],
            "redo": [],
        },
    }
)


def fresh_store(storage: MemoryStorage | None = None, tab: str = "a") -> tuple[Store, History]:
    store = Store(storage if storage is not None else MemoryStorage(), tab)
    return store, store.load(NOW).history


# ---------------------------------------------------------------------------- envelope


def test_envelope_round_trip_and_shape() -> None:
    raw = encode({"a": 1}, NOW)
    parsed = json.loads(raw)
    assert set(parsed) == {"app", "schema", "saved", "data"}
    assert parsed["app"] == "rulekeeper" and parsed["schema"] == SCHEMA == 2
    assert decode(raw) == Envelope("rulekeeper", SCHEMA, NOW, {"a": 1})


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("{not json", "unparseable"),
        ("[1, 2]", "unparseable"),
        ("[" * 6000 + "]" * 6000, "unparseable"),
        ('{"app": "other", "schema": 1, "saved": "", "data": {}}', "foreign"),
        ('{"schema": 1, "saved": "", "data": {}}', "foreign"),
        ('{"app": "rulekeeper", "schema": 3, "saved": "", "data": {}}', "newer"),
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


# -------------------------------------------------------------------- schema 1 → sections


def test_schema_1_value_is_split_into_sections_with_its_undo_as_patches() -> None:
    storage = MemoryStorage({DATA_KEY: SCHEMA_1_VALUE})
    report = Store(storage, "a").load(NOW)
    assert report.problem is None and not report.quarantined
    history = report.history
    assert history.state["dice"]["log"][0]["total"] == 4
    assert history.state["future_section"] == {"kept": True}
    assert storage.getItem(DATA_KEY) is None
    assert storage.getItem(section_key("dice")) is not None
    assert history.undo_label == "Clear roll log"
    assert [r["total"] for r in history.undo().state["dice"]["log"]] == [4, 2]
    ops = history.undo_stack[0].ops["dice"]
    assert len(json.dumps(ops)) < 200  # one removed roll, not two copies of the section


def test_the_schema_1_export_fixture_imports_through_its_migration() -> None:
    imported = import_text(FIXTURE.read_text(encoding="utf-8"))
    sections = imported.sections
    assert {"dice", "simply_characters", "simply_combat", "gurps", "aftermath", "percentile"} <= (
        set(sections)
    )
    assert len(sections["dice"]["log"]) == 3
    assert sections["percentile"]["schema"] == 2
    assert "alertness_conditions" in sections["percentile"]["gm"]
    assert "PCT-M01" not in sections["percentile"]["gm"]
    assert sections["gurps"]["combatants"][0]["name"] == "Ana"


def test_an_old_single_value_written_after_the_split_is_kept_aside_not_merged() -> None:
    storage = MemoryStorage({DATA_KEY: SCHEMA_1_VALUE})
    store, history = fresh_store(storage)
    store.save(history.set_quietly("dice", {**history.state["dice"], "expr": "d8"}), NOW)
    storage.setItem(DATA_KEY, SCHEMA_1_VALUE)  # an old tab, still open, saved its copy
    report = Store(storage, "b").load(LATER)
    assert report.history.state["dice"]["expr"] == "d8"
    assert [q.original_key for q in report.quarantined] == [DATA_KEY]
    assert storage.getItem(report.quarantined[0].key) == SCHEMA_1_VALUE


# ------------------------------------------------------------------------ loading


def test_fresh_storage_gives_defaults() -> None:
    report = Store(MemoryStorage(), "a").load(NOW)
    assert report.history.state == default_data()
    assert report.quarantined == ()


def bad_section(name: str, data: Any, version: int = 1) -> str:
    envelope = {"app": "rulekeeper", "schema": 2, "saved": NOW, "section": name}
    return json.dumps({**envelope, "version": version, "data": data})


@pytest.mark.parametrize(
    ("name", "raw", "words"),
    [
        ("gurps", bad_section("gurps", {"next_id": "x"}), "next_id"),
        ("gurps", bad_section("gurps", {"combatants": [{"id": "g1", "hp": -5}]}), "HP -5"),
        (
            "gurps",
            bad_section("gurps", {}).replace("{}", '{"x": 1e400}'),
            "field x: a number too large to use",
        ),
        ("dice", bad_section("dice", {"log": [roll(1)] * 50_000}), "at most"),
        ("simply_combat", '{"a":' * 10_000 + "1" + "}" * 10_000, "nested 10000 levels"),
        ("percentile", "{garbage", "damaged or cut short at character 2"),
        ("gurps", bad_section("dice", {}), "not that section"),
    ],
)
def test_a_bad_section_is_moved_aside_and_the_others_load(name: str, raw: str, words: str) -> None:
    storage = MemoryStorage({section_key(name): raw})
    storage.setItem(section_key("notes"), encode_section("notes", {"kept": True}, NOW))
    report = Store(storage, "a").load(NOW)
    assert report.history.state["notes"] == {"kept": True}
    assert len(report.quarantined) == 1 and words in report.problems[0]
    moved = report.quarantined[0]
    assert storage.getItem(moved.key) == raw  # byte for byte
    assert storage.getItem(section_key(name)) is None
    assert [q.key for q in list_quarantine(storage)] == [moved.key]


def test_a_huge_unreadable_value_that_cannot_be_copied_is_listed_and_never_written_over() -> None:
    raw = "x" * 3_000_000
    storage = MemoryStorage({section_key("gurps"): raw})
    storage.quota = storage.used() + 10_000
    store = Store(storage, "a")
    report = store.load(NOW)
    assert [q.key for q in report.quarantined] == [section_key("gurps")]
    assert [q.key for q in list_quarantine(storage, tuple(store.stuck))] == [section_key("gurps")]
    history = report.history.set_quietly("gurps", {"next_id": 2})
    history = history.set_quietly("dice", {**history.state["dice"], "expr": "d4"})
    saved = store.save(history, NOW)
    assert saved.unsaved == ("gurps",) and "dice" in saved.written
    assert storage.getItem(section_key("gurps")) == raw
    store.forget(section_key("gurps"))
    assert store.save(history.set_quietly("gurps", {"next_id": 3}), LATER).unsaved == ()


def test_undo_history_of_100000_steps_is_refused_and_the_sections_load() -> None:
    steps = {"tab": "a", "open": True, "saved": NOW, "undo": [{"x": 1}] * 100_000, "redo": []}
    storage = MemoryStorage({undo_key("a"): json.dumps(steps)})
    report = Store(storage, "a").load(NOW)
    assert report.history.undo_stack == ()
    assert "undo history" in report.problems[0]
    assert report.history.state == default_data()


# ------------------------------------------------------------------------- saving


def test_only_the_sections_a_change_touched_are_written() -> None:
    store, history = fresh_store()
    first = store.save(history, NOW)
    assert first.written == ()  # the defaults are not written until changed
    history = first.history.apply(
        "dice", {**first.history.state["dice"], "expr": "d20"}, "Expression", NOW
    )
    assert store.save(history, LATER).written == ("dice",)
    assert store.save(history, LATER).written == ()


def test_save_then_load_round_trips_sections_and_undo() -> None:
    storage = MemoryStorage()
    store, history = fresh_store(storage)
    history = history.apply("dice", {**history.state["dice"], "log": [roll(5)]}, "Roll", NOW)
    store.save(history, NOW)
    loaded = Store(storage, "a").load(LATER).history
    assert loaded.state == history.state
    assert loaded.undo_label == "Roll"
    assert loaded.undo().state["dice"]["log"] == []
    assert storage_used(storage) > 0


def test_a_closed_tabs_undo_steps_are_taken_over_by_the_next_tab() -> None:
    storage = MemoryStorage()
    store, history = fresh_store(storage, "a")
    history = history.apply("dice", {**history.state["dice"], "expr": "d8"}, "Expression", NOW)
    store.save(history, NOW)
    assert Store(storage, "b").load(NOW).history.undo_label is None  # tab a is still open
    store.close(history, NOW)
    assert Store(storage, "c").load(NOW).history.undo_label == "Expression"
    assert [k for k in storage.items if k.startswith(UNDO_PREFIX)] == []  # adopted by c


def test_quota_trims_undo_steps_then_archive_before_refusing_a_current_change() -> None:
    storage = MemoryStorage()
    store, history = fresh_store(storage)
    for i in range(60):
        log = [{"text": f"blow {i} " + "x" * 300}, *history.state.get("gurps", {}).get("log", [])]
        history = history.apply("gurps", {"log": log[:300]}, f"Blow {i}", NOW)
        history = store.save(history, NOW).history
    storage.quota = storage.used() + 2_000  # nearly full
    bigger = history.apply("notes", {"text": "y" * 9_000}, "Long note", LATER)
    report = store.save(bigger, LATER)
    assert report.unsaved == () and "notes" in report.written
    assert report.trimmed_steps > 0 and report.trimmed and "oldest undo steps" in report.trimmed
    assert len(report.history.undo_stack) < len(bigger.undo_stack)
    assert Store(storage, "z").load(LATER).history.state["notes"] == {"text": "y" * 9_000}


def test_when_nothing_more_can_be_trimmed_the_change_is_refused_and_storage_kept() -> None:
    storage = MemoryStorage()
    store, history = fresh_store(storage)
    history = store.save(history, NOW).history
    before = dict(storage.items)
    storage.quota = storage.used()
    report = store.save(history.set_quietly("notes", {"text": "z" * 500}), LATER)
    assert report.unsaved == ("notes",) and report.problem
    assert storage.items == before
    assert isinstance(StorageFullError("x"), RulekeeperError)


def test_log_entries_pushed_out_move_to_the_archive_and_the_export() -> None:
    store, history = fresh_store()
    log: list[dict[str, Any]] = []
    for i in range(260):
        log = [roll(i % 6 + 1) | {"seed": f"s{i}"}, *log][:200]
        history = store.save(
            history.set_quietly("dice", {**history.state["dice"], "log": log}), NOW
        ).history
    archived = history.state["archive"]["dice.log"]
    assert [e["seed"] for e in archived] == [f"s{i}" for i in range(59, -1, -1)]
    exported = json.loads(export_text(history, NOW))
    assert len(exported["data"]["state"]["archive"]["dice.log"]) == 60
    assert len(exported["data"]["state"]["dice"]["log"]) == 200


# ---------------------------------------------------------------------------- undo


def test_undo_of_a_clear_keeps_the_rolls_made_since_and_redo_keeps_them_too() -> None:
    history = History.new(default_data())
    dice = history.state["dice"]
    for total in range(1, 6):  # roll 5
        history = history.set_quietly(
            "dice", {**dice, "log": [roll(total), *history.state["dice"]["log"]]}
        )
    history = history.apply("dice", {**dice, "log": []}, "Clear roll log", NOW)
    for total in (6, 6, 6):  # roll 3
        history = history.set_quietly(
            "dice", {**dice, "log": [roll(total), *history.state["dice"]["log"]]}
        )
    undone = history.undo()
    assert [r["total"] for r in undone.state["dice"]["log"]] == [6, 6, 6, 5, 4, 3, 2, 1]
    assert undone.skipped == 0
    assert [r["total"] for r in undone.redo().state["dice"]["log"]] == [6, 6, 6]


def test_typed_fields_survive_undo_then_redo() -> None:
    sheet = {"name": "Ana", "notes": "", "hp": 10}
    history = History.new({"sheet": sheet})
    history = history.apply("sheet", {**sheet, "hp": 7}, "Hit", NOW)
    history = history.set_quietly("sheet", {**history.state["sheet"], "notes": "typed after"})
    undone = history.undo()
    assert undone.state["sheet"] == {"name": "Ana", "notes": "typed after", "hp": 10}
    assert undone.redo().state["sheet"] == {"name": "Ana", "notes": "typed after", "hp": 7}


def test_undo_keeps_a_place_changed_since_and_says_so() -> None:
    history = History.new({"sheet": {"hp": 10}}).apply("sheet", {"hp": 7}, "Hit", NOW)
    history = history.set_quietly("sheet", {"hp": 3})  # changed since, e.g. in another tab
    undone = history.undo()
    assert undone.state["sheet"] == {"hp": 3} and undone.skipped == 1


def test_undo_keeps_the_last_changes_and_redo_clears_on_new_change() -> None:
    history = History.new({"n": {"v": 0}})
    for i in range(1, UNDO_LIMIT + 20):
        history = history.apply("n", {"v": i}, f"set {i}", NOW)
    assert len(history.undo_stack) == UNDO_LIMIT >= 50
    undone = history.undo().undo()
    assert undone.state["n"] == {"v": UNDO_LIMIT + 17}
    assert undone.redo_label == f"set {UNDO_LIMIT + 18}"
    assert undone.apply("n", {"v": -1}, "other", NOW).redo_stack == ()
    assert History.new({}).undo() == History.new({})


def test_undo_of_whole_state_change_and_section_removal() -> None:
    history = History.new({"a": {"v": 1}, "b": {"v": 2}})
    replaced = history.apply(WHOLE_STATE, {"c": {"v": 3}}, "Import data", NOW)
    assert replaced.state == {"c": {"v": 3}}
    assert replaced.undo().state == {"a": {"v": 1}, "b": {"v": 2}}
    removed = history.apply("a", None, "Delete a", NOW)
    assert removed.state == {"b": {"v": 2}} and removed.undo().state == history.state


def test_a_change_that_changes_nothing_adds_no_undo_step_and_labels_are_short() -> None:
    history = History.new({"a": {"v": 1}})
    assert history.apply("a", {"v": 1}, "Nothing", NOW).undo_stack == ()
    named = history.apply("a", {"v": 2}, "Edit " + "n" * 100_000, NOW)
    assert len(named.undo_label or "") == 120 and (named.undo_label or "").endswith("…")


# -------------------------------------------------------------------------- two tabs


def test_two_tabs_changing_different_sections_lose_nothing() -> None:
    storage = MemoryStorage()
    a, ha = fresh_store(storage, "a")
    b, hb = fresh_store(storage, "b")
    ha = a.save(ha.apply("simply_characters", {"list": []}, "Create", NOW), NOW).history
    hb = b.save(hb.set_quietly("dice", {**hb.state["dice"], "log": [roll(3)]}), NOW).history
    loaded = Store(storage, "c").load(LATER).history
    assert loaded.state["simply_characters"] == {"list": []}
    assert loaded.state["dice"]["log"] == [roll(3)]


def test_two_tabs_changing_the_same_section_lose_nothing() -> None:
    storage = MemoryStorage()
    a, ha = fresh_store(storage, "a")
    b, hb = fresh_store(storage, "b")
    dice = ha.state["dice"]
    ha = a.save(ha.set_quietly("dice", {**dice, "log": [roll(1)]}), NOW).history
    # b has not heard of a's roll yet: its own roll is merged onto a's when it saves
    hb = b.save(hb.set_quietly("dice", {**dice, "log": [roll(2)], "expr": "d8"}), NOW).history
    assert sorted(r["total"] for r in hb.state["dice"]["log"]) == [1, 2]
    assert hb.state["dice"]["expr"] == "d8"
    # a hears of b's write through the storage event
    raw = storage.getItem(section_key("dice"))
    ha, changed = a.external(section_key("dice"), raw, ha)
    assert changed == ("dice",) and ha.state["dice"] == hb.state["dice"]


def test_undo_in_one_tab_never_reverts_another_tabs_change() -> None:
    storage = MemoryStorage()
    a, ha = fresh_store(storage, "a")
    b, hb = fresh_store(storage, "b")
    sheet = {"hp": 10, "name": "Ana"}
    ha = a.save(ha.apply("notes", sheet, "Create", NOW), NOW).history
    hb, _ = b.external(section_key("notes"), storage.getItem(section_key("notes")), hb)
    hb = b.save(hb.apply("notes", {**sheet, "hp": 4}, "Hit", NOW), NOW).history
    ha, _ = a.external(section_key("notes"), storage.getItem(section_key("notes")), ha)
    undone = ha.undo()  # a undoes its "Create": b's hit on the sheet is not reverted by it
    assert undone.state.get("notes") == {"hp": 4, "name": "Ana"} and undone.skipped == 1


# ------------------------------------------------------------------- export and import


def test_export_import_round_trip_and_export_is_always_json() -> None:
    history = History.new(default_data()).apply("dice", {"log": [], "expr": "d20"}, "x", NOW)
    text = export_text(history, NOW)
    assert json.loads(text)["schema"] == 2
    assert import_text(text).sections["dice"]["expr"] == "d20"
    with pytest.raises(StorageError):
        export_text(history.set_quietly("gurps", {"x": float("inf")}), NOW)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "not a Rulekeeper export"),
        ("{}", "not written by Rulekeeper"),
        ('{"app": "rulekeeper", "schema": 1, "saved": "", "data": []}', "'state' object"),
        (
            '{"app": "rulekeeper", "schema": 1, "saved": "", "data": {"state": {"dice": {"log": 3}}}}',
            "section 'dice', field log",
        ),
        (
            '{"app": "rulekeeper", "schema": 1, "saved": "", "data": {"state": {}, "undo": [5]}}',
            "undo entry",
        ),
        (
            '{"app": "rulekeeper", "schema": 2, "saved": "", "data": {"state": {"gurps": {"hp": 1e400}}}}',
            "section 'gurps', field hp: a number too large to use",
        ),
        ("[" * 8000 + "]" * 8000, "nested 8000 levels"),
    ],
)
def test_bad_import_is_rejected_with_a_message(text: str, words: str) -> None:
    with pytest.raises(StorageError) as info:
        import_text(text)
    assert words in str(info.value)


def test_importing_ones_own_export_adds_next_to_nothing() -> None:
    history = History.new(default_data()).set_quietly(
        "dice", {**default_data()["dice"], "log": [roll(i % 6 + 1) for i in range(150)]}
    )
    imported = import_text(export_text(history, NOW))
    after = history.apply(WHOLE_STATE, imported.sections, "Import data", NOW)
    assert after.undo_stack == ()  # nothing changed: no undo step


@given(st.text(max_size=300))
def test_load_never_crashes_and_never_loses_the_raw_value(raw: str) -> None:
    storage = MemoryStorage({DATA_KEY: raw})
    report = Store(storage, "a").load(NOW)
    kept = [storage.getItem(q.key) for q in report.quarantined]
    assert raw in kept or storage.getItem(DATA_KEY) == raw or report.problem is None


@given(st.text(max_size=300))
def test_import_raises_only_storage_error(text: str) -> None:
    with contextlib.suppress(StorageError):
        import_text(text)


def test_storage_full_on_the_first_write_is_reported_not_raised() -> None:
    storage = MemoryStorage(quota=10)
    store, history = fresh_store(storage)
    report = store.save(history.set_quietly("notes", {"a": 1}), NOW)
    assert set(report.unsaved) == {"notes"}
    assert not [k for k in storage.items if k.startswith("rulekeeper")]


def test_decode_of_a_stored_section_checks_its_name() -> None:
    raw = encode_section("dice", default_data()["dice"], NOW)
    assert json.loads(raw)["version"] == 1 and json.loads(raw)["section"] == "dice"
    assert encode({}, NOW).startswith('{"app":"rulekeeper","schema":2')


@given(
    st.lists(st.integers(1, 6), max_size=12), st.lists(st.integers(1, 6), min_size=1, max_size=4)
)
def test_undo_redo_cycles_with_compact_steps_give_back_each_state(
    before: list[int], new: list[int]
) -> None:
    log = [roll(t) | {"seed": f"b{i}"} for i, t in enumerate(before)]
    added = [roll(t) | {"seed": f"n{i}"} for i, t in enumerate(new)]
    history = History.new({"gurps": {"log": log}})
    after = {"log": [*added, *log][:10]}
    history = history.apply("gurps", after, "Attack", NOW)
    assert not any(op.get("put") for op in history.undo_stack[0].ops["gurps"])  # fingerprints
    for _ in range(2):
        history = history.undo()
        assert history.state["gurps"] == {"log": log} and history.skipped == 0
        history = history.redo()
        assert history.state["gurps"] == after and history.skipped == 0


def test_a_codec_that_fails_on_saved_data_moves_it_aside_and_start_up_goes_on() -> None:
    from pycore.store import sections
    from pycore.store.shape import Check

    def broken(value: Any) -> None:
        raise TypeError("a bug in a reader")

    codec = sections.SectionCodec("broken_test", 1, Check(broken))
    storage = MemoryStorage({section_key("broken_test"): encode_section("broken_test", {}, NOW)})
    with known_sections(codec):
        report = Store(storage, "a").load(NOW)
    assert "could not be read (TypeError)" in report.problems[0]
    assert report.history.state == default_data()
