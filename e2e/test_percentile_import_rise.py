"""Percentile's import question, driven as a GM does on a 768x1024 tablet: a GM tables file (the
GM page) or a share link (the Share page) whose Table #3-7.0 modifier falls as the damage rises
(50 for 25 to 40 points after 200 for 10 to 24: the modifier only grows with the damage, lines
49 and 74) is asked about before anything comes in (``table_rise.asked_on_import``). Kept, its
rows are on the GM page and survive a reload; refused, nothing here changes. The unit tests
(tests/test_percentile_import_rise.py) drive the same messages without a browser."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect
from support import READY

from pycore.share import encode, share_record
from pycore.store import default_data

NOW = "2026-11-23T10:00:00+00:00"
SHOTS = Path("/tmp/shots-percentile")
# Table #3-7.0 (PCT-M02) as the GM's file and link bring it: 50 for 25 to 40 points falls below
# the 200 for 10 to 24 (the unit tests' table falls in its first row; this one in its last)
FALLING = [
    {"damage_low": 0, "damage_high": 9, "modifier": 0},
    {"damage_low": 10, "damage_high": 24, "modifier": 200},
    {"damage_low": 25, "damage_high": 40, "modifier": 50},
]
KEPT = ["0 9 0", "10 24 200", "25 40 50"]  # the GM page's rows, as they read
ASKED = (
    "GM table Damage modifiers (Table #3-7.0): Row 3, column 'modifier': 50 for 25 to 40 points "
    "is less than the 200 of row 2 for 10 to 24 points; allowed: 200 to 100000, as the modifier "
    "only grows with the damage. Keep these rows anyway?"
)


def _gm_tab(page: Page) -> None:
    page.get_by_test_id("nav-percentile").click()
    page.get_by_test_id("percentile-tab-gm").click()
    expect(page.get_by_test_id("percentile-tab-gm")).to_have_attribute("aria-pressed", "true")


def _choose(page: Page, file: Path) -> None:
    """The GM taps "Import GM tables file…" (scrolled to, as a finger reaches it) and picks
    ``file`` in the chooser it opens."""
    label = page.locator("label[for=percentile-gm-file]")
    label.scroll_into_view_if_needed()
    with page.expect_file_chooser() as chooser:
        label.click()
    chooser.value.set_files(str(file))


def _rows_of(page: Page, table: str) -> list[str]:
    """The GM page's rows of ``table`` (its id), one text per row."""
    page.get_by_test_id("percentile-gm-pick").select_option(table)
    rows = page.get_by_test_id("percentile-gm-rows").locator("tbody tr")
    return [" ".join(r.split()) for r in rows.all_inner_texts()]


def _reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector(READY, timeout=60_000)


def test_a_gm_tables_file_with_a_falling_table_3_7_0_is_asked_then_kept(
    app: Page, errors: list[str], tmp_path: Path
) -> None:
    file = tmp_path / "percentile-gm-tables.json"
    tables = {
        "damage_modifiers": FALLING,
        "adversity_modifiers": [{"condition": "smoke", "value": 15}],
    }
    file.write_text(
        json.dumps(
            {"app": "rulekeeper", "kind": "percentile-gm-tables", "version": 2, "tables": tables}
        )
    )
    _gm_tab(app)
    waiting = app.get_by_test_id("percentile-gm-waiting")
    expect(waiting).to_contain_text("Damage modifiers")  # no Table #3-7.0 here yet
    _choose(app, file)
    # the question, with its two answers, on the screen where the file was chosen
    question = app.get_by_test_id("percentile-gm-file-error")
    expect(question).to_have_text(ASKED)
    keep = app.get_by_test_id("percentile-gm-import-keep")
    expect(keep).to_have_text("Keep these rows (GM; logged)")
    expect(app.get_by_test_id("percentile-gm-import-refuse")).to_have_text("Don't import the file")
    for shown in (question, keep):
        expect(shown).to_be_in_viewport(ratio=1)
    expect(waiting).to_contain_text("Damage modifiers")  # nothing brought in while asked
    # refused: nothing changes, and it is said
    app.get_by_test_id("percentile-gm-import-refuse").click()
    expect(app.get_by_test_id("percentile-gm-note")).to_have_text(
        "The file was not imported: nothing changed."
    )
    expect(keep).to_have_count(0)
    expect(waiting).to_contain_text("Damage modifiers")
    # he changes his mind: the same file chosen again is asked again, then kept
    _choose(app, file)
    expect(question).to_have_text(ASKED)
    keep.click()
    note = app.get_by_test_id("percentile-gm-note")
    expect(note).to_contain_text("kept as typed: GM table Damage modifiers (Table #3-7.0)")
    expect(question).to_have_text("")
    expect(waiting).not_to_contain_text("Damage modifiers")
    assert _rows_of(app, "PCT-M02") == KEPT
    app.screenshot(path=str(SHOTS / "percentile-gm-import-kept.png"))
    # a reload: the rows the GM kept are still here, the question gone
    _reload(app)
    _gm_tab(app)
    assert _rows_of(app, "PCT-M02") == KEPT
    assert _rows_of(app, "PCT-M05") == ["smoke 15"]
    expect(app.get_by_test_id("percentile-gm-import-keep")).to_have_count(0)
    assert errors == []


def test_a_shared_falling_table_3_7_0_is_asked_on_the_share_page_then_kept(
    app: Page, app_url: str, errors: list[str]
) -> None:
    state = {**default_data(), "percentile": {"gm": {"damage_modifiers": FALLING}}}
    record, _ = share_record(state, "percentile.gm_tables", 0, NOW, "u")
    app.goto(f"{app_url}#/share/{encode(record)}")
    _reload(app)
    app.get_by_test_id("share-import").click()
    asked = app.get_by_test_id("share-asked")
    expect(asked).to_have_text(ASKED)
    keep = app.get_by_test_id("share-keep-asked")
    expect(keep).to_have_text("Keep these rows (GM; logged)")
    for shown in (asked, keep, app.get_by_test_id("share-refuse-asked")):
        expect(shown).to_be_in_viewport(ratio=1)
    # refused: nothing imported, said; asked again on the next Import
    app.get_by_test_id("share-refuse-asked").click()
    expect(app.get_by_test_id("share-refused")).to_have_text("Not imported: nothing here changed.")
    app.get_by_test_id("share-import").click()
    expect(asked).to_have_text(ASKED)
    keep.click()
    expect(app.get_by_test_id("share-imported")).to_contain_text("was added")
    app.get_by_test_id("share-go").click()
    expect(app.get_by_test_id("percentile-tab-gm")).to_have_attribute("aria-pressed", "true")
    assert _rows_of(app, "PCT-M02") == KEPT
    _reload(app)
    _gm_tab(app)
    assert _rows_of(app, "PCT-M02") == KEPT
    assert errors == []
