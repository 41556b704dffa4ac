"""Simply Roleplaying! taking damage (SIM-40 to SIM-50; tables SIM-T15 and SIM-T17).

Raw Damage (a weapon's own value, or the Master Damage Tables with a D20 roll) → armor and shield
(SIM-41) → Luck against injury (SIM-43) → new hit points (SIM-42) → every injury special effect,
in the inventory's order: SIM-44 (on Raw Damage), then SIM-45 to SIM-50.

>>> from pycore.systems.simply.armor import wear
>>> r = apply_damage(raw_from_weapon(12), "other", hp=20, hp_max=20, strength=6, health=5,
...                  protection=wear("leather_jacket"))
>>> str(r)
'raw 12 − armor 3 = injury 9; HP 20 → 11'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from pycore.dice import RandintSource, roll
from pycore.figures import figure
from pycore.systems.simply.armor import (
    DamageKind,
    Protection,
    ProtectionResult,
    apply_protection,
)
from pycore.systems.simply.limits import MAX_HP, MAX_LUCK, MAX_ORIGINAL_STAT, MAX_RAW
from pycore.systems.simply.luck import luck_on_injury
from pycore.tables import load_table
from pycore.validate import checked, whole

#: SIM-T17 thresholds (lines 601-611), kept as constants with their rule IDs.
BLEEDING_AFTER: Final = 10  # SIM-46: "Taken 10 Points of Injuries?" (cumulative)
UNCONSCIOUS_AT: Final = 1  # SIM-48: "Only 1 HP left? Or less?"
DEAD_AT: Final = -10  # SIM-50: "Reduced to -10 HP? Or less?"


@checked
def master_damage(max_damage: int, roll: int) -> int:
    """The Master Damage Tables (SIM-40, SIM-T15): Raw Damage for a max damage and a D20 roll.

    A lookup of the transcribed table, never a formula (SIM-T15).

    >>> master_damage(52, 10), master_damage(100, 7), master_damage(51, 1)
    (26, 35, 2)
    >>> master_damage(101, 5)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: max damage 101 is outside 1 to 100
    """
    whole(max_damage, "max damage", 1, 100, rules=("SIM-D07",))
    whole(roll, "damage roll", 1, 20, why=" (1D20)", rules=("SIM-40",))
    value = load_table("simply", "master_damage").cell(max_damage, roll)
    assert isinstance(value, int)
    return value


@dataclass(frozen=True)
class RawDamage:
    """Raw Damage and where it came from (SIM-40).

    >>> str(raw_from_table(20, 7))
    'Max Dmg 20, damage roll 7 → raw 7'
    """

    value: int
    max_damage: int | None = None
    roll: int | None = None
    source: str = "weapon"

    def __str__(self) -> str:
        if self.max_damage is not None:
            # The table's own words (line 454: "Max Dmg", "Damage Roll"); "MDT max 24, D20 9"
            # was the inventory's shorthand, nowhere in the game's text (play-through playsm).
            return f"Max Dmg {self.max_damage}, damage roll {self.roll} → raw {self.value}"
        return f"{self.source} → raw {self.value}"


@checked
def raw_from_table(max_damage: int, roll: int) -> RawDamage:
    """Raw Damage from the Master Damage Tables (SIM-40).

    >>> raw_from_table(74, 13).value
    48
    """
    return RawDamage(master_damage(max_damage, roll), max_damage, roll, "Master Damage Tables")


def roll_raw_from_table(max_damage: int, rng: RandintSource) -> RawDamage:
    """Roll the damage roll, 1D20 (SIM-40 reading), and read the Master Damage Tables.

    ``rng`` is "roll for me" (a seeded source) or the die the user rolled at the table
    (:func:`pycore.dice.typed_dice` ``("1d20", text)``, checked against what a D20 can show).
    The max damage is checked before the die is rolled.

    >>> from pycore.dice import typed_dice
    >>> str(roll_raw_from_table(20, typed_dice("1d20", "7")))
    'Max Dmg 20, damage roll 7 → raw 7'
    """
    master_damage(max_damage, 1)
    return raw_from_table(max_damage, roll("1d20", rng).total)


@checked
def raw_from_weapon(value: int, source: str = "weapon") -> RawDamage:
    """Raw Damage read from a weapon's own damage table (SIM-40; Weapon Cards are not in the seed).

    >>> raw_from_weapon(12, "Blaster").value
    12
    """
    return RawDamage(whole(value, "raw damage", 0, MAX_RAW), source=source)


@checked
def special_check_chance(target_number: int) -> Fraction:
    """Exact odds of a special check (SIM-09/SIM-11): 2D10 ≤ TN, no automatic 2, a 20 fails.

    >>> special_check_chance(12), special_check_chance(40)
    (Fraction(16, 25), Fraction(99, 100))
    """
    rolls = [a + b for a in range(1, 11) for b in range(1, 11)]
    hits = sum(1 for total in rolls if total <= target_number and total != 20)
    return Fraction(hits, 100)


#: What calls for each Stamina Check, in the text's words (seed 002 line 603; lines 605-607).
#: One injury may call for both (SIM-47 reading: roll each), alike but for their cause, so each
#: says it where the injury is told, in its row and in its roll; the Knockback Check (SIM-44)
#: is the only one of its kind.
CHECK_CAUSES: Final = MappingProxyType(
    {
        "SIM-45": "an injury over half HP",
        "SIM-47": "at ¼ HP or less",
    }
)


#: When each injury check is made, in the text's words (seed 002 lines 601-607): said under the
#: check's "Why", which named the rule but not its cause ("SIM-47: Stamina Check" left the GM
#: to look up when it is due).
CHECK_WHEN: Final = MappingProxyType(
    {
        "SIM-44": "Raw Damage exceeds 2 × S",
        "SIM-45": "an Injury is greater than ½ HP",
        "SIM-47": "reduced to ¼ HP or less, and again with each additional injury",
    }
)


def check_named(check: str, rule: str) -> str:
    """A check with what called for it, the same words wherever it is told.

    >>> check_named("Stamina Check", "SIM-47"), check_named("Knockback Check", "SIM-44")
    ('Stamina Check (at ¼ HP or less)', 'Knockback Check')
    """
    cause = CHECK_CAUSES.get(rule)
    return f"{check} ({cause})" if cause else check


@dataclass(frozen=True)
class InjuryEffect:
    """One injury special effect: its rule, the check (if any) with its TN and odds, and why.

    >>> e = knockback_effect(13, 6)
    >>> e.rule, e.check, e.target_number, e.on_failure
    ('SIM-44', 'Knockback Check', 12, 'knocked down')
    """

    rule: str
    name: str
    reason: str
    check: str | None = None
    target_number: int | None = None
    chance: Fraction | None = None
    on_failure: str | None = None

    @property
    def words(self) -> str:
        """The effect for the GM without its rule (the rule is data: ``rule``); a check says
        its cause, as the check's own row and roll do (a GM read "Stamina Check TN 8" twice in
        one injury's line, the cause only in the rolls' lines).

        >>> stamina = _stat_check("SIM-45", "heavy injury", "", "Stamina Check", 4, "unconscious")
        >>> stamina.words
        'Stamina Check (an injury over half HP) TN 8 or unconscious'
        """
        if self.check is not None:
            named = check_named(self.check, self.rule)
            return f"{named} TN {self.target_number} or {self.on_failure}"
        return self.name

    def __str__(self) -> str:
        return self.words


def _stat_check(
    rule: str, name: str, reason: str, check: str, stat: int, fail: str
) -> InjuryEffect:
    # SIM-09: a special check's TN is 2 × the original stat (computed here; stats.py owns SIM-09).
    tn = 2 * stat
    return InjuryEffect(rule, name, reason, check, tn, special_check_chance(tn), fail)


@checked
def knockback_effect(raw: int, strength: int) -> InjuryEffect | None:
    """SIM-44: Raw Damage > 2 × S → Knockback Check (TN 2 × S) or knocked down; strict.

    >>> knockback_effect(12, 6) is None, str(knockback_effect(13, 6))
    (True, 'Knockback Check TN 12 or knocked down')
    """
    if raw > 2 * strength:
        return _stat_check(
            "SIM-44",
            "knockback",
            f"raw {raw} > 2 × S {strength}",
            "Knockback Check",
            strength,
            "knocked down",
        )
    return None


@dataclass(frozen=True)
class DamageResult:
    """One hit, resolved (SIM-40 to SIM-50).

    ``injury`` is after luck; ``effects`` are in the order of evaluation (SIM-44, then SIM-45
    to SIM-50). Flags summarise the conditions the hit leaves (checks not yet rolled excluded).

    >>> r = apply_damage(13, "other", hp=26, hp_max=26, strength=6, health=4)
    >>> [e.rule for e in r.effects], r.effects[0].target_number, r.effects[1].target_number
    (['SIM-44', 'SIM-46'], 12, None)
    """

    raw: RawDamage
    protection: ProtectionResult
    injury_before_luck: int
    luck_spent: int
    luck_left: int | None
    injury: int
    hp_before: int
    hp_after: int
    hp_max: int
    effects: tuple[InjuryEffect, ...]

    def has(self, rule: str) -> bool:
        """Whether an effect of ``rule`` applies.

        >>> apply_damage(5, hp=1, hp_max=20, strength=5, health=5).has("SIM-49")
        True
        """
        return any(e.rule == rule for e in self.effects)

    @property
    def unconscious(self) -> bool:
        """Unconscious without a check: HP ≤ 1 (SIM-48, SIM-49, SIM-50).

        >>> apply_damage(3, hp=4, hp_max=20, strength=5, health=5).unconscious
        True
        """
        return self.hp_after <= UNCONSCIOUS_AT

    @property
    def critical(self) -> bool:
        """HP < 0: Critical Condition (SIM-49).

        >>> apply_damage(5, hp=4, hp_max=20, strength=5, health=5).critical
        True
        """
        return self.hp_after < 0

    @property
    def dead(self) -> bool:
        """HP ≤ −10: dead, barring magic or superscience (SIM-50).

        >>> apply_damage(14, hp=4, hp_max=20, strength=5, health=5).dead
        True
        """
        return self.hp_after <= DEAD_AT

    @property
    def words(self) -> str:
        """The hit for the GM, its effects without their rules (:attr:`rules` holds them).

        >>> apply_damage(13, hp=26, hp_max=26, strength=6, health=4).words
        'raw 13 = injury 13; HP 26 → 13; Knockback Check TN 12 or knocked down; bleeding'
        """
        return self._told(tuple(e.words for e in self.effects))

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules this hit applied: the injury (SIM-40) and each effect's."""
        return tuple(dict.fromkeys(("SIM-40", *(e.rule for e in self.effects))))

    def __str__(self) -> str:
        return self._told(tuple(str(e) for e in self.effects))

    def _protection_parts(self) -> list[tuple[str, int]]:
        """What line 595 subtracts, by its own names: the armor (with its coating), the shield,
        then each free entry (spells, powers) by its label. A shield's Dmg Mod was told as
        "armor" ('raw 11 − armor 1' for Bo, who wears none: play-through playsm).

        >>> from pycore.systems.simply.armor import wear
        >>> apply_damage(20, hp=30, hp_max=30, strength=10, health=5,
        ...              protection=wear("chainmail", shield="large"))._protection_parts()
        [('armor', -8), ('shield', -2)]
        """
        parts: dict[str, int] = {}
        for step in self.protection.steps:
            name = {"SIM-30": "armor", "SIM-31": "shield"}.get(step.rule, step.source)
            parts[name] = parts.get(name, 0) + step.modifier
        return list(parts.items())

    def _told(self, effects: tuple[str, ...]) -> str:
        text = f"raw {self.raw.value}"
        for name, mod in self._protection_parts():
            text += f" − {name} {-mod}" if mod <= 0 else f" + {name} {mod}"
        text += f" = injury {self.injury_before_luck}"
        if self.luck_spent:
            text += f" − luck {self.luck_spent} = {self.injury}"
        text += f"; HP {figure(self.hp_before)} → {figure(self.hp_after)}"
        if effects:
            text += "; " + "; ".join(effects)
        return text


