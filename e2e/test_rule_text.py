"""Issue 25 item 4: rule IDs, seed-line references and settings keys appear only inside the
explanation a user opens ("Why"), on every route and every tab. Each system's scripted fight
(logs full, a critical, a condition) is checked in its own e2e file with the same helper."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from support import READY, rule_text_outside_why

from pycore.systems.system import SYSTEM_KEYS

ROUTES = ("dice", *SYSTEM_KEYS, "share", "settings", "about")  # every system: its descriptor


@pytest.mark.parametrize("route", ROUTES)
def test_no_rule_text_outside_why_on_any_tab(app: Page, app_url: str, route: str) -> None:
    app.goto(f"{app_url}#/{route}")
    app.wait_for_selector(READY)
    found: dict[str, list[str]] = {}
    tabs = app.locator(f"[data-testid^='{route}-tab-']")
    keys = [tabs.nth(i).get_attribute("data-testid") or "" for i in range(tabs.count())]
    for key in keys or [""]:
        if key:
            app.get_by_test_id(key).click()
        leaks = rule_text_outside_why(app)
        if leaks:
            found[key or route] = leaks
    assert found == {}
