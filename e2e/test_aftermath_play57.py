"""A GM's play-through of Aftermath at 768x1024 (play 57), typed dice throughout: Ana shot Bo
at 20 m (5, 50, 4), and the same "I rolled" box asked "Roll 1: to hit" again; the same dice
typed again fired a second shot in turn 1, phase 1 with no word that she had fired (an attack is
one Action, AFT-45). The to-hit roll typed showed no hit or miss until the damage; Bo's Knocked
Over read "rest of the combat" beside "Gets up" (001 line 557: off his feet)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import aftermath_fighter, enter
from test_aftermath import shot

SCREEN = 1024


def _in_view(app: Page, testid: str) -> None:
    box = app.get_by_test_id(testid).first.bounding_box()
    assert box and box["height"] > 0 and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN, (
        testid,
        box,
    )


def _typed(app: Page, value: str) -> None:
    box = app.get_by_test_id("aft-dice-typed")
    box.fill(value)
    box.press("Enter")


def _ana_and_bo(app: Page) -> None:
    """Ana (a service pistol, Pistol 13) and Bo (a bowie knife), on the Combat tab."""
    app.get_by_test_id("nav-aftermath").click()
    gun = ("Service pistol", "gun", "pistol|STD", "pistol:9mm Parabellum")
    for name, skill, bcs, arm in (
        ("Ana", "Pistol", "13", gun),
        ("Bo", "Knife", "12", ("Bowie", "hand", "Knife, bowie")),
    ):
        aftermath_fighter(app, name, skill, bcs, arm)
    app.get_by_test_id("aftermath-tab-combat").click()


def test_a_second_shot_in_one_action_phase_is_refused_and_the_to_hit_says_hit(
    app: Page, errors: list[str]
) -> None:
    _ana_and_bo(app)
    app.evaluate("window.scrollTo(0, 0)")
    enter(app, "aft-missile-meters", "20")
    _typed(app, "5")
    # The verdict as soon as the to-hit is typed, where the tap was.
    expect(app.get_by_test_id("aft-attack-result")).to_have_text("Hit:")
    expect(app.get_by_test_id("aft-dice-given")).to_have_text("to hit: 1d20 = 5 vs BCS 13")
    _in_view(app, "aft-attack-result")
    _in_view(app, "aft-dice-given")
    shot(app, "play57-to-hit-verdict")
    _typed(app, "50")
    _typed(app, "4")
    log = app.get_by_test_id("aft-cbt-log-entry")
    expect(log).to_have_count(1)
    # Ana has used her Action: the refusal says so, and the box does not ask "Roll 1: to hit".
    refused = app.get_by_test_id("aft-refused")
    expect(refused).to_contain_text("Ana already attacked in this Action Phase (turn 1, phase 1)")
    expect(app.get_by_test_id("aft-dice-next")).to_have_text(
        "No roll: refused; the GM's reason allows it"
    )
    # No box to type the same dice into again, nor "Resolve (roll for me)".
    expect(app.get_by_test_id("aft-dice-typed")).to_have_count(0)
    expect(app.get_by_test_id("aft-resolve")).to_have_count(0)
    expect(log).to_have_count(1)
    expect(app.get_by_test_id("aft-card-damage-1")).to_contain_text("Damage 4")
    for seen in ("aft-attack-result", "aft-res-next-phase"):  # the result and the way on
        _in_view(app, seen)
    reason = app.get_by_test_id("aft-refused").locator("p").first.bounding_box()
    assert reason and reason["y"] + reason["height"] <= SCREEN, reason  # under them, seen
    shot(app, "play57-second-shot-refused")
    # The GM's deliberate override: logged with its reason.
    enter(app, "aft-override", "a snap shot")
    for value in ("5", "50", "4"):
        _typed(app, value)
    expect(log).to_have_count(2)
    expect(app.get_by_test_id("aft-steps").first).to_contain_text("the GM allows it: a snap shot")
    # Next Action Phase: her next shot is asked for again.
    app.get_by_test_id("aft-res-next-phase").click()
    expect(app.get_by_test_id("aft-refused")).to_have_count(0)
    expect(app.get_by_test_id("aft-dice-next")).to_have_text("Roll 1: to hit")
    assert errors == []


def test_knocked_over_reads_until_up_beside_gets_up(app: Page, errors: list[str]) -> None:
    _ana_and_bo(app)
    app.get_by_test_id("aft-target-conditions-kind").select_option("knocked_over")
    app.get_by_test_id("aft-target-conditions-add").click()
    card = app.get_by_test_id("aft-card-conditions-1")
    expect(card).to_contain_text("Knocked Over (until up)")
    expect(card).not_to_contain_text("rest of the combat")
    app.evaluate("window.scrollTo(0, 0)")
    shot(app, "play57-knocked-over")
    assert errors == []
