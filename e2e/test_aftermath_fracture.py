"""A compound fracture recorded by hand on a sheet (AFT-25, 001 lines 32-34: it "bleeds to death
as for a normal Sever", in Health Group + 1D6 Combat Turns): the conditions card offers the
1D6, a typed 7 is refused beside the field, a 5 records the fracture and its countdown, and
Undo takes both back. A save of the release before, which named an attack's compound fracture
"Broken bone", shows it as "Compound fracture" once loaded."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect
from support import READY, enter, run_axe

SHOTS = Path("/tmp/shots-aftermath-e2e")


def test_a_compound_fracture_by_hand_bleeds_with_the_die_typed(
    app: Page, errors: list[str]
) -> None:
    app.get_by_test_id("nav-aftermath").click()
    app.get_by_test_id("aft-char-new").click()
    enter(app, "aft-name", "Bo")
    expect(app.get_by_test_id("aft-char-entry").last).to_contain_text("Bo")
    enter(app, "aft-attr-HLH", "24")  # Health Group 3 (001 lines 365-366)
    app.get_by_test_id("aft-conditions-kind").select_option("compound_fracture")
    expect(app.get_by_test_id("aft-conditions-fracture")).to_contain_text(
        "Bo bleeds to death in 1D6+3 Combat Turns unless bandaged or cauterized"
    )
    expect(app.get_by_test_id("aft-conditions-add")).to_have_text("Roll for me")
    enter(app, "aft-conditions-die-typed", "7")
    expect(app.locator("#aft-conditions-die-typed-error")).to_have_text(
        "Bleeding 1D6 rolled: a die from 1 to 6 cannot show 7"
    )
    expect(app.get_by_test_id("aft-conditions-entry")).to_have_count(0)
    app.get_by_test_id("aft-conditions-fracture").scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.screenshot(path=str(SHOTS / "fracture-refused-768x1024.png"))
    violations = run_axe(app)
    assert violations == [], [(v["id"], v["help"], len(v["nodes"])) for v in violations]
    enter(app, "aft-conditions-die-typed", "5")
    entries = app.get_by_test_id("aft-conditions-entry")
    expect(entries).to_have_count(2)
    expect(entries.nth(0)).to_contain_text("Compound fracture from turn 1, phase 1")
    # 5 + Health Group 3 = 8 Combat Turns: until after turn 9, phase 1.
    expect(entries.nth(1)).to_contain_text(
        "Bleeding to death from turn 1, phase 1 until after turn 9, phase 1"
    )
    expect(app.locator("#aft-conditions-die-typed-error")).to_have_text("")
    app.screenshot(path=str(SHOTS / "fracture-added-768x1024.png"))
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("aft-conditions-entry")).to_have_count(0)
    assert errors == []


def test_an_old_saves_compound_fracture_shows_as_one(app: Page, errors: list[str]) -> None:
    """Bo's compound fracture of location 30 as the release before stored it (a "Broken bone"
    noted "location 30" and its countdown noted "compound fracture location 30"), loaded from
    the storage: named "Compound fracture", its countdown kept (saved.fractures_named)."""
    bone = {"name": "Broken bone", "start": [1, 1], "until": None, "rule": "AFT-25"}
    bleeding = {
        "name": "Bleeding to death",
        "start": [1, 1],
        "until": [8, 1],
        "rule": "AFT-25",
        "note": "compound fracture location 30, 1D6+2 (5) + 2 = 7 Combat Turns; dies when this "
        "ends unless bandaged",
    }
    bo = {"name": "Bo", "conditions": [{**bone, "note": "location 30"}, bleeding]}
    data = {"schema": 3, "characters": [{"name": "Ana", "conditions": []}, bo]}
    envelope = {"app": "rulekeeper", "schema": 2, "saved": "2026-11-01T10:00:00Z"}
    old = json.dumps({**envelope, "section": "aftermath", "version": 3, "data": data})
    app.evaluate("d => localStorage.setItem('rulekeeper:section:aftermath', d)", old)
    app.reload()
    app.wait_for_selector(READY, timeout=60_000)
    app.get_by_test_id("nav-aftermath").click()
    app.get_by_test_id("aftermath-tab-combat").click()
    expect(app.get_by_test_id("aft-card-conditions-1")).to_contain_text(
        "Compound fracture (rest of the combat), Bleeding to death (dies after turn 8, phase 1"
    )
    assert errors == []
