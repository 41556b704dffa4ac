"""Text from outside checked for size and depth before it is parsed (issue 32 item 4): a short
share link that unpacks into a record nested 10,000 deep, and the same from a channel message to
the players' window, are refused in words; the app keeps running."""

from __future__ import annotations

import base64
import zlib
from typing import Any

from playwright.sync_api import Browser, Page, expect
from support import READY

from pycore.share.zdict import ZDICT_V1

DEEP = "[" * 10_000 + "]" * 10_000


def _deep_payload() -> str:
    deflater = zlib.compressobj(9, zdict=ZDICT_V1)
    packed = deflater.compress(DEEP.encode()) + deflater.flush()
    return "1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _open(browser: Browser, args: dict[str, Any], url: str) -> tuple[Any, Page, list[str]]:
    """A fresh browser (its own storage) at ``url``, its uncaught errors collected."""
    context = browser.new_context(**args)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector(READY, timeout=60_000)
    return context, page, errors


def test_a_deeply_nested_share_link_is_refused_in_words_and_the_app_runs(
    browser: Browser, browser_context_args: dict[str, Any], app_url: str
) -> None:
    payload = _deep_payload()
    assert len(payload) < 120  # a link a QR code or a chat message carries easily
    context, page, errors = _open(browser, browser_context_args, f"{app_url}#/share/{payload}")
    refusal = page.get_by_test_id("share-error")
    expect(refusal).to_contain_text("Nothing was changed")
    expect(refusal).to_contain_text("not a Rulekeeper record")
    for jargon in ("RangeError", "recursion", "nested 10000", "Error -3", "codec"):
        expect(refusal).not_to_contain_text(jargon)
    expect(page.get_by_test_id("share-import")).to_have_count(0)
    # The app runs: another page, a roll.
    page.get_by_test_id("nav-dice").click()
    page.get_by_test_id("dice-roll").click()
    expect(page.get_by_test_id("roll-log-entry")).to_have_count(1)
    assert errors == []
    context.close()


def test_a_deeply_nested_channel_message_leaves_the_players_window_running(
    browser: Browser, browser_context_args: dict[str, Any], app_url: str
) -> None:
    context, players, errors = _open(browser, browser_context_args, f"{app_url}#/player")
    expect(players.get_by_test_id("player-view")).to_be_visible()
    sender = context.new_page()
    sender.goto(app_url.split("#")[0] + "manifest.webmanifest")  # same origin, not the app
    sender.evaluate(
        "(text) => { const c = new BroadcastChannel('rulekeeper-fight');"
        " c.postMessage(text); c.postMessage('x'.repeat(3_000_000)); c.close(); }",
        DEEP,
    )
    players.wait_for_timeout(1_500)
    expect(players.get_by_test_id("player-view")).to_be_visible()
    # Still listening: a real view from the GM's window is shown.
    sender.evaluate(
        "() => { const c = new BroadcastChannel('rulekeeper-fight');"
        " c.postMessage(JSON.stringify({system: 'simply', turn: 9, clock: 0, phase: '',"
        " order: [], result: ''})); c.close(); }"
    )
    expect(players.get_by_test_id("player-turn")).to_contain_text("Turn 9")
    assert errors == []
    context.close()


def test_a_very_long_word_wraps_inside_the_share_preview(app: Page) -> None:
    """Issue 31 item 9: a 10,000-character one-word name made the preview 155,525 px wide."""
    from pycore.share import ShareRecord, encode

    word = "W" * 200  # the longest name a share holds, one word
    record = ShareRecord(
        "simply.character", "u1", "2026-11-23T10:00:00+00:00", 1, word, {"name": word}
    )
    app.goto(app.url.split("#")[0] + "#/share/" + encode(record))
    app.wait_for_selector("[data-testid=share-preview]")
    width = app.evaluate("document.documentElement.scrollWidth")
    assert width <= 768, width
