"""SIM-51 to SIM-57 treatment and recovery (table SIM-T16); inventory examples E56-E62."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import refused

from pycore.errors import RuleError
from pycore.systems.simply.recovery import (
    bandage,
    first_aid,
    hospital_care,
    natural_healing,
    revive,
    stabilize,
    treatment,
    treatment_difficulty,
)


def test_sim_52_e56_treatment_difficulty_by_hp() -> None:
    assert [treatment_difficulty(7, 26, s) for s in ("First Aid", "Medicine")] == [
        "Average",
        "Easy",
    ]
    assert [treatment_difficulty(6, 26, s) for s in ("First Aid", "Medicine")] == [
        "Above Average",
        "Average",
    ]
    task = treatment(6, 26, "First Aid")
    assert (task.modifier, task.stops_bleeding, task.rules) == (-2, True, ("SIM-52",))


def test_sim_54_e57_e58_stabilization_ladder() -> None:
    fa = [stabilize(n, "First Aid") for n in (1, 2, 5)]
    assert [(t.difficulty, t.modifier, t.automatic) for t in fa] == [
        ("Difficult", -4, None),
        ("Very Difficult", -6, None),
        ("Impossible", None, "failure"),
    ]
    med = [stabilize(n, "Medicine") for n in (1, 2, 6)]
    assert [(t.difficulty, t.modifier) for t in med] == [
        ("Above Average", -2),
        ("Difficult", -4),
        ("Impossible", None),
    ]
    assert stabilize(3, "First Aid").difficulty == "Improbable"
    assert stabilize(4, "First Aid").difficulty == "Near Impossible"
    assert stabilize(50, "Medicine").difficulty == "Impossible"
    assert "1d10 hours" in str(stabilize(1, "Medicine")) and stabilize(1, "Medicine").rules == (
        "SIM-54",
    )


def test_sim_56_e59_natural_healing() -> None:
    assert natural_healing(3, "inactive", hp=5, hp_max=26).gained == 6
    assert natural_healing(2, "moderate", hp=5, hp_max=26).gained == 2


def test_sim_57_e60_hospital() -> None:
    assert hospital_care(2, hp=5, hp_max=26).gained == 8


def test_sim_57_state_of_the_art_rolls_1d10_halved_up() -> None:
    h = hospital_care(3, hp=-5, hp_max=50, state_of_the_art=True, rng=random.Random(7))
    assert len(h.rolls) == 3 and all(1 <= r.total <= 5 for r in h.rolls)
    assert h.gained == 12 + sum(r.total for r in h.rolls)
    with pytest.raises(RuleError, match="rng None"):
        hospital_care(1, hp=5, hp_max=26, state_of_the_art=True)


def test_sim_d18_healing_capped_at_hp_max() -> None:
    assert hospital_care(10, hp=20, hp_max=26).hp_after == 26
    assert natural_healing(0, "inactive", hp=20, hp_max=26).gained == 0


def test_sim_51_e61_revive() -> None:
    task = revive(1, 26, "First Aid")
    assert (task.hp_gain, task.difficulty) == (1, "Above Average")
    assert "next Initiative Roll" in task.note and task.rules == ("SIM-51", "SIM-52", "SIM-46")
    assert task.stops_bleeding  # a treatment task (SIM-51, SIM-52 readings)
    assert revive(10, 26, "Medicine").difficulty == "Easy"  # unconscious from a failed check
    with refused("SIM-D16"):
        revive(-1, 26, "Medicine")


def test_sim_55_e62_first_aid() -> None:
    task = first_aid(10, 26, "First Aid", minutes_since_injury=15)
    assert (task.hp_gain, task.difficulty, task.stops_bleeding) == (2, "Average", True)
    assert first_aid(3, 26, "Medicine", 0).difficulty == "Average"
    with pytest.raises(RuleError, match="minutes since injury 16 is outside 0 to 15"):
        first_aid(10, 26, "First Aid", 16)


def test_sim_53_bandage() -> None:
    task = bandage(3)
    assert (task.skill, task.automatic, task.stops_bleeding) == (None, "success", True)
    with pytest.raises(RuleError, match="Critical Condition"):
        bandage(-1)


@given(st.integers(-2000, 2000), st.integers(-10, 2000), st.text(max_size=10), st.integers(-5, 200))
def test_bad_input_raises_only_rule_error(hp: int, hp_max: int, skill: str, n: int) -> None:
    for call in (
        lambda: treatment(hp, hp_max, skill),
        lambda: revive(hp, hp_max, skill),
        lambda: first_aid(hp, hp_max, skill, n),
        lambda: stabilize(n, skill),
        lambda: natural_healing(n, skill, hp, hp_max),
        lambda: hospital_care(n, hp, hp_max),
        lambda: bandage(hp),
    ):
        with contextlib.suppress(RuleError):
            call()


@given(st.integers(0, 50), st.integers(1, 100), st.integers(-100, 100))
def test_sim_d18_healing_never_lowers_hp_nor_exceeds_max(weeks: int, hp_max: int, hp: int) -> None:
    hp = min(hp, hp_max)
    for h in (natural_healing(weeks, "inactive", hp, hp_max), hospital_care(weeks, hp, hp_max)):
        assert hp <= h.hp_after <= max(hp, hp_max)
