"""Share buttons for the records issue 31 item 7 names, on a 768x1024 tablet: a Percentile
character, each system's campaign settings, Percentile's GM tables, a party and the whole
campaign. Each goes as a link to a fresh browser (its own storage), its QR code read back from a
screenshot; the preview reads in the game's words; the import brings it in. A campaign too long
for a link goes as a file; a party holding a record its system refuses changes nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from support import READY, enter, open_again
from support import fresh_page as _fresh
from support import qr_text as _qr_text
from support import read_screen as _read_screen

from pycore.share import ShareRecord, encode
from pycore.share.records import record_to_json
from pycore.systems.simply.character import Character
from pycore.systems.simply.character_json import character_to_json
from pycore.systems.system import SYSTEM_KEYS

NOW = "2026-11-23T10:00:00+00:00"


def _tab(page: Page, system: str, key: str) -> None:
    page.get_by_test_id(f"nav-{system}").click()
    page.get_by_test_id(f"{system}-tab-{key}").click()
    expect(page.get_by_test_id(f"{system}-tab-{key}")).to_have_attribute("aria-pressed", "true")


def _percentile_character(page: Page, name: str) -> None:
    _tab(page, "percentile", "characters")
    page.get_by_test_id("percentile-char-new").click()
    enter(page, "percentile-char-name", name)
    enter(page, "percentile-char-aim", "70")
    enter(page, "percentile-wform-name", "AUTO PISTOL")
    enter(page, "percentile-wform-wep_dif", "30")
    enter(page, "percentile-wform-damage_die", "4+2")
    page.get_by_test_id("percentile-weapon-add").click()
    expect(page.get_by_test_id("percentile-weapon-skill")).to_be_visible()


def _link(page: Page, button: str) -> str:
    """Press a Share button; the link, once its QR code reads back as it (drawn and on screen)."""
    page.get_by_test_id(button).click()
    link = str(page.get_by_test_id("share-link").get_attribute("href"))
    assert "#/share/2." in link
    assert _qr_text(page) == link
    page.get_by_test_id("share-qr").evaluate("e => e.scrollIntoView({block: 'center'})")
    assert _read_screen(page) == link
    return link


def test_a_percentile_character_shares_as_link_qr_and_imports(
    app: Page, browser: Browser, browser_context_args: dict[str, Any], errors: list[str]
) -> None:
    _percentile_character(app, "Ann Kessler")
    link = _link(app, "share")

    other = _fresh(browser, browser_context_args, link)
    preview = other.get_by_test_id("share-preview")
    for words in ("Percentile character", "Ann Kessler", "AIM", "70", "AUTO PISTOL", "Race"):
        expect(preview).to_contain_text(words)
    other.get_by_test_id("share-import").click()
    expect(other.get_by_test_id("share-imported")).to_contain_text("Ann Kessler was added")
    other.get_by_test_id("share-go").click()
    expect(other.get_by_test_id("percentile-char-name")).to_have_value("Ann Kessler")
    expect(other.get_by_test_id("percentile-char-aim")).to_have_value("70")
    expect(other.get_by_test_id("percentile-char-pick")).to_have_count(1)

    # The same link again: the record is here, so the GM is asked; keep both.
    open_again(other, link)
    other.get_by_test_id("share-import").click()
    expect(other.get_by_test_id("share-clash")).to_contain_text("Replace it, or keep both?")
    other.get_by_test_id("share-keep-both").click()
    _tab(other, "percentile", "characters")
    expect(other.get_by_test_id("percentile-char-pick")).to_have_count(2)
    assert errors == []


def _simply_settings(page: Page) -> None:
    _tab(page, "simply", "characters")
    page.get_by_test_id("campaign-settings").locator(":scope > summary").click()
    enter(page, "campaign-stat_max", "12")


def _gurps_settings(page: Page) -> None:
    page.get_by_test_id("nav-gurps").click()
    page.get_by_test_id("gurps-setting-eye").select_option("if it does not blind")


def _aftermath_settings(page: Page) -> None:
    _tab(page, "aftermath", "settings")
    page.get_by_test_id("aft-set-bdg_order").select_option("critical_first")


def _percentile_settings(page: Page) -> None:
    _tab(page, "percentile", "settings")
    page.get_by_test_id("percentile-setting-grazing").select_option("off")


#: Each system: how a GM changes a setting, the words the preview shows for it, and how the
#: importing page shows it.
SETTINGS: dict[str, tuple[Callable[[Page], None], str, Callable[[Page], None]]] = {
    "simply": (
        _simply_settings,
        "Highest stat12",
        lambda p: expect(p.get_by_test_id("campaign-stat_max")).to_have_value("12"),
    ),
    "gurps": (
        _gurps_settings,
        "is not a skull hit",
        lambda p: expect(p.get_by_test_id("gurps-setting-eye")).to_have_value(
            "if it does not blind"
        ),
    ),
    "aftermath": (
        _aftermath_settings,
        "Critical bonus, then range modifier",
        lambda p: expect(p.get_by_test_id("aft-set-bdg_order")).to_have_value("critical_first"),
    ),
    "percentile": (
        _percentile_settings,
        "grazing off",
        lambda p: expect(p.get_by_test_id("percentile-setting-grazing")).to_have_value("off"),
    ),
}


@pytest.mark.parametrize("system", SYSTEM_KEYS)  # a system missing from SETTINGS fails
def test_campaign_settings_share_and_import(
    app: Page, browser: Browser, browser_context_args: dict[str, Any], system: str
) -> None:
    change, words, shown = SETTINGS[system]
    change(app)
    link = _link(app, "share-settings")
    other = _fresh(browser, browser_context_args, link)
    expect(other.get_by_test_id("share-preview")).to_contain_text("settings, last changed")
    expect(other.get_by_test_id("share-preview")).to_contain_text(words)
    other.get_by_test_id("share-import").click()
    clash = other.get_by_test_id("share-clash")  # a fresh store's settings may hold defaults
    expect(other.get_by_test_id("share-imported").or_(clash)).to_be_visible()
    if clash.count():
        expect(clash).to_contain_text("This replaces your")
        other.get_by_test_id("share-replace").click()
    expect(other.get_by_test_id("share-imported")).to_be_visible()
    other.get_by_test_id("share-go").click()
    if system == "simply":
        other.get_by_test_id("campaign-settings").locator(":scope > summary").click()
    shown(other)


def test_percentile_gm_tables_share_and_import(
    app: Page, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    _tab(app, "percentile", "gm")
    app.get_by_test_id("percentile-gm-pick").select_option("PCT-M04")
    header = "skill_low,skill_high,range_m_low,range_m_high,percent_to_hit\n"
    enter(app, "percentile-gm-csv", header + "0,100,0,50,99\n")
    app.get_by_test_id("percentile-gm-save").click()
    expect(app.get_by_test_id("percentile-gm-note")).to_contain_text("saved")
    link = _link(app, "share-tables")

    other = _fresh(browser, browser_context_args, link)
    preview = other.get_by_test_id("share-preview")
    expect(preview).to_contain_text("Percent to Hit (Table #3-1)")
    expect(preview).to_contain_text("percent to hit 99")
    other.get_by_test_id("share-import").click()
    expect(other.get_by_test_id("share-imported")).to_contain_text("was added")
    other.get_by_test_id("share-go").click()
    expect(other.get_by_test_id("percentile-tab-gm")).to_have_attribute("aria-pressed", "true")
    # The table is entered here now: the rules no longer wait for it.
    waiting = other.get_by_test_id("percentile-gm-waiting")
    expect(waiting).to_contain_text("Damage modifiers")
    expect(waiting).not_to_contain_text("Percent to Hit")


def test_a_party_and_the_whole_campaign_share_as_one_link(
    app: Page, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    _percentile_character(app, "Ann")
    _percentile_character(app, "Bob")
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Sam")

    # The Percentile party: both characters, nothing of 3d6.
    _tab(app, "percentile", "characters")
    party = _link(app, "share-all")
    other = _fresh(browser, browser_context_args, party)
    expect(other.get_by_test_id("share-bundle-count")).to_contain_text("2 records")
    expect(other.get_by_test_id("share-preview")).not_to_contain_text("Sam")
    other.get_by_test_id("share-import").click()
    expect(other.get_by_test_id("share-imported")).to_contain_text("was added")
    _tab(other, "percentile", "characters")
    expect(other.get_by_test_id("percentile-char-pick")).to_have_text(
        [re.compile("Ann"), re.compile("Bob")]
    )

    # The whole campaign, from the share page: the 3d6 fighter joins; the party is there
    # already, so the GM is asked, and replacing keeps two Percentile characters.
    app.get_by_test_id("nav-share").click()
    whole = _link(app, "share-all")
    open_again(other, whole)
    expect(other.get_by_test_id("share-bundle-count")).to_contain_text("3 records")
    other.get_by_test_id("share-import").click()
    expect(other.get_by_test_id("share-clash")).to_contain_text("Ann and Bob")
    other.get_by_test_id("share-replace").click()
    expect(other.get_by_test_id("share-imported")).to_contain_text("replaced")
    _tab(other, "percentile", "characters")
    expect(other.get_by_test_id("percentile-char-pick")).to_have_count(2)
    other.get_by_test_id("nav-gurps").click()
    expect(other.get_by_test_id("gurps-combatant")).to_have_text([re.compile("Sam")])


def _import_from(page: Page, link: str) -> None:
    page.goto(link)
    page.wait_for_selector(READY, timeout=60_000)
    page.get_by_test_id("share-import").click()
    expect(page.get_by_test_id("share-imported")).to_contain_text("was added")


def _inks(count: int) -> list[dict[str, Any]]:
    """Simply characters whose histories zlib cannot shrink."""
    out = []
    for i in range(count):
        words = " ".join(f"{(n + 1000 * i) * 7919 % 100_003:x}" for n in range(400))
        character = character_to_json(Character(name=f"Ink {i}", history=words[:1990]))
        record = ShareRecord("simply.character", f"ink-{i}", NOW, 1, f"Ink {i}", character)
        out.append(record_to_json(record))
    return out


def test_a_campaign_too_long_for_a_link_goes_as_a_file(
    app: Page, app_url: str, browser: Browser, browser_context_args: dict[str, Any], tmp_path: Path
) -> None:
    big = ShareRecord("bundle", "all", NOW, 1, "Ink", {"system": "", "records": _inks(6)})
    _import_from(app, f"{app_url}#/share/{encode(big)}")

    app.get_by_test_id("nav-share").click()
    app.get_by_test_id("share-all").click()
    said = app.get_by_test_id("share-link-too-long")
    expect(said).to_contain_text("Send it as a file instead")
    expect(app.get_by_test_id("share-qr")).to_have_count(0)
    expect(app.get_by_test_id("share-copy")).to_have_count(0)
    app.evaluate("() => { navigator.canShare = () => false; }")  # no share sheet: a download
    with app.expect_download() as download:
        app.get_by_test_id("share-file").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert json.loads(path.read_text())["kind"] == "rulekeeper-share"

    other = _fresh(browser, browser_context_args, app_url)
    other.get_by_test_id("nav-share").click()
    other.get_by_test_id("share-file-in").set_input_files(str(path))
    expect(other.get_by_test_id("share-bundle-count")).to_contain_text("6 records")
    other.get_by_test_id("share-import").click()
    _tab(other, "simply", "characters")
    expect(other.get_by_test_id("char-entry")).to_have_count(6)


def test_a_party_with_a_refused_record_changes_nothing(
    app: Page, app_url: str, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    records = _inks(1)
    records.append({**records[0], "id": "bad", "data": {"name": "Bad", "luck": "lots"}})
    bad = ShareRecord("bundle", "all", NOW, 1, "Bad party", {"system": "", "records": records})
    other = _fresh(browser, browser_context_args, f"{app_url}#/share/{encode(bad)}")
    expect(other.get_by_test_id("share-error")).to_contain_text("Nothing was changed")
    expect(other.get_by_test_id("share-import")).to_have_count(0)
    _tab(other, "simply", "characters")
    expect(other.get_by_test_id("char-entry")).to_have_count(0)


def test_a_shared_character_with_a_skill_off_the_list_shows_on_its_tab(
    app: Page, app_url: str, errors: list[str]
) -> None:
    odd = character_to_json(Character(name="Ink"))
    odd["skills"] = [{"name": "Basket Weaving", "level": "Familiar", "specialty": None}]
    record = ShareRecord("simply.character", "u-ink", NOW, 1, "Ink", odd)
    _import_from(app, f"{app_url}#/share/{encode(record)}")
    app.get_by_test_id("share-go").click()
    expect(app.get_by_test_id("char-skill")).to_contain_text("Basket Weaving")
    expect(app.get_by_test_id("char-name")).to_have_value("Ink")
    assert errors == []
