"""Aftermath! attacks assembled step by step: the hand-to-hand procedure (AFT-56) and the missile
procedure (AFT-57), each step explained with its dice and rule, stopping where the text needs a
value it does not give (the step says which field it waits for; nothing is guessed).

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

from pycore.dice import RandintSource, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.armor import MAX_COVER_AV, damage_done
from pycore.systems.aftermath.attributes import shifted_group
from pycore.systems.aftermath.bcs import (
    BcsModifier,
    BcsResult,
    BcsTotal,
    SaveResult,
    judge_bcs,
    modified_bcs,
    roll_saving_throw,
)
from pycore.systems.aftermath.critical import (
    EFFECT_TITLES,
    Condition,
    Effect,
    EffectRules,
    Moment,
    critical_hit_enhancement,
    daze_condition,
    disable_body_outcome,
    effect_rules,
    gun_critical,
    lower_effect,
    roll_critical_effect,
    save_to_lower,
    stun_conditions,
)
from pycore.systems.aftermath.critical_misses import (
    ChamberExplosion,
    CriticalMiss,
    chamber_explosion,
    critical_miss,
)
from pycore.systems.aftermath.firearms import (
    adjust_bdg,
    bullet_damage_dice,
    fire,
    inherent_accuracy,
    range_step,
    shot_damage_type,
)
from pycore.systems.aftermath.locations import locate, split
from pycore.systems.aftermath.missile_effects import (
    SpecialEffect,
    Stopping,
    missile_special_effect,
    roll_knock_back,
    special_effect_damage,
    stopping,
)
from pycore.systems.aftermath.rounding import check_choice, check_int, instance, unstated
from pycore.systems.aftermath.situation import (
    burden_modifiers,
    dat_position,
    hth_modifiers,
    missile_modifiers,
    target_action_modifier,
)
from pycore.systems.aftermath.weapons import (
    breakage_check,
    judge_breakage,
    note_13_text,
    penetration_cap,
    shuriken_throw,
    wdm_for,
    weapon,
)

MISS_TABLES: Final = ("armed", "bow", "unarmed")
MISSILE_MISS_TABLES: Final = ("modern", "black powder", "bow")
MODERN_96: Final = ("reconstructed", "ask")
SHOTGUN_ROWS: Final = ("pistol", "rifle", "none")
GUN_CRITICAL_ROWS: Final = ("pistol", "rifle", "burst", "none")
ARMOR_FORMATS: Final = ("R", "SR", "FH", "FS", "FQ", "")


@dataclass(frozen=True)
class Step:
    """One step of a worksheet: what was done, with its dice, and the rule it follows."""

    key: str
    title: str
    text: str
    rule: str
    waits_for: str = ""

    def __str__(self) -> str:
        wait = f" — waits for {self.waits_for}" if self.waits_for else ""
        # The rule is shown once: the explanations of most results already cite it.
        rule = "" if self.text.endswith(")") and "AFT-" in self.text[-14:] else f" ({self.rule})"
        return f"{self.title}: {self.text}{rule}{wait}"


@dataclass(frozen=True)
class Resolution:
    """A resolved attack: every step, and the values the worksheet applies to the target."""

    kind: str
    steps: tuple[Step, ...]
    bcs: BcsTotal | None = None
    roll: BcsResult | None = None
    hit: bool = False
    critical_hit: bool = False
    critical_miss: bool = False
    location: int | None = None
    av: int | None = None
    damage_potential: int | None = None
    damage_done: int = 0
    damage_type: str = ""
    effect: Effect = "none"
    rules: EffectRules | None = None
    special: SpecialEffect | None = None
    stopping: Stopping | None = None
    conditions: tuple[Condition, ...] = ()
    waits_for: tuple[str, ...] = ()
    # AFT-28: what a critical miss does to the attacker himself.
    attacker_conditions: tuple[Condition, ...] = ()
    attacker_critical_damage: int = 0
    attacker_lethal_damage: int = 0

    @property
    def chance(self) -> Fraction:
        """The exact chance of the BCS roll (AFT-03); 0 when no roll could be made."""
        return self.bcs.chance if self.bcs is not None else Fraction(0)

    def __str__(self) -> str:
        return " · ".join(str(s) for s in self.steps)


def _crit_flags(
    roll_value: int,
    hit: bool,
    critical_hit: bool | None,
    critical_miss: bool | None,
    hit_at_or_below: int | None,
    miss_at_or_above: int | None,
) -> tuple[bool, bool, str]:
    """AFT-04: critical by the user's rule (settings) or by the user's tick on this attack."""
    why = []
    if hit_at_or_below is not None:
        crit = hit and roll_value <= check_int("critical hit rule", hit_at_or_below, 1, 20)
        why.append(f"critical hit on ≤ {hit_at_or_below} (settings.critical_hit_rule)")
    else:
        crit = bool(critical_hit) and hit
        if critical_hit:
            why.append("critical hit ticked by the user (AFT-04)")
    if miss_at_or_above is not None:
        fumble = not hit and roll_value >= check_int("critical miss rule", miss_at_or_above, 1, 20)
        why.append(f"critical miss on ≥ {miss_at_or_above} (settings.critical_miss_rule)")
    else:
        fumble = bool(critical_miss) and not hit
        if critical_miss:
            why.append("critical miss ticked by the user (AFT-04)")
    return crit, fumble, "; ".join(why)


def _region(body: str, regions: Mapping[int, str], location: int) -> str | None:
    """AFT-13: bipeds by the chart's headings; a quadruped's region is the user's (AFT-M31),
    "ask" while it is not given."""
    if body == "bipedal":
        return None
    return regions.get(location, "ask")


def _d(rng: RandintSource, faces: int) -> int:
    return rng.randint(1, faces)


def _armor(armor: Mapping[int, int], location: int) -> int:
    value = armor.get(location, 0)
    return check_int(f"AV at location {location}", value, 0, 40)


def _conditions_for(
    effect: Effect, at: Moment | None, rules: EffectRules | None
) -> list[Condition]:
    if at is None:
        return []
    if effect == "daze":
        return [daze_condition(at)]
    if effect == "stun":
        return list(stun_conditions(at))
    if rules is not None and rules.limb_disabled:
        return [
            Condition(
                f"Disabled limb (location {rules.location})",
                at,
                None,
                "AFT-23",
                "Health AST each hour",
            )
        ]
    return []


def _critical_effect_steps(
    steps: list[Step],
    rng: RandintSource,
    damage: int,
    location: int,
    bonus: int,
    health_group: int,
    cuts: bool | None,
    region: str | None,
    at: Moment | None = None,
    conditions: list[Condition] | None = None,
    save: LowerSave | None = None,
    waits: list[str] | None = None,
) -> tuple[Effect, EffectRules | None]:
    rolled = roll_critical_effect(_d(rng, 100), damage, bonus)
    steps.append(Step("critical_effect", "Critical Effect", str(rolled), "AFT-20"))
    effect = _lowering_step(steps, rng, rolled.effect, save, waits)
    if region == "ask":
        # AFT-M31: a quadruped's regions are not in the text; the effect waits for the user's.
        steps.append(
            Step(
                "effect_rules",
                "Effect",
                f"{effect}: its rules depend on the region of location {location}, which "
                "the source does not give for quadrupeds",
                "AFT-13, AFT-M31",
                "creature.location_region",
            )
        )
        return effect, None
    rules = effect_rules(effect, location, damage, health_group, region, cuts is not False)
    steps.append(Step("effect_rules", "Effect", str(rules), "AFT-21…26"))
    found = conditions if conditions is not None else []
    start = at or Moment(1, 1)
    _effect_saves(steps, rng, rules, health_group, region, cuts, save, at, found, waits)
    if rules.death:
        found.append(Condition("Dead", start, None, "AFT-26", f"Lethal to location {location}"))
    if rules.sever_chance > 0 and cuts is None:
        # AFT-25: whether a bullet cuts is not in the text; the Sever roll waits for the user.
        steps.append(
            Step(
                "sever",
                "Sever",
                f"{float(rules.sever_chance * 100):g}% chance; whether the attack cuts (Sever) or "
                "breaks the bone is not given for this weapon: choose it and roll D100",
                "AFT-25",
                "attack.cuts",
            )
        )
    elif rules.sever_chance > 0:
        # AFT-25: the Critical Damage is the percent chance of a Sever (D100 ≤ it).
        severed = rules.automatic_sever
        text = "automatic Sever (AFT-26)"
        if not severed:
            d100 = _d(rng, 100)
            severed = d100 <= rules.critical_damage
            text = f"D100 {d100} vs {rules.critical_damage}%: {'Sever' if severed else 'no Sever'}"
        steps.append(Step("sever", "Sever", text, "AFT-25"))
        if severed and cuts and rules.region == "head_neck":
            found.append(
                Condition("Death Blow", start, None, "AFT-25", "Sever to the head or neck")
            )
        elif severed and not cuts:
            found.append(Condition("Broken bone", start, None, "AFT-25", f"location {location}"))
            compound = _fracture_save(steps, rng, rules, save, waits)
            if compound and rules.region == "head_neck" and save and save.head_sever_is_death_blow:
                found.append(
                    Condition(
                        "Death Blow",
                        start,
                        None,
                        "AFT-25",
                        "compound fracture of the head or neck (settings.noncutting_head_sever)",
                    )
                )
            elif compound:
                found.append(_bleeding(steps, rng, rules, start, location, "compound fracture"))
        elif severed:
            found.append(_bleeding(steps, rng, rules, start, location, "severed"))
    return effect, rules


def _bleeding(
    steps: list[Step],
    rng: RandintSource,
    rules: EffectRules,
    start: Moment,
    location: int,
    why: str,
) -> Condition:
    """AFT-25: bleeds to death in Health Group + 1D6 Combat Turns unless cauterized or
    bandaged."""
    countdown = roll(rules.bleeding_dice, rng)
    end = Moment(start.turn + countdown.total, start.phase)
    steps.append(
        Step(
            "bleeding",
            "Bleeding",
            f"{countdown} Combat Turns: bleeds to death after {end} unless cauterized or "
            "bandaged (First Aid BCS roll)",
            "AFT-25",
        )
    )
    return Condition(
        "Bleeding to death",
        start,
        end,
        "AFT-25",
        f"{why} location {location}; dies when this ends unless bandaged",
    )


def _health_throw(
    steps: list[Step],
    rng: RandintSource,
    save: LowerSave | None,
    waiting: tuple[str, str, str, str],
    waits: list[str] | None,
) -> SaveResult | None:
    """Roll the target's Health saving throw (AFT-05); without its Health AST and CST on the
    sheet (AFT-M03) the step ``waiting`` (key, title, text, rule) says so and waits for them."""
    if save is None or save.health_ast is None or save.health_cst is None:
        key, title, text, rule = waiting
        steps.append(Step(key, title, text, rule, "target.ast.HLH, target.cst.HLH"))
        if waits is not None and "target.ast.HLH" not in waits:
            waits.append("target.ast.HLH")
        return None
    return roll_saving_throw(save.health_ast, save.health_cst, rng)


def _fracture_save(
    steps: list[Step],
    rng: RandintSource,
    rules: EffectRules,
    save: LowerSave | None,
    waits: list[str] | None,
) -> bool:
    """AFT-25: a Sever by what does not cut breaks the bone; a failed Health AST makes it a
    compound fracture. True when it is one."""
    missing = (
        "a Health AST now: failure makes a compound fracture that bleeds to death in "
        f"{rules.bleeding_dice} Combat Turns"
    )
    thrown = _health_throw(steps, rng, save, ("fracture", "Broken bone", missing, "AFT-25"), waits)
    if thrown is None:
        return False
    compound = not thrown.ability_save_passed
    result = "a compound fracture" if compound else "a simple break"
    steps.append(Step("fracture", "Broken bone", f"Health AST {thrown} → {result}", "AFT-25"))
    return compound


def _effect_saves(
    steps: list[Step],
    rng: RandintSource,
    rules: EffectRules,
    health_group: int,
    region: str | None,
    cuts: bool | None,
    save: LowerSave | None,
    at: Moment | None,
    found: list[Condition],
    waits: list[str] | None,
) -> None:
    """The Health throws an effect calls for, rolled now with the target's Health AST and CST:
    a Disable to head, neck or body (AFT-23) and Trauma's Disable (AFT-24). The hourly throw to
    regain a limb is the GM's, in game time."""
    for kind, _ in rules.saves:
        if kind == "health_ast_hourly":
            continue
        title = "Health Saving Throw" if kind == "health_save" else "Health AST"
        missing = (
            "the target's Health AST and CST are not on its sheet: roll it on the Rolls tab and "
            "add its result by hand"
        )
        rule = "AFT-23" if kind == "health_save" else "AFT-24"
        thrown = _health_throw(steps, rng, save, (kind, title, missing, rule), waits)
        if thrown is None:
            continue
        if kind == "health_save":
            outcome = disable_body_outcome(thrown.outcome)
            steps.append(Step(kind, title, f"{thrown} → {outcome}", "AFT-23"))
            if at is not None:
                found.extend(_disable_save_conditions(outcome.outcome, at))
        elif thrown.ability_save_passed:
            steps.append(Step(kind, title, f"{thrown} → no Disable", "AFT-24"))
        else:
            disable = effect_rules(
                "disable", rules.location, 0, health_group, region, cuts is not False
            )
            steps.append(Step(kind, title, f"{thrown} → also {disable}", "AFT-24"))
            if at is not None:
                found.extend(_conditions_for("disable", at, disable))
            _effect_saves(steps, rng, disable, health_group, region, cuts, save, at, found, waits)


