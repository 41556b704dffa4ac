"""The shield at 768x1024 (GUR-45, GUR-25): Ana's sheet shows her Dodge, Parry and Block with her
shield's DB, as the fight counts them (004 line 219); her shield marked large puts "Holding a
large shield −2" on her attack line (004 line 141). Bo grips a two-handed greatsword: no hand
holds the shield (003 line 58, 004 line 93), so the sheet and the defence step say it adds
nothing, and there is no block and no large-shield −2."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, in_view, run_axe, shot
from test_gurps import _sheets


def test_the_shield_on_the_sheet_and_in_the_fight(app: Page, errors: list[str]) -> None:
    _sheets(app, (("Ana", {"shield_skill": "11", "shield_db": "2"}, {}),))
    defenses = app.get_by_test_id("gurps-defenses")
    expect(defenses).to_contain_text(
        "Dodge = ⌊5 + 3⌋ − 0 + shield DB 2 = 10 (8 from the unshielded side)"
    )
    expect(defenses).to_contain_text("Parry = ⌊3 + 12/2⌋ + 0 + shield DB 2 = 11")
    expect(defenses).to_contain_text("Block = ⌊3 + 11/2⌋ + shield DB 2 = 10")
    app.get_by_test_id("gurps-shield_large").select_option("yes")
    expect(app.get_by_test_id("gurps-shield_large")).to_have_value("yes")
    defenses.scroll_into_view_if_needed()
    shot(app, "sheet-shield-defenses")
    app.get_by_test_id("gurps-shield_large").scroll_into_view_if_needed()
    shot(app, "sheet-shield-large")

    # Bo acts first (Basic Speed 6); a greatsword in both hands, a large shield of DB 1.
    typed = {"basic_speed": "6", "weapon": "Greatsword", "shield_skill": "12", "shield_db": "1"}
    _sheets(app, (("Bo", typed, {"two_handed": "yes", "shield_large": "yes"}),))
    expect(defenses).to_contain_text(
        "Dodge = ⌊6 + 3⌋ − 0 = 9 (no shield DB: both hands grip the Greatsword)"
    )
    expect(defenses).to_contain_text(
        "Block = ⌊3 + 12/2⌋ = 9 (no block: both hands grip the Greatsword)"
    )
    defenses.scroll_into_view_if_needed()
    shot(app, "sheet-shield-two-handed")
    assert run_axe(app) == []

    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    app.get_by_test_id("gurps-take-attack").click()  # Bo at Ana
    expect(app.get_by_test_id("gurps-chip-off_hand_melee")).to_have_count(1)
    expect(app.get_by_test_id("gurps-chip-large_shield")).to_have_count(0)  # not in his hand
    enter(app, "gurps-fight-attack-typed", "3 3 3")
    # Ana's defences in the fight are her sheet's, shield DB and all.
    choices = app.get_by_test_id("gurps-fight-defenses")
    for text in ("Dodge 10:", "Parry 11:", "Block 10:"):
        expect(choices).to_contain_text(text)
    app.get_by_test_id("gurps-fight-defend-dodge").click()
    enter(app, "gurps-fight-defense-typed", "8")  # the dodge succeeds
    app.get_by_test_id("gurps-next").click()

    app.get_by_test_id("gurps-take-attack").click()  # Ana at Bo
    # Her large shield's −2 is her sheet's: on the attack line, no chip to remember.
    expect(app.get_by_test_id("gurps-chip-large_shield")).to_have_count(0)
    expect(app.get_by_test_id("gurps-fight-line")).to_contain_text("Holding a large shield −2")
    enter(app, "gurps-fight-attack-typed", "3 3 3")
    withheld = app.get_by_test_id("gurps-fight-shield-withheld")
    expect(withheld).to_have_text(
        "No shield DB and no block: both hands grip the Greatsword, so none holds the shield."
    )
    expect(app.get_by_test_id("gurps-fight-defend-block")).to_have_count(0)
    expect(app.get_by_test_id("gurps-fight-defenses")).to_contain_text("Dodge 9:")
    for testid in ("gurps-fight-defenses", "gurps-fight-shield-withheld"):
        in_view(app, testid)
    shot(app, "defence-shield-withheld")
    assert run_axe(app) == []
    assert errors == []
