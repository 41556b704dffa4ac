"""What the 3d6 system shares (its descriptor's ``shares``, read by ``pycore.share``): a fighter
and the campaign settings, each checked by the loader its saved data uses, and their words for
the preview someone reads before importing one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.errors import RuleError
from pycore.share.hook import share_hook
from pycore.share.words import Lists, Rows
from pycore.systems.gurps.injury import EYE_READINGS
from pycore.systems.gurps.sheet import Combatant, combatant_from_json, combatant_to_json


@share_hook
def check_fighter(data: dict[str, Any]) -> None:
    combatant_from_json(data)


@share_hook
def check_settings(data: dict[str, Any]) -> None:
    reading = data.get("eye_reading", EYE_READINGS[0])
    if reading not in EYE_READINGS or set(data) - {"eye_reading"}:
        raise RuleError(f"an eye hit is read one of two ways: {' or '.join(EYE_READINGS)}")


@share_hook
def fresh_fighter() -> dict[str, Any]:
    return combatant_to_json(Combatant())


@share_hook
def fighter_id(section: dict[str, Any], items: list[Any]) -> str:
    """An imported fighter's id: the section's next ``g<n>``, counted there (the page's
    numbering, ``rkweb.features.gurps.combatants``)."""
    next_id = section.get("next_id")
    number = next_id if isinstance(next_id, int) and next_id > 0 else len(items) + 1
    section["next_id"] = number + 1
    return f"g{number}"


@share_hook
def settings_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    reading = d.get("eye_reading", EYE_READINGS[0])
    words = (  # the 3d6 page's words for the two readings
        "is also a skull hit (wounding ×4, knockdown)"
        if reading == EYE_READINGS[0]
        else "is not a skull hit (ordinary wounding)"
    )
    return [("An eye hit that blinds", words)], []


@share_hook
def fighter_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    rows: Rows = [
        ("Strength (ST)", d.get("st")),
        ("Dexterity (DX)", d.get("dx")),
        ("Intelligence (IQ)", d.get("iq")),
        ("Health (HT)", d.get("ht")),
        ("Hit points", f"{d.get('hp_now')} of {d.get('hp')}"),
        ("Basic Speed", d.get("basic_speed")),
        ("Move", d.get("move")),
        ("Weapon", f"{d.get('weapon')}, skill {d.get('weapon_skill')}"),
        ("Damage", f"{d.get('damage')} {d.get('damage_type')}"),
        ("Damage resistance", d.get("dr")),
        ("Shield", _shield(d)),
        ("Posture", d.get("posture")),
    ]
    return rows, [("Notes", [str(d.get("notes") or "")])]


def _shield(d: Mapping[str, Any]) -> str:
    """The shield as the printed sheet says it: skill, DB and large (004 line 141; a GM read
    only "skill 11" of a large shield), from the shared sheet the loader accepted (a shape it
    never meant falls back to plain words, :func:`pycore.share.words.sheet_words`)."""
    return combatant_from_json(dict(d)).shield_said