def _disable_save_conditions(outcome: str, at: Moment) -> list[Condition]:
    """AFT-23: the body Disable's Health Saving Throw, as conditions with their timers."""
    if outcome == "critical":
        return [daze_condition(at, rest_of_combat=True)]
    if outcome == "ability":
        return list(stun_conditions(at, rest_of_combat=True))
    return [
        Condition(
            "System Shock",
            at,
            None,
            "AFT-23, AFT-M08",
            "its effects are not in this text: the GM rules them",
        )
    ]


@dataclass(frozen=True)
class LowerSave:
    """The target's Health throws: whether it may save to lower a Critical Effect (AFT-27: PCs
    and personality NPCs), and its Health AST and CST when the sheet has them (AFT-M03), which
    the Disable and Trauma throws use too (AFT-23, AFT-24)."""

    may_lower: bool
    health_ast: int | None = None
    health_cst: int | None = None
    # AFT-25 reading: a compound fracture of the head or neck bleeds like any other unless the
    # user makes it a Death Blow (settings.noncutting_head_sever).
    head_sever_is_death_blow: bool = False


def _lowering_step(
    steps: list[Step],
    rng: RandintSource,
    effect: Effect,
    save: LowerSave | None,
    waits: list[str] | None,
) -> Effect:
    """AFT-27: one Health Ability Saving Throw per result lowers it one category; it is rolled
    at once, since a lower effect is always the target's gain, and the lowered effect is the one
    whose rules and conditions apply."""
    if effect == "none":
        return effect
    lower = lower_effect(effect)
    title, lower_title = EFFECT_TITLES[effect], EFFECT_TITLES[lower]
    if save is None or not save.may_lower:
        steps.append(
            Step(
                "lower",
                "Save to lower",
                f"none: only a PC or personality NPC may save to lower {title} to {lower_title}",
                "AFT-27",
            )
        )
        return effect
    missing = (
        f"a Health AST would lower {title} to {lower_title}: the target's Health AST and CST "
        "are not on its sheet, so the effect stands"
    )
    step = ("lower", "Save to lower", missing, "AFT-27, AFT-M03")
    thrown = _health_throw(steps, rng, save, step, waits)
    if thrown is None:
        return effect
    lowered = save_to_lower(effect, thrown.ability_save_passed, str(thrown))
    steps.append(Step("lower", "Save to lower", str(lowered), "AFT-27"))
    return lowered.result


