"""Negative figures a user reads show the true minus sign (U+2212), as every modifier in the
explanations ("stunned −4"); saved data and typed fields keep the ASCII "-"."""

import pytest

from pycore.errors import RuleError
from pycore.figures import figure
from pycore.systems.aftermath import bcs
from pycore.systems.gurps import quantities
from pycore.systems.simply import recovery
from pycore.systems.simply.damage import apply_damage


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
