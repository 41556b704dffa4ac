"""Text from outside (share links, shared files, the players' window's messages, imports,
storage): size and depth checked before anything is built (issue 32 item 4); refusals in the
user's words (issue 32 item 8, issue 31 item 9); and one set of limits for what the store keeps
and the core takes (issue 32 item 5)."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from rkweb.app import shell
from rkweb.app.model import Ctx, Env, Model
from rkweb.app.vdom import text_of

from pycore.errors import StorageError
from pycore.share import decode
from pycore.share.files import payload_of
from pycore.share.zdict import ZDICT_V1
from pycore.store import History, MemoryStorage, Store, default_data, import_text
from pycore.store.persist import META_KEY, undo_key
from pycore.store.sections import check_section

NOW = "2026-11-23T10:00:00+00:00"
DEEP = "[" * 10_000 + "]" * 10_000
JARGON = (
    "recursion",
    "Error -3",
    "codec",
    "decompress",
    "inf ",
    "None",
    "null",
    "[0][0][0]",
    "object",
    "JSON",
    "char ",
)


def _packed(raw: bytes) -> str:
    deflater = zlib.compressobj(9, zdict=ZDICT_V1)
    packed = deflater.compress(raw) + deflater.flush()
    return "1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _refusal(call: Any, *args: Any) -> str:
    with pytest.raises(StorageError) as info:
        call(*args)
    return str(info.value)


def _plain(message: str) -> None:
    found = [j for j in JARGON if j in message]
    assert not found, (found, message)


# ---------------------------------------------------------------- item 4: depth before parsing


def test_a_short_link_nested_ten_thousand_deep_is_refused_before_it_is_parsed() -> None:
    payload = _packed(DEEP.encode())
    assert len(payload) < 120
    message = _refusal(decode, payload)
    assert "not a Rulekeeper record" in message and "10,000" in message
    _plain(message)


def test_a_shared_file_nested_deep_is_refused_in_words() -> None:
    text = '{"kind": "rulekeeper-share", "share": ' + "[" * 30_000 + "]" * 30_000 + "}"
    message = _refusal(payload_of, text)
    assert "neither a Rulekeeper share link nor a shared file" in message


def test_the_players_window_ignores_a_deep_or_huge_message() -> None:
    model = Model(History.new(default_data()), route="player")
    ctx = Ctx(now=NOW, fresh_seed="x")
    for text in (DEEP, "[" * 100 + "]" * 100, "x" * 3_000_000, json.dumps({"turn": 1e400})):
        assert shell.update(model, ("player.update", text), ctx) is model
    fine = {"system": "simply", "turn": 9, "clock": 0, "phase": "", "order": [], "result": ""}
    shown = shell.update(model, ("player.update", json.dumps(fine)), ctx)
    assert "Turn 9" in text_of(shell.view(shown))


# ---------------------------------------------------------------- item 8: words


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        (_packed(b"\xff\xfe{}"), "damaged"),
        ("1.AAAAAAAA", "damaged or cut short"),
        ("1.A$", "damaged"),
        (_packed(b'{"kind": "simply.character", '), "damaged"),
    ],
)
def test_a_damaged_link_is_refused_in_plain_words(payload: str, words: str) -> None:
    message = _refusal(decode, payload)
    assert words in message
    _plain(message)


ENVELOPE = '{"app": "rulekeeper", "schema": 2, "saved": "", "data": {"state": %s}}'


@pytest.mark.parametrize(
    ("state", "words"),
    [
        ('{"gurps": {"hp": 1e400}}', "hp: a number too large"),
        ('{"gurps": {"hp": -1e400}}', "hp: a number too large"),
        ('{"settings": null}', "settings"),
        ('{"dice": {"log": 3}}', "log: the number 3, where a list belongs"),
        ('{"dice": {"expr": null}}', "expr: nothing, where text belongs"),
        ('{"gurps": {"x": %s}}' % ("[" * 30 + "]" * 30), "field x: lists or groups"),
    ],
)
def test_an_import_is_refused_in_plain_words(state: str, words: str) -> None:
    message = _refusal(import_text, ENVELOPE % state)
    assert words in message
    _plain(message)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{garbage", "not a Rulekeeper export"),
        ("", "not a Rulekeeper export"),
        ('{"hello": 1}', "not a Rulekeeper export"),
    ],
)
def test_a_file_that_is_not_an_export_is_said_so_plainly(text: str, words: str) -> None:
    message = _refusal(import_text, text)
    assert words in message
    _plain(message)


# ---------------------------------------------------------------- item 5: one set of limits


def test_a_task_label_the_core_refuses_is_refused_by_the_store() -> None:
    from pycore.systems.simply.saved import TASK_LABEL_CHARS
    from pycore.systems.simply.tasks import MAX_NAME, target_number

    assert TASK_LABEL_CHARS == MAX_NAME  # the store keeps what the core takes, no more
    side = {"label": "x" * (MAX_NAME + 1)}
    with pytest.raises(StorageError, match="label"):
        check_section("simply_task", {"a": side})
    check_section("simply_task", {"a": {"label": "x" * MAX_NAME}})
    target_number(10, "Average", [], base_label="x" * MAX_NAME)
    text = ENVELOPE % json.dumps({"simply_task": {"a": side}})
    assert "label" in _refusal(import_text, text)


@pytest.mark.parametrize("bad", [{"a": 1}, ["2026-11-23"], 5, "yesterday", "x" * 500])
def test_an_export_date_that_is_not_a_date_is_not_kept_and_settings_draw(bad: Any) -> None:
    storage = MemoryStorage()
    storage.setItem(META_KEY, json.dumps({"last_export": bad}))
    store = Store(storage, "tab-1")
    report = store.load(NOW)
    assert report.last_export is None and store.last_export is None
    env = Env(last_export=store.last_export, last_saved=NOW, now=NOW)
    page = shell.view(Model(report.history, route="settings", env=env))
    assert "Never exported" in text_of(page)


def test_an_export_date_is_kept() -> None:
    storage = MemoryStorage()
    storage.setItem(META_KEY, json.dumps({"last_export": NOW}))
    assert Store(storage, "tab-1").load(NOW).last_export == NOW


def test_an_undo_step_holding_an_unusable_number_is_set_aside_and_saves_go_on() -> None:
    storage = MemoryStorage()
    step = {"label": "Roll", "at": NOW, "ops": {"dice": [{"at": ["target"], "old": 10}]}}
    steps = json.dumps(step).replace('"old": 10', '"old": 1e400')
    raw = f'{{"tab": "tab-1", "open": true, "saved": "{NOW}", "undo": [{steps}], "redo": []}}'
    storage.setItem(undo_key("tab-1"), raw)
    store = Store(storage, "tab-1")
    report = store.load(NOW)
    assert report.history.undo_stack == ()
    assert any("undo history" in p and "too large" in p for p in report.problems)
    _plain(" ".join(report.problems))
    history = report.history.apply("dice", {**report.history.state["dice"], "target": 12}, "x", NOW)
    store.save(history, NOW)  # no longer throws
    history = history.apply("dice", {**history.state["dice"], "target": 13}, "y", NOW)
    store.save(history, NOW)
    assert json.loads(storage.getItem(undo_key("tab-1")) or "")["undo"]
