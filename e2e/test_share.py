"""Share at the table with no server: a Simply character, a 3d6 fighter and an Aftermath
character go as a link to a fresh browser (its own storage), are previewed and imported; a
damaged link changes nothing; the QR code reads back as the link; the players' window follows a
Simply fight for three turns and a 3d6 fight for two."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from support import READY, enter, open_again, run_axe
from support import fresh_page as _fresh
from support import qr_text as _qr_text
from test_players_screen import aftermath_phase, open_player


def _simply(page: Page, name: str) -> None:
    page.get_by_test_id("nav-simply").click()
    page.get_by_test_id("simply-tab-characters").click()
    page.get_by_test_id("char-new").click()
    enter(page, "char-name", name)


def _gurps(page: Page, name: str) -> None:
    page.get_by_test_id("nav-gurps").click()
    page.get_by_test_id("gurps-new").click()
    enter(page, "gurps-name", name)


def _aftermath(page: Page, name: str) -> None:
    page.get_by_test_id("nav-aftermath").click()
    page.get_by_test_id("aft-char-new").click()
    enter(page, "aft-name", name)


def _listed(page: Page, system: str) -> Any:
    page.get_by_test_id(f"nav-{system}").click()
    if system == "simply":
        page.get_by_test_id("simply-tab-characters").click()
        return page.get_by_test_id("char-entry")
    return page.get_by_test_id("gurps-combatant" if system == "gurps" else "aft-char-entry")


MAKERS: dict[str, Callable[[Page, str], None]] = {
    "simply": _simply,
    "gurps": _gurps,
    "aftermath": _aftermath,
}


@pytest.mark.parametrize(
    ("system", "name"), [("simply", "Mara Voss"), ("gurps", "Bo"), ("aftermath", "Ana")]
)
def test_share_a_record_as_a_link_and_import_it_elsewhere(
    app: Page,
    browser: Browser,
    browser_context_args: dict[str, Any],
    system: str,
    name: str,
    errors: list[str],
) -> None:
    MAKERS[system](app, name)
    app.get_by_test_id("share").click()
    link = str(app.get_by_test_id("share-link").get_attribute("href"))
    assert "#/share/2." in link
    expect(app.get_by_test_id("share-size")).to_contain_text("QR version")
    assert _qr_text(app) == link
    assert run_axe(app) == []

    other = _fresh(browser, browser_context_args, link)
    expect(other.get_by_test_id("share-preview")).to_contain_text(name)
    other.get_by_test_id("share-import").click()
    expect(other.get_by_test_id("share-imported")).to_contain_text(name)
    expect(_listed(other, system)).to_have_count(1)
    expect(_listed(other, system).first).to_contain_text(name)

    # The same link in the same store again: the record is already here, so the GM is asked.
    open_again(other, link)
    other.get_by_test_id("share-import").click()
    expect(other.get_by_test_id("share-clash")).to_contain_text("Replace it, or keep both?")
    other.get_by_test_id("share-keep-both").click()
    expect(_listed(other, system)).to_have_count(2)
    assert errors == []


def test_a_tampered_or_truncated_link_says_so_and_changes_nothing(
    app: Page, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    _simply(app, "Mara Voss")
    app.get_by_test_id("share").click()
    link = str(app.get_by_test_id("share-link").get_attribute("href"))
    middle = link.index("#/share/") + 20
    tampered = link[:middle] + ("A" if link[middle] != "A" else "B") + link[middle + 1 :]
    for bad in (tampered, link[:-12]):
        other = _fresh(browser, browser_context_args, bad)
        expect(other.get_by_test_id("share-error")).to_contain_text("Nothing was changed")
        expect(other.get_by_test_id("share-import")).to_have_count(0)
        expect(_listed(other, "simply")).to_have_count(0)
        assert other.evaluate("Object.keys(localStorage).length") <= 1


def _add(page: Page, name: str) -> None:
    enter(page, "sc-add-name", name)
    page.get_by_test_id("sc-add").click()


def test_the_player_view_follows_three_turns_in_a_second_window(app: Page, app_url: str) -> None:
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-combat").click()
    _add(app, "Mara")
    _add(app, "Grunt")
    player = app.context.new_page()
    player.goto(f"{app_url}#/player")
    player.wait_for_selector(READY, timeout=60_000)
    expect(player.get_by_test_id("player-entry")).to_have_count(2)
    expect(player.get_by_test_id("undo")).to_have_count(0)
    for turn in (1, 2, 3):
        later = app.get_by_test_id("sc-next-turn")  # during a turn, the next one is folded
        if later.count() and later.get_attribute("open") is None:
            later.locator("summary").click()
        app.get_by_test_id("sc-initiative-roll").click()
        expect(player.get_by_test_id("player-turn")).to_have_text(f"Turn {turn}")
        now = str(app.get_by_test_id("sc-current").text_content()).removeprefix("Now: ")
        expect(player.get_by_test_id("player-current")).to_have_text(f"{now} to act")
        expect(player.get_by_test_id("player-result")).to_have_text("Initiative rolled: a new turn")
        app.get_by_test_id("sc-act-move").click()
        expect(player.get_by_test_id("player-result")).to_have_text(f"{now}: Move")
        now = str(app.get_by_test_id("sc-current").text_content()).removeprefix("Now: ")
        expect(player.get_by_test_id("player-current")).to_have_text(f"{now} to act")
        if turn == 2:  # either window may reload: the view stays right
            player.reload()
            player.wait_for_selector(READY, timeout=60_000)
            expect(player.get_by_test_id("player-turn")).to_have_text("Turn 2")
    text = str(player.get_by_test_id("player-view").text_content())
    assert "HP" not in text and "TN" not in text
    app.reload()
    app.wait_for_selector(READY, timeout=60_000)
    expect(player.get_by_test_id("player-turn")).to_have_text("Turn 3")
    # The reloaded GM's window finds the open players' window again (it says "gm-here", the
    # players' window answers hello) and goes on posting each step.
    app.get_by_test_id("sc-act-move").click()
    expect(player.get_by_test_id("player-result")).to_have_text(f"{now}: Move")


def test_the_player_view_follows_two_turns_of_a_3d6_fight(app: Page, app_url: str) -> None:
    app.get_by_test_id("nav-gurps").click()
    for name, speed in (("Sam", "6"), ("Kim", "5.75")):
        app.get_by_test_id("gurps-new").click()
        enter(app, "gurps-name", name)
        enter(app, "gurps-basic_speed", speed)
    enter(app, "gurps-weapon_skill", "13")
    player = app.context.new_page()
    player.goto(f"{app_url}#/player")
    player.wait_for_selector(READY, timeout=60_000)
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    expect(player.get_by_test_id("player-system")).to_have_text("3d6 (GURPS Lite style)")
    expect(player.get_by_test_id("player-turn")).to_have_text("Round 1")
    expect(player.get_by_test_id("player-current")).to_have_text("Sam to act")
    expect(player.get_by_test_id("player-entry")).to_have_text(["Sam", "Kim"])
    expect(player.get_by_test_id("player-result")).to_have_text("Turn order drawn")

    # Sam's turn: he hits, Kim fails to parry, the damage is a major wound; the GM rules a stun.
    app.get_by_test_id("gurps-maneuver-g1").select_option("Attack")
    enter(app, "gurps-fight-attack-typed", "3 3 3")
    expect(player.get_by_test_id("player-result")).to_have_text("Sam attacks Kim (torso) → hit")
    app.get_by_test_id("gurps-fight-defend-parry").click()
    enter(app, "gurps-fight-defense-typed", "18")
    expect(player.get_by_test_id("player-result")).to_have_text("Kim parries → failure")
    enter(app, "gurps-fight-damage-typed", "3")
    expect(player.get_by_test_id("player-result")).to_have_text("Kim is hurt: major wound")
    app.get_by_test_id("gurps-slot").nth(1).locator("summary").click()
    app.get_by_test_id("gurps-stunned-g2").select_option("yes")
    expect(player.get_by_test_id("player-entry").nth(1)).to_have_text("Kim · stunned")

    # Kim's turn, stunned: the players see whose turn and the stun, never her HP.
    app.get_by_test_id("gurps-turn-next").click()
    expect(player.get_by_test_id("player-current")).to_have_text("Kim to act")
    expect(player.get_by_test_id("player-result")).to_have_text("Kim's turn (stunned)")
    player.reload()  # the player window rebuilds the same view from the saved fight
    player.wait_for_selector(READY, timeout=60_000)
    expect(player.get_by_test_id("player-current")).to_have_text("Kim to act")
    expect(player.get_by_test_id("player-entry").nth(1)).to_have_text("Kim · stunned")
    text = str(player.get_by_test_id("player-view").text_content())
    assert "HP" not in text and "DR" not in text and "13" not in text

    # Next round: Sam again, and a snapshot for phones carries the same view.
    app.get_by_test_id("gurps-next").click()
    expect(player.get_by_test_id("player-turn")).to_have_text("Round 2")
    expect(player.get_by_test_id("player-current")).to_have_text("Sam to act")
    app.get_by_test_id("nav-share").click()
    app.get_by_test_id("player-snapshot").click()
    expect(app.get_by_test_id("share-link")).to_be_visible()


def test_the_player_view_follows_the_aftermath_then_the_percentile_fight(
    app: Page, app_url: str
) -> None:
    for name in ("Ana", "Bo"):
        _aftermath(app, name)
    app.get_by_test_id("nav-percentile").click()
    for name in ("Ann", "Bob"):
        app.get_by_test_id("percentile-char-new").click()
        enter(app, "percentile-char-name", name)
    player = open_player(app, app_url)

    # Aftermath: the clock moves a phase; the attacker chosen is the one to act.
    aftermath_phase(app, player)
    expect(player.get_by_test_id("player-turn")).to_have_text("Turn 1 · Phase 2")
    expect(player.get_by_test_id("player-current")).to_have_text("Ana to act")
    expect(player.get_by_test_id("player-entry")).to_have_text(["Ana", "Bo"])

    # Percentile: the fight changed last is shown; two turns, each named with its side.
    app.get_by_test_id("nav-percentile").click()
    app.get_by_test_id("percentile-tab-combat").click()
    app.get_by_test_id("percentile-side-add-0").select_option(label="Ann")
    app.get_by_test_id("percentile-side-add-1").select_option(label="Bob")
    turn = re.compile(r"^(Ann|Bob)'s turn \(Side [AB]\)$")
    for _ in range(2):
        app.get_by_test_id("percentile-turn-next").click()
        expect(player.get_by_test_id("player-system")).to_have_text("Percentile sci-fi")
        expect(player.get_by_test_id("player-result")).to_have_text(turn)
        result = str(player.get_by_test_id("player-result").text_content())
        who = result.split("'s turn")[0]
        expect(player.get_by_test_id("player-current")).to_have_text(f"{who} to act")
        expect(player.get_by_test_id("player-turn")).to_have_text(re.compile(r"^Round \d+$"))
        text = str(player.get_by_test_id("player-view").text_content())
        assert "AP" not in text.split() and "%" not in text
    expect(player.get_by_test_id("player-entry")).to_have_count(2)


def test_the_players_screen_reads_across_the_table_and_a_snapshot_says_its_time(
    app: Page, app_url: str, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    """Issue 31: on a 1920x1080 screen the acting fighter's name was 25.6 px; a phone snapshot
    looked exactly like a live view."""
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-combat").click()
    _add(app, "Mara")
    _add(app, "Grunt")
    app.get_by_test_id("sc-initiative-roll").click()
    screen = app.context.new_page()
    screen.set_viewport_size({"width": 1920, "height": 1080})
    screen.goto(f"{app_url}#/player")
    screen.wait_for_selector(READY, timeout=60_000)
    expect(screen.get_by_test_id("player-current")).to_contain_text("to act")
    size = screen.get_by_test_id("player-current").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 64, size
    expect(screen.get_by_test_id("player-fullscreen")).to_be_visible()
    expect(screen.get_by_test_id("player-as-of")).to_have_count(0)  # live: no time
    app.get_by_test_id("nav-share").click()
    app.get_by_test_id("player-snapshot").click()
    link = str(app.get_by_test_id("share-link").get_attribute("href"))
    phone = _fresh(browser, browser_context_args, link)
    # The time in the phone's own words (the share preview's local time): "27 Nov 2026, 06:49".
    expect(phone.get_by_test_id("player-as-of")).to_contain_text(
        re.compile(r"Snapshot of \d{1,2} \w{3} \d{4}, \d{2}:\d{2}")
    )
    expect(phone.get_by_test_id("player-current")).to_contain_text("to act")
