"""Negative figures a user reads show the true minus sign (U+2212), as every modifier in the
explanations ("stunned −4"); saved data and typed fields keep the ASCII "-"."""

from fractions import Fraction

import pytest

from pycore.errors import RuleError
from pycore.figures import figure, signed
from pycore.systems.aftermath import bcs, rounding
from pycore.systems.aftermath.attack.situation import dat_position
from pycore.systems.aftermath.gear.weapons import shuriken_throw
from pycore.systems.aftermath.reference.reaction import reaction
from pycore.systems.gurps import quantities
from pycore.systems.gurps.modifiers import attack_modifier
from pycore.systems.percentile.checks import bounded, fmt
from pycore.systems.percentile.sides import surprise
from pycore.systems.simply import recovery
from pycore.systems.simply.character import Campaign, Character, validate
from pycore.systems.simply.damage import apply_damage
from pycore.systems.simply.ladder import difficulty_ladder
from pycore.systems.simply.skills import explain_skill_rating
from pycore.systems.simply.stats import explain_fatigue_points


def test_gurps_keeps_its_figure_from_the_shared_module() -> None:
    assert quantities.figure is figure and figure(-5) == "−5"


def test_simply_damage_below_zero_shows_the_true_minus_sign() -> None:
    hit = apply_damage(48, hp=5, hp_max=20, strength=5, health=5)
    assert "HP 5 → −43" in str(hit) and "HP 5 → −43" in hit.words
    assert "-" not in str(hit)
    assert [e.reason for e in hit.effects][-1] == "HP −43 ≤ −10, barring magic or superscience"


def test_simply_treatment_refusal_names_the_hp_with_the_true_minus_sign() -> None:
    with pytest.raises(RuleError, match="HP −2 is below 0"):
        recovery.bandage(-2)


def test_aftermath_bcs_below_zero_shows_the_true_minus_sign() -> None:
    total = bcs.modified_bcs(3, [bcs.BcsModifier("cover", -8, "AFT-08")])
    assert str(total).endswith("= −5") and total.total == -5
    assert "vs BCS −5" in str(bcs.judge_bcs(-5, 1))


def test_the_shared_signed_helper_gives_the_true_minus_sign() -> None:
    assert (signed(-3), signed(3), signed(0), signed(0, zero="0")) == ("−3", "+3", "+0", "0")


def test_simply_explanations_sign_their_negatives_with_the_true_minus() -> None:
    ladder = dict(difficulty_ladder().rows)
    assert ladder["Difficult"] == "−4" and ladder["Very Easy"] == "+4"
    assert str(explain_fatigue_points(5, 5, -2)).endswith("campaign −2 = 5 + 5 − 2 = 8")
    assert str(explain_skill_rating(1, None, "physical", "C")).endswith("Default −2 = 1 − 2 = −1")
    over = Character(age="Mature", strength=9, coordination=9, intellect=9, health=9)
    problems = [str(p) for p in validate(over, Campaign(race_stat_adj=-1))]
    assert "(24 −3 age −1 race)" in problems[0]


def test_aftermath_modifiers_show_the_true_minus_sign() -> None:
    assert str(reaction(1)).endswith("Value Number −6")
    assert "at BCS −2 (note 10)" in str(shuriken_throw(2, 2))
    assert str(dat_position("XL", "character_hex")).endswith("Strength Group −1")
    assert rounding.signed(-3) == "−3"


def test_percentile_figures_show_the_true_minus_sign() -> None:
    assert (fmt(Fraction(-1, 2)), fmt(-3), fmt(Fraction(-5, 2))) == ("−½", "−3", "−2½")
    assert "Y: 28 − 30 = −2" in str(surprise({"X": 50, "Y": 30}, {"X": 45, "Y": 28}, {"X": 10}))


def test_percentile_refusal_echoes_the_typed_ascii_minus() -> None:
    with pytest.raises(RuleError, match=r"got -5$"):
        bounded("AIM", -5, 0, 100)


def test_gurps_amount_labels_show_the_true_minus_sign_and_keep_ascii_values() -> None:
    amounts = attack_modifier("bad_footing").amounts()
    assert amounts[-1] == (-2, "−2") and str(amounts[-1][0]) == "-2"


def test_aftermath_missile_chips_read_their_modifier_with_the_true_minus_sign() -> None:
    """A GM's play-through at 768x1024: the missile situation chips read "Surprised (-2)",
    "Shooting out a Rear hex (-4)", "Damaged in that Combat Turn (-(damage taken/2))" (001
    lines 67-75 as printed, with the ASCII hyphen); the table keeps the printed text."""
    from pycore.systems.aftermath.attack.situation import missile_choices

    labels = dict(missile_choices())
    assert labels["surprised"] == "Surprised (−2)"
    assert labels["rear_hex"] == "Shooting out a Rear hex (−4)"
    assert labels["two_guns"] == "Firing a gun in each hand (−1 to all shots)"
    assert labels["damaged"] == "Damaged in that Combat Turn (−(damage taken/2))"
    assert labels["stance"] == "In firing stance (+1)"
    assert not [label for label in labels.values() if "-" in label]


def test_aftermath_dat_position_names_the_hex_in_the_tables_words() -> None:
    """The DAT position step read "target in front side rear hex" (its key with the
    underscores dropped); T06 says "Front, Side Rear hex" (001 line 81, read as Front, Side or
    Rear hex, AFT-11), as the target's hex field does."""
    assert str(dat_position("S", "front_side_rear_hex")) == (
        "length S, target in a Front, Side or Rear hex: Strength Group +0"
    )
    assert str(dat_position("S", "character_hex")).startswith(
        "length S, target in the attacker's own hex: Strength Group +1"
    )
    assert str(dat_position("L", "long_hex")) == (
        "length L, target in a Long Front or Long Side hex: Strength Group −1; no secondary strike"
    )
