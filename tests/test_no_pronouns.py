"""Fighters have no recorded gender, so no screen of any system gives one a pronoun. A GM's
play-through saw "Ana holds his Broadsword" and "Thrust: a way of using which of his weapons?"
on the GURPS fight page: the page now says the name, its possessive or "the". Each state below
is one of a system's fight, sheet or log screens where a sentence names a fighter (the step, the
defence step, the questions, the log, the sheet); the rules quoted in the "Why" explanations keep
the book's words, so text inside quotation marks is left out."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import text_of
from test_aftermath_fight_screen import _fight as _aftermath_fight
from test_aftermath_fight_screen import _severed_arm
from test_aftermath_pages import send as aftermath_send
from test_gurps_hand_attack import _bo, _drawn, _his_next_attack
from test_gurps_pages import attack_turn, fight_started, send
from test_gurps_parry_in_hand import _ana_hits, _bo_readies, _bo_shot
from test_gurps_play_three import _struck_in_his_turn
from test_gurps_play_two import _bo_crossbow, _punch_parried
from test_percentile_pages import anns_turn, go, round_ready, with_a_fist, with_two_characters
from test_percentile_pages import worksheet as percentile_worksheet
from test_simply_fight_page import _critical_bo, started
from test_simply_fight_page import send as simply_send

GENDERED = re.compile(r"\b(he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)
QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def _pronouns(model: Model) -> list[str]:
    """Each gendered pronoun on the page outside quotations, with the words around it."""
    page = QUOTED.sub("", text_of(shell.view(model)))
    return [page[max(0, m.start() - 40) : m.end() + 40] for m in GENDERED.finditer(page)]


# GURPS: the fight page's sentences about weapons in hand, readying, aiming and parrying.


def _bow_no_parry() -> Model:  # "No parry: Bo holds the Short bow, which cannot parry"
    return _ana_hits(_bo_shot())


def _ready_unsaid() -> Model:  # "Which weapon did Bo draw ...", then no parry until it is said
    return _ana_hits(_bo_readies(_bo_shot(), "gurps.maneuver", "Ready", ""))


def _ready_said() -> Model:  # the log: "Bo readies the Knife"
    ready = _bo_readies(_bo_shot(), "gurps.maneuver", "Ready", "")
    return send(ready, "gurps.ready_weapon", "g2", "1")


def _weapon_asked() -> Model:  # "Thrust: a way of using which of Bo's weapons?"
    thrust = "Axe: 12, 1d+2 cut; Thrust: 13, 1d imp"
    model = send(fight_started(), "gurps.field", "g2", "more_attacks", thrust)
    return send(model, "gurps.maneuver", "Attack", "")


def _crossbow_not_ready() -> Model:  # "Crossbow: not ready. Bo holds the Large knife ..."
    model = send(_bo_crossbow(), "gurps.maneuver", "Ready", "")
    model = send(model, "gurps.ready_weapon", "g2", "1")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Do Nothing", "")
    return attack_turn(model)


def _aim_knife() -> Model:  # "Bo holds the Large knife, no ranged weapon: Aim adds Acc only ..."
    model = send(_bo_crossbow(), "gurps.maneuver", "Ready", "")
    model = send(model, "gurps.ready_weapon", "g2", "1")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Do Nothing", "")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Aim", "")
    return send(model, "gurps.target", "g1")


def _thrown() -> Model:  # "Bo's hand is empty after throwing the weapon"
    model = _drawn(_bo("Knife: 12, 1d-1 imp, thrown, 1/2D 10, Max 20"), "1")
    model = send(model, "gurps.step_form", "yards", "5")
    return _his_next_attack(send(model, "gurps.step_attack_typed", "6 6 6"))


def _strike_asked() -> Model:  # "... roll Broadsword 14 to strike Bo's arm squarely"
    return _punch_parried()


def _gurps_sheet() -> Model:  # the Combatants tab: the sheet of the fighter chosen
    return send(_bo_crossbow(), "gurps.tab", "combatants")


# Simply: the contest, the damage and its bleeding, the treatment, the sheet.


def _simply_hit() -> Model:  # "Mara hits Bo", the damage step waiting
    return simply_send(started(), "simply.combat_attack_typed", "2 3")


def _simply_bleeding() -> Model:  # Bo bleeding: "Bo: 1 HP lost per 5 minutes ..."
    model = simply_send(_simply_hit(), "simply.combat_form", "damage", "d20", "14")
    return simply_send(model, "simply.combat_damage")


def _simply_their_turn() -> Model:  # Mara holds: Bo's step, against Mara
    return simply_send(started(), "simply.combat_hold")


def _simply_sheet() -> Model:  # the Characters tab with Bo's sheet after the fight's damage
    model = simply_send(_simply_bleeding(), "simply.tab", "characters")
    return simply_send(model, "simply.char_select", 1)


# Aftermath: the missile step, the called critical and its Sever, the bleeding, the sheet.


def _aftermath_hit() -> Model:  # Ana's rifle hits Bo's arm for 14, applied
    model = _aftermath_fight()
    for typed in ("2", "80", "60", "14"):
        model = aftermath_send(model, ("aftermath.cbt_typed", typed))
    return model


def _aftermath_bleeding() -> Model:  # the arm severed: "Bleeding to death (dies after ...)"
    model = _severed_arm()
    for typed in ("5", "14", "90", "15", "5"):
        model = aftermath_send(model, ("aftermath.cbt_typed", typed))
    return model


def _aftermath_sheet() -> Model:  # the Characters tab with Bo's sheet, the arm severed
    return aftermath_send(_aftermath_bleeding(), ("aftermath.tab", "characters"))


def _aftermath_reference(en: str, loc: str = "") -> Callable[[], Model]:
    """The Reference tab's throw and entanglement outcomes (AFT-39, AFT-41): the book's table
    rows, shown as the book words them, so in quotation marks."""

    def state() -> Model:
        model = aftermath_send(_aftermath_fight(), ("aftermath.tab", "reference"))
        model = aftermath_send(model, ("aftermath.ref_field", "en", en))
        return aftermath_send(model, ("aftermath.ref_field", "loc", loc)) if loc else model

    return state


# Percentile: the round's turn step, the worksheet's stun question, the sheet.


def _percentile_to_hit() -> Model:  # Ann's turn against Bob, to hit typed: where it hit asked
    model = go(anns_turn(round_ready()), "percentile.turn_target", "c2")
    return go(model, "percentile.turn_typed", "15")


def _percentile_damage() -> Model:  # the head hit, the damage dice typed: the log's attack line
    model = go(_percentile_to_hit(), "percentile.turn_typed", "7")
    return go(model, "percentile.turn_typed", "5 6 6 5")


def _percentile_fist() -> Model:  # Ann's fist at 12 m: out of reach
    model = with_a_fist(round_ready())
    return go(anns_turn(model), "percentile.turn_target", "c2")


def _percentile_stun() -> Model:  # the worksheet asks Bob's stun after the damage
    model = percentile_worksheet(go(with_two_characters(), "percentile.tab", "combat"))
    for field, value in (("attacker", "c1"), ("target", "c2"), ("part", "arm")):
        model = go(model, "percentile.attack_field", field, value)
    for seed in "abcdefgh":
        model = go(model, "percentile.attack_resolve", seed=seed)
        if model.state["percentile"]["combat"].get("pending"):
            return model
    raise AssertionError("no seed asked the stun")


def _percentile_sheet() -> Model:  # the Characters tab with Bob's sheet after the damage
    model = go(_percentile_damage(), "percentile.tab", "characters")
    return go(model, "percentile.char_select", "c2")


STATES: dict[str, Callable[[], Model]] = {
    "gurps: bow in hand, no parry": _bow_no_parry,
    "gurps: Ready weapon not said": _ready_unsaid,
    "gurps: Ready weapon said": _ready_said,
    "gurps: line's weapon asked": _weapon_asked,
    "gurps: crossbow not in hand": _crossbow_not_ready,
    "gurps: Aim with a knife": _aim_knife,
    "gurps: hand empty after a throw": _thrown,
    "gurps: parry may strike the limb": _strike_asked,
    "gurps: stunned in the own turn": _struck_in_his_turn,
    "gurps: the sheet": _gurps_sheet,
    "simply: the hit": _simply_hit,
    "simply: bleeding": _simply_bleeding,
    "simply: the other's turn": _simply_their_turn,
    "simply: stabilization": _critical_bo,
    "simply: the sheet": _simply_sheet,
    "aftermath: the hit": _aftermath_hit,
    "aftermath: called critical": _severed_arm,
    "aftermath: bleeding to death": _aftermath_bleeding,
    "aftermath: the sheet": _aftermath_sheet,
    "aftermath: a throw's outcome 0-1": _aftermath_reference("1"),
    "aftermath: a throw's outcome 2-3": _aftermath_reference("2"),
    "aftermath: a throw's outcome 4-6": _aftermath_reference("5"),
    "aftermath: an entanglement of the torso": _aftermath_reference("5", "40"),
    "aftermath: an entanglement of an arm": _aftermath_reference("5", "30"),
    "percentile: where it hit": _percentile_to_hit,
    "percentile: damage logged": _percentile_damage,
    "percentile: fist out of reach": _percentile_fist,
    "percentile: stun asked": _percentile_stun,
    "percentile: the sheet": _percentile_sheet,
}


@pytest.mark.parametrize("state", STATES)
def test_no_screen_gives_a_fighter_a_pronoun(state: str) -> None:
    assert _pronouns(STATES[state]()) == []


def test_every_system_has_its_states() -> None:
    """A system's screens are covered here, each by more than its fight step."""
    from pycore.systems.system import SYSTEM_KEYS

    covered = {state.split(":")[0] for state in STATES}
    assert covered == set(SYSTEM_KEYS)
