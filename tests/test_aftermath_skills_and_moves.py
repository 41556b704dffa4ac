"""Aftermath learning rate (AFT-38, T29), climbing (AFT-37, T28) and throws (AFT-39, T30)."""

from __future__ import annotations

import pytest
from seedfiles import seed_lines

from pycore.errors import RuleError
from pycore.systems.aftermath.reference.skills_and_moves import (
    climb,
    learning,
    learning_keys,
    throw,
)
from pycore.tables import load_table

SEED = "001_e07e7b2bd9248eea.txt"


def test_learning_rate_rows_match_the_seed() -> None:  # L488-510
    """AFT-38, AFT-T29 as printed."""
    lines = seed_lines(SEED)
    for row in load_table("aftermath", "learning_rate").rows:
        label, value = lines[int(str(row["line"])) - 1].split("\t")
        assert label.strip() == row["label"]
        printed = (
            "**" if row["not_allowed"] else f"{row['value']}{'*' if row['once_per_week'] else ''}"
        )
        assert value.strip() == printed
    assert len(learning_keys()) == 17


def test_learning_totals_and_exclusive_pairs() -> None:
    result = learning(["expert_teacher", "gifted_teacher", "wounded", "seriously_wounded"])
    assert (result.aid_total, result.hindrance_total) == (2, 3)
    assert learning(["skill_over_50", "skill_over_75"]).hindrance_total == 3
    assert not learning(["missing_prerequisite", "expert_teacher"]).allowed
    with pytest.raises(RuleError, match="unknown"):
        learning(["bribe"])


def test_climbing_rows_match_the_seed() -> None:  # L480-483
    """AFT-37, AFT-T28 as printed."""
    lines = seed_lines(SEED)
    for row in load_table("aftermath", "climbing").rows:
        method, factor, notes = lines[int(str(row["line"])) - 1].split("\t")
        assert (method, notes.strip()) == (row["method"], row["notes"])
        assert float(factor) == float(row["bma_factor"])  # type: ignore[arg-type]
    assert climb("Stairs", 10).rate == 5 and climb("Simple rope", 10).rate == 1
    assert climb("Ladder", 10).bcs == -2 and climb("Stairs", 10).bcs == 0


def test_throw_rows_match_the_seed() -> None:  # L518-522
    """AFT-39, AFT-T30 as printed."""
    lines = seed_lines(SEED)
    for en in range(0, 100):
        t = throw(en)
        assert lines[t.line - 1].endswith(t.outcome)
    assert [throw(n).line for n in (0, 1, 2, 3, 4, 6, 7, 9, 10, 50)] == [
        518,
        518,
        519,
        519,
        520,
        520,
        521,
        521,
        522,
        522,
    ]


def test_reference_tab_learning_climbing_and_throw() -> None:
    """AFT-M20: the throw's Effect Number is the user's."""
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of

    from pycore.store import History, default_data

    ctx = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="l")
    model = Model(History.new(default_data()), route="aftermath")
    for msg in (
        ("aftermath.tab", "reference"),
        ("aftermath.ref_study", "expert_teacher"),
        ("aftermath.ref_field", "bma", "12"),
        ("aftermath.ref_field", "en", "8"),
    ):
        model = shell.update(model, msg, ctx)
    view = shell.view(model)
    assert text_of(find_all(view, "aft-ref-learning")[0]).startswith("aids 1 (Expert Teacher)")
    assert text_of(find_all(view, "aft-ref-climb")[0]).startswith("Ladder: BMA 12 × 0.25 = 3")
    assert "L521" not in text_of(find_all(view, "aft-ref-throw")[0])  # the seed line: under Why
    assert "L521" in text_of(view)


def test_entanglement_cells_match_the_seed() -> None:  # L550-555
    """AFT-41, AFT-T32 as printed."""
    from pycore.systems.aftermath.reference.skills_and_moves import entanglement, entanglement_terms

    lines = seed_lines(SEED)
    for en in range(0, 40):
        for location in (1, 3, 4, 12, 13, 20, 21, 30):
            cell = entanglement(en, location, "L")  # AFT-41: the torso needs a Long weapon
            assert cell.result in lines[cell.line - 1].split("\t")
    assert entanglement(0, 5, "XL").result == "No Effect" and entanglement(12, 25).line == 555
    assert entanglement(12, 5, "S").result.startswith("No Effect (the weapon is shorter")
    assert set(entanglement_terms()) >= {"Distraction", "Abort Action", "Stunned", "Dazed"}


def test_reference_tab_entanglement() -> None:
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of

    from pycore.store import History, default_data

    ctx = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="t")
    model = Model(History.new(default_data()), route="aftermath")
    for msg in (
        ("aftermath.tab", "reference"),
        ("aftermath.ref_field", "en", "8"),
        ("aftermath.ref_field", "loc", "15"),
    ):
        model = shell.update(model, msg, ctx)
    text = text_of(find_all(shell.view(model), "aft-ref-entangle")[0])
    assert text == "Entanglement, Effect Number 8, location 15 (leg): Knocked over"
    assert "AFT-41, AFT-T32, L554: Entanglement" in text_of(shell.view(model))  # under Why


def test_horse_and_stopping_match_the_seed() -> None:  # L352-361, L439-449
    """AFT-30, AFT-T19; AFT-35, AFT-T25."""
    from pycore.systems.aftermath.reference.skills_and_moves import horse, stopping

    lines = seed_lines(SEED)
    table = load_table("aftermath", "creature_horse")
    attrs = table.meta["attributes"]
    assert lines[351].split("\t") == list(attrs)  # type: ignore[arg-type]
    assert lines[352].split("\t") == [str(v) for v in attrs.values()]  # type: ignore[union-attr]
    for row in table.rows:
        cells = lines[int(str(row["line"])) - 1].split("\t")
        assert cells[0] == row["attack"] and cells[1] == row["wdm"]
    assert "Hoof, shod WDM 1.7C" in horse()
    assert stopping(2, 6).phases == 1 and stopping(1, 6).next_category == 0
    assert stopping(0, 6).category == 0 and stopping(3, 6, 6).category == 0
    assert "PCA" not in str(stopping(3, 4)) and "4 phase(s)" in str(stopping(3, 4))


def test_reference_tab_stopping() -> None:
    """AFT-35 on the Reference tab."""
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of

    from pycore.store import History, default_data

    ctx = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="p")
    model = Model(History.new(default_data()), route="aftermath")
    for msg in (("aftermath.tab", "reference"), ("aftermath.ref_field", "pca", "6")):
        model = shell.update(model, msg, ctx)
    text = text_of(find_all(shell.view(model), "aft-ref-stopping")[0])
    assert text.startswith("category 3: must move 6 phase(s)")
