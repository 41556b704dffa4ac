"""Issue 16: an Aftermath firefight at the table, on a tablet. Ana (a hunting rifle linked to
her Rifle skill) and Bo (a bowie knife linked to his Knife skill) are built on the sheet; over
several Action Phases each acts by tapping his card (his first weapon chosen, the other aimed
at), some rolls typed ("I rolled ..."), a hand-to-hand hit given its Damage Potential once the
critical is known; a Stun recorded on Bo refuses his attack until the GM's override, which is
logged; a reload in the middle of typed dice continues from that roll; Undo takes a step back."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import READY, aftermath_fighter, all_ones, enter
from test_aftermath import axe_clean, shot


def _type_the_rest(app: Page) -> None:
    """Type each roll the attack still waits for (a D100 as 50, any other die as 1)."""
    for _ in range(12):
        if not app.get_by_test_id("aft-dice-given").count():
            return
        expr = app.get_by_test_id("aft-dice").locator(".dice-expr").inner_text()
        enter(app, "aft-dice-typed", "50" if expr == "1d100" else all_ones(expr))


def _potential(app: Page, value: str) -> None:
    """A hand-to-hand hit waits for its Damage Potential in the step's place."""
    expect(app.get_by_test_id("aft-hth-dp")).to_be_visible()
    expect(app.get_by_test_id("aft-resolve")).to_have_count(0)
    shot(app, f"firefight-potential-{value}")
    enter(app, "aft-hth-dp", value)
    app.get_by_test_id("aft-apply-dp").click()


def test_an_aftermath_firefight(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-aftermath").click()
    rifle = ("Hunting rifle", "gun", "long_gun|Rifle", "long gun:308 (7.62mm NATO)")
    aftermath_fighter(app, "Ana", "Rifle", "14", rifle)
    aftermath_fighter(app, "Bo", "Knife", "12", ("Bowie", "hand", "Knife, bowie"))
    app.get_by_test_id("aftermath-tab-combat").click()

    # Phase 1: Ana acts; her rifle and Rifle BCS 14 come from her sheet; the dice are typed.
    app.get_by_test_id("aft-card-acts-0").click()
    expect(app.get_by_test_id("aft-cbt-use-0")).to_have_attribute("aria-pressed", "true")
    # AFT-46: no range is known between them yet: no chance is shown until the GM types it
    expect(app.get_by_test_id("aft-cbt-use-0")).to_contain_text("Hunting rifle (Rifle): range?")
    enter(app, "aft-missile-meters", "20")
    expect(app.get_by_test_id("aft-cbt-use-0")).to_contain_text("Hunting rifle (Rifle): 90% to hit")
    expect(app.get_by_test_id("aft-card-target-1")).to_have_attribute("aria-pressed", "true")
    expect(app.get_by_test_id("aft-missile-bcs")).to_have_value("14")
    enter(app, "aft-dice-typed", "3")
    expect(app.get_by_test_id("aft-dice-given")).to_contain_text("to hit: 1d20 = 3")
    _type_the_rest(app)
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("Ana → Bo (missile)")
    expect(app.get_by_test_id("aft-steps")).to_contain_text("1D20 = 3 vs BCS 18")
    expect(app.get_by_test_id("aft-card-damage-1")).not_to_contain_text("Damage 0 /")
    shot(app, "firefight-shot")

    # Phase 2: Bo acts with his bowie (Knife BCS 12): app dice; the DP asked after the roll.
    app.get_by_test_id("aft-next-phase").click()
    expect(app.get_by_test_id("aft-clock")).to_have_text("Turn 1 · Phase 2")
    app.get_by_test_id("aft-card-acts-1").click()
    expect(app.get_by_test_id("aft-hth-weapon")).to_have_value("Knife, bowie")
    expect(app.get_by_test_id("aft-hth-skill")).to_have_value("Knife")
    expect(app.get_by_test_id("aft-card-target-0")).to_have_attribute("aria-pressed", "true")
    enter(app, "aft-dice-typed", "2")  # a hit, then the location typed
    _type_the_rest(app)
    _potential(app, "9")
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("Bo → Ana (hand-to-hand)")
    expect(app.get_by_test_id("aft-card-damage-0")).not_to_contain_text("Damage 0 /")
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(2)

    # Phase 3: Ana acts again (Bo aimed at); a Stun recorded on Bo by hand.
    app.get_by_test_id("aft-next-phase").click()
    app.get_by_test_id("aft-card-acts-0").click()
    expect(app.get_by_test_id("aft-missile-meters")).to_have_value("20")  # held between them
    app.get_by_test_id("aft-target-conditions-kind").select_option("stunned")
    app.get_by_test_id("aft-target-conditions-add").click()
    expect(app.get_by_test_id("aft-card-conditions-1")).to_contain_text("Stunned (21 phases left)")
    app.get_by_test_id("aft-resolve").click()  # Ana fires with the app's dice
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(3)

    # Phase 4: Bo is Stunned: his attack is refused until the GM overrides, with the reason.
    app.get_by_test_id("aft-next-phase").click()
    expect(app.get_by_test_id("aft-card-conditions-1")).to_contain_text("Stunned (20 phases left)")
    app.get_by_test_id("aft-card-acts-1").click()
    expect(app.get_by_test_id("aft-refused")).to_contain_text("Bo is Stunned")
    # Refused: no dice offered until the GM's reason (play 57: a refused roll still invited one).
    expect(app.get_by_test_id("aft-dice-typed")).to_have_count(0)
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(3)
    enter(app, "aft-override", "a reflex slash")
    enter(app, "aft-dice-typed", "1")
    _type_the_rest(app)
    _potential(app, "6")
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(4)
    expect(app.get_by_test_id("aft-steps").first).to_contain_text(
        "the GM allows it: a reflex slash"
    )
    axe_clean(app)

    # Phase 5: Ana shoots with typed dice; a reload after the first roll continues from there.
    before = app.get_by_test_id("aft-card-damage-1").inner_text()
    app.get_by_test_id("aft-next-phase").click()
    app.get_by_test_id("aft-card-acts-0").click()
    enter(app, "aft-dice-typed", "4")
    expect(app.get_by_test_id("aft-dice-next")).to_have_text("Roll 2: hit location")
    app.reload()
    app.wait_for_selector(READY)
    app.get_by_test_id("aftermath-tab-combat").click()
    expect(app.get_by_test_id("aft-clock")).to_have_text("Turn 1 · Phase 5")
    expect(app.get_by_test_id("aft-dice-next")).to_have_text("Roll 2: hit location")
    expect(app.get_by_test_id("aft-dice-given")).to_contain_text("to hit: 1d20 = 4")
    _type_the_rest(app)
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(5)
    expect(app.get_by_test_id("aft-steps")).to_contain_text("1D20 = 4 vs BCS")

    # Undo takes the last step back: the shot's last roll is waited for again, its damage and
    # its log entry gone.
    expect(app.get_by_test_id("undo")).to_contain_text("Attack: Ana → Bo")
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(4)
    expect(app.get_by_test_id("aft-dice-given")).to_contain_text("to hit: 1d20 = 4")
    expect(app.get_by_test_id("aft-card-damage-1")).to_have_text(before)
    shot(app, "firefight-end")
    assert errors == []
