"""A move into hand-to-hand range is paid in AP (PCT-05, PCT-24; play56): changing the range
from beyond 3 m to within it in a turn asks the GM what the move costs (Table #3-6 is left out
of the text, PCT-M03) and spends it."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.percentile.state import FEATURE
from rkweb.kit.fields import error_of
from test_percentile_pages import _disabled, go, round_ready, texts

WAITS = "The attack waits for the move: spend the AP it costs Ann above, or let it cost none"


def _moved_in() -> Model:
    """Ann's turn: Bob 5 m away, then the range brought to 2 m (a move into hand-to-hand range)."""
    m = go(round_ready(), "percentile.turn_next", seed="order-a")
    m = go(m, "percentile.attack_field", "attacker", "c1")
    m = go(m, "percentile.turn_target", "c2")
    m = go(m, "percentile.attack_field", "range_m", "5")
    return go(m, "percentile.attack_field", "range_m", "2")


def test_a_range_brought_inside_3_m_asks_for_the_moves_ap() -> None:
    """PCT-05 (line 27: a fighter farther than 3 m "must first move … paying AP") and PCT-24
    (line 68: every action costs AP): the play-through changed 5 m to 2 m in Ann's turn and the
    knife was in reach for nothing. Table #3-6's costs are left out (PCT-M03): the GM is asked
    what the move costs, and it is spent from Ann's AP."""
    m = go(round_ready(), "percentile.turn_next", seed="order-a")
    m = go(m, "percentile.attack_field", "attacker", "c1")
    m = go(m, "percentile.turn_target", "c2")
    m = go(m, "percentile.attack_field", "range_m", "5")
    assert texts(m, "percentile-turn-moved") == []  # no move inside 3 m yet
    m = go(m, "percentile.attack_field", "range_m", "2")
    assert texts(m, "percentile-turn-moved") == [
        "Ann moves from 5 m to 2 m, into hand-to-hand range: a move is an action and costs AP; "
        "Table #3-6 leaves its cost out: enter what it costs Ann and spend it"
    ]
    m = go(m, "percentile.ap_field", "c1", "5")
    m = go(m, "percentile.ap_spend", "c1")
    # the log line says what the AP paid for ("Ann spends 5 AP" did not name the move)
    assert texts(m, "percentile-log-entry")[0].startswith(
        "round 1: Ann moves into hand-to-hand range: spends 5 AP"
    )
    assert "45 AP" in texts(m, "percentile-strip-c1")[0]
    assert texts(m, "percentile-turn-moved") == []  # paid: asked no more


def test_the_attack_waits_for_the_moves_ap() -> None:
    """PCT-05 (line 27: "must first move … inside of the distance before he or she can
    attack") and PCT-24 (line 68: every action has a cost the player "must pay", the moves only
    "as long as the player has enough APs to cover the combined cost"): the move comes before
    the attack, so the attack's roll waits, saying so, until the move's AP are spent; before, it
    rolled and the move went free without a word."""
    m = _moved_in()
    assert texts(m, "percentile-turn-waits") == [WAITS]
    assert _disabled(m, "percentile-turn-roll-roll")
    refused = go(m, "percentile.turn_typed", "15")  # the typed roll too (Enter in the field)
    assert texts(refused, "percentile-log-entry") == texts(m, "percentile-log-entry")
    assert error_of(refused, FEATURE, "turn") == WAITS
    # the worksheet's "Roll the attack" too, said under it
    refused = go(m, "percentile.attack_resolve")
    assert texts(refused, "percentile-log-entry") == texts(m, "percentile-log-entry")
    assert error_of(refused, FEATURE, "attack") == WAITS
    m = go(go(m, "percentile.ap_field", "c1", "5"), "percentile.ap_spend", "c1")
    assert not texts(m, "percentile-turn-waits")
    assert not _disabled(m, "percentile-turn-roll-roll")


def test_the_gm_lets_the_move_cost_nothing_in_one_tap_logged() -> None:
    """The GM's call (Table #3-6 is left out, PCT-M03; the GM prices every move, PCT-24): "No
    AP for the move" logs it and the attack goes on, Ann's AP untouched."""
    m = go(_moved_in(), "percentile.ap_move_free", "c1")
    assert texts(m, "percentile-log-entry")[0].startswith(
        "round 1: Ann moves into hand-to-hand range: no AP spent (the GM's call)"
    )
    assert "50 AP" in texts(m, "percentile-strip-c1")[0]
    assert not texts(m, "percentile-turn-moved") and not texts(m, "percentile-turn-waits")
    assert not _disabled(m, "percentile-turn-roll-roll")
