"""Simply Roleplaying! combat worksheet (SIM-33 to SIM-57 as a running fight).

A :class:`Combat` is an immutable value: every step (initiative, an action, a hit, a check, a
treatment, the clock) is a pure function returning the new combat and an explained result, so the
page can store each step for undo and replay every roll from its seed.

>>> import random
>>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, bonus=2)
>>> fight = add_combatant(fight, name="Grunt", hp_max=12, strength=5, health=4, minor=True)
>>> fight, roll = roll_initiative(fight, random.Random(1))
>>> str(roll)
'Turn 1: Mara 1D10 (3) + 2 = 5; Grunt 1D10 (10) = 10 (minor NPC, goes last)'
>>> current_actor(fight)
'c1'
>>> fight, text = take_action(fight, "c1", "Attack")
>>> text
'Mara: Attack (1 action left)'
>>> fight, hit_result = hit(fight, "c2", raw_from_weapon(8))
>>> str(hit_result)
'Grunt: raw 8 = injury 8; HP 12 → 4; Stamina Check TN 8 or unconscious (SIM-45)'
>>> [str(c) for c in fight.pending]
['Grunt: Stamina Check TN 8 or unconscious (SIM-45) — 7/25 (28.00%)']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from pycore.dice import RandintSource, roll
from pycore.errors import RuleError
from pycore.systems.simply import luck, recovery, tasks
from pycore.systems.simply.armor import DamageKind, Protection, check_kind, wear
from pycore.systems.simply.damage import (
    DEAD_AT,
    UNCONSCIOUS_AT,
    DamageResult,
    RawDamage,
    apply_damage,
    raw_from_weapon,
    special_check_chance,
)

__all__ = [
    "ACTIONS",
    "Combat",
    "Combatant",
    "PendingCheck",
    "add_combatant",
    "current_actor",
    "hit",
    "raw_from_weapon",
    "roll_initiative",
    "take_action",
]

#: SIM-37: the four kinds of action.
ACTIONS: Final = ("Move", "Attack", "Defend", "Other")
#: SIM-37 / SIM-D22: actions per turn, 2 unless a character has more.
DEFAULT_ACTIONS: Final = 2
MAX_ACTIONS: Final = 10
MAX_COMBATANTS: Final = 40
MAX_HP: Final = 1000
MAX_BONUS: Final = 20
MAX_LUCK: Final = 1000
MAX_MINUTES: Final = 60 * 24 * 30  # a month of game time in one step is plenty
BLEED_EVERY: Final = 5  # SIM-46 / SIM-49: 1 HP every 5 minutes (SIM-D14: full 5 minutes)
FIRST_AID_WINDOW: Final = 15  # SIM-55 / SIM-D19


def odds_words(chance: Fraction) -> str:
    """An exact chance as a fraction and a percentage.

    >>> odds_words(Fraction(7, 20)), odds_words(Fraction(0))
    ('7/20 (35.00%)', '0 (0.00%)')
    """
    exact = str(chance.numerator) if chance.denominator == 1 else str(chance)
    return f"{exact} ({float(chance) * 100:.2f}%)"


def _int(field_name: str, value: object, low: int, high: int, why: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RuleError(f"{field_name} {value!r} is outside {low} to {high}{why}")
    return value


@dataclass(frozen=True)
class Combatant:
    """One participant: what the worksheet needs from a Character Record or a quick NPC.

    ``strength`` and ``health`` are the original S and H, used by the special checks of the
    injury effects (SIM-09). ``conditions`` holds what the rules cannot tell from HP alone:
    ``knocked down`` (SIM-D15), ``unconscious`` from a failed check (SIM-45, SIM-47),
    ``revived`` (SIM-51), ``bleeding`` (SIM-46), ``stabilized`` (SIM-54).
    """

    id: str
    name: str
    hp: int
    hp_max: int
    strength: int
    health: int
    bonus: int = 0
    minor: bool = False
    actions_per_turn: int = DEFAULT_ACTIONS
    luck: int = 0
    armor: str | None = None
    coating: str | None = None
    shield: str | None = None
    ablative_hits: int = 0
    max_damage: int | None = None
    conditions: tuple[str, ...] = ()
    bleeding_since: int | None = None
    bled: int = 0
    injured_at: int | None = None
    first_aid_done: bool = False
    stabilize_attempts: int = 0
    stabilized_until: int | None = None
    character: int | None = None

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    @property
    def dead(self) -> bool:
        """SIM-50: HP ≤ −10."""
        return self.hp <= DEAD_AT

    @property
    def critical(self) -> bool:
        """SIM-49: HP < 0."""
        return self.hp < 0

    @property
    def unconscious(self) -> bool:
        """A failed Stamina Check, or HP ≤ 1 unless revived since the last injury (SIM-48,
        SIM-51 reading), or critical or dead."""
        if self.critical or self.dead:
            return True
        if self.has("unconscious"):
            return True
        return self.hp <= UNCONSCIOUS_AT and not self.has("revived")

    @property
    def disabled(self) -> bool:
        """SIM-38: unconscious, in Critical Condition or dead; knocked down is not disabled."""
        return self.unconscious

    @property
    def bleeding(self) -> bool:
        """SIM-46 bleeding, or SIM-49 critical and not stabilized; the dead do not bleed."""
        if self.dead:
            return False
        if self.critical:
            return not self.has("stabilized")
        return self.has("bleeding")

    def protection(self) -> Protection:
        return wear(
            self.armor, [self.coating] if self.coating else [], self.shield, self.ablative_hits
        )

    def status(self) -> str:
        """The conditions in words, worst first.

        >>> Combatant("c1", "Mara", hp=-3, hp_max=20, strength=5, health=5).status()
        'critical condition, unconscious, bleeding'
        """
        words: list[str] = []
        if self.dead:
            return "dead"
        if self.critical:
            words.append("critical condition")
        if self.unconscious:
            words.append("unconscious")
        if self.bleeding:
            words.append("bleeding")
        if self.has("stabilized"):
            words.append("stabilized")
        if self.has("knocked down"):
            words.append("knocked down")
        if self.has("revived"):
            words.append("revived")
        return ", ".join(words) if words else "ok"


@dataclass(frozen=True)
class PendingCheck:
    """An injury effect's check waiting to be rolled (SIM-44, SIM-45, SIM-47)."""

    combatant: str
    name: str
    rule: str
    check: str
    target_number: int
    on_failure: str

    @property
    def chance(self) -> Fraction:
        """The exact chance of passing: a special check, no automatic 2, a 20 fails (SIM-09)."""
        return special_check_chance(self.target_number)

    def __str__(self) -> str:
        return (
            f"{self.name}: {self.check} TN {self.target_number} or {self.on_failure} "
            f"({self.rule}) — {odds_words(self.chance)}"
        )