def _critical_miss_step(
    steps: list[Step],
    rng: RandintSource,
    kind: str,
    bdg: int | None = None,
    durability: int | None = None,
    modern_96: str = "reconstructed",
    waits: list[str] | None = None,
    autoloading: bool | None = None,
    extractor: bool | None = None,
) -> tuple[CriticalMiss, ChamberExplosion | None]:
    """AFT-28, AFT-53, AFT-54: roll D100 on the kind's table; a cook-off or chamber explosion
    works out the burst from the round's BDG and the weapon's Durability (AFT-M19), and returns
    it with the result."""
    result = critical_miss(kind, _d(rng, 100))
    text = str(result)
    waits_for = ""
    blast = None
    if kind == "modern" and result.effect in ("dud", "jammed"):
        text += "; " + _clearing(result.effect, autoloading, extractor)
    if result.effect == "falls":
        # AFT-M10: the falling rules are in Book 1 (p. 32), not in this text.
        text += "; the falling rules are not in this text: the GM rules the fall"
        waits_for = "GM: the fall (AFT-M10)"
    if result.reconstructed and check_choice("modern 96-00", modern_96, MODERN_96) == "ask":
        text += "; the GM rules this row, missing from the text (settings.modern_crit_miss_96)"
        waits_for = "GM: modern 96-00"
    elif result.burst_divisor is not None:
        if_off = "if it goes off: " if result.effect == "cook-off" else ""
        if durability is None or bdg is None:
            text += f"; {if_off}the burst needs the weapon's Durability (not in the text)"
            waits_for = "weapon.durability"
        else:
            blast = chamber_explosion(bdg, durability, result.burst_divisor)
            text += f"; {if_off}{blast}"
    steps.append(Step("critical_miss", "Critical miss", text, "AFT-28", waits_for))
    if waits_for and waits is not None:
        waits.append(waits_for)
    return result, blast


