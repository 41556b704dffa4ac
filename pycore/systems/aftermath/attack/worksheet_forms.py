"""The attack worksheet's saved forms (a missile, hand-to-hand and thrown attack, JSON-able like
the sheets) and the checks on what is typed into them: each field's range, a gun's Range Table
row, a situation toggled only on the table it belongs to. What the text does not give stays the
form's, asked, never guessed; :mod:`.inputs` builds the core's attack from a form."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Final

from pycore.errors import FieldError, RuleError
from pycore.systems.aftermath.attack.situation import hth_keys, missile_keys, toggled_situation
from pycore.systems.aftermath.gear.guns import range_group as range_group_of
from pycore.systems.aftermath.gear.guns import range_row_for
from pycore.systems.aftermath.limits import MAX_METERS
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
#: The missile and thrown forms' own: the damage the attacker took this Combat Turn, and the
#: target new to them, its action (moving, dodging: AFT-10's Target Actions), with their sources.
_RANGED: Final[Mapping[str, Any]] = {
    "damage_taken": 0,
    "damage_source": "",
    "new_target": False,
    "target_source": "",
    "target_action": "stationary",
    "dodging": False,
}
#: What a shot waits for while no range is held between the two fighters or typed (AFT-46:
#: "Find the range in metres on the display", 001 line 674): FIGHT.md, never a default that
#: looks like a rule. A thrown weapon has no Range Table row (T39 lists guns only): no range.
RANGE_FIRST: Final = "Range (m): type how far away the target is; the odds and the roll wait for it"
#: The saved forms' defaults, per attack mode.
FORMS: Final[Mapping[str, Mapping[str, Any]]] = {
    "missile": {
        **_SHARED,
        "range_row": "Pistol STD",
        # AFT-46: the range is read off the display; none is assumed (a 20 m nobody typed gave
        # a rifle SHT's +1). Empty until the GM types it or the fight holds one between the
        # two fighters (fight.value.PAIR_FIELDS); until then the shot waits (RANGE_FIRST).
        "meters": "",
        "gun": "pistol",
        "size": "STD",
        "ia_value": "",
        "ammo": "pistol:38 Special",
        "bdg": "",
        **_RANGED,
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
        **_RANGED,
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


def whole(text: object) -> int | None:
    """A typed whole number, or None when the text is empty or not one."""
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
    fills the base BCS from their sheet (by the skill's name). A RuleError says what is allowed.

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
        value = whole(text)
        if value is None or not low <= value <= high:
            raise FieldError(key, f"{name} must be a whole number from {low} to {high}.")
        out[key] = value
    elif key in OPTIONAL_FIELDS:
        low, high, name = OPTIONAL_FIELDS[key]
        value = whole(text)
        if text.strip() and (value is None or not low <= value <= high):
            raise FieldError(key, f"{name} must be empty or a whole number from {low} to {high}.")
        out[key] = "" if value is None else value
    elif key == "meters":
        out[key] = range_text(text)
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


@checked
def range_text(text: str) -> str:
    """A range typed or saved, checked: numbers are exact as typed, so the range is kept as
    the typed decimal; emptied, the shot waits for it again (RANGE_FIRST).

    >>> range_text(" 12.5 "), range_text("")
    ('12.5', '')
    """
    if not text.strip():
        return ""
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


__all__ = [
    "FORMS",
    "MODES",
    "MODE_NAMES",
    "RANGE_FIRST",
    "after_attack",
    "form_of",
    "fresh_form",
    "range_text",
    "set_form_field",
    "toggle",
]
