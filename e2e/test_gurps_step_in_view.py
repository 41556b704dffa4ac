"""A GM's play-through on a tablet (768x1024): during a turn the step's controls sat below the
fold (the roll, a typed roll's error, the next fighter's chips), so he scrolled for every
attack; Undo was at the top of the page. Here, with three of the test sheets (a pistol's
step the tallest), each tap brings the next step's control into view with no scroll by the GM,
a typed roll's error shows in view beside its field, and Undo and Redo stay on the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support import enter
from test_gurps import FIGHTERS, _in_view, _sheets

#: What each step waits for, the first shown is tapped (the app's dice throughout).
WAITS = (
    "gurps-take-attack",
    "gurps-next-take-attack",
    "gurps-fight-attack-roll",
    "gurps-fight-defense-roll",
    "gurps-fight-no-defense",
    "gurps-fight-strike-roll",  # GUR-49: Sam's sword parried Kim's punch
    "gurps-fight-damage-roll",
    "gurps-turn-next",
)


def _start(app: Page, count: int = 3) -> None:
    _sheets(app, FIGHTERS[:count])  # Sam, Kim, Pat (his pistol's range on the step), Tom
    app.get_by_test_id("gurps-tab-tracker").click()
    app.get_by_test_id("gurps-start").click()


def _waiting(app: Page) -> str:
    for testid in WAITS:
        found = app.get_by_test_id(testid)
        if found.count() and found.first.is_visible() and found.first.is_enabled():
            return testid
    raise AssertionError("no step waits for a tap")


def _settle_questions(app: Page) -> None:
    """An injury's questions (GUR-58) answered as the book may: not what is measured here."""
    for _ in range(6):
        answer = app.locator("[data-testid^=gurps-settle-]")
        if not answer.count():
            return
        answer.first.click()


def test_each_tap_brings_the_next_step_into_view(app: Page, errors: list[str]) -> None:
    _start(app)
    for _ in range(24):  # about three rounds
        _settle_questions(app)
        yards = app.get_by_test_id("gurps-fight-yards")
        if yards.count() and not yards.input_value():  # a ranged attack waits for its range
            _in_view(app, "gurps-fight-yards")
            enter(app, "gurps-fight-yards", "10")
        testid = _waiting(app)
        _in_view(app, testid)  # where the GM taps, with no scroll of his own
        if testid == "gurps-fight-attack-roll":  # the roll's typed field and where it lands
            _in_view(app, "gurps-fight-attack-typed")
            _in_view(app, "gurps-fight-location")
        app.get_by_test_id(testid).first.click()
        expect(app.get_by_test_id("undo")).to_be_enabled()
    assert errors == []


#: After the attack roll, what the GM reads and taps next: one of these waits.
NEXT_CONTROLS = (
    "gurps-fight-defense-roll",
    "gurps-fight-no-defense",
    "gurps-fight-damage-roll",
    "gurps-turn-next",
)


@pytest.mark.parametrize("typed", [False, True], ids=["app-dice", "typed"])
@pytest.mark.parametrize("count", [3, 4])
def test_the_hit_location_and_what_follows_the_roll_are_in_view(
    app: Page, count: int, typed: bool
) -> None:
    """The GM sets where the blow lands beside the roll, and after it reads the verdict, where it
    landed and taps the next control, none of it below the fold (the location sat at 999-1047 px
    with three fighters, 1076-1124 with four)."""
    _start(app, count)
    for _ in range(3):  # the pistol's turn (range on the step) among them
        _settle_questions(app)
        if _waiting(app) != "gurps-take-attack":
            app.get_by_test_id(_waiting(app)).first.click()
            continue
        app.get_by_test_id("gurps-take-attack").click()
        for testid in ("gurps-fight-hit", "gurps-fight-lands", "gurps-fight-location"):
            _in_view(app, testid)
        _in_view(app, "gurps-fight-attack-roll")
        if typed:
            enter(app, "gurps-fight-attack-typed", "3 3 3")  # 9: a hit on every sheet here
        else:
            app.get_by_test_id("gurps-fight-attack-roll").click()
        expect(app.get_by_test_id("gurps-fight-result-verdict")).to_be_visible()
        _in_view(app, "gurps-fight-result-verdict")
        if app.get_by_test_id("gurps-fight-result-verdict").inner_text().startswith("Miss"):
            continue
        expect(app.get_by_test_id("gurps-fight-lands-on")).to_contain_text("torso")
        _in_view(app, "gurps-fight-lands-on")
        _in_view(app, next(t for t in NEXT_CONTROLS if app.get_by_test_id(t).count()))


def test_a_typed_rolls_error_shows_in_view_beside_its_field(app: Page) -> None:
    _start(app, 4)  # the order strip on two rows: the field at the screen's foot
    app.get_by_test_id("gurps-take-attack").click()
    field = app.get_by_test_id("gurps-fight-attack-typed")
    field.fill("9 9")
    field.press("Enter")
    error = app.locator("#gurps-fight-attack-typed-error")
    expect(error).to_contain_text("3d6 throws 3 dice, 2 numbers typed")
    _in_view(app, "gurps-fight-attack-typed")
    box = error.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1024, box


