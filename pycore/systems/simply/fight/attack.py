"""The attack (SIM-37, SIM-39, SIM-10, SIM-D08): its exact chance, and the roll that spends the
attacker's Attack action (and the defender's Defend) once."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.simply import luck, tasks
from pycore.systems.simply.fight.order import take_action
from pycore.systems.simply.fight.state import Combat, Combatant

# --- attacks (SIM-39, SIM-D08) ---------------------------------------------------------------


def hit_chance(
    attack_tn: int,
    defend_tn: int | None = None,
    attacker_skilled: bool = True,
    defender_skilled: bool = True,
) -> Fraction:
    """The exact chance an attack hits: a test, or with a Defend a contest the attacker must
    win; a draw is a miss (SIM-39, SIM-D08).

    >>> hit_chance(12), hit_chance(12, 12) == hit_chance(12, 12)
    (Fraction(16, 25), True)
    """
    if defend_tn is None:
        return tasks.success_chance(attack_tn, attacker_skilled)
    return tasks.contest_odds(attack_tn, defend_tn, attacker_skilled, defender_skilled).a


@dataclass(frozen=True)
class AttackRoll:
    """An attack, with the Defend contest when the target defended (SIM-D08)."""

    attacker: str
    target: str
    hit: bool
    text: str

    def __str__(self) -> str:
        return self.text


def _check_declared(who: Combatant, luck_points: int) -> None:
    """SIM-10 1: luck is declared out of the combatant's own LP, at least 5 of them."""
    if not 0 <= luck_points <= who.luck:
        raise RuleError(
            f"luck declared {luck_points} is outside 0 to {who.luck}: "
            f"{who.name} has {who.luck} LP (SIM-10)"
        )


def _from_own_pool(result: luck.LuckTest, own: int) -> luck.LuckTest:
    """The LP spent come out of the combatant's own pool (SIM-38): the declared stake only caps
    what may be spent, so "LP left" counts from the pool. A stake too small keeps its own words
    ("needs 8 LP, only 5")."""
    return result if result.case == "not enough" else replace(result, luck_before=own)


def roll_attack(
    combat: Combat,
    attacker_id: str,
    target_id: str,
    attack_tn: int,
    rng: RandintSource,
    *,
    attack_level: str | None = None,
    defend_tn: int | None = None,
    defend_level: str | None = None,
    luck_points: int = 0,
) -> tuple[Combat, AttackRoll]:
    """Roll an attack: spends the attacker's Attack action and, with a Defend, one of the
    target's actions (SIM-37, SIM-D08). Luck declared before the roll (SIM-10, SIM-38) applies
    to the attacker's task.

    >>> from pycore.systems.simply.fight import *
    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5, bonus=9)
    >>> fight = add_combatant(fight, name="B", hp_max=9, strength=5, health=5)
    >>> fight, _ = roll_initiative(fight, random.Random(1))
    >>> fight, result = roll_attack(fight, "c1", "c2", 14, random.Random(2))
    >>> str(result)
    'A attacks B: 2d10 (1, 2) = 3 vs TN 14: success by 11 → hit'
    """
    attacker = combat.get(attacker_id)
    target = combat.get(target_id)
    if luck_points:
        _check_declared(attacker, luck_points)
    updated, _ = take_action(combat, attacker_id, "Attack")
    names = (attacker.name, target.name)  # SIM-08 names the contest's winner
    if defend_tn is not None:
        updated, _ = take_action(updated, target_id, "Defend")
        if luck_points:
            lucky = luck.roll_lucky_contest(
                attack_tn, attack_level, luck_points, defend_tn, defend_level, 0, rng, names=names
            )
            assert isinstance(lucky.a, luck.LuckTest)
            pooled = _from_own_pool(lucky.a, attacker.luck)
            lucky = replace(lucky, a=pooled)
            won = lucky.winner == "a"
            head = f"{attacker.name} attacks (luck declared), {target.name} defends"
            text = f"{head}: {lucky} → {'hit' if won else 'miss'}"
            updated = updated.with_combatant(
                replace(updated.get(attacker_id), luck=attacker.luck - pooled.spent)
            )
            return updated, AttackRoll(attacker_id, target_id, won, text)
        outcome = tasks.roll_contest(
            attack_tn, attack_level, defend_tn, defend_level, rng, names=names
        )
        won = outcome.result.winner == "a"
        drawn = outcome.result.winner is None  # SIM-D08: a draw is a miss
        verdict = "hit" if won else "miss (a draw is a miss, SIM-D08)" if drawn else "miss"
        text = f"{attacker.name} attacks, {target.name} defends: {outcome} → {verdict}"
        return updated, AttackRoll(attacker_id, target_id, won, text)
    if luck_points:
        rolled = luck.roll_luck_test(attack_tn, luck_points, rng, attack_level)
        rolled = replace(rolled, result=_from_own_pool(rolled.result, attacker.luck))
        updated = updated.with_combatant(
            replace(updated.get(attacker_id), luck=attacker.luck - rolled.result.spent)
        )
        success = rolled.result.success
        text = f"{attacker.name} attacks {target.name}: {rolled} → {'hit' if success else 'miss'}"
        return updated, AttackRoll(attacker_id, target_id, success, text)
    test_roll = tasks.roll_test(attack_tn, rng, attack_level)
    success = test_roll.result.success
    text = f"{attacker.name} attacks {target.name}: {test_roll} → {'hit' if success else 'miss'}"
    return updated, AttackRoll(attacker_id, target_id, success, text)
