"""Two rules of the injury text (003) that the fight now applies: a melee blow from an attacker
seven or more sizes larger is large-area injury (003 lines 81-85, GUR-62), and a random hit
location from directly above turns feet into hands and legs into arms (003 line 65, GUR-41).
Each test cites the seed lines."""

from __future__ import annotations

import pytest

from pycore.dice import typed_dice
from pycore.errors import RuleError
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.damage_roll import DamageRoll
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import (
    AttackSetup,
    attack_line,
    giant_blow,
    large_area_blow,
    open_question,
    resolve_injury,
    struck_location,
)

GIANT = Combatant(
    id="g", name="Og", sm=7, unarmed=True, damage="3d", damage_type="cr", maneuver="Attack"
)
MAN = Combatant(id="m", name="Ned", dr=6, dr_locations="skull=0, arm=2", hp=20, hp_now=20)


def _roll(basic: int, kind: str = "cr") -> DamageRoll:
    return DamageRoll("3d", (basic // 3,) * 3, kind, False, basic, False, basic)


# --- 003 line 82: who strikes a large-area blow -------------------------------------------------


def test_gur62_a_blow_seven_sizes_larger_unarmed_or_scaled() -> None:  # 003:L82
    assert giant_blow(GIANT, MAN, AttackSetup())
    assert not giant_blow(GIANT, Combatant(sm=1), AttackSetup())  # 6 sizes: an ordinary hit
    armed = Combatant(sm=8, unarmed=False)
    assert not giant_blow(armed, MAN, AttackSetup())  # a man-sized weapon in a giant's hand
    assert giant_blow(Combatant(sm=8, scaled=True), MAN, AttackSetup())  # scaled to his size
    thrown = Combatant(sm=9, scaled=True, attack_kind="thrown")
    assert not giant_blow(thrown, MAN, AttackSetup())  # "a melee attack" only


def test_gur62_a_location_needs_a_pinned_victim() -> None:  # 003:L82
    with pytest.raises(RuleError, match="victim must be pinned or otherwise immobile"):
        attack_line(GIANT, MAN, AttackSetup(location="skull"))
    pinned = AttackSetup(location="skull", pinned=True)
    assert attack_line(GIANT, MAN, pinned).total == GIANT.weapon_skill - 7
    assert not large_area_blow(GIANT, MAN, pinned)  # aimed at a pinned victim: a skull hit
    assert large_area_blow(GIANT, MAN, AttackSetup(pinned=True))  # the torso: still large-area


# --- 003 lines 83-85: the DR that counts and the torso hit --------------------------------------


def test_gur62_dr_is_the_average_of_torso_and_least_protected_rounded_up() -> None:  # 003:L83
    hurt = resolve_injury(GIANT, MAN, AttackSetup(exposed="arm"), _roll(12))
    assert hurt.effective_dr == 4  # ⌈(6 + 2) / 2⌉
    assert hurt.injury == 8  # a torso hit: crushing × 1 (003 line 85)
    assert "large-area" in str(hurt)
    odd = resolve_injury(GIANT, MAN, AttackSetup(exposed="skull"), _roll(12))
    assert odd.effective_dr == 3  # ⌈(6 + 0) / 2⌉ = 3: rounded up


def test_gur62_the_torso_may_be_the_least_protected() -> (
    None
):  # 003:L83 "(which could still be your torso)"
    vest = Combatant(dr=2, dr_locations="skull=8")
    assert resolve_injury(GIANT, vest, AttackSetup(exposed="skull"), _roll(9)).effective_dr == 2


def test_gur62_no_location_effects_on_a_large_area_blow() -> None:  # 003:L85
    hurt = resolve_injury(GIANT, MAN, AttackSetup(exposed="skull"), _roll(12))
    assert hurt.multiplier == 1 and not hurt.effects  # no skull ×4, no knockdown note


def test_gur62_dr_varying_by_location_asks_which_is_exposed() -> None:  # 003:L83
    question = open_question(GIANT, MAN, AttackSetup())
    assert question == "Which is the least protected spot exposed to the blow?"
    with pytest.raises(RuleError, match="least protected spot"):
        resolve_injury(GIANT, MAN, AttackSetup(), _roll(12))
    fight = Fight((GIANT, MAN))
    with pytest.raises(RuleError, match="least protected spot"):  # asked before the roll
        gf.attack(fight, "g", "m", AttackSetup(), typed_dice("3d6", "10"))
    plain = Combatant(dr=3)  # one DR everywhere: nothing to ask
    assert open_question(GIANT, plain, AttackSetup()) is None
    assert resolve_injury(GIANT, plain, AttackSetup(), _roll(9)).effective_dr == 3


def test_gur62_a_giants_blow_is_no_area_effect_for_a_diffuse_target() -> None:  # 003:L77, L82
    swarm = Combatant(tolerance="diffuse")
    assert resolve_injury(GIANT, swarm, AttackSetup(), _roll(15)).injury == 2  # still capped


def test_gur62_the_fight_applies_it() -> None:  # 003:L82-85
    fight = Fight((GIANT, MAN))
    fight, _rolled = gf.attack(fight, "g", "m", AttackSetup(exposed="arm"), typed_dice("3d6", "10"))
    fight, _ = gf.defend(fight, "none", typed_dice("3d6", "10"))
    fight, hurt = gf.damage(fight, typed_dice("3d6", "4 4 4"))
    assert (hurt.hurt.effective_dr, hurt.hurt.injury, hurt.hp_after) == (4, 8, 12)


# --- 003 lines 63, 65: a random location from directly above -----------------------------------


def test_gur41_from_above_feet_are_hands_and_legs_arms() -> None:  # 003:L65
    above = {"random_location": True, "from_above": True}
    assert struck_location(AttackSetup(location="foot", **above)) == "hand"
    assert struck_location(AttackSetup(location="leg", **above)) == "arm"
    assert struck_location(AttackSetup(location="skull", **above)) == "skull"
    assert struck_location(AttackSetup(location="foot", random_location=True)) == "foot"


def test_gur41_from_above_is_for_a_random_location_only() -> None:  # 003:L65
    with pytest.raises(RuleError, match="random hit location only"):
        struck_location(AttackSetup(location="foot", from_above=True))


def test_gur41_a_random_location_takes_no_penalty_to_hit() -> None:  # 003:L63
    ana = Combatant(weapon_skill=14, maneuver="Attack")
    chosen = AttackSetup(location="foot", random_location=True, from_above=True)
    assert attack_line(ana, MAN, chosen).total == 14  # no −4 for a foot: it was not aimed
    # ... and the blow lands as on a hand: over HP/3 cripples it (003 lines 56-57)
    hurt = resolve_injury(ana, Combatant(hp=9), chosen, _roll(6, "cut"))
    assert any(e.startswith("crippled hand") for e in hurt.effects)


def test_gur62_one_exposed_limb_takes_its_effects_and_loses_the_excess() -> None:  # 003:L85
    arm_out = AttackSetup(exposed="arm", only_exposed=True)
    hurt = resolve_injury(GIANT, MAN, arm_out, _roll(18))  # DR ⌈(6 + 2)/2⌉ = 4: 14 cr
    assert hurt.effective_dr == 4
    assert hurt.injury == 11  # an arm's major wound at HP 20 is 11: the rest is lost
    assert any(e.startswith("crippled arm") for e in hurt.effects)
    with pytest.raises(RuleError, match="only one spot exposed: which one"):
        resolve_injury(GIANT, Combatant(dr=2), AttackSetup(only_exposed=True), _roll(9))


def test_gur62_one_exposed_spot_is_its_own_least_protected() -> None:  # 003:L83, L85
    helmeted = Combatant(dr=2, dr_locations="skull=8")  # only the helmeted head shows
    hurt = resolve_injury(
        GIANT, helmeted, AttackSetup(exposed="skull", only_exposed=True), _roll(9, "cr")
    )
    assert hurt.effective_dr == 7  # ⌈(2 + 8)/2⌉ = 5, not the torso's 2; the skull's extra 2
    assert "⌈(2 + 8)/2⌉ = 5 (large-area" in str(hurt) and "+ skull 2 = 7" in str(hurt)
