"""A GM's Percentile play-through: Ann's attack on Bob left Table #3-7.0's stun question open,
and the order strip already marked the next fighter "now" (the turn had passed to him under the
open question). The question is the step on the screen, and it belongs to the fighter whose
attack it is: the strip and the "Now:" line mark him, and the turn's fighter comes next, once
it is answered (FIGHT.md, "On the screen" 1: the strip says who acts now and next)."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.vdom import VNode
from test_percentile_pages import anns_turn, go, round_ready, texts
from test_percentile_pct2 import _stunning


def _anns_hit_waits_for_the_stun() -> Model:
    """Ann's own turn (Side A first): typed dice hit Bob's head (15 to hit, 7 on Table #3-3.4,
    5 6 6 6 damage: 18.75 points); the GM's Table #3-7.0 has no row for them, so it is asked."""
    m = anns_turn(_stunning(round_ready(), "0,0,0\n"))
    m = go(m, "percentile.turn_target", "c2")
    for typed in ("15", "7", "5 6 6 6"):
        m = go(m, "percentile.turn_typed", typed)
    assert texts(m, "percentile-attack-question")[0].startswith("What is Bob's damage modifier")
    return m


def _strip_order(m: Model) -> list[str]:
    """The strip's cards as they read, by the fighter's id."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, VNode):
            testid = str(node.attr("data-testid") or "")
            if testid.startswith("percentile-strip-"):
                found.append(testid.removeprefix("percentile-strip-"))
            for child in node.children:
                walk(child)

    walk(shell.view(m))
    return found


def test_the_strip_marks_the_fighter_whose_question_is_open_as_now() -> None:
    assert texts(_anns_hit_waits_for_the_stun(), "percentile-strip-c1")[0].startswith(
        "Ann · Side A · now ·"
    )
    # The play-through passed Primary Attack under the open question; a pass is refused now
    # (PCT-22: before the round's first turn acts, tests/test_percentile_pass_order.py). The
    # turn is Bob's while Ann's attack waits when the GM has Ann attack in Bob's turn.
    m = go(anns_turn(_stunning(round_ready(), "0,0,0\n")), "percentile.turn_next", seed="b")
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Bob (Side B)")
    m = go(m, "percentile.attack_field", "attacker", "c1")  # the GM's call: Ann attacks in it
    m = go(m, "percentile.turn_target", "c2")
    for typed in ("15", "7", "5 6 6 6"):
        m = go(m, "percentile.turn_typed", typed)
    assert texts(m, "percentile-attack-question")[0].startswith("What is Bob's damage")
    ann, bob = texts(m, "percentile-strip-c1")[0], texts(m, "percentile-strip-c2")[0]
    assert ann.startswith("Ann · Side A · now: question open ·"), ann
    assert bob.startswith("✓ Bob · Side B · next, once the question is answered ·"), bob
    assert _strip_order(m) == ["c1", "c2"]  # read as said: Ann now, Bob next
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Ann (Side A)")
    # answered: the attack is over, and the turn's fighter is "now" again
    answered = go(m, "percentile.attack_stun", "300")
    assert texts(answered, "percentile-strip-c2")[0].startswith("✓ Bob · Side B · now ·")
    assert "now" not in texts(answered, "percentile-strip-c1")[0]
    assert texts(answered, "percentile-turn-active")[0].startswith("Now: Bob (Side B)")
    assert _strip_order(answered) == ["c1", "c2"]  # the order of turns again: Side A, Side B
