"""Every Simply table SIM-T01 to SIM-T17 checked cell by cell against the seed text.

Each test reads the printed cells from seed 002 (``seedfiles.seed_lines``, skipped where the text is
absent) and compares them with what the core's public functions give, so a transcription slip
in ``tables/simply/`` or a lookup bug in the core fails here. The Character Record's field list
is the lead's (tests/test_simply_completeness.py PENDING_LEAD).
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

from seedfiles import ROOT, missing, seed_lines, seeds_dir

from pycore.systems.simply import armor as armor_rules
from pycore.systems.simply import damage, recovery, skills, stats, tasks
from pycore.systems.simply import fight as combat
from pycore.tables import load_table

SEED = "002_397ff4437f29826d.txt"
LEVELS = ("Familiar", "Capable", "Professional", "Expert")


def line(number: int) -> str:
    """Seed line ``number`` as ``cat -n`` counts it."""
    return seed_lines(SEED)[number - 1]


def cells(number: int) -> list[str]:
    return [cell.strip() for cell in line(number).split("\t")]


def printed_int(cell: str) -> int | None:
    """A printed number; the text's dashes ("-", "_", "—") mean none."""
    return None if cell in {"-", "_", "—", ""} else int(cell)


# --- SIM-T01 difficulty (lines 26-36) ---------------------------------------------------------


def test_sim_t01_difficulty_every_printed_row() -> None:
    assert cells(26) == ["Difficulty", "Modifier"]
    printed = [cells(n) for n in range(27, 37)]
    assert list(tasks.DIFFICULTIES) == [name for name, _ in printed]  # the SIM-54 ladder order
    table = load_table("simply", "difficulty")
    for index, (name, modifier) in enumerate(printed):
        row = table.row_by("name", name)
        assert (row["ladder_index"], row["line"]) == (index, 27 + index)
        tn = tasks.target_number(10, name)
        if modifier == "N/A":  # SIM-04: Automatic / Impossible, no roll
            assert row["modifier"] is None and tn.automatic is not None and tn.total == 10
        else:  # the printed 4 and 2 are +4 and +2
            assert row["modifier"] == int(modifier) and tn.total == 10 + int(modifier)
            assert tn.automatic is None
    assert tasks.target_number(10, "Automatic").automatic == "success"
    assert tasks.target_number(10, "Impossible").automatic == "failure"


# --- SIM-T02 special checks (lines 18-20, 69) -------------------------------------------------


def test_sim_t02_special_checks_as_printed() -> None:
    assert "do not use adjusted stats" in line(18)
    table = load_table("simply", "special_checks")
    for row in table.rows:
        title, stat, purpose = str(row["title"]), str(row["stat"]), str(row["purpose"])
        assert f"{title}: 2 x {stat}" in line(int(str(row["line"])))
        assert f"{title} (2 x {stat}) {purpose}" in line(69)
        assert tasks.special_check_stat(str(row["name"])) == stat
        for value in (1, 6, 10):
            assert tasks.special_check(title, value) == 2 * value
    assert [str(r["name"]) for r in table.rows] == ["knockback", "agility", "focus", "stamina"]


# --- SIM-T03 age categories (lines 99-106) ----------------------------------------------------


def test_sim_t03_age_categories_every_cell() -> None:
    assert cells(99) == ["Category", "Stat Adj", "SPP"]
    printed = [cells(n) for n in range(100, 107)]
    assert list(stats.age_names()) == [name for name, _, _ in printed]
    for name, adj, spp in printed:
        age = stats.age_category(name)
        assert (age.stat_adj, age.spp_base) == (int(adj), int(spp))  # Adolescent's "1" is +1


# --- SIM-T04 abilities & disabilities (lines 120-182) -----------------------------------------


def test_sim_t04_every_item_sits_under_its_printed_heading() -> None:
    heading = re.compile(r"^#+ \**(Zero|\d)-Point (Abilities|Disabilities)")
    headings: list[tuple[int, str, int]] = []
    for number in range(120, 183):
        found = heading.match(line(number))
        if found:
            points = 0 if found.group(1) == "Zero" else int(found.group(1))
            headings.append((number, found.group(2)[:-3].lower() + "y", points))
    # "Abilities" -> "ability", "Disabilities" -> "disability"
    assert [h[1:] for h in headings] == [
        ("ability", 0),
        ("disability", 0),
        ("ability", 1),
        ("ability", 1),
        ("ability", 2),
        ("ability", 3),
        ("disability", 1),
        ("disability", 2),
        ("disability", 3),
    ]
    table = load_table("simply", "abilities_disabilities")
    for row in table.rows:
        number = int(str(row["line"]))
        assert str(row["name"]) in line(number).replace("**", "")
        _, kind, points = max(h for h in headings if h[0] < number)
        assert (row["kind"], row["points"]) == (kind, points), row["name"]


