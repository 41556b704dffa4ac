"""Hands at 768x1024 (GUR-21, 004 lines 93, 97): Bo's greatsword is marked two-handed on his
sheet, a punch and a kick beside it. On his attack step the punch is not offered, the kick is,
and a plain line says why, in view with the attack's chance."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, in_view, shot


def test_a_greatsword_in_both_hands_leaves_the_kick(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Ana")
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Bo")
    enter(app, "gurps-basic_speed", "6")  # he acts first
    enter(app, "gurps-weapon", "Greatsword")
    enter(app, "gurps-damage", "2d")
    app.get_by_test_id("gurps-two_handed").select_option("yes")
    for index, name in enumerate(("Punch", "Kick")):
        app.get_by_test_id("gurps-line-add").click()
        enter(app, f"gurps-line-{index}-name", name)
        enter(app, f"gurps-line-{index}-skill", "12")  # a new line's skill is typed
        enter(app, f"gurps-line-{index}-damage", "1d-2")
        app.get_by_test_id(f"gurps-line-{index}-damage-type").select_option("cr")
        app.get_by_test_id(f"gurps-line-{index}-two-handed").select_option("no")
        app.get_by_test_id(f"gurps-line-{index}-unarmed").select_option("yes")
    expect(app.get_by_test_id("gurps-two_handed")).to_have_value("yes")
    expect(app.get_by_test_id("gurps-line-1-unarmed")).to_have_value("yes")
    app.get_by_test_id("gurps-two_handed").scroll_into_view_if_needed()
    shot(app, "sheet-two-handed")
    app.get_by_test_id("gurps-line-1-unarmed").scroll_into_view_if_needed()
    shot(app, "sheet-lines")
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    app.get_by_test_id("gurps-take-attack").click()  # Bo's turn
    expect(app.get_by_test_id("gurps-fight-punch")).to_have_text(
        "Both hands hold the Greatsword: no punch; kick instead."
    )
    expect(app.get_by_test_id("gurps-fight-line-1")).to_have_count(0)
    expect(app.get_by_test_id("gurps-fight-line-2")).to_contain_text("Kick (1d-2 cr)")
    for testid in ("gurps-fight-punch", "gurps-fight-line-2", "gurps-fight-hit"):
        in_view(app, testid)
    shot(app, "attack-no-punch")
    assert errors == []
