"""Issue 25 item 4: Simply's core says its words without rule IDs and keeps the rules as data
(``RulekeeperError.rules``, ``Step.rules``, a result's ``rules``), so a page shows them only
inside the "Why" it opens, with no regex over the core's text.

Two guards: the public API driven with bad inputs (each refusal names its rule in ``rules``,
never in its words), and a walk over the string literals of ``pycore/systems/simply`` (a rule
ID appears only as an ID of its own, never inside a sentence or formatted into one).
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pycore.errors import FieldError, RuleError
from pycore.systems.simply import armor, character_json, damage, luck, recovery, skills
from pycore.systems.simply.character import Campaign, Character, validate
from pycore.systems.simply.fight import (
    Combat,
    add_combatant,
    current_actor,
    hit,
    raw_from_weapon,
    roll_initiative,
    take_action,
    treatment_task,
)

SIMPLY = Path(__file__).resolve().parent.parent / "pycore" / "systems" / "simply"
RULE_ID = re.compile(r"SIM-[A-Z]?\d+[a-z]?")


def _two() -> Combat:
    fight = add_combatant(Combat(), name="Ann", hp_max=20, strength=6, health=5)
    return add_combatant(fight, name="Bo", hp_max=20, strength=6, health=5)


#: Bad inputs a GM can give, each with the rule its refusal applies.
REFUSALS: tuple[tuple[str, Callable[[], Any], str], ...] = (
    ("luck declared with 4 LP", lambda: luck.luck_on_test(10, 6, 4), "SIM-10"),
    ("luck spent over the injury", lambda: luck.luck_on_injury(3, 20, 4), "SIM-43"),
    ("Max Dmg 101", lambda: damage.master_damage(101, 5), "SIM-D07"),
    ("a D20 of 21", lambda: damage.master_damage(50, 21), "SIM-40"),
    ("two coatings", lambda: armor.wear("plasteel_medium", ["ablative", "reflective"]), "SIM-30"),
    ("a coated leather jacket", lambda: armor.wear("leather_jacket", ["ablative"]), "SIM-30"),
    ("an unknown skill", lambda: skills.skill_info("Basket Weaving"), "SIM-T08"),
    ("highest stat 99", lambda: character_json.campaign_from_json({"stat_max": 99}), "SIM-D02"),
    ("revive in Critical Condition", lambda: recovery.revive(-1, 26, "First Aid"), "SIM-D16"),
    ("bandage in Critical Condition", lambda: recovery.bandage(-2), "SIM-53"),
    ("an action before initiative", lambda: take_action(_two(), "c1", "Attack"), "SIM-33"),
    ("revive the conscious", lambda: treatment_task(_two(), "c1", "revive"), "SIM-51"),
    ("first aid without injury", lambda: treatment_task(_two(), "c1", "first aid"), "SIM-55"),
    (
        "Max Dmg 0 in the fight",
        lambda: add_combatant(Combat(), name="X", hp_max=9, strength=5, health=5, max_damage=0),
        "SIM-40",
    ),
)


@pytest.mark.parametrize(("what", "call", "rule"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_a_refusal_names_its_rule_as_data_not_in_its_words(
    what: str, call: Callable[[], Any], rule: str
) -> None:
    with pytest.raises(RuleError) as caught:
        call()
    assert rule in caught.value.rules, (what, caught.value.rules)
    assert not RULE_ID.search(str(caught.value)), (what, str(caught.value))


def test_a_field_error_keeps_its_field_and_takes_rules() -> None:
    assert FieldError("hp", "HP 0 is outside 1 to 9").rules == ()
    error = FieldError("hp", "HP 0 is outside 1 to 9", rules=("SIM-27",))
    assert (error.field, str(error), error.rules) == ("hp", "HP 0 is outside 1 to 9", ("SIM-27",))


def test_results_say_their_words_and_keep_their_rules() -> None:
    task = recovery.first_aid(hp=10, hp_max=26, skill="First Aid", minutes_since_injury=5)
    assert (str(task), task.rules) == (
        "first aid: Average First Aid (0); +2 HP; stops bleeding",
        ("SIM-55", "SIM-52"),
    )
    effect = damage.knockback_effect(13, 6)
    assert effect is not None and (str(effect), effect.rule) == (
        "Knockback Check TN 12 or knocked down",
        "SIM-44",
    )
    shown = armor.apply_protection(5, "other", armor.wear("chainmail"))
    assert (str(shown), shown.rules) == (
        "raw 5 − Chainmail 8 = injury 0 (never below 0)",
        ("SIM-30", "SIM-41"),
    )
    problems = validate(Character(abilities=("Flying Carpet",)), Campaign())
    assert not any(RULE_ID.search(str(p)) for p in problems)
    assert [p.rules for p in problems if "Flying Carpet" in p.field] == [("SIM-T04",)]


def test_a_fights_steps_and_checks_say_no_rule_id() -> None:
    fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, bonus=2)
    fight = add_combatant(fight, name="Grunt", hp_max=12, strength=5, health=4)
    fight, initiative = roll_initiative(fight, random.Random(1))
    actor = current_actor(fight)
    fight, taken = take_action(fight, actor, "Attack")
    fight, struck = hit(fight, "c2" if actor == "c1" else "c1", raw_from_weapon(20))
    steps = [initiative.step, taken.step, struck.step]
    assert all(not RULE_ID.search(s.text) and not RULE_ID.search(s.public) for s in steps)
    assert "SIM-40" in struck.step.rules
    assert fight.pending and all(not RULE_ID.search(str(c)) for c in fight.pending)
    assert all(c.rule in c.rules for c in fight.pending)


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _names_a_rule(expression: ast.expr) -> bool:
    return any(
        (isinstance(n, ast.Name) and n.id in ("rule", "rules"))
        or (isinstance(n, ast.Attribute) and n.attr in ("rule", "rules"))
        for n in ast.walk(expression)
    )


def _rule_ids_in_words(path: Path) -> list[str]:
    """String literals saying a rule ID inside words, and f-strings formatting a rule in."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        words = (
            isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
        )
        if words and RULE_ID.search(node.value) and not RULE_ID.fullmatch(node.value):
            found.append(f"{path.name}:{node.lineno}: {node.value!r}")
        if isinstance(node, ast.FormattedValue) and _names_a_rule(node.value):
            found.append(f"{path.name}:{node.lineno}: formats {ast.unparse(node.value)}")
    return found


