"""Which fight the players' screen shows (issue 31 item 1): the one the GM is running. Fight
actions in any system choose it; sheet edits do not; a fight started replaces a finished one."""

from __future__ import annotations

import random
from typing import Any

from pycore.share.running import fight_acted_at, players_view, running
from pycore.store import History
from pycore.systems.aftermath.sheet.sheet import new_sheet
from pycore.systems.gurps import fight as gurps
from pycore.systems.gurps.sheet import Combatant


def _at(minute: int) -> str:
    return f"2026-11-23T10:{minute:02d}:00+00:00"


def _gurps() -> dict[str, Any]:
    fighters = (Combatant(id="g1", name="Kim"), Combatant(id="g2", name="Sam"))
    fight, _ = gurps.start(gurps.Fight(fighters), random.Random(1))
    return {**gurps.fight_to_json(fight), "log": []}


def _start() -> History:
    """A 3d6 fight under way (its order drawn at 10:00), and the Percentile and Aftermath
    pages with their characters and an empty fight."""
    state: dict[str, Any] = {
        "gurps": {**_gurps(), "fight": {"round": 0, "order": []}},
        "percentile": {"characters": [{"name": "Ann"}], "combat": {"round": 0, "log": []}},
        "aftermath": {
            "characters": [new_sheet("Ana"), new_sheet("Bo")],
            "combat": {"turn": 1, "phase": 1, "log": []},
        },
    }
    history = History.new(state)
    return history.apply("gurps", _gurps(), "Start the fight", _at(0))


def _with(history: History, section: str, part: str, changes: dict[str, Any]) -> dict[str, Any]:
    saved = history.state[section]
    return {**saved, part: {**saved[part], **changes}}


def test_a_sheet_edit_does_not_take_the_players_screen_from_the_running_fight() -> None:
    history = _start()
    assert running(history.state, history) == "gurps"
    line = {"text": "round 1: Ann's turn", "public": "Ann's turn", "at": _at(1)}
    history = history.apply(
        "percentile",
        _with(history, "percentile", "combat", {"round": 1, "order": {"a": 1}, "log": [line]}),
        "Next turn",
        _at(1),
    )
    assert running(history.state, history) == "percentile"
    # Issue 31: editing a 3d6 fighter's HP on the Combatants tab switched the players' screen.
    fighters = [{**history.state["gurps"]["combatants"][0], "hp_now": 3}]
    history = history.apply(
        "gurps", {**history.state["gurps"], "combatants": fighters}, "HP", _at(2)
    )
    # ... and so did a Percentile character's sheet edited later.
    history = history.apply(
        "percentile",
        {**history.state["percentile"], "characters": [{"name": "Ann", "hp": 2}]},
        "Edit Ann",
        _at(3),
    )
    assert "gurps" in fight_acted_at(history.state, history)
    assert running(history.state, history) == "percentile"
    assert players_view(history.state, history)["system"] == "percentile"


def test_a_fight_started_replaces_one_still_under_way_and_a_quiet_step_counts() -> None:
    history = _start()
    old = {"text": "Sam's turn", "public": "Sam's turn", "at": _at(3)}
    history = history.set_quietly("gurps", {**history.state["gurps"], "log": [old]})
    # Aftermath: the clock moves a phase; the 3d6 fight is still under way but no longer run.
    history = history.apply(
        "aftermath", _with(history, "aftermath", "combat", {"phase": 2}), "Next phase", _at(4)
    )
    assert running(history.state, history) == "aftermath"
    # Clearing a log is not running a fight; neither is adding a fighter's sheet.
    history = history.apply("gurps", {**history.state["gurps"], "log": []}, "Clear", _at(5))
    assert running(history.state, history) == "aftermath"
    # A step kept without an undo step still logs its line with its time.
    line = {"text": "round 1: Kim's turn", "public": "Kim's turn", "at": _at(6)}
    history = history.set_quietly("gurps", {**history.state["gurps"], "log": [line]})
    assert running(history.state, history) == "gurps"
    # The GM's choice in the share page wins over all of it.
    history = history.set_quietly("settings", {"player_fight": "aftermath"})
    assert running(history.state, history) == "aftermath"


def test_without_any_fight_action_the_fight_under_way_or_simply_is_shown() -> None:
    history = History.new({"gurps": _gurps()})
    assert running(history.state, history) == "gurps"
    assert running({}, History.new({})) == "simply"
