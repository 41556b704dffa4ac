"""The fight as a value: the combatants, the order, the round, whose turn it is, the attack under
way (GUR-04 to GUR-06, GUR-19), and its saved form in the ``gurps`` section."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from pycore.errors import RuleError
from pycore.systems.gurps.sheet import Combatant, combatant_from_json, combatant_to_json
from pycore.systems.gurps.worksheet import AttackSetup, setup_from_json, setup_to_json
from pycore.validate import checked

Stage = Literal["defense", "damage"]
#: The current combatant's stun recovery this turn: not tried, tried and failed, recovered.
Recovery = Literal["", "failed", "recovered"]
NO_DEFENSE: Final = "none"


@dataclass(frozen=True)
class Place:
    """One place in the turn order: the combatant's id and the tiebreak drawn for it (GUR-05)."""

    id: str
    tiebreak: int


AskKind = Literal["shock", "knockdown", "consciousness"]
_ASK_LABELS: Final = {
    "shock": "shock from this injury",
    "knockdown": "knockdown and stun roll",
    "consciousness": "roll to stay conscious at 0 HP or below",
}


@dataclass(frozen=True)
class Ask:
    """What an injury leaves for the GM's book to decide (GUR-58, 004 lines 347-349): the
    shock, a knockdown and stun roll at the texts' ``modifier`` to HT (003 lines 43, 48, 52),
    a roll to stay conscious; ``rolled``: the 3d6 total once rolled (0: not yet)."""

    kind: AskKind
    who: str
    modifier: int = 0
    note: str = ""
    rolled: int = 0
    success: bool = False

    @property
    def label(self) -> str:
        return _ASK_LABELS[self.kind]


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
    mental_recovery: Recovery = ""  # his IQ roll against mental stun this turn (GUR-07)
    # GUR-06 (004 line 27): the current combatant has chosen his maneuver for this turn. Until
    # he does, the one on his sheet is last turn's, in force only for his defenses (004 line 29).
    chosen: bool = False
    asks: tuple[Ask, ...] = ()  # what the last injuries leave for the GM's book (GUR-58)

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


# --- saved form -------------------------------------------------------------------------------


@checked
def fight_to_json(fight: Fight) -> dict[str, Any]:
    """The fight as the ``gurps`` section stores it: ``combatants``, ``fight`` (round, order,
    turn) and ``pending``.

    >>> data = fight_to_json(Fight((Combatant(id="a"),), 2, (Place("a", 7),)))
    >>> data["fight"], fight_from_json(data).order
    ({'round': 2, 'order': [{'id': 'a', 'tiebreak': 7}], 'turn': 0, 'recovery': '', 'attacks': 0, 'mental_recovery': '', 'chosen': False}, (Place(id='a', tiebreak=7),))
    """
    pending = fight.pending
    return {
        "combatants": [combatant_to_json(c) for c in fight.combatants],
        "fight": {
            "round": fight.round,
            "order": [{"id": p.id, "tiebreak": p.tiebreak} for p in fight.order],
            "turn": fight.turn,
            "recovery": fight.recovery,
            "attacks": fight.attacks,
            "mental_recovery": fight.mental_recovery,
            "chosen": fight.chosen,
        },
        "asks": [
            {
                "kind": a.kind,
                "who": a.who,
                "modifier": a.modifier,
                "note": a.note,
                "rolled": a.rolled,
                "success": a.success,
            }
            for a in fight.asks
        ],
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


def _ask_from_json(raw: Mapping[str, Any], ids: set[str]) -> Ask | None:
    kind, who = raw.get("kind"), str(raw.get("who", ""))
    if kind not in _ASK_LABELS or who not in ids:
        return None  # a question about someone gone, or of a kind unknown: dropped
    modifier, rolled = raw.get("modifier", 0), raw.get("rolled", 0)
    if not (isinstance(modifier, int) and -20 <= modifier <= 0):
        raise RuleError(f"saved question's modifier {modifier!r:.20} is outside -20 to 0")
    if not (isinstance(rolled, int) and rolled in (0, *range(3, 19))):
        raise RuleError(f"saved question's roll {rolled!r:.20} is not 0 or 3 to 18")
    return Ask(
        kind, who, modifier, str(raw.get("note", ""))[:200], rolled, bool(raw.get("success"))
    )


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


@checked
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
    recovery = saved.get("recovery", "")
    mental = saved.get("mental_recovery", "")
    return Fight(
        people,
        int(saved.get("round", 0)),
        order,
        min(max(turn, 0), max(len(order) - 1, 0)),
        _pending_from_json(raw) if isinstance(raw, Mapping) else None,
        recovery if recovery in ("failed", "recovered") else "",
        max(int(saved.get("attacks", 0)), 0),
        mental if mental in ("failed", "recovered") else "",
        saved.get("chosen") is True,
        tuple(
            a
            for a in (
                _ask_from_json(r, ids)
                for r in (data.get("asks") or ())[:50]
                if isinstance(r, Mapping)
            )
            if a is not None
        ),
    )
