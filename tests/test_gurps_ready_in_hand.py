"""A GM's play-through: with a one-handed weapon in hand, another one-handed weapon on the sheet
was offered as an attack with no Ready, the sheet's attack lines not saying which weapon each
is a way of using; and after a thrown weapon left his hand, his other weapons were still
offered as attacks. "A one-handed weapon is ready if it's being held in your hand" (GUR-21, 004
line 93); "to draw a new weapon ... you must take a Ready maneuver" (GUR-13, 004 line 95); a
weapon used in more than one way has a line for each (004 line 91); a thrown weapon is hurled
at the target (004 line 108). Each line is tied to its weapon (the sheet's Weapon field, else
its name, else the GM's word); only the ways of the weapon in hand (and the natural weapons)
are offered, the others through "Ready <weapon>", one tap."""

from __future__ import annotations

import pytest
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight.free_hands import EMPTY, offered_lines, ready_offers
from pycore.systems.gurps.fight.hands import after_attack, with_hand
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.line_weapons import weapon_asked, weapon_of
from pycore.systems.gurps.lines import line_from_json, lines_from_saved
from pycore.systems.gurps.sheet import Combatant, combatant_from_json, combatant_to_json

AXE = "Axe: 12, 1d+2 cut; Axe thrown: 11, 1d+2 cut, thrown, 1/2D 10, Max 15"
KICK = "Kick: 10, 1d cr, unarmed"


def _dan(more: str = f"{AXE}; {KICK}") -> Combatant:
    """Dan: his sheet's weapon a broadsword (one-handed), then an axe (swung or thrown)."""
    return Combatant(id="d", name="Dan", weapon="Broadsword", more_attacks=lines_from_saved(more))


def test_each_line_is_tied_to_its_weapon() -> None:
    dan = _dan()
    assert [weapon_of(dan, i) for i in range(4)] == ["Broadsword", "Axe", "Axe", ""]


def test_the_broadsword_in_hand_offers_no_axe_but_ready_axe() -> None:
    dan = _dan()
    assert offered_lines(dan, 0) == (0, 3)  # the broadsword and the kick
    assert ready_offers(dan, 0) == (1,)  # "Ready Axe": one per weapon
    assert offered_lines(dan, 1) == (1, 2, 3)  # the axe swung or thrown, the kick
    assert ready_offers(dan, 1) == (0,)


def test_with_no_record_the_sheets_first_weapon_is_in_hand() -> None:
    dan = _dan()
    assert offered_lines(dan, None) == (0, 3)


def test_after_the_axe_is_thrown_his_other_weapons_are_offered_through_ready() -> None:
    dan = _dan()
    thrown = after_attack(Fight((dan,)), dan, 2)
    assert gf.in_hand(thrown, "d") == EMPTY
    assert gf.lines_now(thrown, dan) == (3,)  # the kick only
    assert gf.ready_now(thrown, dan) == (0, 1)  # "Ready Broadsword", "Ready Axe"


def test_a_way_named_by_itself_is_the_weapon_of_a_sheet_of_one_weapon() -> None:
    ana = Combatant(weapon="Shortsword", more_attacks=lines_from_saved("Thrust: 13, 1d imp"))
    assert weapon_of(ana, 1) == "Shortsword"
    assert offered_lines(ana, 0) == (0, 1)


def test_where_the_names_cannot_tell_the_gm_is_asked() -> None:
    dan = _dan(f"{AXE}; Thrust: 13, 1d imp")
    assert weapon_of(dan, 3) is None and weapon_asked(dan) == (3,)
    assert 3 not in offered_lines(dan, 0) and 3 not in ready_offers(dan, 0)
    said = combatant_from_json({**combatant_to_json(dan), "more_attacks": [
        *[{**x} for x in combatant_to_json(dan)["more_attacks"][:2]],
        {**combatant_to_json(dan)["more_attacks"][2], "weapon": "broadsword"},
    ]})  # fmt: skip
    assert weapon_of(said, 3) == "Broadsword"
    assert offered_lines(said, 0) == (0, 3)


def test_the_weapon_field_round_trips_and_is_left_out_when_blank() -> None:
    line = line_from_json({"name": "Thrust", "skill": 12, "weapon": "Spear"})
    assert line.weapon == "Spear"
    dan = _dan()
    assert "weapon" not in combatant_to_json(dan)["more_attacks"][0]


