"""A GM's play-through at 768x1024: Bo bled to death with only "Remove Bleeding to death" on his
conditions ("no bandage or cautery recorded"). AFT-25 (001 line 32): his bleeding is stopped
by bandaging, a First Aid Skill BCS roll, or by cauterizing (System Shock, and a Health AST to
survive it): each offered on his conditions, with its chance, the die rolled or typed. A later
play-through: with two fighters bleeding only the target's could be treated, and the bandager's
First Aid BCS was typed by hand: each bleeding fighter's card now opens his treatment, and the
BCS is read from the sheet of the fighter picked to bandage."""

from __future__ import annotations

from fight_measure import in_viewport
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
    # Folded to one line under the strip, "Resolve" in view; one tap opens it there.
    expect(app.get_by_test_id("aft-target-bleeding")).to_contain_text("Bo is bleeding to death")
    app.get_by_test_id("aft-target-treat-open").click()
    treat = app.get_by_test_id("aft-target-conditions-treat")
    expect(treat).to_contain_text("Stop Bo's bleeding")
    # Where the GM looks, under the strip: a GM's tablet found it at y 1,400-1,600 of 1,024.
    app.evaluate("window.scrollTo(0, 0)")
    assert in_viewport(app, "aft-target-conditions-bandage")
    enter(app, "aft-target-conditions-first-aid", "12")
    expect(app.get_by_test_id("aft-target-conditions-bandage-odds")).to_contain_text(
        "stops it on D20 ≤ 12: 60%"
    )
    shot(app, "treat-bleeding")
    enter(app, "aft-target-conditions-bandage-typed", "7")
    said = "Bo bandaged by Ana: First Aid 1D20 = 7 vs BCS 12: success by 5 → the bleeding stops"
    expect(app.get_by_test_id("aft-target-conditions-treated")).to_have_text(said)
    assert in_viewport(app, "aft-target-conditions-treated")
    expect(app.get_by_test_id("aft-card-conditions-1")).not_to_contain_text("Bleeding")
    # The fight's log holds it (its dice and BCS), and one Undo takes both back.
    expect(app.get_by_test_id("aft-cbt-log-entry").first).to_contain_text(said)
    expect(app.get_by_test_id("undo")).to_contain_text("Bo bandaged")
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("aft-card-conditions-1")).to_contain_text("Bleeding")
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(0)
    # The result and the BCS typed went with it: the sheet (none) asks again.
    expect(app.get_by_test_id("aft-target-conditions-treated")).to_have_count(0)
    expect(app.get_by_test_id("aft-target-conditions-first-aid")).to_have_value("")
    assert errors == []


def _fracture(app: Page, die: str) -> None:
    """A compound fracture on the selected sheet, its bleeding's 1D6 typed (AFT-25)."""
    app.get_by_test_id("aft-conditions-kind").select_option("compound_fracture")
    enter(app, "aft-conditions-die-typed", die)


def test_each_bleeding_fighter_is_treated_from_his_card_by_a_bandager_read_from_his_sheet(
    app: Page, errors: list[str]
) -> None:
    _fighters(app)
    app.get_by_test_id("aftermath-tab-characters").click()
    enter(app, "aft-skill-name", "First Aid")  # Bo's sheet, selected last
    enter(app, "aft-skill-bcs", "11")
    app.get_by_test_id("aft-skill-add").click()
    _fracture(app, "3")
    app.get_by_test_id("aft-char-entry").first.get_by_role("button", name="Ana", exact=True).click()
    _fracture(app, "4")
    app.get_by_test_id("aftermath-tab-combat").click()
    for i in (0, 1):
        expect(app.get_by_test_id(f"aft-card-conditions-{i}")).to_contain_text("Bleeding")
        assert in_viewport(app, f"aft-card-treat-{i}")
    shot(app, "treat-two-bleeding")
    # Ana (not the target) from her card: Bo bandages her, his sheet's First Aid 11.
    app.get_by_test_id("aft-card-treat-0").click()
    expect(app.get_by_test_id("aft-treat-0-bandager")).to_have_value("1")
    expect(app.get_by_test_id("aft-treat-0-first-aid-from")).to_have_text(
        "First Aid BCS 11: Bo's sheet"
    )
    expect(app.get_by_test_id("aft-treat-0-bandage-odds")).to_contain_text(
        "stops it on D20 ≤ 11: 55%"
    )
    assert in_viewport(app, "aft-treat-0-bandage")
    shot(app, "treat-from-card")
    enter(app, "aft-treat-0-bandage-typed", "5")
    expect(app.get_by_test_id("aft-treat-0-treated")).to_have_text(
        "Ana bandaged by Bo: First Aid 1D20 = 5 vs BCS 11: success by 6 → the bleeding stops"
    )
    assert in_viewport(app, "aft-treat-0-treated")
    expect(app.get_by_test_id("aft-card-treat-0")).to_have_count(0)
    expect(app.get_by_test_id("aft-card-conditions-0")).not_to_contain_text("Bleeding")
    # Bo, the target, still bleeds: his line under the strip, his treatment folded (one open
    # at a time); his line's "Treat" opens it and closes Ana's.
    expect(app.get_by_test_id("aft-card-treat-1")).to_be_visible()
    expect(app.get_by_test_id("aft-target-treat-open")).to_be_visible()
    expect(app.get_by_test_id("aft-target-conditions-bandage")).to_have_count(0)
    app.get_by_test_id("aft-treat-0-close").click()
    expect(app.get_by_test_id("aft-treating")).to_have_count(0)
    assert errors == []


