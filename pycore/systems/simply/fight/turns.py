"""Initiative, the turn and its actions (SIM-33 to SIM-38, SIM-D08, SIM-D13, SIM-D15): who acts
now, held actions and interrupts, and a participant disabled mid-turn."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from pycore.dice import DiceError, RandintSource, TypedDice, roll
from pycore.errors import RuleError
from pycore.step import Step
from pycore.systems.simply.fight.public import INITIATIVE_LINE, action_line
from pycore.systems.simply.fight.quick import quick_arm, quick_hp
from pycore.systems.simply.fight.value import (
    ACTIONS,
    MAX_ACTIONS,
    MAX_BONUS,
    Combat,
    Combatant,
    _without,
    add_combatant,
)
from pycore.systems.simply.limits import MAX_HP, MAX_LUCK
from pycore.systems.simply.stats import Derivation
from pycore.validate import checked, whole


@dataclass(frozen=True)
class TurnStep:
    """A step of the turn that rolls nothing (joining, an action, holding, leaving, a check
    waived): the GM's words, the players' line (names and what was done) and its rules."""

    text: str
    public: str
    rules: tuple[str, ...] = ()

    @property
    def step(self) -> Step:
        return Step(self.text, self.public, self.rules)

    def __str__(self) -> str:
        return self.text


@checked
def joined(fighter: Combatant, hp: Derivation | None = None) -> TurnStep:
    """The step of ``fighter`` joining: a minor NPC is the GM's to know (SIM-34); ``hp``, HP
    derived by the rule rather than typed, is said with its formula."""
    said = f"{fighter.name} joins the fight"
    text = said + (" (minor NPC)" if fighter.minor else "")
    rules: tuple[str, ...] = ("SIM-33", "SIM-34")
    if hp is not None:
        text, rules = f"{text}; {hp}", (*rules, *hp.rules)
    return TurnStep(text, said, rules)


@checked
def join(combat: Combat, **fields: Any) -> tuple[Combat, TurnStep]:
    """A participant joins with the values :func:`~.value.add_combatant` checks. A quick NPC
    whose HP the GM did not type (``hp_max`` None or left out) has the HP SIM-27 gives its S and
    H (:func:`~.quick.quick_hp`), said with the formula in the step.

    >>> fight, step = join(Combat(), name="Grunt", hp_max=9, strength=5, health=5, minor=True)
    >>> step.step.text, step.step.public
    ('Grunt joins the fight (minor NPC)', 'Grunt joins the fight')
    >>> fight, step = join(Combat(), name="Grunt", strength=6, health=6)
    >>> fight.combatants[0].hp_max, step.step.text, step.step.rules
    (24, 'Grunt joins the fight; HP 24 = ⌈S × m + H⌉ = ⌈6 × 3 + 6⌉', ('SIM-33', 'SIM-34', 'SIM-27'))
    >>> fight, _ = join(Combat(), name="Grunt", strength=6, health=5, rating=10, max_damage=8)
    >>> [str(arm) for arm in fight.combatants[0].arms]
    ['Attack (skill 10, Max Dmg 8)']
    >>> join(Combat(), name="Ogre", hp_max=None, strength=9, health=14)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: HP: H 14 is past the HP table (H 1 to 10); type the HP, 1 to 1000
    """
    rating = fields.pop("rating", None)
    if rating is not None:  # a quick NPC's attack skill, typed once (quick.quick_arm)
        fields = {**fields, "arms": (quick_arm(rating, fields.get("max_damage")),)}
    derived: Derivation | None = None
    if fields.get("hp_max") is None and {"strength", "health"} <= fields.keys():
        derived = quick_hp(fields["strength"], fields["health"])
        if derived.value is None:  # SIM-D07: the step waits for the HP, never guesses them
            raise RuleError(str(derived), rules=derived.rules)
        fields = {**fields, "hp_max": derived.value}
    try:
        bigger = add_combatant(combat, **fields)
    except TypeError as error:  # a field missing or unknown: the GM's words, not Python's
        raise RuleError(f"a participant needs a name, S and H ({error})") from None
    return bigger, joined(bigger.combatants[-1], derived)


@checked
def remove_combatant(combat: Combat, combatant_id: str) -> tuple[Combat, TurnStep]:
    """Take a participant out of the fight (fled, or added by mistake).

    >>> from pycore.systems.simply.fight import *
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> fight, left = remove_combatant(fight, "c1")
    >>> fight.combatants, str(left)
    ((), 'A leaves')
    """
    gone = combat.get(combatant_id)
    left = TurnStep(f"{gone.name} leaves", f"{gone.name} leaves")
    actions = {k: v for k, v in combat.actions.items() if k != combatant_id}
    shrunk = replace(
        combat,
        combatants=tuple(c for c in combat.combatants if c.id != combatant_id),
        order=tuple(i for i in combat.order if i != combatant_id),
        actions=MappingProxyType(actions),
        passed=tuple(i for i in combat.passed if i != combatant_id),
        pending=tuple(p for p in combat.pending if p.combatant != combatant_id),
    )
    due = combat.due
    if due is not None and combatant_id in (due.attacker, due.target):
        shrunk = replace(shrunk, due=None)  # the hit left with its fighter: nothing to apply
    if combat.cursor == combatant_id:
        return _advance(replace(shrunk, cursor=combatant_id), skip_current=True), left
    return shrunk, left


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
    #: Who rolled nothing, as :func:`initiative_idle` says them ("Bo (unconscious)", SIM-38).
    idle: tuple[str, ...] = ()

    def __str__(self) -> str:
        rolled = "; ".join(str(line) for line in self.lines)
        idle = f"; no roll for {', '.join(self.idle)}: no actions this turn" if self.idle else ""
        return f"Turn {self.turn}: {rolled}{idle}"

    @property
    def step(self) -> Step:
        """The logged step: the dice for the GM; for the players, a new turn (the order strip
        shows who acts)."""
        tied = ("SIM-D13",) if any(line.rolloffs for line in self.lines) else ()
        idle = ("SIM-38",) if self.idle else ()
        return Step(str(self), INITIATIVE_LINE, ("SIM-33", "SIM-34", "SIM-37", *tied, *idle))


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
    members: Sequence[Combatant], dice: dict[str, int], rng: RandintSource
) -> tuple[list[InitiativeLine], list[str]]:
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


@checked
def acting_order(combat: Combat) -> tuple[Combatant, ...]:
    """Everyone in the order the strip shows them: the last turn's initiative order, then those
    not placed yet, regular participants before minor NPCs (SIM-34), as they joined. The
    initiative dice typed at the table are read in this order (:func:`initiative_rollers`), so
    a GM reading the strip types them right (play-through smfix: read in joining order, the
    dice typed down the strip went to the wrong fighters, silently).

    >>> from pycore.systems.simply.fight import add_combatant
    >>> fight = add_combatant(Combat(), name="Grunt", hp_max=9, strength=5, health=5, minor=True)
    >>> fight = add_combatant(fight, name="Mara", hp_max=9, strength=5, health=5)
    >>> [c.name for c in acting_order(fight)]
    ['Mara', 'Grunt']
    >>> [c.name for c in acting_order(replace(fight, order=("c2", "c1")))]
    ['Mara', 'Grunt']
    """
    place = {cid: i for i, cid in enumerate(combat.order)}
    placed = sorted((c for c in combat.combatants if c.id in place), key=lambda c: place[c.id])
    rest = [c for c in combat.combatants if c.id not in place]
    return (*placed, *(c for c in rest if not c.minor), *(c for c in rest if c.minor))


def _rolling(combat: Combat) -> list[Combatant]:
    """Who rolls for initiative, in the order the dice are read: those who can act (SIM-38: a
    participant disabled before their turn gets no actions, so rolls for nothing)."""
    return [c for c in acting_order(combat) if not c.disabled]


@checked
def initiative_rollers(combat: Combat) -> tuple[str, ...]:
    """Who rolls a 1D10 for initiative, in the order the dice are read (the strip's,
    :func:`acting_order`): everyone who can act (SIM-33, SIM-38), minor NPCs after the others
    until they have a place (SIM-34); roll-offs for ties follow (SIM-D13).

    >>> from pycore.systems.simply.fight import add_combatant
    >>> fight = add_combatant(Combat(), name="Grunt", hp_max=9, strength=5, health=5, minor=True)
    >>> initiative_rollers(add_combatant(fight, name="Mara", hp_max=9, strength=5, health=5))
    ('Mara', 'Grunt')
    """
    return tuple(c.name for c in _rolling(combat))


@checked
def initiative_idle(combat: Combat) -> tuple[str, ...]:
    """Who rolls no initiative, with why: the unconscious and those in critical condition get
    no actions (SIM-38), the dead none ever (SIM-50); a play-through (smfix) was asked a 1D10
    for an unconscious fighter.

    >>> from pycore.systems.simply.fight import add_combatant
    >>> fight = add_combatant(Combat(), name="Bo", hp_max=9, strength=5, health=5)
    >>> initiative_idle(adjust(fight, "c1", hp=1))
    ('Bo (unconscious)',)
    """

    def why(c: Combatant) -> str:
        return "dead" if c.dead else "critical condition" if c.critical else "unconscious"

    return tuple(f"{c.name} ({why(c)})" for c in acting_order(combat) if c.disabled)


@checked
def roll_initiative(combat: Combat, rng: RandintSource) -> tuple[Combat, Initiative]:
    """Start the next turn: everyone alive rolls 1D10 + initiative bonus (SIM-33, rolled anew
    each turn), minor NPCs last (SIM-34), ties rolled off (SIM-D13). Each gets their actions
    (SIM-37); a participant disabled now gets none (SIM-38). Held actions lapse (SIM-35).

    >>> from pycore.systems.simply.fight import *
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
    rollers = _rolling(combat)
    if not rollers:
        raise RuleError(
            "initiative: no participant can act (unconscious, in critical condition or dead "
            "get no actions); revive or treat someone first",
            rules=("SIM-38",),
        )
    # Every participant's die first, in this order, then any roll-offs: the order a GM reads
    # the dice typed at the table in (initiative_rollers: the strip's).
    dice = {c.id: roll("1d10", rng).total for c in rollers}
    regular, regular_order = _order_group([c for c in rollers if not c.minor], dice, rng)
    minor, minor_order = _order_group([c for c in rollers if c.minor], dice, rng)
    if isinstance(rng, TypedDice) and rng.unused:
        # A die typed past the rollers and their roll-offs belongs to nobody: dropping it would
        # order the fight from dice the GM did not mean (they misread who rolls).
        used = len(rng.faces) - len(rng.unused)
        raise DiceError(f"initiative dice: {used} dice are rolled, {len(rng.faces)} typed")
    # SIM-38: the disabled roll nothing and get no actions; they stay on the strip, after.
    idle = [c.id for c in acting_order(combat) if c.disabled and not c.dead]
    order = tuple(regular_order + minor_order + idle)
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
        taken=(),  # SIM-35: what was not rolled lapses with the turn
    )
    initiative = Initiative(started.turn, tuple(regular + minor), idle=initiative_idle(combat))
    return _advance(started, skip_current=False), initiative