# --- SIM-T05 skill costs (lines 152-156) ------------------------------------------------------


def test_sim_t05_skill_costs_every_cell() -> None:
    assert cells(152) == ["Skill Level", "Cost"]
    assert [(level, int(cost)) for level, cost in map(cells, range(153, 157))] == [
        (level, skills.skill_cost(level)) for level in LEVELS
    ]


# --- SIM-T06 armor (lines 192-223) ------------------------------------------------------------


ARMOR_ROWS = {  # id: seed line of its Dmg Mod / Min S / C Adj cells (single-line rows)
    "padded_cloth": 195,
    "hardened_leather": 196,
    "chainmail": 197,
    "plate": 198,
    "leather_jacket": 201,
    "plasteel_light": 212,
    "plasteel_medium": 213,
    "plasteel_heavy": 214,
}


def test_sim_t06_armor_every_intact_cell() -> None:
    assert cells(194) == ["Armor ANCIENT", "Dmg Mod", "Min S", "C Adj."]
    for armor_id, number in ARMOR_ROWS.items():
        name, dmg, min_s, c_adj = cells(number)
        worn = armor_rules.armor(armor_id)
        assert name.lstrip("—") in worn.name
        for kind in ("projectile", "energy", "other"):
            assert worn.dmg_mod(kind) == int(dmg)
        assert worn.min_s == printed_int(min_s)
        assert worn.c_adj == (printed_int(c_adj) or 0)
        assert not worn.reconstructed
    # Kevlar vests: "vs. projectiles" and "vs. all other" on their own lines; inserts replace.
    vests = {"kevlar_vest": (202, 202, 203), "kevlar_ceramic": (204, 205, 206)}
    vests["kevlar_steel"] = (207, 208, 209)
    for armor_id, (stats_line, projectile_line, other_line) in vests.items():
        worn = armor_rules.armor(armor_id)
        projectile = re.search(r"(-\d+) vs\. projectiles", line(projectile_line))
        other = re.search(r"(-\d+) vs\. all other", line(other_line))
        assert projectile and other
        assert worn.dmg_mod("projectile") == int(projectile.group(1))
        assert worn.dmg_mod("energy") == worn.dmg_mod("other") == int(other.group(1))
        assert [worn.min_s, worn.c_adj] == [int(c) for c in cells(stats_line)[-2:]]
    # Ablative: Min S +1, C Adj +1 as printed; its "O ADDL." and reflective's "5" reconstructed.
    assert cells(215)[-2:] == ["+1", "+1"]
    ablative, reflective = armor_rules.coating("ablative"), armor_rules.coating("reflective")
    assert (ablative.min_s_add, ablative.c_adj_add, ablative.charges) == (1, 1, 5)
    assert "five energy attacks" in line(223)
    assert (reflective.min_s_add, reflective.c_adj_add) == (0, 0)
    assert "O ADDL. vs. energy#" in line(216) and "5 ADDL. vs. energy" in line(218)
    assert ablative.reconstructed and reflective.reconstructed
    assert (ablative.energy_addl, reflective.energy_addl) == (-10, -5)
    suit = armor_rules.armor("powered_battlesuit")
    assert cells(219)[-1] == "3" and suit.c_adj == 3 and suit.reconstructed
    assert suit.dmg_mod("other") == -40
    # Line 199 "r late armor 12 O -" is an OCR echo of Plate armor: not a row of its own.
    assert line(199).startswith("r late armor")
    assert len(armor_rules.armor_ids()) == 12 and len(armor_rules.coating_ids()) == 2


# --- SIM-T07 shields (lines 225-235) ----------------------------------------------------------


