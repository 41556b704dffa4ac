"""The attack as the GM chose it, remembered at each step of the fight (FIGHT.md's first law).

Who attacks whom, with what weapon and mode, and what the GM changed in the attack are saved
quietly, without an undo step of their own, and an undo keeps what changed since the step it
takes back. So a pick made after "Next Action Phase" outlived the phase's undo: the restored
phase attacked with the fighter picked after it, and a BCS typed after an undone attack stayed
in the attack restored. As Percentile's page marks its form's entries with the step count they
follow (``combat.steps``), this page counts its undoable steps and keeps the choice as it stood
at each count (``combat.chosen``: the step's own, then as the last entry left it). An undo or a
redo moves the count, and the choice is the one of that count: the attack before the step
comes back with an undo, and a redo gives back what the GM chose after the step, never what they
chose after the undo.

What the GM changed in the attack under way stays their through an undo of a step within that
attack (a BCS typed after "Next Action Phase" is kept when the phase is undone): each choice
names its attack (``attack``, a new number when one begins or ends), and the changes of the
choice written last (``seq``) are the restored choice's when both name the same attack.

The marks live in the saved section only: the page reads the choice they give (:func:`chosen`)
and writes them with each save (:func:`marked`); the fight never sees them.

>>> shown = {"attacker": 0, "target": 1, "weapon": "Rifle", "mode": "missile", "edits": {}}
>>> ready = prepared({}, shown, reach=10)
>>> stepped = marked(ready, shown, {**shown, "phase": 2}, step=1)
>>> picked = marked(stepped, shown, {**stepped, "attacker": 2})
>>> chosen({**picked, "steps": 0})["attacker"], chosen(picked)["attacker"]
(0, 2)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Final

from pycore.validate import is_whole
from rkweb.kit.steps import STEPS, step_count

#: The count of the section's undoable steps (as Percentile's and Simply's pages count them), and
#: the choice at each count (by its count).
CHOSEN: Final = "chosen"
MARKS: Final = (STEPS, CHOSEN)
#: What the GM chooses quietly (the range and movement between two fighters are the fight so
#: far, kept as set, not the attack's).
CHOICE: Final = ("attacker", "target", "weapon", "mode", "override", "ask", "edits")
#: A saved choice omits what is empty (no question, no override, nothing changed).
_EMPTY: Final[dict[str, Any]] = {"override": "", "ask": None, "edits": {}}
_ALWAYS: Final = tuple(k for k in CHOICE if k not in _EMPTY)


def _whole(value: object) -> int | None:
    return value if is_whole(value) and value >= 0 else None


def _records(combat: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The choices saved, those that read (a damaged one is left out, never guessed)."""
    found = combat.get(CHOSEN)
    if not isinstance(found, Mapping):
        return {}
    return {
        str(k): dict(r)
        for k, r in found.items()
        if isinstance(r, Mapping)
        and _whole(r.get("seq")) is not None
        and all(n in r for n in _ALWAYS)
        and str(k).isdigit()
    }


def without_marks(combat: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in combat.items() if k not in MARKS}


def chosen(combat: Mapping[str, Any]) -> dict[str, Any]:
    """The worksheet as saved, its choice the one of the step count now, without the marks.
    After an undo or a redo the choice saved is the count's (the attack as it stood then);
    what was changed in the same attack since is kept. A section without marks is as saved."""
    records = _records(combat)
    now = records.get(str(step_count(combat)))
    out = without_marks(combat)
    if now is None:
        return out
    latest = max(records.values(), key=lambda r: int(r["seq"]))
    same = latest is not now and latest.get("attack") == now.get("attack")
    picked = {k: now.get(k, _EMPTY.get(k)) for k in CHOICE}
    picked["edits"] = (latest if same else now).get("edits", {})
    return {**out, **copy.deepcopy(picked)}


def kept_since(combat: Mapping[str, Any]) -> bool:
    """Whether the choice read (:func:`chosen`) is the count's own with only what the GM
    changed in the same attack since (the attacker, target, weapon and mode as they are now):
    an undo within one attack, which set nothing aside."""
    records = _records(combat)
    now = records.get(str(step_count(combat)))
    if now is None or not records:
        return False
    latest = max(records.values(), key=lambda r: int(r["seq"]))
    return latest.get("attack") == now.get("attack") and all(
        latest.get(k) == now.get(k) for k in _ALWAYS
    )


def _begins(before: Mapping[str, Any], after: Mapping[str, Any], ended: bool) -> bool:
    """Whether ``after`` is another attack than ``before``: an attack applied (``ended``), dice
    that waited dropped or used, another attacker or weapon, or the GM's changes dropped."""
    return (
        ended
        or any(before.get(k) != after.get(k) for k in ("attacker", "weapon"))
        or (bool(before.get("edits")) and not after.get("edits"))
        or (bool(before.get("pending")) and not after.get("pending"))
    )


def _last_attack(records: Mapping[str, Mapping[str, Any]]) -> int:
    return max((_whole(r.get("attack")) or 0 for r in records.values()), default=0)


def _record(combat: Mapping[str, Any], attack: int, seq: int) -> dict[str, Any]:
    kept = {k: copy.deepcopy(combat.get(k)) for k in CHOICE if k in _ALWAYS or combat.get(k)}
    return {**kept, "attack": attack, "seq": seq}


def _with(
    records: dict[str, dict[str, Any]], count: int, choice: Mapping[str, Any], attack: int
) -> dict[str, dict[str, Any]]:
    """``records`` with ``choice`` as the count's, written last (the highest ``seq``)."""
    seq = max((int(r["seq"]) for r in records.values()), default=0) + 1
    return {**records, str(count): _record(choice, attack, seq)}


def prepared(saved: Mapping[str, Any], shown: Mapping[str, Any], reach: int) -> dict[str, Any]:
    """The saved worksheet ready for a step (saved quietly before it): the choice shown
    recorded at the count now if it was not, and the choices an undo or a redo can no longer
    reach dropped (those past the count, of steps undone that the new step replaces, and those
    more than ``reach`` steps back)."""
    count, records = step_count(saved), _records(saved)
    kept = {k: r for k, r in records.items() if count - reach <= int(k) <= count}
    if str(count) not in kept:
        kept = _with(kept, count, shown, _last_attack(records))
    return {**saved, STEPS: count, CHOSEN: kept}


def marked(
    saved: Mapping[str, Any],
    shown: Mapping[str, Any],
    new: Mapping[str, Any],
    step: int = 0,
    ended: bool = False,
) -> dict[str, Any]:
    """The worksheet ``new`` to save, with its marks: the count (``step`` more: 1 for a step)
    and the choice at that count. ``saved`` is the worksheet as saved (its marks), ``shown`` as the
    GM saw it; ``ended``, a step that applied an attack."""
    records = _records(saved)
    count = step_count(saved) + step
    here = records.get(str(step_count(saved)))
    attack = _whole((here or {}).get("attack"))
    if attack is None or _begins(shown, new, ended):
        attack = _last_attack(records) + 1
    return {**without_marks(new), STEPS: count, CHOSEN: _with(records, count, new, attack)}
