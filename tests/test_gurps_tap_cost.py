"""Issue 33: a tap on the 3d6 page with 10 fighters cost 1.75x the 2-fighter tap. Each fighter
adds his own card to the order strip, and nothing more: the view's work grows in a straight
line with the number of fighters (counted in Python calls, which do not depend on the machine's
load), never with its square (each card comparing himself with every other fighter)."""

from __future__ import annotations

import sys
from typing import Any

from rkweb.app import shell
from rkweb.app.model import Model
from test_gurps_pages import send

from pycore.store import History, default_data


def _fight(fighters: int) -> Model:
    """``fighters`` fighters of the same Basic Speed and DX (all tied, GUR-05), the first one's
    turn under way, his Attack taken."""
    model = Model(History.new(default_data()), route="gurps")
    for index in range(1, fighters + 1):
        model = send(model, "gurps.new")
        model = send(model, "gurps.field", f"g{index}", "name", f"Fighter {index}")
    model = send(model, "gurps.tab", "tracker")
    model = send(model, "gurps.start", seed="o")
    return send(model, "gurps.maneuver", "Attack", "")


def _calls(model: Model) -> int:
    """The Python calls of a tap (a chip pressed) and the view after it."""
    calls = 0

    def count(_frame: Any, event: str, _arg: Any) -> None:
        nonlocal calls
        calls += event == "call"

    shell.view(send(model, "gurps.step_chip", "minor_distraction"))  # tables read, fight decoded
    sys.setprofile(count)
    try:
        shell.view(send(model, "gurps.step_chip", "minor_distraction"))
    finally:
        sys.setprofile(None)
    return calls


def test_a_tap_grows_in_a_straight_line_with_the_fighters() -> None:
    two, six, ten = (_calls(_fight(n)) for n in (2, 6, 10))
    first, second = (six - two) / 4, (ten - six) / 4  # the calls each fighter adds
    assert second <= first * 1.05, (two, six, ten)
