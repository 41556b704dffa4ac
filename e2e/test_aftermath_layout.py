"""The Aftermath pages' layout at a tablet's 768x1024 and a phone's 390x844 (a GM's play-through
at 768: the attack form's choices cut, 50 px empty under the conditions picker, Undo's step cut
with the bar half empty)."""

from __future__ import annotations

from pathlib import Path

import pytest
from engines import drive
from localsite import serve
from playwright.sync_api import Browser, Locator, Page, expect
from support import OVERFLOWS, PHONE, aftermath_fighter, bar_keeps_one_row

TABLET = {"width": 768, "height": 1024}
DIST = Path(__file__).resolve().parent.parent / "dist"
SECTION = "rulekeeper:section:aftermath"

#: Each attack-form select's chosen option: its text, the width a select of the page's style
#: needs to show it whole (a copy holding that option alone, at its own width), its width.
CHOSEN = """els => els.map(s => {
  const alone = s.cloneNode(false);
  alone.appendChild(s.options[s.selectedIndex].cloneNode(true));
  Object.assign(alone.style, {width: 'auto', position: 'absolute', left: '0', top: '0'});
  document.body.appendChild(alone);
  const needs = alone.getBoundingClientRect().width;
  alone.remove();
  return [s.options[s.selectedIndex].text, needs, s.getBoundingClientRect().width];
})"""
#: A button's words against its box (px): [their width, the box's].
WIDTHS = "el => [el.scrollWidth, el.clientWidth]"
#: The button's words and box with its phone's few words set to another step's (px).
LONGER = """(el, words) => { el.querySelector('.step-few').textContent = words;
  return {wide: el.scrollWidth, room: el.clientWidth, tall: el.scrollHeight, high: el.clientHeight};
}"""
#: Whether the page scrolls sideways (wider than the screen).
SIDEWAYS = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


def _fighters(app: Page) -> None:
    """Bohdan with a bowie knife (Knife, BCS 12), Cyrus with a machete (Sword, BCS 13)."""
    app.get_by_test_id("nav-aftermath").click()
    aftermath_fighter(app, "Bohdan", "Knife", "12", ("Bowie", "hand", "Knife, bowie"))
    aftermath_fighter(app, "Cyrus", "Sword", "13", ("Machete", "hand", "Sword, machete"))


def _attack(app: Page, attacker: int, target: int) -> None:
    app.get_by_test_id(f"aft-card-acts-{attacker}").click()
    app.get_by_test_id(f"aft-card-target-{target}").click()
    expect(app.get_by_test_id(f"aft-card-target-{target}")).to_have_attribute(
        "aria-pressed", "true"
    )


def _resolved(app: Page) -> Locator:
    """Cyrus's attack on Bohdan resolved with the app's dice: Undo, which names it."""
    _fighters(app)
    app.get_by_test_id("aftermath-tab-combat").click()
    _attack(app, 1, 0)
    app.get_by_test_id("aft-resolve").click()
    expect(app.get_by_test_id("aft-attack-result")).to_be_visible()
    return app.get_by_test_id("undo")


def test_the_attack_form_shows_each_chosen_option_whole(app: Page, errors: list[str]) -> None:
    """At 768 px the form's four equal columns (168 px) showed "Knife (BCS 12" and "Sword,
    mache": each select is now at least as wide as its chosen option, the form within its card,
    at a tablet's width and a phone's, and the page never scrolls sideways."""
    _fighters(app)
    app.get_by_test_id("aftermath-tab-combat").click()
    for attacker, target, shown in ((0, 1, "Knife (BCS 12)"), (1, 0, "Sword, machete")):
        _attack(app, attacker, target)
        for size in (TABLET, PHONE):
            app.set_viewport_size(size)  # type: ignore[arg-type]
            selects = app.locator(".aftermath-combat .grid4 select")
            chosen = selects.evaluate_all(CHOSEN)
            assert shown in [text for text, _, _ in chosen], chosen
            # (a select at its own width rounds its text up to a whole pixel: 176 for 175.1)
            cut = [(t, needs, has) for t, needs, has in chosen if has < needs - 1]
            assert cut == [], (size, cut)
            form = app.locator(".aftermath-combat .step .grid4").first
            card = app.locator(".aftermath-combat .step").first
            box, within = form.bounding_box(), card.bounding_box()
            assert box is not None and within is not None
            assert box["x"] + box["width"] <= within["x"] + within["width"], (size, box, within)
            assert not app.evaluate(SIDEWAYS), (size, app.evaluate("document.body.scrollWidth"))
    app.set_viewport_size(TABLET)  # type: ignore[arg-type]
    assert errors == []


