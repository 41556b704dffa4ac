"""The fight as a value: the combatants, the order, the round, whose turn it is, the attack under
way (GUR-04 to GUR-06, GUR-19); its saved form is :mod:`~pycore.systems.gurps.fight.codec`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from pycore.errors import RuleError
from pycore.step import Step
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup

#: "strike": the roll after a weapon parry of an unarmed attack (GUR-49, fight/parry_strike.py).
Stage = Literal["defense", "damage", "strike"]
#: The current combatant's stun recovery this turn: not tried, tried and failed, recovered.
Recovery = Literal["", "failed", "recovered"]
NO_DEFENSE: Final = "none"
#: The most shock a blow gives in the texts: doubled from crushing to a male's groin, −8.
MAX_SHOCK: Final = 8
#: What an injury in a fighter's own turn leaves for their next (:attr:`Fight.later`); their shock
#: for it is :attr:`Fight.next_shock`.
Later = Literal["stun"]
LATER: Final[tuple[Later, ...]] = ("stun",)


class Logged:
    """What every step of the fight returns (shared/FIGHT.md, "One protocol"): ``str()`` is the
    GM's line with its numbers and no rule IDs, ``rules`` the rules it applied (shown only in
    the "Why" a user opens), and :attr:`step` the shared :class:`~pycore.step.Step` the log
    keeps, whose players' line is built from the values (:mod:`.public`)."""

    @property
    def rules(self) -> tuple[str, ...]:
        return ()

    @property
    def public(self) -> str:
        """The players' line (built by :mod:`.public` from this step's values); "" for none."""
        return ""

    @property
    def step(self) -> Step:
        return Step(str(self), self.public, self.rules)


@dataclass(frozen=True)
class Place:
    """One place in the turn order: the combatant's id and the tiebreak drawn for it (GUR-05)."""

    id: str
    tiebreak: int


AskKind = Literal["shock", "knockdown", "consciousness"]
ASK_LABELS: Final = {
    "shock": "shock from this injury",
    "knockdown": "knockdown and stun roll",
    "consciousness": "roll to stay conscious at 0 HP or below",
}


@dataclass(frozen=True)
class Ask:
    """What an injury leaves for the GM's book to decide (GUR-58, 004 lines 347-349): the
    shock, a knockdown and stun roll at the texts' ``modifier`` to HT (003 lines 43, 48, 52),
    a roll to stay conscious; ``rolled``: the 3d6 total once rolled (0: not yet). It stays with
    ``who`` until answered or dismissed, across the turns (issue 27: nothing left to paper),
    except a shock, which lapses with the turn it counts on (:func:`.turns.next_turn`).
    ``turns``: their turns since the injury, for the shock that counts on their next turn only
    (GUR-58): 0 it has not begun, 1 it is under way, 2 it is over. ``carried``: a turn has
    passed since it was asked (the screen then keeps it to one line above the step)."""

    kind: AskKind
    who: str
    modifier: int = 0
    note: str = ""
    rolled: int = 0
    success: bool = False
    turns: int = 0
    carried: bool = False

    @property
    def label(self) -> str:
        return ASK_LABELS[self.kind]

    @property
    def lapsed(self) -> bool:
        """A shock whose turn is over: recording it now changes nothing (GUR-58). The turn
        passing drops it; only a fight saved before it did so still holds one."""
        return self.kind == "shock" and self.turns >= 2

    def turn_passes(self, leaving: str, coming: str) -> Ask:
        """The same question after ``leaving``'s turn ends and ``coming``'s begins."""
        turns = self.turns
        if self.who == leaving and turns == 1:
            turns = 2  # their next turn since the injury is over
        if self.who == coming and turns == 0:
            turns = 1  # their next turn since the injury begins
        return replace(self, turns=turns, carried=True)


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
    index into ``order``), the attack under way and the current combatant's stun recovery roll
    this turn (GUR-07)."""

    combatants: tuple[Combatant, ...] = ()
    round: int = 0
    order: tuple[Place, ...] = ()
    turn: int = 0
    pending: Pending | None = None
    recovery: Recovery = ""
    attacks: int = 0  # attacks the current combatant has made this turn
    mental_recovery: Recovery = ""  # their IQ roll against mental stun this turn (GUR-07)
    # GUR-06 (004 line 27): the current combatant has chosen their maneuver for this turn. Until
    # they do, the one on their sheet is last turn's, in force only for their defenses (004 line 29).
    chosen: bool = False
    asks: tuple[Ask, ...] = ()  # what the last injuries leave for the GM's book (GUR-58)
    # (fighter, fighter, yards, modifier): the range of their last ranged attack, with the GM's
    # speed/range modifier past the table for it ("" if none; fight/ranges.py).
    ranges: tuple[tuple[str, str, str, str], ...] = ()
    # (attacker, target): whom each fighter attacked last (fight/targets.py).
    targets: tuple[tuple[str, str], ...] = ()
    # (fighter, attack line): the weapon in their hand, their last attack's (fight/hands.py).
    hands: tuple[tuple[str, int], ...] = ()
    # Who took Ready with the weapon they drew not said yet: their hand holds what it held.
    drawing: tuple[str, ...] = ()
    # (fighter, target, seconds): the Aim maneuvers they took at that target on their turns just
    # before this one (GUR-11; fight/aims.py).
    aims: tuple[tuple[str, str, int], ...] = ()
    # What an injury in the current combatant's own turn leaves for their next turn: "stun" (004
    # line 46, GUR-07: they roll to recover on their next turn, the Do Nothing one, not at once).
    later: tuple[Later, ...] = ()
    # GUR-58: the shock a wound in the current combatant's own turn leaves: it counts on their
    # next turn, not on this one. Held apart from their sheet's ``shock``, which for them is the
    # shock counting on this turn (from a wound before it): both stand, each for its turn, so
    # their second attack of this turn has the one and not the other (a GM's play-through).
    next_shock: int = 0
    # (fighter, defence): each defence rolled since that fighter's own turn began, oldest first
    # (GUR-04): one block and one parry per turn are read from it (GUR-47, GUR-48; fight/once.py).
    defended: tuple[tuple[str, str], ...] = ()

    def attacks_allowed(self, c: Combatant) -> int:
        """Attacks the maneuver allows a turn: two with All-Out Attack (Double), else one
        (GUR-16, GUR-19)."""
        return 2 if c.maneuver == "All-Out Attack" and c.option == "Double" else 1

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
