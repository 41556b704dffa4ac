"""The shared log list (issue 33 item 3): keys that survive a tap at the log's cap, and only the
newest entries drawn, the rest one tap away."""

from __future__ import annotations

from typing import Any

from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import VNode, find_all, message_from, text_of
from rkweb.kit.results import LOG_SHOWN, log_list, logs_shown_all

from pycore.store import History, default_data

CAP = 300


def _entries(first: int, count: int) -> list[dict[str, Any]]:
    """``count`` entries, newest first, two lines per step (a step's lines share time and seed)."""
    steps = [(n // 2, n % 2) for n in range(first, first + count)]
    return [
        {
            "text": f"step {s} line {line}",
            "at": f"2026-11-23T10:{s // 60:02d}:{s % 60:02d}+00:00",
            "seed": f"s{s}",
        }
        for s, line in reversed(steps)
    ]


def _keys(node: VNode, testid: str = "log-entry") -> list[str | None]:
    return [n.key for n in find_all(node, testid)]


def test_keys_stay_put_when_an_entry_is_added_at_the_cap() -> None:
    before = _entries(0, CAP)
    after = [*_entries(CAP, 1), *before][:CAP]  # one tap: one new line, the oldest drops off
    with logs_shown_all(["log-entry"]):
        old, new = _keys(log_list("log-entry", before)), _keys(log_list("log-entry", after))
    assert len(set(old)) == len(old) == CAP and len(set(new)) == CAP
    # Every entry still shown keeps its key: the DOM patch moves nothing and replaces nothing.
    assert new[1:] == old[:-1]
    assert new[0] not in old


def test_same_lines_in_one_step_get_their_own_keys() -> None:
    twice = {"text": "Mara hits", "at": "2026-11-23T10:00:00+00:00", "seed": "a"}
    keys = _keys(log_list("log-entry", [twice, twice]))
    assert len(set(keys)) == 2
    assert _keys(log_list("log-entry", [{**twice, "text": "new"}, twice, twice]))[1:] == keys


def test_only_the_newest_entries_are_drawn() -> None:
    entries = _entries(0, CAP)
    node = log_list("log-entry", entries)
    drawn = find_all(node, "log-entry")
    assert len(drawn) == LOG_SHOWN
    assert [text_of(n) for n in drawn] == [
        text_of(n) for n in find_all(log_list("log-entry", entries[:LOG_SHOWN]), "log-entry")
    ]
    more = find_all(node, "log-entry-all")
    assert [text_of(b) for b in more] == [f"Show all {CAP}"]
    with logs_shown_all(["log-entry"]):
        everything = log_list("log-entry", entries)
    assert len(find_all(everything, "log-entry")) == CAP
    assert [text_of(b) for b in find_all(everything, "log-entry-all")] == [
        f"Show only the newest {LOG_SHOWN}"
    ]
    # A short log has nothing to hide and no button.
    assert not find_all(log_list("log-entry", entries[:LOG_SHOWN]), "log-entry-all")


def test_show_all_is_one_tap_on_a_fight_page() -> None:
    ctx = Ctx(now="2026-11-23T10:00:00+00:00", fresh_seed="abc")
    model = Model(History.new(default_data()), route="simply")
    model = shell.update(model, ("simply.tab", "combat"), ctx)
    fight = dict(model.section("simply_combat"))
    history = model.history.set_quietly("simply_combat", {**fight, "log": _entries(0, CAP)})
    model = Model(history, route="simply", ui=model.ui)
    assert len(find_all(shell.view(model), "sc-log-entry")) == LOG_SHOWN
    (button,) = find_all(shell.view(model), "sc-log-entry-all")
    shown = shell.update(model, message_from(button.attr("data-on-click") or ""), ctx)
    assert len(find_all(shell.view(shown), "sc-log-entry")) == CAP
    assert shown.history is model.history  # a view choice: nothing to undo, nothing saved
    (back,) = find_all(shell.view(shown), "sc-log-entry-all")
    hidden = shell.update(shown, message_from(back.attr("data-on-click") or ""), ctx)
    assert len(find_all(shell.view(hidden), "sc-log-entry")) == LOG_SHOWN
