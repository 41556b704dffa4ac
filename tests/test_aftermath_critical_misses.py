"""Aftermath critical miss tables (AFT-28, AFT-53, AFT-54; AFT-T12-T14, T44, T45)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from seedfiles import seed_lines

from pycore.errors import RuleError
from pycore.systems.aftermath.attack.critical_misses import (
    KINDS,
    chamber_explosion,
    critical_miss,
    critical_miss_odds,
    roll_critical_miss,
)

SEED = "001_e07e7b2bd9248eea.txt"


@pytest.mark.parametrize("kind", KINDS)
def test_every_row_is_printed_on_its_seed_line(kind: str) -> None:
    """AFT-T12, AFT-T13, AFT-T14, AFT-T44, AFT-T45: every face against its seed line."""
    lines = seed_lines(SEED)
    for face in range(1, 101):
        miss = critical_miss(kind, face)
        if miss.reconstructed:
            continue  # AFT-54: the modern table's 96-00 row is missing from the text
        printed = lines[miss.line - 1]
        assert miss.text.rstrip(".")[:30] in printed, (kind, face, printed)


def test_the_texts_ranges() -> None:  # L165-170, L175-178, L183-187, L766-771, L777-781
    """AFT-28, AFT-53, AFT-54: the printed ranges."""
    assert [
        critical_miss("armed", f).effect for f in (10, 11, 40, 41, 70, 71, 80, 81, 90, 91, 100)
    ] == [
        "none",
        "dazed",
        "dazed",
        "stunned",
        "stunned",
        "falls",
        "falls",
        "weapon breaks",
        "weapon breaks",
        "drops weapon",
        "drops weapon",
    ]
    assert critical_miss("unarmed", 75).effect == "part disabled"
    assert critical_miss("black powder", 96).burst_divisor == 20
    assert critical_miss("modern", 90).burst_divisor == 30


def test_odds_sum_to_one_and_match_the_bands() -> None:
    for kind in KINDS:
        assert sum(critical_miss_odds(kind).values()) == 1
    assert critical_miss_odds("modern")["chamber explosion"] == Fraction(15, 100)


def test_chamber_explosion() -> None:  # AFT-53
    """AFT-53; AFT-M19: weapon.durability is the user's."""
    blast = chamber_explosion(45, 1, 30)
    assert (blast.burst, blast.dice, blast.junk_chance) == (2, 1, Fraction(1, 6))
    assert not chamber_explosion(20, 1, 30).explodes  # 20/30 → 1; 1 − 1 = 0: a dud
    assert chamber_explosion(200, 0, 20).junk_chance == 1
    with pytest.raises(RuleError, match="Durability"):
        chamber_explosion(20, -1)


@given(st.sampled_from(KINDS), st.integers(0, 2**32))
def test_rolls_are_replayable(kind: str, seed: int) -> None:
    first = roll_critical_miss(kind, random.Random(seed))
    assert first == roll_critical_miss(kind, random.Random(seed))
    assert 1 <= first[1].d100 <= 100


def test_reference_tab_rolls_a_critical_miss_with_its_chamber_explosion() -> None:
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of

    from pycore.store import History, default_data

    def send(model: Model, *msg: object, seed: str = "s") -> Model:
        return shell.update(
            model, tuple(msg), Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed=seed)
        )

    def texts(model: Model, testid: str) -> list[str]:
        return [text_of(n) for n in find_all(shell.view(model), testid)]

    model = send(
        Model(History.new(default_data()), route="aftermath"), "aftermath.tab", "reference"
    )
    assert "none10%exactly 1/10" in texts(model, "aft-ref-odds")[0]
    model = send(model, "aftermath.ref_field", "kind", "modern")
    model = send(model, "aftermath.ref_field", "bdg", "45")
    model = send(model, "aftermath.ref_field", "durability", "1")
    for seed in (str(n) for n in range(200)):
        rolled = send(model, "aftermath.ref_roll", seed=seed)
        entry = texts(rolled, "aft-ref-log-entry")[0]
        if "Chamber explosion" in entry:
            assert "burst BDG 45 ÷" in entry
            break
    else:
        raise AssertionError("no chamber explosion in 200 seeds")
    assert "Hoof, shod" in texts(model, "aft-ref-horse")[0]


def test_reference_tab_rolls_a_reaction() -> None:
    """AFT-31; AFT-M33: the app shows the roll and the Value Number."""
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of

    from pycore.store import History, default_data

    ctx = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="r")
    model = shell.update(
        Model(History.new(default_data()), route="aftermath"), ("aftermath.tab", "reference"), ctx
    )
    model = shell.update(model, ("aftermath.ref_reaction",), ctx)
    entries = [text_of(n) for n in find_all(shell.view(model), "aft-ref-log-entry")]
    assert entries[0].startswith("1d100 (") and "Value Number" in entries[0]
