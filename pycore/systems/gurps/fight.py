"""The fight as one immutable value (shared/FIGHT.md): the combatants, the turn order and whose
turn it is (GUR-04 to GUR-06), and the attack under way from its roll through the defense to the
damage and the injury (GUR-19). Every action is a transition ``fight, result = step(fight, ...)``;
a result is a value whose ``str()`` explains it. Rolls come from the ``rng`` given: a seeded
``random.Random`` ("roll for me") or the dice the user typed (:func:`pycore.dice.typed_dice`).

>>> from pycore.systems.gurps.worksheet import AttackSetup
>>> from pycore.dice import typed_dice
>>> ana = Combatant(id="a", name="Ana", weapon_skill=14, maneuver="Attack")
>>> fight = Fight((ana, Combatant(id="b", name="Bo", dr=2)))
>>> fight, rolled = attack(fight, "a", "b", AttackSetup(), typed_dice("3d6", "10"))
>>> rolled.waits_for, fight.pending.stage
('defense', 'defense')
>>> fight, defended = defend(fight, "dodge", typed_dice("3d6", "12"))
>>> str(defended)
'Bo dodges: base 8 = 8; 3d6 (6, 5, 1) = 12: 3d6 = 12 vs defense 8: failure by 4'
>>> fight, hurt = damage(fight, typed_dice("1d", "5"))
>>> str(hurt)
'Damage: 1d+1 (5) + 1 = 6 cut; Bo: basic 6 − DR 2 = 4 penetrating × 3/2 (cut) = 6 → injury 6; major wound; HP 10 → 4'
>>> fight.combatant("b").hp_now, fight.pending
(4, None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.gurps.injury import (
    DamageRoll,
    InjuryResult,
    roll_damage,
    strong_bonus,
    with_bonus,
)
from pycore.systems.gurps.modifiers import EffectiveSkill
from pycore.systems.gurps.order import Slot, turn_order
from pycore.systems.gurps.rolls import RolledAttack, RolledDefense, roll_attack, roll_defense
from pycore.systems.gurps.sheet import (
    Combatant,
    combatant_from_json,
    combatant_to_json,
    edited,
    fighter,
)
from pycore.systems.gurps.worksheet import (
    AttackSetup,
    attack_line,
    best_defense,
    defense_options,
    half_range,
    resolve_injury,
    setup_from_json,
    setup_to_json,
)

Stage = Literal["defense", "damage"]
NO_DEFENSE: Final = "none"
#: Injury effects that last after the hit and stay on the sheet (GUR-33, GUR-34, GUR-37, GUR-38).
_LASTING: Final = ("crippled", "eye blinded", "blinded")
_NOTES_LIMIT: Final = 500
_LOWEST_HP: Final = -9999


@dataclass(frozen=True)
class Place:
    """One place in the turn order: the combatant's id and the tiebreak drawn for it (GUR-05)."""

    id: str
    tiebreak: int


@dataclass(frozen=True)
class Pending:
    """An attack under way: who attacks whom, how, and the roll it waits for (GUR-19).
    ``maximum``: the attack roll was a 3 (GUR-20); ``used``: the defenses already tried
    (All-Out Defense, Double Defense, GUR-17)."""

    attacker: str
    defender: str
    setup: AttackSetup
    stage: Stage
    maximum: bool = False
    critical: bool = False
    used: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fight:
    """The combatants, the round (0 before the fight starts), the order, whose turn it is (an
    index into ``order``) and the attack under way."""

    combatants: tuple[Combatant, ...] = ()
    round: int = 0
    order: tuple[Place, ...] = ()
    turn: int = 0
    pending: Pending | None = None

    @property
    def started(self) -> bool:
        return bool(self.order)

    def combatant(self, cid: str) -> Combatant:
        for c in self.combatants:
            if c.id == cid:
                return c
        raise RuleError("choose a combatant first")

    def current(self) -> Combatant | None:
        """Whose turn it is, or None before the fight starts."""
        return self.combatant(self.order[self.turn].id) if self.order else None

    def with_combatant(self, c: Combatant) -> Fight:
        return replace(self, combatants=tuple(c if o.id == c.id else o for o in self.combatants))


# --- the combatants ---------------------------------------------------------------------------


def add(fight: Fight, c: Combatant) -> Fight:
    """The fight with one more combatant (on the sheets; the order is the tracker's)."""
    if any(o.id == c.id for o in fight.combatants):
        raise RuleError(f"a combatant with id {c.id!r} is already in the fight")
    return replace(fight, combatants=(*fight.combatants, c))


