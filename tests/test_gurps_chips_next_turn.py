"""The maneuver chips offer what the turn they begin allows, not what last turn's maneuver
left (a GM's play-through, G-2): during Ana's turn, the "Next: Cy" chips offered All-Out
Defense's Increased Dodge and Double Defense but not Increased Parry, because Cy's All-Out
Attack of last turn leaves him no defense until his next turn (GUR-18). The maneuver he takes
replaces it (GUR-06, 004 line 29), and with his mace in hand he parries (GUR-17, 004 line 248)."""

from __future__ import annotations

import random
from dataclasses import replace

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.lines import lines_from_saved
from pycore.systems.gurps.sheet import Combatant

BO = Combatant(id="b", name="Bo", basic_speed="6", dx=13)
ANA = Combatant(id="a", name="Ana", basic_speed="5.75", dx=12)
CY = Combatant(id="c", name="Cy", basic_speed="5.5", weapon="Mace", weapon_skill=12)


def test_after_all_out_attack_his_next_turn_offers_increased_parry() -> None:  # GUR-17, 18
    fight, _ = gf.start(Fight((ANA, BO, CY)), random.Random(1))
    for taken in ("Do Nothing", "Do Nothing", "All-Out Attack"):  # Bo, Ana, Cy
        fight, _ = gf.take_maneuver(fight, taken, "Strong" if taken.startswith("All") else "")
        fight, _ = gf.next_turn(fight)
    fight, _ = gf.next_turn(gf.take_maneuver(fight, "Do Nothing")[0])  # Ana's turn
    coming, _ = gf.next_turn(fight)  # Cy's, as the "Next: Cy" chips begin it
    assert "no defense" in gf.card_line(coming, "c")  # last turn's
    offered = {c.label: c.allows for c in gf.maneuver_choices(coming)}
    assert offered["All-Out Defense (Increased Parry)"] == "no attack · dodge, parry +2"
    assert offered["All-Out Defense (Increased Dodge)"] == "no attack · dodge +2, parry"
    assert offered["Attack"] == "1 attack · dodge, parry"


DAN = Combatant(
    id="d",
    name="Dan",
    basic_speed="7",
    weapon="Broadsword",
    weapon_skill=12,
    more_attacks=lines_from_saved("Axe: 12, 1d+2 cut"),
)


def test_the_ready_chip_says_what_his_turn_line_says_once_taken() -> None:  # 004:L95, L248
    """A GM's play-through: the Ready chip read "dodge, parry", and right after the tap the
    turn line read "Ready — no attack · dodge": which weapon he draws is the GM's to say, and
    he parries only with a ready weapon (004 line 248), so the parry waits for it; both say so."""
    fight, _ = gf.start(Fight((DAN, BO)), random.Random(1))
    chip = {c.label: c.allows for c in gf.maneuver_choices(fight)}["Ready"]
    fight, _ = gf.take_maneuver(fight, "Ready")
    line = {c.label: c.allows for c in gf.maneuver_choices(fight)}["Ready"]
    assert chip == line == f"no attack · dodge, {gf.PARRY_UNSAID}"
    fight, _ = gf.ready_weapon(fight, "d", 1)  # the axe: its parry now
    assert {c.label: c.allows for c in gf.maneuver_choices(fight)}["Ready"] == (
        "no attack · dodge, parry"
    )


def test_a_bow_in_hand_and_a_knife_to_draw_the_parry_waits_for_the_knife() -> None:
    """Bo holds his bow (both hands, no parry: 004 lines 93, 248); Ready may draw his knife,
    which parries, so its parry waits for the weapon to be said, as the chip and line say."""
    bo = Combatant(
        id="b",
        name="Bo",
        basic_speed="7",
        weapon="Short bow",
        attack_kind="bow",
        more_attacks=lines_from_saved("Knife: 12, 1d-1 cut"),
    )
    fight, _ = gf.start(Fight((bo, ANA)), random.Random(1))
    chip = {c.label: c.allows for c in gf.maneuver_choices(fight)}["Ready"]
    assert chip == f"no attack · dodge, {gf.PARRY_UNSAID}"
    fight, _ = gf.take_maneuver(fight, "Ready")
    assert {c.label: c.allows for c in gf.maneuver_choices(fight)}["Ready"] == chip


# A fighter's card on the order strip says what his maneuver chip and his turn's line say of a
# Ready's parry (004 lines 95, 248): while the weapon it drew is not said, the parry waits for
# it. A GM's play-through: the card read "Ready · dodge" while the chip and the turn line read
# "dodge, parry once the weapon drawn is said".


def test_the_card_says_the_parry_waits_for_the_weapon_drawn() -> None:  # 004:L95, L248
    fight, _ = gf.start(Fight((DAN, BO)), random.Random(1))
    fight, _ = gf.take_maneuver(fight, "Ready")
    line = {c.label: c.allows for c in gf.maneuver_choices(fight)}["Ready"]
    assert line.endswith(f"dodge, {gf.PARRY_UNSAID}")
    assert gf.card_line(fight, "d") == f"Ready · dodge, {gf.CARD_PARRY_UNSAID}"
    # the card's words are the chip's, shortened to the card's column
    assert gf.CARD_PARRY_UNSAID.startswith("parry once") and "said" in gf.CARD_PARRY_UNSAID
    for moved in (fight, gf.next_turn(fight)[0]):  # on Bo's turn too, until it is said
        assert gf.card_line(moved, "d").startswith(f"Ready · dodge, {gf.CARD_PARRY_UNSAID}")
    fight, _ = gf.ready_weapon(fight, "d", 1)  # the axe: its parry now
    assert gf.card_line(fight, "d") == "Ready · dodge, parry"


def test_no_weapon_that_parries_no_parry_waits() -> None:  # 004:L248
    """A bow and a sling to draw: neither parries, so the card says no parry to come."""
    bows = lines_from_saved("Long bow: 12, 1d+2 imp, bow")
    archer = replace(DAN, weapon="Short bow", attack_kind="bow", more_attacks=bows)
    fight, _ = gf.start(Fight((archer, BO)), random.Random(1))
    fight, _ = gf.take_maneuver(fight, "Ready")
    assert gf.card_line(fight, "d") == "Ready · dodge"
