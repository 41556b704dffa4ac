"""The weapon drawn with Ready, at 768x1024 (004 line 95: a Ready maneuver draws a weapon; line
248: a parry needs a ready weapon): Bo (a bow, and a knife on his sheet) takes Ready, and which
weapon he drew is the GM's to say. Not said on his turn, the defence step asks it, with why no
parry is offered yet, in view; the knife tapped there, he parries with it."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter, in_view, shot


def _bo_and_ana(app: Page, *, thrown: bool = False) -> None:
    """Ana, and Bo (a Short bow first on his sheet, then a knife, ``thrown`` or not) who acts
    first."""
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
    app.get_by_test_id("gurps-line-0-kind").select_option("thrown" if thrown else "melee")
    if thrown:
        enter(app, "gurps-line-0-max-range", "20")
    enter(app, "gurps-line-0-damage", "1d-1")  # a new line starts without damage dice
    app.get_by_test_id("gurps-line-0-damage-type").select_option("cut")
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()


def test_the_defence_step_asks_the_weapon_readied(app: Page, errors: list[str]) -> None:
    _bo_and_ana(app)
    app.get_by_test_id("gurps-take-ready").click()  # Bo's turn
    expect(app.get_by_test_id("gurps-ready-chips")).to_contain_text("KnifeParry 9")
    # His card says what the chip and the turn line say: the parry waits for the weapon.
    card = app.get_by_test_id("gurps-slot").filter(has_text="Bo")
    expect(card).to_contain_text("Ready · dodge, parry once weapon said")
    expect(app.get_by_test_id("gurps-turn")).to_contain_text("parry once the weapon drawn is said")
    shot(app, "ready-card-unsaid")
    app.get_by_test_id("gurps-next-take-attack").click()  # Ana's turn: she attacks Bo
    enter(app, "gurps-fight-attack-typed", "3 3 3")  # 9 against 14: a hit
    said = app.get_by_test_id("gurps-fight-parry-withheld")
    expect(said).to_have_text(
        "No parry yet: Bo took Ready and which weapon was drawn is not said. Tap it above: "
        "Bo parries with it if it can parry."
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
    # The knife is his one way now; his bow is drawn with a Ready (004 line 95), one tap.
    expect(app.get_by_test_id("gurps-fight-line-0")).to_have_count(0)
    expect(app.get_by_test_id("gurps-fight-ready-0")).to_have_text("Ready Short bow")
    expect(app.get_by_test_id("gurps-fight-line")).to_have_text("base 12 + Attack +0 = 12")
    for testid in ("gurps-fight-ready-0", "gurps-fight-hit", "gurps-fight-attack-roll"):
        in_view(app, testid)
    shot(app, "attack-after-ready")
    assert errors == []


def test_a_weapon_not_in_hand_is_readied_in_one_tap(app: Page, errors: list[str]) -> None:
    """A GM's play-through: with his bow in hand, Bo's knife was offered as an attack with no
    Ready. "A one-handed weapon is ready if it's being held in your hand"; another is drawn with
    a Ready maneuver (GUR-13, GUR-21; 004 lines 93, 95): the step offers "Ready Knife", one
    tap, in view. Once the knife is thrown it has left his hand (004 line 108): his weapons are
    offered through Ready, not as attacks."""
    _bo_and_ana(app, thrown=True)
    app.get_by_test_id("gurps-take-attack").click()  # Bo's turn: his bow in hand
    expect(app.get_by_test_id("gurps-fight-line-1")).to_have_count(0)
    expect(app.get_by_test_id("gurps-fight-punch")).to_contain_text("Knife: not ready.")
    ready = app.get_by_test_id("gurps-fight-ready-1")
    expect(ready).to_have_text("Ready Knife")
    in_view(app, "gurps-fight-ready-1")
    shot(app, "ready-knife-offered")
    ready.click()  # one tap: Ready taken, the knife drawn
    expect(app.get_by_test_id("gurps-maneuver-chosen")).to_contain_text("Ready")
    expect(app.get_by_test_id("gurps-ready-1")).to_have_attribute("aria-pressed", "true")
    app.get_by_test_id("gurps-next-take-do-nothing").click()  # Ana's turn
    app.get_by_test_id("gurps-next-take-attack").click()  # Bo's: the knife in hand
    expect(app.get_by_test_id("gurps-turn")).to_contain_text("Knife (1d-1 cut), skill 12")
    expect(app.get_by_test_id("gurps-fight-ready-0")).to_have_text("Ready Short bow")
    enter(app, "gurps-fight-yards", "5")
    enter(app, "gurps-fight-attack-typed", "6 6 6")  # thrown, and a miss
    app.get_by_test_id("gurps-next-take-do-nothing").click()  # Ana's turn
    app.get_by_test_id("gurps-next-take-attack").click()  # Bo's: his hand is empty
    expect(app.get_by_test_id("gurps-fight-hand")).to_contain_text("Bo's hand is empty")
    expect(app.get_by_test_id("gurps-fight-ready-0")).to_have_text("Ready Short bow")
    expect(app.get_by_test_id("gurps-fight-ready-1")).to_have_text("Ready Knife")
    # Nothing ready to attack with: no odds, no roll for the bow still on his back.
    expect(app.get_by_test_id("gurps-fight-none-ready")).to_have_text(
        "Bo has no ready weapon to attack with: a Ready maneuver draws one."
    )
    expect(app.get_by_test_id("gurps-fight-hit")).to_have_count(0)
    expect(app.get_by_test_id("gurps-fight-attack-roll")).to_have_count(0)
    for testid in ("gurps-fight-hand", "gurps-fight-ready-0", "gurps-fight-ready-1"):
        in_view(app, testid)
    shot(app, "ready-after-throw")
    assert errors == []


def test_the_attack_tab_readies_a_weapon_in_one_tap(app: Page, errors: list[str]) -> None:
    """The Attack tab says Bo's knife is not ready (004 line 95) and did not offer it, with no
    way to draw it there: in his turn it gives the tracker's one tap, "Ready Knife" (Ready
    taken, the knife drawn, GUR-13); in Ana's turn he cannot take a Ready, and none is offered."""
    _bo_and_ana(app)
    app.get_by_test_id("gurps-tab-attack").click()  # Bo's turn, his bow in hand
    app.get_by_test_id("gurps-attack-attacker").select_option(label="Bo")
    app.get_by_test_id("gurps-attack-defender").select_option(label="Ana")
    expect(app.get_by_test_id("gurps-attack-punch")).to_contain_text("Knife: not ready.")
    ready = app.get_by_test_id("gurps-attack-ready-1")
    expect(ready).to_have_text("Ready Knife")
    shot(app, "attack-tab-ready-knife")
    # In view at 768x1024 with no scroll, beside the words that say why (it sat at y 992-1,040,
    # under the hit location's questions, partly below the fold).
    box = ready.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 700, box
    said = app.get_by_test_id("gurps-attack-punch").bounding_box()
    assert said is not None and 0 <= box["y"] - (said["y"] + said["height"]) <= 60, (said, box)
    ready.click()
    expect(app.get_by_test_id("gurps-log-entry").first).to_contain_text("Bo readies the Knife")
    expect(app.get_by_test_id("gurps-attack-maneuver")).to_have_value("Ready")
    expect(app.get_by_test_id("gurps-attack-ready-offers")).to_have_count(0)  # in his hand now
    app.get_by_test_id("gurps-tab-tracker").click()
    expect(app.get_by_test_id("gurps-maneuver-chosen")).to_contain_text("Ready")
    expect(app.get_by_test_id("gurps-ready-1")).to_have_attribute("aria-pressed", "true")
    app.get_by_test_id("gurps-next-take-do-nothing").click()  # Ana's turn
    app.get_by_test_id("gurps-tab-attack").click()
    app.get_by_test_id("gurps-attack-attacker").select_option(label="Bo")
    app.get_by_test_id("gurps-attack-defender").select_option(label="Ana")
    expect(app.get_by_test_id("gurps-attack-punch")).to_contain_text("Short bow: not ready.")
    expect(app.get_by_test_id("gurps-attack-ready-offers")).to_have_count(0)  # not his turn
    assert errors == []


