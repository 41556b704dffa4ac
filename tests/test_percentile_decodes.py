"""One decode per tap (issue 25 "Done when"): a tap on the Percentile Combat tab, its update and
the view after it, decodes the saved fight at most once; after a reload, once."""

from __future__ import annotations

from typing import Any

from decode_count import count_decodes, one_decode_per_tap
from rkweb.app import shell
from rkweb.app.model import Model
from test_percentile_pages import go, round_ready


def test_one_tap_decodes_the_fight_at_most_once(monkeypatch: Any) -> None:
    from rkweb.features.percentile import state as saved

    decode = saved.fight_from_json
    model = round_ready()
    shell.view(model)
    decoded = count_decodes(monkeypatch, saved, "fight_from_json")
    taps = [
        ("percentile.turn_next",),
        ("percentile.turn_target", "c2"),
        ("percentile.attack_field", "range_m", "5"),
        ("percentile.turn_roll",),
        ("shell.undo",),
        ("percentile.turn_roll",),
    ]

    def remembered(model: Model) -> None:
        """What the page remembers is what a fresh read of the saved section gives."""
        section = model.section("percentile")
        assert saved.state(model) == saved._merged(section)
        assert saved.fight_of(model, saved.state(model)) == decode(saved._merged(section))

    def play(model: Model, tap: tuple[Any, ...]) -> Model:
        return go(model, *tap, seed="s1")

    again = ("percentile.turn_target", "c2")
    one_decode_per_tap(model, decoded, play, taps, again, remembered)