def _clearing(effect: str, autoloading: bool | None, extractor: bool | None) -> str:
    """AFT-54: what clearing a dud or a jam costs this gun (its flags are the user's)."""
    if effect == "dud":
        if autoloading is None:
            return "autoloaders and autoweapons clear it by hand in 1 Action, other guns with the next round (is this gun an autoloader?)"
        return (
            "this autoloader clears it by hand in 1 Action"
            if autoloading
            else "this gun clears it with the next round, no special action"
        )
    if extractor is None:
        return "2 Actions to clear by hand, 1 with an extractor (has this gun one?)"
    return "1 Action to clear (extractor)" if extractor else "2 Actions to clear by hand"


def _miss_on_attacker(
    steps: list[Step],
    rng: RandintSource,
    miss: CriticalMiss,
    at: Moment | None,
    waits: list[str],
) -> tuple[list[Condition], int]:
    """AFT-28 reading: a critical miss's Dazed or Stunned is the attacker's (AFT-21, AFT-22);
    Unarmed/Natural 71-80 disables the attacking part with 1D6 Critical Damage, whose Sever
    chance is that many percent (AFT-23, AFT-25)."""
    if miss.effect == "dazed":
        return ([daze_condition(at)] if at is not None else []), 0
    if miss.effect == "stunned":
        return (list(stun_conditions(at)) if at is not None else []), 0
    if miss.effect != "part disabled":
        return [], 0
    damage = roll("1d6", rng)
    steps.append(
        Step(
            "miss_damage",
            "Attacking part",
            f"{damage.explain()} Critical Damage to the hand, foot or jaws used; Sever chance "
            f"{damage.total}% (by the location: the attacker's choice of part is the GM's)",
            "AFT-28, AFT-25",
            "GM: which location",
        )
    )
    waits.append("GM: which location")
    found = []
    if at is not None:
        found.append(
            Condition(
                "Disabled attacking part",
                at,
                None,
                "AFT-28, AFT-23",
                f"{damage.total} Critical Damage; a Health AST each hour regains a limb",
            )
        )
    return found, damage.total