# --- actions, held actions, interrupts (SIM-35 to SIM-39, SIM-D08) --------------------------


@checked
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
) -> tuple[Combat, TurnStep]:
    """Spend one action (SIM-37): on one's turn; a Defend at any time with an unused or held
    action (SIM-D08); otherwise an interrupt with a held action (SIM-36), never two interrupts
    in a row without an action in proper order by someone else between them.

    A Move while knocked down is getting up (SIM-D15).

    >>> from pycore.systems.simply.fight import *
    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5, bonus=5)
    >>> fight = add_combatant(fight, name="B", hp_max=9, strength=5, health=5)
    >>> fight, _ = roll_initiative(fight, random.Random(0))
    >>> fight, _ = hold(fight, "c1")  # A holds both actions; B's turn
    >>> fight, taken = take_action(fight, "c1", "Attack")
    >>> taken.step
    Step(text='A: Attack, interrupting (1 action left)', public='A: Attack', rules=('SIM-37', 'SIM-36'))
    >>> take_action(fight, "c1", "Attack")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: A cannot interrupt now: two interrupts may not follow each other; someone other than A must act in order first
    """
    if action not in ACTIONS:
        raise RuleError(f"action {action!r} is not one of {', '.join(ACTIONS)}", rules=("SIM-37",))
    if combat.phase in ("setup", "done"):
        raise RuleError("no turn under way: roll initiative for the next turn", rules=("SIM-33",))
    who = combat.get(combatant_id)
    if who.disabled:
        raise RuleError(f"{who.name} is {who.status()} and gets no actions", rules=("SIM-38",))
    left = combat.actions_left(combatant_id)
    if left <= 0:
        raise RuleError(f"{who.name} has no actions left this turn", rules=("SIM-37",))
    how = ""
    rules = ["SIM-37"]
    if combatant_id == combat.cursor:
        updated = _spend(combat, combatant_id)
        if combat.interrupt_lock is not None and combat.interrupt_lock != combatant_id:
            updated = replace(updated, interrupt_lock=None)  # SIM-36: the ban is lifted
    elif action == "Defend":
        updated = _spend(combat, combatant_id)  # SIM-D08: a reaction with an unused/held action
        how = ", out of turn"
        rules.append("SIM-D08")
    else:
        holding = combatant_id in combat.passed or combat.phase == "held"
        if not holding:
            raise RuleError(
                f"it is not {who.name}'s turn and {who.name} holds no actions to interrupt with",
                rules=("SIM-35", "SIM-36"),
            )
        if combat.interrupt_lock is not None:
            raise RuleError(
                f"{who.name} cannot interrupt now: two interrupts may not follow each other; "
                f"someone other than {combat.get(combat.interrupt_lock).name} must act in "
                "order first",
                rules=("SIM-36",),
            )
        updated = replace(_spend(combat, combatant_id), interrupt_lock=combatant_id)
        how = ", interrupting"
        rules.append("SIM-36")
    if action in ("Attack", "Defend"):  # the roll comes with the attack step (SIM-37)
        updated = replace(updated, taken=(*updated.taken, (combatant_id, action)))
    if action == "Move" and who.has("knocked down"):
        updated = updated.with_combatant(_without(who, "knocked down"))
        how += ", gets up"
        rules.append("SIM-D15")
    if note:
        how += f": {note}"
    remaining = updated.actions_left(combatant_id)
    if combatant_id == combat.cursor and remaining <= 0:
        updated = _advance(updated, skip_current=True)
    plural = "action" if remaining == 1 else "actions"
    text = f"{who.name}: {action}{how} ({remaining} {plural} left)"
    return updated, TurnStep(text, action_line(who.name, action), tuple(rules))