@dataclass(frozen=True)
class Combat:
    """The whole fight: participants, the turn (SIM-37: everyone's actions once), whose turn it
    is, held actions, the game clock in minutes (SIM-D14) and the checks still to roll."""

    combatants: tuple[Combatant, ...] = ()
    turn: int = 0
    order: tuple[str, ...] = ()
    actions: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    passed: tuple[str, ...] = ()
    phase: str = "setup"  # setup | first | held | done
    cursor: str | None = None
    interrupt_lock: str | None = None
    clock: int = 0
    pending: tuple[PendingCheck, ...] = ()
    next_id: int = 1

    def get(self, combatant_id: str) -> Combatant:
        for c in self.combatants:
            if c.id == combatant_id:
                return c
        raise RuleError(f"combatant {combatant_id!r} is not in this fight")

    def with_combatant(self, updated: Combatant) -> Combat:
        return replace(
            self,
            combatants=tuple(updated if c.id == updated.id else c for c in self.combatants),
        )

    def actions_left(self, combatant_id: str) -> int:
        return int(self.actions.get(combatant_id, 0))


def add_combatant(
    combat: Combat,
    *,
    name: str,
    hp_max: int,
    strength: int,
    health: int,
    bonus: int = 0,
    minor: bool = False,
    hp: int | None = None,
    actions_per_turn: int = DEFAULT_ACTIONS,
    luck_points: int = 0,
    armor: str | None = None,
    coating: str | None = None,
    shield: str | None = None,
    max_damage: int | None = None,
    character: int | None = None,
) -> Combat:
    """Add a participant; checks every value (SIM-33, SIM-34, SIM-37, SIM-D22).

    A participant added mid-turn acts from the next Initiative Roll.

    >>> add_combatant(Combat(), name="", hp_max=10, strength=5, health=5)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: name '' must be 1 to 60 characters
    >>> add_combatant(Combat(), name="Ogre", hp_max=10, strength=25, health=5)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: S 25 is outside 1 to 20
    """
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60:
        raise RuleError(f"name {name!r} must be 1 to 60 characters")
    if len(combat.combatants) >= MAX_COMBATANTS:
        raise RuleError(f"combatants: at most {MAX_COMBATANTS} in one fight")
    hp_max = _int("HP max", hp_max, 1, MAX_HP)
    current = hp_max if hp is None else _int("HP", hp, -MAX_HP, hp_max)
    if max_damage is not None:
        _int("max damage", max_damage, 1, 100, " (SIM-40)")
    combatant = Combatant(
        id=f"c{combat.next_id}",
        name=name.strip(),
        hp=current,
        hp_max=hp_max,
        strength=_int("S", strength, 1, 20),
        health=_int("H", health, 1, 20),
        bonus=_int("initiative bonus", bonus, -MAX_BONUS, MAX_BONUS),
        minor=bool(minor),
        actions_per_turn=_int("actions per turn", actions_per_turn, 1, MAX_ACTIONS, " (SIM-D22)"),
        luck=_int("luck points", luck_points, 0, MAX_LUCK),
        armor=armor or None,
        coating=coating or None,
        shield=shield or None,
        max_damage=max_damage,
        character=character,
    )
    combatant.protection()  # the armor module checks the names and the coating rule (SIM-30)
    return replace(combat, combatants=(*combat.combatants, combatant), next_id=combat.next_id + 1)


