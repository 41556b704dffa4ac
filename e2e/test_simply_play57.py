"""A GM's play-through of Simply at 768x1024 (play 57), three fighters, dice typed: Mara hits
Bo (2 3, damage 10, Apply), then taps "Unarmed" and her luck for her next action. Bo's "HP 20 ·
injury 4" stayed between the new attack's "Roll against Bo's Defend" and its luck chip until
the next roll, read as a preview of this attack (FIGHT.md's first law), and the luck chip's tap
scrolled the page 32 px: the stale result had pushed the "I rolled" field under the screen's
edge once the chance line grew with the luck, and the declared roll is brought into view."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, simply_character, simply_join
from test_aftermath import shot

HEIGHT = 1024


def test_the_last_result_leaves_a_new_set_up_and_luck_does_not_scroll(
    app: Page, errors: list[str]
) -> None:
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-characters").click()
    simply_character(app, "Mara", "Melee Weapon", "Sword", "Longsword", max_dmg=8)
    simply_character(app, "Bo", "Brawling")
    simply_character(app, "Cy", "Melee Weapon", "Axe", "Axe", max_dmg=10)
    simply_join(app, "Mara", "Bo", "Cy")
    app.evaluate("window.scrollTo(0, 0)")
    enter(app, "sc-initiative-typed", "9 2 5")
    expect(app.get_by_test_id("sc-current")).to_have_text("Now: Mara")
    enter(app, "sc-attack-typed", "2 3")
    enter(app, "sc-damage-die-typed", "10")
    app.get_by_test_id("sc-apply-damage").click()
    result = app.get_by_test_id("sc-damage-result")
    expect(result).to_contain_text("Bo: HP 20")  # where the Apply tap was
    expect(app.get_by_test_id("sc-current")).to_have_text("Now: Mara")
    app.evaluate("window.scrollTo(0, 0)")
    app.get_by_test_id("sc-arm-1").click()  # Unarmed: another attack's set-up
    expect(app.get_by_test_id("sc-attack-summary")).to_contain_text("with Unarmed")
    expect(result).to_have_count(0)
    expect(app.get_by_test_id("sc-last-result")).to_have_count(0)  # her turn goes on
    app.get_by_test_id("sc-attack-chip-luck").click()
    expect(app.get_by_test_id("sc-hit-chance")).to_contain_text("luck declared (10 LP)")
    expect(result).to_have_count(0)
    app.wait_for_timeout(200)  # the frame after the tap, when a step is brought into view
    assert app.evaluate("window.scrollY") == 0
    typed = app.get_by_test_id("sc-attack-typed").bounding_box()
    assert typed and typed["y"] + typed["height"] <= HEIGHT, typed
    shot(app, "play57-simply-new-set-up")
    # The log keeps the finished result.
    expect(app.get_by_test_id("sc-log-entry").first).to_contain_text("Bo")
    assert errors == []