#: In any engine, scripts (function bodies) run in the page's frame: Firefox's window is at
#: least 500 px wide and WebKitGTK's 447, so the app runs in a frame of the phone's size.
IN_FRAME = "const document = frames[0].document;"
FRAME = """document.body.replaceChildren();
const frame = document.createElement('iframe');
frame.src = arguments[0];
Object.assign(frame.style, {width: '768px', height: '1024px', border: '0'});
document.body.appendChild(frame);"""
SIZE = "Object.assign(document.querySelector('iframe').style, {width: arguments[0] + 'px', height: arguments[1] + 'px'})"
READY_IN_FRAME = IN_FRAME + "return document.documentElement.dataset.ready === '1'"
#: Tap a control by its test id, or say whether it is pressed.
TAP = IN_FRAME + "document.querySelector(`[data-testid=${arguments[0]}]`).click()"
PRESSED = (
    IN_FRAME
    + "const e = document.querySelector(`[data-testid=${arguments[0]}]`); return !!e && e.getAttribute('aria-pressed') === 'true'"
)
CHOSEN_IN_FRAME = (
    IN_FRAME
    + f"return ({CHOSEN})([...document.querySelectorAll('.aftermath-combat .grid4 select')])"
)
SIDEWAYS_IN_FRAME = IN_FRAME + f"return ({SIDEWAYS})()"


@pytest.mark.parametrize("engine", ["chromium", "firefox", "webkit"])
def test_the_attack_form_s_chosen_options_are_whole_in_every_engine(
    engine: str, app: Page, browser: Browser
) -> None:
    """Chromium sizes the form's selects to their chosen option (CSS field-sizing); Firefox and
    WebKit (iPad Safari's engine) have no field-sizing, and there a select is as wide as its
    form's column lets it: "Knife (BCS 12)" or "Sword, machete" must show whole there too, at
    768x1024 and 390x844. The two fighters are built in Chromium, their saved section carried
    to the engine."""
    _fighters(app)
    app.wait_for_function(f"() => (localStorage.getItem('{SECTION}') || '').includes('Machete')")
    saved = app.evaluate(f"localStorage.getItem('{SECTION}')")
    server, origin = serve(DIST)
    cut: list[object] = []
    try:
        with drive(engine, browser) as page:
            page.goto(f"{origin}/a-page-to-hold-the-frame")
            page.run(f"localStorage.setItem('{SECTION}', arguments[0])", saved)
            page.run(FRAME, f"{origin}/#/aftermath")
            page.wait(READY_IN_FRAME)
            page.wait(
                IN_FRAME + "return !!document.querySelector('[data-testid=aftermath-tab-combat]')"
            )
            page.run(TAP, "aftermath-tab-combat")
            for attacker, target, shown in ((0, 1, "Knife (BCS 12)"), (1, 0, "Sword, machete")):
                page.wait(
                    IN_FRAME
                    + f"return !!document.querySelector('[data-testid=aft-card-acts-{attacker}]')"
                )
                page.run(TAP, f"aft-card-acts-{attacker}")
                page.wait(PRESSED, 30, f"aft-card-acts-{attacker}")
                page.run(TAP, f"aft-card-target-{target}")
                page.wait(PRESSED, 30, f"aft-card-target-{target}")
                for width, height in ((768, 1024), (390, 844)):
                    page.run(SIZE, width, height)
                    page.wait(f"return frames[0].innerWidth === {width}")
                    chosen = page.run(CHOSEN_IN_FRAME)
                    assert shown in [text for text, _, _ in chosen], (engine, chosen)
                    cut += [(width, t, n, w) for t, n, w in chosen if w < n - 1]
                    assert not page.run(SIDEWAYS_IN_FRAME), (engine, width)
    finally:
        server.shutdown()
        server.server_close()
    assert cut == [], (engine, cut)


def test_the_conditions_picker_keeps_no_room_for_an_error_it_has_not(
    app: Page, errors: list[str]
) -> None:
    """The conditions card kept a line under its picker for an error (50 px empty at 768 px)
    and "Add condition" sat between the picker's label and its box. None kept now, "Add
    condition" level with the box; an error, when one comes, shows under both and moves
    neither."""
    _fighters(app)  # Cyrus's sheet open, his conditions card at its end
    picker = app.get_by_test_id("aft-conditions-kind")
    add = app.get_by_test_id("aft-conditions-add")
    card = app.locator("section[aria-labelledby=aft-conditions-h]")
    for size in (TABLET, PHONE):
        app.set_viewport_size(size)  # type: ignore[arg-type]
        picker.scroll_into_view_if_needed()
        box, end = picker.bounding_box(), card.bounding_box()
        assert box is not None and end is not None
        below = end["y"] + end["height"] - (box["y"] + box["height"])
        if size == TABLET:
            assert below <= 18, below  # the card's padding and border: nothing else under it
            button = add.bounding_box()
            assert button is not None
            assert abs(button["y"] + button["height"] - (box["y"] + box["height"])) <= 1, button
        else:
            assert below <= 18 + 4 + 48, below  # "Add condition" under the picker on a phone
        assert not app.evaluate(SIDEWAYS), size
    # An error (a condition the sheet does not know: no choice of the picker gives one).
    app.set_viewport_size(TABLET)  # type: ignore[arg-type]
    before = picker.bounding_box()
    picker.evaluate("s => s.add(new Option('Fear', 'fear'))")
    picker.select_option("fear")
    add.click()
    error = app.get_by_test_id("aft-conditions-kind-error")
    expect(error).to_contain_text("fear")
    after, button, said = picker.bounding_box(), add.bounding_box(), error.bounding_box()
    assert before is not None and after is not None and button is not None and said is not None
    assert (after["y"], after["height"]) == (before["y"], before["height"])
    assert abs(button["y"] + button["height"] - (after["y"] + after["height"])) <= 1, button
    assert said["y"] >= after["y"] + after["height"], said
    errors.clear()  # the refusal is the page's answer, not a fault


