"""PCT-08 step 1 before step 2, and PCT-15's tie at the table. A GM's play-through: Ann on Side A,
Bob on Side B, the surprise typed "10 10": a tie, so the entry asked for "roll 3: the next roll
(1d100)" in red; then "Roll order" (the app's or typed) and "Next turn" started the round with
no surprise decided, and the red message stayed for the whole fight. PCT-15 reads a shared
lowest score as rolled again until one side is lowest: the tie decides nothing. The order now
waits for the fight's first surprise (typed dice for the order are refused in words that say
what to do; the app's dice roll the surprise on the way, as "Next turn" does), the tie's prompt
asks for the re-roll, and it goes once the surprise is decided or the fight moves on."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rkweb.app.model import Model
from scripted import Faces as Dice
from test_percentile_fight import settings, two_sides
from test_percentile_pages import go, texts, with_two_characters, worksheet

from pycore.dice.typed import DiceWanted, TypedRolls
from pycore.errors import RuleError
from pycore.systems.percentile import fight as F
from pycore.systems.percentile.fight import turns as R

SURPRISE_FIRST = (
    "Surprise first: roll it on the Surprise card (a tie rolls again), or set surprise to none "
    "in Settings."
)


def test_pct_15_a_tie_typed_asks_for_every_sides_re_roll_and_decides_nothing() -> None:
    fight = two_sides()
    # Ann 10 − 50 = −40; Bob 20 + 10 − 70 = −40: the lowest score shared
    with pytest.raises(DiceWanted, match=r"roll 3: a tie, every side rolls again: Side A"):
        F.roll_surprise(fight, TypedRolls(["10", "20"]))
    after, surprised = F.roll_surprise(fight, TypedRolls(["10", "20", "30", "70"]))
    assert surprised.winner == "Side A" and after.surprise is not None


def test_pct_08_the_order_waits_for_the_fights_first_surprise() -> None:
    fight = two_sides()  # surprise a1 (the default): step 1 is due
    assert R.surprise_due(fight)
    with pytest.raises(RuleError) as refused:
        F.roll_order(fight, Dice(20, 45))
    assert str(refused.value) == SURPRISE_FIRST
    decided, _ = F.roll_surprise(fight, Dice(10, 80))
    assert not R.surprise_due(decided)
    assert F.roll_order(decided, Dice(20, 45))[0].order is not None
    off = replace(fight, settings=settings(surprise="none"))  # R-D: the GM skips it
    assert not R.surprise_due(off) and F.roll_order(off, Dice(20, 45))[0].order is not None


def test_pct_16_no_surprise_is_due_after_the_first_round() -> None:
    fight, _ = R.roll_due(two_sides(), Dice(10, 80, 20, 45))
    fight, _ = R.next_round(fight)  # the surprise belonged to round 1 (PCT-09)
    assert fight.surprise is None and not R.surprise_due(fight)


def test_pct_08_the_apps_dice_roll_the_surprise_then_the_order() -> None:
    fight, due = R.roll_due(two_sides(), Dice(10, 80, 20, 45))
    assert fight.surprise is not None and fight.surprise.winner == "Side A"
    assert fight.order is not None and fight.order.order == ["Side A", "Side B"]
    assert str(due).startswith("Surprise: ") and " · Order of attack: " in str(due)
    assert due.step.public == "Side A has SURPRISE · This round: Side A"
    assert "PCT-15" in due.step.rules and "PCT-18" in due.step.rules
    # decided already: only the order is rolled
    again, due = R.roll_due(replace(fight, order=None), Dice(30, 40))
    assert due.surprise is None and again.surprise == fight.surprise


def test_next_turn_after_a_tie_typed_rolls_the_surprise_first() -> None:
    fight = two_sides()
    with pytest.raises(DiceWanted):
        F.roll_surprise(fight, TypedRolls(["10", "20"]))  # a tie: the fight is unchanged
    fight, turn = R.next_turn(fight, Dice(10, 80, 20, 45))
    assert fight.surprise is not None and turn.events[0].startswith("Surprise: ")
    assert R.active(fight) is not None and R.active(fight).name == "Ann"  # type: ignore[union-attr]


def _tied() -> Model:
    m = go(with_two_characters(), "percentile.tab", "combat")
    m = go(m, "percentile.member_add", 0, "c1")
    m = go(m, "percentile.member_add", 1, "c2")
    m = go(m, "percentile.surprise_roll_typed", "10 10")
    said = texts(m, "percentile-surprise-typed-error")[0]
    assert said.startswith("roll 3: a tie, every side rolls again: Side A (1d100)"), said
    assert "e.g. 10 10 30 70" in said, said
    assert texts(m, "percentile-surprise-result") == [""]
    return m


def test_a_typed_order_waits_for_the_surprise_after_a_tie_and_the_prompt_goes_once_decided() -> (
    None
):
    m = go(_tied(), "percentile.order_roll_typed", "20 45")
    assert texts(m, "percentile-order-typed-error") == [SURPRISE_FIRST]
    assert texts(m, "percentile-order-result") == [""]
    m = go(m, "percentile.surprise_roll_typed", "10 10 30 70")
    assert "Side A gets SURPRISE" in texts(m, "percentile-surprise-result")[0]
    assert texts(m, "percentile-surprise-typed-error") == [""]
    m = go(m, "percentile.order_roll_typed", "20 45")
    assert texts(m, "percentile-order-typed-error") == [""]
    assert "acting this round: Side A" in texts(m, "percentile-order-result")[0]


@pytest.mark.parametrize("step", ["percentile.order_roll", "percentile.turn_next"])
def test_the_apps_order_or_next_turn_after_a_tie_rolls_the_surprise_and_the_prompt_goes(
    step: str,
) -> None:
    m = worksheet(go(_tied(), step, seed="s1"))  # the set-up folds once the round starts
    assert "gets SURPRISE" in texts(m, "percentile-surprise-result")[0]
    assert texts(m, "percentile-order-result")[0].startswith("results ")
    assert texts(m, "percentile-surprise-typed-error") == [""]
    log = " ".join(texts(m, "percentile-log-entry"))
    assert "Surprise: " in log and "Order of attack: " in log
