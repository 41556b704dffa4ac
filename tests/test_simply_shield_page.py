"""SIM-D12 on the Simply fight page: a target who carries a shield and has the Shield skill on
his record is offered a Defend made with it (Shield skill + the shield's Def Mod) beside the
Defend with his weapon, each with its exact chance, the Def Mod and its source said; his shield
strike is among his attacks at the shield's Dmg (SIM-31, SIM-T07)."""

from __future__ import annotations

from fractions import Fraction

from rkweb.app.model import Model
from test_simply_fight_page import _exact, _form, _pressed, duel, send, texts

from pycore.systems.simply import fight as core


def _duel(shield_skill: bool = True) -> Model:
    """Mara (Longsword, TN 8) and Bo (Brawling, a Large shield, the Shield skill), initiative
    Mara 9, Bo 2."""
    bo = (("add_skill", "Brawling"), ("shield_id", "large"))
    model = duel(bo + ((("add_skill", "Shield"),) if shield_skill else ()))
    return send(model, "simply.combat_initiative_typed", "9 2")


def test_a_defend_with_the_shield_is_offered_beside_the_weapon_s_with_its_odds() -> None:
    model = _duel()
    bo = core.combat_from_json(model.state["simply_combat"]["combat"]).get("c2")
    held = core.shield_defend(bo)
    assert held is not None and held.def_mod == -1
    shield_tn = held.rating - 1
    assert texts(model, "sc-attack-chip-defend") == ["Bo defends"]
    # Each with its exact chance: TN 8 against Bo's Brawling Defend, and against his shield's.
    brawling = _form(model, "attack")["defend_tn"]
    assert Fraction(_exact(model, "sc-hit-chance-defend")) == core.hit_chance(
        8, int(brawling), True, False
    )
    assert Fraction(_exact(model, "sc-hit-chance-shield")) == core.hit_chance(
        8, shield_tn, True, True
    )
    # The Def Mod and where it comes from, in the shield chip's note.
    assert texts(model, "sc-shield-defend") == [
        f"Shield {held.rating}, Def Mod −1 = TN {shield_tn}"
    ]
    assert texts(model, "sc-attack-chip-shield") == [
        f"with Large shieldShield {held.rating}, Def Mod −1 = TN {shield_tn}"
    ]


def test_the_shield_defend_declared_by_its_chip_is_rolled_with_its_tn() -> None:
    model = _duel()
    shielded = send(model, "simply.combat_declare", "shield")
    assert _pressed(shielded, "sc-attack-chip-shield") == ["true"]
    assert _pressed(shielded, "sc-attack-chip-defend") == ["false"]
    tn = _form(shielded, "attack")["shield_tn"]
    (summary,) = texts(shielded, "sc-attack-summary")
    assert summary.endswith(f"; Bo defends with Large shield: TN {tn} ({int(tn) + 1} + Def Mod −1)")
    assert "the Defend with Large shield" in texts(shielded, "sc-hit-chance")[0]
    assert _exact(shielded, "sc-hit-chance") == _exact(model, "sc-hit-chance-shield")
    # The weapon's chip switches the Defend back; the shield's pressed again withdraws it.
    assert _form(send(shielded, "simply.combat_declare", "defend"), "attack")["defend"] == "yes"
    assert _form(send(shielded, "simply.combat_declare", "shield"), "attack")["defend"] == ""
    # Typed at the table: Mara 3 + 3 = 6 vs TN 8, Bo 4 + 4 = 8 vs his shield's TN.
    rolled = send(shielded, "simply.combat_attack_typed", "3 3")
    rolled = send(rolled, "simply.combat_defend_typed", "4 4")
    log = rolled.state["simply_combat"]["log"][0]
    assert "Bo defends with Large shield (Shield skill, its Def Mod −1)" in log["text"]
    assert f"Bo 2d10 (4, 4) = 8 vs TN {tn}" in log["text"]
    assert "SIM-D12" in log["rules"]
    assert rolled.state["simply_combat"]["combat"]["actions"]["c2"] == 1  # SIM-D08: an action
    assert _form(rolled, "attack")["defend"] == ""  # this attack's only


def test_one_tap_against_the_shield_defend() -> None:
    rolled = send(_duel(), "simply.combat_attack_declared", "shield", seed="s")
    assert "with Large shield" in rolled.state["simply_combat"]["log"][0]["text"]


def test_the_shield_strike_is_among_his_attacks_at_its_dmg() -> None:
    """SIM-D12: a shield's Dmg is its max damage for a shield strike (Large: 8)."""
    model = send(_duel(), "simply.combat_hold")  # Bo's turn
    assert "Large shield" in texts(model, "sc-arms")[0]
    strike = send(model, "simply.combat_arm", "c2", "1")  # Unarmed, then the shield
    assert texts(strike, "sc-attack-summary")[0].startswith("Bo attacks Mara with Large shield")
    assert _form(strike, "damage")["max_damage"] == "8"


def test_without_the_shield_skill_the_shield_defend_is_at_its_default() -> None:
    """SIM-03: a physical skill not bought defaults to C − 2 (the Shield skill is physical,
    SIM-T08), with no automatic success on 2; the Defend with the shield is offered at that
    default plus the Def Mod, the default said in its note and in the log. C 7 with the Large
    shield's C Adj 1 (SIM-31): Adj C 6, default 4, TN 3; his shield strike at 4 too."""
    bo = (("add_skill", "Brawling"), ("shield_id", "large"), ("coordination", "7"))
    model = send(duel(bo), "simply.combat_initiative_typed", "9 2")
    held = core.shield_defend(
        core.combat_from_json(model.state["simply_combat"]["combat"]).get("c2")
    )
    assert held is not None and (held.rating, held.level, held.tn) == (4, None, 3)
    assert texts(model, "sc-attack-roll-shield") == ["Roll"]
    assert texts(model, "sc-shield-defend") == [
        "Shield default: Adj C 6 − 2 = 4, Def Mod −1 = TN 3"
    ]
    # Default-rated: no automatic success on 2 for the defender (SIM-03 reading, line 51).
    assert Fraction(_exact(model, "sc-hit-chance-shield")) == core.hit_chance(8, 3, True, False)
    shielded = send(model, "simply.combat_declare", "shield")
    assert _form(shielded, "attack")["shield_level"] == "Default"
    rolled = send(shielded, "simply.combat_attack_typed", "3 3")
    rolled = send(rolled, "simply.combat_defend_typed", "4 4")
    log = rolled.state["simply_combat"]["log"][0]
    assert "Bo defends with Large shield (Shield default C − 2, its Def Mod −1)" in log["text"]
    assert "Large shield (default) 4" in texts(send(model, "simply.combat_hold"), "sc-arms")[0]


def test_without_a_shield_no_shield_defend_is_offered() -> None:
    model = send(duel(), "simply.combat_initiative_typed", "9 2")
    assert texts(model, "sc-attack-roll-shield") == []
    assert texts(model, "sc-attack-chip-shield") == []
    assert texts(model, "sc-shield-defend") == []