def test_undo_shows_its_whole_step_where_the_bar_has_room(app: Page, errors: list[str]) -> None:
    """At 768 px Undo read "Undo: Attack roll: Cy →…" beside an empty Redo, the bar half empty:
    a tablet shows the whole step there, the bar on one row; a phone keeps its few words (the
    fight pages' one-row bar at 390 px: test_simply_layout, test_gurps_layout)."""
    undo = _resolved(app)
    said = str(undo.get_attribute("aria-label"))
    assert said.startswith("Undo: ") and len(said) > len("Undo: ") + 20, said  # cut before
    expect(app.get_by_test_id("redo")).to_have_text("Redo")
    assert undo.inner_text() == said  # as shown (its words for a phone are hidden)
    assert not undo.evaluate(OVERFLOWS), undo.inner_text()
    bar, brand = app.locator(".top").bounding_box(), app.locator(".brand").bounding_box()
    button = undo.bounding_box()
    assert bar is not None and brand is not None and button is not None
    assert abs((button["y"] + button["height"] / 2) - (brand["y"] + brand["height"] / 2)) < 4
    assert bar["height"] <= 60, bar  # one row: the brand, Undo and Redo
    app.set_viewport_size(PHONE)
    shown = undo.inner_text()
    assert shown.endswith("…") and len(shown) <= len("Undo: ") + 20, shown
    assert said.startswith(shown.removesuffix("…")), shown
    assert errors == []


def test_undo_names_its_step_and_stays_in_view_on_a_phone_and_a_tablet(
    app: Page, errors: list[str]
) -> None:
    """At 390x844 the combat tab's Undo was trimmed to "Undo: Attack roll…" (its few words,
    "Attack roll: Cyrus…", 297 px in a 230 px button beside the brand's row) and scrolled away
    with the page: the tab was not in the fight pages' sticky one-row bar (app.css, as GURPS's
    and Simply's). Now at a phone's width and a tablet's its words show untrimmed (the phone's
    few, the tablet's whole step) and after a scroll down the page Undo is still on the screen."""
    undo = _resolved(app)
    said = str(undo.get_attribute("aria-label"))  # "Attack" or "Attack roll" (a critical)
    assert said.startswith("Undo: Attack") and said.endswith(": Cyrus → Bohdan"), said
    for size in (PHONE, TABLET):
        app.set_viewport_size(size)  # type: ignore[arg-type]
        app.evaluate("window.scrollTo(0, 0)")
        shown = undo.inner_text()
        if size == PHONE:  # the phone's few words, as every fight's (tests/test_undo_labels.py)
            assert shown.endswith("…") and said.startswith(shown.removesuffix("…")), shown
            assert len(shown) > len("Undo: Attack: Cyrus"), shown
            bar_keeps_one_row(app)  # one row, untrimmed, still at the top after a scroll
        else:
            assert shown == said, shown
        assert not undo.evaluate(OVERFLOWS), (size, shown, undo.evaluate(WIDTHS))
        if size == PHONE:  # the widest few words of a step here (a sheet's) wrap, never cut
            for few in ("Undo: Attack roll: Cyrus…", "Undo: Add weapon of Cyrus…"):
                sizes = undo.evaluate(LONGER, few)
                assert sizes["wide"] <= sizes["room"] + 1, (few, sizes)
                assert sizes["tall"] <= sizes["high"] + 1, (few, sizes)
            bar_keeps_one_row(app)
            app.evaluate("window.scrollTo(0, 0)")
        app.mouse.wheel(0, 600)
        app.wait_for_timeout(100)
        assert app.evaluate("scrollY") > 100, size  # the page did scroll
        box = undo.bounding_box()
        assert box is not None, size
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (size, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (size, box)
    assert errors == []
