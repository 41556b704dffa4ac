"""The attack step (SIM-37, SIM-39, SIM-10, SIM-D08): its set-up from the two sheets, its exact
chance, and the roll, which spends the attacker's Attack action (and the defender's Defend) once.

>>> from pycore.systems.simply.fight import *
>>> from pycore.dice import typed_dice
>>> sword = Arm("Sword", "Melee Weapon: Sword", 12, "Capable", 24)
>>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, luck_points=10,
...                       arms=(sword,))
>>> fight = add_combatant(fight, name="Grunt", hp_max=12, strength=5, health=4)
>>> fight, _ = roll_initiative(fight, typed_dice("2d10", "9 1"))
>>> plan = plan_attack(fight, "c1", "c2")
>>> plan.tn, plan.level, plan.max_damage, plan.kind
(12, 'Capable', 24, 'other')
>>> fight, _ = take_action(fight, "c1", "Attack")
>>> fight, result = roll_attack(fight, "c1", "c2", plan.tn, typed_dice("2d10", "9 9"), luck=True)
>>> result.verdict, result.number, fight.actions_left("c1"), fight.get("c1").luck
('Mara hits Grunt', '18 vs TN 12, 6 LP → TN 18', 1, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.figures import signed
from pycore.step import Step
from pycore.systems.simply import luck as luck_rules
from pycore.systems.simply import tasks
from pycore.systems.simply.armor import PROJECTILE_SKILLS, DamageKind
from pycore.systems.simply.fight.public import attack_line
from pycore.systems.simply.fight.shield import ShieldDefend, shield_defend, shield_strike
from pycore.systems.simply.fight.turns import spend_for_roll
from pycore.systems.simply.fight.value import Arm, Combat, Combatant, Due
from pycore.validate import checked, is_whole


def hit_chance(
    attack_tn: int,
    defend_tn: int | None = None,
    attacker_skilled: bool = True,
    defender_skilled: bool = True,
    luck: int = 0,
    defend_luck: int = 0,
) -> Fraction:
    """The exact chance an attack hits: a test, or with a Defend a contest the attacker must
    win; a draw is a miss (SIM-39, SIM-D08). ``luck`` and ``defend_luck`` are the LP a side
    declared (SIM-10: at least 5, spent by the rule), so the chance shown is the one that
    applies: with 20 LP declared at TN 12 only a 20 misses.

    >>> hit_chance(12), hit_chance(12, 12) == hit_chance(12, 12)
    (Fraction(16, 25), True)
    >>> hit_chance(12, luck=20)
    Fraction(99, 100)
    """
    if not luck and not defend_luck:
        if defend_tn is None:
            return tasks.success_chance(attack_tn, attacker_skilled)
        return tasks.contest_odds(attack_tn, defend_tn, attacker_skilled, defender_skilled).a
    return _lucky_chance(
        attack_tn, defend_tn, attacker_skilled, defender_skilled, luck, defend_luck
    )


#: How often 2D10 shows each total (of 100).
_TOTALS = tuple((t, 10 - abs(t - 11)) for t in range(2, 21))


@lru_cache(maxsize=256)
def _lucky_chance(
    attack_tn: int,
    defend_tn: int | None,
    attacker_skilled: bool,
    defender_skilled: bool,
    luck: int,
    defend_luck: int,
) -> Fraction:
    """Every pair of totals judged by the rules themselves (SIM-06, SIM-08, SIM-10)."""

    def side(tn: int, total: int, skilled: bool, points: int) -> tasks.TaskResult:
        level = "Familiar" if skilled else None
        if points:
            return luck_rules._final(luck_rules.luck_on_test(tn, total, points, level))
        return tasks.test(tn, total, level)

    hits = 0
    for a_total, a_ways in _TOTALS:
        a = side(attack_tn, a_total, attacker_skilled, luck)
        if defend_tn is None:
            hits += a_ways * 100 if a.success else 0
            continue
        for b_total, b_ways in _TOTALS:
            b = side(defend_tn, b_total, defender_skilled, defend_luck)
            if tasks._judge(a, b)[0] == "a":
                hits += a_ways * b_ways
    return Fraction(hits, 100 * 100)


# --- the set-up from the sheets -----------------------------------------------------------------


@checked
def arms_of(c: Combatant) -> tuple[Arm, ...]:
    """What a participant can attack with: its sheet's weapons, then a strike with the shield it
    carries when it can strike and the Shield skill is bought (SIM-D12); or for a quick NPC one
    attack whose TN the GM types, at its Max Dmg (SIM-40)."""
    if not c.arms:
        return (Arm("Attack", max_damage=c.max_damage),)
    strike = shield_strike(c)
    return c.arms if strike is None else (*c.arms, strike)


@checked
def guard_of(c: Combatant) -> Arm:
    """What a participant defends with: the first weapon on its sheet that can parry (SIM-37,
    SIM-39: a Defend is a task with a weapon or hand-combat skill; a Missile or Thrown Weapon
    holds nothing off, so a bow listed first is passed over), else unarmed with no TN known
    (the step asks for it). The text does not say which weapon, so the step names it and the
    GM types another TN in the set-up. A quick NPC defends with its attack skill.

    >>> from pycore.systems.simply.fight import add_combatant, Combat
    >>> guard_of(add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5).get("c1"))
    Arm(name='Attack', skill='', rating=None, level=None, max_damage=None, kind='other')
    >>> bow = Arm("Short bow", "Missile Weapon: Bows", 8, kind="projectile")
    >>> archer = add_combatant(Combat(), name="B", hp_max=9, strength=5, health=5, arms=(bow,))
    >>> guard_of(archer.get("c1")).name
    'Unarmed'
    """
    if not c.arms:
        return arms_of(c)[0]
    parrying = (a for a in c.arms if a.skill.split(":")[0].strip() not in PROJECTILE_SKILLS)
    return next(parrying, Arm("Unarmed"))


@dataclass(frozen=True)
class AttackPlan:
    """An attack set up from the two sheets (FIGHT.md): the attacker's weapon (``arm``) gives the
    TN (its skill's rating before situation modifiers), the level, the Max Dmg and the armor row
    (SIM-28, SIM-40, SIM-D09); the target's first weapon that can parry gives its Defend TN and
    level (SIM-39). A value the sheets do not give is None: the step asks for it."""

    attacker: str
    target: str | None
    arm: int
    weapon: str
    tn: int | None
    level: str | None
    defend_tn: int | None
    defend_level: str | None
    max_damage: int | None
    kind: DamageKind
    attacker_luck: int
    target_luck: int
    own_table: bool = False  # the weapon has its own damage table (SIM-40): the GM reads it
    #: The target's Defend with the shield it carries (SIM-D12): None without shield or skill.
    shield: ShieldDefend | None = None


@checked
def plan_attack(
    combat: Combat, attacker_id: str, target_id: str | None, arm: int = 0
) -> AttackPlan:
    """The attack of ``attacker_id`` with its weapon ``arm`` on ``target_id``, every field from
    the sheets; the same pair always gives the same plan, whatever was set up before.

    >>> from pycore.systems.simply.fight import add_combatant
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5, max_damage=6)
    >>> fight = add_combatant(fight, name="B", hp_max=9, strength=5, health=5)
    >>> p = plan_attack(fight, "c1", "c2")
    >>> p.weapon, p.tn, p.max_damage, p.defend_tn
    ('Attack', None, 6, None)
    """
    attacker = combat.get(attacker_id)
    target = None if target_id is None else combat.get(target_id)
    arms = arms_of(attacker)
    if not is_whole(arm) or not 0 <= arm < len(arms):
        raise RuleError(f"weapon {arm!r} is not one of {attacker.name}'s ({len(arms)})")
    chosen = arms[arm]
    guard = Arm("none") if target is None else guard_of(target)
    return AttackPlan(
        attacker_id,
        target_id,
        arm,
        chosen.name,
        chosen.rating,
        chosen.level,
        guard.rating,
        guard.level,
        chosen.max_damage,
        chosen.kind,
        attacker.luck,
        0 if target is None else target.luck,
        bool(attacker.arms) and chosen.max_damage is None,
        None if target is None else shield_defend(target),
    )


# --- the roll -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class AttackRoll:
    """An attack rolled, with the Defend contest when the target defended (SIM-D08): the verdict
    and the numbers for the screen, the luck each side spent (SIM-10) and the explanation."""

    attacker: str
    target: str
    hit: bool
    text: str
    number: str = ""
    luck_spent: int = 0
    defend_luck_spent: int = 0
    drawn: bool = False

    names: tuple[str, str] = ("", "")
    #: This attack's number in the fight: a hit's damage is applied with it, once.
    serial: int = 0
    #: The rules the roll applied (shown under "Why", never in the text).
    rules: tuple[str, ...] = ("SIM-37", "SIM-39")

    @property
    def verdict(self) -> str:
        """The verdict by name: "Mara hits Bo", "Mara misses Bo (a draw is a miss)"."""
        attacker, target = self.names
        if self.hit:
            return f"{attacker} hits {target}"
        return f"{attacker} misses {target}" + (" (a draw is a miss)" if self.drawn else "")

    @property
    def ended(self) -> str:
        """What a miss means for the step (SIM-39, FIGHT.md: the attack's lifetime ends with its
        result): no damage to roll or apply for it; empty for a hit, whose damage follows."""
        return "" if self.hit else "The attack missed: it deals no damage."

    @property
    def step(self) -> Step:
        """The logged step: the roll for the GM, hit or miss for the players."""
        return Step(self.text, attack_line(*self.names, self.hit), self.rules)

    def __str__(self) -> str:
        return self.text


@checked
def luck_pool(who: Combatant, declared: bool) -> int:
    """The LP a declared luck stakes: all the character has, spent by the rule (SIM-10: success
    costs 5; a failure costs what raises the TN, at least 5; too few and the task fails, 5 spent);
    declaring needs at least 5 LP."""
    if not declared:
        return 0
    if who.luck < luck_rules.LUCK_MINIMUM:
        raise RuleError(
            f"{who.name} has {who.luck} LP: luck can be declared with at least "
            f"{luck_rules.LUCK_MINIMUM}",
            rules=("SIM-10",),
        )
    return who.luck


def _spent(side: tasks.TaskResult | luck_rules.LuckTest) -> int:
    return side.spent if isinstance(side, luck_rules.LuckTest) else 0


def _roll_of(side: tasks.TaskResult | luck_rules.LuckTest) -> tasks.TaskResult:
    return side.test if isinstance(side, luck_rules.LuckTest) else side


@checked
def shown_roll(side: tasks.TaskResult | luck_rules.LuckTest) -> str:
    """A side's roll against its TN for the result's number; with luck declared, the LP spent
    and the TN they bought (SIM-10), so a hit of 11 against TN 8 says why it hits."""
    plain = _roll_of(side)
    text = f"{plain.roll} vs TN {plain.target}"
    if isinstance(side, luck_rules.LuckTest) and side.spent:
        bought = side.final_target != plain.target
        text += f", {side.spent} LP" + (f" → TN {side.final_target}" if bought else "")
        # SIM-10 2c: the 5 LP are spent on a failure; said why, or they read as a success.
        if side.case == "not enough":
            text += f" ({side.needed} needed)"
        elif side.case == "automatic failure":
            text += " (a 20 cannot be bought off)"
    return text


def _pay(combat: Combat, who_id: str, spent: int) -> Combat:
    who = combat.get(who_id)
    return combat.with_combatant(replace(who, luck=who.luck - spent)) if spent else combat


def _defended(
    attacker: Combatant,
    target: Combatant,
    sides: tuple[tuple[int, str | None, int], tuple[int, str | None, int]],
    rng: RandintSource,
    guard: ShieldDefend | None = None,
) -> AttackRoll:
    contest = luck_rules.roll_contest_declared(*sides, rng, (attacker.name, target.name))
    a: tasks.TaskResult | luck_rules.LuckTest
    b: tasks.TaskResult | luck_rules.LuckTest
    if isinstance(contest, tasks.RolledContest):
        a, b = contest.result.a, contest.result.b
    else:
        a, b = contest.a, contest.b
    hit, drawn = contest.winner == "a", contest.winner is None
    verdict = "hit" if hit else "miss (a draw is a miss)" if drawn else "miss"
    # SIM-D12: a Defend made with the shield says so, with its Def Mod and where it comes from.
    held = (
        f" with {guard.shield} ({guard.skill}, its Def Mod {signed(guard.def_mod)})"
        if guard
        else ""
    )
    text = f"{attacker.name} attacks, {target.name} defends{held}: {contest} → {verdict}"
    number = f"{shown_roll(a)} · {target.name} {shown_roll(b)}"
    return AttackRoll(
        attacker.id,
        target.id,
        hit,
        text,
        number,
        _spent(a),
        _spent(b),
        drawn and not hit,
        (attacker.name, target.name),
        rules=_rules("SIM-D08", *sides) + (("SIM-31", "SIM-D12") if guard else ()),
    )


@checked
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
    luck: bool = False,
    defend_luck: bool = False,
    shield: bool = False,
) -> tuple[Combat, AttackRoll]:
    """Roll an attack: the attacker's Attack action and, with a Defend, one of the target's
    actions (SIM-37, SIM-D08), each spent once (not again when taken already). Luck declared
    before the roll (SIM-10, SIM-38) stakes the side's LP and is spent by the rule. With
    ``shield`` the Defend is made with the target's shield (SIM-D12; its TN as given, the Shield
    skill and the Def Mod as :func:`plan_attack` sets it up), refused without shield or skill.

    >>> from pycore.systems.simply.fight import *
    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5, bonus=9)
    >>> fight = add_combatant(fight, name="B", hp_max=9, strength=5, health=5)
    >>> fight, _ = roll_initiative(fight, random.Random(1))
    >>> fight, result = roll_attack(fight, "c1", "c2", 14, random.Random(2))
    >>> str(result)
    'A attacks B: 2d10 (1, 2) = 3 vs TN 14: success by 11 → hit'
    """
    if not target_id:  # no one left standing to aim at, or none chosen yet
        name = combat.get(attacker_id).name
        raise RuleError(f"{name} has no target: tap the card of whom {name} attacks")
    attacker, target = combat.get(attacker_id), combat.get(target_id)
    if attacker_id == target_id:
        raise RuleError(f"{attacker.name} cannot attack themselves: choose another target")
    if combat.due is not None:  # a hit's damage is applied once, never dropped silently
        by, on = combat.get(combat.due.attacker).name, combat.get(combat.due.target).name
        raise RuleError(
            f"{by}'s hit on {on} still awaits its damage: apply it (or undo that attack) "
            "before the next attack"
        )
    held = shield_defend(target) if shield else None
    if shield and (held is None or defend_tn is None):
        raise RuleError(
            f"{target.name} cannot defend with a shield: "
            + ("no Defend declared" if held else "no shield carried, or no Shield rating"),
            rules=("SIM-D12",),
        )
    stake = luck_pool(attacker, luck)
    guard = luck_pool(target, defend_luck) if defend_tn is not None else 0
    updated = spend_for_roll(combat, attacker_id, "Attack")
    serial = combat.attacks + 1
    if defend_tn is not None:
        updated = spend_for_roll(updated, target_id, "Defend")
        sides = ((attack_tn, attack_level, stake), (defend_tn, defend_level, guard))
        result = replace(_defended(attacker, target, sides, rng, held), serial=serial)
        updated = _pay(updated, attacker_id, result.luck_spent)
        updated = _pay(updated, target_id, result.defend_luck_spent)
        return _count(updated, result), result
    rolled: luck_rules.RolledLuckTest | tasks.RolledTest
    if stake:
        rolled = luck_rules.roll_luck_test(attack_tn, stake, rng, attack_level)
    else:
        rolled = tasks.roll_test(attack_tn, rng, attack_level)
    side = rolled.result
    text = f"{attacker.name} attacks {target.name}: {rolled} → {'hit' if side.success else 'miss'}"
    number = shown_roll(side)
    result = AttackRoll(
        attacker_id,
        target_id,
        side.success,
        text,
        number,
        _spent(side),
        names=(attacker.name, target.name),
        serial=serial,
        rules=_rules("", (attack_tn, attack_level, stake)),
    )
    return _count(_pay(updated, attacker_id, result.luck_spent), result), result


def _rules(contest: str, *sides: tuple[int, str | None, int]) -> tuple[str, ...]:
    """An attack's rules: the action and the roll (SIM-37, SIM-39), a Defend's contest
    (SIM-D08), luck declared by a side (SIM-10)."""
    luck = ("SIM-10",) if any(points for _, _, points in sides) else ()
    return ("SIM-37", "SIM-39", *((contest,) if contest else ()), *luck)


def _count(combat: Combat, result: AttackRoll) -> Combat:
    """The attack counted; a hit waits for its damage (SIM-40), to be applied once; a miss
    ends the attack (SIM-39: no damage), remembered only to refuse its damage in words."""
    this = Due(result.serial, result.attacker, result.target)
    return replace(
        combat,
        attacks=result.serial,
        due=this if result.hit else None,
        missed=None if result.hit else this,
    )
