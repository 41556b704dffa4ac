"""A GM's play-through of the GURPS fight tracker (Ana, Bo with a crossbow and a knife, Cy with a
spear), each defect it found with the rule that decides it."""

from __future__ import annotations

from fractions import Fraction

import pytest
from rkweb.app.model import Model
from rkweb.features.gurps.state import fight_of, page_data
from test_gurps_pages import attack_turn, fight_started, send, texts, two_fighters

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
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


CROSSBOW = {
    "weapon": "Crossbow",
    "attack_kind": "crossbow",
    "weapon_skill": "13",
    "damage": "1d+4",
    "damage_type": "imp",
    "acc": "4",
    "half_d": "100",
    "max_range": "150",
    "two_handed": "yes",
    "more_attacks": "Large knife: 12, 1d-1 cut",
}


def _bo_crossbow() -> Model:
    """Bo (two-handed crossbow, a Large knife on his sheet) at the start of his turn."""
    model = fight_started()  # Bo's turn first (Basic Speed 6), then Ana
    for name, value in CROSSBOW.items():
        model = send(model, "gurps.field", "g2", name, value)
    return model


def test_no_parry_with_a_knife_while_both_hands_hold_the_crossbow() -> None:  # 004 L93, L248
    model = send(_bo_crossbow(), "gurps.maneuver", "Aim", "")
    model = send(model, "gurps.target", "g1")
    hit = send(attack_turn(model), "gurps.target", "g2")  # Ana at Bo
    hit = send(hit, "gurps.step_attack_typed", "3 3 3")
    assert [k for k, _ in gf.defenses_left(fight_of(hit))] == ["dodge"]
    assert texts(hit, "gurps-fight-defend-parry") == []
    said = texts(hit, "gurps-fight-parry-withheld")[0]
    assert said.startswith("No parry: Bo holds the Crossbow, which cannot parry.")


def test_the_crossbow_is_not_fired_with_the_knife_in_hand() -> None:  # 004 L93-95, GUR-11
    model = send(_bo_crossbow(), "gurps.maneuver", "Ready", "")
    model = send(model, "gurps.ready_weapon", "g2", "1")  # he draws the Large knife
    assert gf.in_hand(fight_of(model), "g2") == 1
    for _ in range(2):  # Ana does nothing; Bo aims at Ana with the knife in hand
        model = send(send(model, "gurps.next"), "gurps.maneuver", "Do Nothing", "")
        model = send(send(model, "gurps.next"), "gurps.maneuver", "Aim", "")
        model = send(model, "gurps.target", "g1")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Do Nothing", "")
    model = attack_turn(model)  # Bo attacks: the crossbow is not offered, and why is said
    fight = fight_of(model)
    bo = fight.combatant("g2")
    assert gf.lines_now(fight, bo) == (1,)
    said = texts(model, "gurps-fight-punch")[0]
    assert said.startswith("Crossbow: not ready. Bo holds the Large knife")
    assert "Acc" not in texts(model, "gurps-fight-line")[0]
    with pytest.raises(RuleError, match="Crossbow: not ready"):
        gf.attack(fight, "g2", "g1", AttackSetup(line=0, yards=10), typed_dice("3d6", "10"))


def test_aim_with_a_knife_in_hand_says_it_adds_no_acc() -> None:  # GUR-11
    model = send(_bo_crossbow(), "gurps.maneuver", "Ready", "")
    model = send(model, "gurps.ready_weapon", "g2", "1")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Do Nothing", "")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Aim", "")
    model = send(model, "gurps.target", "g1")
    assert texts(model, "gurps-fight-aim") == [
        "Bo holds the Large knife, no ranged weapon: Aim adds Acc only to a ranged weapon ready "
        "in hand. Another weapon is drawn with a Ready maneuver."
    ]


