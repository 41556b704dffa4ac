"""A GM's play-through of the Attack tab (the single-attack worksheet) beside the tracker:
- GUR-14, GUR-21 (004 lines 52, 88): a melee target must be within reach. The tracker asks
  whether he closed in when the fight holds a range between the two past the line's reach; the
  tab offered the same knife at 30 yd to roll. It asks the same question (the core's
  ``out_of_reach``), the roll waiting for the GM's one tap, for that pair in that turn.
- 004 line 97: no punching with a hand that holds a weapon. The tab listed the punch of a
  fighter gripping a greatsword in both hands (the core refused it only when tapped): it is not
  offered, and the tab says why as the tracker does."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.vdom import find_all, text_of
from rkweb.features.gurps.state import fight_of, keep, page_data
from test_gurps_melee_reach import ASKED, _knife_turn
from test_gurps_pages import send, texts
from test_gurps_switch import _fight


def test_the_tab_asks_whether_he_closed_within_reach() -> None:
    tab = send(_knife_turn(), "gurps.tab", "attack")  # Bo, his knife, 30 yd held from Ana
    assert texts(tab, "gurps-attack-reach") == [ASKED]
    (roll,) = find_all(shell.view(tab), "gurps-roll-attack")
    assert roll.attr("disabled") not in (None, "false", "False")
    refused = send(tab, "gurps.attack_roll", seed="r")
    assert fight_of(refused).pending is None
    assert len(page_data(refused)["log"]) == len(page_data(tab)["log"])  # nothing rolled
    closed = send(tab, "gurps.attack_reach")
    assert texts(closed, "gurps-attack-reach") == []
    (roll,) = find_all(shell.view(closed), "gurps-roll-attack")
    assert roll.attr("disabled") in (None, "false", "False")
    rolled = send(closed, "gurps.attack_roll", seed="r")
    assert len(page_data(rolled)["log"]) == len(page_data(tab)["log"]) + 1


def test_the_answer_is_for_that_pair_in_that_turn() -> None:
    closed = send(send(_knife_turn(), "gurps.tab", "attack"), "gurps.attack_reach")
    other = send(closed, "gurps.attack_form", "defender", "g3")  # Cy: no range held
    back = send(other, "gurps.attack_form", "defender", "g1")
    assert texts(back, "gurps-attack-reach") == [ASKED]  # asked again for Ana
    # Said on an earlier turn, the answer does not hold for the next one.
    stale = keep(closed, attack={**page_data(closed)["attack"], "within_reach": "g2>g1@0:0"})
    assert texts(stale, "gurps-attack-reach") == [ASKED]


GREATSWORD = {
    "name": "Hugh",
    "basic_speed": "6",
    "weapon": "Greatsword",
    "damage": "2d",
    "two_handed": "yes",
    "more_attacks": "Punch: 12, 1d-2 cr, unarmed; Kick: 10, 1d-1 cr, unarmed",
}


def test_the_tab_offers_no_punch_with_both_hands_full() -> None:
    tab = send(_fight([GREATSWORD, {"name": "Ana"}]), "gurps.tab", "attack")  # Hugh's turn
    (picker,) = find_all(shell.view(tab), "gurps-attack-line")
    offered = [text_of(o) for o in picker.children if not isinstance(o, str)]
    assert [o.partition(" (")[0] for o in offered] == ["Greatsword", "Kick"]
    assert texts(tab, "gurps-attack-punch") == [
        "Both hands hold the Greatsword: no punch; kick instead."
    ]
    # A punch picked all the same (an old form) is not rolled: why, by the roll.
    punch = send(tab, "gurps.attack_form", "line", "1")
    assert texts(punch, "gurps-attack-unready") == [
        "Both hands hold the Greatsword: no punch; kick instead."
    ]
    one_handed = send(
        _fight([{**GREATSWORD, "two_handed": "no"}, {"name": "Ana"}]), "gurps.tab", "attack"
    )
    assert texts(one_handed, "gurps-attack-punch") == []
    (picker,) = find_all(shell.view(one_handed), "gurps-attack-line")
    assert len([o for o in picker.children if not isinstance(o, str)]) == 3


def test_a_new_defender_starts_the_location_and_the_situation_afresh() -> None:
    """FIGHT.md's first law, as the tracker's target tap (test_gurps_play_two): the neck, a
    distraction and a from-behind set against Ana stayed on the tab's attack at Cy; the
    attacker's own off hand stays."""
    tab = send(_knife_turn(), "gurps.tab", "attack")  # Bo's knife at Ana
    for name, value in (
        ("location", "neck"),
        ("key:minor_distraction", "on"),
        ("key:off_hand_melee", "on"),
        ("from_behind", "yes"),
    ):
        tab = send(tab, "gurps.attack_form", name, value)
    form = page_data(tab)["attack"]
    assert form["location"] == "neck" and form["from_behind"] == "yes"
    at_cy = page_data(send(tab, "gurps.attack_form", "defender", "g3"))["attack"]
    assert at_cy["location"] == "torso" and at_cy["from_behind"] == ""
    assert at_cy["keys"] == {"off_hand_melee": "on"}
