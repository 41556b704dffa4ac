"""The game master's tables PCT-M01–M18: schemas, validation messages, files and look-ups."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pycore.errors import TableError
from pycore.systems.percentile import gmtables as gm

D10_RACE = [
    {"race": "human", "roll": "1-2", "instruction": "head", "body_part": "head"},
    {"race": "human", "roll": "3-10", "instruction": "roll again on the limbs chart"},
]


def test_every_missing_table_has_a_schema_and_no_contents() -> None:
    assert list(gm.GM_TABLES) == [f"PCT-M{i:02d}" for i in range(1, 19)]
    for spec in gm.GM_TABLES.values():
        assert spec.columns and spec.rules and spec.fallback
        with pytest.raises(TableError, match="no rows"):
            gm.validate_gm_table(spec.id, [])  # nothing is shipped: an empty table is "not entered"
    assert len(gm.waiting({})) == 18


@pytest.mark.parametrize(
    ("table_id", "rows", "message"),
    [
        ("PCT-M01", [{"level": 1, "name": "combat", "percent": 101}], "row 1, column 'percent'"),
        ("PCT-M01", [{"level": 1, "name": "a"}], "percent"),
        ("PCT-M03", [{"action": "walk", "ap_cost": "x"}], "column 'ap cost'"),
        (
            "PCT-M04",
            [
                {
                    "skill_low": 0,
                    "skill_high": 50,
                    "range_m_low": 0,
                    "range_m_high": 10,
                    "percent_to_hit": 60,
                },
                {
                    "skill_low": 40,
                    "skill_high": 60,
                    "range_m_low": 5,
                    "range_m_high": 20,
                    "percent_to_hit": 50,
                },
            ],
            "rows 1 and 2 overlap",
        ),
        (
            "PCT-M04",
            [
                {
                    "skill_low": 50,
                    "skill_high": 40,
                    "range_m_low": 0,
                    "range_m_high": 10,
                    "percent_to_hit": 60,
                }
            ],
            "row 1, column 'skill high'",
        ),
        ("PCT-M07", D10_RACE[:1], "gap 3-10"),
        (
            "PCT-M11",
            [
                {
                    "damage_type": "cut",
                    "roll": "1-10",
                    "title": "t",
                    "severity_table": "s",
                    "damage_percentage": "2000",
                }
            ],
            "column 'damage percentage'",
        ),
        ("PCT-M14", [{"damage_type": "cut", "category": 1, "description": "d"}], "all 20"),
        ("PCT-M16", [{"system": "liver", "dp_low": 0, "dp_high": 1, "description": "d"}], "system"),
        ("PCT-M17", [{"name": "gun", "category": "weaponry", "damage_die": "4+"}], "damage die"),
        ("PCT-M18", [{"race": "human", "body_part": "hand", "points": 0}], "column 'points'"),
        ("PCT-M99", [], "unknown"),
    ],
)
def test_bad_rows_name_row_column_and_range(
    table_id: str, rows: list[dict[str, object]], message: str
) -> None:
    with pytest.raises(TableError, match=message):
        gm.validate_gm_table(table_id, rows)


def test_csv_entry_and_round_trip() -> None:
    text = "level,name,percent\n1,asleep,10\n2,wary,50\n3,combat,90\n"
    rows = gm.rows_from_csv("PCT-M01", text)
    assert rows[2] == {"level": 3, "name": "combat", "percent": 90}
    assert gm.rows_from_csv("PCT-M01", gm.rows_to_csv("PCT-M01", rows)) == rows
    with pytest.raises(TableError, match="unknown column 'pct'"):
        gm.rows_from_csv("PCT-M01", "level,name,pct\n1,a,2")
    with pytest.raises(TableError, match="row 1 has 4 cells"):
        gm.rows_from_csv("PCT-M01", "level,name,percent\n1,a,2,3")
    m14 = "damage_type,category,description,ends_damage_type\n" + "\n".join(
        f"cut,{k},box {k},{'yes' if k in (3, 9, 13, 17, 20) else 'no'}" for k in range(1, 21)
    )
    rows14 = gm.rows_from_csv("PCT-M14", m14)
    assert gm.run_ends({"PCT-M14": rows14}, "cut") == [3, 9, 13, 17, 20]
    assert (gm.descriptions({"PCT-M14": rows14}, "cut") or {})[18] == "box 18"


def test_export_import_whole_set() -> None:
    tables = {"PCT-M07": D10_RACE, "PCT-M05": [{"condition": "rain", "value": 10}], "PCT-M02": []}
    text = gm.export_tables(tables)
    data = json.loads(text)
    assert data["kind"] == "percentile-gm-tables" and data["version"] == 2
    assert set(data["tables"]) == {"adversity_modifiers", "random_hit"}  # stable keys, not IDs
    assert gm.import_tables(text)["PCT-M07"] == D10_RACE
    data["tables"]["adversity_modifiers"][0]["value"] = 500
    with pytest.raises(TableError, match=r"Adversity modifiers.*row 1, column 'value'.*500"):
        gm.import_tables(json.dumps(data))
    for bad in (
        "nope",
        "[]",
        json.dumps({"kind": "x"}),
        json.dumps({"kind": gm.EXPORT_KIND, "version": 1}),
    ):
        with pytest.raises(TableError):
            gm.import_tables(bad)


def test_a_version_1_file_keyed_by_inventory_ids_still_imports() -> None:
    """Issue 19: files written before the stable keys (version 1) import through the same map."""
    old = {
        "app": "rulekeeper",
        "kind": gm.EXPORT_KIND,
        "version": 1,
        "tables": {"PCT-M07": D10_RACE, "PCT-M05": [{"condition": "rain", "value": 10}]},
    }
    assert gm.import_tables(json.dumps(old)) == {
        "PCT-M07": D10_RACE,
        "PCT-M05": [{"condition": "rain", "value": 10}],
    }
    renamed = {**old, "version": 2, "tables": {"no_such_table": []}}
    with pytest.raises(TableError, match="no_such_table"):
        gm.import_tables(json.dumps(renamed))


def test_lookups_use_the_gm_table_or_return_none() -> None:
    assert gm.percent_to_hit({}, 50, 10) is None
    tables = {
        "PCT-M04": [
            {
                "skill_low": 0,
                "skill_high": 50,
                "range_m_low": 0,
                "range_m_high": 10,
                "percent_to_hit": 60,
            }
        ],
        "PCT-M06": [{"adversity_low": -100, "adversity_high": 100, "percent_against": 15}],
        "PCT-M07": D10_RACE,
        "PCT-M13": [
            {
                "wep_mod_low": 0,
                "wep_mod_high": 10,
                "range_m_low": 0,
                "range_m_high": 100,
                "damage": 24,
            }
        ],
        "PCT-M15": [
            {
                "body_part": "head",
                "circulatory": "1/2",
                "respiratory": "0",
                "nervous_endocrine": "2",
                "digestive_excretory": "0",
            }
        ],
        "PCT-M16": [
            {"system": "nervous_endocrine", "dp_low": 0, "dp_high": 100, "description": "dazed"}
        ],
        "PCT-M17": [
            {"name": "AUTO PISTOL", "category": "weaponry", "wep_dif": 10, "damage_die": "4+2"}
        ],
        "PCT-M18": [{"race": "human", "body_part": "hand", "points": 6}],
        "PCT-M01": [
            {"level": 1, "name": "asleep", "percent": 5},
            {"level": 2, "name": "combat", "percent": 90},
        ],
        "PCT-M03": [{"action": "walk 1 m", "ap_cost": "5/2"}],
        "PCT-M08": [
            {
                "strength_low": 0,
                "strength_high": 100,
                "weight_kg_low": 0,
                "weight_kg_high": 2,
                "distance_m": 30,
            }
        ],
        "PCT-M09": [{"roll_low": 1, "roll_high": 10, "bounces": 2}],
        "PCT-M10": [{"roll_low": 1, "roll_high": 10, "landing": "left"}],
        "PCT-M11": [
            {
                "damage_type": "cut",
                "roll": "1-10",
                "title": "gash",
                "severity_table": "S1",
                "damage_percentage": "45/2",
            }
        ],
        "PCT-M12": [{"severity_table": "S1", "roll": "1-10", "title": "infection"}],
        "PCT-M02": [{"damage_low": 0, "damage_high": 100, "modifier": 20}],
        "PCT-M05": [{"condition": "rain", "value": 10}],
    }
    assert gm.percent_to_hit(tables, Fraction(95, 2), 10) == 60
    with pytest.raises(TableError, match="no row for skill 60"):
        gm.percent_to_hit(tables, 60, 10)
    assert gm.percent_against(tables, 10) == 15
    assert gm.random_hit(tables, "human", 1) == ("head", "head")
    assert gm.random_hit(tables, "human", 7) == ("roll again on the limbs chart", None)
    assert gm.table_3_3(tables, 5, 50) == 24
    assert gm.organ_multipliers(tables, "head") == {
        "circulatory": Fraction(1, 2),
        "respiratory": 0,
        "nervous_endocrine": 2,
        "digestive_excretory": 0,
    }
    assert gm.organ_description(tables, "nervous_endocrine", Fraction(50)) == "dazed"
    assert gm.weapons(tables)["AUTO PISTOL"]["wep_dif"] == 10
    assert gm.body_parts(tables, "human") == [("hand", 6)]
    assert (
        gm.alertness_levels(tables) == ["asleep", "combat"]
        and gm.alertness_percent(tables, "combat") == 90
    )
    assert gm.action_cost(tables, "walk 1 m") == Fraction(5, 2)
    assert gm.throw_distance(tables, 50, 1) == 30
    assert gm.bounces(tables, 4) == 2 and gm.landing(tables, 4) == "left"
    assert gm.damage_type_entry(tables, "cut", 3) == ("gash", "", "S1", Fraction(45, 2))
    assert gm.severity_entry(tables, "S1", 3) == ("infection", "")
    assert gm.damage_modifier(tables, 40) == 20 and gm.adversity_value(tables, "rain") == 10
    assert gm.waiting(tables) == [gm.GM_TABLES["PCT-M14"]]
