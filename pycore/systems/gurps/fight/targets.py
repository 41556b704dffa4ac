"""Whom each fighter last attacked, as the fight holds it (shared/FIGHT.md's first law: an attack
is born from the sheets and the fight so far). The target a new attack starts with is derived
from it: a GM's play-through found the default target was the next fighter in the order, an ally
as soon as the order put one there, and the target tapped again every turn.

>>> from pycore.systems.gurps.sheet import Combatant
>>> fight = Fight((Combatant(id="a"), Combatant(id="b"), Combatant(id="c")))
>>> fight = with_target(fight, "a", "c")
>>> last_target(fight, "a"), last_target(fight, "b"), fight.targets
('c', '', (('a', 'c'),))
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pycore.errors import RuleError
from pycore.systems.gurps.fight.value import Fight
from pycore.validate import checked, shown


@checked
def last_target(fight: Fight, attacker: str) -> str:
    """Whom ``attacker`` attacked last in this fight ("" if nobody)."""
    return next((target for who, target in fight.targets if who == attacker), "")


@checked
def with_target(fight: Fight, attacker: str, target: str) -> Fight:
    """The fight recording that ``attacker`` has just attacked ``target``."""
    kept = tuple(t for t in fight.targets if t[0] != attacker)
    return replace(fight, targets=(*kept, (attacker, target)))


@checked
def targets_from_json(raw: object, ids: set[str]) -> tuple[tuple[str, str], ...]:
    """The saved targets (``[[attacker, target], ...]``), each checked; a pair with someone no
    longer in the fight is left out."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise RuleError(f"saved targets {shown(raw)} is not a list")
    targets: dict[str, str] = {}
    for row in raw[: len(ids)]:
        if not (isinstance(row, list) and len(row) == 2 and all(isinstance(v, str) for v in row)):
            raise RuleError(f"a saved target {shown(row)} is not [attacker, target]")
        attacker, target = row
        if {attacker, target} <= ids and attacker != target:
            targets[attacker] = target
    return tuple(targets.items())


@checked
def targets_to_json(fight: Fight) -> list[Any]:
    """The targets as the fight's saved form keeps them."""
    return [list(t) for t in fight.targets]
