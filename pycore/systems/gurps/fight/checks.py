"""After an injury: what the GM's book decides, asked and recorded (issue 27 item 2).

The texts stop at the injury: "the severity and type of the wound indicate what happens next",
in a chapter they do not include (004 lines 347-349, GUR-58). So nothing here is decided by the
app: after a hit that injures, the step asks the GM for the shock their book gives, for a
knockdown and stun roll, and, at 0 HP or below, for a roll to stay conscious. The texts give
only the modifiers: knockdown rolls at −10 on the skull and the eye (003 lines 43, 46), −5 on
the face (003 line 48) and on a male's groin, whose shock from crushing is doubled, at most −8
(003 line 52). A roll is 3d6 against HT plus that modifier, "roll for me" or typed; its outcome
becomes a condition in one tap: stunned (enforced as 004 line 46 says: Do Nothing, −4 to
defend), stunned and prone, unconscious (no action, no defense: 004 line 210's "unable to
react"), a shock penalty to their attacks on their next turn, or nothing.

>>> from pycore.dice import typed_dice
>>> from pycore.systems.gurps.fight.value import Fight
>>> from pycore.systems.gurps.sheet import Combatant
>>> fight = Fight((Combatant(id="b", name="Bo", ht=11, hp_now=-2),))
>>> fight = ask_after_injury(fight, "b", "skull", "cr", injury=6)
>>> [(a.kind, a.modifier) for a in fight.asks]
[('shock', 0), ('knockdown', -10), ('consciousness', 0)]
>>> fight, rolled = roll_check(fight, 1, typed_dice("3d6", "9"))
>>> str(rolled)
'Bo: knockdown and stun roll: HT 11 −10 = 1: 3d6 = 9 (total typed): failure by 8'
>>> fight, settled = settle(fight, 1, "stunned")
>>> str(settled), fight.combatant("b").stunned
('Bo: stunned (knockdown and stun roll)', True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, Literal

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.gurps.fight.public import answered_public
from pycore.systems.gurps.fight.value import MAX_SHOCK, Ask, Fight, Logged
from pycore.systems.gurps.rolls import RolledSuccess, roll_success
from pycore.validate import checked, shown

#: The outcomes the GM may record, by kind of ask.
OUTCOMES: Final[dict[str, tuple[str, ...]]] = {
    "knockdown": ("stunned", "stunned and prone", "no effect"),
    "consciousness": ("unconscious", "stays conscious"),
    "shock": (*(f"shock −{n}" for n in range(1, 9)), "no shock"),
}
#: GUR-58: shock counts on the victim's next turn only, so two hits before that turn give one
#: penalty on it: the worst of the two (the reading the fight keeps; the texts give none).
#: The questions whose answer decides whether he chooses a maneuver at all (:func:`choice_held`).
_DECIDING: Final = {"knockdown": "knockdown roll", "consciousness": "consciousness roll"}
SECOND_SHOCK: Final = "another hit's shock is open for the same turn: the worst applies"
Outcome = Literal["stunned", "stunned and prone", "no effect", "unconscious", "stays conscious"]


def _knockdown_modifier(location: str, damage_type: str, male: bool) -> int:
    """003 lines 43, 46, 48, 52: −10 skull and eye (not for toxic), −5 face, −5 a male's
    groin; otherwise the texts give none."""
    if location in ("skull", "eye") and damage_type != "tox":
        return -10
    if location == "face" or (location == "groin" and male):
        return -5
    return 0


@checked
def ask_after_injury(
    fight: Fight, cid: str, location: str, damage_type: str, *, injury: int
) -> Fight:
    """The asks an injury leaves on the fight (none when it did not injure): the shock, a
    knockdown and stun roll with the texts' modifier, and at 0 HP or below a roll to stay
    conscious; none for one already unconscious, whom no answer could change. Asks still open
    from an earlier hit on them are kept beside this hit's (issue
    27: a second hit never answers the first's in silence); a second shock for the same turn
    of their says that the worst applies (:func:`settle`)."""
    c = fight.combatant(cid)
    if injury <= 0 or c.unconscious:
        # Already unconscious (the GM's book said so): no action, no defense (004 line 210),
        # so a shock on their attacks, a stun or another roll to stay conscious changes nothing;
        # the texts give no death rule (GUR-58), so nothing else is asked either.
        return fight
    notes = []
    if location == "groin" and c.male and damage_type == "cr":
        notes.append("double from crushing to the groin, at most −8")  # 003 line 52
    # Another shock for the same turn of theirs: one recorded for their next turn, or still open
    # from a hit since their last turn began (its turn not begun: ``turns`` 0). Hurt in their own
    # turn, the shock counting on this turn is another turn's: their next is fight.next_shock.
    current = fight.current()
    own = current is not None and current.id == cid
    if (fight.next_shock if own else c.shock) or any(
        a.kind == "shock" and a.who == cid and a.turns == 0 for a in fight.asks
    ):
        notes.append(SECOND_SHOCK)
    # The notes are shown on screen; their lines are in the "Why".
    asks = [Ask("shock", cid, 0, "; ".join(notes))]
    if major_wound(c.hp, injury):
        # A knockdown and stun roll only for a major wound, "loss of over 1/2 HP from one
        # blow" (003 line 54, GUR-37; the stat HP, as the rules file reads it): the texts give
        # the roll's modifiers for the skull, eye, face and groin (003 lines 43, 48, 52) but
        # no roll for a lesser wound there. A GM's play-through: it was asked on an injury
        # of 1 at HP −5, and of 6 at HP 12.
        asks.append(Ask("knockdown", cid, _knockdown_modifier(location, damage_type, c.male)))
    if c.hp_now <= 0:
        asks.append(Ask("consciousness", cid))
    return replace(fight, asks=(*fight.asks, *asks))


@checked
def outcomes(fight: Fight, ask: Ask) -> tuple[str, ...]:
    """The outcomes offered for ``ask``: a fighter already lying down cannot be knocked down,
    so "stunned and prone" is not offered to them (a GM's play-through saw it offered); stunned
    or no effect are.

    >>> from pycore.systems.gurps.sheet import Combatant
    >>> down = Fight((Combatant(id="b", posture="Lying Down"),))
    >>> outcomes(down, Ask("knockdown", "b"))
    ('stunned', 'no effect')
    """
    allowed = OUTCOMES[ask.kind]
    if ask.kind == "knockdown" and fight.combatant(ask.who).posture == "Lying Down":
        return tuple(o for o in allowed if o != "stunned and prone")
    return allowed


@checked
def major_wound(hp: int, injury: int) -> bool:
    """003 line 54: a major wound is the "loss of over 1/2 HP from one blow" (GUR-37).

    >>> major_wound(12, 6), major_wound(12, 7), major_wound(11, 6)
    (False, True, True)
    """
    return injury * 2 > hp


def _failed_said(fight: Fight, ask: Ask) -> str:
    """A failed roll's question in words, with the outcomes the GM may record."""
    *most, last = outcomes(fight, ask)
    offered = f"{', '.join(most)} or {last}" if most else last
    name = fight.combatant(ask.who).name
    return f"{name}'s {ask.label} failed: record its outcome ({offered})"


@checked
def turn_held(fight: Fight, cid: str) -> str:
    """Why ``cid``'s turn may not begin ("" when it may): a knockdown and stun roll or a roll
    to stay conscious of theirs was made and failed, and its outcome is not recorded. The texts
    leave the outcome to the GM's book (GUR-58, 004 lines 347-349), but the dice have spoken:
    the outcome decides their turn (stunned: Do Nothing, 004 line 46; unconscious: no action,
    004 line 210). A GM's play-through: Ana failed both rolls by 7, left them open, and their
    turn offered every maneuver, Attack included.

    >>> from pycore.systems.gurps.sheet import Combatant
    >>> failed = Ask("knockdown", "a", rolled=18)
    >>> turn_held(Fight((Combatant(id="a", name="Ana"),), asks=(failed,)), "a")
    "Ana's knockdown and stun roll failed: record its outcome (stunned, stunned and prone or no effect) before Ana's turn begins"
    """
    said = [_failed_said(fight, fight.asks[i]) for i in failed_rolls(fight, cid)]
    if not said:
        return ""
    return f"{'; '.join(said)} before {fight.combatant(cid).name}'s turn begins"


@checked
def choice_held(fight: Fight, cid: str) -> str:
    """Why ``cid`` may not choose a maneuver yet ("" when he may): a knockdown and stun roll or
    a roll to stay conscious of his is still open, and its answer decides whether he chooses
    at all (stunned: Do Nothing, 004 line 46; unconscious: no action, 004 line 210). The turn
    may pass with it open (:func:`~.turns.next_turn`: the GM answers when the book is open);
    only his choice waits, as a failed roll holds his turn (:func:`turn_held`). A GM's
    play-through: Bo at −2 HP took Attack with both open; it became Do Nothing once "stunned"
    was answered. A shock only changes his attack's skill, which the attack waits for.

    >>> from pycore.systems.gurps.sheet import Combatant
    >>> bo = Combatant(id="b", name="Bo")
    >>> choice_held(Fight((bo,), asks=(Ask("knockdown", "b"), Ask("consciousness", "b"))), "b")
    "Answer Bo's knockdown roll and consciousness roll first: stunned or unconscious, Bo cannot choose a maneuver"
    >>> choice_held(Fight((bo,), asks=(Ask("shock", "b"),)), "b")
    ''
    """
    kinds = dict.fromkeys(
        a.kind for a in fight.asks if a.who == cid and a.kind in _DECIDING and not a.rolled
    )
    if not kinds:
        return ""
    name = fight.combatant(cid).name
    which = " and ".join(_DECIDING[k] for k in kinds)
    return f"Answer {name}'s {which} first: stunned or unconscious, {name} cannot choose a maneuver"


@checked
def failed_rolls(fight: Fight, cid: str) -> tuple[int, ...]:
    """Their rolls made and failed whose outcome is not recorded (their indexes in
    ``fight.asks``): a roll made closes its question (:func:`roll_check`)."""
    return tuple(i for i, a in enumerate(fight.asks) if a.who == cid and a.rolled and not a.success)


@checked
def next_fighter(fight: Fight) -> str:
    """The id of the fighter whose turn comes next (GUR-04: after the last, the first of the
    next round); "" before the fight starts."""
    return fight.order[(fight.turn + 1) % len(fight.order)].id if fight.order else ""


def _ask(fight: Fight, index: int) -> Ask:
    if not 0 <= index < len(fight.asks):
        raise RuleError(f"question {shown(index)} after the injury is not open")
    return fight.asks[index]


@dataclass(frozen=True)
class Answered(Logged):
    """A question after an injury answered: the roll the GM's book called for (3d6 against HT
    with the texts' modifier), or the outcome they recorded."""

    name: str
    what: str
    rolled: RolledSuccess | None = None
    outcome: str = ""
    lapsed: bool = False  # a shock recorded after their next turn: it changes nothing (GUR-58)
    worst: int = 0  # a second shock for the same turn: the worst of the two, which applies
    closed: int = 0  # their other questions, closed as they are recorded unconscious

    @property
    def public(self) -> str:
        return answered_public(self.name, self.outcome, self.rolled is not None or self.lapsed)

    def __str__(self) -> str:
        if self.rolled is not None:
            then = f"; {self.outcome}" if self.outcome else ""
            return f"{self.name}: {self.what}: {self.rolled}{then}"
        late = "; the next turn is over, so no penalty now" if self.lapsed else ""
        if self.worst:  # GUR-58: one shock penalty on their next turn, the worst recorded
            late = f"; with the other hit's shock the worst applies: −{self.worst}"
        if self.closed:
            other = "question closes" if self.closed == 1 else f"{self.closed} questions close"
            late += f"; the other {other}: unconscious, no answer changes anything"
        return f"{self.name}: {self.outcome} ({self.what}){late}"

    @property
    def rules(self) -> tuple[str, ...]:
        return ("GUR-58",)


Checked = Answered  # the roll
Settled = Answered  # the outcome recorded


@checked
def roll_check(fight: Fight, index: int, rng: RandintSource) -> tuple[Fight, Answered]:
    """Roll the knockdown and stun roll or the roll to stay conscious asked for: 3d6 against
    HT plus the modifier (one roll; the outcome is then recorded with :func:`settle`, but a
    knockdown roll made closes with no effect).

    >>> from pycore.dice import typed_dice
    >>> from pycore.systems.gurps.sheet import Combatant
    >>> fight = Fight((Combatant(id="b", name="Bo", ht=11),), asks=(Ask("knockdown", "b"),))
    >>> fight, made = roll_check(fight, 0, typed_dice("3d6", "9"))
    >>> str(made), fight.asks
    ('Bo: knockdown and stun roll: HT 11: 3d6 = 9 (total typed): success by 2; no effect', ())
    """
    ask = _ask(fight, index)
    if ask.kind == "shock":
        raise RuleError("shock is not rolled: enter what your book gives")
    if ask.rolled:
        raise RuleError("this roll is made: record its outcome")
    c = fight.combatant(ask.who)
    target = c.ht + ask.modifier
    what = f"HT {c.ht} −{-ask.modifier} =" if ask.modifier else "HT"  # "HT 11 −10 = 1"
    rolled = roll_success(what, target, rng)
    if rolled.success:
        # A knockdown and stun roll made: they are neither knocked down nor stunned; a roll to
        # stay conscious made: they stay conscious. Each is recorded with the roll (no tap). A
        # failure's outcome is the GM's book's, which the texts do not include (GUR-58, 004
        # lines 347-349): it stays their pick.
        made = "no effect" if ask.kind == "knockdown" else "stays conscious"
        asks = tuple(a for i, a in enumerate(fight.asks) if i != index)
        return replace(fight, asks=asks), Answered(c.name, ask.label, rolled, made)
    done = replace(ask, rolled=rolled.roll.total, success=rolled.success)
    asks = tuple(done if i == index else a for i, a in enumerate(fight.asks))
    return replace(fight, asks=asks), Answered(c.name, ask.label, rolled)


@checked
def settle(fight: Fight, index: int, outcome: str) -> tuple[Fight, Answered]:
    """Record the outcome the GM's book gives, in one tap, as a condition the fight enforces:
    stunned (004 line 46), prone (Lying Down), unconscious, a shock penalty on their next turn;
    or nothing. The question closes."""
    ask = _ask(fight, index)
    allowed = outcomes(fight, ask)
    if outcome not in allowed:
        raise RuleError(f"{ask.label}: {shown(outcome)} is not one of {', '.join(allowed)}")
    c = fight.combatant(ask.who)
    worst = 0
    # Hurt in their own turn (the question was asked in it: their next turn has not begun, and it
    # is their turn now), as by the limb a parry strikes (GUR-49): what counts "on his next
    # turn" counts on the one after this, which they have used (a GM's play-through).
    current = fight.current()
    own = ask.turns == 0 and current is not None and current.id == ask.who
    later, next_shock = fight.later, fight.next_shock
    if outcome.startswith("stunned"):
        c = replace(c, stunned=True)
        if outcome.endswith("prone"):
            c = replace(c, posture="Lying Down")
        if own and "stun" not in later:  # 004 line 46: they roll to recover on their next turn
            later = (*later, "stun")
    elif outcome == "unconscious":
        c = replace(c, unconscious=True)
    elif outcome.startswith("shock −") and not ask.lapsed:
        # GUR-58: the shock counts on their next turn only; :func:`next_turn` ends it with that
        # turn. Recorded once that turn is over, it is logged and changes nothing.
        # A shock already recorded for that turn (another hit's): the worst applies (GUR-58).
        shock = min(int(outcome.removeprefix("shock −")), MAX_SHOCK)
        before = next_shock if own else c.shock
        worst = max(shock, before) if before else 0
        if own:
            # Held for their next turn: the shock counting on this one (c.shock, from a wound
            # before it) stays for the rest of it, their second attack included.
            next_shock = worst or shock
        else:
            c = replace(c, shock=worst or shock)
    asks = tuple(a for i, a in enumerate(fight.asks) if i != index)
    closed = 0
    if outcome == "unconscious":
        # 004 line 210: no action, no defense; their shock, stun or another roll to stay
        # conscious changes nothing now, so they close, said in the log (never in silence).
        kept = tuple(a for a in asks if a.who != c.id)
        closed, asks = len(asks) - len(kept), kept
    said = Answered(c.name, ask.label, outcome=outcome, lapsed=ask.lapsed, worst=worst)
    settled = replace(fight.with_combatant(c), asks=asks, later=later, next_shock=next_shock)
    return settled, replace(said, closed=closed)


@dataclass(frozen=True)
class Dismissed(Logged):
    """A question after an injury the GM closes unanswered (their book calls for nothing, or they
    settled it at the table): said in the log, never dropped in silence (issue 27)."""

    name: str
    what: str

    def __str__(self) -> str:
        return f"{self.name}: {self.what} dismissed"

    @property
    def rules(self) -> tuple[str, ...]:
        return ("GUR-58",)


@checked
def dismiss(fight: Fight, index: int) -> tuple[Fight, Dismissed]:
    """Close a question after an injury without an answer: nothing changes on their sheet."""
    ask = _ask(fight, index)
    if ask.rolled and not ask.success:
        # The roll was made and failed: the book called for it, so "calls for nothing" is no
        # answer; "no effect" or "stays conscious" is one the GM may record (:func:`turn_held`).
        raise RuleError(_failed_said(fight, ask))
    asks = tuple(a for i, a in enumerate(fight.asks) if i != index)
    return replace(fight, asks=asks), Dismissed(fight.combatant(ask.who).name, ask.label)
