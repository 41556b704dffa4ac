"""SIM-D12 in the fight: a carried shield's Def Mod applies to a Defend made with it (the Shield
skill), and its Dmg is the max damage of a shield strike (SIM-31, SIM-T07). The core's set-up
and roll; the fight page's offers are in tests/test_simply_shield_page.py."""

from __future__ import annotations

import pytest

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.simply.character import Character, Skill, Weapon
from pycore.systems.simply.fight import (
    Combat,
    arms_of,
    combat_from_json,
    combat_to_json,
    plan_attack,
    roll_attack,
    roll_initiative,
    shield_defend,
    typed_rolls,
)
from pycore.systems.simply.fight.sheet import add_character, sheet_changed

SWORD = Weapon("Longsword", "Melee Weapon: Sword", 24)


def _bo(shield: str = "large", *skills: Skill) -> Character:
    """Bo, C 6 (Shield Capable: 6 + 4 = 10), with a sword and the shield ``shield``."""
    return Character(
        name="Bo",
        skills=(Skill("Melee Weapon", "Capable", "Sword"), *skills),
        weapons=(SWORD,),
        extra={"shield_id": shield} if shield else {},
    )


SHIELD = Skill("Shield", "Capable")
MARA = Character(name="Mara", skills=(Skill("Melee Weapon", "Capable", "Sword"),), weapons=(SWORD,))


def _fight(bo: Character) -> Combat:
    fight = add_character(Combat(), MARA, "u-mara")
    fight = add_character(fight, bo, "u-bo")
    fight, _ = roll_initiative(fight, typed_dice("2d10", "9 1"))
    return fight


def test_a_defend_with_the_shield_is_the_shield_skill_plus_its_def_mod() -> None:
    """SIM-31: Def Mod is added to the TN of a Defend made with the shield; Large −1, Buckler +1
    (SIM-T07); the weapon's Defend stays as it was, the GM chooses which."""
    plan = plan_attack(_fight(_bo("large", SHIELD)), "c1", "c2")
    assert plan.shield is not None
    assert (plan.shield.rating, plan.shield.def_mod, plan.shield.tn) == (10, -1, 9)
    assert plan.shield.level == "Capable"
    assert str(plan.shield) == "Shield (Capable) 10, Def Mod −1 (Large shield) = TN 9"
    assert (plan.defend_tn, plan.defend_level) == (10, "Capable")  # the Longsword's Defend
    buckler = plan_attack(_fight(_bo("buckler", SHIELD)), "c1", "c2").shield
    assert buckler is not None and buckler.tn == 11 and buckler.source == "Def Mod +1 (Buckler)"


def test_the_shield_skill_not_bought_defends_and_strikes_at_its_default() -> None:
    """SIM-03: the Shield skill (physical, SIM-T08) not bought defaults to C − 2, level None
    (no automatic success on 2): C 6, default 4, the Large shield's Def Mod −1, TN 3; its
    strike at 4 too, as a weapon is offered at its skill's default. No shield, no Defend."""
    fight = _fight(_bo("large"))
    held = plan_attack(fight, "c1", "c2").shield
    assert held is not None and (held.rating, held.level, held.tn) == (4, None, 3)
    assert str(held) == "Shield (default C − 2) 4, Def Mod −1 (Large shield) = TN 3"
    assert held.rating_said == "Shield default: Adj C 6 − 2 = 4"
    assert [str(a) for a in arms_of(fight.get("c2"))][-1] == "Large shield (Shield 4, Max Dmg 8)"
    assert plan_attack(_fight(_bo("", SHIELD)), "c1", "c2").shield is None  # no shield carried


def test_a_shield_strike_is_offered_at_the_shield_s_dmg_when_it_can_strike() -> None:
    """SIM-D12: a shield's Dmg is its max damage for a shield strike (Shield skill); Dmg "−"
    (Buckler) cannot strike (SIM-31). An "other" attack (SIM-D09)."""
    fight = _fight(_bo("large", SHIELD))
    arms = arms_of(fight.get("c2"))
    assert [str(a) for a in arms][-1] == "Large shield (Shield 10, Max Dmg 8)"
    strike = plan_attack(fight, "c2", "c1", len(arms) - 1)
    assert (strike.weapon, strike.tn, strike.level, strike.max_damage, strike.kind) == (
        "Large shield",
        10,
        "Capable",
        8,
        "other",
    )
    assert [a.name for a in arms_of(_fight(_bo("buckler", SHIELD)).get("c2"))] == [
        "Longsword",
        "Unarmed",
    ]
    # Not bought, the strike at the Shield default (SIM-03: C 6 − 2 = 4), as a weapon's.
    assert [str(a) for a in arms_of(_fight(_bo("target")).get("c2"))][-1] == (
        "Target shield (Shield 4, Max Dmg 6)"
    )


def test_a_defend_rolled_with_the_shield_says_so_with_its_def_mod() -> None:
    fight = _fight(_bo("large", SHIELD))
    plan = plan_attack(fight, "c1", "c2")
    assert plan.shield is not None
    dice = typed_rolls(("2d10", "3 3", "Mara"), ("2d10", "4 4", "Bo"))
    after, roll = roll_attack(
        fight,
        "c1",
        "c2",
        10,
        dice,
        defend_tn=plan.shield.tn,
        defend_level=plan.shield.level,
        shield=True,
    )
    assert "Bo defends with Large shield (Shield skill, its Def Mod −1)" in roll.text
    assert roll.number == "6 vs TN 10 · Bo 8 vs TN 9"
    assert {"SIM-31", "SIM-D12"} <= set(roll.rules)
    assert after.actions_left("c2") == 1  # SIM-D08: the Defend is one of his actions


def test_a_shield_defend_is_refused_without_a_shield_or_a_defend() -> None:
    fight = _fight(_bo(""))
    dice = typed_rolls(("2d10", "3 3", "Mara"), ("2d10", "4 4", "Bo"))
    with pytest.raises(RuleError, match="no shield carried"):
        roll_attack(fight, "c1", "c2", 10, dice, defend_tn=9, shield=True)
    with pytest.raises(RuleError, match="no Defend declared"):
        roll_attack(_fight(_bo("large", SHIELD)), "c1", "c2", 10, dice, shield=True)


def test_the_shield_skill_travels_with_the_fight_and_follows_the_sheet() -> None:
    fight = _fight(_bo("large"))
    assert combat_from_json(combat_to_json(fight)) == fight
    learned = sheet_changed(fight, "u-bo", _bo("large"), _bo("large", SHIELD))
    bo = learned.get("c2")
    assert (bo.shield_skill, bo.shield_level) == (10, "Capable")
    assert shield_defend(bo) is not None
    assert combat_from_json(combat_to_json(learned)) == learned
