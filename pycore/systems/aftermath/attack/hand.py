"""The hand-to-hand attack (AFT-56) and the muscle-powered missile (thrown weapons, AFT-29),
step by step: DAT position, BCS, roll, critical miss on the attacker, Critical Hit Enhancement,
location, Damage Potential (the user's, AFT-M05), break check, penetration cap, Damage Done, then
the Missile Special Effect of a thrown weapon and the Critical Effect.

>>> total, steps, group = hth_bcs(HthAttack(base_bcs=10, weapon="Knife, bowie", strength_group=3,
...     zone="character_hex", situations=("target_prone",)))
>>> str(total), group
('BCS 10 + Target is prone +2 = 12', 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.aftermath.attack.critical import critical_hit_enhancement
from pycore.systems.aftermath.attack.effect_steps import effect_target, effects_of_hit
from pycore.systems.aftermath.attack.miss_steps import critical_miss_step, miss_on_attacker
from pycore.systems.aftermath.attack.situation import (
    burden_modifiers,
    dat_position,
    hth_modifiers,
    missile_modifiers,
)
from pycore.systems.aftermath.attack.steps import (
    LowerSave,
    Resolution,
    Step,
    attack_location,
    die,
    missed,
    shot_bcs,
    to_hit,
    waiting,
)
from pycore.systems.aftermath.bcs import (
    BcsModifier,
    BcsResult,
    BcsTotal,
    modified_bcs,
)
from pycore.systems.aftermath.campaign import MISS_TABLES
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.gear.armor import damage_done
from pycore.systems.aftermath.gear.weapons import (
    Weapon,
    breakage_check,
    judge_breakage,
    note_13_text,
    penetration_cap,
    shuriken_throw,
    wdm_for,
    weapon,
)
from pycore.systems.aftermath.rounding import check_choice, check_int, unstated
from pycore.systems.aftermath.sheet.attributes import shifted_group
from pycore.validate import checked

ARMOR_FORMATS: Final = ("R", "SR", "FH", "FS", "FQ", "")


@dataclass(frozen=True)
class HthAttack:
    """The inputs of AFT-56. ``damage_potential`` is the user's (the text never says how WDM
    becomes Damage Potential, AFT-M05); the armor at each location is (AV, format)."""

    base_bcs: int
    weapon: str = ""
    use: str = "strike"
    strength_group: int = 0
    zone: str = "front_side_rear_hex"
    situations: tuple[str, ...] = ()
    starred_apply: bool = True
    dazed: bool = False
    encumbrance_bcs: int = 0
    distractions: int = 0
    bcs_per_distraction: int | None = None  # AFT-M21: settings.bcs_per_distraction
    damage_potential: int | None = None
    armor: Mapping[int, tuple[int, str]] = field(default_factory=dict)
    critical_hit: bool | None = None
    critical_miss: bool | None = None
    critical_hit_at_or_below: int | None = None
    critical_miss_at_or_above: int | None = None
    body: str = "bipedal"
    direction: str | None = None
    attack_from: str = "front"
    near_side: int | None = None
    target_health_group: int = 0
    target_save: LowerSave | None = None  # AFT-27
    # AFT-50: the target's Deftness AST and CST (the sheet's; None while not entered).
    target_deftness: tuple[int | None, int | None] = (None, None)
    cuts: bool | None = None
    regions: Mapping[int, str] = field(default_factory=dict)
    rounding: str = "half_up"
    at: Moment | None = None
    note_13: str = ""  # AFT-M23: settings.weapon_note_13
    note_13_cap_multiple: int | None = None  # AFT-M23: settings.weapon_note_13_cap
    thrown_critical_miss_table: str = "armed"  # AFT-M40: settings.thrown_critical_miss_table
    # A muscle-powered missile (thrown weapon, shuriken): missile modifiers instead of T04.
    thrown: bool = False
    missile_situations: tuple[str, ...] = ()
    average_bcs: int | None = None
    damage_taken_this_turn: int = 0
    damage_source: str = ""  # where that damage comes from, in words ("" when typed)
    target_cda: int | None = None
    target_action: str = "stationary"
    dodging: bool = False
    count: int = 1
    deftness_group: int = 0
    special_effect_roll: bool = False
    target_mass: Fraction | float | int | None = None


@checked
def hth_bcs(attack: HthAttack) -> tuple[BcsTotal, list[Step], int]:
    """AFT-56 steps 1-2: the DAT position (Strength Group change) and the BCS line by line.
    Returns the BCS, the steps and the Strength Group after the position change.

    >>> total, steps, group = hth_bcs(HthAttack(base_bcs=10, weapon="Knife, bowie", strength_group=3,
    ...     zone="character_hex", situations=("target_prone",)))
    >>> str(total), group
    ('BCS 10 + Target is prone +2 = 12', 4)
    """
    steps: list[Step] = []
    group = check_int("Strength Group", attack.strength_group, 0, 8)
    if attack.thrown:
        total, steps = _thrown_bcs(attack, steps)
        return total, steps, group
    if attack.weapon:
        found = weapon(attack.weapon)
        if found.length is not None:
            position = dat_position(found.length, attack.zone)
            steps.append(Step("position", "DAT position", str(position), "AFT-11, AFT-T06"))
            if not position.allowed:
                raise RuleError(str(position), rules=("AFT-11", "AFT-T06"))
            group = shifted_group(group, position.group_change)
    mods = hth_modifiers(attack.situations, attack.starred_apply)
    mods.extend(
        burden_modifiers(attack.encumbrance_bcs, attack.distractions, attack.bcs_per_distraction)
    )
    total = modified_bcs(attack.base_bcs, mods, attack.dazed, "BCS", attack.rounding)
    steps.append(Step("bcs", "BCS", str(total), "AFT-03, AFT-08"))
    return total, steps, group


def _thrown_bcs(attack: HthAttack, steps: list[Step]) -> tuple[BcsTotal, list[Step]]:
    """AFT-09, AFT-10, AFT-29 note 10: a muscle-powered missile's BCS."""
    if attack.weapon and "Th" not in weapon(attack.weapon).skills:
        raise RuleError(f"{weapon(attack.weapon).name} is not a thrown weapon (no Th skill)")
    situation = missile_modifiers(
        attack.missile_situations,
        attack.damage_taken_this_turn,
        attack.rounding,
        attack.damage_source,
    )
    mods: list[BcsModifier] = list(situation.modifiers)
    thrown: list[BcsModifier] = []
    if attack.weapon and 10 in weapon(attack.weapon).notes:
        throw = shuriken_throw(attack.count, attack.deftness_group)
        steps.append(Step("count", "Thrown at once", str(throw), "AFT-29"))
        if throw.bcs_modifier:
            thrown.append(
                BcsModifier(f"{throw.count} thrown at once", throw.bcs_modifier, "AFT-29")
            )
    elif attack.count != 1:
        raise RuleError("only shuriken may be thrown several at once (note 10)")
    total = shot_bcs(attack, situation.hip_fire, mods, thrown)
    steps.append(Step("bcs", "BCS", str(total), "AFT-03, AFT-09, AFT-10"))
    return total, steps


