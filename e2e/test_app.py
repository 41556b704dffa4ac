"""The app driven as a person would, on a tablet viewport."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, expect
from support import READY, run_axe

RESULT = re.compile(r"^3d6 \((\d), (\d), (\d)\) = (\d+)$")


def roll(page: Page, expr: str) -> str:
    page.get_by_test_id("dice-expr").fill(expr)
    before = page.get_by_test_id("roll-log-entry").count()
    page.get_by_test_id("dice-roll").click()
    if page.get_by_test_id("dice-error").inner_text():
        return ""
    expect(page.get_by_test_id("roll-log-entry")).to_have_count(min(before + 1, 200))
    return page.get_by_test_id("dice-result").inner_text()


def test_roll_shows_explanation_and_exact_odds(app: Page, errors: list[str]) -> None:
    text = roll(app, "3d6")
    match = RESULT.match(text)
    assert match, text
    faces = [int(g) for g in match.groups()[:3]]
    assert sum(faces) == int(match.group(4))
    assert app.get_by_test_id("dice-total").inner_text() == match.group(4)
    app.get_by_test_id("dice-target").fill("10")
    app.get_by_test_id("dice-target").press("Enter")
    odds = app.get_by_test_id("dice-odds")
    expect(odds).to_contain_text("3d6 ≤ 10")
    expect(odds).to_contain_text("50%exactly 1/2")  # exact: P(3d6 <= 10) = 108/216
    expect(odds).to_contain_text("62.5%exactly 5/8")  # P(3d6 >= 10) = 135/216
    assert app.locator("[data-testid=dice-chart] rect").count() == 16
    assert errors == []


def test_bad_input_is_explained_next_to_the_field(app: Page) -> None:
    app.get_by_test_id("dice-expr").fill("2d6+")
    app.get_by_test_id("dice-roll").click()
    expect(app.get_by_test_id("dice-error")).to_contain_text("ends with '+'")
    expect(app.get_by_test_id("dice-expr")).to_have_attribute("aria-invalid", "true")
    assert app.get_by_test_id("roll-log-entry").count() == 0
    app.get_by_test_id("dice-expr").fill("1d0")
    app.get_by_test_id("dice-roll").click()
    expect(app.get_by_test_id("dice-error")).to_contain_text("1000")


def test_a_field_on_another_page_never_shows_what_was_typed_here(app: Page) -> None:
    """The share page's link field once showed the dice page's "10": the page patched the old
    field into the new one and the browser kept its typed text."""
    app.get_by_test_id("dice-target").fill("10")
    app.get_by_test_id("dice-target").press("Enter")
    app.get_by_test_id("nav-share").click()
    expect(app.get_by_test_id("share-paste")).to_have_value("")
    app.get_by_test_id("nav-dice").click()
    expect(app.get_by_test_id("dice-target")).to_have_value("10")


def test_reload_right_after_a_roll_keeps_the_log(app: Page) -> None:
    first = roll(app, "2d10+3")
    second = roll(app, "4d6kh3")
    app.reload()  # no wait: the pagehide flush must have saved it
    app.wait_for_selector(READY)
    entries = app.get_by_test_id("roll-log-entry")
    expect(entries).to_have_count(2)
    assert entries.nth(0).inner_text().startswith(second)
    assert entries.nth(1).inner_text().startswith(first)


def test_clear_log_undo_survives_reload(app: Page) -> None:
    roll(app, "d20")
    roll(app, "d%")
    app.get_by_test_id("dice-clear-log").click()
    expect(app.get_by_test_id("roll-log-entry")).to_have_count(0)
    app.reload()
    app.wait_for_selector(READY)
    expect(app.get_by_test_id("undo")).to_contain_text("Clear roll log")
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("roll-log-entry")).to_have_count(2)
    app.get_by_test_id("redo").click()
    expect(app.get_by_test_id("roll-log-entry")).to_have_count(0)


def test_seeded_rolls_replay(app: Page) -> None:
    app.get_by_test_id("dice-seed").fill("table-7")
    app.get_by_test_id("dice-seed").press("Tab")
    first = [roll(app, "3d6"), roll(app, "3d6")]
    app.get_by_test_id("dice-seed").fill("")
    app.get_by_test_id("dice-seed").press("Tab")
    app.get_by_test_id("dice-seed").fill("table-7")
    app.get_by_test_id("dice-seed").press("Tab")
    assert [roll(app, "3d6"), roll(app, "3d6")] == first


def test_odds_show_on_load_for_the_saved_expression(app: Page) -> None:
    expect(app.get_by_test_id("dice-odds")).to_contain_text("3d6 ≤ 10")
    app.get_by_test_id("dice-expr").fill("2d10")
    app.get_by_test_id("dice-expr").press("Tab")  # change: the odds follow the expression
    expect(app.get_by_test_id("dice-odds")).to_contain_text("2d10 ≤ 10")
    expect(app.get_by_test_id("dice-odds")).to_contain_text("45%exactly 9/20")


PERSIST_PROBE = """
window.__persistCalls = 0;
const realPersist = StorageManager.prototype.persist;
StorageManager.prototype.persist = function () { window.__persistCalls++; return realPersist.call(this); };
"""


def test_persistent_storage_is_requested_once_and_shown(page: Page, app_url: str) -> None:
    page.add_init_script(PERSIST_PROBE)
    page.goto(app_url)
    page.wait_for_selector(READY)
    page.wait_for_function("() => window.__persistCalls === 1")
    wait_saved(page)
    page.reload()
    page.wait_for_selector(READY)
    page.get_by_test_id("nav-settings").click()
    expect(page.get_by_test_id("persist-status")).to_contain_text(re.compile("granted", re.I))
    assert page.evaluate("window.__persistCalls") == 0
    expect(page.get_by_test_id("storage-used")).not_to_have_text("0 B")


def test_persistent_storage_can_be_asked_again_from_settings(page: Page, app_url: str) -> None:
    """Issue 31: asked once at the first start, and again when the user taps "Ask again"
    (a browser may grant it after the app is installed)."""
    page.add_init_script(
        PERSIST_PROBE.replace(
            "return realPersist.call(this);", "return Promise.resolve(window.__persistCalls > 1);"
        ).replace("StorageManager.prototype.persisted", "")
        + "StorageManager.prototype.persisted = () => Promise.resolve(false);"
    )
    page.goto(app_url)
    page.wait_for_selector(READY)
    page.wait_for_function("() => window.__persistCalls === 1")
    page.get_by_test_id("nav-settings").click()
    expect(page.get_by_test_id("persist-status")).to_contain_text("Not granted")
    page.get_by_test_id("persist-ask").click()
    expect(page.get_by_test_id("persist-status")).to_contain_text("Granted")
    assert page.evaluate("window.__persistCalls") == 2
    expect(page.get_by_test_id("persist-ask")).to_have_count(0)


def test_offline_readiness_shows_once_the_worker_is_active(browser: Browser, app_url: str) -> None:
    """Issue 31: on the first visit Settings said "Not yet" until a reload although the worker
    was active and every file cached; it says "Yes" as soon as the worker is active."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_selector(READY, timeout=60_000)
    page.get_by_test_id("nav-settings").click()
    page.wait_for_function(
        "() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))",
        timeout=60_000,
    )
    expect(page.get_by_test_id("offline-status")).to_contain_text("Yes", timeout=10_000)
    context.close()