@checked
def hold(combat: Combat, combatant_id: str) -> tuple[Combat, TurnStep]:
    """End one's turn keeping the remaining actions for later (first pass), or give them up
    (held pass) (SIM-35).

    >>> from pycore.systems.simply.fight import *
    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> fight, _ = roll_initiative(fight, random.Random(1))
    >>> fight, held = hold(fight, "c1")
    >>> fight.phase, fight.cursor, str(held)  # A alone: straight to the held actions
    ('held', 'c1', 'A holds')
    >>> fight, held = hold(fight, "c1")
    >>> fight.phase, str(held)
    ('done', 'A gives up the rest')
    """
    name = combat.get(combatant_id).name
    if combat.cursor != combatant_id:
        raise RuleError(f"it is not {name}'s turn")
    if combat.phase == "held":
        actions = {**combat.actions, combatant_id: 0}  # SIM-35 reading: given up at the end
        gone = _advance(replace(combat, actions=MappingProxyType(actions)), skip_current=True)
        return gone, TurnStep(f"{name} gives up the rest", f"{name} gives up the rest", ("SIM-35",))
    return _advance(combat, skip_current=True), TurnStep(
        f"{name} holds", f"{name} holds", ("SIM-35",)
    )


@checked
def give_up(combat: Combat, combatant_id: str) -> Combat:
    """Give up all remaining actions this turn (SIM-35 reading).

    >>> from pycore.systems.simply.fight import *
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


@checked
def adjust(combat: Combat, combatant_id: str, **changes: Any) -> Combat:
    """The GM's direct corrections (HP, luck, conditions) outside the rules' flow.

    >>> from pycore.systems.simply.fight import *
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
        whole(changes["hp"], "HP", -MAX_HP, c.hp_max)
    if "luck" in changes:
        whole(changes["luck"], "luck points", 0, MAX_LUCK)
    if "bonus" in changes:
        whole(changes["bonus"], "initiative bonus", -MAX_BONUS, MAX_BONUS)
    if "actions_per_turn" in changes:
        whole(changes["actions_per_turn"], "actions per turn", 1, MAX_ACTIONS, rules=("SIM-D22",))
    return _disable_if_needed(combat, replace(c, **changes))


@checked
def spend_for_roll(combat: Combat, combatant_id: str, action: str) -> Combat:
    """The action an attack or a defence roll costs (SIM-37): none when it was taken already and
    is waiting for its roll, else one now, by :func:`take_action`'s rules (SIM-35, SIM-36, SIM-38,
    SIM-D08).

    >>> from pycore.systems.simply.fight import *
    >>> import random
    >>> fight = add_combatant(Combat(), name="A", hp_max=9, strength=5, health=5)
    >>> fight, _ = roll_initiative(fight, random.Random(1))
    >>> fight, _ = take_action(fight, "c1", "Attack")
    >>> fight.actions_left("c1"), spend_for_roll(fight, "c1", "Attack").actions_left("c1")
    (1, 1)
    >>> spend_for_roll(spend_for_roll(fight, "c1", "Attack"), "c1", "Attack").actions_left("c1")
    0
    """
    pair = (combatant_id, action)
    if pair in combat.taken:
        index = combat.taken.index(pair)
        return replace(combat, taken=combat.taken[:index] + combat.taken[index + 1 :])
    updated, _ = take_action(combat, combatant_id, action)
    return replace(updated, taken=combat.taken)  # spent and rolled at once: nothing waits