def remove_combatant(combat: Combat, combatant_id: str) -> Combat:
    """Take a participant out of the fight (fled, or added by mistake).

    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> remove_combatant(fight, "c1").combatants
    ()
    """
    combat.get(combatant_id)
    actions = {k: v for k, v in combat.actions.items() if k != combatant_id}
    shrunk = replace(
        combat,
        combatants=tuple(c for c in combat.combatants if c.id != combatant_id),
        order=tuple(i for i in combat.order if i != combatant_id),
        actions=MappingProxyType(actions),
        passed=tuple(i for i in combat.passed if i != combatant_id),
        pending=tuple(p for p in combat.pending if p.combatant != combatant_id),
    )
    if combat.cursor == combatant_id:
        return _advance(replace(shrunk, cursor=combatant_id), skip_current=True)
    return shrunk


# --- initiative (SIM-33, SIM-34, SIM-D13) ---------------------------------------------------


@dataclass(frozen=True)
class InitiativeLine:
    """One participant's Initiative Roll and any roll-offs."""

    combatant: str
    name: str
    die: int
    bonus: int
    minor: bool
    rolloffs: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return self.die + self.bonus

    def __str__(self) -> str:
        bonus = f" {'+' if self.bonus >= 0 else '−'} {abs(self.bonus)}" if self.bonus else ""
        text = f"{self.name} 1D10 ({self.die}){bonus} = {self.total}"
        if self.rolloffs:
            text += f", tie rolled off 1D10 ({', '.join(map(str, self.rolloffs))})"
        if self.minor:
            text += " (minor NPC, goes last)"
        return text


@dataclass(frozen=True)
class Initiative:
    """The order for one turn: regular participants by 1D10 + bonus, high first, ties rolled off
    with plain 1D10; then minor NPCs, ordered the same way among themselves (SIM-33, SIM-34,
    SIM-D13). ``lines`` are in acting order."""

    turn: int
    lines: tuple[InitiativeLine, ...]
    seed_note: str = ""

    def __str__(self) -> str:
        return f"Turn {self.turn}: " + "; ".join(str(line) for line in self.lines)


def _roll_off(ids: Sequence[str], rng: RandintSource) -> tuple[list[str], dict[str, list[int]]]:
    """SIM-D13: the tied roll plain 1D10, higher first, again while tied."""
    rolls: dict[str, list[int]] = {i: [] for i in ids}
    ordered: list[str] = []

    def settle(group: list[str]) -> None:
        if len(group) == 1:
            ordered.append(group[0])
            return
        faces = {i: roll("1d10", rng).total for i in group}
        for i, face in faces.items():
            rolls[i].append(face)
        for value in sorted(set(faces.values()), reverse=True):
            settle([i for i in group if faces[i] == value])

    settle(list(ids))
    return ordered, rolls


def _order_group(
    members: Sequence[Combatant], rng: RandintSource
) -> tuple[list[InitiativeLine], list[str]]:
    dice = {c.id: roll("1d10", rng).total for c in members}
    totals = {c.id: dice[c.id] + c.bonus for c in members}
    order: list[str] = []
    rolloffs: dict[str, list[int]] = {}
    for value in sorted(set(totals.values()), reverse=True):
        tied = [c.id for c in members if totals[c.id] == value]
        settled, extra = _roll_off(tied, rng)
        order.extend(settled)
        rolloffs.update(extra)
    by_id = {c.id: c for c in members}
    lines = [
        InitiativeLine(
            i, by_id[i].name, dice[i], by_id[i].bonus, by_id[i].minor, tuple(rolloffs.get(i, ()))
        )
        for i in order
    ]
    return lines, order


def roll_initiative(combat: Combat, rng: RandintSource) -> tuple[Combat, Initiative]:
    """Start the next turn: everyone alive rolls 1D10 + initiative bonus (SIM-33, rolled anew
    each turn), minor NPCs last (SIM-34), ties rolled off (SIM-D13). Each gets their actions
    (SIM-37); a participant disabled now gets none (SIM-38). Held actions lapse (SIM-35).

    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> fight = add_combatant(fight, name="B", hp_max=9, strength=5, health=5)
    >>> fight, first = roll_initiative(fight, random.Random(0))
    >>> str(first)
    'Turn 1: B 1D10 (7) = 7, tie rolled off 1D10 (5); A 1D10 (7) = 7, tie rolled off 1D10 (1)'
    >>> fight.order, dict(fight.actions), fight.phase, current_actor(fight)
    (('c2', 'c1'), {'c1': 2, 'c2': 2}, 'first', 'c2')
    """
    alive = [c for c in combat.combatants if not c.dead]
    if not alive:
        raise RuleError("initiative: add at least one living participant first")
    regular, regular_order = _order_group([c for c in alive if not c.minor], rng)
    minor, minor_order = _order_group([c for c in alive if c.minor], rng)
    order = tuple(regular_order + minor_order)
    actions = {c.id: 0 if c.disabled else c.actions_per_turn for c in alive}
    # A knocked-down participant stays down until they use a Move (SIM-D15); revival lasts
    # until the next injury (SIM-51), so conditions carry over the turn.
    started = replace(
        combat,
        turn=combat.turn + 1,
        order=order,
        actions=MappingProxyType(actions),
        passed=(),
        phase="first",
        cursor=None,
        interrupt_lock=None,
    )
    initiative = Initiative(started.turn, tuple(regular + minor))
    return _advance(started, skip_current=False), initiative


