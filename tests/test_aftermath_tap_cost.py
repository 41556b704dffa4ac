"""Issue 33: an Aftermath attack tap costs about the same with 30 fighters and a full log as with
2 fighters and 10 entries. Each tap deep-copied every sheet and log entry (applying the attack,
saving the fight, decoding it again after logging the attack), the store then compared the
copies with the sheets and entries saved before, field by field; the page merged every sheet
over its defaults at each of the section's reads, the argument checks walked every sheet and
log entry of each new fight, and the view read every fighter's wounds and conditions again.
Counted here in Python calls (no clock): the update of "Resolve" and the view after it."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from types import FrameType
from typing import Any

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from test_aftermath_fight_screen import _fight
from test_aftermath_pages import send

from pycore.store import History
from pycore.systems.aftermath.saved import LOG_LIMIT

#: The 30-fighter tap may make this many times the Python calls of the 2-fighter tap (a look-up
#: per fighter and entry remains; before the fix: 2.56 times, after: 1.06).
BOUND = 1.2


def _sized(fighters: int, entries: int) -> Model:
    """Ana (a rifle) attacking Bo, with ``fighters - 2`` more on the sheet list, one attack made
    and the combat log filled to ``entries`` (cut to its cap, as a save cuts it), the attack
    form filled again for the next tap."""
    model = _fight()
    for n in range(fighters - 2):
        model = send(
            model,
            ("aftermath.char_new", "character"),
            ("aftermath.char_field", "name", f"Extra {n}"),
        )
    picks = (
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "0"),
        ("aftermath.cbt_pick", "target", "1"),
    )
    model = send(model, *picks, ("aftermath.cbt_resolve",))
    section = model.history.state["aftermath"]
    one = section["combat"]["log"][0]
    log = [{**one, "text": f"old line {entries - i}"} for i in range(entries)][:LOG_LIMIT]
    section = {**section, "combat": {**section["combat"], "log": log}}
    model = replace(model, history=History.new({**model.history.state, "aftermath": section}))
    model = send(model, ("aftermath.tab", "characters"), *picks)
    shell.view(model)
    return model


def _calls(run: Callable[[], object]) -> Counter[str]:
    """The Python calls ``run`` makes, by function."""
    calls: Counter[str] = Counter()

    def seen(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            code = frame.f_code
            calls[f"{code.co_filename.rsplit('/', 1)[-1]}:{code.co_name}"] += 1

    sys.setprofile(seen)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


def _tap(model: Model) -> Counter[str]:
    """The calls of a Resolve tap: its update and the view after it (once warm: the first tap
    of a size fills the caches the next ones find)."""
    view = lambda seed: shell.view(send(model, ("aftermath.cbt_resolve",), seed=seed))  # noqa: E731
    view("warm")
    return _calls(lambda: view("tap"))


def test_a_resolve_tap_costs_about_the_same_with_30_fighters_and_a_full_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.undo()  # the tests' check of each saved section by its codec is not the tap's
    small, big = _tap(_sized(2, 10)), _tap(_sized(30, 1000))
    grown = sorted(((big[k] - small[k], k) for k in big), reverse=True)[:8]
    ratio = sum(big.values()) / sum(small.values())
    assert ratio <= BOUND, f"{ratio:.2f} times the calls; grown most: {grown}"
