"""Aftermath tables (part A: AFT-T01 to T11, T15 to T18, T20, T35 to T43) cell by cell against
the seed text 001 and the inventory (shared/rules/aftermath.md, section 3)."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest
from seedfiles import seed_lines

from pycore.tables import DieRange, load_table

SEED = "001_e07e7b2bd9248eea.txt"
MINE = (
    "critical_hit_enhancement_melee",
    "critical_hit_enhancement_guns",
    "critical_effect",
    "situation_modifiers_hth",
    "situation_modifiers_missile",
    "dat_position_strength_group",
    "target_actions",
    "hit_location_bipedal",
    "hit_location_modifiers",
    "hit_location_quadrupedal",
    "hit_location_split",
    "weapons_melee",
    "weapon_notes",
    "armor_materials",
    "armor_ballistic_cloth",
    "attribute_groups",
    "inherent_accuracy",
    "gun_actions",
    "missile_special_effects",
    "stopping",
    "range_steps",
    "range_step_modifiers",
    "bdg_pistol",
    "bdg_long_gun",
    "bdg_shot_shell",
    "cartridge_enc",
)


def line(number: int) -> str:
    return seed_lines(SEED)[number - 1]


def cells(number: int) -> list[str]:
    return line(number).split("\t")


def keys(table: str) -> list[str]:
    return [str(r["roll"]) for r in load_table("aftermath", table).rows]


@pytest.mark.parametrize("name", MINE)
def test_every_table_names_seed_001_and_an_aft_id(name: str) -> None:
    table = load_table("aftermath", name)
    assert table.source.seed == SEED
    assert re.fullmatch(r"AFT-T\d\d", table.id)


def test_aft_t01_d20_keys_and_bonuses_as_printed() -> None:
    table = load_table("aftermath", "critical_hit_enhancement_melee")
    for row in table.rows:
        printed = cells(int(str(row["line"])))
        assert printed[0] == str(row["roll"])
        assert printed[1] == f"+{row['wdm_bonus']} to WDM"
    assert [table.row_for_roll(r)["wdm_bonus"] for r in range(1, 21)] == [1] * 9 + [2] * 6 + [
        3
    ] * 4 + [4]


def test_aft_t02_gun_rows_as_printed() -> None:
    """AFT-T02 as printed."""
    table = load_table("aftermath", "critical_hit_enhancement_guns")
    for row in table.rows:
        printed = cells(int(str(row["line"])))
        assert printed[2].lower() == row["gun_class"]
        assert printed[3].strip() == row["effect"]


def test_aft_t03_keys_effects_and_ladder() -> None:
    """AFT-T03 as printed, with the AFT-27 ladder."""
    table = load_table("aftermath", "critical_effect")
    text = " ".join(line(n) for n in (18, 19, 20))
    for row in table.rows:
        assert f"{row['roll']}\t{row['label']}" in text
    # AFT-27 ladder: each effect steps down exactly one row.
    effects = [r["effect"] for r in table.rows]
    for row in table.rows[1:]:
        assert effects.index(row["next_less_lethal"]) == effects.index(row["effect"]) - 1
    assert table.row_for_roll(250)["effect"] == "lethal"  # AFT-01: open above 100


def test_aft_t04_every_row_as_printed() -> None:
    """AFT-T04 as printed."""
    for row in load_table("aftermath", "situation_modifiers_hth").rows:
        name, value = cells(int(str(row["line"])))
        star = "*" if row["starred"] else ""
        assert name == f"{row['situation']}{star}"
        assert int(value) == row["bcs_modifier"]


def test_aft_t05_every_row_as_printed() -> None:
    """AFT-T05 as printed."""
    for row in load_table("aftermath", "situation_modifiers_missile").rows:
        name, value = cells(int(str(row["line"])))
        assert name == row["situation"] and value == row["printed"]
        if row["kind"] == "add":
            assert int(str(row["printed"]).split()[0]) == row["value"]


def test_aft_t06_every_cell_as_printed() -> None:
    """AFT-T06 as printed."""
    for row in load_table("aftermath", "dat_position_strength_group").rows:
        printed = cells(int(str(row["line"])))
        assert printed[0] == row["name"]
        assert int(printed[1]) == row["character_hex"]
        assert int(printed[2]) == row["front_side_rear_hex"]
        long_cell = printed[3]
        if row["long_front_long_side_hex"] is None:
            assert long_cell == "Not Allowed"
        else:
            assert long_cell == f"{row['long_front_long_side_hex']}*"
            assert row["no_secondary_strike"]


def test_aft_t07_multiples_as_printed() -> None:
    """AFT-T07 as printed."""
    for row in load_table("aftermath", "target_actions").rows:
        text = line(int(str(row["line"])))
        assert str(row["text"]) in text and text.endswith(f"CDA x {row['multiplier']}")
    assert "Increase multiplier by 1" in line(96)


def test_aft_t08_both_column_pairs_as_printed() -> None:
    """AFT-T08 as printed."""
    table = load_table("aftermath", "hit_location_bipedal")
    printed = {}
    for number in range(104, 113):
        parts = [p for p in cells(number) if p]
        for key, loc in zip(parts[::2], parts[1::2], strict=True):
            printed[key] = loc
    assert len(printed) == 17
    for row in table.rows:
        locations = row["locations"]
        assert isinstance(locations, tuple)
        assert printed[str(row["roll"])] == "/".join(map(str, locations))
        region = {1: "head_neck", 4: "torso", 13: "leg", 21: "arm"}
        lo = max(k for k in region if k <= locations[0])
        assert row["region"] == region[lo]


def test_aft_t09_reconstruction_is_the_only_change() -> None:
    """AFT-T09: only the 'from above' sign is reconstructed."""
    table = load_table("aftermath", "hit_location_modifiers")
    for row in table.rows:
        assert line(int(str(row["line"]))).split("\t")[1] == f"{row['printed']:+d}"
        changed = row["printed"] != row["modifier"]
        assert changed == row["reconstructed"]
    assert [r["modifier"] for r in table.rows] == [-5, 5, -5, 5]


def test_aft_t10_rows_and_belly_as_printed() -> None:
    """AFT-T10 as printed."""
    table = load_table("aftermath", "hit_location_quadrupedal")
    for row in table.rows:
        locations = row["locations"]
        assert isinstance(locations, tuple)
        assert cells(int(str(row["line"]))) == [str(row["roll"]), "/".join(map(str, locations))]
    assert list(table.meta["belly"]) == [7, 10, 13, 16]
    assert line(145) == "Belly locations are 7, 10, 13, 16"
    for row in table.rows:
        locations = row["locations"]
        assert isinstance(locations, tuple)
        if len(locations) == 3:
            assert locations[-1] in table.meta["belly"]


def test_aft_t11_splits_cover_1_to_100_per_group() -> None:
    """AFT-T11: each split group covers 1-100."""
    table = load_table("aftermath", "hit_location_split")
    for group in ("front_rear_xy", "front_rear_xyz", "side_xy", "side_xyz"):
        members = [table.row_for_roll(r, group)["member"] for r in range(1, 101)]
        assert len(members) == 100
    assert "1-40/41-80/81-00" in line(151)
    assert "1-70" in line(154) and "71-00" in line(155)
    assert "1-60" in line(156) and "61-70" in line(157) and "71-00" in line(158)


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        ("critical_hit_enhancement_melee", ["1-9", "10-15", "16-19", "20"]),
        ("critical_effect", ["1-30", "31-55", "56-75", "76-87", "88-95", "96-00"]),
        (
            "missile_special_effects",
            ["1-20", "21-30", "31-45", "46-65", "66-75", "76-85", "86-95", "96-00"],
        ),
    ],
)
def test_die_range_keys_match_the_coverage_script(table: str, expected: list[str]) -> None:
    assert keys(table) == expected


def test_aft_t15_every_weapon_cell_against_its_seed_line() -> None:
    """AFT-T15 as printed; AFT-M44: the suspect rows are marked."""
    table = load_table("aftermath", "weapons_melee")
    assert len(table.rows) == 49
    for row in table.rows:
        printed = cells(int(str(row["line"])))
        assert (
            printed[0].startswith(str(row["printed"]).replace("Knife, ", ""))
            or str(row["printed"]) in printed[0]
        )
        assert [printed[2], printed[3], printed[4], printed[5]] == [
            row["utility"],
            row["str"],
            row["hand"],
            row["sec"],
        ]
        surv = printed[6].split()[0]
        assert (None if surv == "-" else int(surv)) == row["surv"]
        enc = printed[9]
        assert (None if enc == "-" else float(enc)) == row["enc"]
        assert printed[10].split(" ¹")[0].strip() == row["wdm_text"]
        assert printed[11] == row["barter"]
        if row["reading"] is None:
            fmt = printed[7]
            assert list(row["format"] or ()) == ([] if fmt == "-" else fmt.split(","))  # type: ignore[call-overload]
            assert (None if printed[8] == "-" else printed[8]) == row["length"]
    # The readings of the inventory (AFT-T15) and nothing else.
    read = {str(r["name"]) for r in table.rows if r["reading"]}
    assert read == {"Cudgel", "Knife, trench"}
    suspect = {str(r["name"]) for r in table.rows if r["suspect"]}
    assert suspect == {"Pistol butt", "Pitchfork", "Rifle butt"}
    note13 = [r["name"] for r in table.rows if 13 in r["notes"]]  # type: ignore[operator]
    assert len(note13) == 17


def test_aft_t16_note_texts_as_printed() -> None:
    """AFT-T16 as printed."""
    for row in load_table("aftermath", "weapon_notes").rows:
        assert str(row["text"]) in line(int(str(row["line"])))


def test_aft_t17_every_material_as_printed_but_the_plasticsheet_swap() -> None:
    """AFT-T17 as printed but the Plasticsheet swap."""
    table = load_table("aftermath", "armor_materials")
    assert len(table.rows) == 50
    groups = [r["group"] for r in table.rows]
    assert (groups.count("plastic"), groups.count("non-metallic"), groups.count("metallic")) == (
        18,
        11,
        21,
    )
    for row in table.rows:
        printed = cells(int(str(row["line"])))
        name = row["printed_material"] or row["material"]
        assert printed[0] == name
        assert printed[1:3] == [row["code"], row["format"]]
        assert float(printed[3]) == row["enc_per_location"]
        assert int(printed[4]) == row["armor_value"]
        assert float(printed[5]) == row["barter_per_location"]
    heavy = table.row_by("material", "Heavy Plasticsheet")
    assert (heavy["code"], heavy["armor_value"], heavy["reconstructed"]) == ("HP", 2, True)
    for group in ("plastic", "non-metallic", "metallic"):
        avs = [r["armor_value"] for r in table.rows_where("group", group)]
        assert avs == sorted(avs, reverse=True)  # type: ignore[type-var]


def test_aft_t18_ballistic_cloth_as_printed() -> None:
    """AFT-T18 as printed."""
    for row in load_table("aftermath", "armor_ballistic_cloth").rows:
        printed = cells(int(str(row["line"])))
        assert printed[:3] == [row["material"], row["code"], row["format"]]
        assert printed[4] == f"{row['armor_value']}/{row['barrier_factor']}"
        assert float(printed[5]) == row["barter_per_location"]


def test_aft_t20_chart_as_printed() -> None:
    """AFT-T20 as printed."""
    table = load_table("aftermath", "attribute_groups")
    ratings = cells(365)[1:]
    groups = cells(366)[1:]
    dice = cells(367)[1:]
    assert [str(r["rating"]) for r in table.rows] == ratings
    assert [str(r["group"]) for r in table.rows] == groups
    assert [str(r["effect_die"]) or "none" for r in table.rows] == dice
    assert all(table.row_for_roll(n) for n in range(0, 75))


def test_aft_t35_inherent_accuracy_as_printed() -> None:
    """AFT-T35 as printed."""
    for row in load_table("aftermath", "inherent_accuracy").rows:
        printed = [p for p in cells(int(str(row["line"]))) if p]
        assert printed[-2] == row["size"]
        assert int(printed[-1].replace(" ", "")) == row["inherent_accuracy"]


def test_aft_t36_gun_actions_as_printed() -> None:
    """AFT-T36 as printed."""
    for row in load_table("aftermath", "gun_actions").rows:
        assert cells(int(str(row["line"]))) == [row["code"], row["printed"]]


def test_aft_t37_results_as_printed() -> None:
    """AFT-T37 as printed."""
    for row in load_table("aftermath", "missile_special_effects").rows:
        text = line(int(str(row["line"])))
        assert text.startswith(f"- {row['roll']} ")
        head = str(row["result"]).split(".")[0]
        assert head.replace("As ", "") in text.replace(
            " (see Critical Hit Effect Explanations)", ""
        )


def test_aft_t38_bands_as_printed() -> None:
    """AFT-T38 as printed."""
    for row in load_table("aftermath", "stopping").rows:
        assert line(int(str(row["line"]))).startswith(f"- {row['printed']}")


def test_aft_t39_every_limit_and_modifier_as_printed() -> None:
    """AFT-T39 as printed."""
    table = load_table("aftermath", "range_steps")
    assert len(table.rows) == 15
    for row in table.rows:
        numbers = [int(p) for p in cells(int(str(row["line"]))) if p.isdigit()]
        assert tuple(numbers) == row["limits"]
        limits = row["limits"]
        assert isinstance(limits, tuple)
        assert all(a < b for a, b in itertools.pairwise(limits))
    mods = load_table("aftermath", "range_step_modifiers")
    assert [r["printed_bcs"] for r in mods.rows] == [p for p in cells(692)[1:] if p]
    assert [r["printed_bdg"] for r in mods.rows] == [p for p in cells(693)[1:] if p]


def test_aft_t40_t41_every_caliber_as_printed() -> None:
    """AFT-T40, AFT-T41 as printed; EX-18."""
    pistol = load_table("aftermath", "bdg_pistol")
    assert len(pistol.rows) == 24
    for row in pistol.rows:
        printed = cells(int(str(row["line"])))
        assert printed[:2] == [row["caliber"], str(row["bdg"])]
    long_gun = load_table("aftermath", "bdg_long_gun")
    assert len(long_gun.rows) == 37
    for row in long_gun.rows:
        printed = cells(int(str(row["line"])))
        if row["printed"] is None:
            assert printed[2:4] == [row["caliber"], str(row["bdg"])]
        else:
            assert " | ".join(printed[2:4]) == row["printed"]
    # EX-18: 22 Jet pistol 4, long gun 8
    assert pistol.row_by("caliber", "22 Jet")["bdg"] == 4
    assert long_gun.row_by("caliber", "22 Jet")["bdg"] == 8


def test_aft_t42_shot_shells_as_printed() -> None:
    """AFT-T42 as printed."""
    table = load_table("aftermath", "bdg_shot_shell")
    for row in table.rows:
        printed = [p for p in cells(int(str(row["line"]))) if p]
        values = [str(row["cells"][i]) for i in range(6)]  # type: ignore[index]
        if row["shot"] == "12-9":
            assert printed == ["12-9*", "12", "10", "8", "6"]
            assert values[:2] == ["?", "?"]
        else:
            assert printed == [row["printed"], *values]


def test_aft_t43_cartridge_enc_as_printed() -> None:
    """AFT-T43 as printed."""
    text = line(760)
    assert "ENC value of .01" in text and "ENC value of .02" in text
    encs = {str(r["ammunition"]): r["enc"] for r in load_table("aftermath", "cartridge_enc").rows}
    assert encs["rimfire"] == encs["pistol_small"] == Fraction(1, 100)
    assert encs["long_gun"] == encs["shot_shell"] == encs["pistol_large"] == Fraction(1, 50)


def test_die_ranges_are_die_ranges() -> None:
    for name in ("hit_location_bipedal", "hit_location_quadrupedal", "critical_effect"):
        for row in load_table("aftermath", name).rows:
            assert isinstance(row["roll"], DieRange)
