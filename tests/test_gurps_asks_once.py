"""The open questions that hold an attack (GUR-58; the core's ``bearing_asks``) are worked out
once per render: the GURPS turn worked them out three times (the questions in place, their
folded line, the step's "Answer ... first"), the Attack tab twice (the question asked in place,
the roll's "Answer ... first"). Now each page works them out once and passes them down."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from test_gurps_attack_tab_asks import _worksheet_injury
from test_gurps_pages import attack_turn, fight_started, send, texts

from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import open_asks


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The calls of ``bearing_asks`` from here on, wherever it is called from."""
    calls: list[int] = []
    real: Callable[..., tuple[int, ...]] = open_asks.bearing_asks

    def counting(*args: object) -> tuple[int, ...]:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(gf, "bearing_asks", counting)
    monkeypatch.setattr(open_asks, "bearing_asks", counting)
    return calls


def _bo_hurt_on_his_turn() -> Model:
    model = attack_turn(fight_started())  # Ana's turn, Bo the target
    model = send(model, "gurps.step_attack_typed", "1 1 2")  # critical: no defense
    model = send(model, "gurps.step_damage_typed", "6")  # Bo: shock, knockdown asked
    model = send(model, "gurps.next")  # Bo's turn: his own questions bear on his attack
    model = send(model, "gurps.settle", "1", "no effect")  # his choice waits for the knockdown
    return send(model, "gurps.maneuver", "Attack", "")


@pytest.mark.parametrize(
    ("page", "waits", "said", "asked"),
    [
        # The turn: folded to one line (carried from Ana's turn), the step waiting for them.
        (
            _bo_hurt_on_his_turn,
            "gurps-fight-waits",
            "Answer Bo — shock first",
            "gurps-after-injury-carried",
        ),
        # The Attack tab: asked in place, the roll waiting for them.
        (
            _worksheet_injury,
            "gurps-attack-unready",
            "Answer Bo — knockdown roll first",
            "gurps-attack-asks",
        ),
    ],
)
def test_the_questions_holding_the_attack_are_worked_out_once_per_render(
    monkeypatch: pytest.MonkeyPatch, page: Callable[[], Model], waits: str, said: str, asked: str
) -> None:
    model = page()
    calls = _counted(monkeypatch)
    shell.view(model)
    assert len(calls) == 1
    # ... and said as before.
    assert texts(model, waits)[0].startswith(said)
    assert texts(model, asked)
