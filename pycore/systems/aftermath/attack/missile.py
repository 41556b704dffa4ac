"""The missile attack (AFT-57), step by step: Range Step, BCS, roll, critical miss, location,
Adjusted BDG with a gun's critical bonus (AFT-19), damage dice, AV and cover, Damage Done,
shot's B damage, then the Missile Special Effect and the Critical Effect.

>>> import random
>>> attack = MissileAttack(base_bcs=14, range_row="Pistol STD", meters=20, gun="pistol",
...     size="STD", target_cda=1, base_bdg=11, armor={4: 2, 5: 2})
>>> result = resolve_missile(attack, random.Random(7))
>>> result.bcs.total, str(result.chance)
(14, '7/10')
>>> [s.key for s in result.steps][:3]
['range', 'bcs', 'roll']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource, next_roll_is, roll
from pycore.systems.aftermath.attack.critical import gun_critical
from pycore.systems.aftermath.attack.effect_steps import effect_target, effects_of_hit
from pycore.systems.aftermath.attack.miss_steps import chamber_blast, critical_miss_step
from pycore.systems.aftermath.attack.situation import (
    missile_modifiers,
)
from pycore.systems.aftermath.attack.steps import (
    LowerSave,
    Resolution,
    Step,
    armor_at,
    attack_location,
    missed,
    shot_bcs,
    to_hit,
    waiting,
)
from pycore.systems.aftermath.bcs import BcsModifier, BcsResult, BcsTotal
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.gear.ammunition import shot_damage_type
from pycore.systems.aftermath.gear.armor import MAX_COVER_AV, damage_done
from pycore.systems.aftermath.gear.firearms import (
    adjust_bdg,
    bullet_damage_dice,
    fire,
    inherent_accuracy,
    range_step,
)
from pycore.systems.aftermath.gear.guns import critical_row
from pycore.systems.aftermath.rounding import check_choice, check_int
from pycore.validate import checked

MISSILE_MISS_TABLES: Final = ("modern", "black powder", "bow")


@dataclass(frozen=True)
class MissileAttack:
    """The inputs of AFT-57. Values the text does not give are the user's: ``average_bcs``
    (hip fire, AFT-M06), ``target_cda`` (AFT-M04), ``target_mass`` (AFT-M32), the AV per location
    against bullets (AFT-M17), ``ia_value`` for SMGs (AFT-M36)."""

    base_bcs: int
    range_row: str
    meters: float | int | Fraction
    gun: str
    size: str
    target_cda: int | None
    base_bdg: int
    armor: Mapping[int, int] = field(default_factory=dict)
    average_bcs: int | None = None
    situations: tuple[str, ...] = ()
    damage_taken_this_turn: int = 0
    # Where the damage taken this Combat Turn comes from, in words ("" when typed by the user).
    damage_source: str = ""
    dazed: bool = False
    ia_value: int | None = None
    autofire: bool = False
    bursts: int = 0
    match: bool = False
    target_action: str = "stationary"
    dodging: bool = False
    encumbrance_bcs: int = 0
    distractions: int = 0
    bcs_per_distraction: int | None = None  # AFT-M21: settings.bcs_per_distraction
    # AFT-19, AFT-M39: a shotgun's critical row is the user's ("" until given).
    shotgun_critical_row: str = ""
    critical_hit: bool | None = None
    critical_miss: bool | None = None
    critical_hit_at_or_below: int | None = None
    critical_miss_at_or_above: int | None = None
    body: str = "bipedal"
    direction: str | None = None
    attack_from: str = "front"
    near_side: int | None = None
    special_effect_roll: bool = False
    target_mass: Fraction | float | int | None = None
    target_health_group: int = 0
    target_save: LowerSave | None = None  # AFT-27
    # AFT-50: the target's Deftness AST and CST (the sheet's; None while not entered).
    target_deftness: tuple[int | None, int | None] = (None, None)
    cuts: bool | None = None
    regions: Mapping[int, str] = field(default_factory=dict)
    pbr_mode: str = "add"
    shot: str = ""
    rounding: str = "half_up"
    at: Moment | None = None
    # AFT-28, AFT-53, AFT-54: the weapon's kind picks the critical miss table; the text lists
    # no black-powder guns, so it is the user's ("" until chosen).
    critical_miss_table: str = ""
    durability: int | None = None  # AFT-M19: weapon.durability, for a chamber explosion
    modern_96: str = "reconstructed"  # AFT-M26: settings.modern_crit_miss_96
    autoloading: bool | None = None  # AFT-54: weapon.autoloading (autoloader or autoweapon)
    # AFT-45: the gun's action code and what this Action fires; each shot is its own roll.
    gun_action: str = ""
    bdg_order: str = "range_first"  # AFT-47: settings.bdg_order
    cover_av: int = 0  # AFT-M17: the AV the user gives the cover between shooter and target
    shots: int = 1
    burst_size: int = 3  # AFT-M37: weapon.burst_size (6 for super-automatic guns)
    max_bursts: int | None = None  # AFT-M37: weapon.max_bursts_per_action (FA)
    has_extractor: bool | None = None  # AFT-54: weapon.has_extractor


@checked
def missile_bcs(attack: MissileAttack) -> tuple[BcsTotal, list[Step]]:
    """AFT-57 steps 1-2: Range Step, then the BCS with every modifier line by line.

    >>> total, _ = missile_bcs(MissileAttack(base_bcs=12, range_row="Long Gun Rifle", meters=200,
    ...     gun="long_gun", size="Rifle", target_cda=2, base_bdg=26, situations=("stance",)))
    >>> str(total)
    'BCS 12 + In firing stance +1 + range LNG −1 + Inherent Accuracy +4 + target stationary (CDA 2 × 1) −2 = 14'
    """
    steps: list[Step] = []
    if attack.gun_action:
        fired = fire(
            attack.gun_action,
            0 if attack.autofire else attack.shots,
            attack.bursts if attack.autofire else 0,
            attack.burst_size,
            attack.max_bursts,
        )
        each = "; each shot is rolled as its own attack" if fired.shots > 1 else ""
        steps.append(Step("fire", "Fire", f"{fired}{each}", "AFT-45"))
    step = range_step(attack.range_row, attack.meters)
    steps.append(Step("range", "Range", str(step), "AFT-46"))
    situation = missile_modifiers(
        attack.situations, attack.damage_taken_this_turn, attack.rounding, attack.damage_source
    )
    mods: list[BcsModifier] = list(situation.modifiers)
    mods.append(BcsModifier(f"range {step.step}", step.bcs_modifier, "AFT-46"))
    accuracy = inherent_accuracy(
        attack.gun, attack.size, attack.autofire, attack.bursts, attack.match, attack.ia_value
    )
    mods.append(BcsModifier("Inherent Accuracy", accuracy.total, "AFT-44"))
    total = shot_bcs(attack, situation.hip_fire, mods)
    steps.append(Step("bcs", "BCS", str(total), "AFT-03, AFT-09, AFT-44"))
    return total, steps


@checked
def resolve_missile(attack: MissileAttack, rng: RandintSource) -> Resolution:
    """AFT-57: range, BCS, D20, location, Adjusted BDG and damage dice, AV, Damage Done, Missile
    Special Effect (if the user says one occurs, AFT-M16), Stopping, Critical Effect.

    >>> import random
    >>> a = MissileAttack(base_bcs=20, range_row="Long Gun Rifle", meters=50, gun="long_gun",
    ...     size="Rifle", target_cda=0, base_bdg=26, armor={}, critical_hit=True)
    >>> r = resolve_missile(a, random.Random(1))
    >>> r.hit, r.critical_hit, r.effect != "", r.damage_done > 0
    (True, True, True, True)
    """
    total, steps = missile_bcs(attack)
    waits: list[str] = []
    rolled, crit, fumble = to_hit(attack, total, steps, rng)
    if not rolled.success:
        return _missile_miss(attack, steps, rng, (total, rolled), fumble, waits)
    location = attack_location(attack, steps, rng)
    if location is None:
        return waiting("missile", steps, (total, rolled), crit, "attack.near_side_location")
    bonus = _gun_critical_bonus(attack, steps, rng) if crit else ("", 0)
    if bonus is None:
        wait = "settings.shotgun_critical_row"
        return Resolution(
            "missile", tuple(steps), total, rolled, True, True, False, location, waits_for=(wait,)
        )
    adjusted = adjust_bdg(
        attack.base_bdg,
        attack.range_row,
        attack.meters,
        bonus[0],
        bonus[1],
        attack.pbr_mode,
        attack.rounding,
        attack.bdg_order,
    )
    steps.append(Step("bdg", "Adjusted BDG", str(adjusted), "AFT-47, AFT-19"))
    potential = _damage_dice(steps, rng, adjusted.total)
    av = _with_cover(attack, steps, armor_at(attack.armor, location))
    done = damage_done(potential, av)
    steps.append(
        Step("damage_done", "Damage Done", f"location {location}: {done}", "AFT-15, AFT-14, AFT-17")
    )
    target = effect_target(attack, attack.cuts, location)
    return effects_of_hit(
        "missile",
        steps,
        rng,
        (total, rolled, crit, location, av, potential),
        done.done,
        _damage_type(attack, steps),
        target,
        waits,
        (attack.special_effect_roll, adjusted.total),
    )


def _missile_miss(
    attack: MissileAttack,
    steps: list[Step],
    rng: RandintSource,
    roll_of: tuple[BcsTotal, BcsResult],
    fumble: bool,
    waits: list[str],
) -> Resolution:
    """AFT-28, AFT-53, AFT-54: a miss; a critical miss rolls the weapon kind's table, which the
    user names (the text lists no black-powder guns), and a chamber explosion hurts the firer."""
    total, rolled = roll_of
    if fumble and attack.critical_miss_table:
        kind = check_choice("critical miss table", attack.critical_miss_table, MISSILE_MISS_TABLES)
        miss, blast = critical_miss_step(
            steps,
            rng,
            kind,
            attack.base_bdg,
            attack.durability,
            attack.modern_96,
            waits,
            attack.autoloading,
            attack.has_extractor,
        )
        if blast is not None and miss.effect == "chamber explosion":
            lethal, hurt = chamber_blast(steps, rng, blast, attack.at, waits)
            return missed("missile", steps, total, rolled, waits, hurt, lethal=lethal)
    elif fumble:
        steps.append(
            Step(
                "critical_miss",
                "Critical miss",
                "which table: modern firearm (T45), black powder (T44) or bow and "
                "crossbow (T13)? Choose the weapon's kind and roll again",
                "AFT-28, AFT-53, AFT-54",
                "attack.critical_miss_table",
            )
        )
        waits.append("attack.critical_miss_table")
    return Resolution(
        "missile", tuple(steps), total, rolled, False, False, fumble, waits_for=tuple(waits)
    )


def _gun_critical_bonus(
    attack: MissileAttack, steps: list[Step], rng: RandintSource
) -> tuple[str, int] | None:
    """AFT-19: the critical's BDG dice and their roll (pistol +1D10, rifle +2D10); a burst hits
    with every round plus the effect of 1D3 more. A shotgun without the user's row (AFT-M39)
    waits: ``None``, and the step says so."""
    row = critical_row(attack.gun, attack.range_row, attack.autofire, attack.shotgun_critical_row)
    if row is None:
        steps.append(
            Step(
                "critical",
                "Critical hit",
                "shotguns have no Critical Hit Enhancement row in the text: choose one for "
                "shotguns, then resolve again",
                "AFT-19, AFT-M39",
                "settings.shotgun_critical_row",
            )
        )
        return None
    if row == "burst":
        next_roll_is(rng, "critical burst: additional rounds")  # kept by name while it waits
        extra = roll("1D3", rng)
        text = f"all rounds of the burst hit, plus the effect of {extra} additional rounds"
        steps.append(Step("critical", "Critical hit", text, "AFT-19"))
        return "", 0
    if row == "none":
        steps.append(
            Step("critical", "Critical hit", "no BDG bonus (your row for shotguns)", "AFT-M39")
        )
        return "", 0
    dice = gun_critical(row).bdg_dice or ""
    next_roll_is(rng, "critical BDG")
    return dice, roll(dice, rng).total


def _damage_dice(steps: list[Step], rng: RandintSource, bdg: int) -> int:
    """AFT-48: ⌈BDG/10⌉ D10 + BDG/10 to the nearest: the bullet's Damage Potential."""
    dice = bullet_damage_dice(bdg)
    if not dice:
        steps.append(Step("damage", "Damage dice", "BDG 0: no damage dice", "AFT-48"))
        return 0
    next_roll_is(rng, "damage")
    damage_roll = roll(dice, rng)
    steps.append(Step("damage", "Damage dice", f"BDG {bdg} → {damage_roll}", "AFT-48"))
    return damage_roll.total


def _with_cover(attack: MissileAttack, steps: list[Step], av: int) -> int:
    """AFT-M17: how a Barrier Factor stops a bullet is not in this text; the user's value for
    the cover is added to the armor's AV."""
    if not attack.cover_av:
        return av
    cover = check_int("cover AV", attack.cover_av, 0, MAX_COVER_AV)
    text = f"cover AV {cover} (yours) + armor AV {av} = AV {cover + av}"
    steps.append(Step("cover", "Cover", text, "AFT-40, AFT-M17"))
    return av + cover


def _damage_type(attack: MissileAttack, steps: list[Step]) -> str:
    """AFT-51: 12-9 shot against a target over 2 Mass, 8-5 and 4-BB beyond SHT, do B damage."""
    if not attack.shot:
        return "L"
    step = range_step(attack.range_row, attack.meters)
    if shot_damage_type(attack.shot, step.step, attack.target_mass) != "B":
        return "L"
    text = f"{attack.shot} shot at {step.step}: B damage (half lethal, half subdual)"
    steps.append(Step("damage_type", "Damage type", text, "AFT-51"))
    return "B"
