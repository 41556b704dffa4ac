"""One decode per tap (issue 25 "Done when", for the 3d6 page as for Simply): a tap's update
and the view after it decode the saved fight at most once; after a reload, once."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from rkweb.app import shell
from rkweb.features.gurps import state as saved
from test_gurps_pages import fight_started, send

from pycore.store import History


def test_one_tap_decodes_the_fight_at_most_once(monkeypatch: Any) -> None:
    decoded: list[str] = []
    real = saved.fight_from_json

    def counting(data: Any) -> Any:
        decoded.append("decoded")
        return real(data)

    model = fight_started()  # Bo's turn, at Ana
    shell.view(model)
    monkeypatch.setattr(saved, "fight_from_json", counting)
    taps = [
        ("gurps.maneuver", "Attack", ""),
        ("gurps.step_chip", "minor_distraction"),
        ("gurps.step_attack_typed", "3 3 3"),
        ("gurps.step_defend_typed", "18"),
        ("gurps.step_damage_typed", "3"),
        ("gurps.next_take", "Attack", ""),
        ("shell.undo",),
    ]
    counts: dict[tuple[object, ...], int] = {}
    for tap in taps:
        before = len(decoded)
        model = send(model, *tap)
        shell.view(model)
        counts[tap] = len(decoded) - before
    assert counts == {tap: min(n, 1) for tap, n in counts.items()}
    assert model.state["gurps"]["log"][0]["text"].startswith("Damage:")  # the taps were played
    reloaded = json.loads(json.dumps(model.history.state))  # new objects, as from storage
    model = replace(model, history=History.new(reloaded))
    decoded.clear()
    model = send(model, "gurps.step_chip", "minor_distraction")
    shell.view(model)
    assert decoded == ["decoded"]
