"""The Simply Character Record (SIM-29, SIM-T14): built from the builder's picks, printable."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import run_axe


def test_character_record_fills_from_the_builder_and_prints_alone(
    app: Page, errors: list[str]
) -> None:
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-characters").click()
    app.get_by_test_id("char-new").click()
    name = app.get_by_test_id("char-name")
    name.fill("Mara")
    name.press("Tab")
    app.get_by_test_id("char-add-ability").select_option("Acute Hearing")
    expect(app.get_by_test_id("char-ability")).to_contain_text("Acute Hearing (1 pts)")
    app.get_by_test_id("char-armor").select_option("chainmail")
    expect(app.get_by_test_id("char-worn")).to_contain_text("Chainmail: Min S 5, C Adj −1")
    gear = app.get_by_test_id("char-add-gear")
    gear.fill("Longsword")
    gear.press("Enter")
    gear.press("Tab")
    record = app.get_by_test_id("char-record")
    expect(record).to_contain_text("Name: Mara")
    expect(record).to_contain_text("Armor: Chainmail")
    expect(record).to_contain_text("Longsword")
    expect(record).to_contain_text("Hit Points:")
    violations = run_axe(app)
    assert violations == [], [(v["id"], len(v["nodes"])) for v in violations]

    # On paper only the record shows: the navigation and the builder are hidden.
    app.emulate_media(media="print")
    expect(record).to_be_visible()
    expect(app.get_by_test_id("nav-dice")).to_be_hidden()
    expect(app.get_by_test_id("char-name")).to_be_hidden()
    expect(app.get_by_test_id("char-print")).to_be_hidden()
    app.screenshot(path="e2e/artifacts/simply-record-print.png", full_page=True)
    assert errors == []
