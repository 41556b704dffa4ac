"""Where an attack may be aimed (GUR-29 to GUR-38, GUR-60): one list, built once from the
attack line and the target's sheet, offered by the tracker's step and the Attack tab alike.

A GM's play-through (768x1024, three fighters): Ana's broadsword cut was offered the vitals;
the attack was rolled at −3, Bo's dodge was rolled, and only the damage roll said "vitals can be
targeted only by impaling, piercing or tight-beam burning attacks, not cut" (003 line 41): the
attack could only be cancelled, her attack for the turn spent. And her thrust aimed at the
vitals kept the vitals when she went back to the cut."""

from __future__ import annotations

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import VNode, find_all
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.errors import RuleError
from pycore.systems.gurps.aiming import aimed_location, aimed_locations
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, attack_line

CUT = Combatant(damage_type="cut", maneuver="Attack", weapon_skill=14)
SPEAR = Combatant(damage_type="imp", maneuver="Attack", weapon_skill=14)


def _offered(model: Model, testid: str) -> list[str]:
    select = find_all(shell.view(model), testid)[0]
    return [
        str(o.attr("value")) for o in select.children if isinstance(o, VNode) and o.tag == "option"
    ]


def _chosen(model: Model, testid: str) -> str:
    select = find_all(shell.view(model), testid)[0]
    picked = [o for o in select.children if isinstance(o, VNode) and o.attr("selected") is not None]
    return str(picked[0].attr("value")) if picked else ""


def test_vitals_and_eye_only_for_piercing_impaling_or_a_tight_beam() -> None:  # 003:L41, L46
    assert "vitals" not in aimed_locations(CUT, Combatant())
    assert "eye" not in aimed_locations(CUT, Combatant())
    assert {"vitals", "eye"} <= set(aimed_locations(SPEAR, Combatant()))
    beam = Combatant(damage_type="burn", tight_beam=True, maneuver="Attack")
    assert "vitals" in aimed_locations(beam, Combatant())
    assert "vitals" not in aimed_locations(Combatant(damage_type="burn"), Combatant())


def test_what_the_target_lacks_is_not_offered() -> None:  # 003:L70, L55, L58
    offered = aimed_locations(SPEAR, Combatant(tolerance="no head, no neck"))
    assert not {"eye", "skull", "face", "neck"} & set(offered)
    # No shield on his sheet: no shield arm (−4) nor shield hand (−8) to aim at.
    assert not {"shield_arm", "shield_hand"} & set(aimed_locations(SPEAR, Combatant()))
    assert "shield_arm" in aimed_locations(SPEAR, Combatant(shield_skill=12))
    # Nobody chosen yet: every location of the body.
    assert len(aimed_locations(None, None)) == 13


def test_a_location_the_attack_cannot_aim_at_is_the_torso() -> None:  # 003:L39
    assert aimed_location("vitals", CUT, Combatant()) == "torso"
    assert aimed_location("vitals", SPEAR, Combatant()) == "vitals"
    # Where a random blow fell is the GM's table's, not an aim.
    assert aimed_location("vitals", CUT, Combatant(), random_location=True) == "vitals"


def test_the_core_refuses_a_cut_at_the_vitals_before_the_dice() -> None:  # 003:L41
    with pytest.raises(RuleError, match="vitals can be targeted only by impaling"):
        attack_line(CUT, Combatant(), AttackSetup(location="vitals"))
    with pytest.raises(RuleError, match="has no neck"):
        attack_line(SPEAR, Combatant(tolerance="no neck"), AttackSetup(location="neck"))
    assert attack_line(SPEAR, Combatant(), AttackSetup(location="vitals")).total == 11


def test_the_step_and_the_attack_tab_offer_one_list() -> None:  # 003:L41, L46
    model = attack_turn(fight_started())  # Ana's broadsword cuts, at Bo
    offered = _offered(model, "gurps-fight-location")
    assert "vitals" not in offered and "eye" not in offered and "skull" in offered
    tab = send(model, "gurps.tab", "attack")
    for name, value in (("attacker", "g1"), ("defender", "g2")):
        tab = send(tab, "gurps.attack_form", name, value)
    assert _offered(tab, "gurps-attack-location") == offered


def test_back_to_the_cut_after_aiming_the_thrust_at_the_vitals() -> None:  # 003:L41, L39
    model = send(
        fight_started(), "gurps.field", "g1", "more_attacks", "Thrust: 14, 1d+2 imp, thrust"
    )
    model = attack_turn(model)  # Ana at Bo
    model = send(model, "gurps.step_line", "1")
    assert "vitals" in _offered(model, "gurps-fight-location")
    model = send(model, "gurps.step_form", "location", "vitals")
    assert texts(model, "gurps-fight-line")[0].endswith("location vitals −3 = 11")
    model = send(model, "gurps.step_line", "0")  # the cut cannot aim there
    assert _chosen(model, "gurps-fight-location") == "torso"
    assert texts(model, "gurps-fight-line")[0] == "base 14 + Attack +0 = 14"
    # The cut's chip says the chance the tap gives (torso), not a cut at the vitals (62.5%).
    model = send(model, "gurps.step_line", "1")
    assert "Broadsword (1d+1 cut): 90.7%" in texts(model, "gurps-fight-lines")[0]
    assert _chosen(model, "gurps-fight-location") == "torso"  # not kept from the earlier aim
    rolled = send(model, "gurps.step_attack_typed", "3 3 3")
    assert "(torso)" in rolled.state["gurps"]["log"][0]["text"]


def test_the_attack_tab_aims_a_cut_at_the_torso() -> None:  # 003:L41
    model = send(fight_started(), "gurps.tab", "attack")
    for name, value in (("attacker", "g1"), ("defender", "g2"), ("location", "vitals")):
        model = send(model, "gurps.attack_form", name, value)
    assert _chosen(model, "gurps-attack-location") == "torso"
    assert "vitals" not in texts(model, "gurps-skill-line")[0]
