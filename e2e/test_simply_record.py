"""The Simply Character Record (SIM-29, SIM-T14): built from the builder's picks, printable."""

from __future__ import annotations

import re

import pytest
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


def _overflow(page: Page) -> list[str]:
    """Parts of the record wider than the record itself (cut off on screen or on paper)."""
    return list(
        page.evaluate(
            """() => {
              const record = document.querySelector('[data-testid=char-record]');
              const right = record.getBoundingClientRect().right + 1;
              return [...record.querySelectorAll('*')]
                .filter(e => e.getBoundingClientRect().right > right)
                .map(e => e.tagName + ' ' + (e.textContent || '').slice(0, 30));
            }"""
        )
    )


@pytest.mark.parametrize(("paper", "width_px"), [("A4", 718), ("Letter", 740)])
def test_the_record_fits_a_tablet_and_prints_on_one_sheet(
    app: Page, paper: str, width_px: int
) -> None:
    """Issue 14: the record overflowed at 768 px (809 px wide, the rating column cut off).
    Paper widths less 12 mm margins at 96 dpi: A4 718 px, Letter 740 px."""
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-characters").click()
    app.get_by_test_id("char-new").click()
    app.get_by_test_id("char-name").fill("Mara Voss of the Long Road")
    app.get_by_test_id("char-name").press("Tab")
    for skill in ("Melee Weapon", "Brawling", "Climbing", "First Aid"):
        app.get_by_test_id("char-add-skill").select_option(skill)
    expect(app.get_by_test_id("char-record")).to_contain_text("First Aid")
    assert app.evaluate("() => document.documentElement.scrollWidth") <= 768
    assert _overflow(app) == []
    app.emulate_media(media="print")
    app.set_viewport_size({"width": width_px, "height": 1000})
    assert _overflow(app) == []
    pdf = app.pdf(format=paper, margin={k: "12mm" for k in ("top", "right", "bottom", "left")})
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert pages == 1, f"the record prints on {pages} {paper} pages"
