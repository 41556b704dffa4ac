"""What a resolved attack does to the sheets (AFT-15, AFT-24, AFT-28, AFT-M43): the target's
damage and conditions, and what a critical miss did to the attacker. An attack reads and writes
sheets (``sheet.sheet``); the sheet knows nothing of attacks.
"""

from __future__ import annotations

from typing import Any

from pycore.systems.aftermath.attack.steps import Resolution
from pycore.systems.aftermath.sheet.sheet import merged, with_conditions
from pycore.validate import checked


@checked
def apply_resolution(
    sheet: dict[str, Any], resolution: Resolution
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Apply a resolved attack to the target's sheet (AFT-15, AFT-24, AFT-M43): Damage Done is
    recorded by its letter — L lethal, B half lethal and half subdual (L752, the lethal half
    rounded up), C kept apart (the letter is not expanded, AFT-M30); Trauma makes the Damage
    Done Critical Damage plus ½ of it Lethal; every new condition is added with its timer.

    >>> r = Resolution("hth", (), hit=True, location=4, damage_done=5, damage_type="B")
    >>> from pycore.systems.aftermath.sheet.sheet import new_sheet
    >>> sheet, notes = apply_resolution(new_sheet(), r)
    >>> sheet["damage"], notes
    ({'lethal': 3, 'subdual': 2, 'critical': 0}, ('5 B damage: 3 lethal, 2 subdual',))
    """
    out = merged(sheet)
    damage = dict(out["damage"])
    notes: list[str] = []
    done = int(resolution.damage_done)
    rules = resolution.rules
    if rules is not None and rules.effect == "trauma":
        damage["critical"] = int(damage.get("critical", 0)) + rules.critical_damage
        damage["lethal"] = int(damage.get("lethal", 0)) + rules.extra_lethal_damage
        notes.append(
            f"Trauma: {rules.critical_damage} Critical Damage and {rules.extra_lethal_damage} Lethal"
        )
    elif done:
        kind = resolution.damage_type or "L"
        if kind == "B":
            lethal = -(-done // 2)
            damage["lethal"] = int(damage.get("lethal", 0)) + lethal
            damage["subdual"] = int(damage.get("subdual", 0)) + done - lethal
            notes.append(f"{done} B damage: {lethal} lethal, {done - lethal} subdual")
        elif kind == "C":
            damage["c_type"] = int(damage.get("c_type", 0)) + done
            notes.append(f"{done} C damage (the letter C is not expanded in the source)")
        else:
            damage["lethal"] = int(damage.get("lethal", 0)) + done
            notes.append(f"{done} Lethal damage")
    out["damage"] = damage
    notes.extend(str(c) for c in resolution.conditions)
    return with_conditions(out, resolution.conditions), tuple(notes)


@checked
def apply_to_attacker(
    sheet: dict[str, Any], resolution: Resolution
) -> tuple[dict[str, Any], tuple[str, ...]]:
    """What a critical miss did to the attacker (AFT-28): their conditions, and the Critical
    Damage of a disabled attacking part (AFT-M43: recorded apart).

    >>> r = Resolution("hth", (), attacker_critical_damage=4)
    >>> from pycore.systems.aftermath.sheet.sheet import new_sheet
    >>> apply_to_attacker(new_sheet(), r)[0]["damage"]["critical"]
    4
    """
    out = merged(sheet)
    notes: list[str] = []
    critical = int(resolution.attacker_critical_damage)
    if critical:
        out["damage"] = {**out["damage"], "critical": int(out["damage"]["critical"]) + critical}
        notes.append(f"{critical} Critical Damage to the attacking part")
    lethal = int(resolution.attacker_lethal_damage)
    if lethal:
        out["damage"] = {**out["damage"], "lethal": int(out["damage"]["lethal"]) + lethal}
        notes.append(f"{lethal} Lethal damage from the chamber explosion")
    notes.extend(str(c) for c in resolution.attacker_conditions)
    return with_conditions(out, resolution.attacker_conditions), tuple(notes)
