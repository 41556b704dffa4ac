"""End-to-end fixtures: dist/ served on loopback under a sub-path, Debian's Chromium, a tablet."""

from __future__ import annotations

import os
import sys
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "tools"))

from localsite import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402
from support import READY  # noqa: E402

DIST = ROOT / "dist"
TABLET = {"width": 768, "height": 1024}
# Chromium's standard error (its renderers' too), read into a test's report when its page crashed: CI
# once saw 35 of 206 Chromium tests end in "Target crashed" that no run here reproduced.
CHROMIUM_LOG = Path(tempfile.mkdtemp(prefix="rk-chromium-log-")) / "chromium.log"
# What of that log tells why a renderer died (the rest is D-Bus and network noise).
CRASH_WORDS = (
    "FATAL",
    "Received signal",
    "Check failed",
    "OOM",
    "Out of memory",
    "crash",
    "killed",
)


@pytest.fixture(scope="session")
def site_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `make build` (make e2e does)")
    root = tmp_path_factory.mktemp("site")
    (root / "sub").mkdir()
    (root / "sub" / "rulekeeper").symlink_to(DIST, target_is_directory=True)
    return root


@pytest.fixture(scope="session")
def server_origin(site_root: Path) -> Iterator[str]:
    server, origin = serve(site_root)
    yield origin
    server.shutdown()


@pytest.fixture(scope="session")
def app_url(server_origin: str) -> str:
    # Served from a sub-path on purpose: every URL in dist/ must be relative.
    return f"{server_origin}/sub/rulekeeper/"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": str(_logging_chromium()),
        "args": CHROMIUM_ARGS,
    }


def _logging_chromium() -> Path:
    """Chromium started with its standard error (its renderers' too: a crash's signal and V8's
    last words are written there) appended to ``CHROMIUM_LOG``."""
    script = CHROMIUM_LOG.with_name("chromium")
    script.write_text(f'#!/bin/sh\nexec {CHROMIUM} "$@" 2>>"{CHROMIUM_LOG}"\n')
    script.chmod(0o755)
    return script


LOG_START = pytest.StashKey[int]()
CRASHES = pytest.StashKey[list[tuple[str, str]]]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[LOG_START] = CHROMIUM_LOG.stat().st_size if CHROMIUM_LOG.exists() else 0


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.failed and "crashed" in str(report.longrepr) and CHROMIUM_LOG.exists():
        with CHROMIUM_LOG.open("rb") as log:
            log.seek(item.stash.get(LOG_START, 0))
            lines = log.read().decode(errors="replace").splitlines()
        telling = "\n".join(
            line for line in lines if any(w in line for w in CRASH_WORDS) and "cpufreq" not in line
        )
        report.sections.append(("Chromium's log on the crash", telling))
        # Kept for the run's summary: a crash whose test passed when run again shows there too.
        item.config.stash.setdefault(CRASHES, []).append((item.nodeid, telling))
    return report


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    for nodeid, telling in config.stash.get(CRASHES, []):
        terminalreporter.write_sep("-", f"Chromium crashed in {nodeid}")
        terminalreporter.write_line(telling or "(nothing in Chromium's log)")


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Service workers are blocked by default so each test loads cold; the offline test allows them.
    return {
        **browser_context_args,
        "viewport": TABLET,
        "service_workers": "block",
        "accept_downloads": True,
        "has_touch": True,
    }


@pytest.fixture()
def errors(page: Page) -> list[str]:
    """Console errors and uncaught page errors; tests assert it stays empty."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: found.append(str(e)))
    return found


# The app's dice come from crypto.getRandomValues (Python's secrets, under Pyodide). A test's page
# draws them from a generator seeded by the test's name, so a run replays what an earlier one rolled:
# CI once failed on a die face no run here had shown (a Sever asking whether the bullet cuts).
# RK_E2E_DICE=<n> shifts every test's seed, to sweep faces; RK_E2E_DICE=random leaves them unseeded.
# The state is kept in sessionStorage, so a reload goes on with new faces rather than repeating.
SEEDED_DICE = """(() => {
  let state = %d >>> 0;
  try { const kept = sessionStorage.getItem("rk-e2e-dice"); if (kept) state = Number(kept) >>> 0; }
  catch (e) { return; }
  crypto.getRandomValues = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      bytes[i] = state >>> 24;
    }
    sessionStorage.setItem("rk-e2e-dice", String(state));
    return array;
  };
})()"""


def dice_seed(nodeid: str) -> int | None:
    """The seed of a test's dice: its name's CRC, shifted by RK_E2E_DICE (None: unseeded)."""
    shift = os.environ.get("RK_E2E_DICE", "0")
    if shift == "random":
        return None
    return (zlib.crc32(nodeid.encode()) + int(shift) * 2654435761) & 0xFFFFFFFF


@pytest.fixture()
def app(page: Page, app_url: str, errors: list[str], request: pytest.FixtureRequest) -> Page:
    seed = dice_seed(request.node.nodeid)
    if seed is not None:
        page.add_init_script(SEEDED_DICE % seed)
    page.goto(app_url)
    page.wait_for_selector(READY, timeout=60_000)
    return page
