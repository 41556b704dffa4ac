"""A GM's play-through of the Aftermath fight at 768x1024, counting his scrolls: every resolved
attack left the turn controls off screen ("Next Action Phase" at y −839, the cards' "Acts" at
y −774 with the page at scrollY 1,049), so he scrolled up once per Action Phase; the Combat tab,
tapped from a long character sheet, opened 110 px down with Undo above the screen; after a
dodging shot the worksheet read "BCS 17 · 85%" just above "miss (rolled 17 against BCS 15)"."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_aftermath import shot
from test_aftermath_attack import _fighters

SCREEN = 1024


def _seen(app: Page, testid: str) -> None:
    """``testid`` wholly on the screen as the page is: the GM taps it without a scroll (> −1:
    a box scrolled to the top edge sits a fraction of a pixel above it)."""
    box = app.get_by_test_id(testid).first.bounding_box()
    scrolled = app.evaluate("() => window.scrollY")
    assert box and box["y"] > -1 and box["y"] + box["height"] <= SCREEN, (
        f"{testid} at {box} (scrollY {scrolled})"
    )


def _tap(app: Page, testid: str) -> None:
    """A tap on what is in view (never Playwright's scroll to it)."""
    _seen(app, testid)
    app.get_by_test_id(testid).first.click()


def test_the_combat_tab_opens_at_its_top_from_a_long_sheet(app: Page, errors: list[str]) -> None:
    _fighters(app)
    app.get_by_test_id("aftermath-tab-characters").click()
    # The GM scrolls back up to the tabs from the sheet's end, as a person does.
    app.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    app.get_by_test_id("aftermath-tab-combat").evaluate("e => e.scrollIntoView()")
    assert app.evaluate("() => window.scrollY") > 0
    _tap(app, "aftermath-tab-combat")
    expect(app.get_by_test_id("aft-clock")).to_be_visible()
    app.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")
    assert app.evaluate("() => window.scrollY") == 0
    _seen(app, "undo")
    assert errors == []


def test_after_each_attack_the_way_on_is_on_the_screen(app: Page, errors: list[str]) -> None:
    """Three Action Phases with the shot's modifiers open (a long step): after each Resolve its
    result and "Next Action Phase" are in view; tapped, the new phase's clock and the cards'
    "Acts" are: the GM never scrolls up for them. A dodging shot's result is told apart from the worksheet
    under it, which is the next attack's."""
    _fighters(app)
    app.get_by_test_id("aftermath-tab-combat").evaluate("e => e.scrollIntoView()")
    _tap(app, "aft-card-acts-0")
    app.get_by_test_id("aft-missile-meters").fill("20")
    app.get_by_test_id("aft-missile-meters").press("Enter")
    app.get_by_test_id("aft-missile-options-on").click()  # the modifiers open: a long step
    app.get_by_test_id("aft-missile-dodging").click()
    expect(app.get_by_test_id("aft-missile-dodging")).to_have_attribute("aria-pressed", "true")
    for phase in (2, 3, 4):
        # Resolve where the last tap left the page (the GM's one scroll, down to the roll, when
        # the open modifiers push it under the screen's edge).
        app.get_by_test_id("aft-resolve").scroll_into_view_if_needed()
        app.get_by_test_id("aft-resolve").click()
        expect(app.get_by_test_id("aft-attack-result")).to_contain_text("Ana → Bo (missile)")
        if phase == 2:  # the worksheet under the dodging shot's result is the next attack's
            expect(app.get_by_test_id("aft-cbt-next")).to_have_text("Next attack:")
            shot(app, "way-on-after-shot")
        # The way on, with no scroll: the result, "Next Action Phase" beside it, then the new
        # phase's clock and the cards' "Acts" (the strip brought into view by the tap).
        _seen(app, "aft-attack-result")
        _tap(app, "aft-res-next-phase")
        expect(app.get_by_test_id("aft-clock")).to_have_text(f"Turn 1 · Phase {phase}")
        app.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")
        for testid in ("aft-clock", "aft-next-phase", "aft-card-acts-0", "aft-card-acts-1"):
            _seen(app, testid)
        if phase == 2:
            shot(app, "way-on-next-phase")
    assert errors == []
