"""SIM-30 to SIM-32 armor and shields (tables SIM-T06, SIM-T07); inventory examples E42-E49."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from seedfiles import missing, seeds_dir

from pycore.errors import RuleError
from pycore.systems.simply.armor import (
    DAMAGE_KINDS,
    apply_protection,
    armor,
    armor_ids,
    coating,
    shield,
    shield_ids,
    wear,
)
from pycore.tables import load_table

SEED = seeds_dir() / "002_397ff4437f29826d.txt"


@pytest.mark.parametrize(
    ("raw", "kind", "armor_id", "coatings", "shield_id", "injury"),
    [
        (15, "other", "chainmail", (), None, 7),  # E43
        (5, "other", "chainmail", (), None, 0),  # E44
        (20, "projectile", "kevlar_vest", (), None, 6),  # E45
        (20, "other", "kevlar_vest", (), None, 16),  # E45
        (25, "projectile", "kevlar_steel", (), None, 3),  # E46
        (40, "energy", "plasteel_heavy", ("reflective",), None, 5),  # E47
        (20, "energy", None, (), "e_shield_large", 14),  # E48
        (20, "other", None, (), "e_shield_large", 18),  # E48
        (20, "other", "chainmail", (), "large", 10),  # E49
    ],
)
def test_sim_41_e43_e49_injury_after_protection(
    raw: int,
    kind: str,
    armor_id: str | None,
    coatings: tuple[str, ...],
    shield_id: str | None,
    injury: int,
) -> None:
    assert apply_protection(raw, kind, wear(armor_id, coatings, shield_id)).injury == injury


def test_sim_30_e47_explained() -> None:
    result = apply_protection(40, "energy", wear("plasteel_heavy", ["reflective"]))
    assert (
        str(result)
        == "raw 40 − Plasteel Infantry Armor, Heavy 30 − reflective coating 5 = injury 5"
    )
    assert [s.rule for s in result.steps] == ["SIM-30", "SIM-30"]


def test_sim_32_e42_c_adjustment_and_min_strength() -> None:
    worn = wear("chainmail", shield="large")
    assert 6 - worn.c_adjustment == 4  # E42
    assert worn.strength_problems(5) == ()
    assert worn.strength_problems(4) == (
        "S 4 below Min S 5 for Chainmail",
        "S 4 below Min S 5 for Large",
    )


def test_sim_32_ablative_adds_one_min_s_and_c_adj() -> None:
    assert (
        wear("plasteel_light", ["ablative"]).min_strength,
        wear("plasteel_light").min_strength,
    ) == (1, 0)
    assert wear("plasteel_medium", ["ablative"]).min_strength == 6
    assert wear("plasteel_medium", ["ablative"]).c_adjustment == 2
    assert wear("plasteel_medium", ["reflective"]).c_adjustment == 1
    assert wear("kevlar_ceramic").min_strength == 6  # inserts carry their own full Min S


def test_sim_30_footnote_plus_one_coating_on_plasteel_only() -> None:
    with pytest.raises(RuleError, match="at most 1"):
        wear("plasteel_light", ["ablative", "reflective"])
    with pytest.raises(RuleError, match="only Plasteel"):
        wear("chainmail", ["reflective"])
    with pytest.raises(RuleError, match="only Plasteel"):
        wear(None, ["ablative"])


def test_sim_30_footnote_hash_ablative_five_energy_attacks() -> None:
    hits = 0
    injuries = []
    for _ in range(7):
        result = apply_protection(
            30, "energy", wear("plasteel_light", ["ablative"], ablative_hits=hits)
        )
        injuries.append(result.injury)
        hits = result.ablative_hits_after
    assert injuries == [5, 5, 5, 5, 5, 15, 15] and hits == 7
    # Non-energy attacks neither use nor count the coating.
    other = apply_protection(
        30, "projectile", wear("plasteel_light", ["ablative"], ablative_hits=2)
    )
    assert (other.injury, other.ablative_hits_after) == (15, 2)


def test_sim_30_reconstructed_values_are_marked() -> None:
    assert coating("ablative").reconstructed and coating("reflective").reconstructed
    assert armor("powered_battlesuit").reconstructed and armor("powered_battlesuit").dmg_all == -40
    assert not armor("plate").reconstructed
    meta = load_table("simply", "armor").meta
    assert {e["id"] for e in meta["reconstructed"]} == {
        "coating_ablative",
        "coating_reflective",
        "powered_battlesuit",
    }
    assert len(meta["footnotes"]) == 3


def test_sim_30_t06_rows() -> None:
    assert armor_ids() == (
        "padded_cloth", "hardened_leather", "chainmail", "plate", "leather_jacket", "kevlar_vest",
        "kevlar_ceramic", "kevlar_steel", "plasteel_light", "plasteel_medium", "plasteel_heavy",
        "powered_battlesuit",
    )  # fmt: skip
    values = {a: (armor(a).dmg_mod("projectile"), armor(a).dmg_mod("energy"), armor(a).min_s,
                  armor(a).c_adj) for a in armor_ids()}  # fmt: skip
    assert values == {
        "padded_cloth": (-2, -2, None, 0), "hardened_leather": (-6, -6, 4, 1),
        "chainmail": (-8, -8, 5, 1), "plate": (-12, -12, 8, 2), "leather_jacket": (-3, -3, None, 0),
        "kevlar_vest": (-14, -4, 5, 1), "kevlar_ceramic": (-20, -6, 6, 1),
        "kevlar_steel": (-22, -8, 7, 1), "plasteel_light": (-15, -15, None, 0),
        "plasteel_medium": (-20, -20, 5, 1), "plasteel_heavy": (-30, -30, 6, 2),
        "powered_battlesuit": (-40, -40, None, 3),
    }  # fmt: skip


def test_sim_31_t07_rows() -> None:
    values = {s: (shield(s).dmg_mod("energy"), shield(s).dmg_mod("other"), shield(s).min_s,
                  shield(s).c_adj, shield(s).def_mod, shield(s).dmg) for s in shield_ids()}  # fmt: skip
    assert values == {
        "buckler": (0, 0, None, 0, 1, None), "target": (-1, -1, None, 0, 0, 6),
        "large": (-2, -2, 5, 1, -1, 8), "lexan_riot": (-6, -6, None, 0, -2, None),
        "e_shield_buckler": (0, 0, None, 0, 1, None), "e_shield_target": (-4, -1, None, 0, 0, None),
        "e_shield_large": (-6, -2, 5, 1, -1, None),
    }  # fmt: skip
    assert wear(shield="lexan_riot").def_mod == -2


def test_sim_30_lookup_by_printed_name_and_unknown_names() -> None:
    assert armor("Kevlar vest w/ ceramic inserts").id == "kevlar_ceramic"
    assert shield("e-Shield as Target").id == "e_shield_target"
    assert coating("w/ reflective coating").id == "coating_reflective"
    for bad in (lambda: armor("coating_ablative"), lambda: coating("chainmail"),
                lambda: shield("tower")):  # fmt: skip
        with pytest.raises(RuleError, match="allowed"):
            bad()


def test_sim_41_free_entries_for_spells_and_powers() -> None:
    result = apply_protection(20, "other", wear("chainmail"), [("Shield spell", -3), ("Curse", 2)])
    assert result.injury == 11
    assert str(result) == "raw 20 − Chainmail 8 − Shield spell 3 + Curse 2 = injury 11"


@given(st.integers(0, 1000), st.sampled_from(DAMAGE_KINDS), st.sampled_from(("chainmail", "kevlar_vest",
       "plasteel_heavy", "powered_battlesuit")), st.sampled_from((None, "large", "e_shield_target")))  # fmt: skip
def test_sim_41_injury_never_negative_nor_above_raw(
    raw: int, kind: str, a: str, s: str | None
) -> None:
    result = apply_protection(raw, kind, wear(a, shield=s))
    assert 0 <= result.injury <= raw


@given(st.one_of(st.integers(-10_000, 10_000), st.text(max_size=5), st.none(), st.floats()),
       st.text(max_size=12))  # fmt: skip
def test_bad_input_raises_only_rule_error(raw: object, kind: str) -> None:
    with contextlib.suppress(RuleError):
        apply_protection(raw, kind)  # type: ignore[arg-type]


def test_sim_t06_t07_match_the_seed() -> None:
    if not SEED.exists():
        missing("the rule text 002")
    lines = SEED.read_text(encoding="utf-8").splitlines()
    assert lines[197 - 1].split("\t") == ["Chainmail", "-8", "5", "1"]
    assert lines[202 - 1].startswith("Kevlar vest*\t-14 vs. projectiles\t5\t1")
    assert lines[214 - 1].split("\t")[1:] == ["-30", "6", "2"]
    assert lines[230 - 1].split("\t") == ["Large", "-2", "5", "1", "-1", "8"]
    assert "-1 vs. other -6 vs energy -2 vs. other" in lines[235 - 1]
