"""A move into hand-to-hand range is paid in AP (PCT-05, PCT-24; play56): changing the range
from beyond 3 m to within it in a turn asks the GM what the move costs (Table #3-6 is left out
of the text, PCT-M03) and spends it."""

from __future__ import annotations

from test_percentile_pages import go, round_ready, texts


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
    assert texts(m, "percentile-log-entry")[0].startswith("round 1: Ann spends 5 AP")
    assert "45 AP" in texts(m, "percentile-strip-c1")[0]
    assert texts(m, "percentile-turn-moved") == []  # paid: asked no more
