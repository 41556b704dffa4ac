"""GUR-09 on the Combat tracker at 768x1024 (004 line 48): a GM's play-through, three fighters,
found the posture of a Change Posture at y 1060-1107, under the next fighter's chips. It is
chosen in his step, in view; lying down, standing is not offered (no standing directly)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter


def test_the_posture_of_a_change_posture_is_in_view(app: Page, errors: list[str]) -> None:
    speeds = {"Bo": "7", "Cy": "6", "Ana": "5"}  # Bo acts first
    app.get_by_test_id("nav-gurps").click()
    for name in speeds:
        app.get_by_test_id("gurps-new").click()
        enter(app, "gurps-name", name)
        enter(app, "gurps-basic_speed", speeds[name])
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    app.get_by_test_id("gurps-take-change-posture").click()  # Bo's turn
    posture = app.get_by_test_id("gurps-posture-g1")
    posture.select_option("Lying Down")
    expect(posture).to_have_value("Lying Down")
    box = posture.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1024, box
    assert "Standing" not in posture.locator("option").all_inner_texts()
    assert errors == []