def _chamber_blast(
    steps: list[Step],
    rng: RandintSource,
    blast: ChamberExplosion,
    at: Moment | None,
    waits: list[str],
) -> tuple[int, list[Condition]]:
    """AFT-53: a chamber explosion that goes off does its D10s of Lethal damage to the firer's
    location nearest the breech and leaves the gun Disrepaired, Junked on 1D6 ≤ the D10s; one
    that does not costs a point of Durability and is a dud."""
    if not blast.explodes:
        note = "Durability −1 (recorded on the weapon by hand); the round is a dud"
        steps.append(Step("blast", "Chamber explosion", note, "AFT-53", "weapon.durability"))
        waits.append("weapon.durability")
        return 0, []
    damage = roll(f"{blast.dice}d10", rng)
    junk = roll("1d6", rng)
    junked = junk.total <= blast.dice
    state = "Junked" if junked else "Disrepaired"
    steps.append(
        Step(
            "blast",
            "Chamber explosion",
            f"{damage.explain()} Lethal to the firer's location nearest the breech (which one "
            f"is the GM's); junk check {junk.explain()} vs ≤ {blast.dice}: the gun is {state}",
            "AFT-53",
            "attack.breech_location",
        )
    )
    waits.append("attack.breech_location")
    if at is None:
        return damage.total, []
    return damage.total, [
        Condition(f"Gun {state}", at, None, "AFT-53, AFT-M19", "chamber explosion")
    ]


def _missed(
    kind: str,
    steps: list[Step],
    total: BcsTotal,
    rolled: BcsResult,
    waits: list[str],
    hurt: list[Condition],
    critical: int = 0,
    lethal: int = 0,
) -> Resolution:
    """A critical miss and what it did to the attacker (AFT-28, AFT-53)."""
    return Resolution(
        kind,
        tuple(steps),
        total,
        rolled,
        critical_miss=True,
        waits_for=tuple(waits),
        attacker_conditions=tuple(hurt),
        attacker_critical_damage=critical,
        attacker_lethal_damage=lethal,
    )


def _location_steps(
    steps: list[Step],
    rng: RandintSource,
    body: str,
    direction: str | None,
    attack_from: str,
    near_side: int | None,
) -> int:
    found = locate(_d(rng, 100), body, direction)
    steps.append(Step("location", "Hit location", str(found), "AFT-12"))
    if len(found.locations) == 1:
        return found.locations[0]
    resolved = split(found.key, _d(rng, 100), attack_from, near_side)
    steps.append(Step("split", "Split", str(resolved), "AFT-T11"))
    return resolved.result


def _special_effect_steps(
    steps: list[Step],
    rng: RandintSource,
    damage: int,
    crit: bool,
    force: int,
    mass: Fraction | float | int | None,
    at: Moment | None,
    conditions: list[Condition],
    waits: list[str],
) -> tuple[SpecialEffect, Stopping | None, int, bool, int]:
    """AFT-49 and AFT-50: the Missile Special Effect, its damage, Stopping (``force`` is the
    Adjusted BDG, or the Damage Potential of a muscle-powered missile) and its conditions."""
    special = missile_special_effect(_d(rng, 100))
    steps.append(Step("special", "Missile Special Effect", str(special), "AFT-49"))
    final = special_effect_damage(special, damage, crit)
    if final != damage:
        steps.append(
            Step("special_damage", "Damage after the effect", f"Damage Done {final}", "AFT-49")
        )
    stop = None
    if special.stopping:
        if mass is None:
            waits.append("target.mass")
            steps.append(
                Step(
                    "stopping",
                    "Stopping",
                    "the target's Mass is not in the source",
                    "AFT-50",
                    "target.mass",
                )
            )
        else:
            stop = stopping(force, mass)
            steps.append(Step("stopping", "Stopping", str(stop), "AFT-50"))
            steps.extend(_stopping_steps(stop, rng))
    if special.stun and at is not None:
        conditions.extend(stun_conditions(at))
    elif special.daze and at is not None:
        conditions.append(daze_condition(at))
    return special, stop, final, special.critical_effect_roll, special.critical_effect_bonus


def _stopping_steps(stop: Stopping, rng: RandintSource) -> list[Step]:
    """AFT-50: roll the knock-back (2D3 m) and, below 1, the chance of the result for 1."""
    if stop.band == "below_1":
        d100 = _d(rng, 100)
        percent = stop.chance * 100
        if d100 > percent:
            return [
                Step(
                    "knock_back",
                    "Knock-back",
                    f"D100 {d100} > {float(percent):g}: no effect",
                    "AFT-50",
                )
            ]
        text = f"D100 {d100} ≤ {float(percent):g}: as for effect 1 — "
    else:
        text = ""
    back = roll_knock_back(rng)
    down = {
        "automatic": "knocked down (automatic)",
        "deftness_cst": "a Deftness Critical Saving Throw keeps his feet",
    }.get(stop.knock_down, "a Deftness Ability Saving Throw prevents the knock-down")
    return [Step("knock_back", "Knock-back", f"{text}{back}; {down}", "AFT-50, AFT-35")]


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
    gun_critical_row: str = "pistol"
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


