"""The attack under way, stage by stage (GUR-19): the attack roll (GUR-20), the defense
(GUR-44, GUR-17), the damage roll and the injury (GUR-53 to GUR-62)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.gurps.attacks import armed, no_skill_said, skill_set
from pycore.systems.gurps.damage_roll import DamageRoll, roll_damage, strong_bonus, with_bonus
from pycore.systems.gurps.fight.card import NO_DEATH_RULE
from pycore.systems.gurps.fight.checks import ask_after_injury
from pycore.systems.gurps.fight.hands import (
    after_attack,
    empty_hand_said,
    lines_now,
    punch_withheld,
)
from pycore.systems.gurps.fight.once import defending_now, with_defence
from pycore.systems.gurps.fight.open_asks import attack_waits
from pycore.systems.gurps.fight.parry_strike import Struck, after_parry, strike
from pycore.systems.gurps.fight.public import attack_public, defense_public, injury_public
from pycore.systems.gurps.fight.ranges import with_range, without_range
from pycore.systems.gurps.fight.targets import with_target
from pycore.systems.gurps.fight.turns import take_maneuver
from pycore.systems.gurps.fight.value import NO_DEFENSE, Fight, Logged, Pending, Stage
from pycore.systems.gurps.injury import InjuryResult, wounding_at
from pycore.systems.gurps.locations import location_name
from pycore.systems.gurps.modifiers import (
    EffectiveSkill,
    maneuver,
    maneuver_options,
    past_the_table,
)
from pycore.systems.gurps.quantities import figure
from pycore.systems.gurps.rolls import RolledAttack, RolledDefense, roll_attack, roll_defense
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import (
    AttackSetup,
    attack_line,
    best_defense,
    half_range,
    large_area_blow,
    open_question,
    resolve_injury,
    struck_location,
)
from pycore.validate import checked

#: Injury effects that last after the hit and stay on the sheet (GUR-33, GUR-34, GUR-37, GUR-38).
_LASTING: Final = ("crippled", "eye blinded", "blinded")
_NOTES_LIMIT: Final = 500
_VERBS: Final = {"dodge": "dodges", "parry": "parries", "block": "blocks"}
_LOWEST_HP: Final = -9999
#: The rule behind each note an injury may carry (GUR-57, GUR-61, GUR-37, GUR-38).
_NOTE_RULES: Final = (
    ("minimum 1", "GUR-57"),
    ("Diffuse", "GUR-61"),
    ("capped at ⌊HP/2⌋", "GUR-37"),
    ("capped at ⌊HP/3⌋", "GUR-38"),
)


@checked
def injury_rules(hurt: InjuryResult) -> tuple[str, ...]:
    """The rules an injury applied, as data: DR and penetration, wounding, a chink's DR, and
    each note's (its text says what it did, its rule is kept here)."""
    found = ["GUR-55", "GUR-56", *(["GUR-42"] if any("chink" in s for s in hurt.dr_steps) else [])]
    found += [rule for start, rule in _NOTE_RULES for n in hurt.notes if n.startswith(start)]
    return tuple(dict.fromkeys([*found, *(["GUR-59"] if hurt.effects else [])]))


@dataclass(frozen=True)
class AttackRolled(Logged):
    """The attack roll (GUR-20) and what the attack now waits for: a defense, the damage roll,
    or nothing (a miss)."""

    attacker: str
    defender: str
    location: str
    line: EffectiveSkill
    rolled: RolledAttack
    waits_for: Stage | None
    override: str = ""

    @property
    def public(self) -> str:
        rolled = self.rolled.result
        return attack_public(
            self.attacker,
            self.defender,
            self.location,
            hit=rolled.hit,
            critical=rolled.critical,
            critical_failure=rolled.critical_failure,
        )

    def __str__(self) -> str:
        where = location_name(self.location)
        text = f"{self.attacker} attacks {self.defender} ({where}): {self.line.plain()}; "
        text += str(self.rolled)
        return text + (f"; GM override: {self.override}" if self.override else "")

    @property
    def rules(self) -> tuple[str, ...]:
        crit = ("GUR-02",) if self.rolled.result.critical_failure else ()
        return tuple(dict.fromkeys(("GUR-19", "GUR-20", *self.line.rules(), *crit)))


