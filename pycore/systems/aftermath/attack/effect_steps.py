"""The Critical Effect of a hit, step by step (AFT-20 to AFT-27): the roll, the save to lower it,
its rules at the location, the Health throws, Sever, broken bones and bleeding; and the Missile
Special Effects with Stopping (AFT-49, AFT-50)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from pycore.dice import RandintSource, next_roll_is
from pycore.systems.aftermath.attack.critical import (
    EFFECT_TITLES,
    Effect,
    EffectRules,
    disable_body_outcome,
    effect_rules,
    lower_effect,
    roll_critical_effect,
    save_to_lower,
)
from pycore.systems.aftermath.attack.missile_effects import (
    SpecialEffect,
    Stopping,
    missile_special_effect,
    roll_knock_back,
    special_effect_damage,
    stopping,
)
from pycore.systems.aftermath.attack.steps import (
    Attack,
    LowerSave,
    Resolution,
    Step,
    conditions_for,
    die,
    region_for,
)
from pycore.systems.aftermath.bcs import (
    BcsResult,
    BcsTotal,
    SaveKind,
    SaveResult,
    roll_saving_throw,
    save_chances,
)
from pycore.systems.aftermath.conditions import (
    BROKEN_BONE,
    COMPOUND_FRACTURE,
    Condition,
    Moment,
    bleeding_condition,
    daze_condition,
    fracture_death_blow,
    severed_condition,
    stun_conditions,
)
from pycore.validate import checked

#: AFT-25: the question a Sever asks when the attack's form does not say whether it cuts.
CUTS = "attack.cuts"


@checked
def critical_effect_steps(
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
    rolled = roll_critical_effect(die(rng, 100, "Critical Effect"), damage, bonus)
    steps.append(Step("critical_effect", "Critical Effect", str(rolled), "AFT-20, AFT-01, AFT-T03"))
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
    if rules.sever_chance > 0:
        # AFT-25: the Critical Damage is the percent chance of a Sever (D100 ≤ it); Lethal to a
        # limb is an automatic Sever (AFT-26, 001 line 37): no roll is due then.
        severed = rules.automatic_sever
        text = "automatic Sever (Lethal to a limb: no roll)"
        if not severed:
            d100 = die(rng, 100, "sever")
            severed = d100 <= rules.critical_damage
            text = f"D100 {d100} vs {rules.critical_damage}%: {'Sever' if severed else 'no Sever'}"
        if severed and cuts is None:
            # AFT-25 reading: whether a bullet cuts is not in the text (001 line 34 tells a
            # Sever from a broken bone by it): the attack waits for the GM's answer, asked
            # before it is applied (a GM's play-through: the step said so, nothing asked it,
            # and the Sever was applied with no bleeding).
            text += (
                "; whether the attack cuts (it bleeds) or breaks the bone is not given for this "
                "weapon"
            )
            steps.append(Step("sever", "Sever", text, "AFT-25, AFT-26", CUTS))
            if waits is not None and CUTS not in waits:
                waits.append(CUTS)
            return effect, rules
        steps.append(Step("sever", "Sever", text, "AFT-25, AFT-26"))
        if severed and cuts and rules.region == "head_neck":
            found.append(
                Condition("Death Blow", start, None, "AFT-25", "Sever to the head or neck")
            )
        elif severed and not cuts:
            compound = _fracture_save(steps, rng, rules, save, waits)
            # 001 line 34: a blow that does not cut has "broken the bone"; a failed Health AST
            # makes it "a compound fracture": named so, as the sheet names one recorded by hand
            bone = COMPOUND_FRACTURE if compound else BROKEN_BONE
            found.append(Condition(bone, start, None, "AFT-25", f"location {location}"))
            if compound:
                # AFT-25 reading: at the head or neck a Death Blow by the setting, else it bleeds
                head_blow = save is not None and save.head_sever_is_death_blow
                blow = fracture_death_blow(start, rules.region == "head_neck", head_blow)
                found.append(
                    blow
                    if blow is not None
                    else _bleeding(steps, rng, rules, start, location, "compound fracture")
                )
        elif severed:
            if rules.region in ("arm", "leg"):
                # AFT-26: the limb is gone for good; the bleeding is only its countdown (AFT-25)
                found.append(severed_condition(start, rules.region, location))
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
    countdown, bleeding = bleeding_condition(
        rules.bleeding_dice, rng, start, f"{why} location {location}"
    )
    steps.append(
        Step(
            "bleeding",
            "Bleeding",
            f"{countdown} Combat Turns: bleeds to death after {bleeding.until} unless "
            "cauterized or bandaged (First Aid BCS roll)",
            "AFT-25",
        )
    )
    return bleeding


def _health_throw(
    steps: list[Step],
    rng: RandintSource,
    save: LowerSave | None,
    waiting: tuple[str, str, str, str],
    waits: list[str] | None,
    name: str = "",
    kind: SaveKind = "ability",
) -> SaveResult | None:
    """Roll the target's Health saving throw (AFT-05); without its Health AST and CST on the
    sheet (AFT-M03) the step ``waiting`` (key, title, text, rule) says so and waits for them."""
    if save is None or save.health_ast is None or save.health_cst is None:
        key, title, text, rule = waiting
        # One question asks both (QUESTIONS: "the target's Health AST and CST"); the CST's own
        # key read "HLH" on screen (issue 28).
        steps.append(Step(key, title, text, rule, "target.ast.HLH"))
        if waits is not None and "target.ast.HLH" not in waits:
            waits.append("target.ast.HLH")
        return None
    # Issue 28: the roll is asked by its name and what it is against, not "the next roll".
    # With its chance (AFT-05), as every other roll shows its own while it waits.
    odds = save_chances(save.health_ast, save.health_cst, kind)
    next_roll_is(rng, name or f"the target's Health saving throw ({waiting[1]})", odds)
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
        # The step's own "waits for the target's Health AST and CST" says what is missing.
        missing = "the effect calls for it"
        rule = "AFT-23" if kind == "health_save" else "AFT-24"
        # Named for what it decides (a GM's tablet read "the target's Health saving throw
        # (Health Saving Throw)"): 001 lines 26-28 for the body's Disable, line 30 for Trauma.
        name = (
            "Health Saving Throw for the Disable"
            if kind == "health_save"
            else "Health AST against Trauma's Disable"
        )
        ranges: SaveKind = "ranges" if kind == "health_save" else "ability"  # AFT-23: both count
        thrown = _health_throw(steps, rng, save, (kind, title, missing, rule), waits, name, ranges)
        if thrown is None:
            continue
        if kind == "health_save":
            outcome = disable_body_outcome(thrown.outcome)
            shock = ", AFT-M08" if outcome.outcome == "failure" else ""  # System Shock: the GM's
            steps.append(Step(kind, title, f"{thrown} → {outcome}", f"AFT-23{shock}"))
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
                found.extend(conditions_for("disable", at, disable))
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
    # The step's own "waits for the target's Health AST and CST" says what is missing.
    missing = f"a Health AST would lower {title} to {lower_title}"
    step = ("lower", "Save to lower", missing, "AFT-27, AFT-M03")
    # Issue 28: while the save waits for the GM's die, it says the effect it is against and
    # the damage done (the hit's own Damage Done step).
    found = (re.search(r"Damage Done \d+", s.text) for s in steps if s.key == "damage_done")
    done = next((m.group(0) for m in found if m), "")
    against = f" ({done})" if done else ""
    name = f"Health save to lower {title} to {lower_title}{against}"
    thrown = _health_throw(steps, rng, save, step, waits, name)
    if thrown is None:
        return effect
    lowered = save_to_lower(effect, thrown.ability_save_passed, str(thrown))
    steps.append(Step("lower", "Save to lower", str(lowered), "AFT-27"))
    return lowered.result


@checked
def special_effect_steps(
    steps: list[Step],
    rng: RandintSource,
    damage: int,
    crit: bool,
    force: int,
    mass: Fraction | float | int | None,
    at: Moment | None,
    conditions: list[Condition],
    waits: list[str],
    deftness: tuple[int | None, int | None] = (None, None),
    rounding: str = "half_up",
) -> tuple[SpecialEffect, Stopping | None, int, bool, int]:
    """AFT-49 and AFT-50: the Missile Special Effect, its damage, Stopping (``force`` is the
    Adjusted BDG, or the Damage Potential of a muscle-powered missile) and its conditions."""
    special = missile_special_effect(die(rng, 100, "Missile Special Effect"))
    steps.append(Step("special", "Missile Special Effect", str(special), "AFT-49, AFT-T37"))
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
            stop = stopping(force, mass, rounding)
            steps.append(Step("stopping", "Stopping", str(stop), "AFT-50"))
            steps.extend(_stopping_steps(stop, rng, deftness, at, conditions))
    if special.stun and at is not None:
        conditions.extend(stun_conditions(at))
    elif special.daze and at is not None:
        conditions.append(daze_condition(at))
    return special, stop, final, special.critical_effect_roll, special.critical_effect_bonus


def _stopping_steps(
    stop: Stopping,
    rng: RandintSource,
    deftness: tuple[int | None, int | None] = (None, None),
    at: Moment | None = None,
    conditions: list[Condition] | None = None,
) -> list[Step]:
    """AFT-50: roll the knock-back (2D3 m) and, below 1, the chance of the result for 1; then
    the save that keeps the target on their feet (a Deftness AST, or CST past effect 5, AFT-50
    reading) from their sheet, and the Knocked Over condition when they go down (issue 28)."""
    if stop.band == "below_1":
        # Named: a roll kept while the hit waits for an answer is found again by its name.
        # AFT-02: the percent chance rounded as the campaign rounds (Stopping.threshold), the
        # D100 read against that whole number, as the step above says (a GM's play-through read
        # "D100 ≤ 36.6667").
        percent = stop.threshold
        chance = ((f"as for effect 1 on D100 ≤ {percent}", Fraction(percent, 100)),)
        next_roll_is(rng, "knock-back chance", chance)
        d100 = rng.randint(1, 100)
        if d100 > percent:
            return [
                Step("knock_back", "Knock-back", f"D100 {d100} > {percent}: no effect", "AFT-50")
            ]
        text = f"D100 {d100} ≤ {percent}: as for effect 1 — "
    else:
        text = ""
    back = roll_knock_back(rng)
    down = {
        "automatic": "knocked down (automatic)",
        "deftness_cst": "a Deftness Critical Saving Throw keeps the target standing",
    }.get(stop.knock_down, "a Deftness Ability Saving Throw prevents the knock-down")
    steps = [Step("knock_back", "Knock-back", f"{text}{back}; {down}", "AFT-50, AFT-35, L669")]
    ast, cst = deftness
    if stop.knock_down == "automatic":
        fell = True
    elif ast is None or cst is None:
        asked = "Critical" if stop.knock_down == "deftness_cst" else "Ability"
        what = f"the target's Deftness {asked} Saving Throw to stay standing"
        steps.append(
            Step(
                "knock_save",
                "Stays standing?",
                f"{what}: the Deftness AST and CST are not on the target's sheet (roll it "
                "yourself; Knocked Over is a condition on the target's card)",
                "AFT-50, AFT-05",
            )
        )
        return steps
    else:
        critical: SaveKind = "critical" if stop.knock_down == "deftness_cst" else "ability"
        next_roll_is(rng, "Deftness save to stay standing", save_chances(ast, cst, critical))
        thrown = roll_saving_throw(ast, cst, rng)
        kept = thrown.outcome == "critical" or (
            stop.knock_down == "deftness_ast" and thrown.outcome == "ability"
        )
        name = "Critical" if stop.knock_down == "deftness_cst" else "Ability"
        verdict = "stays standing" if kept else "knocked over"
        steps.append(
            Step(
                "knock_save",
                "Stays standing?",
                f"Deftness {name} Saving Throw: {thrown}: {verdict}",
                "AFT-50, AFT-05",
            )
        )
        fell = not kept
    if fell and at is not None and conditions is not None:
        conditions.append(Condition("Knocked Over", at, None, "AFT-50", "knocked down by the hit"))
    return steps


@checked
def effects_of_hit(
    kind: str,
    steps: list[Step],
    rng: RandintSource,
    hit: tuple[BcsTotal, BcsResult, bool, int, int, int],
    done: int,
    damage_type: str,
    target: EffectTarget,
    waits: list[str],
    special: tuple[bool, int] = (False, 0),
) -> Resolution:
    """AFT-56 step 7 and AFT-57 steps 7-8: after the Damage Done, the Missile Special Effect when
    the user says one occurs (``special`` = (roll it, the force that stops: Adjusted BDG or
    Damage Potential), AFT-49, AFT-50), then the Critical Effect of a critical hit that did
    damage (or that the special effect calls for, AFT-20). ``hit`` is (BCS, roll, critical,
    location, AV, Damage Potential)."""
    total, rolled, crit, location, av, potential = hit
    final, found_special, stop, called, bonus = done, None, None, False, 0
    effect: Effect = "none"
    rules = None
    conditions: list[Condition] = []
    if special[0]:
        found_special, stop, final, called, bonus = special_effect_steps(
            steps,
            rng,
            done,
            crit,
            special[1],
            target.mass,
            target.at,
            conditions,
            waits,
            target.deftness,
            target.rounding,
        )
    if called or (crit and final > 0):
        effect, rules = critical_effect_steps(
            steps,
            rng,
            final,
            location,
            bonus,
            target.health_group,
            target.cuts,
            target.region,
            target.at,
            conditions,
            target.save,
            waits,
        )
        conditions.extend(conditions_for(effect, target.at, rules))
    return Resolution(
        kind,
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
        damage_type,
        effect,
        rules,
        found_special,
        stop,
        tuple(conditions),
        tuple(waits),
    )


@dataclass(frozen=True)
class EffectTarget:
    """What the Critical Effect needs of the target: Mass (Stopping), Health Group (bleeding),
    whether the attack cuts (Sever), the region hit (quadrupeds: the user's), its saves, and
    the moment the conditions start."""

    mass: Fraction | float | int | None
    health_group: int
    cuts: bool | None
    region: str | None
    save: LowerSave | None
    at: Moment | None
    # AFT-50: the Deftness AST and CST that keep the target on their feet (None: not entered).
    deftness: tuple[int | None, int | None] = (None, None)
    # AFT-02: how a percent chance with a fraction (Stopping below 1) is rounded before its D100.
    rounding: str = "half_up"


@checked
def effect_target(attack: Attack, cuts: bool | None, location: int) -> EffectTarget:
    """The target of ``attack`` hit at ``location`` as its Critical Effect reads it."""
    return EffectTarget(
        attack.target_mass,
        attack.target_health_group,
        cuts,
        region_for(attack.body, attack.regions, location),
        attack.target_save,
        attack.at,
        attack.target_deftness,
        attack.rounding,
    )
