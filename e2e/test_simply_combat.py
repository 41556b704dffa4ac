"""The Simply combat worksheet, driven as a GM would on a tablet: two turns with injuries and a
knock-out, a reload mid-fight, undo of a hit."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import READY, enter, run_axe


def _add(app: Page, name: str, hp: str, strength: str, health: str, minor: bool = False) -> None:
    enter(app, "sc-add-name", name)
    enter(app, "sc-add-hp_max", hp)
    enter(app, "sc-add-strength", strength)
    enter(app, "sc-add-health", health)
    app.get_by_test_id("sc-add-minor").select_option("yes" if minor else "")
    app.get_by_test_id("sc-add").click()


def _damage(app: Page, target: str, raw: str, apply: bool = True) -> None:
    free = app.get_by_test_id("sc-free-damage")  # no hit awaits: damage without an attack
    if free.count() and free.get_attribute("open") is None:
        free.locator(":scope > summary").click()
    adjust = app.get_by_test_id("sc-damage-adjust")
    if adjust.get_attribute("open") is None:  # closed after a hit: the sheets set it up
        adjust.locator("summary").click()
    app.get_by_test_id("sc-damage-target").select_option(label=target)
    app.get_by_test_id("sc-damage-source").select_option("weapon")
    enter(app, "sc-damage-raw", raw)
    if apply:  # else the form waits, filled (test_saved_state taps it in two tabs at once)
        app.get_by_test_id("sc-apply-damage").click()


def test_two_turns_with_injuries_a_knock_out_and_a_reload(app: Page, errors: list[str]) -> None:
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-combat").click()
    _add(app, "Mara", "26", "6", "5")
    _add(app, "Grunt", "12", "5", "4", minor=True)
    expect(app.get_by_test_id("sc-combatant")).to_have_count(2)

    # Turn 1: Mara goes first whatever the dice, since Grunt is a minor NPC (SIM-34).
    app.get_by_test_id("sc-initiative-roll").click()
    expect(app.get_by_test_id("sc-current")).to_have_text("Now: Mara")
    expect(app.get_by_test_id("sc-log-entry").first).to_contain_text("Turn 1: Mara 1D10 (")

    # Mara attacks: the exact chance is shown before the roll.
    app.get_by_test_id("sc-attack-adjust").locator("summary").click()
    app.get_by_test_id("sc-attack-attacker").select_option(label="Mara")
    app.get_by_test_id("sc-attack-target").select_option(label="Grunt")
    enter(app, "sc-attack-tn", "12")
    # Percent first; the exact fraction is one tap away.
    expect(app.get_by_test_id("sc-hit-chance")).to_contain_text("Chance to hit: 64%")
    expect(app.get_by_test_id("sc-hit-chance")).to_contain_text("exactly 16/25")
    app.get_by_test_id("sc-attack-roll").click()
    expect(app.get_by_test_id("sc-log-entry").first).to_contain_text("Mara attacks Grunt: 2d10 (")

    # A hit of 8: HP 12 → 4, a Stamina Check (injury > half HP) with its TN and odds.
    _damage(app, "Grunt", "8")
    expect(app.get_by_test_id("sc-hp-c2")).to_have_text("HP 4/12")
    expect(app.get_by_test_id("sc-check")).to_contain_text(
        "Stamina Check (an injury over half HP) TN 8 or unconscious"
    )
    expect(app.get_by_test_id("sc-check")).to_contain_text("28%")
    app.get_by_test_id("sc-check-0-roll").click()
    expect(app.get_by_test_id("sc-check")).to_have_count(0)
    expect(app.get_by_test_id("sc-log-entry").first).to_contain_text(
        "Grunt, Stamina Check (an injury over half HP): 2d10"
    )

    # Reload mid-fight: nothing is lost.
    app.reload()
    app.wait_for_selector(READY)
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-combat").click()
    expect(app.get_by_test_id("sc-hp-c2")).to_have_text("HP 4/12")
    expect(app.get_by_test_id("sc-log-entry")).to_have_count(6)

    # Turn 2 (before everyone has acted: "Next turn" opens first), then a blow that takes the
    # Grunt to 1 HP: unconscious, no check (SIM-48).
    app.get_by_test_id("sc-next-turn").locator("summary").click()
    app.get_by_test_id("sc-initiative-roll").click()
    expect(app.get_by_test_id("sc-log-entry").first).to_contain_text("Turn 2:")
    _damage(app, "Grunt", "3")
    expect(app.get_by_test_id("sc-hp-c2")).to_have_text("HP 1/12")
    expect(app.get_by_test_id("sc-status-c2")).to_contain_text("unconscious")

    # Mara takes a heavy hit: knockback and stamina checks queued; undo takes it back.
    _damage(app, "Mara", "20")
    expect(app.get_by_test_id("sc-hp-c1")).to_have_text("HP 6/26")
    expect(app.get_by_test_id("sc-status-c1")).to_contain_text("bleeding")
    # Knockback, heavy-injury and quarter-HP checks; none for the Grunt at HP 1 (SIM-48: a
    # Stamina Check "or unconscious" cannot change anything once unconscious anyway).
    expect(app.get_by_test_id("sc-check")).to_have_count(3)
    app.screenshot(path="e2e/artifacts/simply-combat.png", full_page=True)
    app.get_by_test_id("undo").click()
    expect(app.get_by_test_id("sc-hp-c1")).to_have_text("HP 26/26")
    expect(app.get_by_test_id("sc-check")).to_have_count(0)

    violations = run_axe(app)
    assert violations == [], [(v["id"], len(v["nodes"])) for v in violations]
    assert errors == []


def test_a_quick_npc_s_hp_are_the_rule_s_for_its_s_and_h_unless_typed(
    app: Page, errors: list[str]
) -> None:
    """A GM at the table met HP 20 pre-filled beside S 6 and H 6, which give 24 (SIM-27): the
    HP field is blank, shows what S and H give with the formula, and a typed HP stands instead."""
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-combat").click()
    hp = app.get_by_test_id("sc-add-hp_max")
    expect(hp).to_have_value("")
    expect(hp).to_have_attribute("placeholder", "24")
    expect(app.get_by_test_id("sc-add-hp_max-hint")).to_have_text(
        "HP 24 = ⌈S × m + H⌉ = ⌈6 × 3 + 6⌉"
    )
    enter(app, "sc-add-strength", "7")
    enter(app, "sc-add-health", "3")
    expect(app.get_by_test_id("sc-add-hp_max-hint")).to_have_text(
        "HP 21 = ⌈S × m + H⌉ = ⌈7 × 5/2 + 3⌉ = ⌈41/2⌉"
    )
    enter(app, "sc-add-name", "Scout")
    app.get_by_test_id("sc-add").click()
    expect(app.get_by_test_id("sc-hp-c1")).to_have_text("HP 21/21")
    expect(app.get_by_test_id("sc-log-entry").first).to_contain_text("Scout joins the fight; HP 21")
    _add(app, "Boss", "30", "7", "3")
    expect(app.get_by_test_id("sc-hp-c2")).to_have_text("HP 30/30")
    assert errors == []