def test_manifest_makes_the_app_installable(browser: Browser, app_url: str) -> None:
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    session = context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # Every Playwright context is incognito-like; that is the only error allowed.
    assert [e["errorId"] for e in errors] in ([], ["in-incognito"])
    manifest = page.evaluate("fetch('./manifest.webmanifest').then(r => r.json())")
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    assert manifest["id"] == "rulekeeper"  # an installed app keeps its identity across updates
    for icon in manifest["icons"]:
        assert page.evaluate(f"fetch({json.dumps(icon['src'])}).then(r => r.status)") == 200
    context.close()


def test_user_text_is_rendered_as_text(app: Page) -> None:
    evil = '<img src=x onerror="window.__pwned=1">'
    app.get_by_test_id("dice-seed").fill(evil)
    app.get_by_test_id("dice-seed").press("Tab")
    roll(app, "d6")
    expect(app.get_by_test_id("roll-log-entry").first).to_contain_text(evil)
    assert app.locator("main img").count() == 0
    assert app.evaluate("window.__pwned") is None


def wait_saved(page: Page) -> None:
    """Wait until the app has written its state, so nothing pending overwrites what a test plants."""
    page.wait_for_function(
        "() => localStorage.getItem('rulekeeper:section:settings')?.includes('\"persist_asked\":true')"
    )


