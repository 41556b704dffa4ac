"""SIM-44/SIM-45 on the Simply fight page at 768x1024, three fighters (the order strip on two
rows): a hit that queues a Knockback check and a Stamina check, the first one typed, and the
second one's roll still on the screen (FIGHT.md: the next tap in view, nothing needs a scroll)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, in_view, shot, simply_character, simply_join


def test_the_next_check_s_roll_stays_in_view_after_one_is_typed(
    app: Page, errors: list[str]
) -> None:
    """A GM's play-through: after the Knockback roll the Stamina check's "Roll check for me" and
    "I rolled" sat at y 1001-1049, half below the 1024 px fold (with two fighters, 932-980)."""
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-characters").click()
    simply_character(app, "Mara", "Melee Weapon", "Sword", "Longsword")
    simply_character(app, "Bo", "Brawling")
    simply_character(app, "Cy", "Brawling")
    simply_join(app, "Mara", "Bo", "Cy")
    enter(app, "sc-initiative-typed", "9 2 5")
    expect(app.get_by_test_id("sc-attack-summary")).to_have_text(
        "Mara attacks Bo with Longsword: TN 8"
    )
    enter(app, "sc-attack-typed", "3 3")  # 6 vs TN 8: a hit
    enter(app, "sc-damage-die-typed", "14")  # raw 16: over 2 × S and over half HP
    app.get_by_test_id("sc-apply-damage").click()
    expect(app.get_by_test_id("sc-check")).to_have_count(2)
    enter(app, "sc-check-0-typed", "10 9")  # the Knockback check fails: knocked down
    expect(app.get_by_test_id("sc-check-result-verdict")).to_contain_text("knocked down")
    expect(app.get_by_test_id("sc-check")).to_have_count(1)
    expect(app.get_by_test_id("sc-check")).to_contain_text("Stamina Check")
    shot(app, "simply-second-check")
    for testid in ("sc-check-result", "sc-check-0-roll", "sc-check-0-typed", "sc-check-waive-0"):
        in_view(app, testid)
    assert errors == []