@dataclass(frozen=True)
class Removed:
    name: str

    def __str__(self) -> str:
        return f"{self.name} removed"


def remove(fight: Fight, cid: str) -> tuple[Fight, Removed]:
    """The fight without a combatant: off the sheets, out of the order and out of any attack
    under way; whose turn it is stays with the same combatant where possible."""
    gone = fight.combatant(cid)
    current = fight.current()
    order = tuple(p for p in fight.order if p.id != cid)
    turn = 0
    if current is not None and current.id != cid:
        turn = next(i for i, p in enumerate(order) if p.id == current.id)
    elif order:
        turn = min(fight.turn, len(order) - 1)
    pending = fight.pending
    if pending is not None and cid in (pending.attacker, pending.defender):
        pending = None
    people = tuple(c for c in fight.combatants if c.id != cid)
    return replace(fight, combatants=people, order=order, turn=turn, pending=pending), Removed(
        gone.name
    )


def edit(fight: Fight, cid: str, field: str, typed: str) -> Fight:
    """The fight with one field of a combatant's sheet changed to what the user typed."""
    return fight.with_combatant(edited(fight.combatant(cid), field, typed))


# --- the turn order (GUR-04, GUR-05, GUR-06) --------------------------------------------------


@dataclass(frozen=True)
class OrderDrawn:
    slots: tuple[Slot, ...]

    def __str__(self) -> str:
        return "Turn order: " + "; ".join(str(s) for s in self.slots)


def start(fight: Fight, rng: RandintSource) -> tuple[Fight, OrderDrawn]:
    """GUR-05: sort by Basic Speed, then DX, then a random number drawn now and kept for the
    fight; round 1 begins with the first in the order."""
    if not fight.combatants:
        raise RuleError("add combatants first")
    slots = turn_order([fighter(c) for c in fight.combatants], rng)
    order = tuple(Place(s.key, s.tiebreak) for s in slots)
    return replace(fight, round=1, order=order, turn=0), OrderDrawn(slots)


@dataclass(frozen=True)
class TurnBegun:
    round: int
    name: str
    maneuver: str

    def __str__(self) -> str:
        return f"Round {self.round}: {self.name}'s turn (maneuver in effect: {self.maneuver})"


def next_turn(fight: Fight) -> tuple[Fight, TurnBegun]:
    """GUR-04: the next combatant's turn; after the last, a new round (one second) begins."""
    if not fight.order:
        raise RuleError("start the fight first")
    turn = fight.turn + 1
    rnd = fight.round
    if turn >= len(fight.order):
        turn, rnd = 0, rnd + 1
    moved = replace(fight, turn=turn, round=rnd)
    who = moved.current()
    assert who is not None
    return moved, TurnBegun(rnd, who.name, who.maneuver)


# --- the attack: roll, defense, damage (GUR-19) -----------------------------------------------


@dataclass(frozen=True)
class AttackRolled:
    """The attack roll (GUR-20) and what the attack now waits for: a defense, the damage roll,
    or nothing (a miss)."""

    attacker: str
    defender: str
    location: str
    line: EffectiveSkill
    rolled: RolledAttack
    waits_for: Stage | None

    def __str__(self) -> str:
        where = self.location.replace("_", " ")
        return f"{self.attacker} attacks {self.defender} ({where}): {self.line}; {self.rolled}"


def attack(
    fight: Fight, attacker_id: str, defender_id: str, setup: AttackSetup, rng: RandintSource
) -> tuple[Fight, AttackRolled]:
    """GUR-19/GUR-20: roll the attack. A miss ends it; a critical hit, or a hit the defender has
    no defense against, waits for the damage roll; any other hit waits for the defense."""
    if fight.pending is not None:
        raise RuleError("an attack is already under way: finish it or cancel it")
    attacker = fight.combatant(attacker_id)
    defender = fight.combatant(defender_id)
    line = attack_line(attacker, defender, setup)
    rolled = roll_attack(line.total, rng)
    result = rolled.result
    pending = None
    if result.hit:
        options = defense_options(attacker, defender, setup)
        stage: Stage = "defense" if options and not result.critical else "damage"
        pending = Pending(
            attacker.id, defender.id, setup, stage, result.max_damage, result.critical
        )
    step = AttackRolled(
        attacker.name,
        defender.name,
        setup.location,
        line,
        rolled,
        None if pending is None else pending.stage,
    )
    return replace(fight, pending=pending), step


