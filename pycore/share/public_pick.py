"""Which fight the players see: the one the GM chose, or else the fight under way that changed
last (the newest line of its log, or of the undo history's changes to its section), and its
public view.

>>> state = {"gurps": {"fight": {"round": 1, "order": [{"id": "g1"}]},
...                    "combatants": [{"id": "g1", "name": "Kim"}],
...                    "log": [{"text": "Round 1: Kim's turn (maneuver in effect: Attack)",
...                             "public": "Kim's turn (Attack)",
...                             "at": "2026-11-23T10:05:00+00:00"}]},
...          "simply_combat": {"log": [{"text": "Turn 1", "at": "2026-11-23T10:00:00+00:00"}]}}
>>> pick_fight(state)
'gurps'
>>> pick_fight(state, {"simply_combat": "2026-11-23T10:09:00+00:00"})  # simply has no fight
'gurps'
>>> pick_fight(state, choice="simply"), public_view(state)["result"]
('simply', "Kim's turn (Attack)")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Final

from pycore.errors import RuleError
from pycore.share.public import SYSTEMS
from pycore.store.history import History
from pycore.store.sections import PLAYER_FIGHTS
from pycore.systems.system import ref, systems
from pycore.validate import checked

#: The GM's choices in the share page, as the ``settings`` section keeps them.
CHOICES: Final = PLAYER_FIGHTS


#: Each system's saved section, where its fight log is in it, its public view, and whether a
#: fight is under way in it.
FIGHTS: Final[
    dict[str, tuple[str, tuple[str, ...], Callable[[Any], dict[str, Any]], Callable[[Any], bool]]]
] = {
    s.key: (s.fight.section, s.fight.log, ref(s.fight.public), ref(s.fight.under_way))
    for s in systems()
}
assert tuple(FIGHTS) == SYSTEMS


def _when(text: Any) -> datetime | None:
    try:
        when = datetime.fromisoformat(str(text))
    except ValueError:
        return None
    return when if when.tzinfo is not None else None  # naive and aware times do not compare


def _log_at(section: Any, path: tuple[str, ...]) -> datetime | None:
    found: Any = section
    for key in path:
        found = found.get(key) if isinstance(found, dict) else None
    newest = found[0] if isinstance(found, list) and found else None  # logs are newest first
    return _when(newest.get("at")) if isinstance(newest, dict) else None


@checked
def changed_at(history: History) -> dict[str, str]:
    """Each section's newest undoable change time, from the undo history (newest last)."""
    out: dict[str, str] = {}
    for change in history.undo_stack:
        for name in change.ops:
            out[name] = change.at
    return out


@checked
def check_choice(choice: str) -> str:
    """The GM's choice of fight, or a RuleError naming the allowed ones.

    >>> check_choice("chess")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: fight to show 'chess' is unknown; allowed: latest, simply, gurps, aftermath, percentile
    """
    if choice not in CHOICES:
        raise RuleError(f"fight to show {choice!r} is unknown; allowed: {', '.join(CHOICES)}")
    return choice


@checked
def chosen(state: Mapping[str, Any]) -> str:
    """The GM's choice kept in the ``settings`` section ("latest" when none)."""
    saved = state.get("settings")
    choice = saved.get("player_fight") if isinstance(saved, dict) else None
    return choice if choice in CHOICES else "latest"


@checked
def fight_key(state: Mapping[str, Any]) -> tuple[Any, ...]:
    """What the view is built from: the fight sections and the settings (compared by identity,
    to send the players' window a new view only when one of them changed)."""
    return (*(state.get(name) for name, _, _, _ in FIGHTS.values()), state.get("settings"))


@checked
def pick_fight(
    state: Mapping[str, Any], changed: Mapping[str, str] | None = None, choice: str | None = None
) -> str:
    """The system whose fight to show: the GM's ``choice`` (by default the one kept in the
    settings), or the fight under way changed last (any fight when none is under way), the first
    system's (Simply's) when nothing tells."""
    choice = chosen(state) if choice is None else choice
    if choice in SYSTEMS:
        return choice
    changed = changed or {}
    under_way = [s for s, (name, _, _, going) in FIGHTS.items() if going(state.get(name))]
    best, best_at = (under_way or list(SYSTEMS))[0], None
    for system in under_way or SYSTEMS:
        name, path, _, _ = FIGHTS[system]
        times = [_log_at(state.get(name), path), _when(changed.get(name))]
        at = max((t for t in times if t is not None), default=None)
        if at is not None and (best_at is None or at > best_at):
            best, best_at = system, at
    return best


@checked
def public_view(
    state: Mapping[str, Any], changed: Mapping[str, str] | None = None, choice: str | None = None
) -> dict[str, Any]:
    """The public view of the fight :func:`pick_fight` picks."""
    name, _, view, _ = FIGHTS[pick_fight(state, changed, choice)]
    return view(state.get(name))