def test_no_simply_literal_says_a_rule_id_in_words() -> None:
    found = [hit for path in sorted(SIMPLY.rglob("*.py")) for hit in _rule_ids_in_words(path)]
    assert not found, "rule IDs belong in `rules=`, not in the words:\n" + "\n".join(found)


def test_the_literal_guard_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('raise ValueError(f"no {x} (SIM-10)")\nWHY = f"({c.rule})"\nID = "SIM-10"\n')
    assert len(_rule_ids_in_words(sample)) == 2


def test_the_builder_shows_a_fields_rules_only_under_its_why() -> None:
    """A refusal kept beside a builder field with its rules: the words by the field, the
    rules in the field's "Why" (none without rules)."""
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model
    from rkweb.app.vdom import find_all, text_of
    from rkweb.features.simply.characters.state import ERRORS
    from rkweb.kit.fields import with_error

    from pycore.store import History, default_data

    now = Ctx(now="2026-11-27T10:00:00Z", fresh_seed="s")
    model = shell.update(
        Model(History.new(default_data()), route="simply"), ("simply.tab", "characters"), now
    )
    model = shell.update(model, ("simply.char_new",), now)

    def texts(m: Model, testid: str) -> list[str]:
        return [text_of(n) for n in find_all(shell.view(m), testid)]

    assert texts(model, "char-luck-why") == []
    refused = with_error(model, ERRORS, "luck", "luck -5 is outside 0 to 1000", ("SIM-D05",))
    assert texts(refused, "char-luck-error") == ["luck -5 is outside 0 to 1000"]
    assert texts(refused, "char-luck-why") == ["WhySIM-D05: luck -5 is outside 0 to 1000"]
