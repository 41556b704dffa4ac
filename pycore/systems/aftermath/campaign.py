"""Campaign settings: the values and readings the text leaves to the group (AFT-M*), kept as
typed text in the saved state, checked when typed, and read as one typed value, :class:`Campaign`.

>>> check_setting("critical_hit_rule", "2"), campaign({"critical_hit_rule": "2"}).critical_hit_at_or_below
('2', 2)
>>> check_setting("critical_hit_rule", "25")
Traceback (most recent call last):
...
pycore.errors.RuleError: Critical hit: must be empty or a whole number from 1 to 20.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.aftermath.gear.firearms import BDG_ORDERS, PBR_MODES
from pycore.systems.aftermath.gear.guns import MISSING_BDG, SHOTGUN_ROWS
from pycore.systems.aftermath.gear.weapons import suspect_rows
from pycore.systems.aftermath.rounding import ROUNDINGS
from pycore.systems.aftermath.sheet.attributes import GROUP8_ALTERNATIVE, GROUP8_PRINTED
from pycore.validate import checked


@checked
def suspect_setting(weapon_name: str) -> str:
    """The setting holding the user's answer about a suspect weapon row (AFT-M44).

    >>> suspect_setting("Rifle butt")
    'suspect_rifle_butt'
    """
    return "suspect_" + weapon_name.lower().replace(" ", "_")


#: AFT-28, AFT-M40: the critical miss tables a thrown weapon's miss may be rolled on (the text
#: does not say which: the group chooses, Armed Combat unless it says).
MISS_TABLES: Final = ("armed", "bow", "unarmed")
#: AFT-54, AFT-M26: the modern table's missing 96-00 row, read as reconstructed or asked.
MODERN_96: Final = ("reconstructed", "ask")


#: Every setting with its default ("" = not answered: the worksheet asks when it needs it).
SETTINGS: Final[Mapping[str, str]] = {
    "unstated_rounding": "half_up",  # AFT-02
    "group8_effect_die": GROUP8_PRINTED,  # AFT-M29
    "critical_hit_rule": "",  # AFT-04, AFT-M02
    "critical_miss_rule": "",  # AFT-04, AFT-M02
    "starred_hth_modifiers": "apply",  # AFT-08, AFT-M24
    "shotgun_critical_row": "",  # AFT-19, AFT-M39
    "pbr_bdg_modifier": "add",  # AFT-46
    "bcs_per_distraction": "",  # AFT-41, AFT-M21
    "weapon_note_13": "",  # AFT-17, AFT-M23
    "weapon_note_13_cap": "",  # AFT-17, AFT-M23
    "thrown_critical_miss_table": "armed",  # AFT-28, AFT-M40
    "modern_crit_miss_96": "reconstructed",  # AFT-54, AFT-M26
    "noncutting_head_sever": "bleeds",  # AFT-25
    "bdg_order": "range_first",  # AFT-47
    **{suspect_setting(name): "" for name in suspect_rows()},  # AFT-M44
    **dict.fromkeys(MISSING_BDG.values(), ""),  # AFT-M27, AFT-M28
}

MAX_TEXT: Final = 300

#: Settings that are whole numbers: their name in plain words and their range.
WHOLE_NUMBERS: Final = {
    "critical_hit_rule": ("Critical hit", 1, 20),
    "critical_miss_rule": ("Critical miss", 1, 20),
    "bcs_per_distraction": ("BCS per Distraction", -20, 0),
    "weapon_note_13_cap": ("Note 13 cap", 1, 10),
    **{key: ("BDG", 1, 200) for key in MISSING_BDG.values()},
}

#: Settings that are one of a few choices.
CHOICES: Final[Mapping[str, tuple[str, ...]]] = {
    "unstated_rounding": ROUNDINGS,
    "group8_effect_die": (GROUP8_PRINTED, GROUP8_ALTERNATIVE),
    "starred_hth_modifiers": ("apply", "ignore"),
    "shotgun_critical_row": ("", *SHOTGUN_ROWS),
    "thrown_critical_miss_table": MISS_TABLES,
    "modern_crit_miss_96": MODERN_96,
    "noncutting_head_sever": ("bleeds", "death_blow"),
    "pbr_bdg_modifier": PBR_MODES,
    "bdg_order": BDG_ORDERS,
}


def settings_from(saved: Any) -> dict[str, str]:
    """Saved settings merged over the defaults; unknown keys are dropped.

    >>> settings_from({"bdg_order": "critical_first", "old": 1})["bdg_order"]
    'critical_first'
    """
    found = saved if isinstance(saved, Mapping) else {}
    return {key: str(found.get(key, default)) for key, default in SETTINGS.items()}


@checked
def check_setting(key: str, raw: str) -> str:
    """The text to keep for setting ``key``, or a RuleError in words the user reads.

    >>> check_setting("bcs_per_distraction", " -3 ")
    '-3'
    >>> check_setting("bdg_order", "sideways")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: This setting takes one of its listed choices.
    """
    if key not in SETTINGS:
        raise RuleError(f"there is no campaign setting {key!r}")
    text = str(raw).strip()
    if key in WHOLE_NUMBERS and text:
        name, low, high = WHOLE_NUMBERS[key]
        if _whole(text) is None or not low <= int(text) <= high:
            raise RuleError(f"{name}: must be empty or a whole number from {low} to {high}.")
    if key in CHOICES and text not in CHOICES[key]:
        raise RuleError("This setting takes one of its listed choices.")
    if len(text) > MAX_TEXT:
        raise RuleError(f"At most {MAX_TEXT} characters.")
    return text


def _whole(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


@dataclass(frozen=True)
class Campaign:
    """The settings as the worksheets read them."""

    rounding: str = "half_up"
    group8_effect_die: str = GROUP8_PRINTED
    critical_hit_at_or_below: int | None = None
    critical_miss_at_or_above: int | None = None
    starred_apply: bool = True
    shotgun_critical_row: str = ""
    pbr_mode: str = "add"
    bcs_per_distraction: int | None = None
    note_13: str = ""
    note_13_cap: int | None = None
    thrown_critical_miss_table: str = "armed"
    modern_96: str = "reconstructed"
    head_sever_is_death_blow: bool = False
    bdg_order: str = "range_first"
    supplied_bdg: Mapping[str, int | None] = field(default_factory=dict)
    suspect_answers: Mapping[str, str] = field(default_factory=dict)


def campaign(saved: Any) -> Campaign:
    """The typed campaign from the saved settings (a value that does not read is not given).

    >>> c = campaign({"noncutting_head_sever": "death_blow", "bdg_birdshot_12": "9"})
    >>> c.head_sever_is_death_blow, c.supplied_bdg["bdg_birdshot_12"], c.critical_hit_at_or_below
    (True, 9, None)
    """
    s = settings_from(saved)
    return Campaign(
        rounding=s["unstated_rounding"],
        group8_effect_die=s["group8_effect_die"],
        critical_hit_at_or_below=_whole(s["critical_hit_rule"]),
        critical_miss_at_or_above=_whole(s["critical_miss_rule"]),
        starred_apply=s["starred_hth_modifiers"] == "apply",
        shotgun_critical_row=s["shotgun_critical_row"],
        pbr_mode=s["pbr_bdg_modifier"],
        bcs_per_distraction=_whole(s["bcs_per_distraction"]),
        note_13=s["weapon_note_13"],
        note_13_cap=_whole(s["weapon_note_13_cap"]),
        thrown_critical_miss_table=s["thrown_critical_miss_table"],
        modern_96=s["modern_crit_miss_96"],
        head_sever_is_death_blow=s["noncutting_head_sever"] == "death_blow",
        bdg_order=s["bdg_order"],
        supplied_bdg={key: _whole(s[key]) for key in MISSING_BDG.values()},
        suspect_answers={name: s[suspect_setting(name)] for name in suspect_rows()},
    )
