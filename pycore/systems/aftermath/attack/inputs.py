"""The attack the core resolves, built from a worksheet form (:mod:`.worksheet_forms`), the
attacker's and the target's sheets and the campaign settings. Every value a sheet has (CDA, Mass,
armor, Health AST and CST, the encumbrance status, conditions) is the sheet's; the form gives the
rest."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pycore.errors import FieldError, RuleError
from pycore.systems.aftermath.attack.bind import WOUND_ROWS, wound_rows
from pycore.systems.aftermath.attack.hand import HthAttack
from pycore.systems.aftermath.attack.missile import MissileAttack
from pycore.systems.aftermath.attack.situation import missile_situations
from pycore.systems.aftermath.attack.steps import LowerSave
from pycore.systems.aftermath.attack.worksheet_forms import RANGE_FIRST, YES_NO, whole
from pycore.systems.aftermath.campaign import Campaign
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.gear.armor import armor_material
from pycore.systems.aftermath.gear.guns import base_bdg, shot_size
from pycore.systems.aftermath.sheet.sheet import (
    LOCATIONS,
    SheetView,
    bullet_av,
    derive,
    location_regions,
)
from pycore.validate import checked


@checked
def derived(sheet: Mapping[str, Any], now: Moment, settings: Campaign) -> SheetView:
    """A sheet's derived values under the campaign's readings (AFT-M29, AFT-02)."""
    return derive(dict(sheet), now, settings.group8_effect_die, settings.rounding)


@checked
def encumbrance_bcs(view: SheetView, form: Mapping[str, Any]) -> int:
    """AFT-33: the attacker's status from their sheet once its ENC CAP is entered, else the form's."""
    return view.encumbrance.bcs if view.encumbrance is not None else int(form["encumbrance"])


@checked
def target_save(target: Mapping[str, Any], settings: Campaign) -> LowerSave:
    """The target's Health throws (AFT-23 to AFT-27): a PC or personality NPC may lower an
    effect; the Health AST and CST are the sheet's (AFT-M03)."""
    return LowerSave(
        bool(target.get("personality")),
        whole(target["ast"]["HLH"]),
        whole(target["cst"]["HLH"]),
        settings.head_sever_is_death_blow,
    )


@checked
def hth_armor(target: Mapping[str, Any], view: SheetView) -> dict[int, tuple[int, str]]:
    """AFT-14, AFT-16: at each location the AV that counts and the format of the piece giving
    it (the format decides a weapon's break check)."""
    armor: dict[int, tuple[int, str]] = {}
    for n in LOCATIONS:
        av = view.av[n]
        fmt = ""
        for piece in target["armor"].get(str(n), []):
            found = armor_material(piece)
            if found.material == av.source:
                fmt = found.format
        armor[n] = (av.av, fmt)
    return armor


def _common(
    attacker: Mapping[str, Any],
    target: Mapping[str, Any],
    form: Mapping[str, Any],
    settings: Campaign,
    now: Moment,
) -> dict[str, Any]:
    """The inputs every attack mode takes from the two sheets, the form and the settings."""
    attacker_view = derived(attacker, now, settings)
    target_view = derived(target, now, settings)
    base = whole(form["bcs"])
    if base is None:
        raise FieldError("bcs", "Base BCS: choose the attacker's skill, or type it (-100 to 100)")
    return {
        "base_bcs": base,
        "dazed": attacker_view.dazed,
        "encumbrance_bcs": encumbrance_bcs(attacker_view, form),
        "distractions": int(form["distractions"]),
        "bcs_per_distraction": settings.bcs_per_distraction,
        "target_save": target_save(target, settings),
        "target_deftness": (whole(target["ast"]["DFT"]), whole(target["cst"]["DFT"])),
        "critical_hit": bool(form["critical_hit"]),
        "critical_miss": bool(form["critical_miss"]),
        "critical_hit_at_or_below": settings.critical_hit_at_or_below,
        "critical_miss_at_or_above": settings.critical_miss_at_or_above,
        "body": str(target["body"]),
        "direction": str(form["direction"]) or None,
        "attack_from": str(form["attack_from"]),
        "near_side": whole(form["near_side"]),
        "target_health_group": target_view.groups["HLH"].number,
        "cuts": YES_NO.get(str(form["cuts"])),
        "regions": location_regions(dict(target)),
        "rounding": settings.rounding,
        "at": now,
    }


