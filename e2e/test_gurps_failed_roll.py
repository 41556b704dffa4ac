"""A failed knockdown and stun roll or roll to stay conscious binds (a GM's play-through): Ana
failed both by 7 after a major wound, the questions were left open, "Next turn" went ahead and
her turn offered every maneuver, Attack included. The texts leave the outcome to the GM's book
(GUR-58, 004 lines 347-349): the app does not pick it, but the fighter's turn waits for it
(stunned: Do Nothing, 004 line 46; unconscious: no action, 004 line 210), said in words, at
768x1024, and a failed roll is answered, not dismissed."""

from __future__ import annotations

import os

from playwright.sync_api import Page, expect
from support import enter, run_axe
from test_gurps import _in_view, skull_hit

#: Set it to a folder to keep the screenshot of the held turn (to look at it).
SHOTS = os.environ.get("RK_SHOTS", "")
HELD = (
    "Bo's knockdown and stun roll failed: record its outcome (stunned, stunned and prone or no "
    "effect) before Bo's turn begins"
)


def test_the_victims_turn_waits_for_his_failed_rolls(app: Page, errors: list[str]) -> None:
    skull_hit(app)  # Sam hits Bo on the skull: Bo at HP 0, his turn next
    asks = app.get_by_test_id("gurps-after-injury")
    expect(app.get_by_test_id("gurps-next-take-attack")).to_be_visible()  # not rolled yet
    enter(app, "gurps-check-1-typed", "18")
    expect(asks).to_contain_text("rolled 18: failure by 18")
    held = app.get_by_test_id("gurps-next-held")
    expect(held).to_have_text(HELD)
    expect(app.get_by_test_id("gurps-turn-next")).to_be_disabled()
    expect(app.get_by_test_id("gurps-next")).to_be_disabled()  # the order strip's, too
    expect(app.locator("[data-testid^=gurps-next-take-]")).to_have_count(0)
    expect(app.get_by_test_id("gurps-dismiss-1")).to_have_count(0)  # answered, not dismissed
    _in_view(app, "gurps-settle-1")
    _in_view(app, "gurps-next-held")
    if SHOTS:
        app.screenshot(path=f"{SHOTS}/gurps-failed-roll-held.png")
    app.get_by_test_id("gurps-settle-1-1").click()  # stunned and prone
    expect(asks).to_contain_text("Bo: Roll to stay conscious at 0 HP or below, HT 10")
    enter(app, "gurps-check-1-typed", "18")
    expect(held).to_contain_text("Bo's roll to stay conscious at 0 HP or below failed")
    expect(app.get_by_test_id("gurps-turn-next")).to_be_disabled()
    app.get_by_test_id("gurps-settle-1-0").click()  # unconscious
    expect(held).to_have_count(0)
    app.get_by_test_id("gurps-turn-next").click()
    expect(app.get_by_test_id("gurps-turn")).to_contain_text("Bo is unconscious")
    expect(app.get_by_test_id("gurps-slot").nth(1)).to_contain_text("Unconscious")
    expect(app.locator("[data-testid=gurps-take-attack]")).to_have_count(0)
    assert run_axe(app) == []
    assert errors == []
