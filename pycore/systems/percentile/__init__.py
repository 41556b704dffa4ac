"""Percentile sci-fi combat (seed 000), mapped in shared/rules/percentile.md.

Roll-under ``1:100sd`` checks, exact odds as :class:`~fractions.Fraction` (R-B), every optional
procedure a setting (R-D), and the game master's own tables for everything the text names but
does not print (R-E, :mod:`pycore.systems.percentile.gmtables`).

>>> from pycore.systems.percentile import brawlmanship, check_chance, damage_category
>>> from fractions import Fraction
>>> from pycore.systems.percentile import grenade, marksmanship, to_hit_d3
>>> brawlmanship(55, 40), marksmanship(70, 30), check_chance(50)
(Fraction(95, 2), Fraction(50, 1), Fraction(49, 100))
>>> to_hit_d3(80, 30, 29), grenade(50, 71), damage_category(Fraction(176, 2))
('direct', 'miss', '86-90')
"""

from typing import TYPE_CHECKING

from pycore.lazy import exports

if TYPE_CHECKING:
    from pycore.systems.percentile.agility import (
        Ledger,
        Piece,
        borrow,
        new_ledger,
        spend,
        start_turn,
        stun,
        time_for_ap,
        turn_pieces,
    )
    from pycore.systems.percentile.checks import (
        Check,
        brawlmanship,
        check,
        check_chance,
        marksmanship,
        roll_check,
    )
    from pycore.systems.percentile.combat import Settings, combat_sequence, settings_from_json
    from pycore.systems.percentile.damage import (
        BodyPart,
        DamageResult,
        Poison,
        Race,
        additional_descriptions,
        damage_category,
        damage_percentage,
        damage_points,
        damage_procedure_one,
        organ_damage,
        poison_damage,
        take_damage,
    )
    from pycore.systems.percentile.dice import DamageDice, DamageRoll, damage_dice, roll_damage
    from pycore.systems.percentile.sides import (
        PrimaryAttack,
        join,
        pass_primary,
        primary_attack,
        roll_primary_attack,
        roll_surprise,
        surprise,
        surprise_chance,
        surprise_chance_a2,
        surprise_chance_a3,
        target_a1,
        target_a2,
        target_a3,
    )
    from pycore.systems.percentile.tohit import (
        grazed_damage,
        grenade,
        grenade_odds,
        miss_distance_odds,
        roll_grenade,
        to_hit_d1,
        to_hit_d1_odds,
        to_hit_d2,
        to_hit_d2_odds,
        to_hit_d3,
        to_hit_d3_odds,
    )

__getattr__, __dir__ = exports(
    __name__,
    {
        "pycore.systems.percentile.agility": (
            "Ledger Piece borrow new_ledger spend start_turn stun time_for_ap turn_pieces"
        ),
        "pycore.systems.percentile.checks": (
            "Check brawlmanship check check_chance marksmanship roll_check"
        ),
        "pycore.systems.percentile.combat": "Settings combat_sequence settings_from_json",
        "pycore.systems.percentile.damage": (
            "BodyPart DamageResult Poison Race additional_descriptions damage_category "
            "damage_percentage damage_points damage_procedure_one organ_damage poison_damage "
            "take_damage"
        ),
        "pycore.systems.percentile.dice": "DamageDice DamageRoll damage_dice roll_damage",
        "pycore.systems.percentile.sides": (
            "PrimaryAttack join pass_primary primary_attack roll_primary_attack roll_surprise "
            "surprise surprise_chance surprise_chance_a2 surprise_chance_a3 target_a1 "
            "target_a2 target_a3"
        ),
        "pycore.systems.percentile.tohit": (
            "grazed_damage grenade grenade_odds miss_distance_odds roll_grenade to_hit_d1 "
            "to_hit_d1_odds to_hit_d2 to_hit_d2_odds to_hit_d3 to_hit_d3_odds"
        ),
    },
)

__all__ = [
    "BodyPart",
    "Check",
    "DamageDice",
    "DamageResult",
    "DamageRoll",
    "Ledger",
    "Piece",
    "Poison",
    "PrimaryAttack",
    "Race",
    "Settings",
    "additional_descriptions",
    "borrow",
    "brawlmanship",
    "check",
    "check_chance",
    "combat_sequence",
    "damage_category",
    "damage_dice",
    "damage_percentage",
    "damage_points",
    "damage_procedure_one",
    "grazed_damage",
    "grenade",
    "grenade_odds",
    "join",
    "marksmanship",
    "miss_distance_odds",
    "new_ledger",
    "organ_damage",
    "pass_primary",
    "poison_damage",
    "primary_attack",
    "roll_check",
    "roll_damage",
    "roll_grenade",
    "roll_primary_attack",
    "roll_surprise",
    "settings_from_json",
    "spend",
    "start_turn",
    "stun",
    "surprise",
    "surprise_chance",
    "surprise_chance_a2",
    "surprise_chance_a3",
    "take_damage",
    "target_a1",
    "target_a2",
    "target_a3",
    "time_for_ap",
    "to_hit_d1",
    "to_hit_d1_odds",
    "to_hit_d2",
    "to_hit_d2_odds",
    "to_hit_d3",
    "to_hit_d3_odds",
    "turn_pieces",
]
