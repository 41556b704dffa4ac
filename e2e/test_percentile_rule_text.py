"""Issue 25 item 4 for Percentile: after a scripted fight (surprise, the order, a direct hit that
destroys a body part, a stun, a miss, AP spent, a severity-free log full of every kind of step),
no rule ID, seed-line reference or settings key shows outside the explanation a user opens
("Why"), on any Percentile tab."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import rule_text_outside_why
from test_percentile import TABS, set_field, tab


def _characters(page: Page) -> None:
    page.get_by_test_id("nav-percentile").click()
    for name, part, points in (("Ann", "arm", "2"), ("Bob", "arm", "2")):
        page.get_by_test_id("percentile-char-new").click()
        set_field(page, "percentile-char-name", name)
        set_field(page, "percentile-char-aim", "90")
        set_field(page, "percentile-wform-name", "AUTO PISTOL")
        set_field(page, "percentile-wform-wep_dif", "30")
        set_field(page, "percentile-wform-damage_die", "4+2")
        page.get_by_test_id("percentile-weapon-add").click()
        for body, size in ((part, points), ("head", "10")):
            set_field(page, "percentile-pform-name", body)
            set_field(page, "percentile-pform-points", size)
            page.get_by_test_id("percentile-part-add").click()


def _attack(page: Page, target: str, to_hit: str, damage: str) -> None:
    """One attack from the round screen with typed dice: the target, the Percent to Hit and
    Against (d3), the to-hit roll, the GM's body part and the damage, then the stun."""
    page.get_by_test_id(target).click()
    if page.get_by_test_id("percentile-turn-action_cost").count():  # Table #3-6: asked once
        set_field(page, "percentile-turn-action_cost", "5")
    set_field(page, "percentile-turn-percent_to_hit", "90")
    set_field(page, "percentile-turn-percent_against", "10")
    set_field(page, "percentile-turn-roll-typed", to_hit)
    step = page.get_by_test_id("percentile-turn-step")
    if "which body part" in step.inner_text().lower():
        page.get_by_test_id("percentile-turn-part-0").click()  # the arm
    if "4:10sd+2" in step.inner_text():
        set_field(page, "percentile-turn-roll-typed", damage)
        expect(page.get_by_test_id("percentile-turn-result-verdict")).to_contain_text("points")
        set_field(page, "percentile-attack-stun_modifier", "20")  # asked after the damage


def test_a_scripted_fight_shows_rule_text_only_under_why(app: Page, errors: list[str]) -> None:
    _characters(app)
    tab(app, "checks")
    app.get_by_test_id("percentile-check-char").select_option(label="Ann")
    set_field(app, "percentile-check-typed", "59")
    # the GM's tables: Table #3-6's costs, and Table #3-1 once refused for a bad cell
    tab(app, "gm")
    app.get_by_test_id("percentile-gm-pick").select_option("PCT-M03")
    set_field(app, "percentile-gm-csv", "action,ap_cost\nan attack with the AUTO PISTOL,5\n")
    app.get_by_test_id("percentile-gm-save").click()
    app.get_by_test_id("percentile-gm-pick").select_option("PCT-M04")
    header = "skill_low,skill_high,range_m_low,range_m_high,percent_to_hit\n"
    set_field(app, "percentile-gm-csv", header + "0,100,0,50,abc\n")
    app.get_by_test_id("percentile-gm-save").click()
    expect(app.get_by_test_id("percentile-gm-error")).not_to_have_text("")
    leaks = {"gm (refused)": rule_text_outside_why(app)}
    set_field(app, "percentile-gm-csv", header + "0,100,0,50,90\n")
    app.get_by_test_id("percentile-gm-save").click()
    tab(app, "settings")
    app.get_by_test_id("percentile-setting-to_hit").select_option("d3")
    tab(app, "combat")
    app.get_by_test_id("percentile-side-add-0").select_option(label="Ann")
    app.get_by_test_id("percentile-side-add-1").select_option(label="Bob")
    set_field(app, "percentile-surprise-typed", "10 80")  # Side A has SURPRISE
    expect(app.get_by_test_id("percentile-surprise-result")).to_contain_text("Side A gets")
    set_field(app, "percentile-order-typed", "20 45")
    app.get_by_test_id("percentile-turn-next").click()
    expect(app.get_by_test_id("percentile-turn-active")).to_contain_text("Now: Ann")
    # N = 90 − 10 = 80; 15 is 65 under: more than 20 under, a direct hit (PCT-35)
    _attack(app, "percentile-strip-c2", "15", "5 6 6 5")
    log = app.get_by_test_id("percentile-log-entry")
    expect(log.first).to_contain_text("Bob is stunned")
    assert any("direct" in e.lower() for e in log.all_inner_texts())
    assert any("destroyed" in e for e in log.all_inner_texts())
    for _ in range(3):  # two more rounds: turns, AP, a miss and hits both ways
        app.get_by_test_id("percentile-turn-next").click()
        active = app.get_by_test_id("percentile-turn-active")
        expect(active).to_contain_text("Now:")
        other = (
            "percentile-strip-c2" if "Now: Ann" in active.inner_text() else "percentile-strip-c1"
        )
        _attack(app, other, "99", "1 1 1 1")  # 99: a miss
    assert len(log.all_inner_texts()) >= 8
    app.evaluate("window.scrollTo(0, 0)")
    app.screenshot(path="e2e/artifacts/percentile-fight.png")  # to look at (768x1024)

    found = {k: v for k, v in leaks.items() if v}
    for key in TABS:
        tab(app, key)
        leaks = rule_text_outside_why(app)
        if leaks:
            found[key] = leaks
    assert found == {}, "\n".join(f"{k}: {v}" for k, vs in found.items() for v in vs)
    assert errors == []


