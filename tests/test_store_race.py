"""Issue 32 item 3: two tabs' saves never overwrite each other.

localStorage has no compare-and-swap. :class:`Browser` models it as Chromium does: each tab reads
its own cache; a write updates that cache at once and travels to the shared store later; the
shared store applies writes in the order they arrive and tells every tab, late (a tab with a
write of the same key still on its way ignores the news for its cache, but still gets the
``storage`` event). Hypothesis chooses the interleavings.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import known_sections

from pycore.store import Store
from pycore.store.persist import Lineage, lineage_of, read_section_value, section_key
from pycore.store.races import Race
from pycore.store.sections import LogSpec, SectionCodec
from pycore.store.shape import Anything

NOW = "2026-11-23T10:00:00+00:00"
FIGHT = "race_fight"


@pytest.fixture(autouse=True, scope="module")
def race_section() -> Iterator[None]:
    """A section whose log lines describe its state, like a fight (simply_combat), known to the
    store in this module's tests only."""
    codec = SectionCodec(FIGHT, 1, Anything(), logs=(LogSpec(("log",), 300),), whole_steps=True)
    with known_sections(codec):
        yield


class Browser:
    """The shared store and the messages on their way between it and the tabs."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.tabs: list[TabStorage] = []

    def storage(self) -> TabStorage:
        tab = TabStorage(self, dict(self.items))
        self.tabs.append(tab)
        return tab

    def arrive(self, tab: TabStorage) -> None:
        """The oldest write of ``tab`` reaches the shared store; every tab is told."""
        key, value = tab.outbox.popleft()
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value
        for other in self.tabs:
            other.inbox.append((key, value, other is tab))

    def quiet(self) -> bool:
        return not any(t.outbox or t.inbox for t in self.tabs)


class TabStorage:
    """One tab's view of localStorage: its cache, its writes on their way, news to come."""

    def __init__(self, browser: Browser, cache: dict[str, str]) -> None:
        self.browser, self.cache = browser, cache
        self.outbox: deque[tuple[str, str | None]] = deque()
        self.inbox: deque[tuple[str, str | None, bool]] = deque()
        self.pending: dict[str, int] = {}

    @property
    def length(self) -> int:
        return len(self.cache)

    def key(self, index: int) -> str | None:
        keys = list(self.cache)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.cache.get(key)

    def _write(self, key: str, value: str | None) -> None:
        self.pending[key] = self.pending.get(key, 0) + 1
        self.outbox.append((key, value))

    def setItem(self, key: str, value: str) -> None:
        self.cache[key] = value
        self._write(key, value)

    def removeItem(self, key: str) -> None:
        self.cache.pop(key, None)
        self._write(key, None)

    def news(self) -> tuple[str, str | None] | None:
        """The oldest news for this tab: its cache updated, and the event to fire (if any)."""
        key, value, own = self.inbox.popleft()
        if own:
            self.pending[key] -= 1
            return None
        if not self.pending.get(key):
            if value is None:
                self.cache.pop(key, None)
            else:
                self.cache[key] = value
        return key, value


class Tab:
    """A page: its store over its own storage view, its history, the save it owes."""

    def __init__(self, browser: Browser, name: str) -> None:
        self.storage = browser.storage()
        self.store = Store(self.storage, name)
        self.history = self.store.load(NOW).history
        self.dirty = False
        self.races: list[Race] = []
        self.name = name
        self.rolled: list[str] = []
        self.hits: list[str] = []

    def change(self, section: str, value: Any) -> None:
        self.history = self.history.set_quietly(section, value)
        self.dirty = True

    def roll(self) -> None:
        self.rolled.append(f"{self.name}{len(self.rolled) + 1}")
        dice = self.history.state["dice"]
        entry = {"expr": "d6", "total": 3, "text": "3", "at": NOW, "seed": self.rolled[-1]}
        self.change("dice", {**dice, "log": [entry, *dice["log"]]})

    def rename(self, name: str) -> None:
        notes = self.history.state.get("notes") or {}
        self.change("notes", {**notes, "ann": name})

    def hit(self, damage: int) -> None:
        self.hits.append(f"{self.name}-hit{len(self.hits) + 1}")
        fight = self.history.state.get(FIGHT) or {"hp": 25, "log": []}
        hp = fight["hp"]
        line = {"id": self.hits[-1], "damage": damage, "text": f"HP {hp} → {hp - damage}"}
        self.change(FIGHT, {"hp": hp - damage, "log": [line, *fight["log"]]})

    def save(self) -> None:
        report = self.store.save(self.history, NOW)
        self.history, self.dirty = report.history, False
        self.races += report.conflicts

    def event(self) -> None:
        news = self.storage.news()
        if news is None:
            return
        history, _ = self.store.external(news[0], news[1], self.history)
        if history is not self.history:
            self.history, self.dirty = history, True
        self.races += self.store.take_races()


def settle(browser: Browser, tabs: list[Tab]) -> None:
    """Every message delivered and every tab saved, until nothing moves."""
    for _ in range(200):
        for tab in tabs:
            if tab.dirty:
                tab.save()
        if browser.quiet() and not any(t.dirty for t in tabs):
            return
        for tab in tabs:
            while tab.storage.outbox:
                browser.arrive(tab.storage)
        for tab in tabs:
            while tab.storage.inbox:
                tab.event()
    raise AssertionError("the tabs never settled")


