"""The attack worksheet: its saved forms (a missile, hand-to-hand and thrown attack, JSON-able
like the sheets), the checks on what is typed into them, and the attack the core resolves,
built from the form, the attacker's and the target's sheets and the campaign settings. Every
value a sheet has (CDA, Mass, armor, Health AST and CST, the encumbrance status, conditions) is
the sheet's; what the text does not give stays the form's, asked, never guessed.

>>> from pycore.systems.aftermath.sheet.sheet import new_sheet, set_field
>>> from pycore.systems.aftermath.conditions import moment
>>> target = set_field(new_sheet("Bo"), "derived.cda", "1")
>>> form = form_of("missile", {"bcs": 12})
>>> setup = Setup("missile", new_sheet("Ana"), target, form, campaign({}), moment(1, 1))
>>> found = preview(setup)
>>> str(found.total)
'BCS 12 + range EFF 0 + Inherent Accuracy +1 + target stationary (CDA 1 × 1) −1 = 12'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final

from pycore.dice import RandintSource
from pycore.errors import FieldError, RuleError
from pycore.systems.aftermath.attack.apply import apply_resolution, apply_to_attacker
from pycore.systems.aftermath.attack.bind import (
    WOUND_ROWS,
    may_attack,
    wound_rows,
)
from pycore.systems.aftermath.attack.hand import HthAttack, hth_bcs, resolve_hth
from pycore.systems.aftermath.attack.missile import MissileAttack, missile_bcs, resolve_missile
from pycore.systems.aftermath.attack.situation import (
    hth_keys,
    missile_keys,
    missile_situations,
    toggled_situation,
)
from pycore.systems.aftermath.attack.steps import LowerSave, Resolution, Step
from pycore.systems.aftermath.bcs import BcsTotal
from pycore.systems.aftermath.campaign import Campaign, campaign
from pycore.systems.aftermath.conditions import Moment
from pycore.systems.aftermath.gear.armor import armor_material
from pycore.systems.aftermath.gear.guns import base_bdg, critical_row, range_row_for, shot_size
from pycore.systems.aftermath.gear.guns import range_group as range_group_of
from pycore.systems.aftermath.limits import MAX_METERS
from pycore.systems.aftermath.sheet.sheet import (
    LOCATIONS,
    SheetView,
    bullet_av,
    derive,
    location_regions,
)
from pycore.validate import checked, choice

MODES: Final = ("missile", "hth", "thrown")
MODE_NAMES: Final = {"missile": "missile", "hth": "hand-to-hand", "thrown": "thrown"}
YES_NO: Final = {"yes": True, "no": False}

_SHARED: Final[Mapping[str, Any]] = {
    "skill": "",
    "bcs": "",
    "situations": [],
    "critical_hit": False,
    "critical_miss": False,
    "direction": "",
    "attack_from": "front",
    "near_side": "",
    "encumbrance": 0,
    "distractions": 0,
    "cuts": "",
}
#: The saved forms' defaults, per attack mode.
FORMS: Final[Mapping[str, Mapping[str, Any]]] = {
    "missile": {
        **_SHARED,
        "range_row": "Pistol STD",
        "meters": "20",
        "gun": "pistol",
        "size": "STD",
        "ia_value": "",
        "ammo": "pistol:38 Special",
        "bdg": "",
        "damage_taken": 0,
        "damage_source": "",
        "new_target": False,
        "target_source": "",
        "target_action": "stationary",
        "dodging": False,
        "autofire": False,
        "bursts": 0,
        "match": False,
        "special_effect": False,
        "miss_table": "",
        "durability": "",
        "autoloading": "",
        "extractor": "",
        "gun_action": "",
        "cover_av": "",
        "shots": 1,
        "burst_size": "3",
        "max_bursts": "",
    },
    "hth": {
        **_SHARED,
        "weapon": "",
        "use": "strike",
        "zone": "front_side_rear_hex",
        "damage_potential": "",
        "wound_level": "",
    },
    "thrown": {
        **_SHARED,
        "weapon": "Knife, throwing",
        "count": 1,
        "damage_taken": 0,
        "damage_source": "",
        "new_target": False,
        "target_source": "",
        "target_action": "stationary",
        "dodging": False,
        "damage_potential": "",
        "special_effect": False,
    },
}
#: Fields an attack sets for itself, cleared once it is made: the critical ticks (each attack
#: result carries its own, AFT-04) and the Damage Potential (asked after the roll, AFT-M05).
PER_ATTACK: Final = ("critical_hit", "critical_miss", "damage_potential")
#: Whole-number fields and their range; the optional ones may be left empty.
WHOLE_FIELDS: Final = {  # each field: its range and its name in a refusal (on the form)
    "count": (1, 8, "How many at once"),
    "damage_taken": (0, 1000, "Damage taken this Combat Turn"),
    "bursts": (0, 20, "Full bursts fired"),
    "shots": (1, 3, "Shots this Action"),
    "encumbrance": (-2, 0, "Encumbrance"),
    "distractions": (0, 20, "Distractions suffered"),
}
OPTIONAL_FIELDS: Final = {
    "bcs": (-100, 100, "Base BCS"),
    "ia_value": (-10, 10, "SMG Inherent Accuracy"),
    "bdg": (0, 200, "Base BDG override"),
    "damage_potential": (0, 1000, "Damage Potential"),
    "near_side": (1, 30, "Near-side location"),
    "durability": (0, 100, "Weapon Durability"),
    "max_bursts": (1, 20, "Most bursts per Action"),
    "cover_av": (0, 200, "Cover AV"),
}


@checked
def form_of(mode: str, saved: Any) -> dict[str, Any]:
    """A saved form merged over its defaults (a fresh copy).

    >>> form_of("hth", {"weapon": "Club"})["weapon"], form_of("thrown", None)["count"]
    ('Club', 1)
    """
    defaults = FORMS[choice(mode, "attack form", tuple(FORMS))]
    found = saved if isinstance(saved, Mapping) else {}
    return {**defaults, **{k: v for k, v in found.items() if k in defaults}}


@checked
def fresh_form(mode: str) -> dict[str, Any]:
    """A fresh set-up: what a new attacker or target starts from. Nothing is kept from the
    previous combatant; the skill and base BCS are asked (no BCS is assumed).

    >>> fresh_form("missile")["bcs"], fresh_form("hth")["situations"]
    ('', [])
    """
    form = FORMS[choice(mode, "attack form", tuple(FORMS))]
    return {k: (list(v) if isinstance(v, list) else v) for k, v in form.items()}


@checked
def after_attack(form: Mapping[str, Any]) -> dict[str, Any]:
    """The form once an attack is made: its own ticks and Damage Potential cleared."""
    defaults = FORMS["missile"] if "gun" in form else FORMS["hth"]
    return {**form, **{k: defaults.get(k, "") for k in PER_ATTACK if k in form}}


def _gun_row(out: dict[str, Any]) -> None:
    """AFT-46: choosing a gun (or automatic fire) sets its Range Table row; a shot-loaded
    shotgun's row is its choke, kept if one is chosen, else asked ("")."""
    row = range_row_for(str(out["gun"]), str(out["size"]), bool(out.get("autofire")))
    if row is not None:
        out["range_row"] = row
    elif not out["range_row"] or range_group_of(str(out["range_row"])) != "shot_load":
        out["range_row"] = ""


