"""Simply character tables SIM-T03, T04, T05, T08-T12 against the inventory and the seed."""

from __future__ import annotations

from fractions import Fraction

from seedfiles import missing, seeds_dir

from pycore.tables import load_table

SEED = seeds_dir() / "002_397ff4437f29826d.txt"


def seed_lines() -> list[str]:
    if not SEED.exists():
        missing("the rule text 002")
    return SEED.read_text(encoding="utf-8").splitlines()


def test_sim_t03_ages_match_the_seed_names() -> None:
    lines = seed_lines()
    for row in load_table("simply", "age_categories").rows:
        printed = lines[int(str(row["line"])) - 1].split("\t")
        assert printed == [row["name"], str(row["stat_adj"]), str(row["spp_base"])]


def test_sim_t04_counts_and_seed_lines() -> None:
    table = load_table("simply", "abilities_disabilities")
    kinds = [row["kind"] for row in table.rows]
    assert (kinds.count("ability"), kinds.count("disability"), len(kinds)) == (27, 37, 64)
    assert table.row_by("name", "Water Shy")["points"] == 1
    assert table.row_by("name", "Terror")["points"] == 3
    lines = seed_lines()
    for row in table.rows:
        text = lines[int(str(row["line"])) - 1].replace("**", "")
        assert str(row["name"]) in text, row


def test_sim_t04_every_seed_name_is_in_the_table() -> None:
    lines = seed_lines()
    names = [str(r["name"]) for r in load_table("simply", "abilities_disabilities").rows]
    for number in (124, 128, 132, 136, 140, 166, 170, 172, 176, 180, 182):
        text = lines[number - 1].replace("**", "")
        for name in sorted(names, key=len, reverse=True):
            text = text.replace(name, "")
        assert text.strip() == "", (number, text)


def test_sim_t05_t09_t12_values() -> None:
    costs = load_table("simply", "skill_costs")
    assert [r["cost"] for r in costs.rows] == [1, 2, 4, 8]
    assert [r["bonus"] for r in load_table("simply", "initiative_bonus").rows] == [1, 2, 3, 4]
    bonuses = load_table("simply", "skill_bonuses")
    default = bonuses.row_by("level", "Default")
    assert (default["personal"], default["physical"], default["mental"]) == (0, -2, None)
    lines = seed_lines()
    for table, column in ((costs, "cost"), (load_table("simply", "initiative_bonus"), "bonus")):
        for row in table.rows:
            printed = lines[int(str(row["line"])) - 1].split("\t")
            assert printed == [row["level"], str(row[column])]
    for row in bonuses.rows:
        name, bonus = lines[int(str(row["line"])) - 1].replace("Сар", "Cap").split("\t")
        assert name == row["abbreviation"]
        if row["level"] != "Default":
            assert bonus == str(row["mental"]) == str(row["physical"]) == str(row["personal"])
        else:
            assert bonus == "0 (Pers), -2 (Phys), N/A (Ment)"


def test_sim_t08_skills_dedup_and_kinds() -> None:
    table = load_table("simply", "skills")
    kinds = [row["kind"] for row in table.rows]
    counts = (kinds.count("personal"), kinds.count("physical"), kinds.count("mental"))
    assert counts == (11, 24, 39)
    names = [row["name"] for row in table.rows]
    assert len(set(names)) == 74
    assert table.row_by("name", "Scuba")["kind"] == "mental"
    assert table.row_by("name", "Theology")["needs_specialty"] is True
    assert table.row_by("name", "Missile Weapon")["specialties"] == (
        "Blasters",
        "Bows",
        "Crossbows",
        "Handguns",
        "Lasers",
        "Rifles",
        "Shotguns",
        "Submachine Guns",
    )
    lines = seed_lines()
    for row in table.rows:
        text = lines[int(str(row["line"])) - 1]
        suffix = ":" if row["needs_specialty"] else ""
        assert f"{row['name']}{suffix}" in text, row


def test_sim_t10_t11_bands() -> None:
    unarmed = load_table("simply", "unarmed_damage")
    assert [unarmed.row_for_roll(s)["max_damage"] for s in (1, 4, 7, 10, 13, 16, 20)] == [
        3,
        4,
        6,
        10,
        14,
        18,
        22,
    ]
    hp = load_table("simply", "hp_multiplier")
    assert [hp.row_for_roll(h)["multiplier"] for h in (1, 4, 7, 10)] == [
        Fraction(5, 2),
        3,
        Fraction(7, 2),
        4,
    ]
    lines = seed_lines()
    for table, column in ((unarmed, "adj_s"), (hp, "adj_h")):
        for row in table.rows:
            band, value = lines[int(str(row["line"])) - 1].replace(" ", "").split("\t")
            assert band == getattr(row[column], "text", "")
            other = row["max_damage"] if column == "adj_s" else row["multiplier"]
            assert Fraction(value) == other
