"""End-to-end fixtures: dist/ served on loopback under a sub-path, Debian's Chromium, a tablet."""

from __future__ import annotations

import sys
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
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
    }


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


@pytest.fixture()
def app(page: Page, app_url: str, errors: list[str]) -> Page:
    page.goto(app_url)
    page.wait_for_selector(READY, timeout=60_000)
    return page
