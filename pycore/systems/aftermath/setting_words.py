"""The Aftermath! campaign settings in the game's words: each setting's label, its choices' words
and the rule it answers (shown under "Why"). The Settings tab draws them and a shared copy of the
settings is previewed with them (issue 31: a preview read "Weapon note 13", "Suspect rifle butt").

>>> setting_words("weapon_note_13", "")
('Weapon note 13, as your book reads', 'not set: asked when it is needed')
>>> setting_words("unstated_rounding", "down")
('Rounding where the text gives none', 'Down')
>>> setting_words(suspect_setting("Rifle butt"), "as printed")[0]
"Rifle butt row (suspect in the book): 'as printed' or yours"
"""

from __future__ import annotations

from pycore.systems.aftermath.campaign import suspect_setting
from pycore.systems.aftermath.gear.weapons import suspect_rows, weapon
from pycore.validate import checked

#: (key, label, choices or None for typed text, why)
CHOICE_SETTINGS: tuple[tuple[str, str, tuple[tuple[str, str], ...], str], ...] = (
    (
        "unstated_rounding",
        "Rounding where the text gives none",
        (("half_up", "Half up"), ("down", "Down"), ("up", "Up")),
        "AFT-02",
    ),
    (
        "group8_effect_die",
        "Group 8 Effect Die",
        (("2D10+2", "2D10+2 as printed"), ("2D10+3", "2D10+3")),
        "AFT-M29",
    ),
    (
        "starred_hth_modifiers",
        "Hand-to-hand rows marked * (their footnote is missing)",
        (("apply", "Apply as printed"), ("ignore", "Ignore")),
        "AFT-08, AFT-M24",
    ),
    (
        "shotgun_critical_row",
        "A shotgun's critical hit",
        (
            ("", "Not set: asked on a critical"),
            ("pistol", "As a pistol (+1D10 BDG)"),
            ("rifle", "As a rifle (+2D10 BDG)"),
            ("none", "No bonus"),
        ),
        "AFT-19, AFT-M39: shotguns have no Critical Hit Enhancement row",
    ),
    (
        "thrown_critical_miss_table",
        "Critical miss table for thrown weapons",
        (("armed", "Armed Combat"), ("bow", "Bow and Crossbow"), ("unarmed", "Unarmed or natural")),
        "AFT-28, AFT-M40 (tables T12, T13, T14)",
    ),
    (
        "bdg_order",
        "Adjusted BDG: which comes first",
        (
            ("range_first", "Range modifier, then critical bonus"),
            ("critical_first", "Critical bonus, then range modifier"),
        ),
        "AFT-47 (range first is the project's reading)",
    ),
    (
        "noncutting_head_sever",
        "Compound fracture of the head or neck",
        (
            ("bleeds", "Bleeds to death like any other (as printed)"),
            ("death_blow", "A Death Blow, like a Sever there"),
        ),
        "AFT-25",
    ),
    (
        "modern_crit_miss_96",
        "Modern firearm critical miss 96-00 (missing from the text)",
        (("reconstructed", "As black powder 96-00: burst BDG ÷ 20"), ("ask", "The GM rules it")),
        "AFT-54, AFT-M26: the row is reconstructed from the black-powder table",
    ),
    (
        "pbr_bdg_modifier",
        "Point-blank range BDG 'plus 10'",
        (("add", "+10 BDG (as printed)"), ("percent", "+10%")),
        "AFT-46",
    ),
)

TEXT_SETTINGS: tuple[tuple[str, str, str], ...] = (
    (
        "critical_hit_rule",
        "Critical hit on a roll at or under (empty: tick each attack)",
        "AFT-04, AFT-M02",
    ),
    (
        "critical_miss_rule",
        "Critical miss on a roll at or over (empty: tick each attack)",
        "AFT-04, AFT-M02",
    ),
    ("bcs_per_distraction", "BCS per Distraction", "AFT-41, AFT-M21"),
    (
        "weapon_note_13",
        "Weapon note 13, as your book reads",
        "AFT-17, AFT-M23: note 13's text is missing",
    ),
    (
        "weapon_note_13_cap",
        "If note 13 is a penetration cap: highest AV = this × Strength Group (empty: no cap)",
        "AFT-17, AFT-M23",
    ),
    ("bdg_long_gun_38_40", "Long-gun BDG of 38-40", "AFT-M27 (T41, line 758)"),
    ("bdg_long_gun_44_40", "Long-gun BDG of 44-40", "AFT-M27 (T41, line 758)"),
    ("bdg_long_gun_44_magnum", "Long-gun BDG of 44 Magnum", "AFT-M27 (T41, line 758)"),
    ("bdg_birdshot_10", "BDG of 12-9 shot, 10 gauge", "AFT-M28 (T42, line 743)"),
    ("bdg_birdshot_12", "BDG of 12-9 shot, 12 gauge", "AFT-M28 (T42, line 743)"),
)


def suspect_settings() -> tuple[tuple[str, str, str], ...]:
    """AFT-M44: one (key, label, why) per weapon row the listing marks suspect."""
    return tuple(
        (
            suspect_setting(name),
            f"{name} row (suspect in the book): 'as printed' or yours",
            f"AFT-M44: weapon listing line {weapon(name).line}",
        )
        for name in suspect_rows()
    )


@checked
def setting_words(key: str, value: str) -> tuple[str, str]:
    """The label of setting ``key`` and ``value`` in words ("" is a value not set yet)."""
    for k, label, options, _ in CHOICE_SETTINGS:
        if k == key:
            return label, dict(options).get(value, value)
    for k, label, _ in (*TEXT_SETTINGS, *suspect_settings()):
        if k == key:
            return label, value or "not set: asked when it is needed"
    return key.replace("_", " ").capitalize(), value or "not set: asked when it is needed"
