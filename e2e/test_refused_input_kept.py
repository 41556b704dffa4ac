"""A player building a character on a phone types a letter into a number or a value out of range:
the message beside the field names the field and its range, and the field still shows what was
typed, to correct, not the saved value the player then has to notice and type over again (every
sheet put the old value back: IQ '1x' showed 10 under "IQ '1x' is not a whole number")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from support import PHONE, enter

GURPS = ("gurps", None, "gurps-new", "gurps-name")
PERCENTILE = ("percentile", None, "percentile-char-new", "percentile-char-name")
SIMPLY = ("simply", "simply-tab-characters", "char-new", "char-name")
AFTERMATH = ("aftermath", None, "aft-char-new", "aft-name")
#: Each system's sheet (its page and tab, its "new" button, its name field), then the field
#: typed wrong, what was typed, the words its message must hold, and a good value.
SHEETS = (
    (*GURPS, "gurps-iq", "1x", ("IQ", "0 to 40"), "11"),
    (*GURPS, "gurps-st", "99", ("ST", "0 to 40"), "13"),
    (*PERCENTILE, "percentile-char-brawl", "4o", ("BRAWL", "0 to 100"), "45"),
    (*PERCENTILE, "percentile-char-ap", "0", ("Agility Points", "1 to 10000"), "40"),
    (*SIMPLY, "char-strength", "7x", ("Strength", "0 to 100"), "7"),
    (*SIMPLY, "char-luck", "l0", ("Luck", "0 to 1000"), "12"),
    (*SIMPLY, "char-luck", "-1", ("Luck", "−1 is outside 0 to 1000"), "12"),
    (*AFTERMATH, "aft-attr-STR", "x", ("Strength", "0 to 74"), "12"),
)


@pytest.mark.parametrize(
    ("system", "tab", "new", "name", "field", "typed", "words", "good"),
    SHEETS,
    ids=[s[4] for s in SHEETS],
)
def test_a_refused_value_stays_in_its_field_with_the_reason_beside_it(
    app: Page,
    errors: list[str],
    system: str,
    tab: str | None,
    new: str,
    name: str,
    field: str,
    typed: str,
    words: tuple[str, ...],
    good: str,
) -> None:
    app.set_viewport_size(PHONE)
    app.get_by_test_id(f"nav-{system}").click()
    if tab:
        app.get_by_test_id(tab).click()
    app.get_by_test_id(new).click()
    box, error = app.get_by_test_id(field), app.get_by_test_id(f"{field}-error")
    saved = box.input_value()
    enter(app, field, typed)
    for word in words:
        expect(error).to_contain_text(word)
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_value(typed)
    # Another field's change redraws the sheet: the wrong value is still there to correct.
    enter(app, name, "Kira")
    expect(app.get_by_test_id(name)).to_have_value("Kira")
    expect(box).to_have_value(typed)
    expect(error).not_to_have_text("")
    assert saved != typed
    # Corrected, it is taken and the message goes.
    enter(app, field, good)
    expect(error).to_have_text("")
    expect(box).to_have_attribute("aria-invalid", "false")
    expect(box).to_have_value(good)
    assert errors == []
