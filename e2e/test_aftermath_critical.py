"""Issue 28 item 3 at the table (768x1024, taps and typing only): a critical is finished.
"Critical hit (your call)" had to be pressed before the roll, so with "Resolve (roll for me)"
the GM could not call it after seeing the die; a critical waiting for the target's Health AST
and CST sent him to the sheet; the Health save that lowers the effect was asked as "Roll 6: the
next roll (1d20)", without the damage done or the effect it is against."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import enter
from test_aftermath import SHOTS
from test_aftermath_attack import _fighters
from test_aftermath_firefight import _type_the_rest


def _shot(app: Page) -> None:
    """Ana's rifle at Bo: a 3 to hit typed, the rest rolled for her; the hit is applied."""
    _fighters(app)
    app.get_by_test_id("aft-card-acts-0").click()
    enter(app, "aft-missile-meters", "20")  # AFT-46: typed, never assumed
    enter(app, "aft-dice-typed", "3")
    app.get_by_test_id("aft-resolve").click()  # "Roll the rest for me"
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("Ana → Bo (missile): hit")
    expect(app.get_by_test_id("aft-attack-result")).not_to_contain_text("critical")


def test_the_gm_calls_a_critical_after_seeing_the_die(app: Page, errors: list[str]) -> None:
    _shot(app)
    app.get_by_test_id("aft-res-crit").click()
    # The shot is rolled again as a critical, from the same die; the plain hit is gone.
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("(critical)")
    expect(app.get_by_test_id("aft-res-crit")).to_have_count(0)
    for entry in app.get_by_test_id("aft-cbt-log-entry").all_inner_texts():
        assert "(critical)" in entry, entry
    assert errors == []


def _typed_critical(app: Page) -> None:
    """Every roll typed: the 3 to hit, then each die as 1 (a D100 as 50); called a critical,
    its new rolls typed the same way: the Critical Effect 50 + Damage Done 6 is a Stun."""
    _fighters(app)
    app.get_by_test_id("aft-card-acts-0").click()
    enter(app, "aft-missile-meters", "20")  # AFT-46: typed, never assumed
    enter(app, "aft-dice-typed", "3")
    _type_the_rest(app)
    app.get_by_test_id("aft-res-crit").click()
    expect(app.get_by_test_id("aft-dice-given")).to_contain_text("to hit: 1d20 = 3")
    _type_the_rest(app)


def test_a_critical_asks_the_targets_health_throws_there_and_keeps_them(
    app: Page, errors: list[str]
) -> None:
    _typed_critical(app)
    expect(app.get_by_test_id("aft-health-ast")).to_be_visible()
    expect(app.get_by_test_id("aft-pending-health").first).to_contain_text("Damage Done")
    # The save waiting for them reads in words (it once ended "..., HLH").
    expect(app.get_by_test_id("aft-pending-health").last).to_contain_text("Save to lower")
    expect(app.get_by_test_id("aft-pending-health").last).not_to_contain_text("HLH")
    enter(app, "aft-health-ast", "12")
    enter(app, "aft-health-cst", "5")
    app.get_by_test_id("aft-apply-dp").click()
    enter(app, "aft-dice-typed", "3")  # his save, rolled with the values he now has
    expect(app.get_by_test_id("aft-cbt-log-entry")).to_have_count(1)
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("(critical)")
    app.get_by_test_id("aftermath-tab-characters").click()  # Bo's sheet keeps them
    expect(app.get_by_test_id("aft-name")).to_have_value("Bo")
    expect(app.get_by_test_id("aft-ast-HLH")).to_have_value("12")
    expect(app.get_by_test_id("aft-cst-HLH")).to_have_value("5")
    assert errors == []


def test_the_save_to_lower_is_asked_by_name_with_the_damage_and_the_effect(
    app: Page, errors: list[str]
) -> None:
    _typed_critical(app)
    enter(app, "aft-health-ast", "12")
    enter(app, "aft-health-cst", "5")
    app.get_by_test_id("aft-apply-dp").click()
    expect(app.get_by_test_id("aft-dice-next")).to_contain_text(
        "Health save to lower Stun to Daze (Damage Done 6)"
    )
    enter(app, "aft-dice-typed", "3")
    expect(app.get_by_test_id("aft-attack-result")).to_contain_text("daze (critical)")
    assert errors == []


#: Each box of the dice's row the roll's name must not run under (the die, its buttons, the field).
_BESIDE = "[data-testid=aft-dice] :is(.dice-expr, button, input)"
_OVERLAPS = """(name, others) => {
  const text = name.getBoundingClientRect();  // its text inside it: no scroll width past it
  return [...document.querySelectorAll(others)].filter(o => {
    const b = o.getBoundingClientRect();
    return b.width && text.left < b.right && b.left < text.right && text.top < b.bottom && b.top < text.bottom;
  }).map(o => o.textContent || o.tagName);
}"""


def test_a_saves_name_and_its_chance_show_whole_beside_the_dice(
    app: Page, errors: list[str]
) -> None:
    """A GM's play-through: "Roll 5: Health save to lower Stun to Daze (Damage Done 6)" stayed
    on one line, 523 px of text in a 241 px box, running under "1d20" and "Roll the rest for
    me"; and the save showed no chance. At 768x1024 and 390x844 the name wraps in its box, in
    view, clear of the dice's controls, its chance under it (Health AST 12: D20 ≤ 12, 60%)."""
    _typed_critical(app)
    enter(app, "aft-health-ast", "12")
    enter(app, "aft-health-cst", "5")
    app.get_by_test_id("aft-apply-dp").click()
    expect(app.get_by_test_id("aft-dice-next")).to_have_text(
        "Roll 6: Health save to lower Stun to Daze (Damage Done 6)"
    )
    named = app.locator(".roll-named")  # the name and its chance, beside the dice
    expect(app.get_by_test_id("aft-dice-odds")).to_contain_text("· saves on D20 ≤ 12: 60%")
    for width, height in ((768, 1024), (390, 844)):
        app.set_viewport_size({"width": width, "height": height})
        named.scroll_into_view_if_needed()
        size = named.evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert size[0] <= size[1], (width, size)
        box = named.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (width, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (width, box)
        under = named.evaluate(_OVERLAPS, _BESIDE)
        assert under == [], (width, under)
        app.screenshot(path=str(SHOTS / f"save-chance-{width}x{height}.png"))
    assert errors == []