# --- actions, held actions, interrupts (SIM-35 to SIM-39, SIM-D08) --------------------------


def current_actor(combat: Combat) -> str | None:
    """Whose turn it is: the next in initiative order, then held actions in reverse (SIM-35)."""
    return combat.cursor


def _can_act(combat: Combat, combatant_id: str) -> bool:
    c = combat.get(combatant_id)
    return not c.disabled and combat.actions_left(combatant_id) > 0


def _advance(combat: Combat, *, skip_current: bool) -> Combat:
    """Move the cursor to the next participant who can act; after the first pass, held actions
    are played in reverse initiative order (SIM-35); then the turn is done."""
    phase = combat.phase
    passed = list(combat.passed)
    if skip_current and combat.cursor is not None and combat.cursor not in passed:
        passed.append(combat.cursor)
    if phase == "first":
        for i in combat.order:
            if i not in passed and _can_act(combat, i):
                return replace(combat, cursor=i, passed=tuple(passed))
        phase = "held"
        # Held actions: reverse order, starting from the last in initiative order.
        return _next_held(replace(combat, phase=phase, passed=tuple(passed), cursor=None), None)
    if phase == "held":
        return _next_held(replace(combat, passed=tuple(passed)), combat.cursor)
    return replace(combat, passed=tuple(passed))


def _next_held(combat: Combat, after: str | None) -> Combat:
    reverse = list(reversed(combat.order))
    start = 0 if after is None or after not in reverse else reverse.index(after) + 1
    for i in reverse[start:]:
        if _can_act(combat, i):
            return replace(combat, cursor=i)
    return replace(combat, phase="done", cursor=None)


def _spend(combat: Combat, combatant_id: str) -> Combat:
    actions = dict(combat.actions)
    actions[combatant_id] = actions.get(combatant_id, 0) - 1
    return replace(combat, actions=MappingProxyType(actions))


def take_action(
    combat: Combat, combatant_id: str, action: str, note: str = ""
) -> tuple[Combat, str]:
    """Spend one action (SIM-37): on one's turn; a Defend at any time with an unused or held
    action (SIM-D08); otherwise an interrupt with a held action (SIM-36), never two interrupts
    in a row without an action in proper order by someone else between them.

    A Move while knocked down is getting up (SIM-D15).

    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5, bonus=5)
    >>> fight = add_combatant(fight, name="B", hp_max=9, strength=5, health=5)
    >>> fight, _ = roll_initiative(fight, random.Random(0))
    >>> fight = hold(fight, "c1")  # A holds both actions; B's turn
    >>> fight, text = take_action(fight, "c1", "Attack")
    >>> text
    'A: Attack, interrupting (1 action left)'
    >>> take_action(fight, "c1", "Attack")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: A cannot interrupt now: two interrupts may not follow each other; someone other than A must act in order first (SIM-36)
    """
    if action not in ACTIONS:
        raise RuleError(f"action {action!r} is not one of {', '.join(ACTIONS)} (SIM-37)")
    if combat.phase in ("setup", "done"):
        raise RuleError("no turn under way: roll initiative for the next turn (SIM-33)")
    who = combat.get(combatant_id)
    if who.disabled:
        raise RuleError(f"{who.name} is {who.status()} and gets no actions (SIM-38)")
    left = combat.actions_left(combatant_id)
    if left <= 0:
        raise RuleError(f"{who.name} has no actions left this turn (SIM-37)")
    how = ""
    if combatant_id == combat.cursor:
        updated = _spend(combat, combatant_id)
        if combat.interrupt_lock is not None and combat.interrupt_lock != combatant_id:
            updated = replace(updated, interrupt_lock=None)  # SIM-36: the ban is lifted
    elif action == "Defend":
        updated = _spend(combat, combatant_id)  # SIM-D08: a reaction with an unused/held action
        how = ", out of turn"
    else:
        holding = combatant_id in combat.passed or combat.phase == "held"
        if not holding:
            raise RuleError(
                f"it is not {who.name}'s turn and {who.name} holds no actions to interrupt with "
                "(SIM-35, SIM-36)"
            )
        if combat.interrupt_lock is not None:
            raise RuleError(
                f"{who.name} cannot interrupt now: two interrupts may not follow each other; "
                f"someone other than {combat.get(combat.interrupt_lock).name} must act in "
                "order first (SIM-36)"
            )
        updated = replace(_spend(combat, combatant_id), interrupt_lock=combatant_id)
        how = ", interrupting"
    if action == "Move" and who.has("knocked down"):
        updated = updated.with_combatant(_without(who, "knocked down"))
        how += ", gets up"
    if note:
        how += f": {note}"
    remaining = updated.actions_left(combatant_id)
    if combatant_id == combat.cursor and remaining <= 0:
        updated = _advance(updated, skip_current=True)
    plural = "action" if remaining == 1 else "actions"
    return updated, f"{who.name}: {action}{how} ({remaining} {plural} left)"