@checked
def apply_damage(
    raw: RawDamage | int,
    kind: DamageKind = "other",
    *,
    hp: int,
    hp_max: int,
    strength: int,
    health: int,
    protection: Protection | None = None,
    others: Sequence[tuple[str, int]] = (),
    luck_spent: int = 0,
    luck_available: int | None = None,
    unconscious: bool = False,
) -> DamageResult:
    """Resolve one hit (SIM-40 to SIM-50).

    ``strength`` and ``health`` are the original S and H (SIM-09 checks use the unadjusted stat).
    ``luck_spent`` reduces Injury 1:1, from 0 to min(Injury, luck available) (SIM-43).
    ``unconscious``: the character is unconscious already (a failed Stamina Check, SIM-45,
    SIM-47), so no Stamina Check is asked: its failure could only do what is done.

    >>> r = apply_damage(raw_from_weapon(9), hp=20, hp_max=20, strength=6, health=5,
    ...                  luck_spent=4, luck_available=20)
    >>> str(r), r.luck_left
    ('raw 9 = injury 9 − luck 4 = 5; HP 20 → 15', 16)
    >>> apply_damage(9, hp=20, hp_max=20, strength=6, health=5, luck_spent=10)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: luck spent 10 is outside 0 to 9 (at most the injury and the luck available)
    """
    raw_damage = raw if isinstance(raw, RawDamage) else raw_from_weapon(raw)
    hp_max = whole(hp_max, "HP max", 1, MAX_HP)
    hp = whole(hp, "HP", -MAX_HP, hp_max)
    strength = whole(strength, "S", 1, MAX_ORIGINAL_STAT)
    health = whole(health, "H", 1, MAX_ORIGINAL_STAT)
    if luck_available is not None:
        whole(luck_available, "luck available", 0, MAX_LUCK)
    guarded = apply_protection(raw_damage.value, kind, protection, others)  # SIM-41
    # SIM-43, in its one place: without a figure for the luck available, only the injury caps it.
    lucky = luck_on_injury(
        guarded.injury, MAX_LUCK if luck_available is None else luck_available, luck_spent
    )
    spent, injury = lucky.spent, lucky.injury
    hp_after = hp - injury  # SIM-42
    effects: list[InjuryEffect] = []
    knockback = knockback_effect(raw_damage.value, strength)  # SIM-44 uses Raw Damage
    # SIM-50: a hit that kills asks no Knockback Check: knocked down changes nothing for the
    # dead (a GM's play-through: a check queued for a fighter the hit had killed). The
    # unconscious still roll it: knocked down costs a Move once revived (SIM-D15, SIM-51).
    if knockback is not None and hp_after > DEAD_AT:
        effects.append(knockback)
    # SIM-45 and SIM-47 decide only "or fall unconscious": an injury that leaves HP ≤ 1 makes
    # the character unconscious without a check (SIM-48), so neither check can change anything
    # and none is asked for (the GM rolled two checks for nothing, and luck could be spent on
    # them in vain, SIM-10).
    # Likewise for one unconscious already, whatever their HP (a GM's play-through).
    awake_at_all = hp_after > UNCONSCIOUS_AT and not unconscious
    if awake_at_all and 2 * injury > hp_max:  # SIM-45: a single injury > 1/2 HP_max (strict)
        effects.append(
            _stat_check(
                "SIM-45",
                "heavy injury",
                f"injury {injury} > ½ HP {hp_max}",
                "Stamina Check",
                health,
                "unconscious",
            )
        )
    if injury > 0 and hp_max - hp_after >= BLEEDING_AFTER:  # SIM-46: cumulative injuries
        effects.append(
            InjuryEffect(
                "SIM-46",
                "bleeding",
                f"{hp_max - hp_after} points of injuries taken (≥ {BLEEDING_AFTER}): "
                "lose 1 HP every 5 minutes until treated",
            )
        )
    if awake_at_all and injury > 0 and 4 * hp_after <= hp_max:  # SIM-47: each injury at ≤ ¼ HP
        effects.append(
            _stat_check(
                "SIM-47",
                "quarter HP",
                f"HP {figure(hp_after)} ≤ ¼ of {hp_max}",
                "Stamina Check",
                health,
                "unconscious",
            )
        )
    if hp_after <= UNCONSCIOUS_AT:  # SIM-48
        effects.append(
            InjuryEffect(
                "SIM-48", "unconscious", f"HP {figure(hp_after)} ≤ 1: no Stamina Check can avert it"
            )
        )
    if hp_after < 0:  # SIM-49
        effects.append(
            InjuryEffect(
                "SIM-49",
                "critical condition",
                f"HP {figure(hp_after)} < 0: bleeds 1 HP every 5 minutes until stabilized",
            )
        )
    if hp_after <= DEAD_AT:  # SIM-50
        effects.append(
            InjuryEffect(
                "SIM-50",
                "dead",
                f"HP {figure(hp_after)} ≤ {figure(DEAD_AT)}, barring magic or superscience",
            )
        )
    return DamageResult(
        raw=raw_damage,
        protection=guarded,
        injury_before_luck=guarded.injury,
        luck_spent=spent,
        luck_left=None if luck_available is None else luck_available - spent,
        injury=injury,
        hp_before=hp,
        hp_after=hp_after,
        hp_max=hp_max,
        effects=tuple(effects),
    )
