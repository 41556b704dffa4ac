"""The page never changes a saved sheet in place (issue 33's speed-up relies on it): a sheet the
step left as it was is not decoded again nor deep-copied (``state._sheet``), and
``fight_into_json(before=)`` keeps it by identity. Were a step to change a saved sheet in place,
the undo step's diff would pass over the change and the sheet kept by identity would be the
changed one. Here every saved sheet is frozen (a change in place raises) and a fight is played
through: the sheets of the fighters a step did not touch stay the very saved objects."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NoReturn

from rkweb.app.model import Model
from rkweb.kit.memo import Memos
from test_percentile_pages import go, round_ready

from pycore.store import History


class _FrozenDict(dict[str, Any]):
    """A saved sheet (or one of its weapons or parts) that refuses any change in place."""

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError(f"a saved sheet changed in place: {args!r}")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse


class _FrozenList(list[Any]):
    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError(f"a saved sheet's list changed in place: {args!r}")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return _FrozenDict({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return _FrozenList(_frozen(v) for v in value)
    return value


def _sheets(m: Model) -> dict[str, Any]:
    return {c["id"]: c for c in m.state["percentile"]["characters"]}


def _with_frozen_sheets(m: Model) -> Model:
    section = m.state["percentile"]
    sheets = [_frozen(c) for c in section["characters"]]
    state = {**m.state, "percentile": {**section, "characters": sheets}}
    return replace(m, history=History.new(state), memos=Memos())


def test_a_fight_played_through_never_changes_a_saved_sheet_in_place() -> None:
    m = round_ready()
    m = go(m, "percentile.char_new")  # Cy: a sheet outside the fight, never touched
    m = go(m, "percentile.char_field", "c3", "name", "Cy")
    m = go(m, "percentile.tab", "combat")
    m = _with_frozen_sheets(m)
    cy = _sheets(m)["c3"]
    assert isinstance(cy, _FrozenDict)
    for turn in range(6):  # Ann's turn (Bob has no weapon)
        m = go(m, "percentile.turn_next", seed=f"order-{turn}")
        if m.state["percentile"]["combat"]["attack"]["attacker"] == "c1":
            break
    # Ann spends AP: Bob's saved sheet is the one before the step, the object itself
    bob = _sheets(m)["c2"]
    spent = go(go(m, "percentile.ap_field", "c1", "5"), "percentile.ap_spend", "c1")
    assert _sheets(spent)["c2"] is bob
    assert _sheets(spent)["c1"] is not _sheets(m)["c1"]  # Ann's, written anew (not in place)
    m = go(spent, "percentile.turn_target", "c2")
    for roll in range(4):  # to hit, where and damage: Bob's sheet written anew, not in place
        if m.state["percentile"]["combat"]["attack"].get("target") != "c2":
            break
        m = go(m, "percentile.turn_roll", seed=f"roll-{roll}")
    for step in ("shell.undo", "shell.undo", "shell.redo"):
        m = go(m, step)
    m = go(m, "percentile.turn_next", seed="order-next")
    m = go(m, "percentile.turn_next", seed="order-after")
    assert _sheets(m)["c3"] is cy  # never decoded, copied or written again
