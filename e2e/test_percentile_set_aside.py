"""Percentile's set-up cards while an attack waits for its answer, at 768x1024 as a GM plays: a
change refused there (the pass, a fighter joining a side) says so beside its control, and the
control that resolves it, "Set the attack aside", stands beside the refusal, in view with it (the
round's own button is at the top of the round, out of sight of the set-up's cards). "Roll order"
is off once the round's order is rolled, and says why. The core's and the page's tests without a
browser: tests/test_percentile_join_leftovers.py."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect
from support import rule_text_outside_why
from test_percentile import (
    ann_and_bob_on_two_sides,
    anns_stun_question,
    no_surprise_check,
    open_fold,
    set_field,
    tab,
)

SHOTS = Path("/tmp/shots-percentile")


def test_a_refusal_mid_attack_stands_beside_its_set_aside_button(
    app: Page, errors: list[str]
) -> None:
    ann_and_bob_on_two_sides(app)
    tab(app, "characters")
    app.get_by_test_id("percentile-char-new").click()
    set_field(app, "percentile-char-name", "Cy")
    no_surprise_check(app)  # back on Combat
    roll = app.get_by_test_id("percentile-order-roll")
    expect(roll).to_be_enabled()
    question = anns_stun_question(app)  # the order typed: Ann's turn, her hit asks the stun
    open_fold(app, "percentile-fold-setup")  # folded away during the round
    expect(roll).to_be_disabled()
    expect(app.get_by_test_id("percentile-order-typed")).to_be_disabled()
    expect(app.get_by_test_id("percentile-order-rolled")).to_have_text(
        "The order of attack is rolled (it is rolled once, at the start of combat). "
        "Undo back to the roll to roll it again."
    )
    entries = app.get_by_test_id("percentile-log-entry").count()
    pick = app.get_by_test_id("percentile-side-add-0")
    pick.scroll_into_view_if_needed()
    pick.select_option(label="Cy")
    joined = app.get_by_test_id("percentile-side-add-0-error")
    expect(joined).to_have_text(
        "Ann's attack on Bob is under way: roll it on or answer its question, or tap Set the "
        "attack aside, before Cy joins the fight."
    )
    join_aside = app.get_by_test_id("percentile-side-set-aside-0")
    expect(joined).to_be_in_viewport(ratio=1)
    expect(join_aside).to_be_in_viewport(ratio=1)
    expect(app.get_by_test_id("percentile-member-remove-c3")).to_have_count(0)
    expect(app.get_by_test_id("percentile-log-entry")).to_have_count(entries)
    assert rule_text_outside_why(app) == []
    app.screenshot(path=str(SHOTS / "percentile-join-set-aside.png"))

    app.get_by_test_id("percentile-order-pass").click()
    refused = app.get_by_test_id("percentile-order-error")
    expect(refused).to_contain_text(
        "An attack is under way: finish it, or tap Set the attack aside"
    )
    aside = app.get_by_test_id("percentile-order-set-aside")
    expect(refused).to_be_in_viewport(ratio=1)
    expect(aside).to_be_in_viewport(ratio=1)  # the refusal and its way out, together
    app.screenshot(path=str(SHOTS / "percentile-order-set-aside.png"))

    join_aside.click()  # the attack set aside: its refusals go with it, the join goes through
    expect(question).to_have_count(0)
    expect(joined).to_have_text("")
    expect(refused).to_have_text("")
    expect(aside).to_have_count(0)
    pick.select_option(label="Cy")
    expect(app.get_by_test_id("percentile-member-remove-c3")).to_be_visible()
    assert errors == []


def test_a_ties_re_roll_is_asked_in_the_question_style(app: Page, errors: list[str]) -> None:
    """PCT-15: a tie typed for the surprise is rolled again: the rule asks for more dice, in
    the ink of the page's questions, not in the error's red."""
    ann_and_bob_on_two_sides(app)
    set_field(app, "percentile-surprise-typed", "10 10")
    asked = app.get_by_test_id("percentile-surprise-typed-error")
    expect(asked).to_contain_text("a tie, every side rolls again")
    expect(asked).to_be_in_viewport(ratio=1)
    ink = app.evaluate("getComputedStyle(document.body).color")
    assert asked.evaluate("e => getComputedStyle(e).color") == ink
    typed = app.get_by_test_id("percentile-surprise-typed")
    expect(typed).to_have_value("10 10")  # kept, to go on typing the re-roll
    app.screenshot(path=str(SHOTS / "percentile-tie-asked.png"))
    set_field(app, "percentile-surprise-typed", "10 10 30 70")
    expect(asked).to_have_text("")
    set_field(app, "percentile-order-typed", "abc")  # a refusal proper stays red
    refused = app.get_by_test_id("percentile-order-typed-error")
    expect(refused).not_to_be_empty()
    assert refused.evaluate("e => getComputedStyle(e).color") != ink
    assert errors == []
