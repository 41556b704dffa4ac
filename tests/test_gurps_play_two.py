"""A GM's play-through of the GURPS fight tracker (Ana, Bo with a crossbow and a knife, Cy with a
spear), each defect it found with the rule that decides it."""

from __future__ import annotations

from fractions import Fraction

from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of, page_data
from test_gurps_pages import attack_turn, fight_started, send, texts, two_fighters

from pycore.systems.gurps.rolls import landing_chance
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup, preview


def test_double_defense_odds_count_the_second_defense() -> None:  # GUR-17, 004 line 55
    # Cy's spear (skill 12) at Ana under All-Out Defense (Double Defense): parry 12, then dodge
    # 11 after a failed parry. The odds left the second roll out (20.6% for about 8.9%).
    ana = Combatant(
        weapon_skill=18, basic_speed="6", maneuver="All-Out Defense", option="Double Defense"
    )
    seen = preview(Combatant(weapon_skill=12, maneuver="Attack"), ana, AttackSetup())
    assert seen.best is not None and seen.second is not None
    assert (seen.best[0], seen.best[1].total) == ("parry", 12)
    assert (seen.second[0], seen.second[1].total) == ("dodge", 9)
    assert seen.lands == landing_chance(12, 12, 9) < landing_chance(12, 12)
    assert landing_chance(12, 12, 11) == Fraction(4, 216) + Fraction(156 * 56 * 81, 216**3)


def test_the_tracker_says_which_second_defense_its_odds_assume() -> None:
    model = send(fight_started(), "gurps.maneuver", "All-Out Defense", "Double Defense")
    model = send(attack_turn(model), "gurps.target", "g2")  # Ana (14) at Bo: dodge 9, parry 9
    turn = " ".join(texts(model, "gurps-turn"))
    assert "Lands past Bo's dodge 9, then parry 9" in turn
    lands = texts(model, "gurps-fight-lands")[0]
    want = landing_chance(14, 9, 9)
    assert f"exactly {want.numerator}/{want.denominator}" in lands


def _three_started() -> Model:
    """Ana (broadsword 14), Bo (Basic Speed 6, DR 2), Cy: Bo's turn first (GUR-05)."""
    model = send(two_fighters(), "gurps.new")
    model = send(model, "gurps.field", "g3", "name", "Cy")
    model = send(send(model, "gurps.tab", "tracker"), "gurps.start", seed="o")
    assert fight_of(model).current().id == "g2"  # type: ignore[union-attr]
    return send(model, "gurps.maneuver", "Attack", "")


def test_a_new_target_starts_the_location_and_the_situation_afresh() -> None:  # FIGHT.md
    model = send(_three_started(), "gurps.target", "g1")
    model = send(model, "gurps.step_form", "location", "neck")
    model = send(model, "gurps.step_chip", "minor_distraction")
    model = send(model, "gurps.step_chip", "off_hand_melee")  # his own off hand: kept
    assert "location neck −5 + Minor distraction −2" in texts(model, "gurps-fight-line")[0]
    at_cy = send(model, "gurps.target", "g3")
    line = texts(at_cy, "gurps-fight-line")[0]
    assert "neck" not in line and "distraction" not in line
    assert "Off-hand attack" in line
    step = page_data(at_cy)["step"]
    assert step["location"] == "torso" and step["chips"] == ["off_hand_melee"]