@dataclass(frozen=True)
class Defended:
    """The defender's choice and roll (GUR-44); ``again``: All-Out Defense (Double Defense) lets
    him try a second, different defense after a failed one (GUR-17)."""

    defender: str
    kind: str
    line: EffectiveSkill | None = None
    rolled: RolledDefense | None = None
    again: bool = False

    @property
    def success(self) -> bool:
        return self.rolled is not None and self.rolled.result.success

    def __str__(self) -> str:
        if self.rolled is None:
            return f"{self.defender} does not defend"
        text = f"{self.defender} {self.kind}s: {self.line}; {self.rolled}"
        if self.again:
            text += "; Double Defense: a second, different defense may be tried (GUR-17)"
        return text


def _waiting(fight: Fight, stage: Stage) -> Pending:
    pending = fight.pending
    if pending is None or pending.stage != stage:
        raise RuleError(
            "no attack is waiting for a defense"
            if stage == "defense"
            else "no hit is waiting for its damage roll"
        )
    return pending


def defenses_left(fight: Fight) -> tuple[tuple[str, EffectiveSkill], ...]:
    """The defenses the defender may still try against the attack under way (GUR-18, GUR-17)."""
    pending = _waiting(fight, "defense")
    attacker = fight.combatant(pending.attacker)
    defender = fight.combatant(pending.defender)
    options = defense_options(attacker, defender, pending.setup)
    return tuple((k, line) for k, line in options if k not in pending.used)


def defend(fight: Fight, kind: str, rng: RandintSource) -> tuple[Fight, Defended]:
    """GUR-44: the defender rolls the defense he picked (``"none"``: he does not defend). A
    success stops the attack; a failure leads to the damage roll, or with Double Defense to a
    second, different defense (GUR-17)."""
    pending = _waiting(fight, "defense")
    defender = fight.combatant(pending.defender)
    if kind == NO_DEFENSE:
        return replace(fight, pending=replace(pending, stage="damage")), Defended(
            defender.name, kind
        )
    options = dict(defenses_left(fight))
    if kind not in options:
        raise RuleError(f"{defender.name} cannot {kind} this attack")
    rolled = roll_defense(options[kind].total, rng)
    double = defender.maneuver == "All-Out Defense" and defender.option == "Double Defense"
    again = not rolled.result.success and double and not pending.used and len(options) > 1
    if rolled.result.success:
        after: Pending | None = None
    elif again:
        after = replace(pending, used=(kind,))
    else:
        after = replace(pending, stage="damage")
    step = Defended(defender.name, kind, options[kind], rolled, again)
    return replace(fight, pending=after), step


@dataclass(frozen=True)
class Injured:
    """The damage roll (GUR-53, GUR-54), the injury (GUR-55 to GUR-62) and the defender's HP."""

    defender: str
    damage: DamageRoll
    hurt: InjuryResult
    hp_before: int
    hp_after: int

    def __str__(self) -> str:
        return (
            f"Damage: {self.damage}; {self.defender}: {self.hurt}; "
            f"HP {self.hp_before} → {self.hp_after}"
        )


def damage_dice(attacker: Combatant) -> str:
    """The attacker's damage dice for this attack: All-Out Attack (Strong) adds +2 or +1 per
    die, whichever is more, to a melee attack (GUR-16).

    >>> damage_dice(Combatant(damage="3d", maneuver="All-Out Attack", option="Strong"))
    '3d+3'
    """
    strong = attacker.maneuver == "All-Out Attack" and attacker.option == "Strong"
    if strong and not attacker.ranged:
        return with_bonus(attacker.damage, strong_bonus(attacker.damage))
    return attacker.damage


def lasting_effects(hurt: InjuryResult) -> tuple[str, ...]:
    """The injury's effects that stay after the hit: crippling and blinding."""
    return tuple(e for e in hurt.effects if e.startswith(_LASTING))


