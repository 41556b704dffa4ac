"""The GM tables' stable saved keys and their inventory IDs (PCT-M01...), in a module of their own:
the saved section's codec and the GM tables both read them, and the codec reads the fight, which
reads the GM tables (one module each way would be an import cycle)."""

from __future__ import annotations

from collections.abc import Mapping

#: The stable key of every GM table (never renamed; the inventory ID may be).
STABLE_KEYS: Mapping[str, str] = {
    "PCT-M01": "alertness_conditions",
    "PCT-M02": "damage_modifiers",
    "PCT-M03": "action_costs",
    "PCT-M04": "percent_to_hit",
    "PCT-M05": "adversity_modifiers",
    "PCT-M06": "percent_against",
    "PCT-M07": "random_hit",
    "PCT-M08": "throwing_distance",
    "PCT-M09": "grenade_bounce",
    "PCT-M10": "grenade_bounce_chart",
    "PCT-M11": "damage_type_tables",
    "PCT-M12": "severity_tables",
    "PCT-M13": "damage_points",
    "PCT-M14": "description_tables",
    "PCT-M15": "organ_multipliers",
    "PCT-M16": "organ_damage_tables",
    "PCT-M17": "weapon_data_sheets",
    "PCT-M18": "body_parts",
}
INVENTORY_IDS: Mapping[str, str] = {key: tid for tid, key in STABLE_KEYS.items()}
