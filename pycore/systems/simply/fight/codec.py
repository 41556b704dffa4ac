"""The fight as plain JSON data (the worksheet's saved section), and back; a malformed one is a
:class:`RuleError` naming the field. ``fight_to_json`` / ``fight_from_json`` are the protocol's
names; ``combat_to_json`` / ``combat_from_json`` the same functions under their older names."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from pycore.errors import RuleError
from pycore.systems.simply.armor import check_kind
from pycore.systems.simply.fight.value import (
    Arm,
    Combat,
    Combatant,
    Due,
    PendingCheck,
    check_arm,
)
from pycore.validate import checked, declared, is_whole, shown, whole

_FIELDS = tuple(Combatant.__dataclass_fields__)


@checked
def combat_to_json(combat: Combat) -> dict[str, Any]:
    """The fight as plain JSON data (the worksheet's saved section).

    >>> from pycore.systems.simply.fight import *
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5,
    ...                       arms=(Arm("Sword", "Melee Weapon: Sword", 11, "Capable", 24),))
    >>> combat_from_json(combat_to_json(fight)) == fight
    True
    """
    return {
        "combatants": [_combatant_json(c) for c in combat.combatants],
        "turn": combat.turn,
        "order": list(combat.order),
        "actions": dict(combat.actions),
        "passed": list(combat.passed),
        "phase": combat.phase,
        "cursor": combat.cursor,
        "interrupt_lock": combat.interrupt_lock,
        "clock": combat.clock,
        "pending": [
            {
                "combatant": p.combatant,
                "name": p.name,
                "rule": p.rule,
                "check": p.check,
                "target_number": p.target_number,
                "on_failure": p.on_failure,
            }
            for p in combat.pending
        ],
        "next_id": combat.next_id,
        "taken": [list(pair) for pair in combat.taken],
        "attacks": combat.attacks,
        "due": None if combat.due is None else vars(combat.due),
        "missed": None if combat.missed is None else vars(combat.missed),
    }


@lru_cache(maxsize=256)
def _combatant_json(c: Combatant) -> dict[str, Any]:
    """A fighter as saved: the same object while the fighter is unchanged (issue 33: each tap
    encoded all 30 fighters, and the store then compared each one's 24 fields to find the one
    hit). Saved data is never changed in place (``pycore.store`` copies what it changes)."""
    data = {name: (list(v) if isinstance(v := getattr(c, name), tuple) else v) for name in _FIELDS}
    data["arms"] = [vars(arm) for arm in c.arms]
    return data


def _listed(where: str, raw: Any) -> list[Any]:
    if not isinstance(raw, list | tuple):
        raise RuleError(f"{where} {shown(raw)} is not a list")
    return list(raw)


def _arm(where: str, raw: Any) -> Arm:
    if not isinstance(raw, dict):
        raise RuleError(f"{where} must be an object")
    try:
        arm = Arm(**{k: v for k, v in raw.items() if k in Arm.__dataclass_fields__})
    except TypeError as error:
        raise RuleError(f"{where}: {error}") from None
    declared(arm, where)
    return check_arm(replace(arm, kind=check_kind(str(arm.kind))))


def _taken(raw: Any) -> tuple[tuple[str, str], ...]:
    pairs = _listed("combat.taken", raw)
    for pair in pairs:
        if not (isinstance(pair, list | tuple) and all(isinstance(x, str) for x in pair)):
            raise RuleError(f"combat.taken {shown(pair)} is not a pair of texts")
    return tuple((p[0], p[1]) for p in pairs if len(p) == 2)


def _linked(fight: Combat) -> Combat:
    """The fight if whose turn it is and the hit awaiting its damage name fighters in it (the
    core keeps them so: remove_combatant moves the turn on and drops the hit)."""
    ids = {c.id for c in fight.combatants}
    if fight.cursor is not None and fight.cursor not in ids:
        raise RuleError(f"combat.cursor {shown(fight.cursor)} is no fighter in this fight")
    due = fight.due
    if due is not None and not {due.attacker, due.target} <= ids:
        raise RuleError(f"combat.due names {due.attacker!r} → {due.target!r}, not in this fight")
    return fight


@checked
def combat_from_json(data: Mapping[str, Any]) -> Combat:
    """Read a saved fight back; a malformed one is a :class:`RuleError` naming the field.

    >>> combat_from_json({"turn": "x"})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: combat.turn 'x' is not a whole number
    """

    combatants = []
    for index, raw in enumerate(data.get("combatants", [])):
        if not isinstance(raw, dict):
            raise RuleError(f"combat.combatants[{index}] must be an object")
        known = {k: v for k, v in raw.items() if k in _FIELDS}
        where = f"combat.combatants[{index}]"
        known["conditions"] = tuple(_listed(f"{where}.conditions", known.get("conditions", ())))
        arms = _listed(f"{where}.arms", raw.get("arms", []))
        known["arms"] = tuple(_arm(f"{where}.arms[{i}]", a) for i, a in enumerate(arms))
        link = known.get("character")
        if is_whole(link):
            known["character"] = None  # a list position from before the ids (an old undo step)
        elif link is not None and not isinstance(link, str):  # a record's id (links.py)
            raise RuleError(
                f"combat.combatants[{index}].character must be a record id, got {link!r}"
            )
        try:
            fighter = declared(Combatant(**known), where)
        except TypeError as error:
            raise RuleError(f"combat.combatants[{index}]: {error}") from None
        try:  # armor and shield by name (SIM-30, SIM-31), as add_combatant checks them
            fighter.protection()
        except RuleError as error:
            raise RuleError(f"{where}: {error}") from None
        combatants.append(fighter)
    pending = tuple(
        PendingCheck(
            str(p["combatant"]),
            str(p["name"]),
            str(p["rule"]),
            str(p["check"]),
            whole(p["target_number"], "combat.pending.target_number"),
            str(p["on_failure"]),
        )
        for p in data.get("pending", [])
    )
    actions = {str(k): whole(v, "combat.actions") for k, v in dict(data.get("actions", {})).items()}
    fight = Combat(
        combatants=tuple(combatants),
        turn=whole(data.get("turn", 0), "combat.turn"),
        order=tuple(str(i) for i in data.get("order", ())),
        actions=MappingProxyType(actions),
        passed=tuple(str(i) for i in data.get("passed", ())),
        phase=str(data.get("phase", "setup")),
        cursor=data.get("cursor"),
        interrupt_lock=data.get("interrupt_lock"),
        clock=whole(data.get("clock", 0), "combat.clock"),
        pending=pending,
        next_id=whole(data.get("next_id", len(combatants) + 1), "combat.next_id"),
        taken=_taken(data.get("taken", [])),
        attacks=whole(data.get("attacks", 0), "combat.attacks"),
        due=_attack(data, "due"),
        missed=_attack(data, "missed"),
    )
    return _linked(declared(fight, "combat"))


def _attack(data: Mapping[str, Any], key: str) -> Due | None:
    """A rolled attack kept by the fight: the hit awaiting its damage, or the last miss."""
    saved = data.get(key)
    if saved is None:
        return None
    if not isinstance(saved, dict):
        raise RuleError(f"combat.{key} must be an object, got {saved!r}")
    return Due(
        whole(saved.get("serial"), f"combat.{key}.serial"),
        str(saved.get("attacker", "")),
        str(saved.get("target", "")),
    )


#: The protocol's names (shared/FIGHT.md), the same functions.
fight_to_json = combat_to_json
fight_from_json = combat_from_json
