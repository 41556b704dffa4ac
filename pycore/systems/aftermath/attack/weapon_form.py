"""Aftermath! the attack worksheet set up from one of a sheet's weapons (``gear.arms`` says
what the weapon sets up: its skill's BCS, a gun's rows and ammunition; this module fills the
worksheet's forms with it, nothing kept from an earlier choice, FIGHT.md).

>>> s = {"skills": [{"name": "Rifle", "bcs": 14}], "weapons": [{"name": "R", "kind": "gun",
...     "gun": "long_gun|Rifle", "skill": "Rifle"}]}
>>> form_for(attack_setup(s, "R"), "missile")["range_row"]
'Long Gun Rifle'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.errors import RuleError
from pycore.systems.aftermath.attack.worksheet import MODES, fresh_form, set_form_field
from pycore.systems.aftermath.gear.arms import WeaponSetup, attack_setup, sheet_weapons
from pycore.systems.aftermath.gear.weapon_record import tidy
from pycore.validate import checked

__all__ = ["choose_weapon", "form_for", "on_sheet_change", "pick_combatant"]


@checked
def form_for(setup: WeaponSetup, mode: str) -> dict[str, Any]:
    """A fresh worksheet form of ``mode`` filled from the weapon: skill and base BCS ("" while
    asked, never a default), the gun and its row, or the listed weapon.

    >>> s = {"skills": [{"name": "Rifle", "bcs": 14}], "weapons": [{"name": "R", "kind": "gun",
    ...     "gun": "long_gun|Rifle", "skill": "Rifle"}]}
    >>> form = form_for(attack_setup(s, "R"), "missile")
    >>> form["skill"], form["bcs"], form["gun"], form["size"], form["range_row"]
    ('Rifle', 14, 'long_gun', 'Rifle', 'Long Gun Rifle')
    """
    form = fresh_form(mode)
    form["skill"] = setup.skill
    form["bcs"] = "" if setup.base_bcs is None else setup.base_bcs
    if mode == "missile" and setup.mode == "missile":
        form = set_form_field(form, "gun", f"{setup.gun}|{setup.size}")  # AFT-46: its row
        # The cartridge is the one loaded in this gun (AFT-47: its base BDG), never another
        # gun's or a default round: "" while the sheet does not say, and then it is asked.
        form["ammo"] = setup.ammo
    elif mode in ("hth", "thrown") and setup.listed:
        form["weapon"] = setup.listed
    return form


def _fresh(combat: Mapping[str, Any]) -> dict[str, Any]:
    out = {**combat, "override": "", "pending": None, "weapon": ""}
    for mode in MODES:
        out[mode] = fresh_form(mode)
    return out


@checked
def choose_weapon(
    combat: Mapping[str, Any], attacker: Mapping[str, Any], weapon_name: str
) -> dict[str, Any]:
    """The worksheet with the attacker's weapon ``weapon_name`` chosen: every form starts fresh
    (nothing kept from an earlier choice, FIGHT.md) and is filled from the weapon; a gun turns
    to the missile attack, a hand weapon to hand-to-hand (or stays on thrown). "" chooses none.

    >>> s = {"skills": [], "weapons": [{"name": "Bat", "kind": "hand", "listed": "Baseball bat"}]}
    >>> c = choose_weapon({"mode": "missile"}, s, "Bat")
    >>> c["mode"], c["weapon"], c["hth"]["weapon"], c["hth"]["bcs"]
    ('hth', 'Bat', 'Baseball bat', '')
    """
    out = _fresh(combat)
    if not tidy(weapon_name):
        return out
    setup = attack_setup(attacker, weapon_name)
    out["weapon"] = setup.weapon.name
    keep_thrown = setup.mode == "hth" and combat.get("mode") == "thrown"
    out["mode"] = "thrown" if keep_thrown else setup.mode
    for mode in MODES:
        if (mode == "missile") == (setup.mode == "missile"):
            out[mode] = form_for(setup, mode)
    return out


def _first_weapon(combat: dict[str, Any], attacker: Mapping[str, Any]) -> dict[str, Any]:
    """A fresh set-up with the attacker's first weapon (FIGHT.md: the default, the GM can pick
    another); the worksheet turns to that weapon's attack. None on the sheet: nothing chosen."""
    own = sheet_weapons(attacker)
    if not own:
        return combat
    try:
        return choose_weapon({**combat, "mode": own[0].mode}, attacker, own[0].name)
    except RuleError:
        return combat  # a weapon the listing no longer knows: chosen by hand


@checked
def pick_combatant(
    combat: Mapping[str, Any],
    role: str,
    index: int,
    attacker: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The worksheet with a new attacker or target (``role``): a fresh set-up, nothing kept
    from the previous combatant (FIGHT.md). A new attacker (``attacker`` his sheet) comes with
    his first weapon chosen; when he was the target, the previous attacker becomes the target
    (no one attacks himself by a switch). A new target keeps the attacker's weapon and fills
    the forms again from ``attacker``'s sheet.

    >>> pick_combatant({"attacker": 0, "weapon": "Bat"}, "attacker", 1)["weapon"]
    ''
    >>> s = {"skills": [], "weapons": [{"name": "Bat", "kind": "hand", "listed": "Club"}]}
    >>> c = pick_combatant({"attacker": 0, "target": 1, "mode": "missile"}, "attacker", 1, s)
    >>> c["weapon"], c["mode"], c["target"]
    ('Bat', 'hth', 0)
    """
    if role not in ("attacker", "target"):
        raise RuleError(f"role {role!r} is unknown; allowed: attacker, target")
    if isinstance(index, bool) or not 0 <= index <= 10_000:
        raise RuleError(f"{role} {index!r} is outside 0 to 10000")
    out = {**_fresh(combat), role: index}
    if role == "attacker":
        before = combat.get("attacker")
        if combat.get("target") == index and isinstance(before, int) and before != index:
            out["target"] = before
        return _first_weapon(out, attacker) if attacker is not None else out
    chosen = tidy(combat.get("weapon"))
    if chosen and attacker is not None:
        try:
            return {**choose_weapon(out, attacker, chosen), role: index}
        except RuleError:
            return out  # the weapon left the sheet: nothing chosen
    return out


@checked
def on_sheet_change(
    combat: Mapping[str, Any], index: int, sheet: Mapping[str, Any]
) -> dict[str, Any]:
    """The worksheet once combatant ``index``'s weapons changed on his ``sheet``: when he is the
    attacker with no weapon chosen and no attack under way, his first weapon becomes the chosen
    one (FIGHT.md: the first weapon is the default); otherwise nothing changes.

    >>> s = {"skills": [], "weapons": [{"name": "Bat", "kind": "hand", "listed": "Club"}]}
    >>> on_sheet_change({"attacker": 0, "weapon": "", "mode": "missile"}, 0, s)["weapon"]
    'Bat'
    >>> on_sheet_change({"attacker": 1, "weapon": "", "mode": "missile"}, 0, s)["weapon"]
    ''
    """
    chosen = tidy(combat.get("weapon")) or combat.get("pending")
    if combat.get("attacker") != index or chosen or not sheet_weapons(sheet):
        return dict(combat)
    return _first_weapon({**_fresh(combat), "attacker": index}, sheet)