def test_sim_t07_shields_every_cell() -> None:
    assert cells(227) == ["Shield ANCIENT", "Dmg Mod", "Min S", "C Adj.", "Def Mod", "Dmg"]
    rows = {"buckler": 228, "target": 229, "large": 230, "lexan_riot": 231, "e_shield_buckler": 233}
    for shield_id, number in rows.items():
        dmg, min_s, c_adj, def_mod, strike = cells(number)[-5:]
        held = armor_rules.shield(shield_id)
        for kind in ("projectile", "energy", "other"):
            assert held.dmg_mod(kind) == int(dmg)
        assert held.min_s == printed_int(min_s)
        assert held.c_adj == (printed_int(c_adj) or 0)
        assert held.def_mod == (printed_int(def_mod) or 0)  # "+1" is +1; "-" is 0
        assert held.dmg == printed_int(strike)
    # The e-Shield's split rows (lines 234-235): "as Target -4 vs energy | -1 vs. other",
    # then "as Large -6 vs energy -2 vs. other 5 1 -1 -".
    assert "-4 vs energy" in line(234)
    assert cells(235)[1:] == ["-1 vs. other -6 vs energy -2 vs. other", "5", "1", "-1", "-"]
    target, large = armor_rules.shield("e_shield_target"), armor_rules.shield("e_shield_large")
    assert (target.dmg_mod("energy"), target.dmg_mod("projectile"), target.dmg) == (-4, -1, None)
    assert (large.dmg_mod("energy"), large.dmg_mod("other")) == (-6, -2)
    assert (large.min_s, large.c_adj, large.def_mod, large.dmg) == (5, 1, -1, None)


# --- SIM-T08 skills (lines 237-333) -----------------------------------------------------------


def test_sim_t08_every_skill_has_its_printed_kind_and_stat() -> None:
    personal = dict(re.findall(r"([A-Z][a-z]+) \(([SCIH])\)", line(240)))
    assert len(personal) == 11
    assert "(add bonus to C)" in line(244) and "(add bonus to I)" in line(289)
    for name in skills.skill_names():
        info = skills.skill_info(name)
        number = int(str(load_table("simply", "skills").row_by("name", name)["line"]))
        if number == 240:
            assert (info.kind, info.stat) == ("personal", personal[name])
        elif 244 < number < 289:
            assert (info.kind, info.stat) == ("physical", "C"), name
        else:
            assert 289 < number <= 333 and (info.kind, info.stat) == ("mental", "I"), name
        assert name + (":" if info.needs_specialty else "") in line(number)
    assert set(personal) <= set(skills.skill_names())


def test_sim_t08_weapon_specialties_as_printed() -> None:
    def joined(first: int, last: int) -> str:
        return "".join(line(n) for n in range(first, last + 1))

    for skill, first, last in (
        ("Melee Weapon", 256, 258),
        ("Missile Weapon", 262, 270),
        ("Thrown Weapon", 283, 285),
    ):
        specialties = skills.skill_info(skill).specialties
        assert specialties, skill
        assert all(s in joined(first, last) for s in specialties), skill
    assert skills.skill_info("Melee Weapon").specialties == (
        "Axe",
        "e-Blade",
        "e-Sword",
        "Knife",
        "Fencing",
        "Sword",
        "Pole Arms",
    )


# --- SIM-T09 initiative bonus (lines 359-363) -------------------------------------------------


def test_sim_t09_initiative_bonus_every_cell() -> None:
    assert cells(359) == ["Combat Awareness", "Bonus"]
    assert [(level, int(bonus)) for level, bonus in map(cells, range(360, 364))] == [
        (level, stats.initiative_bonus(level)) for level in LEVELS
    ]
    assert stats.initiative_bonus(None) == 0  # a mental skill: no default, no bonus


# --- SIM-T10 unarmed max damage (lines 367-376) -----------------------------------------------


def test_sim_t10_unarmed_damage_every_band_and_martial_arts() -> None:
    assert cells(369) == ["Adj S", "Max Dmg"]
    covered = []
    for number in range(370, 377):
        band, value = cells(number)
        low, high = (int(x) for x in band.split(" - "))
        for strength in range(low, high + 1):
            assert stats.unarmed_max_damage(strength) == int(value)
            covered.append(strength)
    assert covered == list(range(1, 21))
    printed = dict(re.findall(r"Add (\d) if Martial Arts skill is (\w+)", line(367)))
    assert {level: int(add) for add, level in printed.items()} == {
        level: stats.martial_arts_bonus(level) for level in ("Capable", "Professional", "Expert")
    }
    assert stats.martial_arts_bonus("Familiar") == 0  # not printed: Familiar adds nothing


# --- SIM-T11 HP multiplier (lines 384-390) ----------------------------------------------------


def test_sim_t11_hp_multiplier_every_band() -> None:
    assert cells(386) == ["Adj H", "Multiplier"]
    assert "Round fractions up" in line(384)
    covered = []
    for number in range(387, 391):
        band, value = cells(number)
        low, _, high = band.partition(" - ")
        for health in range(int(low), int(high or low) + 1):
            assert stats.hp_multiplier(health) == Fraction(value)  # exact: 2.5 is 5/2
            covered.append(health)
    assert covered == list(range(1, 11))


