"""A weapon as an Aftermath! sheet saves it (issue 28): its fields and their words, a gun's
loaded ammunition, and the record a version-1 sheet's bare weapon name becomes. The sheet, its
codec and the weapon rules (:mod:`.arms`) all read it; it reads none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from pycore.systems.aftermath.limits import MAX_NAME
from pycore.validate import checked, is_whole

#: Each field of a weapon and the words its errors use.
FIELD_NAMES: Final = {
    "name": "Weapon name",
    "kind": "Kind",
    "gun": "Gun",
    "listed": "Weapon from the listing",
    "skill": "Skill",
    "ammo": "Loaded ammunition",
    "rounds": "Rounds left",
    "capacity": "Rounds when full",
}
#: A gun's loaded ammunition (issue 28): the cartridge (a T40-T42 key, "" while not said), the
#: rounds left and the rounds a full load holds ("" while not said: nothing is counted).
AMMO_FIELDS: Final = ("ammo", "rounds", "capacity")
MAX_ROUNDS: Final = 1000


@checked
def tidy(raw: object) -> str:
    """Saved text with its runs of spaces made one ("" for anything else)."""
    return " ".join(raw.split()) if isinstance(raw, str) else ""


@checked
def legacy_weapon(raw: object) -> dict[str, Any]:
    """A saved weapon as a record: a version-1 sheet held only a Weapons Listing name, which
    becomes a hand weapon with no skill chosen yet (nothing the user entered is lost).

    >>> legacy_weapon("Sword, machete")
    {'name': 'Sword, machete', 'kind': 'hand', 'gun': '', 'listed': 'Sword, machete', 'skill': ''}
    """
    if isinstance(raw, str):
        return {
            "name": tidy(raw)[:MAX_NAME],
            "kind": "hand",
            "gun": "",
            "listed": raw,
            "skill": "",
        }
    found = raw if isinstance(raw, Mapping) else {}
    out: dict[str, Any] = {
        key: tidy(found.get(key)) for key in FIELD_NAMES if key not in AMMO_FIELDS
    }
    listed = found.get("listed")
    out["listed"] = listed if isinstance(listed, str) else ""
    if out["kind"] == "gun":  # only a gun is loaded
        out["ammo"] = tidy(found.get("ammo"))
        out["rounds"] = round_count(found.get("rounds"))
        out["capacity"] = round_count(found.get("capacity"))
    return out


@checked
def round_count(raw: object) -> int | str:
    """A saved count of rounds: a whole number from 0 to MAX_ROUNDS, else "" (not said)."""
    if is_whole(raw) and 0 <= raw <= MAX_ROUNDS:
        return raw
    text = tidy(raw)
    return (
        int(text)
        if text.isascii() and text.isdigit() and len(text) <= 4 and int(text) <= MAX_ROUNDS
        else ""
    )
