"""PCT-27 (line 74): AP borrowed are paid by "the next turn", the borrower's next turn, in
whichever round it comes. A GM's play-through: Ann borrowed 12 AP in Side A's surprise round;
in round 2 Side B led by 52 (the one and only attack of the round, PCT-21), so Ann had no turn,
yet the 12 were charged to round 2 and her round-3 turn had her full 50 AP."""

from __future__ import annotations

from fractions import Fraction

from rkweb.app.model import Model
from rkweb.features.percentile import state as S
from scripted import Faces as Dice
from test_percentile_fight import two_sides
from test_percentile_pages import go, texts, with_two_characters

from pycore.systems.percentile import fight as F
from pycore.systems.percentile.fight import turns as R


def _ledger(m: Model, cid: str) -> tuple[Fraction, Fraction]:
    fighter = S.fight_of(m, S.state(m)).fighter(cid)
    assert fighter is not None
    return fighter.ledger.available, fighter.ledger.remaining


def test_pct_27_the_borrowing_is_paid_by_the_borrowers_next_turn() -> None:
    m = with_two_characters()
    m = go(m, "percentile.member_add", 0, "c1")
    m = go(m, "percentile.member_add", 1, "c2")
    m = go(m, "percentile.tab", "combat")
    m = go(m, "percentile.surprise_roll_typed", "10 90")  # Side A surprises
    m = go(m, "percentile.order_roll_typed", "65 13")  # Side B first, by 52
    m = go(m, "percentile.turn_next")
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Ann")
    m = go(m, "percentile.ap_field", "c1", "12")
    m = go(m, "percentile.ap_borrow", "c1")
    assert "Ann borrows 12 AP of the next turn for 4 now" in texts(m, "percentile-log-entry")[0]
    m = go(m, "percentile.turn_next")  # round 2: Side B's only attack
    assert texts(m, "percentile-turn-why") == [
        "Side A has no turn this round: Side B leads by 30 or more: the only attack this round"
    ]
    assert _ledger(m, "c1") == (38, 38)  # what her next turn will have
    m = go(m, "percentile.turn_next")  # round 3: Bob, then Ann
    m = go(m, "percentile.turn_next")
    assert texts(m, "percentile-turn-active")[0].startswith("Now: Ann")
    assert _ledger(m, "c1") == (38, 38), "the 12 borrowed are paid by this turn"
    assert "38 AP" in texts(m, "percentile-strip-c1")[0]
    m = go(m, "percentile.turn_next")  # round 4: paid once, not again
    m = go(m, "percentile.turn_next")
    assert _ledger(m, "c1") == (50, 50)


def test_pct_27_a_round_without_his_turn_leaves_the_debt_for_his_next() -> None:
    """In the core: the order's lead of 30 leaves Ann without a turn in round 2."""
    fight, _ = F.roll_surprise(two_sides(), Dice(10, 90))  # Side A surprises (a1)
    fight, _ = F.roll_order(fight, Dice(65, 13))
    fight, _ = R.next_turn(fight, Dice())
    fight, _ = R.change_ap(fight, "c1", "borrow", Fraction(12))
    fight, _ = R.next_turn(fight, Dice())  # round 2: Bob alone
    assert fight.round == 2 and [f.id for f in R.members_of(fight, R.turn_order(fight))] == ["c2"]
    fight, _ = R.next_turn(fight, Dice())  # round 3: Bob
    fight, _ = R.next_turn(fight, Dice())  # round 3: Ann
    ann = R.active(fight)
    assert fight.round == 3 and ann is not None and ann.id == "c1"
    assert ann.ledger.available == 38
