"""The weapon drawn with Ready, at 768x1024 (004 line 95: a Ready maneuver draws a weapon; line
248: a parry needs a ready weapon): Bo (a bow, and a knife on his sheet) takes Ready, and which
weapon he drew is the GM's to say. Not said on his turn, the defence step asks it, with why no
parry is offered yet, in view; the knife tapped there, he parries with it."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, in_view, shot


def _bo_and_ana(app: Page) -> None:
    """Ana, and Bo (a Short bow first on his sheet, then a knife) who acts first."""
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Ana")
    enter(app, "gurps-weapon_skill", "14")
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Bo")
    enter(app, "gurps-basic_speed", "6")  # he acts first
    for field, value in (("weapon", "Short bow"), ("damage", "1d"), ("max_range", "200")):
        enter(app, f"gurps-{field}", value)
    app.get_by_test_id("gurps-attack_kind").select_option("bow")
    app.get_by_test_id("gurps-line-add").click()
    enter(app, "gurps-line-0-name", "Knife")
    enter(app, "gurps-line-0-skill", "12")
    app.get_by_test_id("gurps-line-0-kind").select_option("melee")
    enter(app, "gurps-line-0-damage", "1d-1")  # a new line starts without damage dice
    app.get_by_test_id("gurps-line-0-damage-type").select_option("cut")
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()


def test_the_defence_step_asks_the_weapon_readied(app: Page, errors: list[str]) -> None:
    _bo_and_ana(app)
    app.get_by_test_id("gurps-take-ready").click()  # Bo's turn
    expect(app.get_by_test_id("gurps-ready-chips")).to_contain_text("KnifeParry 9")
    app.get_by_test_id("gurps-next-take-attack").click()  # Ana's turn: she attacks Bo
    enter(app, "gurps-fight-attack-typed", "3 3 3")  # 9 against 14: a hit
    said = app.get_by_test_id("gurps-fight-parry-withheld")
    expect(said).to_have_text(
        "No parry yet: Bo took Ready and which weapon he drew is not said. Tap it above: he "
        "parries with it if it can parry."
    )
    expect(app.get_by_test_id("gurps-fight-defend-parry")).to_have_count(0)
    for testid in ("gurps-ready-1", "gurps-fight-parry-withheld", "gurps-fight-defend-dodge"):
        in_view(app, testid)
    shot(app, "defence-weapon-unsaid")
    app.get_by_test_id("gurps-ready-1").click()
    expect(app.get_by_test_id("gurps-fight-defend-parry")).to_contain_text("Parry 9")
    expect(said).to_have_count(0)
    in_view(app, "gurps-fight-defend-parry")
    shot(app, "defence-knife-drawn")
    assert errors == []


def test_his_next_attack_starts_with_the_knife_he_readied(app: Page, errors: list[str]) -> None:
    """004 line 93: the knife his Ready drew is in his hand; his next attack starts with it, not
    his sheet's first line (the bow), its skill and damage shown, the GM picking nothing."""
    _bo_and_ana(app)
    app.get_by_test_id("gurps-take-ready").click()  # Bo's turn
    app.get_by_test_id("gurps-ready-1").click()  # he drew his knife
    app.get_by_test_id("gurps-next-take-do-nothing").click()  # Ana's turn
    app.get_by_test_id("gurps-next-take-attack").click()  # Bo's next turn: he attacks
    turn = app.get_by_test_id("gurps-turn")
    expect(turn).to_contain_text("Knife (")
    expect(turn).to_contain_text("skill 12, at Ana")
    expect(app.get_by_test_id("gurps-fight-line-1")).to_have_attribute("aria-pressed", "true")
    expect(app.get_by_test_id("gurps-fight-line")).to_have_text("base 12 + Attack +0 = 12")
    for testid in ("gurps-fight-line-1", "gurps-fight-hit", "gurps-fight-attack-roll"):
        in_view(app, testid)
    shot(app, "attack-after-ready")
    assert errors == []
