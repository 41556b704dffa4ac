"""The players' screen shows the fight the GM is running (issue 31 item 1), on a 768x1024 tablet:
fight actions in any system choose it, a sheet edit does not, and a fight started replaces one
left under way."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import READY, enter

PERCENTILE = "Percentile sci-fi"
#: Each system's page, its "new" button, its name field and the fighters made there.
SHEETS = (
    ("gurps", "gurps-new", "gurps-name", ("Sam", "Kim")),
    ("aftermath", "aft-char-new", "aft-name", ("Ana", "Bo")),
    ("percentile", "percentile-char-new", "percentile-char-name", ("Ann", "Bob")),
)


def _settle(page: Page) -> None:
    """Let a view the GM's window would post arrive (it posts right after the change)."""
    page.wait_for_timeout(800)


def test_the_players_screen_follows_fight_actions_not_sheet_edits(app: Page, app_url: str) -> None:
    for page, new, field, names in SHEETS:
        app.get_by_test_id(f"nav-{page}").click()
        for name in names:
            app.get_by_test_id(new).click()
            enter(app, field, name)
    player = app.context.new_page()
    player.goto(f"{app_url}#/player")
    player.wait_for_selector(READY, timeout=60_000)
    system = player.get_by_test_id("player-system")

    # A 3d6 fight is started, then the GM runs a Percentile fight.
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    expect(system).to_have_text("3d6 (GURPS Lite style)")
    app.get_by_test_id("nav-percentile").click()
    app.get_by_test_id("percentile-tab-combat").click()
    app.get_by_test_id("percentile-side-add-0").select_option(label="Ann")
    app.get_by_test_id("percentile-side-add-1").select_option(label="Bob")
    app.get_by_test_id("percentile-turn-next").click()
    expect(system).to_have_text(PERCENTILE)

    # Issue 31: a 3d6 fighter's HP edited on the Combatants tab took the screen back to 3d6.
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-tab-combatants").click()
    enter(app, "gurps-hp_now", "4")
    _settle(player)
    expect(system).to_have_text(PERCENTILE)
    player.reload()  # the players' window rebuilds the same choice from the saved state
    player.wait_for_selector(READY, timeout=60_000)
    expect(system).to_have_text(PERCENTILE)

    # A new Aftermath fight: its first move of the clock shows it, though the 3d6 fight is
    # still under way; a 3d6 sheet edit after it changes nothing.
    app.get_by_test_id("nav-aftermath").click()
    app.get_by_test_id("aftermath-tab-combat").click()
    app.get_by_test_id("aft-next-phase").click()
    expect(system).to_have_text("Aftermath!")
    expect(player.get_by_test_id("player-turn")).to_have_text("Turn 1 · Phase 2")
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-tab-combatants").click()
    enter(app, "gurps-hp_now", "2")
    _settle(player)
    expect(system).to_have_text("Aftermath!")