@checked
def attack(
    fight: Fight,
    attacker_id: str,
    defender_id: str,
    setup: AttackSetup,
    rng: RandintSource,
    *,
    override: str = "",
    choose: str = "",
) -> tuple[Fight, AttackRolled]:
    """GUR-19/GUR-20: roll the attack. A miss ends it; a critical hit, or a hit the defender has
    no defense against, waits for the damage roll; any other hit waits for the defense. A
    stunned attacker is refused (004 line 46: they must Do Nothing) unless the GM overrides,
    giving the reason the log keeps; so is an attack beyond what the acting combatant's
    maneuver allows this turn (one; two with All-Out Attack, Double). ``choose``: the acting
    combatant takes this maneuver now, with the attack (GUR-06: they pick one at the start of
    their turn, so only before their first attack of it)."""
    if fight.pending is not None:
        raise RuleError("an attack is already under way: finish it or cancel it")
    if choose:
        fight = _choose(fight, attacker_id, choose)
    attacker = fight.combatant(attacker_id)
    defender = fight.combatant(defender_id)
    if attacker.unconscious and not override.strip():
        raise RuleError(f"{attacker.name} is unconscious and cannot act")  # what the book gave
    if attacker.dazed and not override.strip():
        roll = "HT" if attacker.stunned else "IQ"
        raise RuleError(
            f"{attacker.name} is stunned: must Do Nothing this turn and may roll {roll} to recover"
        )
    waits = attack_waits(fight, attacker.id, defender.id)
    if waits:
        # FIGHT.md: the step waits for the value; never rolled with figures an answer changes.
        raise RuleError(waits)
    current = fight.current()
    acting = current is not None and current.id == attacker.id
    if acting and not fight.chosen:
        # GUR-06 (004 line 27): each turn they choose anew; last turn's maneuver is not theirs.
        raise RuleError(
            f"{attacker.name} has no maneuver chosen this turn: choose it before attacking"
        )
    if attacker.maneuver == "All-Out Attack" and not attacker.option:
        offered = ", ".join(maneuver_options("All-Out Attack", melee=not attacker.ranged))
        raise RuleError(f"All-Out Attack needs its option before the roll: {offered}")
    allowed = fight.attacks_allowed(attacker)
    if acting and fight.attacks >= allowed and not override.strip():
        times = "once" if allowed == 1 else "twice"
        raise RuleError(
            f"{attacker.name} has attacked this turn ({attacker.maneuver} attacks {times})"
        )
    if not skill_set(attacker, setup.line):
        raise RuleError(no_skill_said(attacker, setup.line))  # never rolled against a guess
    if setup.line not in lines_now(fight, attacker) and not override.strip():
        # 004 line 97: no punching with a hand that holds a weapon (or their shield); 004 line
        # 95: a weapon not in their hand is drawn with a Ready first (their hand empty after a
        # throw, 004 line 108); a line whose weapon is not told waits for the GM's word.
        said = punch_withheld(fight, attacker) or empty_hand_said(fight, attacker)
        raise RuleError(
            said
            or f"{armed(attacker, setup.line).weapon}: which weapon it is a way of using is "
            "not said: answer the question above, or fill its Weapon on the sheet"
        )
    line = attack_line(attacker, defender, setup)
    question = open_question(attacker, defender, setup)
    if question is not None:
        raise RuleError(question)  # asked before the roll: the texts cannot answer it
    rolled = roll_attack(line.total, rng)
    result = rolled.result
    pending = None
    if result.hit:
        options = defending_now(fight, attacker, defender, setup)
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
        override.strip(),
    )
    after = replace(fight, pending=pending, attacks=fight.attacks + int(acting))
    # FIGHT.md: the fight holds whom they attacked; their next attack starts at the same foe.
    after = with_target(after, attacker.id, defender.id)
    # 004 lines 93, 248: the weapon they attacked with is the one in their hand, theirs to parry with;
    # a thrown one has left it (004 line 108).
    after = after_attack(after, attacker, setup.line)
    if armed(attacker, setup.line).ranged:
        # FIGHT.md: the fight holds the range between these two for their next attack, and
        # with it the GM's modifier past the table for that range (GUR-28): a modifier for
        # speed + range is this attack's only, the target's speed being no part of the range.
        beyond = setup.range_beyond
        if beyond is not None and (setup.target_speed or not past_the_table(setup.yards)):
            beyond = None
        after = with_range(after, attacker.id, defender.id, Fraction(setup.yards), beyond)
    else:
        # GUR-14: a melee target is within reach; the range held before no longer holds.
        after = without_range(after, attacker.id, defender.id)
    return after, step


def _choose(fight: Fight, attacker_id: str, name: str) -> Fight:
    current = fight.current()
    if current is None or current.id != attacker_id or fight.attacks:
        raise RuleError(
            "a maneuver is chosen at the start of one's own turn, before attacking (GUR-06)"
        )
    if not maneuver(name).can_attack:
        raise RuleError(f"{name} allows no attack")
    if fight.chosen and current.maneuver == name:
        return fight  # chosen this turn already, with its option
    return take_maneuver(fight, name)[0]


