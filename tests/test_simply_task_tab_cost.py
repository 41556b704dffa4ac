"""Issue 33: drawing a Simply tab reads each rule table about once, not once per skill.

The Task tab listed every skill of SIM-T08 at its default for the chosen character, and each of
the 74 looked its row up with ``load_table`` (plus the bonus of SIM-T12 and the skill list again
to check the name): 244 table loads a draw with one character (about 1,000 in the browser's
heavier cases), each a file stat and a ``@checked`` call, about 0.4 s a draw in Pyodide."""

from __future__ import annotations

from typing import Any

import pytest
from rkweb.app import shell
from rkweb.app.model import Ctx, Model

from pycore.store import History, default_data
from pycore.systems.simply.character import Character, Skill, Weapon
from pycore.systems.simply.character_json import character_to_json
from pycore.tables import loader

NOW = "2026-11-23T10:00:00+01:00"
#: At most this many table loads in one draw of a tab (a few tables, each read about once).
BOUND = 20


def _send(model: Model, *msg: object) -> Model:
    return shell.update(model, tuple(msg), Ctx(now=NOW, fresh_seed="abc"))


def _two_characters() -> Model:
    """Mara and Bo on the record (a few skills, a weapon), linked to the Task tab's two sides."""
    mara = Character(
        name="Mara",
        strength=6,
        coordination=7,
        skills=(
            Skill("Melee Weapon", "Capable", "Sword"),
            Skill("Brawling", "Capable"),
            Skill("Climbing", "Familiar"),
        ),
        weapons=(Weapon("Longsword", "Melee Weapon: Sword", 24),),
    )
    bo = Character(name="Bo", skills=(Skill("Medicine", "Professional"),))
    state = default_data()
    state["simply_characters"] = {"list": [character_to_json(c) for c in (mara, bo)]}
    model = _send(Model(History.new(state), route="simply"), "simply.tab", "task")
    model = _send(model, "simply.task_field", "a", "character", "0")
    model = _send(model, "simply.task_field", "a", "pick", "skill:0")
    return _send(model, "simply.task_field", "b", "character", "1")


def _loads(monkeypatch: pytest.MonkeyPatch, model: Model) -> int:
    """The table loads of one draw (``load_table`` goes through ``load_table_file``)."""
    shell.view(model)  # the first draw after start may read each table once
    calls: list[object] = []
    real = loader.load_table_file

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(loader, "load_table_file", counted)
    shell.view(model)
    monkeypatch.undo()
    return len(calls)


def test_the_task_tab_reads_each_table_about_once_per_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    model = _two_characters()
    assert _loads(monkeypatch, model) <= BOUND  # 244 before (a test with Mara on side A)
    contest = _send(model, "simply.task_mode", "contest")
    assert _loads(monkeypatch, contest) <= BOUND


@pytest.mark.parametrize("tab", ["characters", "combat"])
def test_the_other_tabs_read_each_table_about_once_per_draw(
    monkeypatch: pytest.MonkeyPatch, tab: str
) -> None:
    model = _send(_two_characters(), "simply.tab", tab)
    assert _loads(monkeypatch, model) <= BOUND  # the Characters tab: 90 before
