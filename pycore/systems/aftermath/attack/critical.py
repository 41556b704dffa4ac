"""Aftermath! critical hits: enhancement (AFT-18, AFT-19; tables AFT-T01, AFT-T02), the
Critical Effect roll (AFT-20, AFT-T03) and what each effect does (AFT-21 to AFT-27).

>>> critical_effect(30, 1), critical_effect(60, 16), critical_effect(99, 40)
('daze', 'disable', 'lethal')
>>> str(critical_hit_enhancement(15))
'D20 15 → +2 to WDM'
>>> str(effect_rules("trauma", 14, damage_done=7, health_group=3))[:60]
'Trauma at location 14 (leg): Critical Damage 7; 4 Lethal dam'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from pycore.dice import RandintSource, distribution, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.attack.locations import REGION_NAMES, region_of
from pycore.systems.aftermath.conditions import bleeding_dice
from pycore.systems.aftermath.limits import MAX_DAMAGE
from pycore.systems.aftermath.rounding import check_choice, check_int, unstated
from pycore.tables import load_table
from pycore.validate import checked

Effect = Literal["none", "daze", "stun", "disable", "trauma", "lethal"]
EFFECTS: Final[tuple[Effect, ...]] = ("none", "daze", "stun", "disable", "trauma", "lethal")
GUN_CLASSES: Final = ("pistol", "rifle", "burst")


@dataclass(frozen=True)
class WdmEnhancement:
    """AFT-18: the D20 on T01 and the bonus it adds to the WDM number."""

    roll: int
    bonus: int

    def __str__(self) -> str:
        return f"D20 {self.roll} → +{self.bonus} to WDM"


@checked
def critical_hit_enhancement(d20: int) -> WdmEnhancement:
    """AFT-18 (T01): hand-to-hand and muscle-powered missiles: 1-9 +1, 10-15 +2, 16-19 +3, 20 +4.

    >>> [critical_hit_enhancement(r).bonus for r in (1, 9, 10, 15, 16, 19, 20)]
    [1, 1, 2, 2, 3, 3, 4]
    """
    d20 = check_int("D20 roll", d20, 1, 20, " (1D20)")
    bonus = load_table("aftermath", "critical_hit_enhancement_melee").row_for_roll(d20)["wdm_bonus"]
    assert isinstance(bonus, int)
    return WdmEnhancement(d20, bonus)


@dataclass(frozen=True)
class GunEnhancement:
    """AFT-19 (T02): what a critical hit adds for a gun class."""

    gun_class: str
    effect: str
    bdg_dice: str | None
    extra_rounds_dice: str | None

    def __str__(self) -> str:
        return f"critical hit, {self.gun_class}: {self.effect}"


@checked
def gun_critical(gun_class: str) -> GunEnhancement:
    """AFT-19: pistol +1D10 BDG, rifle (long guns) +2D10 BDG, burst all rounds + 1D3 rounds.
    Shotguns have no row: the caller passes ``settings.shotgun_critical_row`` (AFT-M39).

    >>> gun_critical("rifle").bdg_dice, gun_critical("burst").extra_rounds_dice
    ('2D10', '1D3')
    """
    gun_class = check_choice("gun class", gun_class, GUN_CLASSES)
    row = load_table("aftermath", "critical_hit_enhancement_guns").row_by("gun_class", gun_class)
    bdg, extra, effect = row["bdg_dice"], row["extra_rounds_dice"], row["effect"]
    assert isinstance(effect, str)
    return GunEnhancement(
        gun_class,
        effect,
        bdg if isinstance(bdg, str) else None,
        extra if isinstance(extra, str) else None,
    )


@dataclass(frozen=True)
class CriticalEffectRoll:
    """AFT-20: D100 + Damage Done (+30 after a Missile Special Effect 96-00) → the effect."""

    d100: int
    damage_done: int
    bonus: int
    total: int
    effect: Effect

    def __str__(self) -> str:
        text = f"D100 {self.d100} + Damage Done {self.damage_done}"
        if self.bonus:
            text += f" + {self.bonus} (Missile Special Effect 96-00)"
        over = " (over 100: last row)" if self.total > 100 else ""
        return f"{text} = {self.total}{over} → {EFFECT_TITLES[self.effect]}"


EFFECT_TITLES: Final = {
    "none": "no special effect",
    "daze": "Daze",
    "stun": "Stun",
    "disable": "Disable",
    "trauma": "Trauma",
    "lethal": "Lethal",
}


@checked
def roll_critical_effect(d100: int, damage_done: int, bonus: int = 0) -> CriticalEffectRoll:
    """AFT-20 with the explanation; ``bonus`` is 30 after a Missile Special Effect 96-00.

    >>> str(roll_critical_effect(80, 25, 30))
    'D100 80 + Damage Done 25 + 30 (Missile Special Effect 96-00) = 135 (over 100: last row) → Lethal'
    """
    d100 = check_int("D100", d100, 1, 100, " (D100, 00 = 100)")
    damage_done = check_int("Damage Done", damage_done, 0, MAX_DAMAGE)
    bonus = check_int("Critical Effect bonus", bonus, 0, 30)
    total = d100 + damage_done + bonus
    effect = load_table("aftermath", "critical_effect").row_for_roll(total)["effect"]
    assert isinstance(effect, str) and effect in EFFECTS
    return CriticalEffectRoll(d100, damage_done, bonus, total, _effect(effect))


def _effect(name: str) -> Effect:
    for effect in EFFECTS:
        if effect == name:
            return effect
    raise RuleError(f"effect {name!r} is unknown; allowed: {', '.join(EFFECTS)}")


@checked
def critical_effect(d100: int, damage_done: int) -> Effect:
    """AFT-20: the Critical Effect of D100 plus the Damage Done (past 100 → Lethal, AFT-01).

    >>> [critical_effect(d, 0) for d in (30, 31, 55, 56, 75, 76, 87, 88, 95, 96, 100)]
    ['none', 'daze', 'daze', 'stun', 'stun', 'disable', 'disable', 'trauma', 'trauma', 'lethal', 'lethal']
    >>> critical_effect(101, 0)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: D100 101 is outside 1 to 100 (D100, 00 = 100)
    """
    return roll_critical_effect(d100, damage_done).effect


@checked
def lower_effect(effect: str) -> Effect:
    """AFT-27: the next less lethal category (Lethal → Trauma → Disable → Stun → Daze → none).

    >>> lower_effect("lethal"), lower_effect("daze"), lower_effect("none")
    ('trauma', 'none', 'none')
    """
    effect = check_choice("effect", effect, EFFECTS)
    if effect == "none":
        return "none"
    table = load_table("aftermath", "critical_effect")
    nxt = table.row_by("effect", effect)["next_less_lethal"]
    assert isinstance(nxt, str)
    return _effect(nxt)


@dataclass(frozen=True)
class EffectRules:
    """What a Critical Effect does at a location (AFT-21 to AFT-26), as values and text.

    ``saves`` lists the throws the effect calls for, as (kind, why); ``sever_chance`` is the
    chance of a Sever (Trauma: Critical Damage %); ``bleeding_dice`` is the Combat Turns to
    bleed to death after a Sever (Health Group + 1D6)."""

    effect: Effect
    location: int
    region: str
    halves_bcs_oda: bool
    no_attacks: bool
    halves_dft_spd: bool
    limb_disabled: bool
    death: bool
    automatic_sever: bool
    critical_damage: int
    extra_lethal_damage: int
    sever_chance: Fraction
    bleeding_dice: str
    saves: tuple[tuple[str, str], ...]
    rules: tuple[str, ...]

    def __str__(self) -> str:
        where = f"location {self.location} ({REGION_NAMES.get(self.region, self.region)})"
        return f"{EFFECT_TITLES[self.effect]} at {where}: " + "; ".join(self.rules)


@checked
def bleeding_odds(health_group: int) -> dict[int, Fraction]:
    """AFT-25 / D-23: the exact distribution of the bleeding countdown.

    >>> bleeding_odds(3)[4], sorted(bleeding_odds(3))
    (Fraction(1, 6), [4, 5, 6, 7, 8, 9])
    """
    return distribution(bleeding_dice(health_group))


@checked
def roll_bleeding(health_group: int, rng: RandintSource) -> tuple[int, str]:
    """Roll the bleeding countdown (AFT-25): (Combat Turns, explanation).

    >>> import random
    >>> roll_bleeding(3, random.Random(1))[1].startswith("1D6+3 (")
    True
    """
    result = roll(bleeding_dice(health_group), rng)
    return result.total, str(result)


@checked
def sever_chance(critical_damage: int) -> Fraction:
    """AFT-25: the Critical Damage is the percent chance of a Sever (capped at 100%).

    >>> sever_chance(7), sever_chance(130)
    (Fraction(7, 100), Fraction(1, 1))
    """
    critical_damage = check_int("Critical Damage", critical_damage, 0, MAX_DAMAGE)
    return Fraction(min(critical_damage, 100), 100)


@checked
def effect_rules(
    effect: str,
    location: int,
    damage_done: int = 0,
    health_group: int = 0,
    region: str | None = None,
    cuts: bool = True,
    rounding: str = "half_up",
) -> EffectRules:
    """AFT-21 to AFT-26: the rules a Critical Effect brings at ``location`` (bipedal regions
    unless ``region`` is given: a quadruped's region is asked, AFT-M31).

    >>> r = effect_rules("disable", 4)
    >>> r.saves
    (('health_save', 'failure → System Shock; Ability range → Stunned for the rest of the combat; Critical range → Dazed for the rest of the combat'),)
    >>> effect_rules("disable", 22).limb_disabled, effect_rules("lethal", 8).death
    (True, True)
    >>> r = effect_rules("lethal", 15, health_group=2)
    >>> r.automatic_sever, r.sever_chance, r.bleeding_dice
    (True, Fraction(1, 1), '1D6+2')
    >>> effect_rules("trauma", 2, damage_done=5).extra_lethal_damage
    3
    """
    effect = _effect(check_choice("effect", effect, EFFECTS))
    location = check_int("location", location, 1, 30)
    damage_done = check_int("Damage Done", damage_done, 0, MAX_DAMAGE)
    health_group = check_int("Health Group", health_group, 0, 8)
    region = (
        region_of(location)
        if region is None
        else check_choice("region", region, tuple(REGION_NAMES))
    )
    limb = region in ("leg", "arm")
    halves = no_attacks = dft_spd = disabled = death = auto_sever = False
    critical_damage = extra = 0
    chance = Fraction(0)
    saves: list[tuple[str, str]] = []
    rules: list[str] = []
    bleed = ""
    if effect == "none":
        rules.append("no special effect")
    elif effect == "daze":
        halves = True
        rules.append(
            "BCS and ODA at ½ until after the same-numbered Action Phase of the next Combat Turn"
        )
    elif effect == "stun":
        halves = no_attacks = dft_spd = True
        rules.append(
            "as Daze, may not initiate attacks or fire, Deftness and Speed at ½; then Dazed for the following Combat Turn"
        )
    elif effect == "disable":
        rules.extend(_disable(limb, saves))
        disabled = limb
    elif effect == "trauma":
        critical_damage = damage_done
        extra = unstated(Fraction(damage_done, 2), rounding)
        chance = sever_chance(damage_done)
        rules.append(
            f"Critical Damage {damage_done}; {extra} Lethal damage (½ Damage Done); "
            f"Sever chance {damage_done}%"
        )
        saves.append(("health_ast", "failure → also a Disable effect at this location"))
        bleed = bleeding_dice(health_group)
        rules.append(_sever_text(region, cuts, bleed))
    else:  # lethal
        if limb:
            auto_sever = True
            chance = Fraction(1)
            bleed = bleeding_dice(health_group)
            rules.append("to a limb: automatic Sever")
            rules.append(_sever_text(region, cuts, bleed))
        else:
            death = True
            rules.append("to head, neck or torso: Death")
    return EffectRules(
        effect,
        location,
        region,
        halves,
        no_attacks,
        dft_spd,
        disabled,
        death,
        auto_sever,
        critical_damage,
        extra,
        chance,
        bleed,
        tuple(saves),
        tuple(rules),
    )


def _disable(limb: bool, saves: list[tuple[str, str]]) -> list[str]:
    if limb:
        saves.append(("health_ast_hourly", "each hour of game time: success regains the limb"))
        return ["the limb is useless for the rest of the combat; a Health AST each hour regains it"]
    saves.append(
        (
            "health_save",
            "failure → System Shock; Ability range → Stunned for the rest of the combat; "
            "Critical range → Dazed for the rest of the combat",
        )
    )
    return ["Health Saving Throw now; a Health AST each hour can end the Stun or Daze"]


def _sever_text(region: str, cuts: bool, bleed: str) -> str:
    if not cuts:
        return (
            "a Sever by a weapon that does not cut breaks the bone; failing a Health AST makes it a "
            f"compound fracture that bleeds to death in {bleed} Combat Turns"
        )
    if region == "head_neck":
        return "a Sever to the head or neck is a Death Blow"
    return (
        f"a Sever bleeds to death in {bleed} Combat Turns unless cauterized (System Shock, Health AST "
        "to survive) or bandaged with a First Aid Skill BCS roll"
    )


@dataclass(frozen=True)
class DisableSave:
    """AFT-23: the outcome of the Health Saving Throw after a Disable to head, neck or body."""

    outcome: str
    result: str

    def __str__(self) -> str:
        return self.result


@checked
def disable_body_outcome(save_outcome: str) -> DisableSave:
    """AFT-23: failure → System Shock; Ability range → Stunned, Critical range → Dazed, both
    for the rest of the combat.

    >>> str(disable_body_outcome("ability"))
    'Stunned for the rest of the combat'
    """
    outcome = check_choice("save outcome", save_outcome, ("critical", "ability", "failure"))
    return DisableSave(
        outcome,
        {
            "failure": "System Shock (its effects are the GM's)",
            "ability": "Stunned for the rest of the combat",
            "critical": "Dazed for the rest of the combat",
        }[outcome],
    )


@dataclass(frozen=True)
class LoweredEffect:
    """AFT-27: a Health Ability Saving Throw against a Critical Effect and what it leaves."""

    effect: Effect
    save: str
    passed: bool
    result: Effect

    def __str__(self) -> str:
        if self.effect == "none":
            return "no effect to lower"
        if self.passed:
            return (
                f"Health AST {self.save}: {EFFECT_TITLES[self.effect]} lowered to "
                f"{EFFECT_TITLES[self.result]}"
            )
        return f"Health AST {self.save}: {EFFECT_TITLES[self.effect]} stands"


@checked
def save_to_lower(effect: str, ability_save_passed: bool, save_text: str = "") -> LoweredEffect:
    """AFT-27: a PC or personality NPC who passes a Health AST takes the next less lethal
    category instead (one throw per result).

    >>> str(save_to_lower("stun", True, "1D20 = 4 vs CST 5 / AST 12"))
    'Health AST 1D20 = 4 vs CST 5 / AST 12: Stun lowered to Daze'
    >>> save_to_lower("lethal", False).result
    'lethal'
    """
    found = _effect(check_choice("effect", effect, EFFECTS))
    result = lower_effect(found) if ability_save_passed else found
    return LoweredEffect(found, save_text, bool(ability_save_passed), result)
