"""Issue 28 after a GM's ten Action Phases (768x1024, taps and typing only): numbers a GM could
get wrong silently. "Damaged in that Combat Turn" is applied by the fight and shows so on its
chip, which cannot be pressed again; a shooter who turns to another target shoots at a newly
acquired one, pressed for him with its source; a Knocked Over fighter gets up in one tap on his
card, logged and undoable; the waiting Health save and the Special Effect option read plainly."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import aftermath_fighter, enter
from test_aftermath import shot
from test_aftermath_attack import RIFLE
from test_aftermath_critical import _typed_critical

REVOLVER = ("Revolver", "gun", "pistol|STD", "pistol:38 Special")
KNIFE = ("Bowie", "hand", "Knife, bowie")


def _options(app: Page, mode: str = "missile") -> None:
    """The modifier chips, one tap away under the BCS."""
    app.get_by_test_id(f"aft-{mode}-options").locator("summary").click()


def test_the_damaged_chip_shows_the_fights_modifier_and_cannot_add_it_again(
    app: Page, errors: list[str]
) -> None:
    """Bo, hit for 14 this Combat Turn, shoots back: the fight applies −7; its chip shows it
    applied with its source, and a tap cannot press it a second time."""
    app.get_by_test_id("nav-aftermath").click()
    aftermath_fighter(app, "Ana", "Rifle", "14", (*RIFLE[:4], "1", "5"))
    aftermath_fighter(app, "Bo", "Pistol", "12", REVOLVER)
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-0").click()
    enter(app, "aft-missile-meters", "20")  # AFT-46: typed, never assumed
    for typed in ("2", "50", "14"):  # a hit, the location, 3D10+3 as a total
        enter(app, "aft-dice-typed", typed)
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("Damage Done 14")
    app.get_by_test_id("aft-next-phase").click()
    app.get_by_test_id("aft-card-acts-1").click()
    expect(app.get_by_test_id("aft-cbt-from-fight")).to_have_text("Bo took 14 this turn: −7")
    _options(app)
    damaged = app.get_by_test_id("aft-missile-sit-damaged")
    expect(damaged).to_have_attribute("aria-pressed", "true")
    expect(damaged).to_contain_text("Applied by the fight: Bo took 14 this turn")
    expect(damaged).to_be_disabled()
    expect(app.get_by_test_id("aft-missile-options-on")).to_contain_text(
        "Damaged in that Combat Turn"
    )
    damaged.click(force=True)  # a tap on it changes nothing
    expect(damaged).to_have_attribute("aria-pressed", "true")
    expect(app.get_by_test_id("aft-cbt-bcs")).to_be_visible()
    mods = app.get_by_test_id("aft-cbt-modifiers")
    expect(mods).to_contain_text("Damaged in that Combat Turn")
    assert (mods.text_content() or "").count("Damaged in that Combat Turn") == 1
    shot(app, "memory-damaged-chip")
    assert errors == []


def test_a_shooter_turning_to_another_target_shoots_at_a_newly_acquired_one(
    app: Page, errors: list[str]
) -> None:
    """Ana's first shot of the combat leaves "newly acquired" to the GM; once she has shot at
    Bo, turning to Cy presses it for her (−2), with its source; the GM may release it."""
    app.get_by_test_id("nav-aftermath").click()
    aftermath_fighter(app, "Ana", "Rifle", "14", RIFLE[:4])
    aftermath_fighter(app, "Bo", "Knife", "12", KNIFE)
    aftermath_fighter(app, "Cy", "Knife", "12", KNIFE)
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-0").click()
    app.get_by_test_id("aft-card-target-1").click()
    enter(app, "aft-missile-meters", "20")
    _options(app)
    fresh = app.get_by_test_id("aft-missile-sit-new_target")
    expect(fresh).to_have_attribute("aria-pressed", "false")
    app.get_by_test_id("aft-resolve").click()
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(1)
    app.get_by_test_id("aft-next-phase").click()
    expect(fresh).to_have_attribute("aria-pressed", "false")
    expect(fresh).to_contain_text("Ana last attacked Bo")
    app.get_by_test_id("aft-card-target-2").click()
    expect(fresh).to_have_attribute("aria-pressed", "true")
    expect(fresh).to_contain_text("Ana last attacked Bo")
    expect(app.get_by_test_id("aft-missile-meters")).to_have_value("")  # none known to Cy
    enter(app, "aft-missile-meters", "35")
    how = app.get_by_test_id("aft-cbt-how")
    how.locator("summary").first.click()
    mods = app.get_by_test_id("aft-cbt-modifiers")
    expect(mods).to_contain_text("Shooting at a newly acquired target −2")
    shot(app, "memory-new-target")
    fresh.click()  # the GM's call for this attack
    expect(fresh).to_have_attribute("aria-pressed", "false")
    expect(mods).not_to_contain_text("newly acquired")
    assert errors == []


def test_a_knocked_over_fighter_gets_up_in_one_tap(app: Page, errors: list[str]) -> None:
    """The text gives no cost for getting up: one tap on his card ends Knocked Over, with a
    log line; Undo puts him down again."""
    app.get_by_test_id("nav-aftermath").click()
    aftermath_fighter(app, "Ana", "Rifle", "14", RIFLE[:4])
    aftermath_fighter(app, "Bo", "Knife", "12", KNIFE)
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-card-acts-0").click()
    app.get_by_test_id("aft-target-conditions-kind").select_option("knocked_over")
    app.get_by_test_id("aft-target-conditions-add").click()
    expect(app.get_by_test_id("aft-card-conditions-1")).to_contain_text("Knocked Over")
    expect(app.get_by_test_id("aft-card-getup-0")).to_have_count(0)
    up = app.get_by_test_id("aft-card-getup-1")
    up.scroll_into_view_if_needed()  # the card, back at the top of the fight
    expect(up).to_have_text("Gets up")
    shot(app, "memory-knocked-over")
    up.click()
    expect(app.get_by_test_id("aft-card-conditions-1")).to_have_text("No conditions")
    expect(app.get_by_test_id("aft-card-conditions-1")).to_be_in_viewport()
    expect(up).to_have_count(0)
    expect(app.get_by_test_id("aft-cbt-log-entry").first).to_contain_text("Bo gets up")
    expect(app.get_by_test_id("undo")).to_contain_text("Bo gets up")
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("aft-card-conditions-1")).to_contain_text("Knocked Over")
    assert errors == []


def test_the_waiting_save_and_the_special_effect_option_read_plainly(
    app: Page, errors: list[str]
) -> None:
    _typed_critical(app)
    waiting = app.get_by_test_id("aft-pending-health").last
    expect(waiting).to_contain_text("Save to lower")
    expect(waiting).not_to_contain_text("not on its sheet")
    assert waiting.inner_text().count("Health AST and CST") <= 1, waiting.inner_text()
    app.get_by_test_id("aft-drop-pending").click()
    _options(app)
    expect(app.get_by_test_id("aft-missile-special")).to_have_text(
        "Roll for a Missile Special Effect (your call)"
    )
    assert errors == []
