"""Rule references as data in Aftermath! (issue 25 item 4): no text the core hands a page carries
a rule ID, a seed line or an internal value name; the rules travel beside it (an error's
``rules``, a step's ``rule``) and a page shows them only inside the "Why" a user opens."""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from test_public_api_fuzz import FUNCTIONS, call_plan

from pycore.errors import RuleError, RulekeeperError
from pycore.systems.aftermath import conditions
from pycore.systems.aftermath.attack import (
    bind,
    combat,
    critical_misses,
    locations,
    situation,
    steps,
)
from pycore.systems.aftermath.conditions import moment
from pycore.systems.aftermath.gear import ammunition, armor, encumbrance, firearms, weapons
from pycore.systems.aftermath.reference import barriers, skills_and_moves
from pycore.systems.aftermath.sheet import sheet

CORE = Path(__file__).resolve().parents[1] / "pycore" / "systems" / "aftermath"
#: What belongs under "Why" only: a rule ID, a seed line, a settings key, an internal name.
CITED = re.compile(
    r"AFT-[TMF]?\d+|\bL\d{2,4}\b|\b\d{3}:L\d+\b|\blines? \d+|settings\.[a-z_]+"
    r"|\b(?:target|attacker|attack|weapon|creature|character|armor)\.[a-z_]+"
    r'|\b[a-z]+_[a-z_]+\["'
)


def _raised_literals() -> list[str]:
    """Every string literal inside a ``raise`` of the Aftermath core, with where it is."""
    found = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            call = node.exc
            said = call.args if isinstance(call, ast.Call) else [call]
            for part in said:
                for leaf in ast.walk(part):
                    if isinstance(leaf, ast.Constant) and isinstance(leaf.value, str):
                        found.append(f"{path.name}:{leaf.lineno}: {leaf.value}")
    return found


def test_no_refusal_of_the_core_cites_a_rule_in_its_words() -> None:
    cited = [text for text in _raised_literals() if CITED.search(text.split(": ", 1)[1])]
    assert len(_raised_literals()) > 100
    assert not cited, "\n".join(cited)


STUNNED = sheet.add_condition(sheet.new_sheet("Mara"), "stunned", moment(1, 3))
#: A call of each refusal that names its rules, and the rules it names.
REFUSALS: list[tuple[Callable[[], Any], tuple[str, ...]]] = [
    (lambda: ammunition.ammunition_bdg("long gun", "44 Magnum"), ("AFT-M27", "L758")),
    (lambda: ammunition.shot_shell_bdg("Slug", "10"), ("L756",)),
    (lambda: ammunition.shot_shell_bdg("12-9", "12"), ("AFT-M28", "L743")),
    (lambda: ammunition.shot_damage_type("12-9", "SHT", None), ("AFT-M32",)),
    (lambda: armor.location_av(["Emplon"], "bullet"), ("AFT-M17",)),
    (lambda: barriers.barrier_factor("Soil", chosen=21), ("AFT-40",)),
    (lambda: barriers.barrier_factor("Mithril"), ("AFT-T31",)),
    (lambda: barriers.carried_things({"belt": 11}), ("AFT-34",)),
    (lambda: bind.may_attack(STUNNED, moment(1, 4)), ("AFT-22", "001 line 24")),
    (lambda: critical_misses.chamber_explosion(10, 3, 25), ("AFT-T44",)),
    (lambda: encumbrance.enc_value("Med", "MS4"), ("AFT-32",)),
    (lambda: firearms.inherent_accuracy("smg", "SMG"), ("AFT-M36",)),
    (lambda: firearms.inherent_accuracy("pistol", "STD", bursts=1), ("AFT-44",)),
    (lambda: firearms.fire("FA", bursts=2), ("AFT-M37",)),
    (lambda: locations.split_location("21/22", 71, "side"), ("AFT-12", "AFT-F1")),
    (lambda: sheet.add_skill(sheet.new_sheet(), "Pistol", ""), ("AFT-M01",)),
    (lambda: situation.missile_modifiers(["sighted"]), ("AFT-09",)),
    (lambda: situation.missile_modifiers(["hip_fire", "stance"]), ("AFT-09",)),
    (lambda: situation.target_action_modifier(2, "falling", True), ("AFT-10",)),
    (lambda: situation.burden_modifiers(0, 1), ("AFT-41", "AFT-M21")),
    (lambda: skills_and_moves.learning(["solo_study", "expert_teacher"]), ("AFT-38",)),
    (lambda: skills_and_moves.entanglement(5, 8), ("AFT-41", "001 line 563")),
    (lambda: steps.target_modifier(None, "stationary", False), ("AFT-10", "AFT-M04")),
    (lambda: weapons.wdm_for("Sap"), ("AFT-M35",)),
    (lambda: weapons.wdm_for("Rifle butt"), ("L229",)),
    (lambda: weapons.wdm_for("Knife, bowie", weighted=True), ("L247",)),
]


