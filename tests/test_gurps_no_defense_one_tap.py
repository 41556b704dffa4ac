"""A GM's play-through (three rounds, three fighters): "No defense" cost two taps on the
tracker's step, the chip and then "Take the hit", though nothing else was left to decide. It is
one tap now, and Undo is the way back (FIGHT.md: Undo steps back through anything)."""

from __future__ import annotations

import json

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import find_all
from rkweb.features.gurps.state import fight_of
from test_gurps_pages import attack_turn, fight_started, send, texts


def tap(model: Model, testid: str) -> Model:
    """The tap of the GM on the one button ``testid``: what it sends."""
    (node,) = find_all(shell.view(model), testid)
    assert not node.attr("disabled"), testid
    return send(model, *json.loads(str(node.attr("data-on-click"))))


def _hit() -> Model:
    rolled = send(attack_turn(fight_started()), "gurps.step_attack_typed", "3 3 3")  # 9: a hit
    assert fight_of(rolled).pending is not None and fight_of(rolled).pending.stage == "defense"  # type: ignore[union-attr]
    return rolled


def test_no_defense_is_one_tap_and_undo_takes_it_back() -> None:
    rolled = _hit()
    taken = tap(rolled, "gurps-fight-defend-none")
    pending = fight_of(taken).pending
    assert pending is not None and pending.stage == "damage"  # the hit lands: its damage next
    assert texts(taken, "gurps-fight-damage-roll")
    back = send(taken, "shell.undo")
    pending = fight_of(back).pending
    assert pending is not None and pending.stage == "defense"
    assert texts(back, "gurps-fight-defense-roll")  # his defenses offered again


def test_no_defense_is_one_tap_whatever_defense_was_pressed() -> None:
    rolled = _hit()
    model = send(rolled, "gurps.step_defense", "dodge")  # any choice pressed before
    after = tap(model, "gurps-fight-defend-none")
    assert fight_of(after).pending.stage == "damage"  # type: ignore[union-attr]