def hold(combat: Combat, combatant_id: str) -> Combat:
    """End one's turn keeping the remaining actions for later (first pass), or give them up
    (held pass) (SIM-35).

    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> fight, _ = roll_initiative(fight, random.Random(1))
    >>> fight = hold(fight, "c1")
    >>> fight.phase, fight.cursor  # A alone: straight to the held actions
    ('held', 'c1')
    >>> hold(fight, "c1").phase
    'done'
    """
    if combat.cursor != combatant_id:
        raise RuleError(f"it is not {combat.get(combatant_id).name}'s turn")
    if combat.phase == "held":
        actions = {**combat.actions, combatant_id: 0}  # SIM-35 reading: given up at the end
        return _advance(replace(combat, actions=MappingProxyType(actions)), skip_current=True)
    return _advance(combat, skip_current=True)


def give_up(combat: Combat, combatant_id: str) -> Combat:
    """Give up all remaining actions this turn (SIM-35 reading).

    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> fight, _ = roll_initiative(fight, random.Random(1))
    >>> give_up(fight, "c1").phase
    'done'
    """
    combat.get(combatant_id)
    actions = {**combat.actions, combatant_id: 0}
    updated = replace(combat, actions=MappingProxyType(actions))
    if combat.cursor == combatant_id:
        return _advance(updated, skip_current=True)
    return updated


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


# --- damage and injury effects (SIM-40 to SIM-50) --------------------------------------------


def _without(c: Combatant, *conditions: str) -> Combatant:
    return replace(c, conditions=tuple(x for x in c.conditions if x not in conditions))


def _with(c: Combatant, condition: str) -> Combatant:
    return c if c.has(condition) else replace(c, conditions=(*c.conditions, condition))


@dataclass(frozen=True)
class HitResult:
    """A hit applied to a participant: the core's damage result and the checks it calls for."""

    target: str
    name: str
    damage: DamageResult
    checks: tuple[PendingCheck, ...]

    def __str__(self) -> str:
        return f"{self.name}: {self.damage}"


def _disable_if_needed(combat: Combat, c: Combatant) -> Combat:
    """SIM-38: a participant disabled now loses the rest of their actions this turn."""
    updated = combat.with_combatant(c)
    if not c.disabled:
        return updated
    actions = {**updated.actions, c.id: 0} if c.id in updated.actions else dict(updated.actions)
    updated = replace(updated, actions=MappingProxyType(actions))
    if updated.cursor == c.id:
        return _advance(updated, skip_current=True)
    return updated


def hit(
    combat: Combat,
    target_id: str,
    raw: RawDamage | int,
    kind: str = "other",
    *,
    others: Sequence[tuple[str, int]] = (),
    luck_spent: int = 0,
) -> tuple[Combat, HitResult]:
    """Apply one hit to a participant: armor and shield by attack type, luck 1:1, new HP, and
    every injury effect (SIM-40 to SIM-50); checks are queued with their TN and exact odds.

    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5,
    ...                       armor="leather_jacket")
    >>> fight, result = hit(fight, "c1", raw_from_weapon(20), luck_spent=0)
    >>> str(result)
    'Mara: raw 20 − armor 3 = injury 17; HP 26 → 9; Knockback Check TN 12 or knocked down (SIM-44); Stamina Check TN 10 or unconscious (SIM-45); bleeding (SIM-46)'
    >>> fight.get("c1").status()
    'bleeding'
    """
    target = combat.get(target_id)
    damage_kind: DamageKind = check_kind(kind)
    result = apply_damage(
        raw,
        damage_kind,
        hp=target.hp,
        hp_max=target.hp_max,
        strength=target.strength,
        health=target.health,
        protection=target.protection(),
        others=others,
        luck_spent=luck_spent,
        luck_available=target.luck,
    )
    updated = replace(
        target,
        hp=result.hp_after,
        luck=target.luck - result.luck_spent,
        ablative_hits=result.protection.ablative_hits_after,
    )
    if result.injury > 0:
        # SIM-51 reading: a revived character is conscious only until the next injury;
        # SIM-D19: First Aid is once per injury, so a new injury opens a new window.
        updated = replace(
            _without(updated, "revived"), injured_at=combat.clock, first_aid_done=False
        )
    if result.has("SIM-46") and not updated.has("bleeding"):
        updated = replace(_with(updated, "bleeding"), bleeding_since=combat.clock, bled=0)
    if result.has("SIM-49") and updated.bleeding_since is None:
        updated = replace(updated, bleeding_since=combat.clock, bled=0)
    if result.has("SIM-49") and not target.critical:
        updated = replace(updated, stabilize_attempts=0)  # a new critical episode (SIM-54)
    checks = tuple(
        PendingCheck(
            target_id, target.name, e.rule, str(e.check), e.target_number, str(e.on_failure)
        )
        for e in result.effects
        if e.check is not None and e.target_number is not None
    )
    combat = replace(combat, pending=(*combat.pending, *checks))
    return _disable_if_needed(combat, updated), HitResult(target_id, target.name, result, checks)