def test_table_3_1_as_published_and_a_percent_to_hit_of_133(app: Page, errors: list[str]) -> None:
    """Issue 29 item 6: the GM types Table #3-1 as printed (cells above 100, fractional range
    rows; the values here are made up, the text does not print them) and a typed Percent to Hit
    of 133 is taken; under d3 a roll of 100 is still 23 under N = 123: a direct hit."""
    _characters(app)
    tab(app, "gm")
    app.get_by_test_id("percentile-gm-pick").select_option("PCT-M04")
    header = "skill_low,skill_high,range_m_low,range_m_high,percent_to_hit\n"
    set_field(app, "percentile-gm-csv", header + "0,100,0,.25,929\n0,100,.25,1.5,133\n")
    app.get_by_test_id("percentile-gm-save").click()
    expect(app.get_by_test_id("percentile-gm-error")).to_have_text("")
    expect(app.get_by_test_id("percentile-gm-rows")).to_contain_text("929")
    tab(app, "settings")
    app.get_by_test_id("percentile-setting-to_hit").select_option("d3")
    tab(app, "combat")
    app.get_by_test_id("percentile-side-add-0").select_option(label="Ann")
    app.get_by_test_id("percentile-side-add-1").select_option(label="Bob")
    set_field(app, "percentile-surprise-typed", "10 80")
    set_field(app, "percentile-order-typed", "20 45")
    app.get_by_test_id("percentile-turn-next").click()
    expect(app.get_by_test_id("percentile-turn-active")).to_contain_text("Now: Ann")
    app.get_by_test_id("percentile-strip-c2").click()
    set_field(app, "percentile-turn-range_m", "0.3")  # Table #3-1's row .25-1.5: 133
    set_field(app, "percentile-turn-percent_against", "10")
    chip = app.get_by_test_id("percentile-turn-weapon-0")
    expect(chip).to_contain_text("100% direct")
    set_field(app, "percentile-turn-percent_to_hit", "133")  # typed by hand: taken
    expect(app.get_by_test_id("percentile-turn-percent_to_hit-error")).to_have_text("")
    expect(chip).to_contain_text("100% direct")
    if app.get_by_test_id("percentile-turn-action_cost").count():  # Table #3-6: asked once
        set_field(app, "percentile-turn-action_cost", "5")
    set_field(app, "percentile-turn-roll-typed", "100")
    log = app.get_by_test_id("percentile-log-entry").first
    expect(log).to_contain_text("N = PTH 133")
    expect(log).to_contain_text("above 100")
    expect(log).to_contain_text("direct")
    assert errors == []


def test_the_checks_tab_follows_undo_and_a_hand_edit(app: Page, errors: list[str]) -> None:
    """Issue 29 item 7: after undoing a change of "Check on" the picker showed the later choice;
    "From Ann's sheet…" stayed after a value was typed by hand."""
    _characters(app)
    tab(app, "checks")
    app.get_by_test_id("percentile-check-char").select_option(label="Ann")
    source = app.get_by_test_id("percentile-check-source")
    expect(source).to_have_value("weapon-0")  # her first weapon
    app.get_by_test_id("percentile-check-source").select_option("perception")
    expect(app.get_by_test_id("percentile-check-target")).to_have_value("50")
    app.get_by_test_id("undo").click()
    expect(source).to_have_value("weapon-0")  # the picker follows the undo
    expect(app.get_by_test_id("percentile-check-target")).to_have_value("60")
    expect(app.get_by_test_id("percentile-check-filled")).to_contain_text("Ann")
    set_field(app, "percentile-check-target", "47")  # a value typed by hand
    expect(app.get_by_test_id("percentile-check-filled")).not_to_contain_text("Ann's sheet")
    assert errors == []
