"""A GM's play-through: Bo shot Cy at 150 yd, past the Size and Speed/Range Table's last row
(100 yd, 004 lines 181-195), and typed the speed/range modifier his table gives (GUR-28's
ASK). The range between the two was carried to his next shot, but the modifier was asked again
at each attack. FIGHT.md's first law: the range between these two is what the fight holds, and
the modifier for that range belongs with it; a new range drops it."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of, page_data
from rkweb.features.gurps.turn_step import step_of
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.store import History, default_data
from pycore.store.sections import read_section
from pycore.systems.gurps import fight as gf

BOW = {"attack_kind": "bow", "damage": "1d", "damage_type": "imp", "half_d": "150"}
SAID = "−11: the value typed for this range (150 yd), kept while it holds"


def bow_shot(yards: str, beyond: str = "") -> Model:
    """Ana's bow at Bo on the tracker at ``yards``, the GM's modifier past the table if
    ``beyond``; a miss ends the attack."""
    model = fight_started()
    for name, value in {**BOW, "max_range": "200"}.items():
        model = send(model, "gurps.field", "g1", name, value)
    model = attack_turn(model)
    model = send(model, "gurps.step_form", "yards", yards)
    assert texts(model, "gurps-fight-range-beyond-held") == []  # typed now: nothing held yet
    if beyond:
        model = send(model, "gurps.step_form", "range_beyond", beyond)
    return send(model, "gurps.step_attack_typed", "6 6 6")


def _shot() -> Model:
    """Ana's bow at Bo, 150 yd, the GM's −11; a miss ends the attack."""
    return bow_shot("150", "-11")


def _next_shot(model: Model) -> Model:
    return attack_turn(send(model, "gurps.next"))  # Bo's turn passes, Ana's again


def test_the_modifier_stays_with_the_pair_s_range_and_says_so() -> None:
    shot = _shot()
    assert gf.beyond_between(fight_of(shot), "g2", "g1") == "-11"
    again = _next_shot(shot)
    assert step_of(again, fight_of(again))["range_beyond"] == "-11"
    assert texts(again, "gurps-fight-line")[0].endswith("(yours: past the table) −11 = 3")
    assert texts(again, "gurps-fight-range-beyond-held") == [SAID]


def test_a_new_range_drops_it_and_the_held_one_brings_it_back() -> None:
    again = _next_shot(_shot())
    moved = send(again, "gurps.step_form", "yards", "160")
    assert step_of(moved, fight_of(moved))["range_beyond"] == ""
    assert texts(moved, "gurps-fight-range-beyond-held") == []
    assert "past the table" not in " ".join(texts(moved, "gurps-fight-line"))
    back = send(moved, "gurps.step_form", "yards", "150.0")  # the held range, typed again
    assert texts(back, "gurps-fight-range-beyond-held") == [SAID]
    near = send(again, "gurps.step_form", "yards", "50")  # within the table: the table's
    rolled = send(near, "gurps.step_attack_typed", "6 6 6")
    assert gf.beyond_between(fight_of(rolled), "g1", "g2") == ""


def test_it_survives_a_reload_and_belongs_to_the_pair() -> None:
    shot = _shot()
    saved = read_section("gurps", 1, shot.history.state["gurps"])
    reloaded = Model(History.new({**default_data(), "gurps": saved}), route="gurps")
    assert gf.beyond_between(fight_of(reloaded), "g1", "g2") == "-11"
    again = _next_shot(reloaded)
    assert texts(again, "gurps-fight-range-beyond-held") == [SAID]


def _attack_tab(model: Model, yards: str, **more: str) -> Model:
    model = send(model, "gurps.tab", "attack")
    for name, value in {"attacker": "g1", "defender": "g2", "yards": yards, **more}.items():
        model = send(model, "gurps.attack_form", name, value)
    return model


def test_the_attack_tab_uses_the_pair_s_held_modifier_too() -> None:
    """The Attack tab asked the modifier past the table again for the pair and range the fight
    holds it for (the tracker's step took it): the same pair at the same range now reads it, says
    so, and a typed one, another range, another pair or a moving target do not."""
    shot = _shot()
    tab = _attack_tab(shot, "150")
    assert texts(tab, "gurps-skill-line")[0].endswith("(yours: past the table) −11 = 3")
    assert texts(tab, "gurps-attack-range-beyond-held") == [SAID]
    # derived as the form is read, never stored as typed
    assert page_data(tab)["attack"].get("range_beyond", "") == ""
    rolled = send(tab, "gurps.attack_roll", seed="x")
    assert "yours: past the table" in " ".join(texts(rolled, "gurps-log-entry"))
    typed = send(tab, "gurps.attack_form", "range_beyond", "-12")
    assert texts(typed, "gurps-skill-line")[0].endswith("(yours: past the table) −12 = 2")
    assert texts(typed, "gurps-attack-range-beyond-held") == []
    for other in (
        send(tab, "gurps.attack_form", "yards", "160"),
        send(tab, "gurps.attack_form", "target_speed", "10"),
        send(tab, "gurps.attack_form", "defender", "g1"),
    ):
        assert "−11" not in texts(other, "gurps-skill-line")[0]
        assert texts(other, "gurps-attack-range-beyond-held") == []
    back = send(send(tab, "gurps.attack_form", "yards", "160"), "gurps.attack_form", "yards", "150")
    assert texts(back, "gurps-attack-range-beyond-held") == [SAID]