def test_corrupt_storage_is_quarantined_and_reported(app: Page) -> None:
    wait_saved(app)
    app.evaluate("localStorage.setItem('rulekeeper', '{this is not json')")
    app.reload()
    app.wait_for_selector(READY)
    expect(app.get_by_test_id("banner-quarantine")).to_contain_text("moved aside")
    keys = app.evaluate("Object.keys(localStorage)")
    moved = [k for k in keys if k.startswith("rulekeeper:quarantine:")]
    assert len(moved) == 1
    assert app.evaluate(f"localStorage.getItem({json.dumps(moved[0])})") == "{this is not json"
    app.get_by_test_id("nav-settings").click()
    item = app.get_by_test_id("quarantine-item")
    expect(item).to_have_count(1)
    item.locator("summary").click()
    expect(item.locator("pre")).to_have_text("{this is not json")
    with app.expect_download() as info:
        item.get_by_role("button", name="Download").click()
    assert Path(info.value.path()).read_text() == "{this is not json"
    item.get_by_role("button", name="Delete…").click()
    item.get_by_role("button", name="Yes, delete it").click()
    expect(app.get_by_test_id("quarantine-empty")).to_be_visible()
    assert not [k for k in app.evaluate("Object.keys(localStorage)") if "quarantine" in k]
    # The app still works and saves afresh beside the quarantined copy.
    app.get_by_test_id("nav-dice").click()
    roll(app, "3d6")


def test_newer_schema_is_quarantined_not_overwritten(app: Page) -> None:
    newer = json.dumps({"app": "rulekeeper", "schema": 99, "saved": "", "data": {}})
    wait_saved(app)
    app.evaluate(f"localStorage.setItem('rulekeeper', {json.dumps(newer)})")
    app.reload()
    app.wait_for_selector(READY)
    expect(app.get_by_test_id("banner-quarantine")).to_contain_text("newer")
    values = app.evaluate("Object.values(localStorage)")
    assert newer in values


QUOTA_SCRIPT = """
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (window.__quotaFull) {
    const e = new DOMException("The quota has been exceeded.", "QuotaExceededError");
    Error.captureStackTrace(e);  // without a stack Pyodide reports it as a plain Error
    throw e;
  }
  return realSetItem.call(this, key, value);
};
"""


def test_quota_error_shows_message_and_keeps_saved_value(page: Page, app_url: str) -> None:
    page.add_init_script(QUOTA_SCRIPT)
    page.goto(app_url)
    page.wait_for_selector(READY)
    roll(page, "3d6")
    dice = "localStorage.getItem('rulekeeper:section:dice')"
    page.wait_for_function(f"() => {dice} !== null && JSON.parse({dice}).data.log.length === 1")
    saved = page.evaluate(dice)
    page.evaluate("window.__quotaFull = true")
    roll(page, "2d10")
    banner = page.get_by_test_id("banner-quota")
    expect(banner).to_contain_text("storage is full")
    expect(banner.get_by_role("button", name="Export all data")).to_be_visible()
    assert page.evaluate(dice) == saved
    # Export still works while storage is full: nothing is lost.
    with page.expect_download() as info:
        banner.get_by_role("button", name="Export all data").click()
    exported = json.loads(Path(info.value.path()).read_text())
    assert len(exported["data"]["state"]["dice"]["log"]) == 2
    page.evaluate("window.__quotaFull = false")
    roll(page, "d6")
    expect(banner).to_have_count(0)


