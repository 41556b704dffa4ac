"""Fighters have no recorded gender, so the words on the GURPS fight page never give one a
pronoun. A GM's play-through saw "Ana holds his Broadsword" and "Thrust: a way of using which
of his weapons?": the page now says the name, its possessive or "the". Each state below is one
where such a sentence is on the page (the step, the defence step, the log); the rules quoted in
the "Why" explanations keep the book's words, so text inside quotation marks is left out."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import text_of
from test_gurps_hand_attack import _bo, _drawn, _his_next_attack
from test_gurps_pages import attack_turn, fight_started, send
from test_gurps_parry_in_hand import _ana_hits, _bo_readies, _bo_shot
from test_gurps_play_three import _struck_in_his_turn
from test_gurps_play_two import _bo_crossbow, _punch_parried

GENDERED = re.compile(r"\b(he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)
QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")


def _pronouns(model: Model) -> list[str]:
    """Each gendered pronoun on the page outside quotations, with the words around it."""
    page = QUOTED.sub("", text_of(shell.view(model)))
    return [page[max(0, m.start() - 40) : m.end() + 40] for m in GENDERED.finditer(page)]


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


STATES: dict[str, Callable[[], Model]] = {
    "bow in hand, no parry": _bow_no_parry,
    "Ready weapon not said": _ready_unsaid,
    "Ready weapon said": _ready_said,
    "line's weapon asked": _weapon_asked,
    "crossbow not in hand": _crossbow_not_ready,
    "Aim with a knife": _aim_knife,
    "hand empty after a throw": _thrown,
    "parry may strike the limb": _strike_asked,
    "stunned in the own turn": _struck_in_his_turn,
}


@pytest.mark.parametrize("state", STATES)
def test_the_fight_page_gives_no_fighter_a_pronoun(state: str) -> None:
    assert _pronouns(STATES[state]()) == []