@dataclass(frozen=True)
class Defended(Logged):
    """The defender's choice and roll (GUR-44); ``again``: All-Out Defense (Double Defense) lets
    them try a second, different defense after a failed one (GUR-17)."""

    defender: str
    kind: str
    line: EffectiveSkill | None = None
    rolled: RolledDefense | None = None
    again: bool = False

    @property
    def public(self) -> str:
        return defense_public(
            self.defender, self.verb, None if self.rolled is None else self.success
        )

    @property
    def success(self) -> bool:
        return self.rolled is not None and self.rolled.result.success

    @property
    def verb(self) -> str:
        """ "dodges", "parries", "blocks"."""
        return _VERBS.get(self.kind, self.kind)

    def __str__(self) -> str:
        if self.rolled is None:
            return f"{self.defender} does not defend"
        line = self.line.plain() if self.line is not None else ""
        text = f"{self.defender} {self.verb}: {line}; {self.rolled}"
        if self.again:
            text += "; Double Defense: a second, different defense may be tried"
        return text

    @property
    def rules(self) -> tuple[str, ...]:
        if self.rolled is None:
            return ("GUR-44",)
        line = self.line.rules() if self.line is not None else ()
        crit = ("GUR-02",) if self.rolled.result.critical_failure else ()
        again = ("GUR-17",) if self.again else ()
        return tuple(dict.fromkeys(("GUR-44", *line, *again, *crit)))


def _waiting(fight: Fight, stage: Stage) -> Pending:
    pending = fight.pending
    if pending is None or pending.stage != stage:
        raise RuleError(
            "no attack is waiting for a defense"
            if stage == "defense"
            else "no hit is waiting for its damage roll"
        )
    return pending


@checked
def defenses_left(fight: Fight) -> tuple[tuple[str, EffectiveSkill], ...]:
    """The defenses the defender may still try against the attack under way (GUR-18, GUR-17):
    none they have tried against it, nor a block or a parry used this turn (GUR-47, GUR-48)."""
    pending = _waiting(fight, "defense")
    attacker = fight.combatant(pending.attacker)
    defender = fight.combatant(pending.defender)
    options = defending_now(fight, attacker, defender, pending.setup)
    return tuple((k, line) for k, line in options if k not in pending.used)


@checked
def defend(fight: Fight, kind: str, rng: RandintSource) -> tuple[Fight, Defended]:
    """GUR-44: the defender rolls the defense they picked (``"none"``: they do not defend). A
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
        # GUR-49: a weapon parry of a punch or kick may strike the attacker's limb.
        after: Pending | None = after_parry(fight, kind)
    elif again:
        after = replace(pending, used=(kind,))
    else:
        after = replace(pending, stage="damage")
    step = Defended(defender.name, kind, options[kind], rolled, again)
    # GUR-47, GUR-48: tried, a block or a parry is spent for their turn, success or not.
    return with_defence(replace(fight, pending=after), defender.id, kind), step


@dataclass(frozen=True)
class Injured(Logged):
    """The damage roll (GUR-53, GUR-54), the injury (GUR-55 to GUR-62) and the defender's HP."""

    defender: str
    damage: DamageRoll
    hurt: InjuryResult
    hp_before: int
    hp_after: int

    @property
    def public(self) -> str:
        return injury_public(self.defender, tuple(self.hurt.effects))

    hp: int = 0  # their full HP: at −HP or below the texts give no death rule (GUR-58)

    def __str__(self) -> str:
        text = (
            f"Damage: {self.damage}; {self.defender}: {self.hurt}; "
            f"HP {figure(self.hp_before)} → {figure(self.hp_after)}"
        )
        return text + (f"; {self.death_note}" if self.death_note else "")

    @property
    def death_note(self) -> str:
        """At −HP or below: the texts give no death rule (GUR-35, GUR-58), so the product
        never decides "killed" and says that the GM does; "" above −HP."""
        return NO_DEATH_RULE if self.hp and self.hp_after <= -self.hp else ""

    @property
    def rules(self) -> tuple[str, ...]:
        half = ("GUR-54",) if self.damage.halved else ()
        return tuple(dict.fromkeys(("GUR-53", *half, *injury_rules(self.hurt))))


@checked
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


@checked
def pending_damage_dice(fight: Fight) -> str:
    """The damage dice of the hit waiting for its damage: the attack the attacker chose for it
    (their second weapon's, not their first's), with All-Out Attack (Strong)'s bonus (GUR-16). The
    page shows these and counts a typed roll's dice from them; :func:`damage` rolls them."""
    pending = _waiting(fight, "damage")
    return damage_dice(armed(fight.combatant(pending.attacker), pending.setup.line))


