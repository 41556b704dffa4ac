"""A GM's play-through of Aftermath at 768x1024 (play 57): a second shot in one Action Phase by
typing the same dice again, with no word of it (an attack is one Action, AFT-45, 001 lines
628-643; an Action is reinitiated on the next Action Phase, 001 line 557); a typed to-hit roll
with no hit or miss until the damage; Knocked Over labelled "rest of the combat" beside
"Gets up" (001 line 557: off his feet, not a lasting state)."""

from __future__ import annotations

import pytest
from test_aftermath_pages import send, texts, two_fighters

from pycore.errors import RuleError
from pycore.systems.aftermath import fight as F
from pycore.systems.aftermath.conditions import condition_from_json

SHOT = ("5", "50", "4")  # to hit, hit location, damage: Ana hits Bo


def _typed(model, rolls=SHOT):  # type: ignore[no-untyped-def]
    """Ana's shot: her Base BCS typed (this attack's, as two_fighters did), the dice typed."""
    bcs = ("aftermath.cbt_field", "missile", "bcs", "12")
    return send(model, bcs, *[("aftermath.cbt_typed", r) for r in rolls])


def _log(model) -> list:  # type: ignore[no-untyped-def]
    return model.state["aftermath"]["combat"]["log"]


def test_a_second_attack_in_the_same_action_phase_is_refused_with_its_reason() -> None:
    model = _typed(two_fighters())
    assert len(_log(model)) == 1
    refused = texts(model, "aft-refused")
    assert refused and "Ana already attacked in this Action Phase (turn 1, phase 1)" in refused[0]
    assert "AFT-" not in refused[0].split("Why")[0]
    # The typed box does not invite it: no "Roll 1: to hit".
    assert texts(model, "aft-dice-next") == ["No roll: refused; the GM's reason allows it"]
    again = _typed(model)
    assert len(_log(again)) == 1  # refused: nothing rolled, nothing written
    assert "already attacked in this Action Phase" in again.ui["aftermath_errors"]["cbt.resolve"]
    # The GM's deliberate override, logged with its reason, for that attack only.
    allowed = _typed(send(model, ("aftermath.cbt_pick", "override", "a snap shot")))
    assert len(_log(allowed)) == 2
    first = _log(allowed)[0]["steps"][0]
    assert first.startswith("GM override: Ana already attacked") and "a snap shot" in first
    assert allowed.state["aftermath"]["combat"]["override"] == ""
    # The next Action Phase: Ana may shoot again.
    later = send(model, ("aftermath.cbt_next_phase",))
    assert texts(later, "aft-refused") == []
    assert texts(later, "aft-dice-next") == ["Roll 1: to hit"]
    assert len(_log(_typed(later))) == 2


def test_the_fight_keeps_who_acted_and_a_called_critical_is_the_same_action() -> None:
    model = _typed(two_fighters())
    combat = model.state["aftermath"]["combat"]
    assert combat["acted"] == {"0": [1, 1]}
    fight = F.fight_from_json(
        {k: model.state["aftermath"][k] for k in ("characters", "settings", "combat")}
    )
    assert F.fight_from_json(F.fight_to_json(fight)) == fight
    with pytest.raises(RuleError, match="already attacked in this Action Phase"):
        F.attack(fight, F.roll_for_me("x"))
    # The GM calls it a critical: the same Action rolled again, not refused as a second one.
    called, _ = F.call_critical(fight)
    assert called.pending is not None or called.log != fight.log


def test_a_typed_to_hit_roll_shows_hit_or_miss_at_once() -> None:
    model = send(two_fighters(), ("aftermath.cbt_typed", "5"))
    assert model.state["aftermath"]["combat"]["pending"]["given"] == [
        "to hit: 1d20 = 5 vs BCS 12: hit"
    ]
    assert texts(model, "aft-attack-result") == ["Hit:"]  # the verdict first
    assert texts(model, "aft-dice-given") == ["to hit: 1d20 = 5 vs BCS 12"]


def test_knocked_over_holds_until_up_not_for_the_rest_of_the_combat() -> None:
    raw = {"name": "Knocked Over", "start": [1, 1], "until": None, "rule": "AFT-50"}
    assert str(condition_from_json(raw)) == "Knocked Over from turn 1, phase 1 until up"
    model = send(
        two_fighters(),
        ("aftermath.char_draft", "condition", "knocked_over"),
        ("aftermath.char_add_cond", 1),
    )
    shown = texts(model, "aft-card-conditions-1")[0]
    assert "Knocked Over (until up)" in shown and "rest of the combat" not in shown