@dataclass(frozen=True)
class CheckRoll:
    """A queued injury check, rolled (SIM-09 special check, luck allowed: SIM-10)."""

    check: PendingCheck
    passed: bool
    text: str

    def __str__(self) -> str:
        return self.text


def roll_check(
    combat: Combat, index: int, rng: RandintSource, luck_points: int = 0
) -> tuple[Combat, CheckRoll]:
    """Roll the queued check at ``index``: 2D10 ≤ TN, no automatic 2, a 20 fails (SIM-09).
    Failing applies the effect: knocked down (SIM-44) or unconscious (SIM-45, SIM-47).

    >>> import random
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight, _ = hit(fight, "c1", 14)
    >>> fight, rolled = roll_check(fight, 0, random.Random(5))
    >>> str(rolled)
    'Mara, Knockback Check: 2d10 (10, 5) = 15 vs TN 12: failure by 3 → knocked down'
    >>> fight.get("c1").status(), [p.check for p in fight.pending]
    ('bleeding, knocked down', ['Stamina Check'])
    """
    if (
        isinstance(index, bool)
        or not isinstance(index, int)
        or not 0 <= index < len(combat.pending)
    ):
        raise RuleError(f"check {index!r} is not waiting to be rolled")
    pending = combat.pending[index]
    who = combat.get(pending.combatant)
    if luck_points:
        _check_declared(who, luck_points)
        lucky = luck.roll_luck_test(pending.target_number, luck_points, rng)
        lucky = replace(lucky, result=_from_own_pool(lucky.result, who.luck))
        passed = lucky.result.success
        body = str(lucky)
        who = replace(who, luck=who.luck - lucky.result.spent)
    else:
        plain = tasks.roll_test(pending.target_number, rng)  # None level: no automatic 2
        passed = plain.result.success
        body = str(plain)
    if not passed:
        who = _with(who, pending.on_failure)
    text = f"{who.name}, {pending.check}: {body} → {'passed' if passed else pending.on_failure}"
    rest = combat.pending[:index] + combat.pending[index + 1 :]
    updated = _disable_if_needed(replace(combat, pending=rest), who)
    return updated, CheckRoll(pending, passed, text)


def dismiss_check(combat: Combat, index: int) -> Combat:
    """Drop a queued check the GM waives.

    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight, _ = hit(fight, "c1", 14)
    >>> [p.rule for p in fight.pending], [p.rule for p in dismiss_check(fight, 0).pending]
    (['SIM-44', 'SIM-45'], ['SIM-45'])
    """
    if not 0 <= index < len(combat.pending):
        raise RuleError(f"check {index!r} is not waiting to be rolled")
    return replace(combat, pending=combat.pending[:index] + combat.pending[index + 1 :])


# --- the clock and bleeding (SIM-46, SIM-49, SIM-54, SIM-D14) --------------------------------


def advance_clock(combat: Combat, minutes: int) -> tuple[Combat, tuple[str, ...]]:
    """Advance game time: each bleeding participant loses 1 HP per full 5 minutes since the
    bleeding began (SIM-46, SIM-49, SIM-D14); a stabilization runs out (SIM-54). Bleeding is
    not an injury and calls for no check (SIM-47 reading).

    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight, _ = hit(fight, "c1", 12)
    >>> fight, lines = advance_clock(fight, 12)
    >>> lines, fight.get("c1").hp
    (('Mara bleeds 2 HP (12 minutes): HP 14 → 12',), 12)
    """
    minutes = _int("minutes", minutes, 1, MAX_MINUTES)
    now = combat.clock + minutes
    lines: list[str] = []
    updated = replace(combat, clock=now)
    for c in combat.combatants:
        current = c
        until = current.stabilized_until
        if current.has("stabilized") and until is not None and now >= until and current.critical:
            current = replace(
                _without(current, "stabilized"),
                bleeding_since=current.stabilized_until,
                bled=0,
                stabilized_until=None,
            )
            lines.append(f"{c.name}: stabilization ran out, bleeding again (SIM-54)")
        if current.bleeding and current.bleeding_since is not None:
            due = (now - current.bleeding_since) // BLEED_EVERY - current.bled
            if due > 0:
                before = current.hp
                current = replace(
                    current, hp=max(-MAX_HP, current.hp - due), bled=current.bled + due
                )
                lines.append(
                    f"{c.name} bleeds {due} HP ({minutes} minutes): HP {before} → {current.hp}"
                )
        if current != c:
            updated = _disable_if_needed(updated, current)
    return updated, tuple(lines)


