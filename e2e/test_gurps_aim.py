"""GUR-11 on the Combat tracker at 768x1024 (004 line 49): Bo (a bow, Acc 3) takes Aim and the
GM taps Ana's card; the turns pass and the page is reloaded; his next Attack starts at Ana with
his Acc, the range typed the only entry (a GM's play-through: it started at Cy, no Acc)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import READY, enter


def _in_view(app: Page, testid: str) -> None:
    box = app.get_by_test_id(testid).first.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1024, box


def test_his_attack_after_aim_adds_acc_at_the_one_aimed_at(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-gurps").click()
    for name, speed in (("Bo", "7"), ("Cy", "6"), ("Ana", "5")):
        app.get_by_test_id("gurps-new").click()
        enter(app, "gurps-name", name)
        enter(app, "gurps-basic_speed", speed)
        if name == "Bo":
            for field, value in (("weapon", "Longbow"), ("acc", "3"), ("max_range", "200")):
                enter(app, f"gurps-{field}", value)
            app.get_by_test_id("gurps-attack_kind").select_option("bow")
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    app.get_by_test_id("gurps-take-aim").click()  # Bo's turn
    app.get_by_test_id("gurps-target-g3").click()  # at Ana
    expect(app.get_by_test_id("gurps-fight-aim")).to_contain_text(
        "Aiming at Ana: 1 second of Aim with this turn"
    )
    _in_view(app, "gurps-fight-aim")
    app.get_by_test_id("gurps-next-take-do-nothing").click()  # Cy
    app.get_by_test_id("gurps-next-take-do-nothing").click()  # Ana
    app.reload()
    app.wait_for_selector(READY)
    app.get_by_test_id("gurps-next-take-attack").click()  # Bo, round 2
    expect(app.get_by_test_id("gurps-turn")).to_contain_text("Longbow (1d+1 cut), skill 12, at Ana")
    enter(app, "gurps-fight-yards", "10")
    expect(app.get_by_test_id("gurps-fight-line")).to_have_text(
        "base 12 + Attack +0 + speed/range 10 yd −4 + Aim: Acc +3 = 11"
    )
    _in_view(app, "gurps-fight-attack-roll")
    assert errors == []
