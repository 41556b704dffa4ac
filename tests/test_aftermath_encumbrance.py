"""Aftermath encumbrance (AFT-32, AFT-33; T22, T23) against the seed text."""

from __future__ import annotations

from fractions import Fraction

import pytest
from seedfiles import seed_lines

from pycore.errors import RuleError
from pycore.systems.aftermath.gear.encumbrance import (
    BULKS,
    MASSES,
    enc_value,
    encumbrance_status,
)

SEED = "001_e07e7b2bd9248eea.txt"


def test_every_cell_of_the_chart_matches_the_seed() -> None:  # L386-393
    """AFT-32, AFT-T22 as printed."""
    lines = seed_lines(SEED)
    for offset, bulk in enumerate(BULKS):
        cells = lines[385 + offset].split("\t")
        assert cells[0] == bulk
        assert [Fraction(c) for c in cells[1:8]] == [enc_value(bulk, m) for m in MASSES]


def test_huge_bulk_continues_by_multiples() -> None:  # L406 "and so on"
    """AFT-32; EX-17: HG2 = 2 × HG1, HG3 = 3 × HG1."""
    for mass in MASSES:
        assert enc_value("HG2", mass) == 2 * enc_value("HG1", mass)
        assert enc_value("HG3", mass) == 3 * enc_value("HG1", mass)
        assert enc_value("HG7", mass) == 7 * enc_value("HG1", mass)
    with pytest.raises(RuleError, match="enter the item's ENC"):
        enc_value("Sm", "MS4")


def test_status_bands_are_inclusive() -> None:  # L421-429
    """AFT-33, AFT-T23."""
    assert encumbrance_status(20, 40).status == "Unencumbered"
    partial = encumbrance_status(Fraction(59, 2), 40)
    assert (partial.status, partial.deftness_pct, partial.speed_pct, partial.bcs) == (
        "Partially Encumbered",
        -25,
        -25,
        -1,
    )
    assert encumbrance_status(30, 40).status == "Partially Encumbered"
    full = encumbrance_status(40, 40)
    assert (full.status, full.bcs, full.over_cap) == ("Fully Encumbered", -2, False)
    assert encumbrance_status(41, 40).over_cap
    with pytest.raises(RuleError, match="ENC CAP"):
        encumbrance_status(1, 0)


def test_reference_tab_works_out_an_items_enc_and_the_status() -> None:
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of

    from pycore.store import History, default_data

    ctx = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="e")
    model = Model(History.new(default_data()), route="aftermath")
    for msg in (
        ("aftermath.tab", "reference"),
        ("aftermath.ref_field", "bulk", "Lg"),
        ("aftermath.ref_field", "mass", "Hvy"),
        ("aftermath.ref_field", "carried", "30"),
        ("aftermath.ref_field", "cap", "40"),
    ):
        model = shell.update(model, msg, ctx)
    view = shell.view(model)
    assert text_of(find_all(view, "aft-ref-enc")[0]) == "ENC 1.5"  # AFT-T22 under Why
    assert "Partially Encumbered" in text_of(find_all(view, "aft-ref-enc-status")[0])
