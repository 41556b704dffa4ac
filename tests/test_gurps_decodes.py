"""One decode per tap (issue 25 "Done when", for the 3d6 page as for Simply): a tap's update
and the view after it decode the saved fight at most once; after a reload, once."""

from __future__ import annotations

from typing import Any

from decode_count import count_decodes, one_decode_per_tap
from rkweb.app import shell
from rkweb.features.gurps import state as saved
from test_gurps_pages import fight_started, send


def test_one_tap_decodes_the_fight_at_most_once(monkeypatch: Any) -> None:
    model = fight_started()  # Bo's turn, at Ana
    shell.view(model)
    decoded = count_decodes(monkeypatch, saved, "fight_from_json")
    taps = [
        ("gurps.maneuver", "Attack", ""),
        ("gurps.step_chip", "minor_distraction"),
        ("gurps.step_attack_typed", "3 3 3"),
        ("gurps.step_defend_typed", "18"),
        ("gurps.step_damage_typed", "1"),  # no knockdown roll: Ana may choose (choice_held)
        ("gurps.next_take", "Attack", ""),
        ("shell.undo",),
    ]
    again = ("gurps.step_chip", "minor_distraction")
    model = one_decode_per_tap(model, decoded, lambda m, tap: send(m, *tap), taps, again)
    assert model.state["gurps"]["log"][0]["text"].startswith("Damage:")  # the taps were played