# --- SIM-T12 skill level bonus (lines 396-401) ------------------------------------------------


def test_sim_t12_skill_bonuses_every_cell() -> None:
    assert cells(396) == ["Skill Level", "Bonus"]
    assert cells(397) == ["Def", "0 (Pers), -2 (Phys), N/A (Ment)"]
    assert [skills.level_bonus(None, k) for k in ("personal", "physical", "mental")] == [
        0,
        -2,
        None,
    ]
    for number, level in zip(range(398, 402), LEVELS, strict=True):
        abbreviation, bonus = cells(number)
        assert abbreviation.replace("Сар", "Cap") == level[:3]  # 399: Cyrillic OCR
        for kind in ("personal", "physical", "mental"):
            assert skills.level_bonus(level, kind) == int(bonus)


# --- SIM-T13 success probability (lines 405-426) ----------------------------------------------


def test_sim_t13_success_probability_every_cell() -> None:
    assert cells(407) == ["Target Number", "Chance of Success"]
    for number in range(408, 427):
        target, percent = cells(number)
        printed = tasks.table_chance(int(target))
        assert printed is not None and (printed.percent, printed.line) == (
            int(percent.rstrip("%")),
            number,
        )
        count = sum(a + b <= int(target) for a, b in product(range(1, 11), repeat=2))
        assert count == printed.percent  # the table ignores the automatic 20 (SIM-11)


# --- SIM-T15 Master Damage Tables (lines 448-560) ---------------------------------------------


def test_sim_t15_every_cell_of_the_single_row_lines() -> None:
    # Rows 51-100 print one row per line, tab-separated; merged and damaged lines (522, 523, 535,
    # 536, 546, 547, 559, 560) are the golden extractor's (test_simply_master_damage.py).
    checked = 0
    for number in range(514, 559):
        label, *values = cells(number)
        if " " in label or any(" " in v for v in values):
            continue
        for roll, value in enumerate(values, 1):
            if (int(label), roll) == (51, 1):
                assert value == "1" and damage.master_damage(51, 1) == 2  # the erratum
                continue
            assert damage.master_damage(int(label), roll) == int(value), (label, roll)
            checked += 1
    assert checked == 39 * 20 - 1  # 39 single-row lines, less the erratum


def test_sim_t15_rows_20_to_50_label_and_eighteen_cells() -> None:
    # "<b>M</b> v1 ... v18 <tab> v19 v20" with M = v20 (lines 473-502, rows with all 20 printed).
    checked = 0
    for number in range(473, 503):
        head, _, pair = line(number).partition("\t")
        numbers = [int(t) for t in re.findall(r"\d+", re.sub(r"<[^>]*>", " ", head))]
        tail = [int(t) for t in re.findall(r"\d+", re.sub(r"<[^>]*>", " ", pair))]
        if len(numbers) != 19 or len(tail) != 2 or tail[1] != numbers[0]:
            continue
        maximum, values = numbers[0], [*numbers[1:], *tail]
        if maximum == 47:  # r1-r18 are a copy of row 46 (SIM-T15): illegible
            continue
        assert [damage.master_damage(maximum, r) for r in range(1, 21)] == values, maximum
        checked += 1
    assert checked == 21  # rows 21-23, 25-29, 34-43, 48-50


# --- SIM-T16 treatment & recovery (lines 605, 615-629) ----------------------------------------


def test_sim_t16_treatment_as_printed() -> None:
    assert "regain 1 HP" in line(615) and recovery.revive(1, 26, "First Aid").hp_gain == 1
    task = r"treatment is an ([A-Z][a-z]+(?: [A-Z][a-z]+)?) First Aid Task or an (\w+) Medicine"
    above, below = re.search(task, line(617)), re.search(task, line(619))
    assert above and below and "more than 1/4" in line(617) and "1/4 or less" in line(619)
    # HP_max 40: 11 is above a quarter, 10 is a quarter.
    for found, hp in ((above, 11), (below, 10)):
        assert recovery.treatment_difficulty(hp, 40, "First Aid") == found.group(1)
        assert recovery.treatment_difficulty(hp, 40, "Medicine") == found.group(2)
    assert "requires no task roll" in line(621) and recovery.bandage(5).automatic == "success"
    stabilize = re.search(r"\((.+) First Aid or (.+) Medicine task\)", line(623))
    assert stabilize and "lasts 1-10 hours" in line(623)
    assert recovery.stabilize(1, "First Aid").difficulty == stabilize.group(1)
    assert recovery.stabilize(1, "Medicine").difficulty == stabilize.group(2)
    assert "1d10 hours" in recovery.stabilize(1, "Medicine").note
    assert "within 15 minutes" in line(625) and "restores 2 HP" in line(625)
    assert recovery.first_aid(20, 26, "First Aid", 15).hp_gain == 2
    assert combat.FIRST_AID_WINDOW == 15
    natural = re.search(r"(\d) HP per week of complete inactivity, or (\d) HP per week", line(627))
    assert natural
    assert recovery.natural_healing(1, "inactive", 0, 26).per_week == int(natural.group(1))
    assert recovery.natural_healing(1, "moderate", 0, 26).per_week == int(natural.group(2))
    hospital = re.search(r"restores (\d) HP per week.+additional (1D10/2) per week", line(629))
    assert hospital and recovery.hospital_care(1, 0, 26).per_week == int(hospital.group(1))
    assert (
        load_table("simply", "treatment").row_by("id", "hospital_state_of_the_art")["dice"]
        == hospital.group(2).lower()
    )
    assert "losing 1 Hit Point every 5 minutes" in line(605) and combat.BLEED_EVERY == 5


