"""The GURPS fight's sticky bar at phone width (390x844), as Simply's (e2e/test_simply_layout.py):
Undo and Redo on one row, no taller than the 68 px a revealed step stops below."""

from __future__ import annotations

from bench_fight_gurps import set_up
from playwright.sync_api import Page, expect
from support import bar_keeps_one_row


def test_at_phone_width_the_gurps_fight_s_bar_keeps_one_row(app: Page, errors: list[str]) -> None:
    """At 390x844 during a GURPS fight the sticky bar took the brand's row above Undo and Redo,
    taller than the 68 px a revealed step stops below (scroll-padding), so a control brought
    into view slid under it (101 px). Now one row, Undo's label readable, the bar no taller than
    that (Simply's rule, 113c6d3, for both fights)."""
    app.set_viewport_size({"width": 390, "height": 844})
    set_up(app, (("Ana", {"basic_speed": "6"}), ("Bo", {})))
    app.get_by_test_id("gurps-take-attack").click()
    app.get_by_test_id("gurps-fight-attack-roll").click()
    expect(app.get_by_test_id("undo")).to_contain_text("Undo:")
    bar_keeps_one_row(app)
    assert app.evaluate("document.documentElement.scrollWidth") == 390
    assert errors == []
