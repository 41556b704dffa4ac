"""Opening a share link (issue 31 items 4 and 5), at 768x1024 and on a 390x844 phone: the preview
is the record's sheet in the game's words (every stat, skills, weapons, gear, the time in local
time) with Import in view; each link opened starts a fresh preview; the message says what
happened (added, replaced); "Open it" opens the record."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, expect
from support import PHONE, READY

# Appended, not first: e2e/ has test modules of the names tests/ has (test_share ...).
sys.path.append(str(Path(__file__).resolve().parent.parent / "tests"))
from share_samples import FILLED, NOW

from pycore.share import encode, share_record
from pycore.systems.gurps.sheet import Combatant, combatant_to_json


def _link(app_url: str, kind: str, section: str, key: str, ref: object, item: object) -> str:
    state = {section: {key: [item], "selected": 0}}
    record, _ = share_record(state, kind, ref, NOW, f"uid-{kind}")  # type: ignore[arg-type]
    return f"{app_url}#/share/{encode(record)}"


def _open(page: Page, link: str) -> None:
    page.goto(link)
    page.wait_for_selector(READY, timeout=60_000)
    expect(page.get_by_test_id("share-preview")).to_be_visible()


def test_the_preview_is_a_readable_sheet_and_each_link_starts_afresh(
    app: Page, app_url: str
) -> None:
    mara = _link(app_url, "simply.character", "simply_characters", "list", 0, FILLED)
    bo = combatant_to_json(Combatant(id="g1", name="Bo", weapon="Spear", weapon_skill=13))
    fighter = _link(app_url, "gurps.fighter", "gurps", "combatants", "g1", bo)

    app.set_viewport_size(PHONE)
    _open(app, mara)
    preview = app.get_by_test_id("share-preview")
    # Issue 31: raw keys, only the values that differ from a fresh sheet, no skills or gear.
    for words in ("Strength", "Coordination", "Intellect", "Health", "Luck", "Stealth (Capable)"):
        expect(preview).to_contain_text(words)
    for words in ("Skills", "Gear", "Lantern", "Abilities", "Keen Eyes", "History"):
        expect(preview).to_contain_text(words)
    text = str(preview.text_content())
    assert "hp now" not in text and "T10:00" not in text and "+00:00" not in text, text
    assert re.search(r"last changed \d+ Nov 2026, \d\d:\d\d", text), text
    box = app.get_by_test_id("share-import").bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    assert app.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    app.set_viewport_size({"width": 768, "height": 1024})
    app.get_by_test_id("share-import").click()
    expect(app.get_by_test_id("share-imported")).to_have_text(re.compile("Mara Voss was added"))

    # A second link in the same tab: a fresh preview with its own Import button.
    _open(app, fighter)
    expect(app.get_by_test_id("share-preview")).to_contain_text("Strength (ST)")
    expect(app.get_by_test_id("share-preview")).to_contain_text("Spear, skill 13")
    expect(app.get_by_test_id("share-imported")).to_have_count(0)
    app.get_by_test_id("share-import").click()
    expect(app.get_by_test_id("share-imported")).to_have_text(re.compile("Bo was added"))

    # The first link again: the same record is here, so Replace; the message says so.
    _open(app, mara)
    expect(app.get_by_test_id("share-imported")).to_have_count(0)
    app.get_by_test_id("share-import").click()
    app.get_by_test_id("share-replace").click()
    expect(app.get_by_test_id("share-imported")).to_have_text(
        re.compile("Mara Voss replaced the one here")
    )

    # "Open it": the Simply Characters tab with Mara chosen, not the page's first tab.
    app.get_by_test_id("share-go").click()
    expect(app.get_by_test_id("simply-tab-characters")).to_have_attribute("aria-pressed", "true")
    expect(app.get_by_test_id("char-name")).to_have_value("Mara Voss")
