"""Patches (what an undo step keeps): played back and forth they give the values they were made
from; played onto a value changed since they keep the change; damaged ones never raise."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pycore.store.patch import ABSENT, apply, diff, same

values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda children: st.lists(children, max_size=6)
    | st.dictionaries(st.sampled_from(["a", "b", "id", "log"]), children, max_size=4),
    max_leaves=30,
)
entries = st.lists(st.dictionaries(st.sampled_from(["text", "n"]), st.integers(0, 9)), max_size=8)


@given(values, values)
def test_a_patch_turns_before_into_after_and_back(before: Any, after: Any) -> None:
    ops = diff(before, after)
    forward, skipped_forward = apply(before, ops, forward=True)
    back, skipped_back = apply(after, ops, forward=False)
    assert same(forward, after) and same(back, before)
    assert skipped_forward == skipped_back == 0


@given(entries, entries, st.integers(0, 8))
def test_a_capped_newest_first_log_is_patched_by_its_new_and_dropped_entries(
    log: list[Any], new: list[Any], cap: int
) -> None:
    after = [*new, *log][: max(cap, len(new))]
    ops = diff(log, after)
    assert same(apply(after, ops, forward=False)[0], log)
    assert same(apply(log, ops, forward=True)[0], after)
    assert all(not (o.get("cut") and o.get("put") and len(o["cut"]) > 8) for o in ops)


@given(entries, entries)
def test_undo_of_a_clear_puts_the_cleared_entries_after_those_added_since(
    cleared: list[Any], since: list[Any]
) -> None:
    ops = diff({"log": cleared}, {"log": []})
    undone, skipped = apply({"log": since}, ops, forward=False)
    assert undone == {"log": [*since, *cleared]} and skipped == 0


OP_KEYS = ["at", "was", "now", "i", "j", "cut", "put", "ops", "id", "left", "right"]
damaged_ops = st.lists(st.dictionaries(st.sampled_from(OP_KEYS), values, max_size=6), max_size=4)


@given(damaged_ops, values)
def test_damaged_ops_are_skipped_never_raised(ops: list[Any], value: Any) -> None:
    for forward in (True, False):
        _, skipped = apply(value, ops, forward=forward)
        assert 0 <= skipped <= len(ops)


def test_a_section_or_list_created_on_both_sides_is_merged() -> None:
    mine = {"list": [{"name": "B"}], "selected": 0}
    theirs = {"list": [{"name": "A"}], "selected": 0}
    merged, skipped = apply(theirs, diff(ABSENT, mine), forward=True)
    assert merged["list"] == [{"name": "A"}, {"name": "B"}] and skipped == 0


def test_an_entry_with_an_id_is_found_by_its_id_after_others_moved() -> None:
    before = [{"id": "g1", "hp": 10}, {"id": "g2", "hp": 10}]
    ops = diff(before, [{"id": "g1", "hp": 10}, {"id": "g2", "hp": 4}])
    since = [{"id": "g0", "hp": 9}, {"id": "g2", "hp": 4}, {"id": "g1", "hp": 10}]
    undone, skipped = apply(since, ops, forward=False)
    assert undone[1] == {"id": "g2", "hp": 10} and undone[0]["hp"] == 9 and skipped == 0
