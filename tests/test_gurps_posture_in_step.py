"""A GM's play-through: after the Change Posture chip, the posture to choose was at y 1060-1107
at 768x1024, under the next fighter's chips. It is chosen in his step, right under the maneuver
taken and before the next fighter's chips (GUR-09), once on the page."""

from __future__ import annotations

from rkweb.app import shell
from test_gurps_melee_reach import _testids
from test_gurps_pages import fight_started, send


def test_the_posture_is_chosen_above_the_next_fighters_chips() -> None:
    model = send(fight_started(), "gurps.maneuver", "Change Posture", "")  # Bo acts
    order = _testids(shell.view(model))
    assert order.count("gurps-posture-g2") == 1
    chips = [i for i, t in enumerate(order) if t.startswith("gurps-next-take-")]
    assert chips and order.index("gurps-posture-g2") < chips[0]
