"""Hands, derived from the sheet and the fight so far (GUR-21, 004 lines 88-97, 248): "a
one-handed weapon is ready if it's being held in your hand. A two-handed weapon is ready only if
you are gripping it with both hands"; "a natural weapon (punch, kick, etc.) is always ready
unless the body part is occupied ... (e.g., no punching with a hand that holds a weapon)"; a
parry barehanded needs "an empty hand". The app offered a punch to a fighter gripping a
greatsword in both hands, or holding a broadsword and a shield, and kept no two-handed mark."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rkweb.app.vdom import text_of
from rkweb.features.gurps import paper
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.errors import RuleError
from pycore.store.sections import read_section
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight.free_hands import (
    EMPTY,
    free_hands,
    no_empty_hand_said,
    no_punch_said,
    offered_lines,
    ready_offers,
    unready_said,
)
from pycore.systems.gurps.fight.hands import after_attack, defenses_now, holding, with_hand
from pycore.systems.gurps.lines import line_from_json, lines_from_saved
from pycore.systems.gurps.sheet import Combatant, combatant_from_json, combatant_to_json
from pycore.systems.gurps.worksheet import AttackSetup

NATURAL = lines_from_saved("Punch: 12, 1d-2 cr, unarmed; Kick: 10, 1d cr, unarmed")


def _fighter(weapon: str, **sheet: object) -> Combatant:
    return Combatant(id="h", name="Hugh", weapon=weapon, more_attacks=NATURAL, **sheet)  # type: ignore[arg-type]


def test_greatsword_in_both_hands_offers_no_punch_but_the_kick() -> None:
    hugh = _fighter("Greatsword", two_handed=True)
    assert free_hands(hugh, None) == 0
    assert offered_lines(hugh, None) == (0, 2)
    assert no_punch_said(hugh, None) == "Both hands hold the Greatsword: no punch; kick instead."


def test_broadsword_and_shield_offer_no_punch() -> None:
    hugh = _fighter("Broadsword", shield_skill=11, shield_db=2)
    assert free_hands(hugh, 0) == 0
    assert offered_lines(hugh, 0) == (0, 2)
    assert no_punch_said(hugh, 0) == (
        "The Broadsword and the shield fill both hands: no punch; kick instead."
    )


def test_knife_alone_leaves_the_other_hand_to_punch() -> None:
    kit = _fighter("Knife")
    assert free_hands(kit, 0) == 1
    assert offered_lines(kit, 0) == (0, 1, 2)
    assert no_punch_said(kit, 0) == ""


def test_a_throw_empties_the_hand_even_of_a_two_handed_weapon() -> None:
    hugh = _fighter("Spear", two_handed=True, attack_kind="thrown")
    assert free_hands(hugh, EMPTY) == 2
    # The spear has left his hand (004 line 108): his punch and kick, and a Ready to draw
    # another (004 line 95).
    assert offered_lines(hugh, EMPTY) == (1, 2)
    assert ready_offers(hugh, EMPTY) == (0,)


def test_the_weapon_in_hand_is_the_fights_not_the_sheets_first() -> None:
    """A bow first on his sheet (two-handed), a knife second: with the knife in hand (his last
    attack's), one hand is free to punch; with the bow, none."""
    bo = Combatant(
        name="Bo",
        weapon="Short bow",
        attack_kind="bow",
        two_handed=True,
        more_attacks=lines_from_saved("Knife: 12, 1d-1 imp; Punch: 12, 1d-2 cr, unarmed"),
    )
    # the knife is not in hand while both grip the bow: drawn with a Ready first (004 line 95)
    assert offered_lines(bo, 0) == (0,)
    # the bow, two-handed, is not ready while the knife is in his hand (004 lines 93, 95)
    assert offered_lines(bo, 1) == (1, 2)


def test_a_parry_barehanded_needs_an_empty_hand() -> None:
    """Bow in both hands and only his fists to parry with: no parry, and why."""
    bo = Combatant(
        id="b",
        name="Bo",
        weapon="Short bow",
        attack_kind="bow",
        two_handed=True,
        more_attacks=lines_from_saved("Punch: 12, 1d-2 cr, unarmed"),
    )
    fight = gf.Fight((bo,))
    assert "parry" not in defenses_now(fight, bo)
    assert (
        gf.parry_withheld(fight, bo)
        == no_empty_hand_said(bo, None)
        == ("No parry: both hands hold the Short bow, and a parry barehanded needs an empty hand.")
    )
    # Held in one hand, the bow still stands in it before any attack (his sheet's first line):
    # holding a weapon he is not unarmed (004 line 248), as once his shot puts it on record.
    one_hand = replace(bo, two_handed=False)
    assert "parry" not in defenses_now(gf.Fight((one_hand,)), one_hand)
    shot = with_hand(gf.Fight((one_hand,)), "b", 0)
    assert gf.parry_withheld(gf.Fight((one_hand,)), one_hand) == gf.parry_withheld(shot, one_hand)
    # His fists first on his sheet: no weapon in hand, he parries barehanded.
    fists = replace(
        bo,
        weapon="Punch",
        attack_kind="melee",
        unarmed=True,
        two_handed=False,
        more_attacks=lines_from_saved("Short bow: 12, 1d imp, bow"),
    )
    assert "parry" in defenses_now(gf.Fight((fists,)), fists)


def test_the_two_handed_mark_is_saved_and_old_sheets_read_one_handed() -> None:
    saved = combatant_to_json(_fighter("Greatsword", two_handed=True))
    assert saved["two_handed"] is True
    assert combatant_from_json(saved).two_handed is True
    old = {k: v for k, v in saved.items() if k != "two_handed"}
    old["more_attacks"] = [
        {k: v for k, v in x.items() if k != "two_handed"} for x in old["more_attacks"]
    ]
    assert combatant_from_json(old).two_handed is False
    assert line_from_json({"name": "Maul", "two_handed": 1}).two_handed is True
    assert lines_from_saved("Maul: 11, 2d cr, two-handed")[0].two_handed is True


def test_the_tracker_offers_no_punch_with_the_greatsword_and_says_why() -> None:
    model = fight_started()
    lines = "Punch: 12, 1d-2 cr, unarmed; Kick: 10, 1d cr, unarmed"
    for name, value in {"weapon": "Greatsword", "two_handed": "on", "more_attacks": lines}.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(model, "gurps.maneuver", "Attack", "")
    assert fight_of(model).combatant("g2").two_handed
    assert texts(model, "gurps-fight-line-1") == []
    assert texts(model, "gurps-fight-line-2") != []
    assert texts(model, "gurps-fight-punch") == [
        "Both hands hold the Greatsword: no punch; kick instead."
    ]
    with pytest.raises(RuleError, match="no punch"):
        gf.attack(fight_of(model), "g2", "g1", AttackSetup(line=1), lambda a, b: 3)
    saved = read_section("gurps", 1, model.history.state["gurps"])
    assert saved["combatants"][1]["two_handed"] is True


def test_the_tracker_offers_the_punch_with_a_hand_free() -> None:
    model = fight_started()
    lines = "Punch: 12, 1d-2 cr, unarmed; Kick: 10, 1d cr, unarmed"
    for name, value in {"weapon": "Knife", "more_attacks": lines}.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(model, "gurps.maneuver", "Attack", "")
    assert texts(model, "gurps-fight-line-1") != []
    assert texts(model, "gurps-fight-punch") == []


def test_a_punch_leaves_the_knife_in_his_other_hand() -> None:
    """Kit holds his knife and punches with his other hand (004 line 97): the knife stays in
    his hand, his next attack starts with it and he parries with it, not barehanded."""
    kit = replace(_fighter("Knife", parry_bonus=-1), id="k", name="Kit")
    fight = after_attack(gf.Fight((kit,)), kit, 1)
    assert gf.in_hand(fight, "k") is None
    assert gf.line_in_hand(fight, kit) == 0
    assert holding(fight, kit).weapon == "Knife"
    held = with_hand(gf.Fight((kit,)), "k", 0)
    assert gf.in_hand(after_attack(held, kit, 2), "k") == 0  # a kick, too
    thrown = with_hand(gf.Fight((kit,)), "k", EMPTY)
    assert gf.in_hand(after_attack(thrown, kit, 1), "k") == 1  # his hand was empty: a punch


def test_a_line_is_marked_two_handed_or_barehanded_on_the_sheet() -> None:
    """Each other attack line has the weapon's two marks (a greatsword's second line, a punch):
    they were not fields of a line, so a punch added on the sheet could not be one."""
    model = fight_started()
    model = send(model, "gurps.select", "g2")
    model = send(model, "gurps.line_add", "g2")
    for name, value in (("name", "Punch"), ("unarmed", "yes"), ("two_handed", "no")):
        model = send(model, "gurps.line_field", "g2", "0", name, value)
    model = send(model, "gurps.field", "g2", "two_handed", "yes")
    bo = fight_of(model).combatant("g2")
    assert (bo.two_handed, bo.more_attacks[0].unarmed, bo.more_attacks[0].two_handed) == (
        True,
        True,
        False,
    )
    model = send(model, "gurps.tab", "combatants")
    assert texts(model, "gurps-two_handed") != []
    assert texts(model, "gurps-line-0-two-handed") != []
    assert texts(model, "gurps-line-0-unarmed") != []


def test_the_printed_sheet_marks_a_two_handed_weapon() -> None:
    hugh = replace(
        _fighter("Greatsword", two_handed=True),
        more_attacks=(*NATURAL, line_from_json({"name": "Maul", "two_handed": True})),
    )
    printed = text_of(paper.view(hugh))
    assert "Greatsword, skill 12, two-handed" in printed
    assert "Maul, two-handed" in printed
    assert "Punch, two-handed" not in printed


def test_the_defence_step_says_why_no_parry_barehanded() -> None:
    """Bo grips his bow in both hands, his fists his only parry: Ana hits him and the defence
    step offers no parry, saying why (004 line 248)."""
    model = fight_started()
    bow = {"weapon": "Short bow", "attack_kind": "bow", "damage": "1d", "damage_type": "imp"}
    sheet = {**bow, "two_handed": "yes", "more_attacks": "Punch: 12, 1d-2 cr, unarmed"}
    for name, value in sheet.items():
        model = send(model, "gurps.field", "g2", name, value)
    hit = send(attack_turn(model), "gurps.step_attack_typed", "3 3 3")  # 9 against 14: a hit
    assert [k for k, _ in gf.defenses_left(fight_of(hit))] == ["dodge"]
    assert texts(hit, "gurps-fight-defend-parry") == []
    assert texts(hit, "gurps-fight-parry-withheld") == [
        "No parry: both hands hold the Short bow, and a parry barehanded needs an empty hand."
    ]


def test_a_two_handed_weapon_and_a_shield_say_both_hands_hold_the_weapon() -> None:
    """004 line 93: a two-handed weapon is ready only gripped with both hands. With a shield on
    his sheet too, the words read "The Greatsword and his shield fill both hands", as if the
    greatsword took one: both hands hold the greatsword."""
    hugh = _fighter("Greatsword", two_handed=True, shield_skill=11, shield_db=2)
    assert no_punch_said(hugh, 0) == "Both hands hold the Greatsword: no punch; kick instead."


def test_a_one_handed_weapon_is_not_ready_while_both_hands_grip_a_bow() -> None:
    """A GM's play-through: Bo, gripping his longbow (two-handed), stabbed with the knife on his
    sheet with no Ready. "A one-handed weapon is ready if it's being held in your hand" (004
    line 93); another is drawn with a Ready maneuver (004 line 95): refused in words."""
    knife = lines_from_saved("Knife: 12, 1d-2 cut; Kick: 9, 1d cr, unarmed")
    bo = replace(_fighter("Longbow", two_handed=True), id="b", name="Bo", more_attacks=knife)
    assert offered_lines(bo, None) == (0, 2)
    assert unready_said(bo, None) == (
        "Knife: not ready. Both of Bo's hands grip the Longbow: a Ready maneuver draws another "
        "weapon."
    )
    # after a Ready of the knife, the knife is in hand
    assert 1 in offered_lines(bo, 1)
    fight = gf.Fight((bo, Combatant(id="a", name="Ana")))
    assert 1 not in gf.lines_now(fight, bo)
    assert "Knife: not ready" in gf.punch_withheld(fight, bo)
