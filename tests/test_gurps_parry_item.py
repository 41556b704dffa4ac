"""A weapon is ready, not a line (004 lines 91, 93): the thrown and the melee ways of one spear
are one weapon in hand, and it parries with its melee way (004 line 248: "the defender's melee
weapon"; GUR-48: Parry from the weapon's melee skill). A sheet whose first line is the spear
thrown parried with its Thrown Weapon skill, before any weapon was recorded in hand and after a
Ready drew the spear alike: the app took the hand's line, not the weapon."""

from __future__ import annotations

import random

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.fight.hands import holding, parry_line, with_hand
from pycore.systems.gurps.lines import lines_from_saved
from pycore.systems.gurps.sheet import Combatant, own_parry
from pycore.systems.gurps.worksheet import AttackSetup

SAM = Combatant(
    id="s",
    name="Sam",
    basic_speed="6",
    weapon="Spear",
    weapon_skill=10,  # Thrown Weapon (Spear)
    attack_kind="thrown",
    max_range="15",
    damage="1d+3",
    damage_type="imp",
    more_attacks=lines_from_saved("Spear: 14, 1d+2 imp; Knife: 12, 1d-1 cut"),
)
BO = Combatant(id="b", name="Bo", basic_speed="5", weapon_skill=12, maneuver="Attack")


def _parry(fight: Fight) -> int:
    parry = own_parry(holding(fight, SAM))
    assert parry is not None
    return parry.value


def test_the_spear_parries_with_its_melee_way_before_any_record() -> None:  # 004:L93, L248
    fight = Fight((SAM, BO))
    assert _parry(fight) == 10  # ⌊3 + 14/2⌋, not ⌊3 + 10/2⌋ = 8
    assert parry_line(fight, SAM) == 1
    parry = dict(gf.preview_now(fight, BO, SAM, AttackSetup()).defenses)["parry"]
    assert parry.total == 10


def test_readied_by_its_thrown_line_the_spear_parries_with_its_melee_way() -> None:  # 004:L95
    """A Ready draws a weapon: "Ready Spear" records the sheet's first line of it, the throw."""
    fight, _ = gf.start(Fight((SAM, BO)), random.Random(1))
    fight, _ = gf.take_maneuver(fight, "Ready")
    fight, _ = gf.ready_weapon(fight, "s", 0)
    assert _parry(fight) == 10 and parry_line(fight, SAM) == 1
    assert gf.drawn_parry(SAM, 0).value == 10  # type: ignore[union-attr]  # its Ready chip


def test_the_knife_in_hand_parries_with_the_knife() -> None:  # another weapon: its own parry
    knife = with_hand(Fight((SAM, BO)), "s", 2)
    assert _parry(knife) == 9 and parry_line(knife, SAM) == 2


def test_a_thrown_weapon_with_no_melee_way_parries_with_its_line() -> None:  # GUR-48
    axe = Combatant(id="s", name="Sam", weapon="Hatchet", weapon_skill=12, attack_kind="thrown")
    assert own_parry(holding(Fight((axe, BO)), axe)).value == 9  # type: ignore[union-attr]
