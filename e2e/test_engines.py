"""The same app in Firefox ESR and WebKitGTK (iPad Safari's engine family): boot, roll the
dice, and start again with the server gone (the service worker alone serves the app)."""

from __future__ import annotations

import struct
from collections import Counter
from pathlib import Path

import pytest
from engines import open_engine, require, service_worker_files, webkit_visit_as_a_user
from localsite import CountingHandler, serve
from test_startup import FIRST_VISIT_LIMIT

DIST = Path(__file__).resolve().parent.parent / "dist"

READY = "return document.documentElement.dataset.ready === '1'"
ROLL = """
const field = document.querySelector('[data-testid=dice-expr]');
field.value = arguments[0];
field.dispatchEvent(new Event('input', {bubbles: true}));
field.dispatchEvent(new Event('change', {bubbles: true}));
document.querySelector('[data-testid=dice-roll]').click();
"""
ENTRIES = "return document.querySelectorAll('[data-testid=roll-log-entry]').length"
ACTIVE = "return navigator.serviceWorker.controller?.state === 'activated'"
ERRORS = "return document.querySelector('[data-testid=boot-error]')?.textContent ?? ''"


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_boots_rolls_and_starts_offline(engine: str) -> None:
    require(engine)
    server, origin = serve(DIST)
    with open_engine(engine) as browser:
        browser.goto(f"{origin}/")
        browser.wait(READY)
        assert browser.run("return document.documentElement.dataset.build") != "mixed"
        browser.run(ROLL, "3d6")
        browser.wait(f"return ({ENTRIES.removeprefix('return ')}) === 1")
        # The idle steps end (idle periods in Firefox, a timer in WebKit), every class they
        # made with the build's methods (rkweb.app.precompiled).
        browser.wait("return document.documentElement.dataset.idle === 'done'")
        assert browser.run("return document.documentElement.dataset.idleDataclassesCompiled") == "0"
        browser.wait(ACTIVE)
        server.shutdown()
        server.server_close()  # nothing answers now: the worker alone can start the app
        browser.goto(f"{origin}/")
        browser.wait(READY)
        assert browser.run(ERRORS) == ""
        browser.run(ROLL, "2d10")
        browser.wait(f"return ({ENTRIES.removeprefix('return ')}) === 2")


# The files the first start loads with fetch(), which it hands to the worker's install
# (web/boot.mjs): 13.6 of the 14.9 MB.
FETCHED = (
    "/vendor/pyodide/pyodide.asm.wasm",
    "/vendor/pyodide/python_stdlib.zip",
    "/py/rulekeeper.zip",
)
CACHES = "return caches.keys().then((keys) => keys.join(' '))"


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_a_first_visit_downloads_what_it_fetched_once(engine: str) -> None:
    """WebKit under automation has no HTTP cache for the worker's install to read (module scripts
    and the page itself are still downloaded twice there); Firefox downloads every file once."""
    require(engine)
    server, origin = serve(DIST, CountingHandler)
    with open_engine(engine) as browser:
        browser.goto(f"{origin}/")
        browser.wait(READY)
        browser.wait(ACTIVE)
        caches = str(browser.run(CACHES)).split()
    server.shutdown()
    counts = Counter(path for path, _ in server.sent)
    assert {path: counts[path] for path in FETCHED} == dict.fromkeys(FETCHED, 1)
    if engine == "firefox":
        assert [path for path, n in counts.items() if n > 1] == []
    # The first start's cache is the installed worker's now, and gone.
    ours = [name for name in caches if name.startswith("rulekeeper-")]
    assert len(ours) == 1 and ours != ["rulekeeper-first-start"], caches


def test_a_first_visit_in_webkit_with_a_users_profile_downloads_each_file_once() -> None:
    """As an iPad's Safari keeps its HTTP cache, so does MiniBrowser with a profile on disk:
    there the service worker's install takes every file from what the page loaded."""
    require("webkit")
    server, origin = serve(DIST, CountingHandler)
    webkit_visit_as_a_user(f"{origin}/", server.sent, service_worker_files(DIST), quiet=8)
    server.shutdown()
    counts = Counter(path for path, _ in server.sent)
    assert "/sw.js" in counts, "the service worker was never registered"
    assert [path for path, n in counts.items() if n > 1] == []
    assert sum(size for _, size in server.sent) <= FIRST_VISIT_LIMIT


# Every control of the top bar and the page tabs, whose right edge must stay on the screen.
TOP_CONTROLS = """
const ids = ['undo', 'redo', ...[...document.querySelectorAll('[data-testid^=nav-]')]
  .map((e) => e.dataset.testid)];
return ids.map((id) => [id, document.querySelector(`[data-testid=${id}]`).getBoundingClientRect().right]);
"""


@pytest.mark.parametrize("engine", ["firefox", "webkit"])
def test_a_tablet_viewport_shows_the_whole_top_bar_and_is_photographed(engine: str) -> None:
    """At 768x1024 (a tablet in portrait, the size every GM play-through uses) the page's
    viewport is the tablet's, nothing overflows sideways, every tab is on the screen, and the
    engine's screenshot (what a play-through looks at) is that viewport."""
    require(engine)
    server, origin = serve(DIST)
    with open_engine(engine) as browser:
        assert browser.set_viewport(768, 1024) == (768, 1024)
        browser.goto(f"{origin}/")
        browser.wait(READY)
        width = browser.run("return document.documentElement.clientWidth")
        assert browser.run("return document.documentElement.scrollWidth") <= width
        off = [(tid, right) for tid, right in browser.run(TOP_CONTROLS) if right > width]
        assert off == []
        png = browser.screenshot()
    server.shutdown()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (768, 1024)