def test_the_gm_says_which_weapon_a_line_is_and_attacks_with_it(
    app: Page, errors: list[str]
) -> None:
    """004 line 91: one weapon, several ways of using it. Ana's sheet has her Broadsword, a
    Knife, and a "Thrust" whose Weapon field is blank: the name cannot tell whose thrust it is,
    so the step asks, in view, and does not offer it (whether it is in her hand is unknown).
    The GM taps "Broadsword": written on her sheet, the thrust is offered and attacks."""
    app.get_by_test_id("nav-gurps").click()
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Ana")
    enter(app, "gurps-weapon_skill", "14")
    enter(app, "gurps-basic_speed", "6")  # she acts first
    for index, (name, skill, damage, kind) in enumerate(
        (("Knife", "12", "1d-1", "cut"), ("Thrust", "14", "1d+1", "imp"))
    ):
        app.get_by_test_id("gurps-line-add").click()
        enter(app, f"gurps-line-{index}-name", name)
        enter(app, f"gurps-line-{index}-skill", skill)
        enter(app, f"gurps-line-{index}-damage", damage)
        app.get_by_test_id(f"gurps-line-{index}-damage-type").select_option(kind)
    app.get_by_test_id("gurps-new").click()
    enter(app, "gurps-name", "Bo")
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()
    app.get_by_test_id("gurps-take-attack").click()  # Ana's turn, at Bo
    asked = app.get_by_test_id("gurps-fight-weapon-2")
    expect(asked).to_contain_text("Thrust: a way of using which of Ana's weapons?")
    expect(app.get_by_test_id("gurps-fight-weapon-2-0")).to_have_text("Broadsword")
    expect(app.get_by_test_id("gurps-fight-weapon-2-1")).to_have_text("Knife")
    expect(app.get_by_test_id("gurps-fight-weapon-2-own")).to_have_text("A weapon of its own")
    expect(app.get_by_test_id("gurps-fight-line-2")).to_have_count(0)  # not offered yet
    for testid in ("gurps-fight-weapon-2-0", "gurps-fight-attack-roll"):
        in_view(app, testid)
    shot(app, "which-weapon-asked")
    app.get_by_test_id("gurps-fight-weapon-2-0").click()
    expect(app.get_by_test_id("gurps-fight-weapon-asked")).to_have_count(0)
    app.get_by_test_id("gurps-fight-line-2").click()  # the Broadsword's thrust, in her hand
    expect(app.get_by_test_id("gurps-turn")).to_contain_text("Thrust (1d+1 imp), skill 14, at Bo")
    in_view(app, "gurps-fight-attack-roll")
    shot(app, "which-weapon-answered")
    enter(app, "gurps-fight-attack-typed", "3 3 3")
    expect(app.get_by_test_id("gurps-fight-result-verdict")).to_be_visible()
    app.get_by_test_id("gurps-tab-combatants").click()
    app.get_by_test_id("gurps-combatant").first.locator("button").first.click()  # Ana's sheet
    expect(app.get_by_test_id("gurps-line-1-weapon")).to_have_value("Broadsword")
    assert errors == []


def test_before_any_attack_he_parries_with_his_sheets_first_weapon_only(
    app: Page, errors: list[str]
) -> None:
    """The texts do not say which weapon a fighter starts with; the app takes his sheet's
    first: Bo's bow is in his hand, his knife "not ready" (004 lines 93, 95). Attacked before
    his first attack or Ready, he has no parry with the knife (004 line 248: "You cannot parry
    unless your weapon is ready"), and the defence step says why, in view."""
    _bo_and_ana(app)
    app.get_by_test_id("gurps-take-do-nothing").click()  # Bo's turn
    app.get_by_test_id("gurps-next-take-attack").click()  # Ana's: she attacks Bo
    enter(app, "gurps-fight-attack-typed", "3 3 3")  # a hit
    said = app.get_by_test_id("gurps-fight-parry-withheld")
    expect(said).to_contain_text("No parry: Bo holds the Short bow, which cannot parry.")
    expect(app.get_by_test_id("gurps-fight-defend-parry")).to_have_count(0)
    for testid in ("gurps-fight-parry-withheld", "gurps-fight-defend-dodge"):
        in_view(app, testid)
    shot(app, "defence-first-weapon-only")
    assert errors == []
