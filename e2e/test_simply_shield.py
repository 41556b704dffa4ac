"""SIM-D12 on the Simply fight page at 768x1024, three fighters: a Defend made with the target's
shield (Shield skill + Def Mod) offered beside his weapon's, each named once, a chip with its
chance and its one-tap "Roll", and the roll still in view; "Time and treatment" one tap away from the strip (FIGHT.md: nothing needs a
scroll to be found)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, simply_character, simply_join

HEIGHT = 1024


def _in_view(app: Page, testid: str) -> None:
    box = app.get_by_test_id(testid).first.bounding_box()
    assert box is not None, testid
    assert box["y"] >= -1 and box["y"] + box["height"] <= HEIGHT + 1, (testid, box)


def _three(app: Page) -> None:
    """Mara (Longsword), Bo (the Shield skill, a Large shield) and Cy; Mara acts, on Bo."""
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-characters").click()
    simply_character(app, "Mara", "Melee Weapon", "Sword", "Longsword")
    simply_character(app, "Bo", "Shield")
    app.get_by_test_id("char-shield").select_option("large")
    simply_character(app, "Cy", "Brawling")
    simply_join(app, "Mara", "Bo", "Cy")
    enter(app, "sc-initiative-typed", "9 2 5")
    expect(app.get_by_test_id("sc-attack-summary")).to_have_text(
        "Mara attacks Bo with Longsword: TN 8"
    )


def test_a_defend_with_the_shield_beside_the_weapon_s_and_the_roll_in_view(
    app: Page, errors: list[str]
) -> None:
    _three(app)
    app.evaluate("window.scrollTo(0, 0)")
    # Each Defend named once, its chip, with its chance and "Roll" (declared and rolled).
    # (the closed set-up fold keeps the same choice in its select, out of sight)
    expect(app.get_by_text("with Large shield").locator("visible=true")).to_have_count(1)
    expect(app.get_by_text("Roll against")).to_have_count(0)
    expect(app.get_by_test_id("sc-attack-roll-shield")).to_have_text("Roll")
    expect(app.get_by_test_id("sc-hit-chance-shield")).to_be_visible()
    expect(app.get_by_test_id("sc-shield-defend")).to_have_text("Shield 7, Def Mod −1 = TN 6")
    for testid in ("sc-attack-chip-defend", "sc-attack-roll-defend", "sc-attack-roll-shield"):
        _in_view(app, testid)
    _in_view(app, "sc-attack-roll")  # the roll itself stays on the screen
    app.get_by_test_id("sc-attack-chip-shield").click()
    expect(app.get_by_test_id("sc-attack-summary")).to_have_text(
        "Mara attacks Bo with Longsword: TN 8; Bo defends with Large shield: TN 6 (7 + Def Mod −1)"
    )
    enter(app, "sc-attack-typed", "3 3")  # 6 vs TN 8
    enter(app, "sc-defend-typed", "4 4")  # 8 vs the shield's TN 6: fails
    expect(app.get_by_test_id("sc-attack-result-verdict")).to_have_text("Mara hits Bo")
    expect(app.get_by_test_id("sc-log-entry").first).to_contain_text(
        "Bo defends with Large shield (Shield skill, its Def Mod −1)"
    )
    _in_view(app, "sc-attack-result")
    assert errors == []


def test_time_and_treatment_is_one_tap_from_the_strip(app: Page, errors: list[str]) -> None:
    """With three fighters the card sat below the screen (y 1270 of 1024), under the steps."""
    _three(app)
    app.evaluate("window.scrollTo(0, 0)")
    care = app.get_by_test_id("sc-care").bounding_box()
    assert care is not None and care["y"] > HEIGHT, care  # below the screen before the tap
    _in_view(app, "sc-care-jump")
    app.get_by_test_id("sc-care-jump").click()
    expect(app.locator("#sc-care-h")).to_be_in_viewport()
    _in_view(app, "sc-clock-5")
    app.get_by_test_id("sc-clock-5").click()
    expect(app.get_by_test_id("sc-log-entry").first).to_contain_text("5 min")
    assert errors == []