def rolls(value: Any) -> list[str]:
    return [entry["seed"] for entry in value["log"]]


def stored(browser: Browser, section: str) -> Any:
    return read_section_value(browser.items[section_key(section)], section)


# ---------------------------------------------------------------------------- the fixed cases


def two_tabs() -> tuple[Browser, Tab, Tab]:
    browser = Browser()
    return browser, Tab(browser, "a"), Tab(browser, "b")


def test_rolls_saved_at_the_same_moment_are_all_kept() -> None:
    browser, a, b = two_tabs()
    for _ in range(20):
        a.roll()
        a.save()
        b.roll()
        b.save()
    settle(browser, [a, b])
    every = sorted(a.rolled + b.rolled)
    assert len(every) == 40
    for value in (a.history.state["dice"], b.history.state["dice"], stored(browser, "dice")):
        assert sorted(rolls(value)) == every


def test_two_renames_at_the_same_moment_are_said_with_both_values() -> None:
    browser, a, b = two_tabs()
    a.rename("Ann")
    a.save()
    settle(browser, [a, b])
    a.rename("Bo")
    b.rename("Cy")
    b.save()
    a.save()  # a's write reaches the shared store last... no: b's arrives first, a's second
    browser.arrive(a.storage)
    browser.arrive(b.storage)  # b's write is the last one stored: a's rename is overwritten
    settle(browser, [a, b])
    final = stored(browser, "notes")["ann"]
    assert a.history.state["notes"]["ann"] == b.history.state["notes"]["ann"] == final
    said = [(r.conflict.theirs, r.conflict.mine) for t in (a, b) for r in t.races]
    assert ("Cy", "Bo") in said or ("Bo", "Cy") in said
    kept = {"Bo", "Cy"} - {final}
    assert said and all(final == mine and theirs in kept for theirs, mine in said)


def test_two_hits_at_the_same_moment_keep_the_log_and_the_hp_agreeing() -> None:
    browser, a, b = two_tabs()
    a.hit(0)
    a.save()
    settle(browser, [a, b])
    a.hit(5)
    b.hit(8)
    a.save()
    b.save()
    browser.arrive(a.storage)
    browser.arrive(b.storage)
    settle(browser, [a, b])
    for value in (a.history.state[FIGHT], b.history.state[FIGHT], stored(browser, FIGHT)):
        assert value["hp"] == 25 - sum(line["damage"] for line in value["log"])
    assert any(r.whole for t in (a, b) for r in t.races)


def test_a_record_without_lineage_still_reads() -> None:
    old = '{"app":"rulekeeper","schema":2,"saved":"t","section":"dice","version":1,"data":{}}'
    assert lineage_of(old) == Lineage()
    assert read_section_value(old, "dice") == {}


# ---------------------------------------------------------------------------- interleavings

ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["a", "b"]),
        st.sampled_from(["roll", "rename", "hit", "save", "arrive", "event"]),
        st.integers(1, 9),
    ),
    max_size=60,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ACTIONS)
def test_random_interleavings_keep_every_change_or_say_the_conflict(actions: list[Any]) -> None:
    browser, a, b = two_tabs()
    tabs = {"a": a, "b": b}
    renamed: list[str] = []
    for who, action, n in actions:
        tab = tabs[who]
        if action == "roll":
            tab.roll()
        elif action == "rename":
            renamed.append(f"{who}{n}{len(renamed)}")
            tab.rename(renamed[-1])
        elif action == "hit":
            tab.hit(n)
        elif action == "save" and tab.dirty:
            tab.save()
        elif action == "arrive" and tab.storage.outbox:
            browser.arrive(tab.storage)
        elif action == "event" and tab.storage.inbox:
            tab.event()
    settle(browser, [a, b])
    for section in ("dice", "notes", FIGHT):  # both tabs and the storage hold the same
        values = [a.history.state.get(section), b.history.state.get(section)]
        if section_key(section) in browser.items:
            values.append(stored(browser, section))
        assert all(v == values[0] for v in values), section
    # Every roll kept, exactly once.
    assert sorted(rolls(a.history.state["dice"])) == sorted(a.rolled + b.rolled)
    # The fight's log and HP agree; a hit goes only when the other tab's hit won, said.
    fight = a.history.state.get(FIGHT)
    if fight:
        assert fight["hp"] == 25 - sum(line["damage"] for line in fight["log"])
        kept = [line["id"] for line in fight["log"]]
        assert len(kept) == len(set(kept))
        if set(a.hits + b.hits) - set(kept):
            assert any(r.whole for t in (a, b) for r in t.races)
    # A rename is one of those made.
    if renamed:
        assert a.history.state["notes"]["ann"] in renamed


def test_a_hit_logged_in_place_of_the_other_tabs_first_line_is_seen_as_a_new_line() -> None:
    """Hypothesis found it: tab a's one log line replaced b's one line at the same place, and
    the diff called that one entry changed inside (its id, damage, text), so the merge kept a's
    HP beside b's lines. An entry with another id is another entry."""
    browser, a, b = two_tabs()
    a.hit(1)
    b.hit(2)
    b.save()
    b.hit(1)
    settle(browser, [a, b])
    for value in (a.history.state[FIGHT], b.history.state[FIGHT], stored(browser, FIGHT)):
        assert value["hp"] == 25 - sum(line["damage"] for line in value["log"])