@checked
def resolve_hth(attack: HthAttack, rng: RandintSource) -> Resolution:
    """AFT-56: position, BCS, D20, location, Damage Potential with the critical WDM bonus, break
    check, penetration cap, Damage Done, Critical Effect.

    >>> import random
    >>> a = HthAttack(base_bcs=20, weapon="Sword, machete", strength_group=3, damage_potential=12,
    ...     armor={n: (9, "R") for n in range(1, 31)}, critical_hit=True)
    >>> r = resolve_hth(a, random.Random(2))
    >>> [s.key for s in r.steps][:4]
    ['position', 'bcs', 'roll', 'enhancement']
    """
    total, steps, group = hth_bcs(attack)
    rolled, crit, fumble = to_hit(attack, total, steps, rng)
    if not rolled.success:
        return _hth_miss(attack, steps, rng, (total, rolled), fumble)
    found = weapon(attack.weapon) if attack.weapon else None
    wdm_text = _enhanced_wdm(attack, found, steps, rng, crit)
    location = attack_location(attack, steps, rng)
    if location is None:
        return waiting("hth", steps, (total, rolled), crit, "attack.near_side_location")
    if attack.damage_potential is None:
        # The weapons listing gives every weapon's WDM; for a blow without one the text has
        # none (a GM's play-through read "Damage Potential: ;", nothing after the colon).
        text = f"{wdm_text}; the source does not say how WDM becomes Damage Potential"
        if found is None:
            text = f"{wdm_text}: the text gives no WDM for a blow without a weapon, nor how a WDM "
            text += "becomes Damage Potential"
        wait = "attack.damage_potential"
        steps.append(
            Step("potential", "Damage Potential", text, _wdm_rules("AFT-15", attack, crit), wait)
        )
        return Resolution(
            "hth", tuple(steps), total, rolled, True, crit, False, location, waits_for=(wait,)
        )
    potential = check_int("Damage Potential", attack.damage_potential, 0, 1000)
    text = f"{potential} (entered; {wdm_text})"
    steps.append(
        Step("potential", "Damage Potential", text, _wdm_rules("AFT-15, AFT-M05", attack, crit))
    )
    av, fmt = attack.armor.get(location, (0, ""))
    av = check_int(f"AV at location {location}", av, 0, 40)
    fmt = check_choice(f"armor format at location {location}", fmt, ARMOR_FORMATS)
    potential = _after_break(attack, found, steps, rng, potential, (av, fmt))
    if found is not None and 13 in found.notes:
        # AFT-17, AFT-M23: note 13's text is the user's; a cap only if their reading gives one.
        steps.append(
            Step("note_13", "Weapon note 13", note_13_text(attack.note_13), "AFT-17, AFT-M23")
        )
    cap = penetration_cap(found.name, group, attack.note_13_cap_multiple) if found else None
    done = damage_done(potential, av, cap)
    text = f"location {location}: {done}"
    steps.append(Step("damage_done", "Damage Done", text, "AFT-15, AFT-17"))
    kind = (found.wdm_thrust_type if attack.use == "thrust" else found.wdm_type) if found else ""
    kind = kind or ""
    cuts = attack.cuts if attack.cuts is not None else kind == "L"  # AFT-25 reading: L cuts
    target = effect_target(attack, cuts, location)
    # AFT-49/50: muscle-powered missiles too; Stopping uses the Damage Potential.
    special = (attack.thrown and attack.special_effect_roll, potential)
    hit = (total, rolled, crit, location, av, potential)
    return effects_of_hit("hth", steps, rng, hit, done.done, kind, target, [], special)