# --- treatment (SIM-51 to SIM-55) -----------------------------------------------------------


TREATMENTS: Final = ("revive", "first aid", "treatment", "stabilize", "bandage", "hospital care")


@dataclass(frozen=True)
class TreatmentRoll:
    patient: str
    task: recovery.TreatmentTask
    success: bool
    text: str

    def __str__(self) -> str:
        return self.text


def treatment_task(
    combat: Combat, patient_id: str, treatment: str, skill: str = "First Aid"
) -> recovery.TreatmentTask:
    """The task for a treatment on this patient now: its difficulty by the patient's HP
    (SIM-52), the stabilization attempt (SIM-54), the First Aid window (SIM-55, SIM-D19).

    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5, hp=1)
    >>> str(treatment_task(fight, "c1", "revive", "Medicine"))
    'revive: Average Medicine (0); +1 HP; an Other action; acts again from the next Initiative Roll (SIM-51, SIM-52)'
    """
    c = combat.get(patient_id)
    if treatment == "bandage":
        return recovery.bandage(c.hp)
    if treatment == "revive":
        if not c.unconscious:
            raise RuleError(f"{c.name} is not unconscious: nothing to revive (SIM-51)")
        return recovery.revive(c.hp, c.hp_max, skill)
    if treatment == "stabilize":
        if not c.critical or c.dead:
            raise RuleError(f"{c.name} is not in Critical Condition: no stabilization (SIM-54)")
        return recovery.stabilize(c.stabilize_attempts + 1, skill)
    if treatment == "first aid":
        if c.critical:
            raise RuleError(f"{c.name} is in Critical Condition: stabilize first (SIM-54)")
        if c.injured_at is None:
            raise RuleError(f"{c.name} has no injury to treat (SIM-55)")
        if c.first_aid_done:
            raise RuleError(f"{c.name} already had First Aid for this injury (SIM-D19)")
        since = combat.clock - c.injured_at
        if since > FIRST_AID_WINDOW:
            raise RuleError(
                f"minutes since injury {since} is outside 0 to {FIRST_AID_WINDOW}: First Aid "
                "restores HP only within 15 minutes (SIM-55)"
            )
        return recovery.first_aid(c.hp, c.hp_max, skill, since)
    if treatment == "treatment":
        # SIM-52: after First Aid's window a First Aid or Medicine treatment still stops
        # bleeding, at the difficulty of the patient's HP.
        if c.critical:
            raise RuleError(f"{c.name} is in Critical Condition: stabilize first (SIM-54)")
        return recovery.treatment(c.hp, c.hp_max, skill)
    if treatment == "hospital care":
        if not c.has("stabilized") or c.stabilized_until is None:
            raise RuleError(
                f"{c.name} has no stabilization running out: hospital care ends one (SIM-D20)"
            )
        return recovery.comprehensive_treatment()
    raise RuleError(f"treatment {treatment!r} is not one of {', '.join(TREATMENTS)}")


def treat(
    combat: Combat,
    patient_id: str,
    treatment: str,
    rng: RandintSource,
    *,
    skill: str = "First Aid",
    rating: int | None = None,
    level: str | None = None,
) -> tuple[Combat, TreatmentRoll]:
    """Carry out a treatment: ``rating`` is the treater's skill rating (the base score), the
    difficulty comes from :func:`treatment_task`; success applies its effects (SIM-51 to
    SIM-55). Stabilization lasts 1D10 hours (SIM-54).

    >>> import random
    >>> fight = add_combatant(Combat(), name="Mara", hp_max=26, strength=6, health=5)
    >>> fight, _ = hit(fight, "c1", 12)
    >>> fight, done = treat(fight, "c1", "bandage", random.Random(1))
    >>> str(done), fight.get("c1").status()
    ('Mara: bandage: Automatic (success without a roll); stops bleeding; the bandager takes no other actions this turn (SIM-53)', 'ok')
    """
    task = treatment_task(combat, patient_id, treatment, skill)
    patient = combat.get(patient_id)
    if task.automatic is not None:
        success = task.automatic == "success"
        body = str(task)
    else:
        if rating is None:
            raise RuleError(f"{skill} rating: enter the treater's skill rating (SIM-52)")
        target = tasks.target_number(rating, task.difficulty, base_label=f"{skill}")
        outcome = tasks.roll_task(target, level, rng)
        success = outcome.success
        body = f"{task}; {outcome}"
    updated = patient
    if success:
        if task.stops_bleeding:
            updated = _without(updated, "bleeding")
        if treatment == "revive":
            updated = _with(_without(updated, "unconscious"), "revived")
            updated = replace(updated, hp=min(updated.hp_max, updated.hp + task.hp_gain))
        elif treatment == "first aid":
            updated = replace(
                updated, hp=min(updated.hp_max, updated.hp + task.hp_gain), first_aid_done=True
            )
        elif treatment == "hospital care":
            updated = replace(updated, stabilized_until=None)  # SIM-D20: no countdown now
        elif treatment == "stabilize":
            hours = roll("1d10", rng).total  # SIM-54: 1-10 hours
            updated = replace(
                _with(updated, "stabilized"),
                stabilized_until=combat.clock + 60 * hours,
                bleeding_since=None,
                bled=0,
            )
            body += f"; bleeding stops for 1D10 ({hours}) hours"
        if not updated.bleeding:
            updated = replace(updated, bleeding_since=None, bled=0)
    if treatment == "stabilize":
        updated = replace(updated, stabilize_attempts=patient.stabilize_attempts + 1)
    text = f"{patient.name}: {body}" + (
        "" if task.automatic else (" → success" if success else " → failure")
    )
    return combat.with_combatant(updated), TreatmentRoll(patient_id, task, success, text)