# --- SIM-T17 injury effect thresholds (lines 601-611; code constants in damage.py) ------------


def test_sim_t17_thresholds_as_printed_and_at_each_boundary() -> None:
    assert "Raw Damage exceeds 2 x S?" in line(601)
    assert "Injury Greater Than 1/2 HP?" in line(603)
    assert "Taken 10 Points of Injuries?" in line(605) and "Reduced to 1/4 HP or less?" in line(605)
    assert "Only 1 HP left? Or less? You are unconscious." in line(609)
    assert "If in negative HP, you are in Critical Condition." in line(609)
    assert "Reduced to -10 HP? Or less?" in line(611)
    assert (damage.BLEEDING_AFTER, damage.UNCONSCIOUS_AT, damage.DEAD_AT) == (10, 1, -10)

    def hit(raw: int, hp: int = 40, hp_max: int = 40, strength: int = 20) -> damage.DamageResult:
        return damage.apply_damage(raw, hp=hp, hp_max=hp_max, strength=strength, health=5)

    # raw > 2 x S (strict), 2 x injury > HP_max (strict), HP_max - HP >= 10, 4 x HP <= HP_max.
    assert [hit(r, strength=6).has("SIM-44") for r in (12, 13)] == [False, True]
    assert [hit(r).has("SIM-45") for r in (20, 21)] == [False, True]
    assert [hit(r).has("SIM-46") for r in (9, 10)] == [False, True]
    assert [hit(r).has("SIM-47") for r in (29, 30)] == [False, True]
    # HP <= 1 unconscious, < 0 critical, <= -10 dead.
    results = [hit(1, hp=hp) for hp in (3, 2, 1, 0, -8, -9)]
    assert [r.hp_after for r in results] == [2, 1, 0, -1, -9, -10]
    assert [r.unconscious for r in results] == [False, True, True, True, True, True]
    assert [r.critical for r in results] == [False, False, False, True, True, True]
    assert [r.dead for r in results] == [False, False, False, False, False, True]


# --- every table file is the inventory's (rules/simply.md section 3) ---------------------------


def test_every_table_file_is_the_one_the_inventory_names() -> None:
    path = seeds_dir().parent / "rules" / "simply.md"
    if not path.exists():
        missing("shared/rules/simply.md")
    rows = re.findall(
        r"^\| (SIM-T\d\d) \| [^|]+ \| ([\d–, ]+) \| .+`tables/simply/(\w+)\.toml`",
        path.read_text(encoding="utf-8"),
        flags=re.MULTILINE,
    )
    assert [r[0] for r in rows] == [f"SIM-T{n:02d}" for n in range(1, 18)]
    files = {p.stem for p in (ROOT / "tables" / "simply").glob("*.toml")}
    # The record sheet and the injury effects (SIM-T17) may live in code, says the inventory.
    assert {name for _, _, name in rows} - files == {"record_sheet", "injury_effects"}
    seed = seed_lines(SEED)
    for table_id, spec, name in rows:
        if name not in files:
            continue
        table = load_table("simply", name)
        assert (table.id, table.source.seed) == (table_id, SEED)
        theirs = _numbers(table.source.lines)
        assert _numbers(spec.replace("–", "-")) <= theirs, table_id
        assert max(theirs) <= len(seed)


def _numbers(spec: str) -> set[int]:
    numbers: set[int] = set()
    for part in re.split(r",\s*", spec.strip()):
        low, _, high = part.partition("-")
        numbers |= set(range(int(low), int(high or low) + 1))
    return numbers
