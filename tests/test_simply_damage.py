"""SIM-40 to SIM-50: taking damage and injury special effects; inventory examples E50-E55."""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.errors import RuleError
from pycore.systems.simply.armor import wear
from pycore.systems.simply.damage import (
    apply_damage,
    raw_from_table,
    raw_from_weapon,
    special_check_chance,
)


def rules(result: object) -> list[str]:
    return [e.rule for e in result.effects]  # type: ignore[attr-defined]


def test_sim_44_e50_knockback_strict() -> None:
    assert "SIM-44" not in rules(apply_damage(12, hp=30, hp_max=30, strength=6, health=5))
    r = apply_damage(13, hp=30, hp_max=30, strength=6, health=5)
    e = r.effects[0]
    assert (e.rule, e.check, e.target_number, e.on_failure) == (
        "SIM-44",
        "Knockback Check",
        12,
        "knocked down",
    )
    assert e.chance == Fraction(64, 100)


def test_sim_44_knockback_even_when_armor_stops_all_injury() -> None:
    r = apply_damage(
        30, hp=30, hp_max=30, strength=6, health=5, protection=wear("powered_battlesuit")
    )
    assert r.injury == 0 and rules(r) == ["SIM-44"] and r.hp_after == 30


def test_sim_45_e51_heavy_injury() -> None:
    assert "SIM-45" not in rules(apply_damage(13, hp=26, hp_max=26, strength=10, health=4))
    r = apply_damage(14, hp=26, hp_max=26, strength=10, health=4)
    e = next(e for e in r.effects if e.rule == "SIM-45")
    assert (e.check, e.target_number, e.on_failure) == ("Stamina Check", 8, "unconscious")


def test_sim_47_e52_quarter_hp() -> None:
    assert "SIM-47" not in rules(apply_damage(3, hp=10, hp_max=26, strength=10, health=4))  # HP 7
    r = apply_damage(4, hp=10, hp_max=26, strength=10, health=4)  # HP 6
    e = next(e for e in r.effects if e.rule == "SIM-47")
    assert (e.check, e.target_number) == ("Stamina Check", 8)
    # Another check with each additional injury while at or below the threshold; none for 0.
    assert "SIM-47" in rules(apply_damage(1, hp=6, hp_max=26, strength=10, health=4))
    assert "SIM-47" not in rules(apply_damage(0, hp=6, hp_max=26, strength=10, health=4))


def test_sim_45_and_sim_47_together() -> None:
    r = apply_damage(20, hp=26, hp_max=26, strength=10, health=4)
    assert [e.rule for e in r.effects if e.check] == ["SIM-45", "SIM-47"]


@pytest.mark.parametrize(
    ("hp_after", "expected"),
    [
        (1, ["SIM-48"]),
        (0, ["SIM-48"]),
        (-1, ["SIM-48", "SIM-49"]),
        (-9, ["SIM-48", "SIM-49"]),
        (-10, ["SIM-48", "SIM-49", "SIM-50"]),
    ],
)
def test_sim_48_49_50_e53_conditions(hp_after: int, expected: list[str]) -> None:
    r = apply_damage(2 - hp_after, hp=2, hp_max=100, strength=20, health=5)
    assert r.hp_after == hp_after
    assert [x for x in rules(r) if x in ("SIM-48", "SIM-49", "SIM-50")] == expected
    assert r.unconscious and r.critical == (hp_after < 0) and r.dead == (hp_after <= -10)


def test_sim_46_e54_bleeding_is_cumulative() -> None:
    first = apply_damage(6, hp=30, hp_max=30, strength=10, health=5)
    assert "SIM-46" not in rules(first)
    second = apply_damage(4, hp=first.hp_after, hp_max=30, strength=10, health=5)
    assert "SIM-46" in rules(second)


def test_sim_43_e55_luck_against_injury() -> None:
    r = apply_damage(9, hp=20, hp_max=20, strength=6, health=5, luck_spent=4, luck_available=20)
    assert (r.injury_before_luck, r.injury, r.luck_left, r.hp_after) == (9, 5, 16, 15)
    assert str(r) == "raw 9 = injury 9 − luck 4 = 5; HP 20 → 15"


def test_sim_43_luck_bounds() -> None:
    with pytest.raises(RuleError, match="luck spent 5 is outside 0 to 4"):
        apply_damage(9, hp=20, hp_max=20, strength=6, health=5, luck_spent=5, luck_available=4)
    with pytest.raises(RuleError, match="luck spent -1"):
        apply_damage(9, hp=20, hp_max=20, strength=6, health=5, luck_spent=-1)


def test_sim_43_luck_does_not_change_raw_for_knockback() -> None:
    r = apply_damage(13, hp=30, hp_max=30, strength=6, health=5, luck_spent=13)
    assert r.injury == 0 and rules(r) == ["SIM-44"]