def _struck_where(attacker: Combatant, defender: Combatant, setup: AttackSetup) -> str:
    """Where the blow's injury is worked out: the torso for a large-area blow (GUR-62) or a
    chink in the torso's armor, else the location struck."""
    where = "torso" if large_area_blow(attacker, defender, setup) else struck_location(setup)
    return "torso" if where == "chink_torso" else where


@checked
def pending_damage_said(fight: Fight) -> str:
    """The hit's damage as its step says it where the dice are rolled: the dice, the damage
    type and its wounding multiplier at the location struck (GUR-53, GUR-56, GUR-57), for
    every attack line alike (a GM's play-through: "Damage 1d+1" for a Thrust, 1d+1 imp, its
    ×2 said nowhere until the injury)."""
    pending = _waiting(fight, "damage")
    attacker = armed(fight.combatant(pending.attacker), pending.setup.line)
    defender = fight.combatant(pending.defender)
    kind = attacker.damage_type
    where = _struck_where(attacker, defender, pending.setup)
    times = wounding_at(kind, where, defender.tolerance or None, attacker.tight_beam)
    return f"{pending_damage_dice(fight)} {kind}, wounding ×{times}"


@checked
def lasting_effects(hurt: InjuryResult) -> tuple[str, ...]:
    """The injury's effects that stay after the hit: crippling and blinding, as conditions on
    their card. "excess lost" is a note on that hit's injury (GUR-37, GUR-38: the injury past
    the cap is not taken off HP), not a condition: the hit's result keeps it (a GM read
    "Conditions: crippled leg (injury over HP/2); excess lost" as two conditions)."""
    return tuple(e.removesuffix("; excess lost") for e in hurt.effects if e.startswith(_LASTING))


@checked
def damage(fight: Fight, rng: RandintSource) -> tuple[Fight, Injured]:
    """GUR-53 to GUR-62: roll the damage (the maximum after an attack roll of 3, halved at or
    beyond 1/2D), work out the injury at the location, and take it off the defender's HP; a
    crippling or blinding stays in their notes."""
    pending = _waiting(fight, "damage")
    attacker = armed(fight.combatant(pending.attacker), pending.setup.line)
    defender = fight.combatant(pending.defender)
    rolled = roll_damage(
        pending_damage_dice(fight),
        attacker.damage_type,
        rng,
        maximum=pending.maximum,
        halved=half_range(attacker, pending.setup),
    )
    hurt = resolve_injury(attacker, defender, pending.setup, rolled)
    after = defender.hp_now - hurt.injury
    notes = "; ".join(filter(None, [defender.notes, *lasting_effects(hurt)]))[:_NOTES_LIMIT]
    hit = replace(defender, hp_now=max(after, _LOWEST_HP), notes=notes)
    step = Injured(defender.name, rolled, hurt, defender.hp_now, after, defender.hp)
    fight = replace(fight.with_combatant(hit), pending=None)
    # GUR-58: what follows the injury is the GM's book's: asked, never decided here.
    where = _struck_where(attacker, defender, pending.setup)
    return ask_after_injury(fight, defender.id, where, rolled.damage_type, injury=hurt.injury), step


#: The results one attack logs, stage by stage.
AttackStep = AttackRolled | Defended | Struck | Injured


@checked
def resolve(
    fight: Fight,
    attacker_id: str,
    defender_id: str,
    setup: AttackSetup,
    rng: RandintSource,
    *,
    override: str = "",
    choose: str = "",
) -> tuple[Fight, tuple[AttackStep, ...]]:
    """The whole attack in one go: the roll, the defender's best defense while they have one left
    (a second one with Double Defense, GUR-17), then the damage."""
    fight, rolled = attack(
        fight, attacker_id, defender_id, setup, rng, override=override, choose=choose
    )
    steps: list[AttackStep] = [rolled]
    while fight.pending is not None and fight.pending.stage == "defense":
        best = best_defense(defenses_left(fight))
        assert best is not None  # a hit waits for a defense only when one is left
        fight, defended = defend(fight, best[0], rng)
        steps.append(defended)
    if fight.pending is not None and fight.pending.stage == "strike":
        fight, struck = strike(fight, rng)  # GUR-49: their parry may strike the limb
        steps.append(struck)
    if fight.pending is not None:
        fight, hurt = damage(fight, rng)
        steps.append(hurt)
    return fight, tuple(steps)


@dataclass(frozen=True)
class Abandoned(Logged):
    @property
    def public(self) -> str:
        return "The attack is called off"

    def __str__(self) -> str:
        return "attack abandoned"


@checked
def cancel(fight: Fight) -> tuple[Fight, Abandoned]:
    """Drop the attack under way (the GM's call)."""
    return replace(fight, pending=None), Abandoned()
