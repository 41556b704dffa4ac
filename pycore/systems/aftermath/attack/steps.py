"""The pieces every Aftermath! attack worksheet shares (AFT-56, AFT-57): a step with its dice
and rule, the resolved attack, the critical flags of the roll (AFT-04), the hit location and
its split (AFT-12), and the target's Health throws (AFT-27).

>>> step = Step("roll", "Roll", "1D20 = 4 vs BCS 12: success", "AFT-03, AFT-04")
>>> str(step), step.rules
('Roll: 1D20 = 4 vs BCS 12: success', ('AFT-03', 'AFT-04'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, runtime_checkable

from pycore.dice import RandintSource, judged, next_roll_is
from pycore.errors import RuleError
from pycore.figures import figure
from pycore.step import verdict as hit_word
from pycore.systems.aftermath.attack.critical import Effect, EffectRules
from pycore.systems.aftermath.attack.locations import locate, split
from pycore.systems.aftermath.attack.missile_effects import SpecialEffect, Stopping
from pycore.systems.aftermath.attack.questions import question
from pycore.systems.aftermath.attack.situation import burden_modifiers, target_action_modifier
from pycore.systems.aftermath.bcs import BcsModifier, BcsResult, BcsTotal, judge_bcs, modified_bcs
from pycore.systems.aftermath.conditions import Condition, Moment, daze_condition, stun_conditions
from pycore.systems.aftermath.rounding import check_int
from pycore.validate import checked


@dataclass(frozen=True)
class Step:
    """One step of a worksheet: what was done, with its dice, and the rule it follows."""

    key: str
    title: str
    text: str
    rule: str
    waits_for: str = ""

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules the step applies, as data (a page shows them only under "Why")."""
        return tuple(r.strip() for r in self.rule.split(",") if r.strip())

    def __str__(self) -> str:
        """The step in words: its rule is data (:attr:`rules`), the value it waits for is
        named in the game's words."""
        wait = f" — waits for {question(self.waits_for)}" if self.waits_for else ""
        return f"{self.title}: {self.text}{wait}"


@checked
def step_rules(steps: Sequence[Step]) -> list[str]:
    """The rule of each step, for the "Why" a user opens beside the steps in words.

    >>> step_rules([Step("roll", "Roll", "1D20 = 4 vs BCS 12: success", "AFT-03")])
    ['Roll: AFT-03']
    """
    return [f"{s.title}: {s.rule}" for s in steps if s.rule]


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
    # AFT-28: what a critical miss does to the attacker themselves.
    attacker_conditions: tuple[Condition, ...] = ()
    attacker_critical_damage: int = 0
    attacker_lethal_damage: int = 0

    @property
    def chance(self) -> Fraction:
        """The exact chance of the BCS roll (AFT-03); 0 when no roll could be made."""
        return self.bcs.chance if self.bcs is not None else Fraction(0)

    def __str__(self) -> str:
        return " · ".join(str(s) for s in self.steps)


@runtime_checkable
class Attack(Protocol):
    """What an attack of either kind (``hand.HthAttack``, ``missile.MissileAttack``) carries for
    the steps they share: its roll, criticals, location, the target and the attacker's burden."""

    @property
    def base_bcs(self) -> int: ...
    @property
    def average_bcs(self) -> int | None: ...
    @property
    def dazed(self) -> bool: ...
    @property
    def rounding(self) -> str: ...
    @property
    def encumbrance_bcs(self) -> int: ...
    @property
    def distractions(self) -> int: ...
    @property
    def bcs_per_distraction(self) -> int | None: ...
    @property
    def target_cda(self) -> int | None: ...
    @property
    def target_action(self) -> str: ...
    @property
    def dodging(self) -> bool: ...
    @property
    def critical_hit(self) -> bool | None: ...
    @property
    def critical_miss(self) -> bool | None: ...
    @property
    def critical_hit_at_or_below(self) -> int | None: ...
    @property
    def critical_miss_at_or_above(self) -> int | None: ...
    @property
    def body(self) -> str: ...
    @property
    def direction(self) -> str | None: ...
    @property
    def attack_from(self) -> str: ...
    @property
    def near_side(self) -> int | None: ...
    @property
    def regions(self) -> Mapping[int, str]: ...
    @property
    def target_mass(self) -> Fraction | float | int | None: ...
    @property
    def target_health_group(self) -> int: ...
    @property
    def target_save(self) -> LowerSave | None: ...
    @property
    def at(self) -> Moment | None: ...
    @property
    def target_deftness(self) -> tuple[int | None, int | None]: ...


@checked
def to_hit(
    attack: Attack, total: BcsTotal, steps: list[Step], rng: RandintSource
) -> tuple[BcsResult, bool, bool]:
    """AFT-03, AFT-04: the D20 against the BCS, and whether it is a critical hit or miss (the
    step says why); returns the roll, critical hit, critical miss."""
    rolled = judge_bcs(total.total, die(rng, 20, "to hit"))
    crit, fumble, why = crit_flags(
        rolled.roll,
        rolled.success,
        attack.critical_hit,
        attack.critical_miss,
        attack.critical_hit_at_or_below,
        attack.critical_miss_at_or_above,
    )
    steps.append(Step("roll", "Roll", str(rolled) + (f"; {why}" if why else ""), "AFT-03, AFT-04"))
    # Said beside the die typed as soon as it is known, before the attack's other rolls.
    verdict = "critical hit" if crit else "critical miss" if fumble else hit_word(rolled.success)
    judged(rng, f"vs BCS {figure(rolled.bcs)}: {verdict}")
    return rolled, crit, fumble