def adjust(combat: Combat, combatant_id: str, **changes: Any) -> Combat:
    """The GM's direct corrections (HP, luck, conditions) outside the rules' flow.

    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> adjust(fight, "c1", hp=4).get("c1").hp
    4
    """
    c = combat.get(combatant_id)
    allowed = {"hp", "luck", "conditions", "name", "bonus", "actions_per_turn", "minor"}
    unknown = set(changes) - allowed
    if unknown:
        raise RuleError(f"cannot change {', '.join(sorted(unknown))}")
    if "hp" in changes:
        _int("HP", changes["hp"], -MAX_HP, c.hp_max)
    if "luck" in changes:
        _int("luck points", changes["luck"], 0, MAX_LUCK)
    if "bonus" in changes:
        _int("initiative bonus", changes["bonus"], -MAX_BONUS, MAX_BONUS)
    if "actions_per_turn" in changes:
        _int("actions per turn", changes["actions_per_turn"], 1, MAX_ACTIONS, " (SIM-D22)")
    return _disable_if_needed(combat, replace(c, **changes))


# --- saving (JSON for localStorage) ------------------------------------------------------------


_FIELDS = tuple(Combatant.__dataclass_fields__)


def combat_to_json(combat: Combat) -> dict[str, Any]:
    """The fight as plain JSON data (the worksheet's saved section).

    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> combat_from_json(combat_to_json(fight)) == fight
    True
    """
    return {
        "combatants": [
            {name: (list(v) if isinstance(v := getattr(c, name), tuple) else v) for name in _FIELDS}
            for c in combat.combatants
        ],
        "turn": combat.turn,
        "order": list(combat.order),
        "actions": dict(combat.actions),
        "passed": list(combat.passed),
        "phase": combat.phase,
        "cursor": combat.cursor,
        "interrupt_lock": combat.interrupt_lock,
        "clock": combat.clock,
        "pending": [
            {
                "combatant": p.combatant,
                "name": p.name,
                "rule": p.rule,
                "check": p.check,
                "target_number": p.target_number,
                "on_failure": p.on_failure,
            }
            for p in combat.pending
        ],
        "next_id": combat.next_id,
    }


def combat_from_json(data: Mapping[str, Any]) -> Combat:
    """Read a saved fight back; a malformed one is a :class:`RuleError` naming the field.

    >>> combat_from_json({"turn": "x"})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: combat.turn must be a whole number, got 'x'
    """

    def whole(name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(f"combat.{name} must be a whole number, got {value!r}")
        return int(value)

    combatants = []
    for index, raw in enumerate(data.get("combatants", [])):
        if not isinstance(raw, dict):
            raise RuleError(f"combat.combatants[{index}] must be an object")
        known = {k: v for k, v in raw.items() if k in _FIELDS}
        known["conditions"] = tuple(str(x) for x in known.get("conditions", ()))
        try:
            combatants.append(Combatant(**known))
        except TypeError as error:
            raise RuleError(f"combat.combatants[{index}]: {error}") from None
    pending = tuple(
        PendingCheck(
            str(p["combatant"]),
            str(p["name"]),
            str(p["rule"]),
            str(p["check"]),
            whole("pending.target_number", p["target_number"]),
            str(p["on_failure"]),
        )
        for p in data.get("pending", [])
    )
    actions = {str(k): whole("actions", v) for k, v in dict(data.get("actions", {})).items()}
    return Combat(
        combatants=tuple(combatants),
        turn=whole("turn", data.get("turn", 0)),
        order=tuple(str(i) for i in data.get("order", ())),
        actions=MappingProxyType(actions),
        passed=tuple(str(i) for i in data.get("passed", ())),
        phase=str(data.get("phase", "setup")),
        cursor=data.get("cursor"),
        interrupt_lock=data.get("interrupt_lock"),
        clock=whole("clock", data.get("clock", 0)),
        pending=pending,
        next_id=whole("next_id", data.get("next_id", len(combatants) + 1)),
    )
