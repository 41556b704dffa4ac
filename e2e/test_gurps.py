"""The GURPS pages driven as a new user would on a tablet: two combatants, an attack from the
maneuver to the injury with the odds and every step shown, a reload mid-fight, axe clean."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support import READY, run_axe


def _type(app: Page, testid: str, value: str) -> None:
    field = app.get_by_test_id(testid)
    field.fill(value)
    field.press("Tab")


def test_two_combatants_an_attack_to_injury_and_a_reload(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    _type(app, "gurps-name", "Ana")
    _type(app, "gurps-weapon_skill", "14")
    expect(app.get_by_test_id("gurps-defenses")).to_contain_text("Parry = ⌊3 + 14/2⌋ + 0 = 10")
    _type(app, "gurps-dx", "99")
    expect(app.locator("#gurps-dx-error")).to_contain_text("DX 99 is outside 0 to 40")
    app.get_by_test_id("gurps-new").click()
    _type(app, "gurps-name", "Bo")
    _type(app, "gurps-basic_speed", "6")
    _type(app, "gurps-dr", "2")
    expect(app.get_by_test_id("gurps-defenses")).to_contain_text("Dodge = ⌊6 + 3⌋ − 0 = 9")
    assert run_axe(app) == []

    app.get_by_test_id("gurps-tab-attack").click()
    app.get_by_test_id("gurps-attack-attacker").select_option(label="Ana")
    app.get_by_test_id("gurps-attack-defender").select_option(label="Bo")
    app.get_by_test_id("gurps-attack-maneuver").select_option("Attack")
    app.get_by_test_id("gurps-attack-location").select_option("arm")
    expect(app.get_by_test_id("gurps-skill-line")).to_have_text(
        "base 14 + Attack +0 + location arm −2 = 12"
    )
    # Percent first, the exact fraction one tap away; the rule IDs only under "Why".
    hit = app.get_by_test_id("gurps-hit-chance")
    expect(hit.locator("summary")).to_have_text("74.1%")
    expect(hit).to_have_attribute("data-exact", "20/27")
    expect(app.get_by_test_id("gurps-land-chance").locator("summary")).to_have_text(
        re.compile(r"^\d+(\.\d)?%$")
    )
    why = app.get_by_test_id("gurps-skill-why")
    why.locator("summary").click()
    expect(why).to_contain_text("location arm −2: GUR-37")
    app.get_by_test_id("gurps-attack-maneuver").select_option("Move and Attack")
    expect(app.get_by_test_id("gurps-skill-line")).to_contain_text("= 8")
    app.get_by_test_id("gurps-attack-maneuver").select_option("All-Out Attack")
    app.get_by_test_id("gurps-attack-option").select_option("Determined")
    expect(app.get_by_test_id("gurps-skill-line")).to_contain_text("All-Out Attack (Determined) +4")
    assert run_axe(app) == []

    # Resolve stage by stage until a hit has gone through the defense to an injury.
    for _ in range(30):
        app.get_by_test_id("gurps-roll-attack").click()
        if app.get_by_test_id("gurps-defense-choices").count():
            expect(app.get_by_test_id("gurps-defense-choices")).to_contain_text("Dodge 9:")
            app.get_by_test_id("gurps-defend-none").click()
        if app.get_by_test_id("gurps-roll-damage").count():
            app.get_by_test_id("gurps-roll-damage").click()
            break
    result = app.get_by_test_id("gurps-attack-result")
    expect(result).to_contain_text("penetrating")
    expect(result).to_contain_text("HP 10 →")
    text = result.inner_text()
    assert text.startswith("Damage: 1d+1 (")

    app.reload()
    app.wait_for_selector(READY)
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-tab-attack").click()
    expect(app.get_by_test_id("gurps-attack-result")).to_have_text(text)
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    expect(app.get_by_test_id("gurps-slot").first).to_contain_text("Bo")
    app.get_by_test_id("gurps-next").click()
    expect(app.get_by_test_id("gurps-log-entry").first).to_contain_text("Ana's turn")
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("gurps-log-entry").first).to_contain_text("Turn order:")
    assert run_axe(app) == []
    app.screenshot(path="e2e/artifacts/gurps-tracker.png", full_page=True)
    assert errors == []
