"""The numbers typed on the Simply fight screen: their bounds and labels, and how one is read
(the core checks each again with the rule's words); the attack's skill levels. Moved whole out
of :mod:`rkweb.features.simply.combat.state`, which imports them from here."""

from __future__ import annotations

from pycore.systems.simply import fight as core

#: Bounds of typed numbers: (low, high); the core checks them again with the rule's words.
NUMBERS: dict[str, tuple[int, int]] = {
    "hp_max": (1, core.MAX_HP),
    "strength": (1, 20),
    "health": (1, 20),
    "bonus": (-core.MAX_BONUS, core.MAX_BONUS),
    "max_damage": (1, 100),
    "luck": (0, core.MAX_LUCK),
    "actions": (1, core.MAX_ACTIONS),
    "tn": (-99, 999),
    "defend_tn": (-99, 999),
    "shield_tn": (-99, 999),
    "raw": (0, 999),
    "d20": (1, 20),
    "other": (-99, 99),
    "rating": (-99, 999),
    "attack_skill": (-99, 999),
    "minutes": (1, core.MAX_MINUTES),
}
LABELS = {
    "hp_max": "HP",
    "strength": "S",
    "health": "H",
    "bonus": "Initiative bonus",
    "max_damage": "Max damage",
    "luck": "Luck points",
    "actions": "Actions per turn",
    "tn": "Attack TN",
    "defend_tn": "Defend TN",
    "shield_tn": "Defend TN with shield",
    "raw": "Raw damage",
    "d20": "D20 roll",
    "other": "Spells/powers modifier",
    "rating": "Skill rating",
    "attack_skill": "Attack skill rating",
    "minutes": "Minutes",
}
LEVELS = ("Default", "Familiar", "Capable", "Professional", "Expert")


def number(form: dict[str, str], field: str, *, optional: bool = False) -> int | None:
    """The whole number typed in ``field``; a ValueError names the field and its range."""
    raw = str(form.get(field, "")).strip()
    low, high = NUMBERS[field]
    if raw == "":
        if optional:
            return None
        raise ValueError(f"{LABELS[field]} is empty; enter a whole number from {low} to {high}")
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(
            f"{LABELS[field]} {raw!r} is not a whole number from {low} to {high}"
        ) from None
    if not low <= value <= high:
        raise ValueError(f"{LABELS[field]} {value} is outside {low} to {high}")
    return value


def level(value: str) -> str | None:
    return None if value in ("", "Default") else value
