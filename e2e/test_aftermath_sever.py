"""A severed limb at the table (768x1024, taps and typed dice only: the same fight every run).
AFT-26: a Lethal Critical Effect to a limb is an automatic Sever; AFT-25 (001 line 32): a Sever
bleeds to death in Health Group + 1D6 Combat Turns unless bandaged or cauterized, and bandaging
stops the bleeding, not the loss: a GM's play-through (repro55) found the severed arm gone from
Bo's card after his bandage. Until now only unit tests held it."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import READY, enter
from test_aftermath import shot
from test_aftermath_attack import _fighters

SEVERED = "Severed arm (location 21)"


def _typed(app: Page, *rolls: tuple[str, str]) -> None:
    """Each roll the attack waits for, in turn: the one named, typed as rolled at the table."""
    for asked, value in rolls:
        expect(app.get_by_test_id("aft-dice-next")).to_contain_text(asked)
        enter(app, "aft-dice-typed", value)


def _shot_in_the_arm(app: Page) -> None:
    """Ana's rifle at Bo at 8 m: a 1 to hit, the D100 57 (his right arm, location 21), split 30,
    9 of damage: a plain hit."""
    _fighters(app)
    app.get_by_test_id("aft-card-acts-0").click()
    enter(app, "aft-missile-meters", "8")  # AFT-46: typed, never assumed
    _typed(app, ("to hit", "1"), ("hit location", "57"), ("split", "30"), ("damage", "9"))
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("location 21, Damage Done 9")


def test_a_lethal_critical_to_an_arm_severs_it_and_a_bandage_stops_only_the_bleeding(
    app: Page, errors: list[str]
) -> None:
    _shot_in_the_arm(app)
    # The GM calls it a critical (AFT-04, AFT-18): its BDG and damage again, the effect 90 with
    # Damage Done 12 is Lethal (AFT-20).
    app.get_by_test_id("aft-res-crit").click()
    _typed(app, ("critical BDG", "5"), ("damage", "12"), ("Critical Effect", "90"))
    # His Health AST and CST, asked here when his sheet has none; his save to lower it fails.
    enter(app, "aft-health-ast", "8")
    enter(app, "aft-health-cst", "3")
    app.get_by_test_id("aft-apply-dp").click()
    _typed(app, ("Health save to lower Lethal to Trauma (Damage Done 12)", "15"))
    # A bullet: whether it cuts is asked (AFT-25 reading), never assumed; it does: a Sever.
    app.get_by_test_id("aft-cuts-yes").click()
    _typed(app, ("bleeding: Combat Turns to bleed to death (1D6+2)", "5"))  # the total
    result = app.get_by_test_id("aft-attack-result")
    expect(result).to_contain_text("location 21, Damage Done 12, lethal (critical)")
    expect(
        app.get_by_text("Applied: Severed arm (location 21) from turn 1, phase 1")
    ).to_be_visible()
    card = app.get_by_test_id("aft-card-conditions-1")
    expect(card).to_contain_text(SEVERED)
    expect(card).to_contain_text("Bleeding to death (dies after turn 6, phase 1: 101 phases left)")
    expect(
        app.get_by_test_id("aft-target-conditions-entry").filter(has_text=SEVERED)
    ).to_have_count(1)
    shot(app, "sever-arm")

    # The next phase: Bo's bleeding under the strip, one line; opened, Ana bandages (BCS typed).
    app.get_by_test_id("aft-next-phase").click()
    expect(app.get_by_test_id("aft-target-bleeding")).to_contain_text("Bo is bleeding to death")
    app.get_by_test_id("aft-target-treat-open").click()
    enter(app, "aft-target-conditions-first-aid", "12")
    enter(app, "aft-target-conditions-bandage-typed", "7")
    expect(app.get_by_test_id("aft-target-conditions-treated")).to_contain_text(
        "the bleeding stops"
    )
    # AFT-25/26: the arm stays lost: bandaging stops the bleeding only, turns later and after a
    # reload alike.
    expect(card).not_to_contain_text("Bleeding")
    expect(card).to_contain_text(SEVERED)
    for _ in range(3):
        app.get_by_test_id("aft-next-turn").click()
    expect(app.get_by_test_id("aft-clock")).to_have_text("Turn 4 · Phase 1")
    expect(card).to_have_text(SEVERED)
    app.reload()
    app.wait_for_selector(READY, timeout=60_000)
    app.get_by_test_id("nav-aftermath").click()
    app.get_by_test_id("aftermath-tab-combat").click()
    expect(app.get_by_test_id("aft-card-conditions-1")).to_have_text(SEVERED)
    assert errors == []
