"""The Checks tab linked to a character (issue 17): the sheet fills the fields the core says it
feeds, "no character" keeps the typed values, and the link is one undo step."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all
from test_percentile_pages import fresh, go, texts, with_two_characters


def _value(model: Model, testid: str) -> str:
    node = find_all(shell.view(model), testid)[0]
    return str(node.attr("value"))


def test_picking_a_character_fills_the_checks_from_its_sheet() -> None:
    m = go(with_two_characters(), "percentile.char_field", "c1", "brawl", "55")
    m = go(m, "percentile.tab", "checks")
    m = go(m, "percentile.check_field", "target", "12")  # typed before the pick
    m = go(m, "percentile.check_char", "c1")  # Ann: AIM 70, AUTO PISTOL WEP DIF 30, 4+2
    assert texts(m, "percentile-check-filled")[0].startswith(
        "From Ann's sheet: the check under MARKSmanship 50 (AUTO PISTOL)"
    )
    assert _value(m, "percentile-check-target") == "50"  # PCT-31: (70 + 30) / 2
    assert _value(m, "percentile-check-label") == "Ann: MARKSmanship with AUTO PISTOL"
    assert _value(m, "percentile-check-skill") == "50"  # d1 (PCT-32)
    assert _value(m, "percentile-check-brawl") == "55"  # the thrower's BRAWL (PCT-38)
    assert _value(m, "percentile-check-die") == "4:10sd+2"  # PCT-42
    assert _value(m, "percentile-check-g_target") == "50"  # PCT-44 under d1
    assert texts(m, "percentile-check-odds")[0].startswith("49%")
    m = go(m, "percentile.check_roll_typed", "49")
    assert texts(m, "percentile-check-result") == [
        "Ann: MARKSmanship with AUTO PISTOL: 1:100sd (49) vs under 50: success, 1 under"
    ]
    # another check on the same character: an attribute
    m = go(m, "percentile.check_source", "aim")
    assert _value(m, "percentile-check-target") == "70"
    assert _value(m, "percentile-check-label") == "Ann: AIM"
    # the link is one undo step: back to the pick of the weapon
    m = go(m, "shell.undo")
    assert _value(m, "percentile-check-target") == "50"


def test_no_character_keeps_the_typed_values() -> None:
    m = go(with_two_characters(), "percentile.tab", "checks")
    m = go(m, "percentile.check_char", "c2")  # Bob: no weapon, checked on PERCEPTION
    assert _value(m, "percentile-check-target") == "50"
    assert _value(m, "percentile-check-label") == "Bob: PERCEPTION"
    m = go(m, "percentile.check_field", "target", "33")
    m = go(m, "percentile.check_char", "")  # no character: the values stay as typed
    assert _value(m, "percentile-check-target") == "33"
    assert find_all(shell.view(m), "percentile-check-source") == []
    assert "Pick a character" in texts(m, "percentile-check-filled")[0]
    m = go(m, "percentile.check_field", "target", "41")
    assert _value(m, "percentile-check-target") == "41"


def test_the_graze_is_left_to_the_gm_under_d2_and_no_characters_says_so() -> None:
    m = go(with_two_characters(), "percentile.setting", "to_hit", "d2")
    m = go(m, "percentile.tab", "checks")
    m = go(m, "percentile.check_field", "g_target", "77")
    m = go(m, "percentile.check_char", "c1")
    assert _value(m, "percentile-check-g_target") == "77"  # a Percent to Hit: not on the sheet
    empty = go(fresh(), "percentile.tab", "checks")
    assert texts(empty, "percentile-check-filled")[0].startswith("No characters yet")
    assert find_all(shell.view(empty), "percentile-check-source") == []