@checked
def shot_bcs(
    attack: Attack, hip_fire: bool, mods: list[BcsModifier], then: Sequence[BcsModifier] = ()
) -> BcsTotal:
    """AFT-09, AFT-10: a missile's BCS (shot or thrown): ``mods``, the target's movement,
    ``then`` (shuriken thrown at once), the attacker's burden (AFT-M21), from the Average BCS at
    hip fire."""
    mods.append(target_modifier(attack.target_cda, attack.target_action, attack.dodging))
    mods.extend(then)
    mods.extend(
        burden_modifiers(attack.encumbrance_bcs, attack.distractions, attack.bcs_per_distraction)
    )
    return shooter_bcs(
        hip_fire, attack.base_bcs, attack.average_bcs, mods, attack.dazed, attack.rounding
    )


@checked
def attack_location(attack: Attack, steps: list[Step], rng: RandintSource) -> int | None:
    """AFT-12: the location the attack hits (:func:`location_steps`)."""
    return location_steps(
        steps, rng, attack.body, attack.direction, attack.attack_from, attack.near_side
    )


def crit_flags(
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
        why.append(f"critical hit on ≤ {hit_at_or_below}")
    else:
        crit = bool(critical_hit) and hit
        if critical_hit:
            why.append("critical hit ticked by the user")
    if miss_at_or_above is not None:
        fumble = not hit and roll_value >= check_int("critical miss rule", miss_at_or_above, 1, 20)
        why.append(f"critical miss on ≥ {miss_at_or_above}")
    else:
        fumble = bool(critical_miss) and not hit
        if critical_miss:
            why.append("critical miss ticked by the user")
    return crit, fumble, "; ".join(why)


@checked
def region_for(body: str, regions: Mapping[int, str], location: int) -> str | None:
    """AFT-13: bipeds by the chart's headings; a quadruped's region is the user's (AFT-M31),
    "ask" while it is not given."""
    if body == "bipedal":
        return None
    return regions.get(location, "ask")


@checked
def die(rng: RandintSource, faces: int, what: str = "") -> int:
    """One die; ``what`` names the roll for dice typed in one roll at a time."""
    if what:
        next_roll_is(rng, what)
    return rng.randint(1, faces)


@checked
def armor_at(armor: Mapping[int, int], location: int) -> int:
    value = armor.get(location, 0)
    return check_int(f"AV at location {location}", value, 0, 40)


@checked
def conditions_for(effect: Effect, at: Moment | None, rules: EffectRules | None) -> list[Condition]:
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


@checked
def missed(
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


def location_steps(
    steps: list[Step],
    rng: RandintSource,
    body: str,
    direction: str | None,
    attack_from: str,
    near_side: int | None,
) -> int | None:
    """AFT-12: D100 on the body's table and, for a double or triple location, the split; None
    when a side attack's split waits for the near side (the step names it)."""
    found = locate(die(rng, 100, "hit location"), body, direction)
    steps.append(Step("location", "Hit location", str(found), "AFT-12, AFT-T09"))
    if len(found.locations) == 1:
        return found.locations[0]
    resolved = split(found.key, die(rng, 100, "split"), attack_from, near_side)
    steps.append(Step("split", "Split", str(resolved), "AFT-T11", resolved.waits_for))
    return resolved.result


@checked
def waiting(
    kind: str, steps: list[Step], roll_of: tuple[BcsTotal, BcsResult], crit: bool, wait: str
) -> Resolution:
    """A hit that waits for a value before its damage (the step before says which)."""
    total, rolled = roll_of
    return Resolution(kind, tuple(steps), total, rolled, True, crit, False, None, waits_for=(wait,))


def target_modifier(cda: int | None, action: str, dodging: bool) -> BcsModifier:
    """AFT-10: the target's CDA times its movement's multiple comes off a shot's BCS; the CDA is
    the sheet's (the text never computes it, AFT-M04)."""
    if cda is None:
        raise RuleError(
            "the target's CDA is not in the source: enter the target's CDA",
            rules=("AFT-10", "AFT-M04"),
        )
    return target_action_modifier(cda, action, dodging)


def shooter_bcs(
    hip_fire: bool,
    base_bcs: int,
    average_bcs: int | None,
    mods: list[BcsModifier],
    dazed: bool,
    rounding: str,
) -> BcsTotal:
    """AFT-09: a missile's BCS; hip fire uses the Average BCS instead (the user's, AFT-M06)."""
    if not hip_fire:
        return modified_bcs(base_bcs, mods, dazed, "BCS", rounding)
    if average_bcs is None:
        raise RuleError(
            "hip fire uses the Average BCS: enter the attacker's Average BCS",
            rules=("AFT-09", "AFT-M06"),
        )
    return modified_bcs(average_bcs, mods, dazed, "Average BCS (hip fire)", rounding)
