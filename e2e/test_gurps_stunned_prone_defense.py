"""A GM's play-through at 768x1024: Bo, stunned and knocked prone by a skull hit, had a card
saying "parry used at −4 · lying down" while his defense was at −7 (stunned −4, GUR-45; Lying
Down −3, GUR-10); his "Dodge 1" failed with "needed 4 or less" beside "vs defense 1" in the log;
and his turn's chips took Attack while his knockdown roll was still open. The card now says the
step's total, the result the chip's figure with 3 or 4 always succeeding (004 line 215), and
his chips wait for the knockdown roll (004 line 46)."""

from __future__ import annotations

import os
import re

from playwright.sync_api import Page, expect
from support import enter
from test_gurps import _in_view, skull_hit

#: Set it to a folder to keep the screenshots (to look at them).
SHOTS = os.environ.get("RK_SHOTS", "")


def test_a_stunned_prone_fighter_defends_at_the_cards_figure(app: Page, errors: list[str]) -> None:
    skull_hit(app)  # Sam hits Bo on the skull: Bo at HP 0, his turn next
    held = app.get_by_test_id("gurps-maneuver-held")
    expect(held).to_have_text(
        "Answer Bo's knockdown roll and consciousness roll first: stunned or unconscious, "
        "Bo cannot choose a maneuver"
    )
    expect(app.get_by_test_id("gurps-next-take-attack")).to_be_disabled()
    if SHOTS:
        app.screenshot(path=f"{SHOTS}/gurps-choice-held.png")
    app.get_by_test_id("gurps-settle-1-1").click()  # stunned and prone
    app.get_by_test_id("gurps-settle-1-1").click()  # stays conscious
    app.get_by_test_id("gurps-settle-0-8").click()  # shock: none
    bo = app.get_by_test_id("gurps-slot").nth(1)
    expect(bo).to_contain_text(
        "Stunned: Do Nothing · dodge, parry · defenses −7 (stunned −4, lying down −3)"
    )
    app.get_by_test_id("gurps-next").click()  # Bo's turn: Do Nothing
    app.get_by_test_id("gurps-next").click()  # Sam's turn, at Bo
    app.get_by_test_id("gurps-take-attack").click()
    enter(app, "gurps-fight-attack-typed", "3 3 4")  # a hit, not critical: Bo may defend
    dodge = app.get_by_test_id("gurps-fight-defend-dodge")
    expect(dodge).to_contain_text("Dodge")
    score = int(re.search(r"Dodge (−?\d+)", dodge.inner_text()).group(1).replace("−", "-"))  # type: ignore[union-attr]
    assert score < 4
    expect(bo).to_contain_text("defenses −7 (stunned −4, lying down −3)")
    if SHOTS:
        app.screenshot(path=f"{SHOTS}/gurps-stunned-prone-card.png")
    dodge.click()
    enter(app, "gurps-fight-defense-typed", "9")
    result = app.get_by_test_id("gurps-fight-result")
    expect(result).to_contain_text(f"needed {score} or less; 3 or 4 always succeeds")
    _in_view(app, "gurps-fight-result")
    expect(app.get_by_test_id("gurps-log-entry").first).to_contain_text(
        f"vs defense {score}: failure by {9 - score}"
    )
    expect(app.get_by_test_id("gurps-fight-damage-said")).to_contain_text("cut, wounding ×")
    if SHOTS:
        app.screenshot(path=f"{SHOTS}/gurps-dodge-needed.png")
    assert errors == []
