"""A GM's play-through at 768x1024: Bo bled to death with only "Remove Bleeding to death" on his
conditions ("no bandage or cautery recorded"). AFT-25 (001 line 32): his bleeding is stopped
by bandaging, a First Aid Skill BCS roll, or by cauterizing (System Shock, and a Health AST to
survive it): each offered on his conditions, with its chance, the die rolled or typed."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter
from test_aftermath import shot
from test_aftermath_attack import _fighters


def test_the_gm_bandages_a_bleeding_fighter_with_a_typed_first_aid_roll(
    app: Page, errors: list[str]
) -> None:
    _fighters(app)
    app.get_by_test_id("aftermath-tab-characters").click()
    app.get_by_test_id("aft-conditions-kind").select_option("compound_fracture")
    enter(app, "aft-conditions-die-typed", "3")  # its bleeding's 1D6
    app.get_by_test_id("aftermath-tab-combat").click()
    treat = app.get_by_test_id("aft-target-conditions-treat")
    expect(treat).to_contain_text("Stop Bo's bleeding")
    enter(app, "aft-target-conditions-first-aid", "12")
    expect(app.get_by_test_id("aft-target-conditions-bandage-odds")).to_contain_text(
        "stops it on D20 ≤ 12: 60%"
    )
    treat.scroll_into_view_if_needed()
    shot(app, "treat-bleeding")
    enter(app, "aft-target-conditions-bandage-typed", "7")
    expect(app.get_by_test_id("aft-target-conditions-treated")).to_have_text(
        "Bo bandaged: First Aid 1D20 = 7 vs BCS 12: success by 5 → the bleeding stops"
    )
    expect(app.get_by_test_id("aft-card-conditions-1")).not_to_contain_text("Bleeding")
    assert errors == []