def test_undo_and_redo_stay_on_the_screen_during_a_fight(app: Page) -> None:
    _start(app)
    app.get_by_test_id("gurps-take-attack").click()
    app.mouse.wheel(0, 2000)  # down to the log
    expect(app.get_by_test_id("gurps-log-entry").first).to_be_in_viewport()
    for testid in ("undo", "redo"):
        _in_view(app, testid)
    # Nothing of the step lies under the bar: a revealed control stops below it.
    app.get_by_test_id("undo").click()
    bar = app.locator(".top").bounding_box()
    chip = app.get_by_test_id("gurps-take-attack")
    chip.scroll_into_view_if_needed()
    chip_box = chip.bounding_box()
    assert bar is not None and chip_box is not None
    assert chip_box["y"] >= bar["y"] + bar["height"], (bar, chip_box)


def _every_chip_in_view(app: Page, prefix: str) -> None:
    """Each maneuver chip whose test id starts with ``prefix`` inside 768x1024, All-Out
    Defense's last among them, and the page not scrolled (FIGHT.md: nothing needs a scroll)."""
    chips = app.locator(f"[data-testid^={prefix}]")
    expect(app.get_by_test_id(f"{prefix}all-out-defense-double-defense")).to_be_visible()
    for testid in chips.evaluate_all("(all) => all.map((chip) => chip.dataset.testid)"):
        _in_view(app, testid)
    assert app.evaluate("() => window.scrollY") == 0


@pytest.mark.parametrize("ending", ["miss", "hit"])
@pytest.mark.parametrize("count", [3, 4])
def test_the_next_fighters_chips_are_all_in_view_when_the_turn_ends(
    app: Page, count: int, ending: str
) -> None:
    """Sam's turn over (a miss, or a hit whose questions the GM has answered), "Next turn" and
    every one of Kim's maneuver chips are on the screen, the no-attack ones too; after "Next
    turn" her own chips are. The header took 293 px: the last row (All-Out Defense) sat at
    981-1054 px with three fighters, 1100-1172 with four, and after a hit the page scrolled."""
    _start(app, count)
    app.get_by_test_id("gurps-take-attack").click()
    if ending == "miss":
        enter(app, "gurps-fight-attack-typed", "5 5 5")  # 15 against Sam's 14
    else:
        enter(app, "gurps-fight-attack-typed", "3 3 4")  # 10: a hit
        app.get_by_test_id("gurps-fight-defend-parry").click()
        enter(app, "gurps-fight-defense-typed", "5 5 5")  # 15 against Kim's parry 9
        enter(app, "gurps-fight-damage-typed", "1")  # 1d+1 = 2 cut: injury 3
        # not over HP/2: no major wound, so no knockdown roll (003 line 54); shock only
        app.get_by_test_id("gurps-settle-0-8").click()  # no shock
        expect(app.get_by_test_id("gurps-after-injury")).to_have_count(0)
    _in_view(app, "gurps-fight-result")
    _in_view(app, "gurps-turn-next")
    _every_chip_in_view(app, "gurps-next-take-")
    app.get_by_test_id("gurps-turn-next").click()
    expect(app.locator("#gurps-turn-h")).to_have_text("Kim's turn")
    _every_chip_in_view(app, "gurps-take-")


def test_a_shock_answered_in_his_own_turn_shows_on_his_attack_in_view(app: Page) -> None:
    """GUR-58: Sam's hit left Kim's shock unanswered; in her turn her attack waits for it. The
    GM answers −2 there: her skill line, which counts it, and her roll are on the screen (the
    line sat under the situation's chips, at 1,280 px of 1,024, the "Why" of its sources too)."""
    _start(app)
    app.get_by_test_id("gurps-take-attack").click()
    app.get_by_test_id("gurps-target-g2").click()  # Sam at Kim
    enter(app, "gurps-fight-attack-typed", "3 3 3")
    app.get_by_test_id("gurps-fight-defend-parry").click()
    enter(app, "gurps-fight-defense-typed", "18")
    enter(app, "gurps-fight-damage-typed", "1")  # injury 3: its shock asked, left open
    app.get_by_test_id("gurps-next-take-attack").click()  # Kim's turn, Attack
    expect(app.get_by_test_id("gurps-fight-waits")).to_contain_text("shock first")
    app.get_by_test_id("gurps-after-injury-answer").click()
    app.get_by_test_id("gurps-settle-0-1").click()  # shock −2, on this turn of hers
    line = app.get_by_test_id("gurps-fight-line")
    expect(line).to_have_text("base 13 + Attack +0 + shock −2 = 11")
    for testid in ("gurps-fight-line", "gurps-fight-hit", "gurps-fight-attack-roll"):
        _in_view(app, testid)
    expect(app.get_by_test_id("gurps-fight-attack-roll")).to_be_enabled()
    assert app.evaluate("() => window.scrollY") == 0