def _hth_miss(
    attack: HthAttack,
    steps: list[Step],
    rng: RandintSource,
    roll_of: tuple[BcsTotal, BcsResult],
    fumble: bool,
) -> Resolution:
    """AFT-28: a critical miss rolls its table now, since the table is known: Armed Combat with
    a weapon, Unarmed/Natural without; thrown weapons by the user's table (AFT-M40, Armed Combat
    unless they say). What it does lands on the attacker."""
    total, rolled = roll_of
    if not fumble:
        return Resolution("hth", tuple(steps), total, rolled, False, False, False)
    kind = "armed" if attack.weapon else "unarmed"
    if attack.thrown:
        kind = check_choice(
            "thrown critical miss table", attack.thrown_critical_miss_table, MISS_TABLES
        )
    waits: list[str] = []
    miss, _ = critical_miss_step(steps, rng, kind, waits=waits)
    hurt, critical = miss_on_attacker(steps, rng, miss, attack.at, waits)
    return missed("hth", steps, total, rolled, waits, hurt, critical=critical)


def _wdm_rules(rule: str, attack: HthAttack, crit: bool) -> str:
    """The Damage Potential step's rules with those of the WDM beside it (a thrown value,
    AFT-29; a critical's enhancement, AFT-18)."""
    return rule + (", AFT-29" if attack.thrown else "") + (", AFT-18" if crit else "")


def _enhanced_wdm(
    attack: HthAttack, found: Weapon | None, steps: list[Step], rng: RandintSource, crit: bool
) -> str:
    """AFT-18: a critical hit rolls the Critical Hit Enhancement (+1 to +4 to the WDM); the
    weapon's WDM with it, shown beside the Damage Potential the user gives (AFT-M05): "unarmed"
    without a weapon, a WDM the listing gives as words (the Sap's "special", the Rifle butt's
    "1 + (ENC of Gun) C") as printed."""
    bonus = 0
    if crit:
        enhancement = critical_hit_enhancement(die(rng, 20, "Critical Hit Enhancement"))
        bonus = enhancement.bonus
        steps.append(
            Step("enhancement", "Critical Hit Enhancement", str(enhancement), "AFT-18, AFT-T01")
        )
    critical = f" + {bonus} critical" if bonus else ""
    if found is None:
        return f"unarmed, critical +{bonus} to WDM" if bonus else "unarmed"
    if found.wdm_rule in ("special", "rifle_butt"):
        return f"WDM {found.wdm_text} (listed{critical})"
    try:
        use = "thrown" if attack.thrown else attack.use
        return str(wdm_for(found.name, use, critical_bonus=bonus))
    except RuleError as exc:
        return str(exc)


def _after_break(
    attack: HthAttack,
    found: Weapon | None,
    steps: list[Step],
    rng: RandintSource,
    potential: int,
    armor: tuple[int, str],
) -> int:
    """AFT-16: a weapon of note 5 or 6 striking hard enough armor checks for breaking; broken,
    its Damage Potential is halved as the final adjustment."""
    av, fmt = armor
    if found is None or not fmt or breakage_check(found.name, fmt, av) is None:
        return potential
    broke = judge_breakage(found.name, die(rng, 20, "break check"))
    steps.append(Step("break", "Break check", str(broke), "AFT-16"))
    if not broke.broken:
        return potential
    halved = unstated(Fraction(potential, 2), attack.rounding)
    text = f"{potential} ÷ 2 = {halved} (final adjustment)"
    steps.append(Step("halved", "Damage halved", text, "AFT-16"))
    return halved
