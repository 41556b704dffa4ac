"""Aftermath barrier factors (AFT-40, T31) and carrying places (AFT-34, T24) against the seed."""

from __future__ import annotations

import pytest
from seedfiles import seed_lines

from pycore.errors import RuleError
from pycore.systems.aftermath.reference.barriers import (
    barrier_factor,
    barrier_materials,
    carried_things,
)

SEED = "001_e07e7b2bd9248eea.txt"


def test_every_barrier_factor_matches_its_seed_line() -> None:
    """AFT-40, AFT-T31 as printed."""
    lines = seed_lines(SEED)
    for material in barrier_materials():
        bf = barrier_factor(material)
        name, value = lines[bf.line - 1].split("\t")
        assert name == material
        if bf.bf_low == bf.bf_high:
            assert value == ("*" if bf.starred else "") + str(bf.bf_low)
        else:
            assert value == f"variable {bf.bf_low} to {bf.bf_high}"


def test_carrying_places() -> None:
    """AFT-34, AFT-T24."""
    lines = seed_lines(SEED)
    assert '10 "things" on a belt' in lines[434]
    assert carried_things({"back": 1, "hand": 2, "shoulder": 2, "belt": 10}) == 15
    with pytest.raises(RuleError, match="over the 2"):
        carried_things({"hand": 3})
    with pytest.raises(RuleError, match="unknown"):
        carried_things({"pocket": 1})
