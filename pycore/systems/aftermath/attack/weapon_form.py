"""Aftermath! the attack worksheet set up from one of a sheet's weapons (``gear.arms`` says
what the weapon sets up: its skill's BCS, a gun's rows and ammunition; this module fills a
worksheet form with it). Choosing a weapon and picking the attacker or target are the fight's
steps (``fight.form.choose_weapon``, ``fight.turns.pick_combatant``), which derive every form
from here, nothing kept from an earlier choice (FIGHT.md).

>>> from pycore.systems.aftermath.gear.arms import attack_setup
>>> s = {"skills": [{"name": "Rifle", "bcs": 14}], "weapons": [{"name": "R", "kind": "gun",
...     "gun": "long_gun|Rifle", "skill": "Rifle"}]}
>>> form_for(attack_setup(s, "R"), "missile")["range_row"]
'Long Gun Rifle'
"""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.attack.worksheet_forms import fresh_form, set_form_field
from pycore.systems.aftermath.gear.arms import WeaponSetup
from pycore.validate import checked

__all__ = ["form_for"]


@checked
def form_for(setup: WeaponSetup, mode: str) -> dict[str, Any]:
    """A fresh worksheet form of ``mode`` filled from the weapon: skill and base BCS ("" while
    asked, never a default), the gun and its row, or the listed weapon.

    >>> from pycore.systems.aftermath.gear.arms import attack_setup
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