def damage(fight: Fight, rng: RandintSource) -> tuple[Fight, Injured]:
    """GUR-53 to GUR-62: roll the damage (the maximum after an attack roll of 3, halved at or
    beyond 1/2D), work out the injury at the location, and take it off the defender's HP; a
    crippling or blinding stays in his notes."""
    pending = _waiting(fight, "damage")
    attacker = fight.combatant(pending.attacker)
    defender = fight.combatant(pending.defender)
    rolled = roll_damage(
        damage_dice(attacker),
        attacker.damage_type,
        rng,
        maximum=pending.maximum,
        halved=half_range(attacker, pending.setup),
    )
    hurt = resolve_injury(attacker, defender, pending.setup, rolled)
    after = defender.hp_now - hurt.injury
    notes = "; ".join(filter(None, [defender.notes, *lasting_effects(hurt)]))[:_NOTES_LIMIT]
    hit = replace(defender, hp_now=max(after, _LOWEST_HP), notes=notes)
    step = Injured(defender.name, rolled, hurt, defender.hp_now, after)
    return replace(fight.with_combatant(hit), pending=None), step


Step = AttackRolled | Defended | Injured


def resolve(
    fight: Fight, attacker_id: str, defender_id: str, setup: AttackSetup, rng: RandintSource
) -> tuple[Fight, tuple[Step, ...]]:
    """The whole attack in one go: the roll, the defender's best defense while he has one left
    (a second one with Double Defense, GUR-17), then the damage."""
    fight, rolled = attack(fight, attacker_id, defender_id, setup, rng)
    steps: list[Step] = [rolled]
    while fight.pending is not None and fight.pending.stage == "defense":
        best = best_defense(defenses_left(fight))
        assert best is not None  # a hit waits for a defense only when one is left
        fight, defended = defend(fight, best[0], rng)
        steps.append(defended)
    if fight.pending is not None:
        fight, hurt = damage(fight, rng)
        steps.append(hurt)
    return fight, tuple(steps)


@dataclass(frozen=True)
class Abandoned:
    def __str__(self) -> str:
        return "attack abandoned"


def cancel(fight: Fight) -> tuple[Fight, Abandoned]:
    """Drop the attack under way (the GM's call)."""
    return replace(fight, pending=None), Abandoned()


# --- saved form -------------------------------------------------------------------------------


def fight_to_json(fight: Fight) -> dict[str, Any]:
    """The fight as the ``gurps`` section stores it: ``combatants``, ``fight`` (round, order,
    turn) and ``pending``.

    >>> data = fight_to_json(Fight((Combatant(id="a"),), 2, (Place("a", 7),)))
    >>> data["fight"], fight_from_json(data).order
    ({'round': 2, 'order': [{'id': 'a', 'tiebreak': 7}], 'turn': 0}, (Place(id='a', tiebreak=7),))
    """
    pending = fight.pending
    return {
        "combatants": [combatant_to_json(c) for c in fight.combatants],
        "fight": {
            "round": fight.round,
            "order": [{"id": p.id, "tiebreak": p.tiebreak} for p in fight.order],
            "turn": fight.turn,
        },
        "pending": None
        if pending is None
        else {
            "attacker": pending.attacker,
            "defender": pending.defender,
            "setup": setup_to_json(pending.setup),
            "stage": pending.stage,
            "maximum": pending.maximum,
            "critical": pending.critical,
            "used": list(pending.used),
        },
    }


def _pending_from_json(raw: Mapping[str, Any]) -> Pending:
    stage = raw.get("stage")
    if stage not in ("defense", "damage"):
        raise RuleError(f"saved attack stage {stage!r} is not defense or damage")
    return Pending(
        str(raw.get("attacker", "")),
        str(raw.get("defender", "")),
        setup_from_json(raw.get("setup") or {}),
        stage,
        bool(raw.get("maximum")),
        bool(raw.get("critical")),
        tuple(str(k) for k in raw.get("used", ())),
    )


def fight_from_json(data: Mapping[str, Any]) -> Fight:
    """The fight back from the section; a bad sheet is a :class:`RuleError` naming the field.
    Places whose combatant is gone are dropped."""
    people = tuple(combatant_from_json(c) for c in data.get("combatants", ()))
    ids = {c.id for c in people}
    saved = data.get("fight") or {}
    order = tuple(
        Place(str(p["id"]), int(p.get("tiebreak", 0)))
        for p in saved.get("order", ())
        if p.get("id") in ids
    )
    turn = int(saved.get("turn", 0))
    raw = data.get("pending")
    return Fight(
        people,
        int(saved.get("round", 0)),
        order,
        min(max(turn, 0), max(len(order) - 1, 0)),
        _pending_from_json(raw) if isinstance(raw, Mapping) else None,
    )