def test_with_two_fighters_bleeding_resolve_stays_in_view_and_one_treatment_opens(
    app: Page, errors: list[str]
) -> None:
    """A GM's tablet at 768x1024, Ana and Bo (the target) bleeding: "Stop Bo's bleeding" (430
    px) between the strip and the attack put "Resolve" under the screen's edge; Ana's treatment
    opened from her card stood above Bo's, two panels; "Ana · acts" took two lines."""
    _fighters(app)
    app.get_by_test_id("aftermath-tab-characters").click()
    _fracture(app, "3")
    app.get_by_test_id("aft-char-entry").first.get_by_role("button", name="Ana", exact=True).click()
    _fracture(app, "4")
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-0").click()
    app.evaluate("window.scrollTo(0, 0)")
    expect(app.get_by_test_id("aft-target-bleeding")).to_have_text(
        "Bo is bleeding to death: dies after turn 6, phase 1"
    )
    assert in_viewport(app, "aft-resolve")
    assert in_viewport(app, "aft-target-treat-open")
    # Each card's name on one line beside its three buttons (Acts, Target, Treat).
    for name in app.locator(".strip-card .combatant-name").all():
        box, line = name.bounding_box(), name.evaluate("e => getComputedStyle(e).lineHeight")
        assert box is not None and box["height"] <= float(line.removesuffix("px")) + 1, box
    shot(app, "treat-two-bleeding-folded")
    # Ana's from her card, then Bo's from his line: one treatment at a time.
    app.get_by_test_id("aft-card-treat-0").click()
    expect(app.get_by_test_id("aft-treat-0-bandage")).to_be_visible()
    expect(app.get_by_test_id("aft-target-conditions-bandage")).to_have_count(0)
    app.get_by_test_id("aft-target-treat-open").click()
    expect(app.get_by_test_id("aft-target-conditions-bandage")).to_be_visible()
    expect(app.get_by_test_id("aft-treating")).to_have_count(0)
    expect(app.get_by_text("Stop ")).to_have_count(1)
    # Session of 2026-11-30: 470 px tall, "Close" on its own row under the cautery; "Close"
    # now beside its heading, and both treatments' buttons on the screen (362 px measured).
    app.evaluate("window.scrollTo(0, 0)")
    panel = app.get_by_test_id("aft-target-treat").bounding_box()
    assert panel is not None and panel["height"] < 400, panel
    for testid in ("aft-target-conditions-close", "aft-target-conditions-cauterize"):
        assert in_viewport(app, testid), testid
    shot(app, "treat-two-bleeding-bo-open")
    # Aimed at Ana and back at Bo: his treatment was that aim's, folded to its line again.
    app.get_by_test_id("aft-card-target-0").click()
    app.get_by_test_id("aft-card-target-1").click()
    expect(app.get_by_test_id("aft-target-treat-open")).to_be_visible()
    expect(app.get_by_test_id("aft-target-conditions-bandage")).to_have_count(0)
    app.get_by_test_id("aft-target-treat-open").click()
    # Closed, the line again, and Resolve back in view.
    app.get_by_test_id("aft-target-conditions-close").click()
    expect(app.get_by_test_id("aft-target-treat-open")).to_be_visible()
    app.evaluate("window.scrollTo(0, 0)")
    assert in_viewport(app, "aft-resolve")
    assert errors == []
