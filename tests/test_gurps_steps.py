"""Issue 25 items 1 and 4 for the 3d6 fight: every transition returns a result whose ``step`` is
the shared :class:`pycore.step.Step`: the GM's line with its numbers and no rule ID or seed-line
reference (the rules are data, shown only in "Why"), and the players' line built from values."""

from __future__ import annotations

import random
import re

from pycore.dice import typed_dice
from pycore.step import Step
from pycore.systems.gurps import fight as gf
from pycore.systems.gurps.fight import Fight
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup

#: What must never be in the GM's line outside "Why" (e2e/support.py's RULE_TEXT).
RULE_TEXT = re.compile(r"\b(?:GUR)-M?\d+|\bGUR-D\d+|\blines? \d+\b|\b[a-z]+_[a-z_]+\b|tiebreak")
ANA = Combatant(id="a", name="Ana", weapon_skill=14, basic_speed="6", dx=12, ht=11)
BO = Combatant(
    id="b",
    name="Bo",
    basic_speed="6",
    dx=12,
    ht=11,
    hp=10,
    male=True,
    maneuver="All-Out Defense",
    option="Double Defense",
)


def _steps() -> list[object]:
    """A scripted fight: the order (a tie), an attack to the skull, Double Defense failed twice,
    the injury with its questions, a knockdown roll, stun, the next turn and a recovery roll,
    a joining fighter, a critical miss, a cancelled attack."""
    fight, drawn = gf.start(Fight((ANA, BO)), random.Random(1))
    if fight.current() != fight.combatant("a"):
        fight, _ = gf.next_turn(fight)
    out: list[object] = [drawn]
    fight, taken = gf.take_maneuver(fight, "Attack")
    skull = AttackSetup(location="skull")
    fight, rolled = gf.attack(fight, "a", "b", skull, typed_dice("3d6", "2 2 3"))
    fight, first = gf.defend(fight, "dodge", typed_dice("3d6", "6 6 5"))
    left = gf.defenses_left(fight)[0][0]
    fight, second = gf.defend(fight, left, typed_dice("3d6", "6 6 6"))
    fight, hurt = gf.damage(fight, typed_dice("1d", "6"))
    knockdown = next(i for i, a in enumerate(fight.asks) if a.kind == "knockdown")
    fight, checked = gf.roll_check(fight, knockdown, typed_dice("3d6", "6 6 6"))
    fight, settled = gf.settle(fight, knockdown, "stunned")
    fight, begun = gf.next_turn(fight)
    fight, recovered = gf.recover(fight, typed_dice("3d6", "6 6 5"))
    fight, joined = gf.add(fight, Combatant(id="c", name="Cy", basic_speed="6", dx=12), random)
    fight, _ = gf.next_turn(fight)
    while fight.current() != fight.combatant("a"):
        fight, _ = gf.next_turn(fight)
    fight, _ = gf.take_maneuver(fight, "Attack")
    fight, missed = gf.attack(fight, "a", "c", AttackSetup(), typed_dice("3d6", "6 6 6"))
    fight, removed = gf.remove(fight, "c")
    out += [taken, rolled, first, second, hurt, checked, settled, begun, recovered, joined]
    return [*out, missed, removed]


def test_every_step_is_the_shared_step_with_its_rules_as_data() -> None:
    steps = [s.step for s in _steps()]  # type: ignore[attr-defined]
    assert all(isinstance(s, Step) for s in steps)
    leaks = [s.text for s in steps if RULE_TEXT.search(s.text)]
    assert leaks == []
    assert all(re.fullmatch(r"GUR-[A-Z]?\d+|00\d:L\d+", r) for s in steps for r in s.rules)
    assert "GUR-32" in steps[2].rules  # the skull's −7: said in words, its rule kept as data
    assert any("GUR-17" in s.rules for s in steps)  # Double Defense
    assert any("GUR-D01" in s.rules for s in steps)  # joined mid-fight


def test_the_players_line_is_built_from_values() -> None:
    publics = [s.step.public for s in _steps()]  # type: ignore[attr-defined]
    assert "Ana attacks Bo (skull) → hit" in publics
    assert "Bo: stunned" in publics
    assert not any(re.search(r"\d", p) for p in publics)  # no dice, HP, skill or TN
