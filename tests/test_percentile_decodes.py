"""One decode per tap (issue 25 "Done when"): a tap on the Percentile Combat tab, its update and
the view after it, decodes the saved fight at most once; after a reload, once."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from rkweb.app import shell
from test_percentile_pages import go, round_ready

from pycore.store import History


def test_one_tap_decodes_the_fight_at_most_once(monkeypatch: Any) -> None:
    from rkweb.features.percentile import state as saved

    decoded: list[str] = []
    decode = saved.fight_from_json

    def counting(section: Any) -> Any:
        decoded.append("decoded")
        return decode(section)

    model = round_ready()
    shell.view(model)
    monkeypatch.setattr(saved, "fight_from_json", counting)
    taps = [
        ("percentile.turn_next",),
        ("percentile.turn_target", "c2"),
        ("percentile.attack_field", "range_m", "5"),
        ("percentile.turn_roll",),
        ("shell.undo",),
        ("percentile.turn_roll",),
    ]
    for tap in taps:
        decoded.clear()
        model = go(model, *tap, seed="s1")
        shell.view(model)
        assert (tap, len(decoded)) == (tap, min(len(decoded), 1))
        # what the page remembers is what a fresh read of the saved section gives
        section = model.section("percentile")
        assert saved.state(model) == saved._merged(section)
        assert saved.fight_of(saved.state(model)) == decode(saved._merged(section))
    reloaded = json.loads(json.dumps(model.history.state))  # new objects, as from storage
    model = replace(model, history=History.new(reloaded))
    decoded.clear()
    model = go(model, "percentile.turn_target", "c2")
    shell.view(model)
    assert decoded == ["decoded"]
