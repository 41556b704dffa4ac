"""Every worked example E01-E76 of shared/rules/simply.md section 4, run against the core.

The examples live as data in ``tests/golden/simply_examples.toml`` (id, kind T/R, seed lines,
input, expected); this module runs each one through a small dispatcher, one test per example
with the E number as its id. A dispatcher function calls the core the way a user of the public API
would and returns what it observed as a dict; only the keys an example expects are compared, so
an example fails if the core gives any other value.
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from scripted import Faces
from seedfiles import missing, seed_lines, seeds_dir

from pycore.errors import RuleError
from pycore.systems import simply
from pycore.systems.simply import armor as armor_rules
from pycore.systems.simply import character, damage, stats, tasks
from pycore.systems.simply import fight as combat
from pycore.systems.simply import luck as luck_rules
from pycore.systems.simply import skills as skill_rules
from pycore.tables import load_table

GOLDEN = Path(__file__).resolve().parent / "golden" / "simply_examples.toml"
SEED = "002_397ff4437f29826d.txt"
DATA: dict[str, Any] = tomllib.loads(GOLDEN.read_text(encoding="utf-8"))
EXAMPLES: list[dict[str, Any]] = DATA["example"]
KINDS = {"T", "R", "T/R"}

Observed = dict[str, Any]


# --- the dispatcher: one function per `op`, each returning what the core gave ----------------


def op_success_chance(target: int, skilled: bool = True) -> Observed:
    # SIM-11: the real chance (automatic 20 and 2 included) and the printed SIM-T13 cell.
    real = simply.success_chance(target, skilled)
    printed = tasks.table_chance(target)
    seen: Observed = {"real": real, "on_table": printed is not None}
    if printed is not None:
        seen["table_percent"] = printed.percent
        assert printed.fraction == Fraction(printed.percent, 100)
    return seen


def op_test(target: int, roll: int, level: str | None = None) -> Observed:
    # SIM-06 / SIM-07 through the contract name test().
    result = simply.test(target, roll, level)
    return {"success": result.success, "automatic": result.automatic, "margin": result.margin}


def op_target_number(base: int, difficulty: str) -> Observed:
    # SIM-01 / SIM-04: base + difficulty modifier = TN.
    tn = simply.target_number(base, difficulty)
    return {"target": tn.total, "rolled": tn.automatic is None}


def op_task(base: int, difficulty: str) -> Observed:
    # SIM-04: Automatic / Impossible decide the task without a roll; a roll given is refused.
    tn = simply.target_number(base, difficulty)
    outcome = tasks.resolve_task(tn, None)
    if outcome.result is None:
        with pytest.raises(RuleError):
            tasks.resolve_task(tn, 10)
    return {"success": outcome.success, "rolled": outcome.result is not None}


def op_contest(target_a: int, roll_a: int, target_b: int, roll_b: int) -> Observed:
    # SIM-08: judged on each side's SIM-06 verdict, then the margins.
    result = simply.contest(target_a, roll_a, target_b, roll_b)
    swapped = simply.contest(target_b, roll_b, target_a, roll_a)
    # Swapping the sides swaps the winner (the rule is symmetric).
    assert swapped.winner == {"a": "b", "b": "a", None: None}[result.winner]
    return {
        "winner": result.winner or "draw",
        "margin_a": result.margin_a,
        "margin_b": result.margin_b,
        "success_a": result.a.success,
        "success_b": result.b.success,
    }


def op_contest_odds(target_a: int, target_b: int, skilled_a: bool, skilled_b: bool) -> Observed:
    odds = simply.contest_odds(target_a, target_b, skilled_a, skilled_b)
    return {"a": odds.a, "b": odds.b, "draw": odds.draw, "total": odds.a + odds.b + odds.draw}


def op_luck_on_test(target: int, roll: int, luck: int) -> Observed:
    # SIM-10: declared before the roll with >= 5 LP; then 5, or the TN raised 1:1 (minimum 5).
    declared = luck_rules.can_declare_luck(luck)
    try:
        result = simply.luck_on_test(target, roll, luck)
    except RuleError:
        assert not declared
        return {"declared": False}
    assert declared
    return {
        "declared": True,
        "success": result.success,
        "spent": result.spent,
        "final_target": result.final_target,
        "margin": result.margin,
        "luck_left": result.luck_left,
    }


def op_hit_points(s: int, h: int) -> Observed:
    return {"hp": simply.hit_points(s, h)}


def op_fatigue_points(s: int, h: int) -> Observed:
    return {"fp": simply.fatigue_points(s, h)}


def op_skill_purchase_points(intellect: int, age: str) -> Observed:
    return {"spp": simply.skill_purchase_points(intellect, age)}


def op_unarmed_max_damage(s: int, martial_arts: str | None = None) -> Observed:
    return {"max_damage": simply.unarmed_max_damage(s, martial_arts)}


def op_skill_rating(stat: int, kinds: list[str], level: str | None = None) -> Observed:
    # SIM-28 / SIM-03: one rating whatever the kind when bought ("any kind"); checked per kind.
    ratings = {simply.skill_rating(stat, level, kind) for kind in kinds}
    assert len(ratings) == 1, ratings
    rating = ratings.pop()
    seen: Observed = {"rollable": rating is not None}
    if rating is not None:
        seen["rating"] = rating
    return seen


def op_initiative_bonus(level: str | None = None) -> Observed:
    return {"bonus": stats.initiative_bonus(level)}


def op_special_checks(s: int, c: int, i: int, h: int) -> Observed:
    # SIM-09: 2 x the unadjusted stat, looked up through SIM-T02.
    values = {"S": s, "C": c, "I": i, "H": h}
    return {
        check: tasks.special_check(check, values[tasks.special_check_stat(check)])
        for check in tasks.SPECIAL_CHECKS
    }


def op_skill_cost(level: str) -> Observed:
    return {"cost": skill_rules.skill_cost(level)}


def op_age_category(name: str) -> Observed:
    age = stats.age_category(name)
    return {"stat_adj": age.stat_adj, "spp_base": age.spp_base}


def op_adjusted_coordination(c: int, armor: str, shield: str) -> Observed:
    # SIM-21: the armor module's C Adj., and the character's Adj C built from the same tables.
    worn = armor_rules.wear(armor, shield=shield)
    body, held = armor_rules.armor(armor), armor_rules.shield(shield)
    hero = character.Character(
        coordination=c,
        armor=character.ArmorChoice(body.name, body.min_s, body.c_adj),
        shield=character.ArmorChoice(held.name, held.min_s, held.c_adj),
    )
    return {
        "c_adjustment": worn.c_adjustment,
        "adj_c": character.derive(hero).adjusted.coordination,
    }


def op_protection(
    raw: int,
    kind: str,
    armor: str | None = None,
    coating: str | None = None,
    shield: str | None = None,
) -> Observed:
    # SIM-41: raw + the applicable Dmg Mods, never below 0; the same through apply_damage.
    worn = armor_rules.wear(armor, [coating] if coating else [], shield)
    guarded = armor_rules.apply_protection(raw, kind, worn)
    hit = simply.apply_damage(
        raw, guarded.kind, hp=100, hp_max=100, strength=20, health=5, protection=worn
    )
    assert hit.injury == guarded.injury
    return {"injury": guarded.injury}


def _effect(result: damage.DamageResult, rule: str) -> damage.InjuryEffect | None:
    found = [e for e in result.effects if e.rule == rule]
    assert len(found) <= 1
    return found[0] if found else None


def _state(result: damage.DamageResult) -> str:
    if result.dead:
        return "dead"
    if result.critical:
        return "critical"
    return "unconscious" if result.unconscious else "conscious"


def op_injury(raw: int, hp: int, hp_max: int, strength: int, health: int) -> Observed:
    # SIM-42 to SIM-50 on one hit; each check with its target number.
    result = simply.apply_damage(raw, hp=hp, hp_max=hp_max, strength=strength, health=health)
    seen: Observed = {"injury": result.injury, "hp_after": result.hp_after, "state": _state(result)}
    for key, rule in (
        ("knockback", "SIM-44"),
        ("heavy_stamina", "SIM-45"),
        ("quarter_stamina", "SIM-47"),
    ):
        effect = _effect(result, rule)
        seen[f"{key}_check"] = effect is not None
        if effect is not None:
            seen[f"{key}_tn"] = effect.target_number
    seen["bleeding"] = _effect(result, "SIM-46") is not None
    return seen


def op_injury_sequence(hp_max: int, injuries: list[int], strength: int, health: int) -> Observed:
    # SIM-46: bleeding counts the injuries taken so far (cumulative).
    hp, after, bleeding = hp_max, [], []
    for raw in injuries:
        result = simply.apply_damage(raw, hp=hp, hp_max=hp_max, strength=strength, health=health)
        hp = result.hp_after
        after.append(hp)
        bleeding.append(result.has("SIM-46"))
    return {"hp_after": after, "bleeding": bleeding}


def op_luck_on_injury(injury: int, luck: int, spend: int) -> Observed:
    # SIM-43: 1:1, no declaration; the same spend through apply_damage.
    spent = simply.luck_on_injury(injury, luck, spend)
    hit = simply.apply_damage(
        injury, hp=50, hp_max=50, strength=20, health=5, luck_spent=spend, luck_available=luck
    )
    assert (hit.injury, hit.luck_left) == (spent.injury, spent.luck_left)
    return {"injury": spent.injury, "luck_left": spent.luck_left}


def op_treatment_difficulty(hp: int, hp_max: int) -> Observed:
    return {
        "first_aid": simply.treatment_difficulty(hp, hp_max, "First Aid"),
        "medicine": simply.treatment_difficulty(hp, hp_max, "Medicine"),
    }


def op_stabilize(attempt: int, skill: str) -> Observed:
    task = simply.stabilize(attempt, skill)
    seen: Observed = {"difficulty": task.difficulty}
    if task.modifier is not None:
        seen["modifier"] = task.modifier
    if task.automatic is not None:
        seen["automatic"] = task.automatic
    return seen


def op_natural_healing(weeks: int, activity: str, hp: int, hp_max: int) -> Observed:
    return {"gained": simply.natural_healing(weeks, activity, hp, hp_max).gained}


def op_hospital_care(weeks: int, hp: int, hp_max: int) -> Observed:
    return {"gained": simply.hospital_care(weeks, hp, hp_max).gained}


def _two_d10_success() -> Faces:
    # 2D10 = 1 + 2 = 3: a success against any TN of 3 or more.
    return Faces(1, 2)


def op_revive(hp: int, hp_max: int) -> Observed:
    # SIM-51 in the worksheet: revived mid-turn, acting again from the next Initiative Roll.
    task = simply.revive(hp, hp_max, "First Aid")
    fight = combat.add_combatant(
        combat.Combat(), name="Mara", hp_max=hp_max, hp=hp, strength=6, health=5
    )
    fight = combat.add_combatant(fight, name="Kit", hp_max=20, strength=5, health=5)
    fight, _ = combat.roll_initiative(fight, random.Random(1))
    assert fight.get("c1").unconscious and fight.actions_left("c1") == 0
    fight, done = combat.treat(fight, "c1", "revive", _two_d10_success(), rating=15)
    assert done.success
    revived = fight.get("c1")
    this_turn = fight.actions_left("c1")
    fight, _ = combat.roll_initiative(fight, random.Random(2))
    return {
        "hp_gain": task.hp_gain,
        "hp_after": revived.hp,
        "conscious": not revived.unconscious,
        "actions_this_turn": this_turn,
        "actions_next_turn": fight.actions_left("c1"),
    }


def op_first_aid(hp_max: int, raw: int, minutes: int) -> Observed:
    # SIM-55 in the worksheet: a hit, then First Aid within the 15 minutes.
    fight = combat.add_combatant(combat.Combat(), name="Mara", hp_max=hp_max, strength=10, health=5)
    fight, _ = combat.hit(fight, "c1", raw)
    before = fight.get("c1").hp
    fight = replace(fight, clock=fight.clock + minutes)
    task = combat.treatment_task(fight, "c1", "first aid")
    fight, done = combat.treat(fight, "c1", "first aid", _two_d10_success(), rating=15)
    assert done.success
    return {"hp_gain": task.hp_gain, "hp_before": before, "hp_after": fight.get("c1").hp}


def op_master_damage(max_damage: int, roll: int) -> Observed:
    # SIM-40 / SIM-T15: a lookup; the file's [meta] says which cells are not printed ones.
    meta = load_table("simply", "master_damage").meta
    reconstructed = any(
        entry["max"] == max_damage and roll in entry["rolls"] for entry in meta["reconstructed"]
    )
    errata = [e for e in meta["errata"] if (e["max"], e["roll"]) == (max_damage, roll)]
    seen: Observed = {
        "damage": simply.master_damage(max_damage, roll),
        "reconstructed": reconstructed,
    }
    if errata:
        seen["printed"] = errata[0]["printed"]
        assert errata[0]["used"] == seen["damage"]
    return seen


OPS: dict[str, Callable[..., Observed]] = {
    name.removeprefix("op_"): value
    for name, value in list(globals().items())
    if name.startswith("op_") and callable(value)
}


# --- the tests --------------------------------------------------------------------------------


def _expected(value: Any, seen: Any) -> Any:
    """A fraction written "a/b" compares as a Fraction."""
    if isinstance(seen, Fraction) and isinstance(value, str):
        return Fraction(value)
    return value


def _params() -> list[Any]:
    params = []
    for example in EXAMPLES:
        marks = []
        if "xfail" in example:
            marks.append(pytest.mark.xfail(strict=True, reason=example["xfail"]))
        params.append(pytest.param(example, id=example["id"], marks=marks))
    return params


@pytest.mark.parametrize("example", _params())
def test_example(example: dict[str, Any]) -> None:
    run = OPS[example["op"]]
    assert example["cases"], example["id"]
    for case in example["cases"]:
        seen = run(**case["input"])
        want = {key: _expected(value, seen.get(key)) for key, value in case["expected"].items()}
        got = {key: seen.get(key, "<not given>") for key in want}
        assert got == want, f"{example['id']} {example['text']}: input {case['input']}"


def test_the_golden_file_holds_e01_to_e76_in_order() -> None:
    assert [e["id"] for e in EXAMPLES] == [f"E{n:02d}" for n in range(1, 77)]
    for example in EXAMPLES:
        assert example["kind"] in KINDS, example["id"]
        assert example["op"] in OPS, example["id"]
        assert example["text"] and example["lines"], example["id"]


def _line_numbers(spec: str) -> list[int]:
    """The first and last line of each range of ``spec`` ("49-51, 63" gives 49, 51, 63)."""
    numbers = []
    for part in re.split(r",\s*", spec):
        low, _, high = part.partition("-")
        numbers.extend({int(low), int(high or low)})
    return numbers


def test_the_golden_examples_cite_lines_of_the_seed() -> None:
    lines = seed_lines(SEED)
    assert len(lines) == 629
    for example in EXAMPLES:
        for number in _line_numbers(example["lines"]):
            assert 1 <= number <= len(lines) and lines[number - 1].strip(), (example["id"], number)


def test_the_golden_examples_match_simply_md_section_4() -> None:
    # Each example's id and text are those of the inventory's tables (beside the seeds folder).
    inventory = _inventory()
    rows = dict(re.findall(r"^\| (E\d\d) \| (.+)$", inventory, flags=re.MULTILINE))
    assert sorted(rows) == [e["id"] for e in EXAMPLES]
    for example in EXAMPLES:
        cells = [c.strip() for c in rows[example["id"]].rstrip(" |").split(" | ")]
        # The input cell of the row begins the example's text (quotes as in the row).
        assert example["text"].startswith(cells[0].replace("`", "")), example["id"]


def _inventory() -> str:
    path = seeds_dir().parent / "rules" / "simply.md"
    if not path.exists():
        missing("shared/rules/simply.md")
    return path.read_text(encoding="utf-8")