def test_ready_axe_is_one_tap_and_starts_his_next_attack() -> None:
    model = fight_started()  # Bo (g2) acts first, his sheet's broadsword in hand
    model = send(model, "gurps.field", "g2", "more_attacks", f"{AXE}; {KICK}")
    model = send(model, "gurps.maneuver", "Attack", "")
    assert texts(model, "gurps-fight-line-1") == texts(model, "gurps-fight-line-2") == []
    assert texts(model, "gurps-fight-ready-offers") == ["Ready Axe"]
    assert texts(model, "gurps-fight-punch") == [
        "Axe, Axe thrown: not ready. Bo holds the Broadsword: a weapon is ready while held in "
        "the hand, and another is drawn with a Ready maneuver."
    ]
    refused = send(send(model, "gurps.step_line", "1"), "gurps.step_attack_typed", "3 4 4")
    assert fight_of(refused).attacks == 0 and fight_of(refused).pending is None
    drawn = send(model, "gurps.ready_draw", "1")  # one tap: Ready, and the axe drawn
    bo = fight_of(drawn).combatant("g2")
    assert bo.maneuver == "Ready" and gf.in_hand(fight_of(drawn), "g2") == 1
    model = send(send(send(drawn, "gurps.next"), "gurps.next"), "gurps.maneuver", "Attack", "")
    assert texts(model, "gurps-fight-ready-offers") == ["Ready Broadsword"]
    assert texts(model, "gurps-fight-line-1")[0].startswith("✓ Axe (1d+2 cut)")
    assert texts(model, "gurps-fight-line-2")  # the same axe, thrown: offered
    assert texts(model, "gurps-fight-line-0") == []


def test_after_a_throw_the_step_offers_ready_not_the_other_weapons() -> None:
    model = fight_started()
    model = send(model, "gurps.field", "g2", "more_attacks", f"{AXE}; {KICK}")
    model = send(send(model, "gurps.ready_draw", "1"), "gurps.next")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Attack", "")
    model = send(send(model, "gurps.step_line", "2"), "gurps.step_form", "yards", "5")
    thrown = send(model, "gurps.step_attack_typed", "6 6 6")  # a miss: the axe is gone
    model = send(send(send(thrown, "gurps.next"), "gurps.next"), "gurps.maneuver", "Attack", "")
    assert texts(model, "gurps-fight-ready-0") == ["Ready Broadsword"]
    assert texts(model, "gurps-fight-ready-1") == ["Ready Axe"]  # another axe on him, maybe
    assert [texts(model, f"gurps-fight-line-{i}") for i in range(3)] == [[], [], []]


def test_the_gm_answers_which_weapon_a_line_is_in_one_tap() -> None:
    model = fight_started()
    model = send(model, "gurps.field", "g2", "more_attacks", f"{AXE}; Thrust: 13, 1d imp")
    model = send(model, "gurps.maneuver", "Attack", "")
    assert texts(model, "gurps-fight-weapon-3")[0].startswith(
        "Thrust: a way of using which of Bo's weapons?"
    )
    answered = send(model, "gurps.line_weapon", "g2", "2", "Broadsword")
    assert texts(answered, "gurps-fight-weapon-asked") == []
    bo = fight_of(answered).combatant("g2")
    assert bo.more_attacks[2].weapon == "Broadsword"
    assert gf.lines_now(fight_of(answered), bo) == (0, 3)


def test_ready_drawn_refuses_a_weapon_in_hand() -> None:
    dan = _dan()
    fight = gf.start(Fight((dan,)), _Dice())[0]
    with pytest.raises(RuleError, match="no weapon of Dan's to draw now"):
        gf.ready_drawn(fight, 0)
    drawn, _ = gf.ready_drawn(with_hand(fight, "d", 0), 1)
    assert gf.in_hand(drawn, "d") == 1


class _Dice:
    def randint(self, low: int, high: int) -> int:
        return low


def test_the_turn_opens_with_ready_beside_the_maneuvers() -> None:
    """One tap from the turn's start: "Ready Axe" takes the Ready maneuver and draws it."""
    model = fight_started()
    model = send(model, "gurps.field", "g2", "more_attacks", f"{AXE}; {KICK}")
    assert texts(model, "gurps-maneuver-chips") and not fight_of(model).chosen
    assert texts(model, "gurps-fight-ready-offers") == ["Ready Axe"]
    drawn = send(model, "gurps.ready_draw", "1")
    assert fight_of(drawn).combatant("g2").maneuver == "Ready"
    assert gf.in_hand(fight_of(drawn), "g2") == 1
