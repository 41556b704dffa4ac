"""Issue 25 item 4 (Aftermath): rule IDs, seed-line references and settings keys only inside
the explanation a user opens. A scripted firefight at 768x1024 fills the screens: a rifle shot
with its Missile Special Effect knocks Bo back and over (Knocked Over, AFT-50), Bo's knife
scores a critical the GM calls, more shots with the app's dice fill the log, a roll on the
Rolls tab fills its log; then every Aftermath tab is read."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, rule_text_outside_why
from test_aftermath_attack import _fighters
from test_aftermath_firefight import _type_the_rest


def _option(app: Page, mode: str, tail: str) -> None:
    """An attack option pressed, under the form's "Modifiers" fold."""
    options = app.get_by_test_id(f"aft-{mode}-options")
    if options.get_attribute("open") is None:
        options.locator("summary").click()
    app.get_by_test_id(f"aft-{mode}-{tail}").click()
    expect(app.get_by_test_id(f"aft-{mode}-{tail}")).to_have_attribute("aria-pressed", "true")


def _read(app: Page, where: str, found: dict[str, list[str]]) -> None:
    """The screen now (closed folds included): any rule text outside an explanation."""
    leaks = rule_text_outside_why(app)
    if leaks:
        found[where] = leaks


def _firefight(app: Page, found: dict[str, list[str]]) -> None:
    _fighters(app)  # Ana: a hunting rifle (.308, 5 rounds) and a revolver; Bo: a bowie knife

    # Ana's rifle with its Missile Special Effect: a D100 of 50 is Stopping (T-659); BDG 27 on
    # Bo's Mass 2 is past effect 10, so he goes down (AFT-50).
    app.get_by_test_id("aft-card-acts-0").click()
    _option(app, "missile", "special")
    enter(app, "aft-dice-typed", "3")
    _read(app, "rifle shot waiting for its dice", found)
    _type_the_rest(app)
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("Knocked Over")
    _read(app, "after the knock-back", found)
    # 2D3 typed as 2: 2 m of knock-back drop one stopping category (L669), said in the singular.
    expect(app.get_by_test_id("aft-steps")).to_contain_text("1 stopping category lost")
    expect(app.get_by_test_id("aft-card-conditions-1")).to_contain_text("Knocked Over")

    # Bo's knife: the GM calls a critical; the Damage Potential asked after the roll.
    app.get_by_test_id("aft-next-phase").click()
    app.get_by_test_id("aft-card-acts-1").click()
    _option(app, "hth", "crit")
    enter(app, "aft-dice-typed", "2")
    _type_the_rest(app)
    _read(app, "a critical waiting for a value", found)
    for _ in range(3):  # its Damage Potential, then Ana's Health AST and CST, asked here
        if app.get_by_test_id("aft-hth-dp").count():
            enter(app, "aft-hth-dp", "9")
        elif app.get_by_test_id("aft-health-ast").count():
            enter(app, "aft-health-ast", "12")
            enter(app, "aft-health-cst", "5")
        else:
            break
        app.get_by_test_id("aft-apply-dp").click()
        _type_the_rest(app)
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("(critical)")
    _read(app, "after the critical", found)

    # The critical Stunned Ana until after turn 2, phase 2; then her shots (the app's dice)
    # fill the log.
    app.get_by_test_id("aft-next-turn").click()
    app.get_by_test_id("aft-next-phase").click()
    for _ in range(4):
        app.get_by_test_id("aft-next-phase").click()
        app.get_by_test_id("aft-card-acts-0").click()
        app.get_by_test_id("aft-resolve").click()
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(6)
    # A half-entered attack when another fighter taps "Acts": the question in words.
    app.get_by_test_id("aft-card-acts-0").click()
    _option(app, "missile", "sit-surprised")
    app.get_by_test_id("aft-card-acts-1").click()
    expect(app.get_by_test_id("aft-ask")).to_be_visible()
    _read(app, "the question about a half-entered attack", found)
    app.get_by_test_id("aft-ask-keep").click()


def test_no_rule_text_outside_why_after_a_firefight(app: Page, errors: list[str]) -> None:
    found: dict[str, list[str]] = {}
    _firefight(app, found)
    app.evaluate("window.scrollTo(0, 0)")
    app.screenshot(path="e2e/artifacts/aftermath-fight.png")  # to look at (768x1024)
    app.get_by_test_id("aftermath-tab-rolls").click()
    rolls = app.locator("#app [data-testid$='-go']")
    for testid in [rolls.nth(i).get_attribute("data-testid") for i in range(rolls.count())]:
        app.get_by_test_id(testid or "").click()  # each roll of the tab: its log fills
    expect(app.get_by_test_id("aft-roll-log-entry").first).to_be_visible()
    tabs = app.locator("[data-testid^='aftermath-tab-']")
    for key in [tabs.nth(i).get_attribute("data-testid") or "" for i in range(tabs.count())]:
        app.get_by_test_id(key).click()
        _read(app, key, found)
    app.get_by_test_id("aftermath-tab-characters").click()
    app.get_by_test_id("aft-char-entry").last.get_by_role("button", name="Bo", exact=True).click()
    expect(app.get_by_test_id("aft-name")).to_have_value("Bo")
    _read(app, "Bo's sheet", found)
    assert found == {}
    assert errors == []
