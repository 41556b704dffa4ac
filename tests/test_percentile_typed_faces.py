"""The damage dice typed as they are read (PCT-42, line 131: ``X+Y`` is ``X:10sd + Y``): the
GM types what the dice show, the one die or each die, and the app adds the Y and shows it
(a play-through typed the knife's d10, 8, and the app took it as the total: "1:10sd (7) + 1 =
8", a point lost; GURPS's ``1d-2`` takes the die the same way)."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import text_of
from test_percentile_pages import fresh, go, round_ready, texts


def _ready(damage_die: str) -> Model:
    """Ann's AUTO PISTOL of ``damage_die`` hits Bob's head with typed dice (15 to hit under
    MARKSmanship 60, 7 on the GM's Table #3-3.4); the damage roll is next."""
    m = go(round_ready(damage_die=damage_die), "percentile.turn_next", seed="order-a")
    m = go(m, "percentile.attack_field", "attacker", "c1")
    m = go(m, "percentile.turn_target", "c2")
    for typed in ("15", "7"):
        m = go(m, "percentile.turn_typed", typed)
    return m


def test_one_die_with_an_add_is_typed_as_the_die_shows_it() -> None:
    m = _ready("1+1")
    assert "1:10sd+1" in texts(m, "percentile-turn-step")[0]
    assert "the die; the app adds +1" in texts(m, "percentile-turn-step")[0]
    m = go(m, "percentile.turn_typed", "8")  # the d10 shows 8: 8 + 1 = 9
    entry = texts(m, "percentile-log-entry")[0]
    assert "1:10sd (8) + 1 = 9" in entry, entry


def test_several_dice_with_an_add_are_typed_die_by_die() -> None:
    m = _ready("4+2")
    assert "each die; the app adds +2" in texts(m, "percentile-turn-step")[0]
    refused = go(m, "percentile.turn_typed", "20")  # 20 with or without the +2? asked again
    said = texts(refused, "percentile-turn-roll-typed-error") or texts(
        refused, "percentile-turn-error"
    )
    assert said and "needs each die typed (4 numbers); the app adds +2" in said[0], said
    m = go(m, "percentile.turn_typed", "5 6 6 5")
    assert "4:10sd (5, 6, 6, 5) + 2 = 24" in texts(m, "percentile-log-entry")[0]


def test_the_checks_tab_says_the_dice_and_the_add_and_takes_the_faces() -> None:
    m = go(fresh(), "percentile.tab", "checks")
    m = go(m, "percentile.check_field", "die", "1+1")
    assert "I rolled (1:10sd+1: the die; the app adds +1)" in text_of(shell.view(m))
    m = go(m, "percentile.damage_roll_typed", "8")
    assert texts(m, "percentile-check-log-entry")[0].startswith("damage 1:10sd (8) + 1 = 9")
    m = go(m, "percentile.check_field", "die", "4+2")
    refused = go(m, "percentile.damage_roll_typed", "20")
    assert (
        "needs each die typed (4 numbers); the app adds +2"
        in texts(refused, "percentile-damage-typed-error")[0]
    )
