"""Aftermath!-style BCS/DAT combat: rules of seed 001, mapped in shared/rules/aftermath.md.

The contract names of the issue, gathered here; each module holds its part of the rules
(the reference tables of part B beyond the critical misses are not built yet).

>>> from pycore.systems.aftermath import adjusted_bdg, attribute_group, bcs_chance
>>> from pycore.systems.aftermath import breakage_check, bullet_damage_dice, critical_effect
>>> from pycore.systems.aftermath import hit_location, range_step, split_location
>>> attribute_group(11).effect_die, bcs_chance(13), critical_effect(60, 16)
('1D6', Fraction(13, 20), 'disable')
>>> hit_location(12), split_location("4/5", 51, "rear"), range_step("Autofire Rifle", 45).step
('4/5', '5', 'EFF')
>>> adjusted_bdg(20, "Pistol STD", 40), bullet_damage_dice(11), breakage_check("Club", "R", 7)
(18, '2D10+1', Fraction(9, 10))
"""

from typing import TYPE_CHECKING

from pycore.lazy import exports

if TYPE_CHECKING:
    from pycore.systems.aftermath.attack.combat import (
        HthAttack,
        MissileAttack,
        Resolution,
        Step,
        resolve_hth,
        resolve_missile,
    )
    from pycore.systems.aftermath.attack.critical import (
        EffectRules,
        bleeding_odds,
        critical_effect,
        critical_hit_enhancement,
        disable_body_outcome,
        effect_rules,
        gun_critical,
        lower_effect,
        roll_critical_effect,
        sever_chance,
    )
    from pycore.systems.aftermath.attack.critical_misses import (
        ChamberExplosion,
        CriticalMiss,
        chamber_explosion,
        critical_miss,
        critical_miss_odds,
        roll_critical_miss,
    )
    from pycore.systems.aftermath.attack.locations import (
        hit_location,
        locate,
        region_of,
        split_location,
    )
    from pycore.systems.aftermath.attack.missile_effects import missile_special_effect, stopping
    from pycore.systems.aftermath.attack.situation import (
        dat_position,
        hth_modifiers,
        missile_modifiers,
        target_action_modifier,
        wound_level,
    )
    from pycore.systems.aftermath.bcs import (
        BcsModifier,
        BcsResult,
        BcsTotal,
        SaveOdds,
        SaveResult,
        bcs_chance,
        judge_bcs,
        modified_bcs,
        plus_one_change,
        roll_bcs,
        roll_saving_throw,
        saving_throw,
        saving_throw_odds,
    )
    from pycore.systems.aftermath.conditions import (
        Condition,
        Moment,
        daze_condition,
        moment,
        stun_conditions,
    )
    from pycore.systems.aftermath.gear.ammunition import (
        ammunition_bdg,
        cartridge_enc,
        shot_damage_type,
        shot_shell_bdg,
    )
    from pycore.systems.aftermath.gear.armor import (
        ArmorMaterial,
        DamageDone,
        LocationAv,
        armor_material,
        armor_materials,
        armor_totals,
        ballistic_cloth_av,
        damage_done,
        location_av,
    )
    from pycore.systems.aftermath.gear.firearms import (
        RangeStep,
        adjust_bdg,
        adjusted_bdg,
        bullet_damage_dice,
        fire,
        gun_action,
        inherent_accuracy,
        range_step,
    )
    from pycore.systems.aftermath.gear.weapons import (
        Weapon,
        breakage_check,
        penetration_cap,
        shuriken_throw,
        wdm_for,
        weapon,
        weapon_names,
    )
    from pycore.systems.aftermath.rounding import round_half_up, unstated
    from pycore.systems.aftermath.sheet.attributes import (
        AttributeGroup,
        OpposedOdds,
        attribute_group,
        check_for_daze_odds,
        effect_die_distribution,
        group_effect_die,
        judge_opposed,
        opposed_odds,
        roll_effect_die,
        shifted_group,
    )

