"""Issue 32 item 1: a build never moves aside, overwrites or deletes a section a newer build
wrote (a format number higher than it knows); it keeps its own change aside and says so."""

from __future__ import annotations

import json
from typing import Any

from pycore.store import MemoryStorage, Store, list_quarantine, section_key
from pycore.store.conflicts import restored
from pycore.store.patch import ABSENT
from pycore.store.persist import QUARANTINE_PREFIX, restore_aside
from pycore.store.sections import current_version

NOW = "2026-11-23T10:00:00+00:00"
LATER = "2026-11-23T10:05:00+00:00"
NAME = "dice"  # any section: the dice have a first value to change


def newer_raw(data: Any) -> str:
    """The section as a newer build writes it: its format number one past this build's."""
    envelope = {"app": "rulekeeper", "schema": 2, "saved": NOW, "section": NAME}
    return json.dumps({**envelope, "version": current_version(NAME) + 1, "data": data})


def edited(history: Any) -> Any:
    """This tab's change to the section."""
    return history.set_quietly(NAME, {**history.state[NAME], "target": 41})


def test_a_start_leaves_a_newer_section_in_place_and_says_to_reload() -> None:
    raw = newer_raw({"format": "three"})
    storage = MemoryStorage({section_key(NAME): raw})
    report = Store(storage, "a").load(NOW)
    assert storage.getItem(section_key(NAME)) == raw
    assert report.quarantined == () and list_quarantine(storage) == []
    assert report.newer == (NAME,)


def test_an_older_tab_never_deletes_or_overwrites_what_a_newer_tab_saved() -> None:
    storage = MemoryStorage()
    old = Store(storage, "old")
    history = old.load(NOW).history
    raw = newer_raw({"format": "three", "rolls": ["d20"]})
    storage.setItem(section_key(NAME), raw)  # tab 2, on the new build, saves the new format
    report = old.save(edited(history), LATER)
    assert storage.getItem(section_key(NAME)) == raw  # byte for byte
    assert report.newer == (NAME,) and NAME not in report.written
    # Its own change is kept aside, listed under Moved aside, and can be restored.
    kept = list_quarantine(storage)
    assert len(kept) == 1 and NAME in kept[0].key
    name, value, _base = restore_aside(storage.getItem(kept[0].key))
    assert name == NAME and value["target"] == 41
    # A second try keeps one copy, the latest, and still leaves the newer section alone.
    again = old.save(report.history.set_quietly(NAME, {**history.state[NAME], "target": 42}), LATER)
    assert storage.getItem(section_key(NAME)) == raw and again.newer == (NAME,)
    kept = list_quarantine(storage)
    assert len(kept) == 1 and restore_aside(storage.getItem(kept[0].key))[1]["target"] == 42


def test_a_newer_section_from_another_tab_stops_this_tab_saving_it() -> None:
    storage = MemoryStorage()
    old = Store(storage, "old")
    history = old.load(NOW).history
    raw = newer_raw({"format": "three"})
    storage.setItem(section_key(NAME), raw)
    history, changed = old.external(section_key(NAME), raw, history)
    assert changed == () and old.newer == {NAME}
    report = old.save(edited(history), LATER)
    assert storage.getItem(section_key(NAME)) == raw and report.newer == (NAME,)
    # The other sections still save.
    other = report.history.set_quietly("notes", {"kept": True})
    assert "notes" in old.save(other, LATER).written


def test_a_newer_build_reads_what_an_older_build_kept_aside() -> None:
    storage = MemoryStorage()
    old = Store(storage, "old")
    history = old.load(NOW).history
    storage.setItem(section_key(NAME), newer_raw({}))
    old.save(edited(history), LATER)
    key = list_quarantine(storage)[0].key
    assert key.startswith(QUARANTINE_PREFIX)
    assert restore_aside(storage.getItem(key))[0] == NAME
    assert restore_aside("{garbage") is None


def test_a_restore_plays_the_kept_change_onto_what_the_newer_build_wrote_since() -> None:
    """The kept change holds what it was made from: restored in the newer build, it is played
    onto the section as that build left it (its rolls stay), not written over it."""
    storage = MemoryStorage()
    old = Store(storage, "old")
    history = old.load(NOW).history
    before = history.state[NAME]
    storage.setItem(section_key(NAME), newer_raw({}))
    old.save(edited(history), LATER)
    name, value, base = restore_aside(storage.getItem(list_quarantine(storage)[0].key))
    assert base == before and value["target"] == 41
    since = {**before, "log": [{"expr": "d20", "total": 7}], "expr": "d20"}  # the newer tab's
    kept = restored(name, value, base, since)
    assert kept.value == {**since, "target": 41} and kept.conflicts == () and not kept.stale
    # Kept before bases were kept (or no section now): the kept value, whole.
    assert restored(name, value, ABSENT, since).value == value


def test_a_kept_hit_is_not_restored_over_a_hit_made_since() -> None:
    """Simply's fight: a hit's log line and its HP change stand together (whole steps). A hit
    kept aside and another made since from the same state cannot both stand: nothing is
    restored, and the values are said."""
    fighter = {"name": "Brok", "hp": 25}
    base = {"combat": {"combatants": [fighter]}, "log": []}
    kept_hit = {"combat": {"combatants": [{**fighter, "hp": 17}]}, "log": [{"text": "Brok 8"}]}
    since = {"combat": {"combatants": [{**fighter, "hp": 20}]}, "log": [{"text": "Brok 5"}]}
    kept = restored("simply_combat", kept_hit, base, since)
    assert kept.stale and kept.value == since
    assert [(c.whose, c.theirs, c.mine) for c in kept.conflicts] == [("Brok", 20, 17)]
