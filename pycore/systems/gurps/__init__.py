"""GURPS-Lite-style 3d6 combat and injury (seeds 003 and 004), mapped in shared/rules/gurps.md.

>>> from pycore.systems.gurps import attack, block, defend, defense_chance, dodge, hit_chance
>>> from pycore.systems.gurps import injury, parry, size_modifier, speed_range_modifier
>>> attack(15, 5).critical, defend(9, 10).success, dodge(5.75), parry(13), block(11)
(True, False, 8, 9, 8)
>>> speed_range_modifier(8), size_modifier(4), injury(7, 2, "cut").injury
(-4, 2, 7)
>>> hit_chance(10), defense_chance(9)
(Fraction(1, 2), Fraction(3, 8))
"""

from typing import TYPE_CHECKING

from pycore.lazy import exports

if TYPE_CHECKING:
    from pycore.systems.gurps.damage_roll import DamageRoll, roll_damage, strong_bonus, with_bonus
    from pycore.systems.gurps.defenses import (
        DEFENSES,
        Defense,
        allowed_defenses,
        block,
        defense_line,
        dodge,
        explain_block,
        explain_dodge,
        explain_parry,
        parry,
        unarmed_parry,
    )
    from pycore.systems.gurps.injury import (
        TOLERANCES,
        InjuryResult,
        at_half_damage,
        basic_damage,
        chink_dr,
        damage_types,
        half_damage,
        injury,
        large_area_dr,
        location_penalty,
        max_damage,
        parse_damage,
    )
    from pycore.systems.gurps.locations import location_keys, location_name
    from pycore.systems.gurps.modifiers import (
        EffectiveSkill,
        Maneuver,
        Modifier,
        Posture,
        attack_modifier,
        attack_modifiers,
        defense_modifiers,
        effective_skill,
        maneuver,
        maneuver_modifier,
        maneuver_names,
        posture,
        posture_change_allowed,
        posture_names,
        size_modifier,
        speed_range_modifier,
    )
    from pycore.systems.gurps.order import Fighter, Slot, turn_order
    from pycore.systems.gurps.rolls import (
        AttackResult,
        DefenseResult,
        attack,
        critical_chance,
        critical_failure_chance,
        critical_threshold,
        defend,
        defense_chance,
        hit_chance,
        landing_chance,
        roll_attack,
        roll_defense,
        success_chance,
        three_d6,
    )

__getattr__, __dir__ = exports(
    __name__,
    {
        "pycore.systems.gurps.defenses": (
            "DEFENSES Defense allowed_defenses block defense_line dodge explain_block "
            "explain_dodge explain_parry parry unarmed_parry"
        ),
        "pycore.systems.gurps.damage_roll": "DamageRoll roll_damage strong_bonus with_bonus",
        "pycore.systems.gurps.injury": (
            "TOLERANCES InjuryResult at_half_damage basic_damage chink_dr "
            "damage_types half_damage injury large_area_dr location_penalty "
            "max_damage parse_damage"
        ),
        "pycore.systems.gurps.locations": "location_keys location_name",
        "pycore.systems.gurps.modifiers": (
            "EffectiveSkill Maneuver Modifier Posture attack_modifier attack_modifiers "
            "defense_modifiers effective_skill maneuver maneuver_modifier maneuver_names "
            "posture posture_change_allowed posture_names size_modifier speed_range_modifier"
        ),
        "pycore.systems.gurps.order": "Fighter Slot turn_order",
        "pycore.systems.gurps.rolls": (
            "AttackResult DefenseResult attack critical_chance critical_failure_chance "
            "critical_threshold defend defense_chance hit_chance landing_chance roll_attack "
            "roll_defense success_chance three_d6"
        ),
    },
)

__all__ = [
    "DEFENSES",
    "TOLERANCES",
    "AttackResult",
    "DamageRoll",
    "Defense",
    "DefenseResult",
    "EffectiveSkill",
    "Fighter",
    "InjuryResult",
    "Maneuver",
    "Modifier",
    "Posture",
    "Slot",
    "allowed_defenses",
    "at_half_damage",
    "attack",
    "attack_modifier",
    "attack_modifiers",
    "basic_damage",
    "block",
    "chink_dr",
    "critical_chance",
    "critical_failure_chance",
    "critical_threshold",
    "damage_types",
    "defend",
    "defense_chance",
    "defense_line",
    "defense_modifiers",
    "dodge",
    "effective_skill",
    "explain_block",
    "explain_dodge",
    "explain_parry",
    "half_damage",
    "hit_chance",
    "injury",
    "landing_chance",
    "large_area_dr",
    "location_keys",
    "location_name",
    "location_penalty",
    "maneuver",
    "maneuver_modifier",
    "maneuver_names",
    "max_damage",
    "parry",
    "parse_damage",
    "posture",
    "posture_change_allowed",
    "posture_names",
    "roll_attack",
    "roll_damage",
    "roll_defense",
    "size_modifier",
    "speed_range_modifier",
    "strong_bonus",
    "success_chance",
    "three_d6",
    "turn_order",
    "unarmed_parry",
    "with_bonus",
]
