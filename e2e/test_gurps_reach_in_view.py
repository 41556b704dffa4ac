"""The melee reach question at 768x1024 (GUR-14, GUR-21; 004 lines 52, 88): Bo shot his bow at
Ana from 30 yd; he drew his knife, and on his next turn it asks whether he closed within reach. A GM's
play-through found the question under the line's odds: a GM reads top-down and taps the roll.
It sits above the odds and the roll, in view."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, in_view, shot

ASKED = "Ana is 30 yd away (the range the fight holds): moved within reach?"


def _bo_and_ana(app: Page) -> None:
    """Ana, and Bo (a Short bow first on his sheet, then a knife) who acts first."""
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Ana")
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Bo")
    enter(app, "gurps-basic_speed", "6")  # he acts first
    for field, value in (("weapon", "Short bow"), ("damage", "1d"), ("max_range", "200")):
        enter(app, f"gurps-{field}", value)
    app.get_by_test_id("gurps-attack_kind").select_option("bow")
    app.get_by_test_id("gurps-line-add").click()
    enter(app, "gurps-line-0-name", "Knife")
    enter(app, "gurps-line-0-skill", "12")
    app.get_by_test_id("gurps-line-0-kind").select_option("melee")
    enter(app, "gurps-line-0-reach", "C,1")
    enter(app, "gurps-line-0-damage", "1d-1")
    app.get_by_test_id("gurps-line-0-damage-type").select_option("cut")
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()


def test_the_reach_question_sits_above_the_odds(app: Page, errors: list[str]) -> None:
    _bo_and_ana(app)
    app.get_by_test_id("gurps-take-attack").click()  # Bo's turn: his bow at Ana
    enter(app, "gurps-fight-yards", "30")
    enter(app, "gurps-fight-attack-typed", "6 6 6")  # a miss: the fight holds the 30 yd
    app.get_by_test_id("gurps-next-take-do-nothing").click()  # Ana's turn
    app.get_by_test_id("gurps-next-take-attack").click()  # Bo's next turn
    # His knife is drawn first (004 line 95: "Ready Knife", one tap), then Ana's turn passes.
    app.get_by_test_id("gurps-fight-ready-1").click()
    app.get_by_test_id("gurps-next-take-do-nothing").click()
    app.get_by_test_id("gurps-next-take-attack").click()  # Bo's turn: the knife in hand
    expect(app.get_by_test_id("gurps-fight-reach")).to_have_text(ASKED)
    expect(app.get_by_test_id("gurps-fight-attack-roll")).to_be_disabled()
    asked = app.get_by_test_id("gurps-fight-reach").bounding_box()
    odds = app.get_by_test_id("gurps-fight-hit").bounding_box()
    roll = app.get_by_test_id("gurps-fight-attack-roll").bounding_box()
    assert asked and odds and roll
    assert asked["y"] + asked["height"] <= odds["y"], (asked, odds)
    assert asked["y"] + asked["height"] <= roll["y"], (asked, roll)
    for testid in ("gurps-fight-reach", "gurps-fight-reach-yes", "gurps-fight-hit"):
        in_view(app, testid)
    shot(app, "reach-question")
    app.get_by_test_id("gurps-fight-reach-yes").click()
    expect(app.get_by_test_id("gurps-fight-reach")).to_have_count(0)
    expect(app.get_by_test_id("gurps-fight-attack-roll")).to_be_enabled()
    assert errors == []


def test_the_attack_tab_asks_it_too(app: Page, errors: list[str]) -> None:
    """The Attack tab (the single-attack worksheet) offered the same knife to roll at 30 yd: it
    asks the tracker's question, above its odds, its roll waiting for the answer."""
    _bo_and_ana(app)
    app.get_by_test_id("gurps-take-attack").click()
    enter(app, "gurps-fight-yards", "30")
    enter(app, "gurps-fight-attack-typed", "6 6 6")
    app.get_by_test_id("gurps-next-take-do-nothing").click()
    app.get_by_test_id("gurps-next-take-attack").click()
    # His knife is drawn first (004 line 95: "Ready Knife", one tap), then Ana's turn passes.
    app.get_by_test_id("gurps-fight-ready-1").click()
    app.get_by_test_id("gurps-next-take-do-nothing").click()
    app.get_by_test_id("gurps-next-take-attack").click()  # Bo's turn: the knife in hand
    app.get_by_test_id("gurps-tab-attack").click()
    expect(app.get_by_test_id("gurps-attack-reach")).to_have_text(ASKED)
    expect(app.get_by_test_id("gurps-roll-attack")).to_be_disabled()
    asked = app.get_by_test_id("gurps-attack-reach").bounding_box()
    odds = app.get_by_test_id("gurps-hit-chance").bounding_box()
    assert asked and odds and asked["y"] + asked["height"] <= odds["y"], (asked, odds)
    app.get_by_test_id("gurps-attack-reach").scroll_into_view_if_needed()
    shot(app, "attack-tab-reach-question")
    app.get_by_test_id("gurps-attack-reach-yes").click()
    expect(app.get_by_test_id("gurps-attack-reach")).to_have_count(0)
    expect(app.get_by_test_id("gurps-roll-attack")).to_be_enabled()
    assert errors == []