def _punch_parried() -> Model:
    """Bo punches (Brawling 13) at Ana (broadsword 14), who parries with her sword: Bo's
    turn first; typed dice: his 9 hits, her 9 parries."""
    model = fight_started()
    for name, value in {"weapon": "Punch", "unarmed": "yes", "damage": "1d-1"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    for name, value in {"damage_type": "cr", "weapon_skill": "13", "brawling": "13"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(send(model, "gurps.maneuver", "Attack", ""), "gurps.target", "g1")
    hit = send(model, "gurps.step_attack_typed", "3 3 3")
    return send(send(hit, "gurps.step_defense", "parry"), "gurps.step_defend_typed", "3 3 3")


def test_a_sword_parry_of_a_punch_asks_the_roll_to_injure() -> None:  # GUR-49, 004 L259-261
    parried = _punch_parried()
    pending = fight_of(parried).pending
    assert pending is not None and pending.stage == "strike"
    assert (pending.attacker, pending.defender, pending.setup.location) == ("g1", "g2", "arm")
    assert texts(parried, "gurps-fight-lands-on") == []  # the question names the limb
    asked = texts(parried, "gurps-fight-strike-asked")[0]
    assert asked == (
        "Ana's parry with the Broadsword may injure Bo: roll Broadsword 14 to strike Bo's arm "
        "squarely (no defense): 90.7%"
    )
    struck = send(parried, "gurps.step_strike_typed", "4 4 4")  # 12 against 14
    assert "Ana's parry strikes Bo's arm" in texts(struck, "gurps-fight-result")[0]
    assert fight_of(struck).pending.stage == "damage"  # type: ignore[union-attr]
    hurt = send(struck, "gurps.step_damage_typed", "4")  # 1d+1 cut = 5 − DR 2 = 3 × 1.5
    assert fight_of(hurt).combatant("g2").hp_now == 6
    assert fight_of(hurt).pending is None
    missed = send(parried, "gurps.step_strike_typed", "6 6 6")
    assert fight_of(missed).pending is None
    assert "does not injure Bo" in texts(missed, "gurps-fight-result")[0]


def test_the_roll_to_injure_is_at_minus_4_against_karate() -> None:  # 004 line 260
    model = fight_started()
    bo = {"weapon": "Punch", "unarmed": "yes", "damage": "1d-1", "damage_type": "cr"}
    for name, value in {**bo, "weapon_skill": "13", "karate": "13"}.items():
        model = send(model, "gurps.field", "g2", name, value)
    model = send(send(model, "gurps.maneuver", "Attack", ""), "gurps.target", "g1")
    hit = send(model, "gurps.step_attack_typed", "3 3 3")
    parried = send(send(hit, "gurps.step_defense", "parry"), "gurps.step_defend_typed", "3 3 3")
    assert gf.strike_skill(fight_of(parried)) == (10, True)
    assert "roll Broadsword 10 (−4 against Karate)" in texts(parried, "gurps-fight-strike-asked")[0]
    # the log says it as the question did (it read "Broadsword skill 10", the penalty gone)
    struck = send(parried, "gurps.step_strike_typed", "4 4 4")
    assert texts(struck, "gurps-log-entry")[0].startswith(
        "Ana's parry: Broadsword 10 (−4 against Karate): "
    )


def test_an_aimed_crossbow_may_be_braced_on_the_tracker() -> None:  # GUR-11, 004 L49, L157
    model = send(_bo_crossbow(), "gurps.maneuver", "Aim", "")
    model = send(model, "gurps.target", "g1")
    model = send(send(model, "gurps.next"), "gurps.maneuver", "Do Nothing", "")
    model = attack_turn(model)  # Bo attacks Ana after a turn of Aim
    model = send(model, "gurps.step_form", "yards", "10")
    assert texts(model, "gurps-fight-braced") == ["Braced (stationary, took a turn to Aim) +1"]
    before = texts(model, "gurps-fight-line")[0]
    assert "braced" not in before
    braced = send(model, "gurps.step_chip", "braced")
    line = texts(braced, "gurps-fight-line")[0]
    assert "Aim: Acc +4 + braced +1" in line
    assert fight_of(braced).combatant("g2").name == "Bo"
    hit = send(braced, "gurps.step_attack_typed", "3 3 3")
    assert "braced +1" in texts(hit, "gurps-log-entry")[0]
    assert texts(attack_turn(fight_started()), "gurps-fight-braced") == []  # no Aim: no chip
    # Move and Attack loses every bonus from Aim (004 line 53): the chip is not left on
    moving = send(braced, "gurps.maneuver", "Move and Attack", "")
    assert texts(moving, "gurps-fight-braced") == []


def test_a_knockdown_roll_made_is_recorded_with_no_effect_without_a_tap() -> None:  # GUR-58
    # Ana's 2d crushing blow to Bo's torso: shock and a knockdown and stun roll asked.
    model = send(fight_started(), "gurps.field", "g1", "damage", "2d")
    model = send(model, "gurps.field", "g1", "damage_type", "cr")
    model = send(attack_turn(model), "gurps.target", "g2")
    hit = send(model, "gurps.step_attack_typed", "1 1 2")  # a critical hit: no defense
    hurt = send(hit, "gurps.step_damage_typed", "6 6")  # 12 − DR 2 = 10 injury: HP 10 → 0
    kinds = [a.kind for a in fight_of(hurt).asks]
    index = kinds.index("knockdown")
    made = send(hurt, "gurps.check_typed", str(index), "3 3 3")  # 9 against HT 10: made
    assert "knockdown" not in [a.kind for a in fight_of(made).asks]
    assert texts(made, "gurps-fight-result")[0].startswith(
        "Bo: knockdown and stun roll made: no effect"
    )
    assert "; no effect" in texts(made, "gurps-log-entry")[0]
    failed = send(hurt, "gurps.check_typed", str(index), "6 6 6")  # failed: the GM's pick
    asked = [a for a in fight_of(failed).asks if a.kind == "knockdown"]
    assert asked and asked[0].rolled == 18 and not fight_of(failed).combatant("g2").stunned


def test_excess_lost_is_no_condition_on_the_card() -> None:  # GUR-37
    model = send(fight_started(), "gurps.field", "g1", "damage", "2d")
    model = send(attack_turn(model), "gurps.target", "g2")
    model = send(model, "gurps.step_form", "location", "leg")
    hit = send(model, "gurps.step_attack_typed", "1 1 2")  # a critical hit: no defense
    hurt = send(hit, "gurps.step_damage_typed", "6 6")
    assert texts(hurt, "gurps-conditions-g2") == ["Conditions: crippled leg (injury over HP/2)"]
    assert "excess lost" in texts(hurt, "gurps-fight-result")[0]  # the hit's note stays


def test_the_ready_chip_shows_the_parry_as_it_stands() -> None:  # GUR-10: lying down −3
    model = send(_bo_crossbow(), "gurps.field", "g2", "posture", "Lying Down")
    model = send(model, "gurps.maneuver", "Ready", "")
    assert texts(model, "gurps-ready-1") == ["Large knifeParry 6"]  # ⌊3 + 12/2⌋ − 3