@pytest.mark.parametrize(("call", "rules"), REFUSALS)
def test_a_refusal_says_words_and_names_its_rules_as_data(
    call: Callable[[], Any], rules: tuple[str, ...]
) -> None:
    with pytest.raises(RuleError) as refused:
        call()
    assert not CITED.search(str(refused.value)), str(refused.value)
    assert refused.value.rules == rules


AFTERMATH = [name for name in FUNCTIONS if name.startswith("pycore.systems.aftermath.")]
#: Few calls each: the walk of tests/test_public_api_fuzz.py makes the many.
FEW = settings(
    max_examples=8,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def _words_of(name: str, plan: tuple[list[Any], dict[str, Any]]) -> list[str]:
    """What the core cites in the words of its refusal of ``plan`` (a value given back in
    them is the caller's, not the core's)."""
    try:
        FUNCTIONS[name](*plan[0], **plan[1])
    except RulekeeperError as error:
        return [m for m in CITED.findall(str(error)) if m not in repr(plan)]
    return []


@pytest.mark.parametrize("name", AFTERMATH)
def test_no_hostile_input_gets_a_rule_id_in_the_words(name: str) -> None:
    """Driven as tests/test_public_api_fuzz.py drives it: whatever the core refuses, it says
    without a rule ID, a seed line or an internal name."""
    FEW(given(call_plan(FUNCTIONS[name]))(lambda plan: _assert_plain(name, plan)))()


def _assert_plain(name: str, plan: tuple[list[Any], dict[str, Any]]) -> None:
    cited = _words_of(name, plan)
    assert not cited, f"{name}: {cited}"


def _attacks(seed: int) -> list[combat.Resolution]:
    """A missile and a hand-to-hand attack with criticals both ways, the saves and the
    special effects on: most steps of the worksheets come up over a few dozen seeds."""
    rng = random.Random(seed)
    crits: dict[str, Any] = {"critical_hit_at_or_below": 4, "critical_miss_at_or_above": 18}
    saves = combat.LowerSave(True, 12, 5)
    target: dict[str, Any] = {"target_health_group": 2, "target_save": saves, "at": moment(1, 1)}
    gun = {"gun": "pistol", "size": "STD", "range_row": "Pistol STD", "base_bdg": 11}
    table = "modern" if seed % 2 else "black powder"
    shot = combat.MissileAttack(
        **gun,  # type: ignore[arg-type]
        meters=8,
        base_bcs=12,
        target_cda=1,
        armor={8: 2, 12: 3},
        special_effect_roll=True,
        target_mass=3,
        target_deftness=(12, 5),
        critical_miss_table=table,
        **crits,
        **target,
    )
    blow = combat.HthAttack(
        14, "Sword, machete", damage_potential=12, armor={12: (8, "")}, **crits, **target
    )
    return [combat.resolve_missile(shot, rng), combat.resolve_hth(blow, rng)]


@pytest.mark.parametrize("seed", range(40))
def test_every_step_says_words_and_keeps_its_rule_as_data(seed: int) -> None:
    for resolution in _attacks(seed):
        for step in resolution.steps:
            assert not CITED.search(str(step)), str(step)
            assert step.rules, f"{step.title}: no rule"
        assert not CITED.search(combat.summary(resolution))
        for condition in resolution.conditions:
            assert not CITED.search(str(condition)), str(condition)


def test_a_condition_recorded_by_hand_says_words_and_keeps_its_rules() -> None:
    """The Characters tab's "Record a condition" list and the condition it records."""
    for key, label in sheet.MANUAL_CONDITIONS.items():
        assert not CITED.search(label) and conditions.MANUAL_CONDITION_RULES[key], key
    added = sheet.add_condition(sheet.new_sheet("Bo"), "system_shock", moment(1, 1))
    shock = sheet.condition_from_json(added["conditions"][0])
    assert (
        str(shock)
        == "System Shock from turn 1, phase 1 for the rest of the combat; recorded by hand"
    )
    assert shock.rule == "AFT-23, AFT-25, AFT-M08"
