"""The shape of the app's saved data (schema 1) and its validation.

Sections are top-level keys. Unknown sections and unknown fields are kept untouched, so data written
by a newer page of the same schema survives a round trip through an older one.

>>> validate_data(default_data())
[]
>>> validate_data({"dice": {"log": "nope"}})
["dice.log must be a list of rolls, got 'nope'"]
"""

from __future__ import annotations

from typing import Any

from pycore.validate import checked

ROLL_LOG_LIMIT = 200  # newest first; older rolls fall off the end


def default_data() -> dict[str, Any]:
    """A new user's data."""
    return {
        "dice": {"expr": "3d6", "target": 10, "seed": "", "log": []},
        "settings": {"persist_asked": False, "persist_granted": None},
    }


def _problems_in_roll(index: int, entry: Any) -> list[str]:
    where = f"dice.log[{index}]"
    if not isinstance(entry, dict):
        return [f"{where} must be an object, got {entry!r:.40}"]
    problems = []
    for field, kind in (("expr", str), ("text", str), ("at", str), ("seed", str)):
        if not isinstance(entry.get(field), kind):
            problems.append(f"{where}.{field} must be text")
    total = entry.get("total")
    if not isinstance(total, int) or isinstance(total, bool):
        problems.append(f"{where}.total must be a whole number")
    return problems


@checked
def validate_data(data: Any) -> list[str]:
    """Every problem that makes ``data`` unusable, in words; empty when it is fine."""
    if not isinstance(data, dict):
        return [f"data must be an object, got {type(data).__name__}"]
    problems: list[str] = []
    dice = data.get("dice", {})
    if not isinstance(dice, dict):
        problems.append("dice must be an object")
    else:
        log = dice.get("log", [])
        if not isinstance(log, list):
            problems.append(f"dice.log must be a list of rolls, got {log!r:.40}")
        else:
            for index, entry in enumerate(log):
                problems.extend(_problems_in_roll(index, entry))
        for field in ("expr", "seed"):
            if field in dice and not isinstance(dice[field], str):
                problems.append(f"dice.{field} must be text")
        target = dice.get("target", 0)
        if not isinstance(target, int) or isinstance(target, bool):
            problems.append("dice.target must be a whole number")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        problems.append("settings must be an object")
    return problems


@checked
def with_defaults(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with any missing section or field filled from the defaults (nothing removed).

    >>> with_defaults({"dice": {"expr": "d20"}, "mine": 1})["dice"]["target"]
    10
    >>> with_defaults({"mine": 1})["mine"]
    1
    """
    merged = dict(data)
    for section, defaults in default_data().items():
        current = merged.get(section)
        merged[section] = {**defaults, **current} if isinstance(current, dict) else defaults
    return merged
