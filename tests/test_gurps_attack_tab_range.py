"""A GM's play-through: Ana shot Bo with her bow at 12 yd on the Combat tracker, then opened the
Attack tab for the same two, and the worksheet's range was blank (the roll waiting for it)
though the fight holds it. FIGHT.md's first law: "range and movement between these two" come
from the fight so far; the tracker's step pre-fills it, the worksheet now does too: derived as
the form is read, never saved as typed, a typed range winning, and said under the field."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all
from rkweb.features.gurps.state import fight_of, page_data
from test_gurps_beyond_held import BOW, bow_shot
from test_gurps_pages import fight_started, send, texts

from pycore.systems.gurps import fight as gf

SAID = (
    "12 yd: the range the fight holds between Ana and Bo (their last ranged attack); "
    "type another to change it"
)


def _shot() -> Model:
    """Ana's bow at Bo on the tracker, 12 yd; a miss ends the attack."""
    return bow_shot("12")


def _worksheet(model: Model, *fields: tuple[str, str]) -> Model:
    model = send(model, "gurps.tab", "attack")
    for name, value in (("attacker", "g1"), ("defender", "g2"), *fields):
        model = send(model, "gurps.attack_form", name, value)
    return model


def _yards(model: Model) -> str | None:
    (field,) = find_all(shell.view(model), "gurps-attack-yards")
    return field.attr("value")


def test_the_worksheet_shows_the_range_the_fight_holds_and_says_so() -> None:
    shot = _shot()
    assert gf.range_between(fight_of(shot), "g1", "g2") == "12"
    tab = _worksheet(shot)
    assert _yards(tab) == "12"
    assert texts(tab, "gurps-attack-yards-hint") == [SAID]
    assert texts(tab, "gurps-attack-unready") == []  # the roll no longer waits for a range
    # 12 yd: past the 10 yd row, −5 (004 lines 181-195)
    assert texts(tab, "gurps-skill-line")[0].endswith("speed/range 12 yd −5 = 9")
    # derived as the form is read, never stored as typed
    assert page_data(tab)["attack"].get("yards", "") == ""
    touched = send(tab, "gurps.attack_form", "aim_seconds", "1")
    assert page_data(touched)["attack"].get("yards", "") == ""
    # the roll records the range the worksheet showed
    rolled = send(tab, "gurps.attack_roll", seed="x")
    assert gf.range_between(fight_of(rolled), "g1", "g2") == "12"


def test_a_typed_range_wins_and_another_defender_re_derives_it() -> None:
    tab = _worksheet(_shot())
    typed = send(tab, "gurps.attack_form", "yards", "20")
    assert _yards(typed) == "20"
    assert texts(typed, "gurps-attack-yards-hint") == []
    cleared = send(typed, "gurps.attack_form", "yards", "")
    assert _yards(cleared) == "12" and texts(cleared, "gurps-attack-yards-hint") == [SAID]
    # Another defender: the range is between these two; none is held for Ana and Cy, so the
    # field is blank and the roll waits, the 20 yd typed for Bo not carried to Cy.
    typed = send(send(typed, "gurps.new", seed="n"), "gurps.field", "g3", "name", "Cy")
    other = send(typed, "gurps.attack_form", "defender", "g3")
    assert _yards(other) == "" and texts(other, "gurps-attack-yards-hint") == []
    assert texts(other, "gurps-attack-unready")
    back = send(other, "gurps.attack_form", "defender", "g2")
    assert _yards(back) == "12" and texts(back, "gurps-attack-yards-hint") == [SAID]


def test_a_fight_with_no_range_held_leaves_it_blank() -> None:
    model = fight_started()
    for name, value in {**BOW, "max_range": "200"}.items():
        model = send(model, "gurps.field", "g1", name, value)
    tab = _worksheet(model)
    assert _yards(tab) == ""
    assert texts(tab, "gurps-attack-yards-hint") == []
    assert texts(tab, "gurps-attack-unready")  # the roll waits for the range (GUR-28)