__getattr__, __dir__ = exports(
    __name__,
    {
        "pycore.systems.aftermath.gear.ammunition": (
            "ammunition_bdg cartridge_enc shot_damage_type shot_shell_bdg"
        ),
        "pycore.systems.aftermath.gear.armor": (
            "ArmorMaterial DamageDone LocationAv armor_material armor_materials armor_totals "
            "ballistic_cloth_av damage_done location_av"
        ),
        "pycore.systems.aftermath.sheet.attributes": (
            "AttributeGroup OpposedOdds attribute_group check_for_daze_odds "
            "effect_die_distribution group_effect_die judge_opposed opposed_odds "
            "roll_effect_die shifted_group"
        ),
        "pycore.systems.aftermath.bcs": (
            "BcsModifier BcsResult BcsTotal SaveOdds SaveResult bcs_chance judge_bcs "
            "modified_bcs plus_one_change roll_bcs roll_saving_throw saving_throw "
            "saving_throw_odds"
        ),
        "pycore.systems.aftermath.attack.combat": (
            "HthAttack MissileAttack Resolution Step resolve_hth resolve_missile"
        ),
        "pycore.systems.aftermath.attack.critical": (
            "EffectRules bleeding_odds critical_effect critical_hit_enhancement "
            "disable_body_outcome effect_rules gun_critical lower_effect roll_critical_effect "
            "sever_chance"
        ),
        "pycore.systems.aftermath.conditions": "Condition Moment daze_condition moment stun_conditions",
        "pycore.systems.aftermath.attack.critical_misses": (
            "ChamberExplosion CriticalMiss chamber_explosion critical_miss critical_miss_odds "
            "roll_critical_miss"
        ),
        "pycore.systems.aftermath.gear.firearms": (
            "RangeStep adjust_bdg adjusted_bdg bullet_damage_dice fire gun_action "
            "inherent_accuracy range_step"
        ),
        "pycore.systems.aftermath.attack.locations": (
            "hit_location locate region_of split_location"
        ),
        "pycore.systems.aftermath.attack.missile_effects": "missile_special_effect stopping",
        "pycore.systems.aftermath.rounding": "round_half_up unstated",
        "pycore.systems.aftermath.attack.situation": (
            "dat_position hth_modifiers missile_modifiers target_action_modifier wound_level"
        ),
        "pycore.systems.aftermath.gear.weapons": (
            "Weapon breakage_check penetration_cap shuriken_throw wdm_for weapon weapon_names"
        ),
    },
)

__all__ = [
    "ArmorMaterial",
    "AttributeGroup",
    "BcsModifier",
    "BcsResult",
    "BcsTotal",
    "ChamberExplosion",
    "Condition",
    "CriticalMiss",
    "DamageDone",
    "EffectRules",
    "HthAttack",
    "LocationAv",
    "MissileAttack",
    "Moment",
    "OpposedOdds",
    "RangeStep",
    "Resolution",
    "SaveOdds",
    "SaveResult",
    "Step",
    "Weapon",
    "adjust_bdg",
    "adjusted_bdg",
    "ammunition_bdg",
    "armor_material",
    "armor_materials",
    "armor_totals",
    "attribute_group",
    "ballistic_cloth_av",
    "bcs_chance",
    "bleeding_odds",
    "breakage_check",
    "bullet_damage_dice",
    "cartridge_enc",
    "chamber_explosion",
    "check_for_daze_odds",
    "critical_effect",
    "critical_hit_enhancement",
    "critical_miss",
    "critical_miss_odds",
    "damage_done",
    "dat_position",
    "daze_condition",
    "disable_body_outcome",
    "effect_die_distribution",
    "effect_rules",
    "fire",
    "group_effect_die",
    "gun_action",
    "gun_critical",
    "hit_location",
    "hth_modifiers",
    "inherent_accuracy",
    "judge_bcs",
    "judge_opposed",
    "locate",
    "location_av",
    "lower_effect",
    "missile_modifiers",
    "missile_special_effect",
    "modified_bcs",
    "moment",
    "opposed_odds",
    "penetration_cap",
    "plus_one_change",
    "range_step",
    "region_of",
    "resolve_hth",
    "resolve_missile",
    "roll_bcs",
    "roll_critical_effect",
    "roll_critical_miss",
    "roll_effect_die",
    "roll_saving_throw",
    "round_half_up",
    "saving_throw",
    "saving_throw_odds",
    "sever_chance",
    "shifted_group",
    "shot_damage_type",
    "shot_shell_bdg",
    "shuriken_throw",
    "split_location",
    "stopping",
    "stun_conditions",
    "target_action_modifier",
    "unstated",
    "wdm_for",
    "weapon",
    "weapon_names",
    "wound_level",
]
