"""The Attack tab reads the speed/range modifier past 100 yd the GM gave for a pair's range on
the tracker (GUR-28; FIGHT.md's first law: the fight holds it with their range), at 768x1024:
Ana shoots Bo at 150 yd with −11 on the tracker, then works the same shot on the Attack tab,
which uses the −11 and says whose it is."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import Page, expect
from support import enter

#: Set it to a folder to keep the screenshot of the Attack tab (to look at it).
SHOTS = os.environ.get("RK_SHOTS", "")


def bow_shot(app: Page, yards: str, beyond: str = "") -> None:
    """Ana's long bow at Bo on the tracker at ``yards`` (the GM's modifier past the table if
    ``beyond``); a miss ends the attack."""
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Ana")
    enter(app, "gurps-basic_speed", "6")  # she acts first
    for field, value in (("weapon", "Long bow"), ("damage", "1d"), ("half_d", "150")):
        enter(app, f"gurps-{field}", value)
    enter(app, "gurps-max_range", "200")
    app.get_by_test_id("gurps-attack_kind").select_option("bow")
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Bo")
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    app.get_by_test_id("gurps-take-attack").click()
    enter(app, "gurps-fight-yards", yards)
    if beyond:
        enter(app, "gurps-fight-range-beyond", beyond)
    enter(app, "gurps-fight-attack-typed", "6 6 6")  # a miss: the attack ends


def test_the_attack_tab_uses_the_modifier_held_for_the_pair(app: Page, errors: list[str]) -> None:
    bow_shot(app, "150", "-11")
    app.get_by_test_id("gurps-tab-attack").click()
    app.get_by_test_id("gurps-attack-attacker").select_option(label="Ana")
    app.get_by_test_id("gurps-attack-defender").select_option(label="Bo")
    enter(app, "gurps-attack-yards", "150")
    said = app.get_by_test_id("gurps-attack-range-beyond-held")
    expect(said).to_have_text("−11: the value typed for this range (150 yd), kept while it holds")
    expect(app.get_by_test_id("gurps-attack-range_beyond")).to_have_value("-11")
    expect(app.get_by_test_id("gurps-skill-line")).to_contain_text("(yours: past the table) −11")
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        said.scroll_into_view_if_needed()
        app.screenshot(path=f"{SHOTS}/attack-tab-beyond-held.png")
    enter(app, "gurps-attack-yards", "160")  # another range: his table's figure, asked again
    expect(said).to_have_count(0)
    expect(app.get_by_test_id("gurps-attack-range_beyond")).to_have_value("")
    assert errors == []