def test_export_then_import_round_trips(app: Page, tmp_path: Path) -> None:
    roll(app, "3d6")
    roll(app, "1:10sd+13")
    app.get_by_test_id("nav-settings").click()
    with app.expect_download() as info:
        app.get_by_test_id("export").click()
    exported = tmp_path / "export.json"
    info.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert data["app"] == "rulekeeper" and data["schema"] == 2
    app.get_by_test_id("nav-dice").click()
    app.get_by_test_id("dice-clear-log").click()
    expect(app.get_by_test_id("roll-log-entry")).to_have_count(0)
    app.get_by_test_id("nav-settings").click()
    app.get_by_test_id("import-file").set_input_files(str(exported))
    expect(app.get_by_test_id("import-done")).to_have_text("Imported.")
    app.get_by_test_id("nav-dice").click()
    expect(app.get_by_test_id("roll-log-entry")).to_have_count(2)
    # A bad file is refused with a message and changes nothing.
    bad = tmp_path / "bad.json"
    bad.write_text('{"app": "someone-else"}')
    app.get_by_test_id("nav-settings").click()
    app.get_by_test_id("import-file").set_input_files(str(bad))
    expect(app.get_by_test_id("import-error")).to_contain_text("not a Rulekeeper export")
    app.get_by_test_id("nav-dice").click()
    expect(app.get_by_test_id("roll-log-entry")).to_have_count(2)


def test_offline_reload_works(browser: Browser, app_url: str) -> None:
    context = browser.new_context(service_workers="allow", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_function(
        "() => navigator.serviceWorker.controller?.state === 'activated'", timeout=60_000
    )
    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)
    roll(page, "3d6")
    page.get_by_test_id("nav-settings").click()
    expect(page.get_by_test_id("offline-status")).to_contain_text("Yes")
    context.close()


def test_offline_without_service_worker_fails(browser: Browser, app_url: str) -> None:
    """Negative control: without the service worker an offline reload cannot start the app."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_selector(READY, timeout=60_000)
    context.set_offline(True)
    with pytest.raises(Exception):  # noqa: B017 - any navigation failure will do
        page.reload(timeout=10_000)
        page.wait_for_selector(READY, timeout=5_000)
    context.close()


def test_no_request_leaves_the_origin(browser: Browser, app_url: str) -> None:
    context = browser.new_context(service_workers="allow")
    urls: list[str] = []
    context.on("request", lambda r: urls.append(r.url))
    page = context.new_page()
    page.on("request", lambda r: urls.append(r.url))
    page.goto(app_url)
    page.wait_for_selector(READY, timeout=60_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    roll(page, "3d6")
    for route in ("settings", "about", "simply", "gurps"):
        page.get_by_test_id(f"nav-{route}").click()
    origin = urlparse(app_url)
    outside = [
        u
        for u in urls
        if urlparse(u).netloc != origin.netloc and not u.startswith(("blob:", "data:"))
    ]
    assert outside == []
    assert len(urls) > 10
    context.close()


@pytest.mark.parametrize("route", ["dice", "settings", "about", "simply", "gurps"])
def test_no_serious_accessibility_violations(app: Page, route: str) -> None:
    app.get_by_test_id(f"nav-{route}").click()
    if route == "dice":
        roll(app, "3d6")
    violations = run_axe(app)
    assert violations == [], [(v["id"], v["help"], len(v["nodes"])) for v in violations]


def test_the_pages_are_one_row_under_the_brand_on_a_tablet(app: Page) -> None:
    """At 768x1024 the eight pages sit on one row, each a touch target in readable type, and a
    system's tabs end about 200 px down (the pages on two rows ended them at 269 px, and the
    GURPS tracker's chips fell below the screen: FIGHT.md, nothing needs a scroll)."""
    app.get_by_test_id("nav-gurps").click()
    links = app.locator(".nav a")
    expect(links).to_have_count(8)
    boxes = [links.nth(i).bounding_box() for i in range(8)]
    assert all(b is not None and b["height"] >= 44 for b in boxes), boxes
    assert len({b["y"] for b in boxes if b is not None}) == 1, boxes  # one row
    assert links.first.evaluate("(a) => parseFloat(getComputedStyle(a).fontSize)") >= 16
    tabs = app.get_by_test_id("gurps-tab-tracker").bounding_box()
    assert tabs is not None and tabs["y"] + tabs["height"] <= 200, tabs


