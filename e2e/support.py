"""Shared pieces of the end-to-end tests (importable: e2e/ is put on sys.path by conftest)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
READY = 'html[data-ready="1"]'


def run_axe(page: Page) -> list[dict[str, Any]]:
    # add_script_tag injects an inline script, which the page's CSP refuses; evaluate goes over CDP.
    page.evaluate(AXE.read_text())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
