"""A GM's play-through at 768x1024: a critical's Health throws waited for his die with no odds
("Roll 5: Health save to lower Stun to Daze (Damage Done 6)"; "Roll 7: the target's Health saving
throw (Broken bone)"), while every other roll showed its chance. Each save waiting for the dice
carries what it decides and its exact chance (AFT-05 on 1D20): the Health AST 12 saves on D20 ≤ 12,
60%. A Stopping below 1 (AFT-50) read "36.6667% chance (D100 ≤ 36.6667)": the chance is shown as
players read it and the D100 is read against the percent rounded as the campaign rounds (AFT-02),
the roll and the words alike."""

from __future__ import annotations

from fractions import Fraction

from test_aftermath_critical_call import _typed_critical

from pycore.dice import TypedRolls
from pycore.systems.aftermath.attack.effect_steps import _stopping_steps
from pycore.systems.aftermath.attack.missile_effects import stopping
from pycore.systems.aftermath.conditions import Condition, moment


def test_the_save_to_lower_waits_with_its_exact_chance() -> None:
    fight = _typed_critical("6", "79", "39", "2", "10 10", "81")  # Bo's Health AST 12, CST 5
    assert fight.pending is not None
    assert fight.pending["what"].startswith("Health save to lower Lethal to Trauma")
    assert fight.pending["odds"] == [["saves on D20 ≤ 12", "3/5"]]


def test_a_disables_health_saving_throw_gives_both_ranges() -> None:
    """AFT-23: its Critical range Dazes, its Ability range Stuns: each with its chance."""
    from pycore.systems.aftermath import fight as F

    fight = _typed_critical("6", "35", "39", "2", "10 10", "60")
    fight, _ = F.attack(fight, F.typed_roll("20"))  # the save to lower fails
    assert fight.pending is not None
    assert fight.pending["what"] == "Health Saving Throw for the Disable"
    assert fight.pending["odds"] == [
        ["Critical range, D20 ≤ 5", "1/4"],
        ["Ability range, D20 6 to 12", "7/20"],
    ]


def test_a_stopping_below_1_reads_its_d100_against_the_rounded_percent() -> None:
    """Effect 22 ÷ Mass 60 = 0.367: 36.7%, rounded half up (AFT-02) to D100 ≤ 37: a 37 gives
    the result for 1 (the old roll compared 37 with 36.6667: no effect)."""
    stop = stopping(22, 60)
    assert str(stop) == (
        "effect 22 ÷ Mass 60 = 0.367 → below 1: 36.7% chance, rounded to D100 ≤ 37 of the "
        "result for 1"
    )
    conditions: list[Condition] = []
    steps = _stopping_steps(
        stop, TypedRolls(["37", "1 1", "20"]), (12, 5), moment(1, 1), conditions
    )
    assert str(steps[0]).startswith("Knock-back: D100 37 ≤ 37: as for effect 1")
    steps = _stopping_steps(stop, TypedRolls(["38"]), (12, 5), moment(1, 1), [])
    assert str(steps[0]) == "Knock-back: D100 38 > 37: no effect"
    # The campaign's rounding "down" reads it as D100 ≤ 36 (settings.unstated_rounding).
    assert stopping(22, 60, "down").threshold == 36


def test_the_knock_back_chance_waits_with_its_odds() -> None:
    from pycore.dice.typed import DiceWanted

    try:
        _stopping_steps(stopping(22, 60), TypedRolls([]), (12, 5), moment(1, 1), [])
    except DiceWanted as wanted:
        assert wanted.what == "knock-back chance"
        assert wanted.odds == (("as for effect 1 on D100 ≤ 37", Fraction(37, 100)),)
    else:  # pragma: no cover
        raise AssertionError("the D100 was not asked")
