"""The fight as a value (SIM-33 to SIM-57): its participants with their live values, the turn,
the step under way, the game clock and the checks still to roll. Every other module of the fight
returns a new value of these types."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from pycore.errors import RuleError
from pycore.systems.simply.armor import DamageKind, Protection, check_kind, wear
from pycore.systems.simply.damage import (
    CHECK_WHEN,
    DEAD_AT,
    UNCONSCIOUS_AT,
    check_named,
    special_check_chance,
)
from pycore.systems.simply.limits import MAX_HP, MAX_LUCK
from pycore.validate import checked, whole

#: SIM-37: the four kinds of action.
ACTIONS: Final = ("Move", "Attack", "Defend", "Other")
#: SIM-37 / SIM-D22: actions per turn, 2 unless a character has more.
DEFAULT_ACTIONS: Final = 2
MAX_ACTIONS: Final = 10
MAX_COMBATANTS: Final = 40
MAX_BONUS: Final = 20
MAX_LINK: Final = 80  # a record id (pycore.systems.simply.links)
MAX_MINUTES: Final = 60 * 24 * 30  # a month of game time in one step is plenty
BLEED_EVERY: Final = 5  # SIM-46 / SIM-49: 1 HP every 5 minutes (SIM-D14: full 5 minutes)
FIRST_AID_WINDOW: Final = 15  # SIM-55 / SIM-D19
#: What the rules cannot tell from HP alone (SIM-D15, SIM-45, SIM-47, SIM-51, SIM-46, SIM-54).
CONDITIONS: Final = ("knocked down", "unconscious", "revived", "bleeding", "stabilized")


@checked
def odds_words(chance: Fraction) -> str:
    """An exact chance as a fraction and a percentage.

    >>> odds_words(Fraction(7, 20)), odds_words(Fraction(0))
    ('7/20 (35.00%)', '0 (0.00%)')
    """
    exact = str(chance.numerator) if chance.denominator == 1 else str(chance)
    return f"{exact} ({float(chance) * 100:.2f}%)"


@dataclass(frozen=True)
class Arm:
    """An attack a participant can make: a weapon from its record with the skill's rating (or
    the skill's default, level None), its Max Dmg for the Master Damage Tables (None: the weapon's
    own table, SIM-40) and its armor row (SIM-D09); or a quick NPC's, whose rating the GM types
    (None: the step asks for it)."""

    name: str
    skill: str = ""
    rating: int | None = None
    level: str | None = None
    max_damage: int | None = None
    kind: DamageKind = "other"

    def __str__(self) -> str:
        rating = "TN to type" if self.rating is None else f"{self.skill} {self.rating}"
        damage = "own damage table" if self.max_damage is None else f"Max Dmg {self.max_damage}"
        return f"{self.name} ({rating}, {damage})"


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
    #: The stable id (``uid``) of the Character Record it follows; None: a plain fighter.
    character: str | None = None
    arms: tuple[Arm, ...] = ()
    #: The Shield skill's rating and level from the record (SIM-28, SIM-D12): a Defend or a
    #: strike made with the carried shield rolls on it; level None: not bought, the rating its
    #: default Adj C − 2 (SIM-03); rating None: no record gave one.
    shield_skill: int | None = None
    shield_level: str | None = None

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

    @property
    def rules(self) -> tuple[str, ...]:
        """The check's rule and the special check's (SIM-09), shown only under "Why"."""
        return (self.rule, "SIM-09")

    @property
    def named(self) -> str:
        """The check with what called for it: one injury may call for two Stamina Checks
        (SIM-45 and SIM-47 reading: roll each), alike but for their cause (seed 002 lines 603,
        605-607), so each says its own.

        >>> PendingCheck("c1", "Mara", "SIM-47", "Stamina Check", 10, "unconscious").named
        'Stamina Check (at ¼ HP or less)'
        """
        return check_named(self.check, self.rule)

    @property
    def why(self) -> str:
        """The check's "Why" in words (its rules are data: ``rules``): the check with its
        cause, when the text makes it (:data:`CHECK_WHEN`, SIM-44, SIM-45, SIM-47), what a
        failure does, and the roll (SIM-09).

        >>> print(PendingCheck("c1", "Bo", "SIM-44", "Knockback Check", 12, "knocked down").why)
        Knockback Check, made when Raw Damage exceeds 2 × S; a failure: knocked down. 2D10 under the TN; a 20 fails.
        """
        when = CHECK_WHEN.get(self.rule)
        made = f", made when {when}" if when else ""
        return f"{self.named}{made}; a failure: {self.on_failure}. 2D10 under the TN; a 20 fails."

    def __str__(self) -> str:
        return (
            f"{self.name}: {self.named} TN {self.target_number} or {self.on_failure}"
            f" — {odds_words(self.chance)}"
        )


@dataclass(frozen=True)
class Due:
    """A hit rolled whose damage is still to be applied (SIM-40): attack number ``serial`` of
    this fight, by ``attacker`` on ``target``. Applied once, then gone (issue 25)."""

    serial: int
    attacker: str
    target: str


@dataclass(frozen=True)
class Fight:
    """The whole fight, the protocol's frozen value (``Combat`` is its older name): participants,
    the turn (SIM-37: everyone's actions once), whose turn it
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
    #: Attack and Defend actions taken whose roll is still to come (SIM-37): rolling the attack
    #: then spends nothing more, so "Attack" then "Roll attack" is one action, not two.
    taken: tuple[tuple[str, str], ...] = ()
    #: Attacks rolled so far (each one's number), and the hit whose damage is still to be
    #: applied: a result is applied at most once.
    attacks: int = 0
    due: Due | None = None
    #: The last attack if it missed (SIM-39): its lifetime ended with its result (FIGHT.md), so
    #: damage applied for it is refused in words, not taken as damage without an attack.
    missed: Due | None = None

    def get(self, combatant_id: str) -> Combatant:
        for c in self.combatants:
            if c.id == combatant_id:
                return c
        raise RuleError(f"combatant {combatant_id!r} is not in this fight")

    def with_combatant(self, updated: Combatant) -> Fight:
        return replace(
            self,
            combatants=tuple(updated if c.id == updated.id else c for c in self.combatants),
        )

    def actions_left(self, combatant_id: str) -> int:
        return int(self.actions.get(combatant_id, 0))

    def names(self) -> dict[str, str]:
        """Each participant's name by id (the public lines name who did what)."""
        return {c.id: c.name for c in self.combatants}


#: The fight's older name, kept: pages and saved tests call it so.
Combat = Fight


@checked
def check_arm(arm: Arm) -> Arm:
    """An attack's rating, Max Dmg and armor row within the rules' limits (SIM-40, SIM-D09)."""
    if arm.max_damage is not None:
        whole(arm.max_damage, "max damage", 1, 100, rules=("SIM-40",))
    if arm.rating is not None:
        whole(arm.rating, f"{arm.name} rating", -MAX_HP, MAX_HP)
    check_kind(arm.kind)
    return arm


@checked
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
    character: str | None = None,
    arms: tuple[Arm, ...] = (),
    conditions: tuple[str, ...] = (),
    shield_skill: int | None = None,
    shield_level: str | None = None,
) -> Combat:
    """Add a participant; checks every value (SIM-33, SIM-34, SIM-37, SIM-D22).

    A participant added mid-turn acts from the next Initiative Roll; one who comes in bleeding
    (from a record) bleeds from now on the game clock (SIM-46).

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
    hp_max = whole(hp_max, "HP max", 1, MAX_HP)
    current = hp_max if hp is None else whole(hp, "HP", -MAX_HP, hp_max)
    if max_damage is not None:
        whole(max_damage, "max damage", 1, 100, rules=("SIM-40",))
    if character is not None and not 0 < len(character) <= MAX_LINK:
        raise RuleError(
            f"character link {character!r} must be a record id of 1 to {MAX_LINK} characters"
        )
    unknown = [x for x in conditions if x not in CONDITIONS]
    if unknown:
        raise RuleError(f"conditions {unknown!r}: allowed {', '.join(CONDITIONS)}")
    combatant = Combatant(
        id=f"c{combat.next_id}",
        name=name.strip(),
        hp=current,
        hp_max=hp_max,
        strength=whole(strength, "S", 1, 20),
        health=whole(health, "H", 1, 20),
        bonus=whole(bonus, "initiative bonus", -MAX_BONUS, MAX_BONUS),
        minor=bool(minor),
        actions_per_turn=whole(
            actions_per_turn, "actions per turn", 1, MAX_ACTIONS, rules=("SIM-D22",)
        ),
        luck=whole(luck_points, "luck points", 0, MAX_LUCK),
        armor=armor or None,
        coating=coating or None,
        shield=shield or None,
        max_damage=max_damage,
        character=character,
        arms=tuple(check_arm(a) for a in arms),
        conditions=tuple(conditions),
        bleeding_since=combat.clock if "bleeding" in conditions else None,
        shield_skill=None
        if shield_skill is None
        else whole(shield_skill, "Shield rating", -MAX_HP, MAX_HP),
        shield_level=shield_level,
    )
    combatant.protection()  # the armor module checks the names and the coating rule (SIM-30)
    return replace(combat, combatants=(*combat.combatants, combatant), next_id=combat.next_id + 1)


def _without(c: Combatant, *conditions: str) -> Combatant:
    return replace(c, conditions=tuple(x for x in c.conditions if x not in conditions))


def _with(c: Combatant, condition: str) -> Combatant:
    return c if c.has(condition) else replace(c, conditions=(*c.conditions, condition))
