"""The attack worksheet: from the attacker's sheet, his maneuver and posture and the attack's
circumstances to the effective skill, the defenses the defender has, the exact chance the
attack lands, and the injury (GUR-03, GUR-10 to GUR-28, GUR-43 to GUR-62).

>>> ana = Combatant(name="Ana", weapon_skill=14, maneuver="Attack")
>>> bo = Combatant(name="Bo", basic_speed="6", weapon_skill=12, maneuver="Attack")
>>> setup = AttackSetup(location="arm")
>>> str(attack_line(ana, bo, setup))
'base 14 + Attack +0 (GUR-14) + location arm −2 (GUR-37) = 12'
>>> [(kind, line.total) for kind, line in defense_options(ana, bo, setup)]
[('dodge', 9), ('parry', 9)]
>>> landing_odds(ana, bo, setup)
Fraction(203, 432)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pycore.errors import RuleError
from pycore.systems.gurps.defenses import (
    allowed_defenses,
    defense_line,
    explain_block,
    explain_dodge,
    explain_parry,
)
from pycore.systems.gurps.injury import DamageRoll, InjuryResult, at_half_damage, injury
from pycore.systems.gurps.injury import location_penalty as _penalty
from pycore.systems.gurps.modifiers import (
    EffectiveSkill,
    Modifier,
    attack_modifier,
    effective_skill,
    maneuver,
    maneuver_modifier,
    posture,
    size_modifier,
    speed_range_modifier,
)
from pycore.systems.gurps.rolls import landing_chance
from pycore.systems.gurps.sheet import Combatant, dr_at
from pycore.validate import checked

_LOCATION_RULE = {
    "torso": "GUR-30",
    "vitals": "GUR-31",
    "skull": "GUR-32",
    "eye": "GUR-33",
    "face": "GUR-34",
    "neck": "GUR-35",
    "groin": "GUR-36",
    "arm": "GUR-37",
    "leg": "GUR-37",
    "shield_arm": "GUR-37",
    "hand": "GUR-38",
    "foot": "GUR-38",
    "shield_hand": "GUR-38",
    "chink_torso": "GUR-42",
    "chink_other": "GUR-42",
}


@dataclass(frozen=True)
class AttackSetup:
    """The circumstances of one attack, as the worksheet gathers them."""

    location: str = "torso"
    yards: Fraction | int = 0  # as typed (STYLE 18): never a binary float
    target_speed: Fraction | int = 0
    target_size_yards: Fraction | int | None = None
    aim_seconds: int = 0
    braced: bool = False
    scope_max: int = 0
    grappling: bool = False
    table_keys: tuple[tuple[str, int | None], ...] = ()
    extra: int = 0
    from_behind: bool = False
    shield_side: bool = True


@checked
def attack_line(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> EffectiveSkill:
    """GUR-03: base skill, the maneuver (GUR-14 to GUR-16), posture (GUR-10), the location
    (GUR-29 to GUR-42), for ranged attacks the target's posture, size, speed and range and the
    Aim bonuses (GUR-11, GUR-27, GUR-28), the table modifiers picked (GUR-23 to GUR-26); then
    Move and Attack's cap of 9 for melee (GUR-15).

    >>> gun = Combatant(name="Cy", weapon_skill=12, ranged=True, acc=2, maneuver="Attack")
    >>> str(attack_line(gun, Combatant(posture="Kneeling"), AttackSetup(yards=8, aim_seconds=3, braced=True)))
    'base 12 + Attack +0 (GUR-14) + target Kneeling −2 (GUR-10) + speed/range 8 yd −4 (GUR-28) + Aim: Acc +2 (GUR-11) + braced +1 (GUR-11) + extra Aim +2 (GUR-11) = 11'
    """
    chosen = maneuver(attacker.maneuver)
    melee = not attacker.ranged
    items = [maneuver_modifier(chosen.name, melee=melee, option=attacker.option or None)]
    held = posture(attacker.posture).attack
    if held:
        items.append(Modifier(f"posture {attacker.posture}", held, "GUR-10"))
    if setup.location != "torso":
        penalty = _penalty(setup.location, setup.grappling)
        items.append(
            Modifier(
                f"location {setup.location.replace('_', ' ')}"
                + (" (grappling: halved)" if setup.grappling else ""),
                penalty,
                _LOCATION_RULE[setup.location],
            )
        )
    if not melee:
        target = posture(defender.posture).target
        if target:
            items.append(Modifier(f"target {defender.posture}", target, "GUR-10"))
        if setup.target_size_yards is not None:
            sm = size_modifier(setup.target_size_yards)
            if sm:
                items.append(
                    Modifier(f"target size {float(setup.target_size_yards):g} yd", sm, "GUR-27")
                )
        total = setup.yards + setup.target_speed
        sr = speed_range_modifier(total)
        if sr:
            label = f"speed/range {float(total):g} yd"
            items.append(Modifier(label, sr, "GUR-28"))
        if setup.aim_seconds and not chosen.loses_aim:  # GUR-15: Move and Attack loses Aim
            items.append(Modifier("Aim: Acc", attacker.acc, "GUR-11"))
            if setup.braced:
                items.append(Modifier("braced", 1, "GUR-11"))
            if setup.aim_seconds >= 2:
                extra = 2 if setup.aim_seconds >= 3 else 1
                items.append(Modifier("extra Aim", extra, "GUR-11"))
            if setup.scope_max:
                scope = min(setup.aim_seconds, setup.scope_max)
                items.append(Modifier("scope", scope, "GUR-11"))
    for key, amount in setup.table_keys:
        row = attack_modifier(key)
        if row.applies != "any" and row.applies != ("melee" if melee else "ranged"):
            raise RuleError(f"{row.label} applies to {row.applies} attacks only")
        items.append(row.modifier(amount))
    if setup.extra:
        items.append(Modifier("other (GM)", setup.extra, "GUR-26"))
    cap = chosen.melee_cap if melee else None
    return effective_skill(attacker.weapon_skill, items, cap)


@checked
def defense_options(
    attacker: Combatant, defender: Combatant, setup: AttackSetup
) -> tuple[tuple[str, EffectiveSkill], ...]:
    """The defenses the defender may use against this attack, each as its effective line: the
    maneuver's (GUR-18, GUR-T10), none from behind (GUR-51); no parry against a ranged attack
    (GUR-48), no block without a shield (GUR-47).

    >>> aoa = Combatant(maneuver="All-Out Attack")
    >>> defense_options(Combatant(), aoa, AttackSetup())
    ()
    """
    kinds = allowed_defenses(defender.maneuver, from_behind=setup.from_behind)
    db = defender.shield_db if setup.shield_side else 0
    options = []
    for kind in kinds:
        if kind == "parry" and attacker.ranged:
            continue
        if kind == "block" and not defender.shield_skill:
            continue
        if kind == "dodge":
            base = explain_dodge(float(defender.speed), defender.encumbrance)
        elif kind == "parry":
            base = explain_parry(defender.weapon_skill, defender.parry_bonus)
        else:
            base = explain_block(defender.shield_skill)
        line = defense_line(
            kind,
            base,
            posture_name=defender.posture,
            shield_db=db,
            aod_option=defender.option or None,
            stunned=defender.stunned,
        )
        options.append((kind, line))
    return tuple(options)


@checked
def best_defense(
    options: tuple[tuple[str, EffectiveSkill], ...],
) -> tuple[str, EffectiveSkill] | None:
    """The defense with the highest effective value, or None when there is none."""
    return max(options, key=lambda o: o[1].total) if options else None


@checked
def landing_odds(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> Fraction:
    """The exact chance this attack lands past the defender's best allowed defense."""
    best = best_defense(defense_options(attacker, defender, setup))
    skill = attack_line(attacker, defender, setup).total
    return landing_chance(skill, None if best is None else best[1].total)


