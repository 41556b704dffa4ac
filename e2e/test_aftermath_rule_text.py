"""Issue 25 item 4 (Aftermath): rule IDs, seed-line references and settings keys only inside
the explanation a user opens. A scripted firefight at 768x1024 fills the screens: a rifle shot
with its Missile Special Effect knocks Bo back and over (Knocked Over, AFT-50), Bo's knife
scores a critical the GM calls, more shots with the app's dice fill the log, a roll on the
Rolls tab fills its log; then every Aftermath tab is read. A file saved before the rules were
data (its logs with rule IDs in their words) is read with every card of the Reference tab
filled and rolled, and a sheet with an encumbrance status, attribute notes and weapons."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect
from support import enter, rule_text_outside_why
from test_aftermath_attack import _fighters
from test_aftermath_firefight import _type_the_rest

from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.sheet import sheet as aft_sheet


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
    _read(app, "a shot waiting for its range", found)
    enter(app, "aft-missile-meters", "20")  # AFT-46: typed, never assumed
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


NOW = "2026-11-23T10:00:00+01:00"
#: An attack and a roll logged before the rules were data: their IDs inside their words.
OLD_ATTACK = {
    "text": "turn 1, phase 1 · Ana → Bo (Missile): hit location 4 (AFT-12): Damage Done 12",
    "at": NOW,
    "seed": "s",
    "steps": ["Roll: 1D20 = 4 vs BCS 12: success (AFT-03)", "Hit location: 4 (AFT-12, L186)"],
    "applied": ["5 B damage: 3 lethal (L752)"],
}
OLD_ROLL = {"text": "Acid D100 21: No serious effect (AFT-T33 L571)", "at": NOW, "seed": "s"}


def _sheet() -> dict[str, object]:
    """Ana: 25 ENC of ENC CAP 40 (Partially Encumbered), Stunned at turn 1, phase 1 (both cut
    her Deftness: the attribute notes), a pitchfork (a row marked suspect) and a trench knife
    (four notes)."""
    ana = aft_sheet.set_field(aft_sheet.new_sheet("Ana"), "derived.enc_cap", "40")
    ana = aft_sheet.set_field(ana, "attr.DFT", "30")
    ana = aft_sheet.add_item(ana, "pack", "25")
    ana = aft_sheet.add_condition(ana, "stunned", moment(1, 1))
    hand = {"kind": "hand", "gun": "", "skill": ""}
    weapons = [{"name": w, "listed": w, **hand} for w in ("Pitchfork", "Knife, trench")]
    return {**ana, "weapons": weapons}


def _old_file(tmp: Path) -> Path:
    """A file exported before the rules were data: Aftermath at version 2, its Reference tab
    at version 1."""
    state = {
        "aftermath": {
            "schema": 2,
            "characters": [_sheet(), aft_sheet.new_sheet("Bo")],
            "selected": 0,
            "combat": {"log": [OLD_ATTACK]},
        },
        "aftermath_ref": {"log": [OLD_ROLL]},
    }
    data = {"state": state, "versions": {"aftermath": 2, "aftermath_ref": 1}}
    path = tmp / "old-aftermath.json"
    envelope = {"app": "rulekeeper", "schema": 2, "saved": NOW, "data": data}
    path.write_text(json.dumps(envelope), encoding="utf-8")
    return path


def _fill_the_reference_tab(app: Page) -> None:
    """Every card of the Reference tab with a result on screen, and each of its rolls."""
    app.get_by_test_id("aftermath-tab-reference").click()
    enter(app, "aft-ref-base", "40")
    app.get_by_test_id("aft-ref-terrain").get_by_role("button").first.click()
    app.get_by_test_id("aft-ref-weather").select_option(index=1)
    for testid, value in (
        ("aft-ref-carried", "30"),
        ("aft-ref-cap", "40"),
        ("aft-ref-kph", "60"),
        ("aft-ref-bma", "12"),
        ("aft-ref-en", "8"),
        ("aft-ref-loc", "15"),
        ("aft-ref-pca", "6"),
        ("aft-ref-soil", "14"),
        ("aft-ref-thrower-str", "30"),
        ("aft-ref-rope-save", "12"),
    ):
        enter(app, testid, value)
    app.get_by_test_id("aft-ref-method").select_option("Ladder")
    expect(app.get_by_test_id("aft-ref-climb")).to_contain_text("Ladder: BMA 12")
    app.get_by_test_id("aft-ref-method").select_option("Knotted rope")
    for testid in (
        "aft-ref-roll",
        "aft-ref-acid-roll",
        "aft-ref-rope-roll",
        "aft-ref-throw-damage",
        "aft-ref-reaction-roll",
    ):
        app.get_by_test_id(testid).click()
    expect(app.get_by_test_id("aft-ref-log-entry")).to_have_count(6)  # 5 rolls, the old one


def test_an_old_file_the_reference_tab_and_a_sheet_keep_their_rules_under_why(
    app: Page, errors: list[str], tmp_path: Path
) -> None:
    """Nothing scrubs words as it draws them: the core says them without rules and the rules
    are data, shown under the "Why" of their own entry or result (an old file's logs are
    migrated when read, their rules kept)."""
    app.get_by_test_id("nav-settings").click()
    app.get_by_test_id("import-file").set_input_files(str(_old_file(tmp_path)))
    expect(app.get_by_test_id("import-done")).to_have_text("Imported.", timeout=20_000)
    app.get_by_test_id("nav-aftermath").click()
    found: dict[str, list[str]] = {}

    app.get_by_test_id("aftermath-tab-combat").click()
    entry = app.get_by_test_id("aft-cbt-log-entry").first
    expect(entry.locator(".log-text")).to_have_text(
        "turn 1, phase 1 · Ana → Bo (Missile): hit location 4: Damage Done 12"
    )
    expect(entry.locator("details.why")).to_contain_text("AFT-12")  # its rules, kept
    expect(app.get_by_test_id("aft-steps-why")).to_contain_text("Roll: AFT-03")
    _read(app, "an old attack in the combat log", found)

    _fill_the_reference_tab(app)
    # Each roll's rules under its own "Why": the old acid roll's and a new reaction's.
    rolls = app.get_by_test_id("aft-ref-log-entry")
    expect(rolls.last.locator(".log-text")).to_have_text("Acid D100 21: No serious effect")
    expect(rolls.last.locator("details.why")).to_contain_text("AFT-T33, L571")
    expect(rolls.first.locator("details.why")).to_contain_text("AFT-T21")
    expect(app.get_by_test_id("aft-ref-enc-status")).to_contain_text("Partially Encumbered")
    _read(app, "the Reference tab, every card filled", found)

    app.get_by_test_id("aftermath-tab-characters").click()
    expect(app.get_by_test_id("aft-enc-status")).to_contain_text("carrying 25 of ENC CAP 40")
    expect(app.locator(".notice", has_text="Stunned: Deftness")).to_be_visible()
    expect(app.get_by_test_id("aft-weapon")).to_have_count(2)
    expect(app.get_by_test_id("aft-weapon").first).to_contain_text("marked suspect")
    _read(app, "Ana's sheet: encumbrance status, attribute notes, weapons", found)
    app.evaluate("window.scrollTo(0, 0)")
    app.screenshot(path="e2e/artifacts/aftermath-sheet-rules.png")  # to look at (768x1024)
    assert found == {}
    assert errors == []