def test_simply_task_roll_and_contest(app: Page) -> None:
    app.get_by_test_id("nav-simply").click()
    base = app.get_by_test_id("simply-a-base")
    base.fill("12")
    base.press("Tab")
    app.get_by_test_id("simply-a-difficulty").select_option("Difficult")
    expect(app.get_by_test_id("simply-a-tn")).to_have_text("base 12 + Difficult −4 = TN 8")
    expect(app.get_by_test_id("simply-a-chance")).to_contain_text("28%exactly 7/25")
    app.get_by_test_id("simply-roll").click()
    expect(app.get_by_test_id("simply-result")).to_contain_text("vs TN 8:")
    expect(app.get_by_test_id("simply-log-entry")).to_have_count(1)
    base.fill("200")
    base.press("Tab")
    expect(app.locator("#simply-a-base-error")).to_contain_text("from -99 to 99, got 200")
    expect(app.get_by_test_id("simply-a-tn")).to_have_text("base 12 + Difficult −4 = TN 8")
    app.get_by_test_id("simply-mode-contest").click()
    expect(app.get_by_test_id("simply-contest-odds")).to_contain_text("Draw")
    app.get_by_test_id("simply-roll").click()
    expect(app.get_by_test_id("simply-result")).to_contain_text("→")
    app.reload()
    app.wait_for_selector(READY)
    expect(app.get_by_test_id("simply-log-entry")).to_have_count(2)


def test_simply_build_a_character(app: Page) -> None:
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-characters").click()
    app.get_by_test_id("char-new").click()
    name = app.get_by_test_id("char-name")
    name.fill("Mara")
    name.press("Tab")
    expect(app.get_by_test_id("char-entry")).to_contain_text("Mara")
    strength = app.get_by_test_id("char-strength")
    strength.fill("9")
    strength.press("Tab")
    expect(app.get_by_test_id("char-derived")).to_contain_text("⌈9 × 3 + 6⌉ = 33")
    expect(app.get_by_test_id("char-problems-stats")).to_contain_text("over the")
    app.get_by_test_id("char-add-skill").select_option("Brawling")
    expect(app.get_by_test_id("char-skill")).to_contain_text("Brawling")
    expect(app.get_by_test_id("char-add-skill")).to_have_value("")  # back to its prompt
    violations = run_axe(app)
    assert violations == [], [(v["id"], len(v["nodes"])) for v in violations]
    app.reload()
    app.wait_for_selector(READY)
    app.get_by_test_id("simply-tab-characters").click()
    expect(app.get_by_test_id("char-skill")).to_contain_text("Brawling")
    app.get_by_test_id("char-delete").click()
    expect(app.get_by_test_id("char-entry")).to_have_count(0)
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("char-entry")).to_contain_text("Mara")


def test_pages_and_touch_targets(app: Page) -> None:
    app.get_by_test_id("nav-simply").click()
    expect(app.get_by_test_id("not-built")).to_have_count(0)  # Simply is built
    expect(app.get_by_test_id("simply-difficulty")).to_contain_text("Near Impossible")
    expect(app.get_by_test_id("simply-difficulty")).to_contain_text("−12")
    app.get_by_test_id("nav-about").click()
    expect(app.get_by_test_id("source-gurps")).to_contain_text("Steve Jackson Games")
    expect(app.get_by_test_id("table-versions")).to_contain_text("SIM-T01")
    app.get_by_test_id("nav-dice").click()
    small = app.evaluate("""() => [...document.querySelectorAll('button, a, input, summary')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
        .filter(([_, r]) => r.height < 44 || r.width < 44).map(([h]) => h)""")
    assert small == []
