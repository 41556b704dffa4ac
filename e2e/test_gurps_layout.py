"""The GURPS fight's sticky bar at phone width (390x844), as Simply's (e2e/test_simply_layout.py):
Undo and Redo on one row, no taller than the 68 px a revealed step stops below; on the tracker
and on the Attack tab."""

from __future__ import annotations

import os
from pathlib import Path

from bench_fight_gurps import set_up
from playwright.sync_api import Page, expect
from support import bar_keeps_one_row
from test_gurps_beyond_attack_tab import bow_shot

#: Set it to a folder to keep the Attack tab's screenshots at 390x844 and 768x1024.
SHOTS = os.environ.get("RK_SHOTS", "")


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


def test_at_phone_width_the_attack_tab_s_bar_keeps_one_row_and_its_range_is_held(
    app: Page, errors: list[str]
) -> None:
    """A GM's play-through at 390x844: on the Attack tab the bar was not sticky and Undo's label
    was cut ("Undo: Attack (mi…"); the tab now shares the fight's bar rule. Ana shot Bo at 12 yd
    on the tracker; the worksheet for the same two shows that range, said under the field
    (FIGHT.md's first law), and its roll needs no range typed."""
    app.set_viewport_size({"width": 390, "height": 844})
    bow_shot(app, "12")

    app.get_by_test_id("gurps-tab-attack").click()
    app.get_by_test_id("gurps-attack-attacker").select_option(label="Ana")
    app.get_by_test_id("gurps-attack-defender").select_option(label="Bo")
    expect(app.get_by_test_id("gurps-attack-yards")).to_have_value("12")
    expect(app.get_by_test_id("gurps-attack-yards-hint")).to_have_text(
        "12 yd: the range the fight holds between Ana and Bo (their last ranged attack); "
        "type another to change it"
    )
    app.get_by_test_id("gurps-resolve").click()
    expect(app.get_by_test_id("undo")).to_contain_text("Undo:")
    bar_keeps_one_row(app)
    assert app.evaluate("document.documentElement.scrollWidth") == 390
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        app.evaluate("window.scrollTo(0, 0)")
        app.screenshot(path=f"{SHOTS}/attack-tab-390x844.png")
        app.set_viewport_size({"width": 768, "height": 1024})
        app.screenshot(path=f"{SHOTS}/attack-tab-768x1024.png")
        app.get_by_test_id("gurps-attack-yards-hint").scroll_into_view_if_needed()
        app.screenshot(path=f"{SHOTS}/attack-tab-range-768x1024.png")
    assert errors == []
