"""Aftermath KPH to DAT (AFT-43, T34): every row against the seed and against the formula."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st
from seedfiles import seed_lines

from pycore.systems.aftermath.reference.movement import formula, kph_to_dat
from pycore.tables import load_table

SEED = "001_e07e7b2bd9248eea.txt"


def test_every_row_matches_the_seed_and_the_formula() -> None:
    """AFT-43, AFT-T34; EX-12: every row fits the formula."""
    lines = seed_lines(SEED)
    rows = load_table("aftermath", "kph_to_dat").rows
    assert len(rows) == 24
    for row in rows:
        printed = lines[int(str(row["line"])) - 1].split("\t")
        speed = kph_to_dat(int(str(row["kph"])))
        assert printed == [
            str(row["kph"]),
            str(speed.m_per_ct),
            str(row["m_per_ap"]),
            str(speed.rounded),
        ]
        assert formula(Fraction(int(str(row["kph"])))) == (
            speed.m_per_ct,
            speed.m_per_ap,
            speed.rounded,
        )


@given(st.integers(1, 1000))
def test_faster_never_moves_fewer_hexes(kph: int) -> None:
    assert 1 <= kph_to_dat(kph).rounded <= kph_to_dat(min(kph + 1, 1000)).rounded


def test_reference_tab_converts_a_speed() -> None:
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of

    from pycore.store import History, default_data

    ctx = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="k")
    model = Model(History.new(default_data()), route="aftermath")
    for msg in (("aftermath.tab", "reference"), ("aftermath.ref_field", "kph", "60")):
        model = shell.update(model, msg, ctx)
    result = text_of(find_all(shell.view(model), "aft-ref-kph-result")[0])
    assert (
        result == "60 kph = 96 m per Combat Turn = 4.8 m per Action Phase → 5"
    )  # AFT-T34 L602 under Why
