"""A GM's play-through found each card reading "Do Nothing" before its fighter had a turn: the
sheet's default read as a maneuver he chose. In round 1, until his turn comes and he chooses,
the card says "No turn yet" (GUR-06: a maneuver is chosen at the start of each of his turns);
his defenses are still shown. Failed on main at 941f004 ("Do Nothing · dodge, parry")."""

from __future__ import annotations

from dataclasses import replace

from test_gurps_pages import fight_started, send, texts

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight, Place
from pycore.systems.gurps.sheet import Combatant

SAM = Combatant(id="s", name="Sam")
KIM = Combatant(id="k", name="Kim")
ROUND_1 = Fight((SAM, KIM), 1, (Place("s", 1), Place("k", 2)))


def test_before_his_turn_the_card_says_no_turn_yet() -> None:
    assert gf.card_line(ROUND_1, "k") == "No turn yet · dodge, parry"
    assert gf.card_line(Fight((SAM, KIM)), "s") == "No turn yet · dodge, parry"  # not started


def test_at_his_turn_the_card_says_it_once_he_chooses() -> None:
    assert gf.card_line(ROUND_1, "s").startswith("No turn yet")  # his turn, nothing chosen yet
    chose = replace(ROUND_1, chosen=True)  # he chose Do Nothing: that is his maneuver now
    assert gf.card_line(chose, "s") == "Do Nothing · dodge, parry"
    assert gf.card_line(replace(ROUND_1, turn=1), "s") == "Do Nothing · dodge, parry"  # past
    assert gf.card_line(replace(ROUND_1, round=2), "k") == "Do Nothing · dodge, parry"


def test_a_maneuver_set_ahead_of_his_turn_is_said() -> None:
    ahead = ROUND_1.with_combatant(replace(KIM, maneuver="All-Out Defense"))
    assert gf.card_line(ahead, "k").startswith("All-Out Defense")


def _card(model: object, name: str) -> str:
    """The card's own text, without its quick edits (whose maneuver list names every one)."""
    slot = next(t for t in texts(model, "gurps-slot") if t.startswith(name))  # type: ignore[arg-type]
    return slot.split("Edit")[0]


def test_the_page_cards_before_and_after_the_turns() -> None:
    model = fight_started()  # Bo's turn first, Ana next
    model = send(model, "gurps.field", "g1", "maneuver", "Do Nothing")  # Ana's sheet's default
    ana = _card(model, "Ana")
    assert "No turn yet" in ana and "Do Nothing" not in ana
    model = send(model, "gurps.maneuver", "Do Nothing", "")  # Bo, on his turn, chooses it
    bo = _card(model, "Bo")
    assert "Do Nothing" in bo and "No turn yet" not in bo
    model = send(model, "gurps.next")  # Ana's turn: still nothing chosen
    assert "No turn yet" in _card(model, "Ana")
    model = send(model, "gurps.maneuver", "Do Nothing", "")
    assert "Do Nothing" in _card(model, "Ana")
