"""A GM's play-through on a 768x1024 tablet, in the GURPS tracker's words: the target of a new
attack is the foe its attacker last attacked (it was the next fighter in the order, an ally,
re-tapped every turn); a target with no defense is said in plain words (it read "Lands past
Grukk the Orc's no defense"); HP below zero has the true minus sign (it read "HP 4 → -5"); and
Undo and Redo say their step in words that fit the bar (Undo was cut off, Redo said nothing)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter
from test_gurps import FIGHTERS, _sheets

ORC = "Grukk the Orc of the Broken Tusk"
INJURY = f"Injury to {ORC}"


def _fits_whole(app: Page, testid: str) -> str:
    """The button's text, checked to be drawn whole (no ellipsis, no clipping by the CSS)."""
    button = app.get_by_test_id(testid)
    clipped = button.evaluate("b => b.scrollWidth > b.clientWidth")
    box = button.bounding_box()
    assert not clipped and box is not None and box["x"] + box["width"] <= 768, box
    return button.inner_text()


def test_a_fight_keeps_its_target_and_says_it_in_words(app: Page, errors: list[str]) -> None:
    cy = ("Cy", {"basic_speed": "5.75"}, {})
    _sheets(app, (FIGHTERS[0], cy, (ORC, {"basic_speed": "5", "hp_now": "4"}, {})))
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()  # Sam, Cy, the orc
    app.get_by_test_id("gurps-take-attack").click()
    turn = app.get_by_test_id("gurps-turn")
    expect(turn).to_contain_text("at Cy")  # nobody attacked yet: the next in the order
    app.get_by_test_id("gurps-target-g3").click()
    expect(turn).to_contain_text(f"at {ORC}")
    enter(app, "gurps-fight-attack-typed", "1 1 2")  # a critical hit: no defense
    enter(app, "gurps-fight-damage-typed", "6")  # 1d+1 = 7 cut × 1.5 = 10
    expect(app.get_by_test_id("gurps-fight-result")).to_contain_text("HP 4 → −6")
    expect(app.get_by_test_id("gurps-hp-g3")).to_have_text("HP −6/10")
    expect(app.get_by_test_id("gurps-log-entry").first).to_contain_text("HP 4 → −6")

    undo = app.get_by_test_id("undo")
    expect(undo).to_have_attribute("aria-label", f"Undo: {INJURY}")
    expect(undo).to_have_attribute("title", f"Undo: {INJURY}")
    # At 768 px the bar has room for more of the step than a phone's (shell.BAR_CHARS).
    assert _fits_whole(app, "undo") == "Undo: Injury to Grukk the Orc of…"
    undo.click()
    redo = app.get_by_test_id("redo")
    expect(redo).to_have_attribute("aria-label", f"Redo: {INJURY}")
    assert _fits_whole(app, "redo") == "Redo: Injury to Grukk the…"
    app.screenshot(path="e2e/artifacts/gurps-words-undo-redo.png")
    expect(undo).to_have_attribute("aria-label", "Undo: Attack roll")
    redo.click()
    expect(app.get_by_test_id("gurps-hp-g3")).to_have_text("HP −6/10")
    expect(redo).to_have_attribute("aria-label", "Nothing to redo")
    app.screenshot(path="e2e/artifacts/gurps-words-undo-bar.png")

    for _ in range(3):  # Cy's turn, the orc's, then Sam's again: round 2
        app.get_by_test_id("gurps-next").click()
    app.get_by_test_id("gurps-take-attack").click()
    expect(turn).to_contain_text("Sam's turn")
    expect(turn).to_contain_text(f"at {ORC}")  # the foe he attacked, not Cy, with no tap

    orc = app.locator("[data-testid='gurps-slot'][data-key='g3']")
    orc.locator("summary").click()
    app.get_by_test_id("gurps-unconscious-g3").select_option("yes")  # 004 line 210
    app.get_by_test_id("gurps-target-g3").click()
    expect(turn).to_contain_text(f"{ORC} has no defense: the blow lands")
    expect(turn).not_to_contain_text("Lands past")
    orc.locator("summary").click()  # his quick edits folded again
    app.get_by_test_id("gurps-fight-lands").scroll_into_view_if_needed()
    app.screenshot(path="e2e/artifacts/gurps-words-turn.png")
    assert errors == []