def _shot(
    attacker: Mapping[str, Any], target: Mapping[str, Any], form: Mapping[str, Any]
) -> dict[str, Any]:
    """The inputs a shot or a throw takes beside :func:`_common`: the attacker's Average BCS
    (hip fire, AFT-09), their damage this turn, the target's CDA, movement and Mass (AFT-10,
    AFT-50), and whether a Missile Special Effect occurs (AFT-49, AFT-M16)."""
    return {
        "average_bcs": attacker["average_bcs"],
        "damage_taken_this_turn": int(form["damage_taken"]),
        "damage_source": str(form["damage_source"]),
        "target_cda": target["derived"]["cda"],
        "target_action": str(form["target_action"]),
        "dodging": bool(form["dodging"]),
        "special_effect_roll": bool(form["special_effect"]),
        "target_mass": target["derived"]["mass"],
    }


@checked
def missile_attack(
    attacker: Mapping[str, Any],
    target: Mapping[str, Any],
    form: Mapping[str, Any],
    settings: Campaign,
    now: Moment,
) -> MissileAttack:
    """AFT-57's inputs: the gun, range and cartridge from the form, the rest from the sheets."""
    override = whole(form["bdg"])
    ammo = str(form["ammo"])
    common = _common(attacker, target, form, settings, now)
    if not ammo and override is None:
        raise FieldError(
            "ammo",
            "Ammunition: load the gun on the attacker's sheet (Weapons), or choose it "
            "under More fields",
        )
    if not form["range_row"]:
        raise FieldError("range_row", "Range Table row: a shotgun firing shot needs its choke")
    meters = str(form["meters"]).strip()
    if not meters:  # FIGHT.md: a blank range was read as 0 m, a Point Blank +1 nobody chose
        # A wait, not a refusal of the field: said where the roll was tapped (the step's
        # notice says it too), not under the narrow field, which pushed Resolve out of view.
        raise RuleError(RANGE_FIRST, rules=("AFT-46",))
    return MissileAttack(
        **common,
        **_shot(attacker, target, form),
        range_row=str(form["range_row"]),
        meters=Fraction(meters),
        gun=str(form["gun"]),
        size=str(form["size"]),
        base_bdg=base_bdg(ammo, override, settings.supplied_bdg),
        armor={n: bullet_av(dict(target), n) for n in LOCATIONS},
        situations=missile_situations(form),
        ia_value=whole(form["ia_value"]),
        autofire=bool(form["autofire"]),
        bursts=int(form["bursts"]),
        match=bool(form["match"]),
        shotgun_critical_row=settings.shotgun_critical_row,
        pbr_mode=settings.pbr_mode,
        shot=shot_size(ammo, override),
        critical_miss_table=str(form["miss_table"]),
        durability=whole(form["durability"]),
        modern_96=settings.modern_96,
        autoloading=YES_NO.get(str(form["autoloading"])),
        gun_action=str(form["gun_action"]),
        bdg_order=settings.bdg_order,
        cover_av=whole(form["cover_av"]) or 0,
        shots=int(form["shots"]),
        burst_size=int(form["burst_size"]),
        max_bursts=whole(form["max_bursts"]),
        has_extractor=YES_NO.get(str(form["extractor"])),
    )


@checked
def hth_attack(
    attacker: Mapping[str, Any],
    target: Mapping[str, Any],
    form: Mapping[str, Any],
    settings: Campaign,
    now: Moment,
    thrown: bool = False,
) -> HthAttack:
    """AFT-56's inputs (or a muscle-powered missile's, ``thrown``): the weapon and Damage
    Potential from the form (AFT-M05), Strength, Deftness, armor and Mass from the sheets."""
    attacker_view = derived(attacker, now, settings)
    extra: dict[str, Any] = {}
    if thrown:
        extra = {
            **_shot(attacker, target, form),
            "thrown": True,
            "missile_situations": missile_situations(form),
            "count": int(form["count"]),
            "deftness_group": attacker_view.effective["DFT"].number,
        }
    return HthAttack(
        **_common(attacker, target, form, settings, now),
        **extra,
        weapon=str(form["weapon"]),
        use=str(form.get("use", "strike")),
        strength_group=attacker_view.groups["STR"].number,
        zone=str(form.get("zone", "front_side_rear_hex")),
        situations=() if thrown else _hth_situations(attacker, form),
        starred_apply=settings.starred_apply,
        damage_potential=whole(form["damage_potential"]),
        armor=hth_armor(target, derived(target, now, settings)),
        note_13=settings.note_13,
        note_13_cap_multiple=settings.note_13_cap,
        thrown_critical_miss_table=settings.thrown_critical_miss_table,
    )


def _hth_situations(attacker: Mapping[str, Any], form: Mapping[str, Any]) -> tuple[str, ...]:
    """AFT-08: the form's situations, and the attacker's wound row from their sheet (damage ÷ DRT,
    AFT-M07) or the level the user chose instead."""
    chosen = [key for key in form["situations"] if key not in WOUND_ROWS.values()]
    return (*chosen, *wound_rows(attacker, str(form.get("wound_level", ""))))


__all__ = [
    "hth_attack",
    "missile_attack",
]