def test_sim_40_raw_from_master_damage_table_through_armor() -> None:
    r = apply_damage(raw_from_table(52, 10), "other", hp=20, hp_max=20, strength=10, health=5,
                     protection=wear("chainmail"))  # fmt: skip
    assert (r.raw.value, r.injury, r.hp_after) == (26, 18, 2)
    assert str(r).startswith("raw 26 − armor 8 = injury 18; HP 20 → 2; Knockback Check TN 20")
    assert str(r.raw) == "Max Dmg 52, damage roll 10 → raw 26"


def test_str_brief_example() -> None:
    r = apply_damage(raw_from_weapon(12), hp=20, hp_max=20, strength=10, health=5,
                     protection=wear(None, shield=None), others=[("armor", -4)])  # fmt: skip
    assert str(r) == "raw 12 − armor 4 = injury 8; HP 20 → 12"


def test_sim_09_special_check_chance() -> None:
    assert [special_check_chance(t) for t in (1, 2, 19, 20, 30)] == [
        0,
        Fraction(1, 100),
        Fraction(99, 100),
        Fraction(99, 100),
        Fraction(99, 100),
    ]


@given(
    st.integers(0, 1000), st.sampled_from(("projectile", "energy", "other")),
    st.integers(1, 1000), st.integers(-1000, 1000), st.integers(1, 20), st.integers(1, 20),
    st.sampled_from((None, "chainmail", "kevlar_vest", "plasteel_heavy")),
)  # fmt: skip
def test_sim_41_42_injury_never_negative_and_hp_never_rises(
    raw: int, kind: str, hp_max: int, hp: int, s: int, h: int, a: str | None
) -> None:
    hp = min(hp, hp_max)
    r = apply_damage(raw, kind, hp=hp, hp_max=hp_max, strength=s, health=h,  # type: ignore[arg-type]
                     protection=wear(a))  # fmt: skip
    assert r.injury >= 0 and r.hp_after <= r.hp_before
    assert r.hp_after == hp - r.injury


@given(st.one_of(st.integers(-5000, 5000), st.none(), st.booleans(), st.text(max_size=3)),
       st.integers(-50, 2000), st.integers(-50, 50), st.integers(-5, 50))  # fmt: skip
def test_bad_input_raises_only_rule_error(raw: object, hp_max: int, s: int, luck: int) -> None:
    with contextlib.suppress(RuleError):
        apply_damage(raw, hp=hp_max, hp_max=hp_max, strength=s, health=s, luck_spent=luck)  # type: ignore[arg-type]


def test_sim_48_no_stamina_check_once_the_injury_leaves_one_hp_or_less() -> None:
    """Play-through (playsm): a Longsword hit left Kit at HP −8 and queued two Stamina Checks
    "or unconscious" (SIM-45, SIM-47) that SIM-48 made moot: unconscious at HP ≤ 1 anyway."""
    for raw, after in ((19, 1), (20, 0), (28, -8)):
        r = apply_damage(raw, hp=20, hp_max=20, strength=10, health=5)
        assert r.hp_after == after
        assert [e.rule for e in r.effects if e.check == "Stamina Check"] == [], str(r)
        assert "SIM-48" in rules(r) and "unconscious" in str(r)
    # At HP 2 the checks still decide: the injury > ½ HP and the quarter HP one.
    r = apply_damage(18, hp=20, hp_max=20, strength=10, health=5)
    assert [e.rule for e in r.effects if e.check] == ["SIM-45", "SIM-47"]


def test_sim_41_the_hit_names_the_shield_apart_from_the_armor() -> None:
    """Play-through (playsm): Bo carries a Target shield (Dmg Mod −1, seed line 229) and no
    armor; the hit read 'raw 11 − armor 1'. Line 595 subtracts "Armor, Shields, Spells" each."""
    bo = apply_damage(11, hp=35, hp_max=35, strength=8, health=7, protection=wear(shield="target"))
    assert str(bo) == "raw 11 − shield 1 = injury 10; HP 35 → 25; bleeding"
    both = apply_damage(20, hp=30, hp_max=30, strength=10, health=5,
                        protection=wear("chainmail", shield="large"), others=[("spell", -3)])  # fmt: skip
    assert str(both).startswith("raw 20 − armor 8 − shield 2 − spell 3 = injury 7;")


def test_sim_40_the_raw_damage_says_the_tables_words() -> None:
    """Play-through (playsm): the damage preview read 'MDT max 24, D20 9 → raw 11'; "MDT" and
    "D20" are nowhere in the text, whose table says "Max Dmg" and "Damage Roll" (line 454)."""
    told = str(raw_from_table(24, 9))
    assert told.startswith("Max Dmg 24, damage roll 9 → raw ")
    assert "MDT" not in told and "D20" not in told
