"""What the GM reads beside the to-hit entries (issue 17): the attacker's MARKSmanship or
BRAWLmanship to read Table #3-1 with, and the adversity total wired to Table #3-2 (PCT-34) or
not asked for where it could change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from pycore.errors import RulekeeperError
from pycore.systems.percentile.fight import Fight
from pycore.systems.percentile.fight.codec import fight_from_json
from pycore.systems.percentile.fight.tohit import (
    adversity_is_used,
    against_reading,
    skill_reading,
    to_hit_asks,
)

M05 = [{"condition": "rain", "value": 10}, {"condition": "running", "value": 15}]
M06 = [{"adversity_low": 0, "adversity_high": 30, "percent_against": 5}]
WEAPONS = [
    {"name": "AUTO PISTOL", "wep_dif": 30},
    {"name": "knife", "category": "hth", "attack_dif": 40},
    {"name": "frag", "category": "grenade"},
]


def fight(to_hit: str, **gm: Any) -> Fight:
    return fight_from_json(
        {
            "characters": [
                {"id": "c1", "name": "Ann", "aim": "70", "brawl": "55", "weapons": WEAPONS},
                {"id": "c2", "name": "Bob"},
            ],
            "settings": {"to_hit": to_hit},
            "gm": gm,
        }
    )


@pytest.mark.parametrize(
    ("to_hit", "weapon", "expected"),
    [
        (
            "d2",
            "0",
            "Ann's AUTO PISTOL: MARKSmanship = (AIM 70 + WEP DIF 30) / 2 = 50; "
            "read the Percent to Hit on Table #3-1 with it and the range",
        ),
        (
            "d3",
            "1",
            "Ann's knife: BRAWLmanship = (BRAWL 55 + ATTACK DIF 40) / 2 = 47½; "
            "read the Percent to Hit on Table #3-1 with it and the range",
        ),
        (
            "d1",
            "0",
            "Ann's AUTO PISTOL: MARKSmanship = (AIM 70 + WEP DIF 30) / 2 = 50; "
            "the to-hit roll must be under it",
        ),
        ("d2", "2", "Ann's frag: thrown against BRAWL 55; under it lands on target"),
    ],
)
def test_the_attackers_skill_is_read_beside_the_to_hit_entry(
    to_hit: str, weapon: str, expected: str
) -> None:
    """PCT-30/31 (the formulas), PCT-32 (d1 under the skill), PCT-33 (Table #3-1 with the
    skill), PCT-38 (grenades against BRAWL)."""
    assert skill_reading(fight(to_hit), {"attacker": "c1", "weapon": weapon}) == expected


def test_no_attacker_or_no_weapon_reads_nothing() -> None:
    assert skill_reading(fight("d2"), {}) is None
    assert skill_reading(fight("d2"), {"attacker": "c2"}) is None  # Bob has no weapon


def test_the_adversity_total_is_asked_only_where_table_3_2_turns_it_into_a_percent_against() -> (
    None
):
    """PCT-34: adversity → Table #3-2 → PA. Without the GM's Table #3-2 a typed total changes
    nothing, so the step does not ask for it; the conditions are asked where Tables 7.0-7.4
    can sum them."""
    form = {"attacker": "c1"}
    assert to_hit_asks(fight("d1"), form) == ()
    assert to_hit_asks(fight("d2"), form) == ("percent_to_hit",)
    assert to_hit_asks(fight("d3"), form) == ("percent_to_hit", "percent_against")
    assert not adversity_is_used(fight("d3"))
    with_tables = fight("d3", **{"PCT-M05": M05, "PCT-M06": M06})
    assert adversity_is_used(with_tables) and not adversity_is_used(fight("d2", **{"PCT-M06": M06}))
    assert to_hit_asks(with_tables, form) == (
        "percent_to_hit",
        "percent_against",
        "adversity_total",
        "adversity_conditions",
    )
    assert to_hit_asks(with_tables, {"attacker": "c1", "weapon": "2"}) == ()  # a grenade: d4


def test_the_percent_against_comes_from_the_adversity_through_table_3_2() -> None:
    f = fight("d3", **{"PCT-M05": M05, "PCT-M06": M06})
    assert against_reading(f, {"adversity_conditions": "rain, running"}) == (
        "Percent Against 5 from Table #3-2 for adversity 25 (rain 10 + running 15)"
    )
    assert against_reading(f, {"adversity_total": "20"}) == (
        "Percent Against 5 from Table #3-2 for adversity 20"
    )
    # outside every row of the GM's Table #3-2: refused in words, as the attack would be
    with pytest.raises(RulekeeperError, match="no row for adversity 40; add one or enter"):
        against_reading(f, {"adversity_total": "40"})
    assert against_reading(f, {"percent_against": "12", "adversity_total": "20"}) == (
        "Percent Against 12 as entered (the adversity is not looked up while it is filled in)"
    )
    assert against_reading(f, {}) == (
        "Enter the adversity (or the conditions present) to look up Table #3-2"
    )
    # without Table #3-2 the conditions are still summed for the GM to read it with
    no_pa = fight("d3", **{"PCT-M05": M05})
    assert against_reading(no_pa, {"adversity_conditions": "rain"}) == (
        "Adversity 10 (rain 10): read the Percent Against on Table #3-2 and enter it"
    )
    assert against_reading(fight("d3"), {}) == "Enter the Percent Against, read on Table #3-2"
    assert against_reading(fight("d2"), {}) is None


def test_a_wrong_adversity_is_refused_by_name() -> None:
    f = fight("d3", **{"PCT-M05": M05, "PCT-M06": M06})
    with pytest.raises(RulekeeperError, match="no row has condition = 'snow'"):
        against_reading(f, {"adversity_conditions": "snow"})
    with pytest.raises(RulekeeperError, match=r"Adversity total .* from -1000 to 1000"):
        against_reading(f, {"adversity_total": "5000"})


def test_the_table_3_2_value_is_the_one_the_attack_then_uses() -> None:
    """The reading and the attack agree: the attack's N uses the same Percent Against."""
    from pycore.systems.percentile.fight.attack import hit_chances
    from pycore.systems.percentile.fight.setup import setup_of

    f = fight_from_json(
        {
            "characters": [
                {"id": "c1", "name": "Ann", "aim": "70", "weapons": WEAPONS},
                {"id": "c2", "name": "Bob", "parts": [{"name": "arm", "points": "20"}]},
            ],
            "settings": {"to_hit": "d3"},
            "gm": {"PCT-M05": M05, "PCT-M06": M06},
        }
    )
    form = {"attacker": "c1", "target": "c2", "percent_to_hit": "80", "adversity_total": "20"}
    assert "Percent Against 5" in str(against_reading(f, form))
    chances = hit_chances(f, setup_of(form))  # N = 80 − 5 = 75: direct under 55, random 55..74
    assert chances["miss"] == 1 - chances["direct"] - chances["random"]
    assert (chances["direct"], chances["random"]) == (
        pytest.approx(0.54),
        pytest.approx(0.20),
    )
