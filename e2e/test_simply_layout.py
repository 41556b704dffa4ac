"""The Simply fight's layout with long names, a check's "Why" opened, and at phone width
(play-through simply at 768x1024 and 390x844)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from support import OVERFLOWS, bar_keeps_one_row, enter, simply_character

LONG = "Bartholomew Quincy Fitzgeralds"  # 30 characters

#: An element's top below its check row's top.
FROM_ROW = "(el) => el.getBoundingClientRect().top - el.closest('li').getBoundingClientRect().top"


def _fight(app: Page, attacker: str, target: str = "Bo") -> None:
    """``attacker`` (a Longsword) and ``target``, initiative typed: the attacker acts."""
    app.get_by_test_id("nav-simply").click()
    app.get_by_test_id("simply-tab-characters").click()
    simply_character(app, attacker, "Melee Weapon", "Sword", "Longsword")
    simply_character(app, target, "Brawling")
    app.get_by_test_id("simply-tab-combat").click()
    app.get_by_test_id("sc-add-character").select_option(label=attacker)
    app.get_by_test_id("sc-add-character").select_option(label=target)
    expect(app.get_by_test_id("sc-combatant")).to_have_count(2)
    app.evaluate("window.scrollTo(0, 0)")
    enter(app, "sc-initiative-typed", "9 2")


def test_a_long_name_wraps_in_the_contest_s_labels(app: Page, errors: list[str]) -> None:
    """Play-through simply at 768x1024: "<30-character name> rolled (2D10)" stayed on one line
    and ran across "Bo's Defend (2D10)" beside it; at 390 px it ran off the screen (the page
    512 px wide). Each label wraps over its own field."""
    _fight(app, LONG)
    app.get_by_test_id("sc-attack-chip-defend").click()
    fields = ("sc-attack-typed", "sc-defend-typed")
    for width, height in ((768, 1024), (390, 844)):
        app.set_viewport_size({"width": width, "height": height})
        labels = [app.locator(f"label[for='{f}']") for f in fields]
        expect(labels[0]).to_have_text(f"{LONG} rolled (2D10)")
        for label, fid in zip(labels, fields, strict=True):
            assert not label.evaluate(OVERFLOWS), (width, label.inner_text())
            box, field = label.bounding_box(), app.get_by_test_id(fid).bounding_box()
            assert box is not None and field is not None
            assert box["x"] + box["width"] <= field["x"] + field["width"] + 1, (width, box, field)
            assert box["y"] + box["height"] <= field["y"] + 1, (width, box, field)
        assert app.evaluate("document.documentElement.scrollWidth") == width
    assert errors == []


def test_a_check_s_why_opens_under_the_check_its_chance_in_place(
    app: Page, errors: list[str]
) -> None:
    """Play-through simply at 768x1024: a long check's "Why" opened sat on the check's last
    line, pushing its chance a line down, apart from its words, with "Why" floating above it.
    Opened, it takes a line of its own under the check; the check's line stays as it was."""
    _fight(app, "Mara", "Cornelius Augustine Whitmore")
    enter(app, "sc-attack-typed", "2 3")  # Mara hits Cornelius
    enter(app, "sc-damage-die-typed", "18")  # MDT 24: raw 22, HP 24 → 2, three checks
    app.get_by_test_id("sc-apply-damage").click()
    # "Cornelius Augustine Whitmore: Stamina Check (at ¼ HP or less) TN 12 or unconscious —
    # 64%": two lines at 768 px, as long as the play-through's.
    expect(app.get_by_test_id("sc-check")).to_have_count(3)
    for check in app.get_by_test_id("sc-check").all():
        chance = check.locator(".odds-value").first
        # Measured from the check's top: a tap on "Why" may scroll the page.
        before = chance.evaluate(FROM_ROW)
        check.locator("details.why > summary").click()
        expect(check.locator("details.why")).to_have_attribute("open", "")
        after = chance.evaluate(FROM_ROW)
        assert abs(after - before) <= 1, (check.inner_text(), before, after)
        at, summary = chance.bounding_box(), check.locator("details.why > summary").bounding_box()
        assert at is not None and summary is not None
        assert summary["y"] >= at["y"] + at["height"] - 1, (summary, at)
        lines = check.locator(".why-lines").bounding_box()
        assert lines is not None and lines["y"] >= summary["y"] + summary["height"] - 1
    assert errors == []


def test_at_phone_width_the_fight_s_bar_keeps_one_row(app: Page, errors: list[str]) -> None:
    """At 390x844 during a fight the sticky bar took 101 px (the brand above Undo and Redo),
    more than the 68 px a revealed step stops below, so a control brought into view slid under
    it. Now Undo and Redo on one row, its label readable, the bar no taller than that."""
    app.set_viewport_size({"width": 390, "height": 844})
    _fight(app, "Mara")
    enter(app, "sc-attack-typed", "2 3")
    expect(app.get_by_test_id("undo")).to_contain_text("Undo: Mara hits Bo")
    bar_keeps_one_row(app)
    assert errors == []
