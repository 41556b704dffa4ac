"""The fight's turns: combatants joining (GUR-D01) and leaving, the turn order (GUR-05), the
next turn and round (GUR-04), a stunned combatant's Do Nothing and HT roll (GUR-07)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final, Literal

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.figures import signed
from pycore.systems.gurps.damage_roll import strong_bonus
from pycore.systems.gurps.fight.aims import aimed_target, turn_aim
from pycore.systems.gurps.fight.card import raised
from pycore.systems.gurps.fight.checks import choice_held, next_fighter, turn_held
from pycore.systems.gurps.fight.hands import after_maneuver, defenses_taking
from pycore.systems.gurps.fight.once import turn_begins
from pycore.systems.gurps.fight.open_asks import (
    FighterAsks,
    lapsed_shocks_said,
    open_questions,
    questions_said,
)
from pycore.systems.gurps.fight.public import maneuver_public, recovery_public, turn_public
from pycore.systems.gurps.fight.targets import last_target
from pycore.systems.gurps.fight.value import Fight, Logged, Place, Recovery
from pycore.systems.gurps.modifiers import (
    maneuver,
    maneuver_modifier,
    maneuver_names,
)
from pycore.systems.gurps.order import Slot, ties, turn_order
from pycore.systems.gurps.rolls import RolledSuccess, roll_success
from pycore.systems.gurps.sheet import Combatant, edited, fighter
from pycore.systems.gurps.worksheet import offered_options
from pycore.validate import checked

#: The two stuns of 004 line 46: physical (HT recovers) and mental (IQ recovers).
Stun = Literal["physical", "mental"]

# --- the combatants ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Joined(Logged):
    """A combatant added; mid-fight, where they were put in the order (GUR-D01)."""

    name: str
    place: int | None = None
    tiebreak: int | None = None

    @property
    def public(self) -> str:
        return f"{self.name} joins the fight"

    def __str__(self) -> str:
        if self.place is None:
            return f"{self.name} added"
        return (
            f"{self.name} joins the fight at place {self.place + 1} of the order "
            "(by Basic Speed, then DX, then a random draw made now for a tie)"
        )

    @property
    def rules(self) -> tuple[str, ...]:
        return () if self.place is None else ("GUR-D01", "GUR-05")


@dataclass(frozen=True)
class Renamed(Logged):
    """A fighter renamed while the fight runs: the log's earlier lines name them by their old
    name (a GM's play-through: "Fighter 3 joins the fight…", then nothing of Kai)."""

    old: str
    name: str

    @property
    def public(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return f"{self.old} is now named {self.name}"


def _order_key(c: Combatant, tiebreak: int) -> tuple[Fraction, int, int]:
    return (-c.speed, -c.dx, -tiebreak)  # GUR-05: Basic Speed, DX, the random number


@checked
def add(fight: Fight, c: Combatant, rng: RandintSource | None = None) -> tuple[Fight, Joined]:
    """The fight with one more combatant. Before the fight starts they are only on the sheets;
    once it runs they are inserted in the order by the same key, with a tiebreak drawn now, and
    the rest of the order is unchanged (GUR-D01, the text is silent; GUR-05)."""
    if any(o.id == c.id for o in fight.combatants):
        raise RuleError(f"a combatant with id {c.id!r} is already in the fight")
    people = (*fight.combatants, c)
    if not fight.started:
        return replace(fight, combatants=people), Joined(c.name)
    if rng is None:
        raise RuleError("a combatant joining a fight needs a random source for the tiebreak")
    tiebreak = rng.randint(1, 1_000_000)
    key = _order_key(c, tiebreak)
    ranks = [_order_key(fight.combatant(p.id), p.tiebreak) for p in fight.order]
    place = next((i for i, rank in enumerate(ranks) if key < rank), len(ranks))
    order = (*fight.order[:place], Place(c.id, tiebreak), *fight.order[place:])
    turn = fight.turn + 1 if place <= fight.turn else fight.turn
    moved = replace(fight, combatants=people, order=order, turn=turn)
    return moved, Joined(c.name, place, tiebreak)


@dataclass(frozen=True)
class Removed(Logged):
    name: str

    @property
    def public(self) -> str:
        return f"{self.name} leaves the fight"

    def __str__(self) -> str:
        return f"{self.name} removed"


@checked
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
    asks = tuple(a for a in fight.asks if a.who != cid)  # about them: gone with them
    moved = replace(fight, combatants=people, order=order, turn=turn, pending=pending, asks=asks)
    moved = turn_begins(moved, cid)  # their defences are no one else's
    if current is not None and current.id == cid:
        # What a wound in their own turn left for their next (GUR-58 shock, 004 line 46 stun) is
        # theirs: it goes with them, never to the fighter whose turn it now is.
        moved = replace(moved, later=(), next_shock=0)
    return moved, Removed(gone.name)


@checked
def next_target(fight: Fight, cid: str) -> str:
    """The target a fresh attack by ``cid`` starts with, derived from the fight so far
    (shared/FIGHT.md's first law): whom they attacked last while that one is still in the fight
    and conscious; else the first fighter after them in the order (before the fight, in the
    list) who is conscious, else the first after them at all; "" when they are alone. The sheets
    hold no sides, so none are guessed: an ally may come first until they are attacked once.

    >>> next_target(Fight((Combatant(id="a"), Combatant(id="b"))), "b")
    'a'
    >>> from pycore.systems.gurps.fight.targets import with_target
    >>> fight = Fight((Combatant(id="a"), Combatant(id="b"), Combatant(id="c")))
    >>> next_target(with_target(fight, "a", "c"), "a"), next_target(fight, "a")
    ('c', 'b')
    """
    able = {c.id for c in fight.combatants if not c.unconscious}
    if (aimed := aimed_target(fight, cid)) in able:
        return aimed  # GUR-11: their Aim is at them; the attack that follows spends it on them
    if (last := last_target(fight, cid)) in able:
        return last  # still in the fight (a removed fighter's id is in no sheet) and able
    ids = [p.id for p in fight.order] or [c.id for c in fight.combatants]
    start = ids.index(cid) + 1 if cid in ids else 0
    rest = [i for i in ids[start:] + ids[:start] if i != cid]
    return next((i for i in rest if i in able), rest[0] if rest else "")


@checked
def tied_with(fight: Fight, cid: str) -> tuple[str, ...]:
    """Those with the same Basic Speed and DX as ``cid``: their places among them were drawn at
    random (GUR-05), which is all the screen says of the draw.

    >>> tied_with(Fight((Combatant(id="a"), Combatant(id="b", name="Bo"))), "a")
    ('Bo',)
    """
    return tied_names(fight)[fight.combatant(cid).id]


@checked
def tied_names(fight: Fight) -> dict[str, tuple[str, ...]]:
    """:func:`tied_with` for every combatant at once, by id: each Basic Speed read once, so the
    order strip's cards cost no more than one each (issue 33: each card compared its fighter
    with every other one, a tap growing with the square of the fighters).

    >>> tied_names(Fight((Combatant(id="a", name="Al"), Combatant(id="b", name="Bo"))))
    {'a': ('Bo',), 'b': ('Al',)}
    """
    groups: dict[tuple[Fraction, int], list[Combatant]] = {}
    keys = {c.id: (c.speed, c.dx) for c in fight.combatants}
    for c in fight.combatants:
        groups.setdefault(keys[c.id], []).append(c)
    return {
        c.id: tuple([o.name for o in groups[keys[c.id]] if o.id != c.id]) for c in fight.combatants
    }


@checked
def edit(fight: Fight, cid: str, field: str, typed: str) -> Fight:
    """The fight with one field of a combatant's sheet changed to what the user typed. The
    acting combatant's maneuver or option set by the GM is their choice for this turn (GUR-06)."""
    before = fight.combatant(cid)
    if field == "posture" and before.posture == "Lying Down" and typed.strip() == "Standing":
        # GUR-09 (004 line 48): "You cannot stand directly from a lying position; you must
        # first move to a crawling, kneeling, or sitting posture before standing."
        raise RuleError(
            f"{before.name} cannot stand directly from lying down: first crawling, kneeling or "
            "sitting, then standing on a later Change Posture."
        )
    changed = fight.with_combatant(edited(before, field, typed))
    current = fight.current()
    if field in ("maneuver", "option") and current is not None and current.id == cid:
        taken = changed.combatant(cid)
        if field == "maneuver" and (taken.maneuver != before.maneuver or not fight.chosen):
            # chosen on their select as on the chips: a Ready draws a weapon (fight/hands.py)
            changed = after_maneuver(changed, taken)
        return replace(changed, chosen=True)
    return changed


# --- the turn order (GUR-04, GUR-05, GUR-06) --------------------------------------------------


@dataclass(frozen=True)
class OrderDrawn(Logged):
    slots: tuple[Slot, ...]
    round: int = 1
    restart: bool = False

    @property
    def public(self) -> str:
        return "Turn order drawn"

    def __str__(self) -> str:
        head = f"New turn order, round {self.round} goes on" if self.restart else "Turn order"
        return f"{head}: " + "; ".join(str(s) for s in self.slots) + ties(self.slots)

    @property
    def rules(self) -> tuple[str, ...]:
        return ("GUR-05",)


@checked
def start(fight: Fight, rng: RandintSource) -> tuple[Fight, OrderDrawn]:
    """GUR-05: sort by Basic Speed, then DX, then a random number drawn now and kept for the
    fight; round 1 begins with the first in the order. A restart draws a new order and the
    round goes on (time does not go back)."""
    if not fight.combatants:
        raise RuleError("add combatants first")
    slots = turn_order([fighter(c) for c in fight.combatants], rng)
    order = tuple(Place(s.key, s.tiebreak) for s in slots)
    if held := turn_held(fight, order[0].id):
        raise RuleError(held)  # a restart begins their turn: as next_turn
    rnd = fight.round if fight.started else 1
    drawn = OrderDrawn(slots, rnd, fight.started)
    fresh = replace(
        fight,
        round=rnd,
        order=order,
        turn=0,
        recovery="",
        attacks=0,
        mental_recovery="",
        chosen=False,
    )
    return _stun_holds(fresh), drawn


def _stun_holds(fight: Fight) -> Fight:
    """A turn begins: nothing is chosen yet (GUR-06, 004 line 27: they choose their maneuver each
    turn; last turn's stays on their sheet for their defenses only until they do, 004 line 29).
    004 line 46: a stunned combatant must take Do Nothing, so it is chosen for them."""
    fight = replace(fight, chosen=False)
    who = fight.current()
    if who is not None:
        # GUR-04: their own turn begins; the block and parry of their last are their again.
        fight = turn_begins(fight, who.id)
    if who is None or not (who.dazed or who.unconscious):
        return fight
    return replace(
        fight.with_combatant(replace(who, maneuver="Do Nothing", option="")), chosen=True
    )


@dataclass(frozen=True)
class TurnBegun(Logged):
    round: int
    name: str
    maneuver: str
    stunned: bool = False
    recovered: str = ""
    rolls: str = "HT"  # the roll or rolls that recover them: HT, IQ, or HT and IQ (004 line 46)
    # The questions after an injury (GUR-58) the turn passing changes: those asked in the turn
    # that ends, left open for later, and shocks whose turn is over, dropped. Those carried
    # from before are not said again: the turn's panel keeps them on one line (issue 27).
    left_open: tuple[FighterAsks, ...] = ()
    lapsed: tuple[FighterAsks, ...] = ()

    @property
    def public(self) -> str:  # GUR-06: their maneuver is chosen next, unless stunned
        return turn_public(self.name, self.stunned)

    def __str__(self) -> str:
        text = f"Round {self.round}: {self.name}'s turn"
        if self.stunned:  # 004 line 46: Do Nothing is taken for them
            text += f" (maneuver in effect: {self.maneuver})"
            text += f"; stunned: must Do Nothing and may roll {self.rolls} to recover"
        else:
            # GUR-06: chosen anew each turn; last turn's holds for their defenses until then.
            text += f": a maneuver to choose ({self.maneuver} holds for defenses until then)"
        if self.recovered:
            text = f"{self.recovered} recovers from stun at the end of the turn. {text}"
        if self.lapsed:
            text = f"{lapsed_shocks_said(self.lapsed)}. {text}"
        if self.left_open:
            text = f"Left open for later: {questions_said(self.left_open)}. {text}"
        return text

    @property
    def rules(self) -> tuple[str, ...]:
        asked = ("GUR-58",) if self.left_open or self.lapsed else ()
        return ("GUR-04", "GUR-06", *(("GUR-07",) if self.stunned else ()), *asked)


@checked
def next_turn(fight: Fight, aimed_at: str = "") -> tuple[Fight, TurnBegun]:
    """GUR-04: the next combatant's turn; after the last, a new round (one second) begins. A
    stun recovered this turn ends now, at the end of the turn; a stunned combatant whose turn
    begins must take Do Nothing (004 line 46). ``aimed_at``: whom the one leaving aimed at, if
    their maneuver was Aim (GUR-11: their Aim is counted, or ended, as their turn ends)."""
    leaving = fight.current()
    if leaving is None:
        raise RuleError("start the fight first")
    fight = turn_aim(fight, leaving.id, aimed_at)
    physical, mental = fight.recovery == "recovered", fight.mental_recovery == "recovered"
    if leaving.shock != fight.next_shock:
        # The shock the GM's book gave lasts their next turn (GUR-58): it ends with this one;
        # the one a wound in this turn of their left (fight.next_shock) counts on their next.
        fight = fight.with_combatant(replace(leaving, shock=fight.next_shock))
        leaving = fight.combatant(leaving.id)
    if physical or mental:
        fight = fight.with_combatant(
            replace(
                leaving,
                stunned=leaving.stunned and not physical,
                mental_stun=leaving.mental_stun and not mental,
            )
        )
    turn = fight.turn + 1
    rnd = fight.round
    if turn >= len(fight.order):
        turn, rnd = 0, rnd + 1
    if held := turn_held(fight, next_fighter(fight)):
        raise RuleError(held)  # their failed roll's outcome decides their turn (GUR-58, 004 l. 46)
    # The questions an injury leaves for the GM's book (GUR-58, 004 lines 347-349) stay with the
    # fighter they concern until answered or dismissed: at a table the GM often lets the next
    # fighter act and answers when the book is open, and the rules do not need them before
    # the turn passes (the shock counts on the victim's next turn, the stun and the
    # consciousness roll when they are recorded). Forcing them first would cost a tap per
    # question on every turn; dropping them lost a shock, a knockdown, a fall unseen.
    # The log says only what the turn passing changes: the questions this turn leaves open.
    left_open = open_questions(fight, tuple(a for a in fight.asks if not (a.carried or a.lapsed)))
    moved = replace(
        fight,
        turn=turn,
        round=rnd,
        recovery="",
        attacks=0,
        mental_recovery="",
        later=(),
        next_shock=0,
    )
    moved = _stun_holds(moved)
    who = moved.current()
    assert who is not None
    passed = tuple(a.turn_passes(leaving.id, who.id) for a in moved.asks)
    # A shock counts on the victim's next turn only (GUR-58): once that turn is over, no answer
    # changes the fight, so it is no longer a question. It lapses here, with the turn it counted
    # on, as Next expires a timed condition (FIGHT.md), and the log says so: never in silence
    # (issue 27). Kept, it stood among the open questions as if it mattered, once per hit.
    lapsed = open_questions(moved, tuple(a for a in passed if a.lapsed))
    moved = replace(moved, asks=tuple(a for a in passed if not a.lapsed))
    recovered = leaving.name if physical or mental else ""
    rolls = " and ".join(r for r, on in (("HT", who.stunned), ("IQ", who.mental_stun)) if on)
    return moved, TurnBegun(
        rnd, who.name, who.maneuver, who.dazed, recovered, rolls or "HT", left_open, lapsed
    )


@dataclass(frozen=True)
class ManeuverTaken(Logged):
    """The maneuver the acting combatant chose for this turn (GUR-06), with its option."""

    name: str
    maneuver: str
    option: str = ""

    @property
    def public(self) -> str:
        return maneuver_public(self.name, self.maneuver, self.option)

    def __str__(self) -> str:
        chosen = f"{self.maneuver} ({self.option})" if self.option else self.maneuver
        return f"{self.name} takes {chosen} this turn"

    @property
    def rules(self) -> tuple[str, ...]:
        return ("GUR-06",)


@checked
def take_maneuver(fight: Fight, name: str, option: str = "") -> tuple[Fight, ManeuverTaken]:
    """GUR-06 (004 line 27): the acting combatant chooses their maneuver at the start of their turn,
    so before their first attack of it; a stunned one must take Do Nothing (004 line 46). The
    option is one the maneuver offers for their weapon (GUR-16, GUR-17); All-Out Attack needs one
    to be rolled (:func:`~pycore.systems.gurps.fight.attack.attack`)."""
    current = fight.current()
    if current is None:
        raise RuleError("start the fight first")
    if fight.attacks:
        raise RuleError(
            f"{current.name} has attacked this turn: a maneuver is chosen at the start of "
            "one's own turn, before attacking"
        )
    known = maneuver_names()
    if name not in known:
        raise RuleError(f"maneuver {name!r} is unknown; allowed: {', '.join(known)}")
    if held := choice_held(fight, current.id):
        raise RuleError(held)  # stunned or unconscious, he would not choose (004 l. 46, 210)
    if (current.dazed or current.unconscious) and name != "Do Nothing":
        state = "stunned" if current.dazed else "unconscious"
        raise RuleError(f"{current.name} is {state} and must take Do Nothing this turn")
    offered = offered_options(current, name)
    if option and option not in offered:
        allowed = ", ".join(offered) or "none"
        raise RuleError(f"{name} option {option!r} is not offered; allowed: {allowed}")
    taken = replace(current, maneuver=name, option=option)
    after = replace(fight.with_combatant(taken), chosen=True)
    # 004 line 95: a Ready draws a weapon, the GM says which (fight/hands.py)
    return after_maneuver(after, taken), ManeuverTaken(current.name, name, option)


@dataclass(frozen=True)
class ManeuverChoice:
    """One maneuver (with one of its options) the acting combatant may take, and what it
    allows this turn: attacks and their modifier, the defenses it leaves until their next turn,
    full Move or not (GUR-06, GUR-T02)."""

    maneuver: str
    option: str
    attacks: int
    to_hit: int
    defenses: tuple[str, ...]
    full_move: bool
    note: str = ""

    @property
    def label(self) -> str:
        return f"{self.maneuver} ({self.option})" if self.option else self.maneuver

    @property
    def allows(self) -> str:
        """What it allows, in words: "1 attack +4 · no defense"; "full Move" when it has it."""
        if not self.attacks:
            attack = "no attack"
        else:
            attack = f"{self.attacks} attack{'s' if self.attacks > 1 else ''}"
            if self.to_hit:
                attack += f" {signed(self.to_hit)}"
        defend = ", ".join(self.defenses) if self.defenses else "no defense"
        move = "full Move" if self.full_move else ""  # the others: no full Move (GUR-T02)
        return " · ".join(filter(None, (attack, self.note, defend, move)))


@checked
def maneuver_choices(fight: Fight) -> tuple[ManeuverChoice, ...]:
    """The maneuvers the acting combatant may choose now, one per option (GUR-06, GUR-T02):
    only Do Nothing while stunned (004 line 46); nothing before the fight starts."""
    current = fight.current()
    if current is None:
        return ()
    result = []
    for name in maneuver_names():
        if (current.dazed or current.unconscious) and name != "Do Nothing":
            continue
        rules = maneuver(name)
        for option in _options(fight, current, name):
            taken = replace(current, maneuver=name, option=option)
            result.append(
                ManeuverChoice(
                    name,
                    option,
                    fight.attacks_allowed(taken) if rules.can_attack else 0,
                    maneuver_modifier(name, melee=not current.ranged, option=option).value
                    if rules.can_attack
                    else 0,
                    _defenses_left(fight, taken, option),
                    rules.full_move,
                    _note(current, name, option),
                )
            )
    return tuple(result)


def _defenses_left(fight: Fight, c: Combatant, option: str) -> tuple[str, ...]:
    """Their defenses until their next turn (GUR-18) with what their hands hold, as their card says
    them (:func:`.hands.defenses_now`: no parry while both grip a bow), +2 to the one
    Increased Defense names (GUR-17). A GM's play-through: Bo's card read "Aim · dodge", their
    turn line "Aim — no attack · dodge, parry". The hand the maneuver leaves them
    (:func:`.hands.defenses_taking`): the chip and, once tapped, their turn's line agree."""
    return raised(defenses_taking(fight, c), option)


def _options(fight: Fight, c: Combatant, name: str) -> tuple[str, ...]:
    """The options of maneuver ``name`` they may take: no Increased Parry with no parry in the
    turn it begins. Its defenses are the new maneuver's, not last turn's, which it replaces
    (GUR-06): after All-Out Attack, whose "no defense" held until now, AOD still raises a parry
    (a GM's play-through offered Cy only Increased Dodge and Double Defense)."""
    kinds = defenses_taking(fight, replace(c, maneuver=name, option=""))
    offered = offered_options(c, name) or ("",)
    return tuple(o for o in offered if o != "Increased Parry" or "parry" in kinds)


def _note(c: Combatant, name: str, option: str) -> str:
    if name == "Move and Attack" and not c.ranged:
        return "melee skill at most 9"  # GUR-15
    if option == "Strong":
        return f"damage +{strong_bonus(c.damage)}"  # GUR-16
    if option == "Double Defense":
        return "a second defense after a failed one"  # GUR-17
    return ""


#: A stun begun in their own turn: no roll to recover until their next (004 line 46).
STUNNED_NOW: Final = (
    "{} was stunned in this turn: the roll to recover comes on the next one, the Do Nothing turn"
)


@dataclass(frozen=True)
class Recovered(Logged):
    """The HT roll against physical stun, or the IQ roll against mental stun, a stunned
    combatant may make on their turn (GUR-07, 004 line 46)."""

    name: str
    rolled: RolledSuccess
    kind: Stun = "physical"

    @property
    def public(self) -> str:
        return recovery_public(self.name, self.kind != "physical", self.rolled.success)

    def __str__(self) -> str:
        outcome = (
            "recovers at the end of the turn and acts normally next turn"
            if self.rolled.success
            else "stays stunned"
        )
        what = "stun" if self.kind == "physical" else "mental stun"
        return f"{self.name} rolls to recover from {what}: {self.rolled}; {outcome}"

    @property
    def rules(self) -> tuple[str, ...]:
        return ("GUR-07",)


@checked
def recover(fight: Fight, rng: RandintSource, kind: Stun = "physical") -> tuple[Fight, Recovered]:
    """004 line 46: on each of their turns a stunned combatant may roll HT to recover from
    physical stun, or IQ from mental stun; on a success they recover at the end of the turn
    (:func:`next_turn` clears it). One roll of each kind a turn; with both stuns, one of each
    (the text gives no rule for both)."""
    who = fight.current()
    if who is None:
        raise RuleError("start the fight first")
    if kind not in ("physical", "mental"):
        raise RuleError(f"stun {kind!r} is neither physical nor mental")
    mental = kind == "mental"
    if not (who.mental_stun if mental else who.stunned):
        raise RuleError(f"{who.name} is not {'mentally ' if mental else ''}stunned")
    if fight.mental_recovery if mental else fight.recovery:
        raise RuleError(f"{who.name} has already rolled to recover this turn")
    if not mental and "stun" in fight.later:
        # Stunned in this turn of theirs, after they acted: the roll is made on their turn of Do
        # Nothing (004 line 46, GUR-07), their next; until they recover, −4 to defend (GUR-45).
        raise RuleError(STUNNED_NOW.format(who.name))
    rolled = roll_success("IQ" if mental else "HT", who.iq if mental else who.ht, rng)
    after: Recovery = "recovered" if rolled.success else "failed"
    moved = replace(fight, mental_recovery=after) if mental else replace(fight, recovery=after)
    return moved, Recovered(who.name, rolled, kind)