@checked
def half_range(attacker: Combatant, setup: AttackSetup) -> bool:
    """GUR-22 / GUR-54: a ranged attack at or beyond the weapon's 1/2D does half damage.

    >>> half_range(Combatant(ranged=True, half_d="10", max_range="100"), AttackSetup(yards=10))
    True
    """
    if not attacker.ranged:
        return False
    half = attacker.half_d if attacker.half_d.strip() else None  # read as typed
    top = attacker.max_range if attacker.max_range.strip() else None
    return at_half_damage(setup.yards, half, top)


@checked
def resolve_injury(
    attacker: Combatant, defender: Combatant, setup: AttackSetup, damage: DamageRoll
) -> InjuryResult:
    """The injury from a damage roll: the location's DR, type, location and the defender's
    Injury Tolerance (GUR-55 to GUR-62).

    >>> from pycore.systems.gurps.injury import DamageRoll
    >>> roll = DamageRoll("1d+1", (6,), "cut", False, 7, False, 7)
    >>> resolve_injury(Combatant(), Combatant(dr=2), AttackSetup(), roll).injury
    7
    """
    location = setup.location
    chink = location.startswith("chink")
    if location == "chink_other":
        raise RuleError("a chink elsewhere: pick the location struck and tick the chink")
    real = "torso" if chink else location
    return injury(
        damage.final,
        dr_at(defender, real),
        damage.damage_type,
        real,
        defender.tolerance or None,
        defender.hp,
        chink=chink,
        male=defender.male,
    )