def _whole(text: object) -> int | None:
    raw = str(text).strip()
    try:
        return int(raw) if raw else None
    except ValueError:
        return None


@checked
def set_form_field(
    form: Mapping[str, Any], key: str, raw: str, attacker: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """``form`` with ``key`` set from what was typed, checked; choosing a skill of the attacker
    fills the base BCS from his sheet (by the skill's name). A RuleError says what is allowed.

    >>> set_form_field(FORMS["missile"], "meters", " 12.5 ")["meters"]
    '12.5'
    >>> set_form_field(FORMS["missile"], "bcs", "200")
    Traceback (most recent call last):
    ...
    pycore.errors.FieldError: Base BCS must be empty or a whole number from -100 to 100.
    """
    out = dict(form)
    text = str(raw)
    if key in WHOLE_FIELDS:
        low, high, name = WHOLE_FIELDS[key]
        value = _whole(text)
        if value is None or not low <= value <= high:
            raise FieldError(key, f"{name} must be a whole number from {low} to {high}.")
        out[key] = value
    elif key in OPTIONAL_FIELDS:
        low, high, name = OPTIONAL_FIELDS[key]
        value = _whole(text)
        if text.strip() and (value is None or not low <= value <= high):
            raise FieldError(key, f"{name} must be empty or a whole number from {low} to {high}.")
        out[key] = "" if value is None else value
    elif key == "meters":
        out[key] = _meters(text)
    elif key == "gun":
        out["gun"], _, out["size"] = text.partition("|")
        _gun_row(out)
    elif key == "skill":
        out["skill"] = text
        for skill in (attacker or {}).get("skills", []):
            if skill["name"] == text:
                out["bcs"] = skill["bcs"]
    elif key in form:
        out[key] = text
    else:
        raise RuleError(f"the worksheet has no field {key!r}")
    return out


def _meters(text: str) -> str:
    """Numbers are exact as typed: the range is kept as the typed decimal."""
    try:
        meters = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise RuleError(
            f"Range must be a number of metres from 0 to {MAX_METERS}, e.g. 25."
        ) from None
    if not 0 <= meters <= MAX_METERS:
        raise FieldError("meters", f"Range must be from 0 to {MAX_METERS} m.")
    return text.strip()


@checked
def toggle(form: Mapping[str, Any], key: str) -> dict[str, Any]:
    """``form`` with a yes/no option flipped, or a situation (``sit:<key>``) added or removed.

    >>> toggle(toggle(FORMS["hth"], "sit:target_prone"), "critical_hit")["situations"]
    ['target_prone']
    >>> toggle(FORMS["missile"], "sit:target_prone")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: missile situation 'target_prone' is unknown; allowed: ...
    """
    out = dict(form)
    if key.startswith("sit:"):
        # AFT-08 against AFT-09: a hand-to-hand situation has no row on a missile's table (a
        # thrown weapon is a missile here), and the other way round.
        name = key[4:]
        missile = "gun" in out or "count" in out
        keys = missile_keys() if missile else hth_keys()
        choice(name, "missile situation" if missile else "hand-to-hand situation", keys)
        out = toggled_situation(out, name)
    elif isinstance(out.get(key), bool):
        out[key] = not out[key]
        if key == "autofire":
            _gun_row(out)
    else:
        raise RuleError(f"the worksheet has no option {key!r}")
    return out


@checked
def derived(sheet: Mapping[str, Any], now: Moment, settings: Campaign) -> SheetView:
    """A sheet's derived values under the campaign's readings (AFT-M29, AFT-02)."""
    return derive(dict(sheet), now, settings.group8_effect_die, settings.rounding)


@checked
def encumbrance_bcs(view: SheetView, form: Mapping[str, Any]) -> int:
    """AFT-33: the attacker's status from his sheet once its ENC CAP is entered, else the form's."""
    return view.encumbrance.bcs if view.encumbrance is not None else int(form["encumbrance"])


@checked
def target_save(target: Mapping[str, Any], settings: Campaign) -> LowerSave:
    """The target's Health throws (AFT-23 to AFT-27): a PC or personality NPC may lower an
    effect; the Health AST and CST are the sheet's (AFT-M03)."""
    return LowerSave(
        bool(target.get("personality")),
        _whole(target["ast"]["HLH"]),
        _whole(target["cst"]["HLH"]),
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
    base = _whole(form["bcs"])
    if base is None:
        raise FieldError("bcs", "Base BCS: choose the attacker's skill, or type it (-100 to 100)")
    return {
        "base_bcs": base,
        "dazed": attacker_view.dazed,
        "encumbrance_bcs": encumbrance_bcs(attacker_view, form),
        "distractions": int(form["distractions"]),
        "bcs_per_distraction": settings.bcs_per_distraction,
        "target_save": target_save(target, settings),
        "target_deftness": (_whole(target["ast"]["DFT"]), _whole(target["cst"]["DFT"])),
        "critical_hit": bool(form["critical_hit"]),
        "critical_miss": bool(form["critical_miss"]),
        "critical_hit_at_or_below": settings.critical_hit_at_or_below,
        "critical_miss_at_or_above": settings.critical_miss_at_or_above,
        "body": str(target["body"]),
        "direction": str(form["direction"]) or None,
        "attack_from": str(form["attack_from"]),
        "near_side": _whole(form["near_side"]),
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
    (hip fire, AFT-09), his damage this turn, the target's CDA, movement and Mass (AFT-10,
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
    override = _whole(form["bdg"])
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
    return MissileAttack(
        **common,
        **_shot(attacker, target, form),
        range_row=str(form["range_row"]),
        meters=Fraction(str(form["meters"]).strip() or "0"),
        gun=str(form["gun"]),
        size=str(form["size"]),
        base_bdg=base_bdg(ammo, override, settings.supplied_bdg),
        armor={n: bullet_av(dict(target), n) for n in LOCATIONS},
        situations=missile_situations(form),
        ia_value=_whole(form["ia_value"]),
        autofire=bool(form["autofire"]),
        bursts=int(form["bursts"]),
        match=bool(form["match"]),
        shotgun_critical_row=settings.shotgun_critical_row,
        pbr_mode=settings.pbr_mode,
        shot=shot_size(ammo, override),
        critical_miss_table=str(form["miss_table"]),
        durability=_whole(form["durability"]),
        modern_96=settings.modern_96,
        autoloading=YES_NO.get(str(form["autoloading"])),
        gun_action=str(form["gun_action"]),
        bdg_order=settings.bdg_order,
        cover_av=_whole(form["cover_av"]) or 0,
        shots=int(form["shots"]),
        burst_size=int(form["burst_size"]),
        max_bursts=_whole(form["max_bursts"]),
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
        damage_potential=_whole(form["damage_potential"]),
        armor=hth_armor(target, derived(target, now, settings)),
        note_13=settings.note_13,
        note_13_cap_multiple=settings.note_13_cap,
        thrown_critical_miss_table=settings.thrown_critical_miss_table,
    )


def _hth_situations(attacker: Mapping[str, Any], form: Mapping[str, Any]) -> tuple[str, ...]:
    """AFT-08: the form's situations, and the attacker's wound row from his sheet (damage ÷ DRT,
    AFT-M07) or the level the user chose instead."""
    chosen = [key for key in form["situations"] if key not in WOUND_ROWS.values()]
    return (*chosen, *wound_rows(attacker, str(form.get("wound_level", ""))))


@dataclass(frozen=True)
class Setup:
    """An attack about to be made: its mode, the attacker's and the target's sheets, the form,
    the campaign settings and the moment (AFT-55)."""

    mode: str
    attacker: Mapping[str, Any]
    target: Mapping[str, Any]
    form: Mapping[str, Any]
    settings: Campaign
    now: Moment
    # The GM's reason to let an attack the rules forbid go ahead (a Stunned attacker...).
    override: str = ""

    def attack(self) -> MissileAttack | HthAttack:
        """The core's attack: a missile (AFT-57), hand-to-hand or thrown (AFT-56, AFT-29)."""
        parts = (self.attacker, self.target, self.form, self.settings, self.now)
        if self.mode in ("hth", "thrown"):
            return hth_attack(*parts, thrown=self.mode == "thrown")
        return missile_attack(*parts)


@dataclass(frozen=True)
class Preview:
    """The BCS line by line before anything is rolled, and what the attack will wait for that
    is known already (a ticked critical with a shotgun and no row for it, AFT-M39)."""

    total: BcsTotal
    steps: tuple[Step, ...]
    waits_for: tuple[str, ...] = ()


@checked
def preview(setup: Setup) -> Preview:
    """The worksheet before the roll; a RuleError names a value the BCS itself needs."""
    attack = setup.attack()
    if isinstance(attack, HthAttack):
        total, steps, _ = hth_bcs(attack)
        return Preview(total, tuple(steps))
    total, steps = missile_bcs(attack)
    waits: tuple[str, ...] = ()
    row = critical_row(attack.gun, attack.range_row, attack.autofire, attack.shotgun_critical_row)
    if attack.critical_hit and attack.critical_hit_at_or_below is None and row is None:
        waits = ("settings.shotgun_critical_row",)
    return Preview(total, tuple(steps), waits)


@dataclass(frozen=True)
class Outcome:
    """A resolved attack applied: the resolution, the target's and the attacker's sheets after
    it (the same sheet when one attacks himself), and what was written to them."""

    resolution: Resolution
    target: dict[str, Any]
    attacker: dict[str, Any]
    applied: tuple[str, ...]
    attacker_applied: tuple[str, ...]


@checked
def resolve(setup: Setup, rng: RandintSource, same: bool = False) -> Outcome:
    """Roll the attack and write it to the sheets: damage and conditions to the target
    (AFT-15, AFT-55), what a critical miss did to the attacker (AFT-28, AFT-53)."""
    allowed = may_attack(setup.attacker, setup.now, setup.override)
    attack = setup.attack()
    if isinstance(attack, HthAttack):
        result = resolve_hth(attack, rng)
    else:
        result = resolve_missile(attack, rng)
    if allowed is not None:
        result = replace(result, steps=(allowed, *result.steps))
    new_target, notes = apply_resolution(dict(setup.target), result)
    attacker = new_target if same else dict(setup.attacker)
    new_attacker, hurt = apply_to_attacker(attacker, result)
    if same:
        new_target = new_attacker
    return Outcome(result, new_target, new_attacker, notes, hurt)


#: What a hit may wait for and the user give right then, the dice rolled so far kept: the
#: Damage Potential once the critical is known (001 lines 7-13, AFT-18, AFT-M05), and the near
#: side of a side attack's split (AFT-12, AFT-F1). The form's field each answer fills.
ASKED_AFTER_THE_ROLL: Final = {
    "attack.damage_potential": "damage_potential",
    "attack.near_side_location": "near_side",
}


@checked
def asked(outcome: Outcome) -> str:
    """The value a hit waits for that is given now, or "" (the attack is done)."""
    waits = outcome.resolution.waits_for
    return waits[0] if len(waits) == 1 and waits[0] in ASKED_AFTER_THE_ROLL else ""


@checked
def waits_for_potential(outcome: Outcome) -> bool:
    """Whether a hand-to-hand or thrown hit waits for its Damage Potential."""
    return asked(outcome) == "attack.damage_potential"


@checked
def with_answer(setup: Setup, key: str, raw: str) -> Setup:
    """The same attack with the value the user gave after the roll; resolved again from the same
    seed it rolls the same dice up to that point, then goes on (AFT-56, AFT-57)."""
    name = ASKED_AFTER_THE_ROLL[key]
    value = _whole(raw)
    low, high, what = OPTIONAL_FIELDS[name]
    if value is None or not low <= value <= high:
        raise FieldError(name, f"{what}: a whole number from {low} to {high}.")
    return replace(setup, form={**setup.form, name: value})


@checked
def with_potential(setup: Setup, damage_potential: str) -> Setup:
    """The attack with its Damage Potential, given once the critical is known."""
    return with_answer(setup, "attack.damage_potential", damage_potential)


__all__ = [
    "FORMS",
    "MODES",
    "MODE_NAMES",
    "Outcome",
    "Preview",
    "Setup",
    "after_attack",
    "asked",
    "campaign",
    "form_of",
    "fresh_form",
    "hth_attack",
    "missile_attack",
    "preview",
    "resolve",
    "set_form_field",
    "toggle",
    "waits_for_potential",
    "with_answer",
    "with_potential",
]
