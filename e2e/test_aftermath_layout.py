"""The Aftermath pages' layout at a tablet's 768x1024 and a phone's 390x844 (a GM's play-through
at 768: the attack form's choices cut, 50 px empty under the conditions picker, Undo's step cut
with the bar half empty)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import OVERFLOWS, PHONE, aftermath_fighter

TABLET = {"width": 768, "height": 1024}

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
    _fighters(app)
    app.get_by_test_id("aftermath-tab-combat").click()
    _attack(app, 1, 0)
    app.get_by_test_id("aft-resolve").click()
    expect(app.get_by_test_id("aft-attack-result")).to_be_visible()
    undo = app.get_by_test_id("undo")
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
