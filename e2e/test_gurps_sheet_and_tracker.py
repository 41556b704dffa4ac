"""Issue 27 item 5 at 768x1024: other attacks edited as a list (no mini-syntax), the Attack
tab with the tracker's fields (a giant's blow: the victim pinned, the spot exposed), "Restart:
new order" asked before it draws, a long name wrapped inside its card, and an All-Out Attack
that cannot be rolled with its option "—"."""

from __future__ import annotations

from bench_fight_gurps import set_up
from playwright.sync_api import Page, expect
from support import enter


def test_other_attacks_are_a_list_of_fields(app: Page) -> None:
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Ana")
    enter(app, "gurps-basic_speed", "6")  # she acts first
    app.get_by_test_id("gurps-line-add").click()
    enter(app, "gurps-line-0-name", "Broadsword thrust")
    enter(app, "gurps-line-0-skill", "99")
    expect(app.get_by_test_id("gurps-lines")).to_contain_text("Skill 99 is not 0 to 40")
    enter(app, "gurps-line-0-skill", "14")
    enter(app, "gurps-line-0-damage", "1d+1")  # a new line starts without damage dice
    app.get_by_test_id("gurps-line-0-damage-type").select_option("cr")
    app.get_by_test_id("gurps-line-0-thrust").select_option("yes")
    app.get_by_test_id("gurps-line-add").click()
    expect(app.get_by_test_id("gurps-line")).to_have_count(2)
    app.get_by_test_id("gurps-line-1-remove").click()
    expect(app.get_by_test_id("gurps-line")).to_have_count(1)
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Bo")
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    app.get_by_test_id("gurps-take-attack").click()
    expect(app.get_by_test_id("gurps-fight-lines")).to_contain_text("Broadsword thrust (1d+1 cr)")


def test_the_attack_tab_asks_a_giants_blow_as_the_tracker_does(app: Page) -> None:
    app.get_by_test_id("nav-gurps").click()
    for name, sm in (("Giant", "7"), ("Bo", "0")):
        app.get_by_test_id("gurps-new").click()
        enter(app, "gurps-name", name)
        enter(app, "gurps-sm", sm)
    app.get_by_test_id("gurps-combatant").first.locator("button").first.click()
    app.get_by_test_id("gurps-scaled").select_option("yes")  # his weapons are his size
    app.get_by_test_id("gurps-tab-attack").click()
    app.get_by_test_id("gurps-attack-attacker").select_option(label="Giant")
    app.get_by_test_id("gurps-attack-defender").select_option(label="Bo")
    victim = app.get_by_test_id("gurps-attack-victim")
    expect(victim.get_by_test_id("gurps-attack-pinned")).to_be_visible()
    victim.get_by_test_id("gurps-attack-exposed").select_option("skull")
    expect(victim.get_by_test_id("gurps-attack-only_exposed")).to_be_visible()
    app.get_by_test_id("gurps-attack-random_location").select_option("yes")
    expect(app.get_by_test_id("gurps-attack-from_above")).to_be_visible()


def test_all_out_attack_with_no_option_cannot_be_rolled(app: Page) -> None:
    set_up(app, (("Ana", {"basic_speed": "6"}), ("Bo", {})))
    app.get_by_test_id("gurps-tab-attack").click()
    app.get_by_test_id("gurps-attack-attacker").select_option(label="Ana")
    app.get_by_test_id("gurps-attack-defender").select_option(label="Bo")
    app.get_by_test_id("gurps-attack-maneuver").select_option("All-Out Attack")
    expect(app.get_by_test_id("gurps-attack-option")).to_have_value("")
    expect(app.get_by_test_id("gurps-roll-attack")).to_be_disabled()
    expect(app.get_by_test_id("gurps-attack-unready")).to_contain_text("option")
    app.get_by_test_id("gurps-attack-option").select_option("Determined")
    expect(app.get_by_test_id("gurps-roll-attack")).to_be_enabled()
    app.get_by_test_id("gurps-attack-option").select_option("")
    app.get_by_test_id("gurps-tab-tracker").click()  # Ana's turn: the roll waits for the option
    expect(app.get_by_test_id("gurps-fight-attack-roll")).to_have_count(0)
    expect(app.get_by_test_id("gurps-maneuver-chips")).to_be_visible()


def test_restart_asks_and_a_long_name_wraps_in_its_card(app: Page) -> None:
    long = "Lucien the Fencer of Montmorency-Laval"
    set_up(app, (("Ana", {"basic_speed": "6"}), (long, {})))
    log = app.get_by_test_id("gurps-log-entry")
    expect(log).to_have_count(1)
    app.get_by_test_id("gurps-start").click()
    expect(app.get_by_test_id("gurps-restart-ask")).to_be_visible()
    expect(log).to_have_count(1)  # nothing drawn yet
    app.get_by_test_id("gurps-restart-no").click()
    expect(app.get_by_test_id("gurps-restart-ask")).to_have_count(0)
    app.get_by_test_id("gurps-start").click()
    app.get_by_test_id("gurps-restart-yes").click()
    expect(log.first).to_contain_text("New turn order")
    chip = app.get_by_test_id("gurps-target-g2")
    card = app.locator("[data-testid='gurps-slot'][data-key='g2']")
    inner, outer = chip.bounding_box(), card.bounding_box()
    assert inner is not None and outer is not None
    assert inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5, (inner, outer)
