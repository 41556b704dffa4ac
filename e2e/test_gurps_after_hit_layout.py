"""Issue 27, the layout after a hit (768x1024, typed dice): a critical hit with maximum damage
leaves Bo a major wound at 0 HP, so his book is asked for the knockdown and stun roll, staying
conscious and the shock. Those questions stay in view and answerable in one tap each, and the
next fighter's maneuver chips and "Next turn" stay on the screen too, with no scroll (FIGHT.md).
On main the questions (about 330 px) sat above "Next turn" and pushed the chips below 1024 px."""

from __future__ import annotations

import pytest
from bench_fight_gurps import set_up
from playwright.sync_api import Page, expect
from support import enter, run_axe
from test_gurps import _in_view

#: The next fighter's maneuver chips that attack (the others need no room: no attack follows).
ATTACKS = tuple(
    f"gurps-next-take-{chip}"
    for chip in (
        "attack",
        "move-and-attack",
        "all-out-attack-determined",
        "all-out-attack-double",
        "all-out-attack-strong",
    )
)


#: Two fighters, and four: the order strip on two rows (229 px). Under a 293 px header and a
#: three-line result the next fighter's chips that attack sat 4-65 px below the screen under a
#: question; the header is 203 px and the result one line now.
SIDES = (pytest.param(("Bo",), id="two"), pytest.param(("Bo", "Cy", "Di"), id="four"))


def _major_wound(app: Page, others: tuple[str, ...]) -> None:
    ana = ("Ana", {"weapon_skill": "14", "basic_speed": "6"})
    set_up(app, (ana, *((name, {}) for name in others)))
    app.get_by_test_id("gurps-take-attack").click()  # Ana's turn
    app.get_by_test_id("gurps-target-g2").click()  # at Bo
    enter(app, "gurps-fight-attack-typed", "1 1 1")  # 3: a critical hit, maximum damage
    app.get_by_test_id("gurps-fight-damage-roll").click()  # 1d+1 max 7 cut: injury 10
    expect(app.get_by_test_id("gurps-fight-result-verdict")).to_contain_text("major wound")


@pytest.mark.parametrize("others", SIDES)
def test_after_a_major_wound_the_next_chips_and_the_questions_fit(
    app: Page, errors: list[str], others: tuple[str, ...]
) -> None:
    _major_wound(app, others)
    asks = app.get_by_test_id("gurps-after-injury")
    expect(asks).to_contain_text("Bo: Knockdown and stun roll, HT 10")
    # Each question in view and answered in one tap, the chips staying on the screen.
    _in_view(app, "gurps-check-1-roll")
    expect(app.get_by_test_id("gurps-check-odds").locator("summary")).to_have_text("50%")
    enter(app, "gurps-check-1-typed", "6 6 6")
    expect(asks).to_contain_text("rolled 18: failure by 8")
    # A failed roll holds Bo's turn until its outcome is recorded: in place of his chips, why.
    _fits(app, "gurps-settle-1-2", held=True)
    app.get_by_test_id("gurps-settle-1-2").click()  # no effect: Bo chooses his maneuver
    expect(asks).to_contain_text("Bo: Roll to stay conscious at 0 HP or below, HT 10")
    _fits(app, "gurps-settle-1-1")
    app.get_by_test_id("gurps-settle-1-1").click()  # stays conscious
    expect(asks).to_contain_text("Bo: shock from this injury, as your book gives it")
    _fits(app, "gurps-settle-0-1")
    app.get_by_test_id("gurps-settle-0-1").click()  # shock −2 on his turn
    expect(asks).to_have_count(0)
    expect(app.get_by_test_id("gurps-log-entry").first).to_contain_text("Bo: shock −2")
    _fits(app, "gurps-turn-next")
    assert app.evaluate("() => window.scrollY") == 0
    assert run_axe(app) == []
    assert errors == []


def _fits(app: Page, answer: str, *, held: bool = False) -> None:
    """The step's result, the question's answer, "Next turn" and the next fighter's maneuver
    chips that attack, all inside 768x1024 with no scroll (FIGHT.md); ``held``: a failed roll
    holds his turn, so why it waits in place of his chips."""
    if held:
        expect(app.locator("[data-testid^=gurps-next-take-]")).to_have_count(0)
    for testid in ("gurps-fight-result", answer, "gurps-turn-next"):
        _in_view(app, testid)
    for testid in ("gurps-next-held",) if held else ATTACKS:
        _in_view(app, testid)
