"""Issue 31 item 6: each system's character or fighter prints as a sheet (as Simply's record)
on exactly one A4 and one Letter page, with the record's values and without the app's
navigation, the forms' buttons or the other tabs. 3d6 and Aftermath printed the roster and the
campaign settings; Percentile printed three pages of form boxes and buttons."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from support import aftermath_fighter, enter
from test_aftermath_attack import RIFLE

# Paper widths less 12 mm margins at 96 dpi (as the Simply record's test).
PAPERS = (("A4", 718), ("Letter", 740))


def _printed(page: Page, button: str, wanted: tuple[str, ...], unwanted: tuple[str, ...]) -> None:
    """The Print button is there; on paper the text shown is the sheet's alone, with the
    wanted values; the PDF is one page on A4 and on Letter."""
    expect(page.get_by_test_id(button)).to_be_visible()
    page.emulate_media(media="print")
    try:
        for paper, width in PAPERS:
            page.set_viewport_size({"width": width, "height": 1000})
            text = page.evaluate("() => document.body.innerText")
            missing = [w for w in wanted if w not in text]
            assert missing == [], f"{paper}: the printed page lacks {missing}:\n{text}"
            shown = [u for u in unwanted if u in text]
            assert shown == [], f"{paper}: the printed page shows {shown}:\n{text}"
            page.screenshot(path=f"e2e/artifacts/{button}-{paper}.png", full_page=True)
            margins = {k: "12mm" for k in ("top", "right", "bottom", "left")}
            pdf = page.pdf(format=paper, margin=margins)
            pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
            assert pages == 1, f"the sheet prints on {pages} {paper} pages"
    finally:
        page.emulate_media(media="screen")
        page.set_viewport_size({"width": 768, "height": 1024})


def _fill(page: Page, prefix: str, typed: dict[str, str]) -> None:
    for field, value in typed.items():
        enter(page, f"{prefix}-{field}", value)


def test_a_3d6_fighter_prints_on_one_page(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    typed = {
        "name": "Sir Aldric",
        "st": "13",
        "dx": "12",
        "hp_now": "7",
        "weapon": "Bastard sword",
        "dr": "3",
        "dr_locations": "skull=4",
    }
    _fill(app, "gurps", typed)
    app.get_by_test_id("gurps-line-add").click()
    enter(app, "gurps-line-0-name", "Pommel strike")
    expect(app.get_by_test_id("gurps-combatant")).to_contain_text("Sir Aldric · HP 7/10")
    _printed(
        app,
        "gurps-print",
        (
            "Sir Aldric",
            "13 / 12 / 10 / 10",
            "7 of 10",
            "Bastard sword",
            "skull=4",
            "Pommel strike",
            "Dodge",
            "Standing",
        ),
        ("New combatant", "Combat tracker", "Campaign", "Print sheet", "Share"),
    )
    assert errors == []


def test_an_aftermath_character_prints_on_one_page(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-aftermath").click()
    aftermath_fighter(app, "Mara Voss", "Rifle", "14", RIFLE)
    enter(app, "aft-attr-STR", "30")
    enter(app, "aft-armor-locations", "4-12")
    app.get_by_test_id("aft-armor-material").select_option("Heavy Leather")
    app.get_by_test_id("aft-armor-wear").click()
    enter(app, "aft-item-name", "Canteen")
    enter(app, "aft-item-enc", "2")
    app.get_by_test_id("aft-item-add").click()
    app.get_by_test_id("aft-conditions-kind").select_option("system_shock")
    app.get_by_test_id("aft-conditions-add").click()
    expect(app.get_by_test_id("aft-conditions-entry")).to_have_count(1)
    _printed(
        app,
        "aft-print",
        (
            "Mara Voss",
            "Rifle BCS 14",
            "G4 · 2D6",
            "Heavy Leather",
            "Canteen (ENC 2)",
            "DRT",
            "40",
            "AV 4",
            "System Shock",
        ),
        ("New character", "Add skill", "Clear damage record", "Print sheet", "Rolls"),
    )
    assert errors == []


def test_a_percentile_character_prints_on_one_page(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-percentile").click()
    app.get_by_test_id("percentile-char-new").click()
    typed = {
        "char-name": "Ann Kessler",
        "char-aim": "70",
        "wform-name": "AUTO PISTOL",
        "wform-wep_dif": "30",
        "wform-damage_die": "4+2",
    }
    _fill(app, "percentile", typed)
    app.get_by_test_id("percentile-weapon-add").click()
    for body, points in (("arm", "20"), ("head", "10")):
        enter(app, "percentile-pform-name", body)
        enter(app, "percentile-pform-points", points)
        app.get_by_test_id("percentile-part-add").click()
    expect(app.get_by_test_id("percentile-part-row")).to_have_count(2)
    _printed(
        app,
        "percentile-print",
        (
            "Ann Kessler",
            "AIM",
            "70",
            "AUTO PISTOL",
            "(AIM 70 + WEP DIF 30) / 2 = 50",
            "head",
            "working",
        ),
        ("Delete character", "Remove", "Add", "Checks", "Print sheet", "Damage record\nEach"),
    )
    assert errors == []
