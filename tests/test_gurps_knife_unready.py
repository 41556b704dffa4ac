"""A GM's play-through: Bo, gripping his two-handed longbow, took Attack, typed 10 yd and tapped
his Knife: "Knife (1d-2 cut), skill 12, at Ana … 74.1%", the roll enabled, with no Ready and no
word of the 10 yd. "A one-handed weapon is ready if it's being held in your hand" (004 line 93);
a new weapon is drawn with a Ready maneuver (004 line 95): the knife is not offered, and why is
said. A melee target must be within reach (GUR-14, 004 line 52): the range typed in this
attack, past the knife's reach, asks whether he closed in, as the range the fight holds does."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import fight_started, send, texts


def _bo(two_handed: str, *, drawn: bool = False) -> Model:
    model = fight_started()  # Bo (g2) first
    fields = {"weapon": "Longbow", "damage": "1d+2", "damage_type": "imp", "attack_kind": "bow"}
    for name, value in {**fields, "acc": "3", "max_range": "220"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(model, "gurps.field", "g2", "two_handed", two_handed)
    model = send(model, "gurps.line_add", "g2")
    line = {"name": "Knife", "skill": "12", "damage": "1d-2", "damage_type": "cut", "reach": "C,1"}
    for name, value in line.items():
        model = send(model, "gurps.line_field", "g2", "0", name, value)
    if drawn:  # "Ready Knife", one tap (004 line 95); Ana's turn passes; his turn again
        model = send(send(send(model, "gurps.ready_draw", "1"), "gurps.next"), "gurps.next")
    model = send(model, "gurps.maneuver", "Attack", "")
    return send(model, "gurps.step_form", "yards", "10")


def test_the_knife_is_not_offered_while_both_hands_grip_the_longbow() -> None:
    model = _bo("yes")
    assert texts(model, "gurps-fight-line-1") == []
    assert texts(model, "gurps-fight-punch") == [
        "Knife: not ready. Both of Bo's hands grip the Longbow: a Ready maneuver draws another "
        "weapon."
    ]
    tapped = send(model, "gurps.step_line", "1")
    rolled = send(tapped, "gurps.step_attack_typed", "3 4 4")
    assert fight_of(rolled).pending is None  # never rolled with the knife in its sheath
    assert fight_of(rolled).attacks == 0


def test_the_knife_at_10_yd_typed_asks_if_he_closed_in() -> None:
    model = _bo("no", drawn=True)  # the knife in hand, drawn with a Ready
    asked = "Ana is 10 yd away (the range typed): moved within reach?"
    assert texts(model, "gurps-fight-reach") == [asked]
    waits = send(model, "gurps.step_attack_typed", "3 4 4")
    assert fight_of(waits).pending is None  # the roll waits for the answer