def missile_bcs(attack: MissileAttack) -> tuple[BcsTotal, list[Step]]:
    """AFT-57 steps 1-2: Range Step, then the BCS with every modifier line by line.

    >>> total, _ = missile_bcs(MissileAttack(base_bcs=12, range_row="Long Gun Rifle", meters=200,
    ...     gun="long_gun", size="Rifle", target_cda=2, base_bdg=26, situations=("stance",)))
    >>> str(total)
    'BCS 12 + In firing stance +1 + range LNG −1 + Inherent Accuracy +4 + target stationary: CDA 2 × 1 −2 = 14'
    """
    steps: list[Step] = []
    if instance(attack, MissileAttack, "attack").gun_action:
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
    situation = missile_modifiers(attack.situations, attack.damage_taken_this_turn, attack.rounding)
    mods: list[BcsModifier] = list(situation.modifiers)
    mods.append(BcsModifier(f"range {step.step}", step.bcs_modifier, "AFT-46"))
    accuracy = inherent_accuracy(
        attack.gun, attack.size, attack.autofire, attack.bursts, attack.match, attack.ia_value
    )
    mods.append(BcsModifier("Inherent Accuracy", accuracy.total, "AFT-44"))
    if attack.target_cda is None:
        raise RuleError("the target's CDA is not in the source: enter target.cda (AFT-10, AFT-M04)")
    mods.append(target_action_modifier(attack.target_cda, attack.target_action, attack.dodging))
    mods.extend(
        burden_modifiers(attack.encumbrance_bcs, attack.distractions, attack.bcs_per_distraction)
    )
    if situation.hip_fire:
        if attack.average_bcs is None:
            raise RuleError(
                "hip fire uses the Average BCS: enter attacker.average_bcs (AFT-09, AFT-M06)"
            )
        total = modified_bcs(
            attack.average_bcs, mods, attack.dazed, "Average BCS (hip fire)", attack.rounding
        )
    else:
        total = modified_bcs(attack.base_bcs, mods, attack.dazed, "BCS", attack.rounding)
    steps.append(Step("bcs", "BCS", str(total), "AFT-03, AFT-09, AFT-44"))
    return total, steps


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
    rolled = judge_bcs(total.total, _d(rng, 20))
    crit, fumble, why = _crit_flags(
        rolled.roll,
        rolled.success,
        attack.critical_hit,
        attack.critical_miss,
        attack.critical_hit_at_or_below,
        attack.critical_miss_at_or_above,
    )
    text = str(rolled) + (f"; {why}" if why else "")
    steps.append(Step("roll", "Roll", text, "AFT-03, AFT-04"))
    if not rolled.success:
        if fumble:
            if attack.critical_miss_table:
                kind = check_choice(
                    "critical miss table", attack.critical_miss_table, MISSILE_MISS_TABLES
                )
                miss, blast = _critical_miss_step(
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
                    lethal, hurt = _chamber_blast(steps, rng, blast, attack.at, waits)
                    return _missed("missile", steps, total, rolled, waits, hurt, lethal=lethal)
            else:
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
    location = _location_steps(
        steps, rng, attack.body, attack.direction, attack.attack_from, attack.near_side
    )
    critical_dice, critical_roll, extra = "", 0, ""
    if crit:
        row = check_choice("gun critical row", attack.gun_critical_row, GUN_CRITICAL_ROWS)
        if row in ("pistol", "rifle"):
            enhancement = gun_critical(row)
            critical_dice = enhancement.bdg_dice or ""
            critical_roll = roll(critical_dice, rng).total
        elif row == "burst":
            bonus = roll("1D3", rng)
            extra = f"all rounds of the burst hit, plus the effect of {bonus} additional rounds (AFT-19)"
            steps.append(Step("critical", "Critical hit", extra, "AFT-19"))
    adjusted = adjust_bdg(
        attack.base_bdg,
        attack.range_row,
        attack.meters,
        critical_dice,
        critical_roll,
        attack.pbr_mode,
        attack.rounding,
        attack.bdg_order,
    )
    steps.append(Step("bdg", "Adjusted BDG", str(adjusted), "AFT-47"))
    dice = bullet_damage_dice(adjusted.total)
    if dice:
        damage_roll = roll(dice, rng)
        potential = damage_roll.total
        steps.append(
            Step("damage", "Damage dice", f"BDG {adjusted.total} → {damage_roll}", "AFT-48")
        )
    else:
        potential = 0
        steps.append(Step("damage", "Damage dice", "BDG 0: no damage dice", "AFT-48"))
    av = _armor(attack.armor, location)
    if attack.cover_av:
        # AFT-M17: how a Barrier Factor stops a bullet is not in this text; the user's value for
        # the cover is added to the armor's AV.
        cover = check_int("cover AV", attack.cover_av, 0, MAX_COVER_AV)
        steps.append(
            Step(
                "cover",
                "Cover",
                f"cover AV {cover} (yours) + armor AV {av} = AV {cover + av}",
                "AFT-40, AFT-M17",
            )
        )
        av += cover
    done = damage_done(potential, av)
    steps.append(Step("damage_done", "Damage Done", f"location {location}: {done}", "AFT-15"))
    kind = "L"
    if attack.shot:
        step = range_step(attack.range_row, attack.meters)
        if shot_damage_type(attack.shot, step.step, attack.target_mass) == "B":
            kind = "B"
            steps.append(
                Step(
                    "damage_type",
                    "Damage type",
                    f"{attack.shot} shot at {step.step}: B damage (half lethal, half subdual)",
                    "AFT-51",
                )
            )
    final = done.done
    special = None
    stop = None
    effect: Effect = "none"
    rules = None
    conditions: list[Condition] = []
    crit_bonus = 0
    crit_roll_called = False
    if attack.special_effect_roll:
        special, stop, final, crit_roll_called, crit_bonus = _special_effect_steps(
            steps,
            rng,
            done.done,
            crit,
            adjusted.total,
            attack.target_mass,
            attack.at,
            conditions,
            waits,
        )
    if crit_roll_called or (crit and final > 0):
        effect, rules = _critical_effect_steps(
            steps,
            rng,
            final,
            location,
            crit_bonus,
            attack.target_health_group,
            attack.cuts,
            _region(attack.body, attack.regions, location),
            attack.at,
            conditions,
            attack.target_save,
            waits,
        )
        conditions.extend(_conditions_for(effect, attack.at, rules))
    return Resolution(
        "missile",
        tuple(steps),
        total,
        rolled,
        True,
        crit,
        False,
        location,
        av,
        potential,
        final,
        kind,
        effect,
        rules,
        special,
        stop,
        tuple(conditions),
        tuple(waits),
    )


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
    target_cda: int | None = None
    target_action: str = "stationary"
    dodging: bool = False
    count: int = 1
    deftness_group: int = 0
    special_effect_roll: bool = False
    target_mass: Fraction | float | int | None = None


def hth_bcs(attack: HthAttack) -> tuple[BcsTotal, list[Step], int]:
    """AFT-56 steps 1-2: the DAT position (Strength Group change) and the BCS line by line.
    Returns the BCS, the steps and the Strength Group after the position change.

    >>> total, steps, group = hth_bcs(HthAttack(base_bcs=10, weapon="Knife, bowie", strength_group=3,
    ...     zone="character_hex", situations=("target_prone",)))
    >>> str(total), group
    ('BCS 10 + Target is prone +2 = 12', 4)
    """
    steps: list[Step] = []
    group = check_int("Strength Group", instance(attack, HthAttack, "attack").strength_group, 0, 8)
    if attack.thrown:
        total, steps = _thrown_bcs(attack, steps)
        return total, steps, group
    if attack.weapon:
        found = weapon(attack.weapon)
        if found.length is not None:
            position = dat_position(found.length, attack.zone)
            steps.append(Step("position", "DAT position", str(position), "AFT-11"))
            if not position.allowed:
                raise RuleError(str(position))
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
        attack.missile_situations, attack.damage_taken_this_turn, attack.rounding
    )
    mods: list[BcsModifier] = list(situation.modifiers)
    if attack.target_cda is None:
        raise RuleError("the target's CDA is not in the source: enter target.cda (AFT-10, AFT-M04)")
    mods.append(target_action_modifier(attack.target_cda, attack.target_action, attack.dodging))
    if attack.weapon and 10 in weapon(attack.weapon).notes:
        throw = shuriken_throw(attack.count, attack.deftness_group)
        steps.append(Step("count", "Thrown at once", str(throw), "AFT-29"))
        if throw.bcs_modifier:
            mods.append(BcsModifier(f"{throw.count} thrown at once", throw.bcs_modifier, "AFT-29"))
    elif attack.count != 1:
        raise RuleError("only shuriken may be thrown several at once (note 10)")
    mods.extend(
        burden_modifiers(attack.encumbrance_bcs, attack.distractions, attack.bcs_per_distraction)
    )
    if situation.hip_fire:
        if attack.average_bcs is None:
            raise RuleError(
                "hip fire uses the Average BCS: enter attacker.average_bcs (AFT-09, AFT-M06)"
            )
        total = modified_bcs(
            attack.average_bcs, mods, attack.dazed, "Average BCS (hip fire)", attack.rounding
        )
    else:
        total = modified_bcs(attack.base_bcs, mods, attack.dazed, "BCS", attack.rounding)
    steps.append(Step("bcs", "BCS", str(total), "AFT-03, AFT-09, AFT-10"))
    return total, steps


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
    rolled = judge_bcs(total.total, _d(rng, 20))
    crit, fumble, why = _crit_flags(
        rolled.roll,
        rolled.success,
        attack.critical_hit,
        attack.critical_miss,
        attack.critical_hit_at_or_below,
        attack.critical_miss_at_or_above,
    )
    steps.append(Step("roll", "Roll", str(rolled) + (f"; {why}" if why else ""), "AFT-03, AFT-04"))
    if not rolled.success:
        if fumble:
            # AFT-28: the table is known here, so it is rolled now: Armed Combat with a weapon,
            # Unarmed/Natural without; thrown weapons by settings.thrown_critical_miss_table
            # (AFT-M40, Armed Combat by default).
            kind = "armed" if attack.weapon else "unarmed"
            if attack.thrown:
                kind = check_choice(
                    "thrown critical miss table", attack.thrown_critical_miss_table, MISS_TABLES
                )
            miss_waits: list[str] = []
            miss, _ = _critical_miss_step(steps, rng, kind, waits=miss_waits)
            hurt, critical = _miss_on_attacker(steps, rng, miss, attack.at, miss_waits)
            return _missed("hth", steps, total, rolled, miss_waits, hurt, critical=critical)
        return Resolution("hth", tuple(steps), total, rolled, False, False, fumble)
    wdm_text = ""
    found = weapon(attack.weapon) if attack.weapon else None
    bonus = 0
    if crit:
        enhancement = critical_hit_enhancement(_d(rng, 20))
        bonus = enhancement.bonus
        steps.append(Step("enhancement", "Critical Hit Enhancement", str(enhancement), "AFT-18"))
    if found is not None and found.wdm_rule not in ("special", "rifle_butt"):
        try:
            use = "thrown" if attack.thrown else attack.use
            wdm_text = str(wdm_for(found.name, use, critical_bonus=bonus))
        except RuleError as exc:
            wdm_text = str(exc)
    location = _location_steps(
        steps, rng, attack.body, attack.direction, attack.attack_from, attack.near_side
    )
    if attack.damage_potential is None:
        steps.append(
            Step(
                "potential",
                "Damage Potential",
                f"{wdm_text}; the source does not say how WDM becomes Damage Potential",
                "AFT-15",
                "attack.damage_potential",
            )
        )
        return Resolution(
            "hth",
            tuple(steps),
            total,
            rolled,
            True,
            crit,
            False,
            location,
            waits_for=("attack.damage_potential",),
        )
    potential = check_int("Damage Potential", attack.damage_potential, 0, 1000)
    steps.append(
        Step(
            "potential",
            "Damage Potential",
            f"{potential} (entered; {wdm_text or 'unarmed'})",
            "AFT-15, AFT-M05",
        )
    )
    av, fmt = attack.armor.get(location, (0, ""))
    av = check_int(f"AV at location {location}", av, 0, 40)
    fmt = check_choice(f"armor format at location {location}", fmt, ARMOR_FORMATS)
    if found is not None and fmt:
        chance = breakage_check(found.name, fmt, av)
        if chance is not None:
            broke = judge_breakage(found.name, _d(rng, 20))
            steps.append(Step("break", "Break check", str(broke), "AFT-16"))
            if broke.broken:
                halved = unstated(Fraction(potential, 2), attack.rounding)
                steps.append(
                    Step(
                        "halved",
                        "Damage halved",
                        f"{potential} ÷ 2 = {halved} (final adjustment)",
                        "AFT-16",
                    )
                )
                potential = halved
    if found is not None and 13 in found.notes:
        # AFT-17, AFT-M23: note 13's text is the user's; a cap only if their reading gives one.
        steps.append(Step("note_13", "Weapon note 13", note_13_text(attack.note_13), "AFT-17"))
    cap = (
        penetration_cap(found.name, group, attack.note_13_cap_multiple)
        if found is not None
        else None
    )
    done = damage_done(potential, av, cap)
    steps.append(
        Step("damage_done", "Damage Done", f"location {location}: {done}", "AFT-15, AFT-17")
    )
    kind = (
        found.wdm_thrust_type
        if attack.use == "thrust" and found
        else (found.wdm_type if found else "")
    ) or ""
    cuts = attack.cuts if attack.cuts is not None else kind == "L"  # AFT-25 reading: L cuts
    effect: Effect = "none"
    rules = None
    conditions: list[Condition] = []
    waits: list[str] = []
    final, special, stop, crit_roll_called, crit_bonus = done.done, None, None, False, 0
    if attack.thrown and attack.special_effect_roll:
        # AFT-49/50: muscle-powered missiles too; Stopping uses the Damage Potential.
        special, stop, final, crit_roll_called, crit_bonus = _special_effect_steps(
            steps, rng, done.done, crit, potential, attack.target_mass, attack.at, conditions, waits
        )
    if crit_roll_called or (crit and final > 0):
        effect, rules = _critical_effect_steps(
            steps,
            rng,
            final,
            location,
            crit_bonus,
            attack.target_health_group,
            cuts,
            _region(attack.body, attack.regions, location),
            attack.at,
            conditions,
            attack.target_save,
            waits,
        )
        conditions.extend(_conditions_for(effect, attack.at, rules))
    return Resolution(
        "hth",
        tuple(steps),
        total,
        rolled,
        True,
        crit,
        False,
        location,
        av,
        potential,
        final,
        kind,
        effect,
        rules,
        special,
        stop,
        tuple(conditions),
        tuple(waits),
    )


def summary(resolution: Resolution) -> str:
    """A one-line verdict for the log.

    >>> summary(Resolution("hth", (), hit=False))
    'miss'
    """
    if not instance(resolution, Resolution, "resolution").hit:
        return "critical miss" if resolution.critical_miss else "miss"
    if resolution.waits_for:
        return f"hit location {resolution.location}; waits for {', '.join(resolution.waits_for)}"
    text = f"hit location {resolution.location}: Damage Done {resolution.damage_done}"
    if resolution.effect != "none":
        text += f", {resolution.effect}"
    return text + (" (critical)" if resolution.critical_hit else "")


__all__ = [
    "HthAttack",
    "MissileAttack",
    "Resolution",
    "Step",
    "hth_bcs",
    "missile_bcs",
    "resolve_hth",
    "resolve_missile",
    "summary",
]
