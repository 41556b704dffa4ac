"""Which fight the players' screen shows: the one the GM is running (issue 31).

A fight action (a roll, an attack, the next turn or phase, the order drawn) changes the fight
itself: its clock, its order, its attack under way, or puts a line into its log. A sheet edit
(a fighter's HP typed on the 3d6 Combatants tab, a Percentile character's skills) changes the
fighters only, and does not choose a fight. The fight with the newest fight action is shown,
whether or not an older one is still under way: a fight started replaces a finished one.

The times come from the saved state alone (the undo history's changes, with the places inside
a section each changed, and the fight logs' times), so the players' window rebuilds the same
choice after a reload.

>>> from pycore.store import History
>>> h = History.new({"gurps": {"combatants": []}, "percentile": {"combat": {"round": 0}}})
>>> h = h.apply("gurps", {"fight": {"round": 1, "order": [{"id": "g1"}]}}, "Start", "2026-11-23T10:00:00+00:00")
>>> h = h.apply("percentile", {"combat": {"round": 1, "order": {"a": 1}}}, "Next", "2026-11-23T10:01:00+00:00")
>>> running(h.state, h)
'percentile'
>>> h = h.apply("gurps", {**h.state["gurps"], "combatants": [{"hp_now": 3}]}, "HP", "2026-11-23T10:02:00+00:00")
>>> running(h.state, h)  # a sheet edit chooses no fight
'percentile'
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

from pycore.share.public_pick import FIGHTS, chosen, public_view
from pycore.store.history import History
from pycore.systems.system import systems
from pycore.validate import checked

#: Each system's saved section, the places in it that only a fight action changes, and the
#: fight log (newest first). A fighter's sheet (``combatants``, ``characters``, a Percentile
#: side's fighters) is left out: editing it is not running the fight.
FIGHT_PLACES: Final[dict[str, tuple[str, tuple[tuple[str, ...], ...], tuple[str, ...]]]] = {
    s.key: (s.fight.section, s.fight.actions, s.fight.log) for s in systems()
}
assert tuple(FIGHT_PLACES) == tuple(FIGHTS)


def _under(path: list[Any], place: tuple[str, ...]) -> bool:
    return tuple(path[: len(place)]) == place


def _part(value: Any, keys: tuple[str, ...]) -> Any:
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value


def _is_fight_op(op: Mapping[str, Any], system: str) -> bool:
    """Whether one op of a change to ``system``'s section ran its fight: it changed the fight's
    clock, order or attack under way, or put a line into the fight log (clearing the log, or
    a line's text edited, is not running the fight). An op on a whole part counts when a fight
    place inside it changed, or lines came into its log."""
    _, places, log = FIGHT_PLACES[system]
    path = op.get("at")
    if not isinstance(path, list):
        return False
    if tuple(path) == log:
        return bool(op.get("put") or op.get("put_fp") or op.get("now"))
    if len(path) < len(log) and _under(list(log), tuple(path)):
        rest = log[len(path) :]
        if _part(op.get("now"), rest) and _part(op.get("now"), rest) != _part(op.get("was"), rest):
            return True
    for place in places:
        if _under(path, place):
            return True
        if len(path) < len(place) and _under(list(place), tuple(path)):
            rest = place[len(path) :]  # a part written for the first time sets a fight up
            was = _part(op.get("was"), rest)
            if was is not None and _part(op.get("now"), rest) != was:
                return True
    return False


@checked
def fight_acted_at(state: Mapping[str, Any], history: History) -> dict[str, datetime]:
    """Each system's newest fight action: the newest undoable change that ran its fight, or
    its fight log's newest line (a step kept without an undo step), whichever is later."""
    out: dict[str, datetime] = {}

    def note(system: str, at: Any) -> None:
        try:
            when = datetime.fromisoformat(str(at))
        except ValueError:
            return
        # a time without its zone does not compare with the others: it tells nothing
        if when.tzinfo is not None and (system not in out or when > out[system]):
            out[system] = when

    by_section = {section: system for system, (section, _, _) in FIGHT_PLACES.items()}
    for change in history.undo_stack:
        for section, ops in change.ops.items():
            system = by_section.get(section)
            if system is not None and any(_is_fight_op(op, system) for op in ops):
                note(system, change.at)
    for system, (section, _, log) in FIGHT_PLACES.items():
        found: Any = state.get(section)
        for key in log:
            found = found.get(key) if isinstance(found, dict) else None
        newest = found[0] if isinstance(found, list) and found else None
        if isinstance(newest, dict):
            note(system, newest.get("at"))
    return out


@checked
def running(state: Mapping[str, Any], history: History) -> str:
    """The system whose fight the players see: the GM's choice in the share page, else the
    fight with the newest fight action, else the first one under way, else Simply's."""
    choice = chosen(state)
    if choice in FIGHTS:
        return choice
    acted = fight_acted_at(state, history)
    if acted:
        return max(acted, key=lambda system: acted[system])
    under_way = [s for s, (name, _, _, going) in FIGHTS.items() if going(state.get(name))]
    return (under_way or list(FIGHTS))[0]  # the first system's (Simply's) when nothing tells


@checked
def players_view(state: Mapping[str, Any], history: History) -> dict[str, Any]:
    """The public view of the fight :func:`running` picks."""
    return public_view(state, choice=running(state, history))
