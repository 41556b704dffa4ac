"""The questions an injury leaves open (GUR-58: shock, the knockdown and stun roll, the roll to
stay conscious), said the way a GM reads them: grouped per fighter and counted by kind. Each hit
asks its own (issue 27), so three hits on Kim leave three knockdown rolls; naming each ("Kim's
knockdown and stun roll; Kim's knockdown and stun roll; ...") or giving a bare total ("10") says
less than "Kim — 3 knockdown rolls".

>>> from pycore.systems.gurps.sheet import Combatant
>>> people = (Combatant(id="k", name="Kim"), Combatant(id="s", name="Sam"))
>>> asks = (Ask("knockdown", "k"), Ask("shock", "s"), Ask("knockdown", "k"))
>>> asks += (Ask("consciousness", "k"), Ask("shock", "k"), Ask("knockdown", "s"))
>>> fight = Fight(people, asks=asks)
>>> carried_line(fight)
'Open from earlier injuries: Kim — shock, 2 knockdown rolls, consciousness roll; Sam — shock, knockdown roll'
>>> questions_said(open_questions(fight, asks[:2]))
'Kim — knockdown roll; Sam — shock'
>>> lapsed_shocks_said(open_questions(fight, (Ask("shock", "k", turns=2),)))
"Kim's shock lapsed unanswered (shock counts on the next turn only)"
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from pycore.systems.gurps.fight.value import Ask, AskKind, Fight
from pycore.validate import checked

#: Each kind as a count names it: one, more than one. Their order is the injury's (ASK_LABELS).
KIND_WORDS: Final[dict[AskKind, tuple[str, str]]] = {
    "shock": ("shock", "shocks"),
    "knockdown": ("knockdown roll", "knockdown rolls"),
    "consciousness": ("consciousness roll", "consciousness rolls"),
}

#: The carried line's first words (:func:`carried_line`).
CARRIED_LEAD: Final = "Open from earlier injuries"


def _counted(count: int, one: str, more: str) -> str:
    """``one`` alone for a single one, else the count and ``more``: "3 knockdown rolls"."""
    return one if count == 1 else f"{count} {more}"


@dataclass(frozen=True)
class FighterAsks:
    """One fighter's open questions, counted by kind in the injury's order (shock, knockdown
    roll, consciousness roll). ``lapsed``: their shocks whose turn is over (GUR-58: recorded
    now they change nothing), kept apart from the open ones. The turn passing drops them
    (:func:`~pycore.systems.gurps.fight.turns.next_turn`), so only a fight saved before it did
    still holds any."""

    name: str
    counts: tuple[tuple[AskKind, int], ...] = ()
    lapsed: int = 0

    def parts(self) -> tuple[str, ...]:
        """What is open, one kind each: a page keeps each on one line ("3 knockdown rolls",
        never "3" at a line's end and "knockdown rolls" under it).

        >>> FighterAsks("Kim", (("shock", 1), ("knockdown", 3)), lapsed=2).parts()
        ('shock', '3 knockdown rolls', '2 lapsed shocks (nothing to record)')
        """
        parts = [_counted(n, *KIND_WORDS[kind]) for kind, n in self.counts]
        if self.lapsed:
            lapsed = _counted(self.lapsed, "a lapsed shock", "lapsed shocks")
            parts.append(f"{lapsed} (nothing to record)")
        return tuple(parts)

    def __str__(self) -> str:
        return f"{self.name} — {', '.join(self.parts())}"


@checked
def open_questions(fight: Fight, asks: tuple[Ask, ...] | None = None) -> tuple[FighterAsks, ...]:
    """``asks`` (the fight's own when None) per fighter, in the order the fighters were first
    asked about, each counted by kind; a question about someone no longer in the fight (none
    is kept: :func:`~pycore.systems.gurps.fight.turns.remove`) is left out."""
    asks = fight.asks if asks is None else asks
    names = {c.id: c.name for c in fight.combatants}
    open_ = Counter((a.who, a.kind) for a in asks if not a.lapsed)
    lapsed = Counter(a.who for a in asks if a.lapsed)
    return tuple(
        FighterAsks(
            names[who],
            tuple((kind, open_[who, kind]) for kind in KIND_WORDS if open_[who, kind]),
            lapsed[who],
        )
        for who in dict.fromkeys(a.who for a in asks)
        if who in names
    )


@checked
def questions_said(groups: tuple[FighterAsks, ...]) -> str:
    """The groups on one line, fighter after fighter: "Kim — shock; Sam — knockdown roll"."""
    return "; ".join(str(g) for g in groups)


@checked
def carried_line(fight: Fight) -> str:
    """The one line the questions carried from an earlier turn fold to at the top of a turn
    (issue 27: the next fighter's step keeps its place): what is open, per fighter."""
    return f"{CARRIED_LEAD}: {questions_said(open_questions(fight))}"


@checked
def lapsed_shocks_said(groups: tuple[FighterAsks, ...]) -> str:
    """The shocks the turn passing dropped unanswered (GUR-58: a shock counts on the victim's
    next turn only, so once that turn is over there is nothing left to record)."""
    whose = ", ".join(f"{g.name}'s {_counted(g.lapsed, 'shock', 'shocks')}" for g in groups)
    return f"{whose} lapsed unanswered (shock counts on the next turn only)"


#: What an answer may change, by whose question it is: the attacker's knockdown roll (stunned:
#: no attack, 004 line 46; prone: −4 to hit, GUR-10), their roll to stay conscious (no action)
#: and their shock (off their attacks, GUR-58); the defender's knockdown roll (stunned: −4 to
#: defend, GUR-45; prone) and their roll to stay conscious (no defense, 004 line 210). The
#: defender's shock touches only their own attacks, so it waits.
_BEARING: Final[dict[str, tuple[AskKind, ...]]] = {
    "attacker": ("shock", "knockdown", "consciousness"),
    "defender": ("knockdown", "consciousness"),
}


@checked
def bearing_asks(fight: Fight, attacker_id: str, defender_id: str) -> tuple[int, ...]:
    """The open questions (their indexes in ``fight.asks``) whose answer would change the
    figures of an attack by ``attacker_id`` on ``defender_id``: those are answered first, so
    that no attack is rolled with figures an answer would change (FIGHT.md: the step waits for
    the value). A lapsed shock changes nothing (GUR-58)."""
    kinds = {attacker_id: _BEARING["attacker"]}
    if defender_id != attacker_id:
        kinds[defender_id] = _BEARING["defender"]
    return tuple(
        i for i, a in enumerate(fight.asks) if not a.lapsed and a.kind in kinds.get(a.who, ())
    )


@checked
def attack_waits(fight: Fight, attacker_id: str, defender_id: str) -> str:
    """Why the attack waits, in plain words ("" when it need not): the questions above, per
    fighter.

    >>> from pycore.systems.gurps.sheet import Combatant
    >>> two = (Combatant(id="k", name="Kim"), Combatant(id="s", name="Sam"))
    >>> fight = Fight(two, asks=(Ask("shock", "s"), Ask("knockdown", "s")))
    >>> attack_waits(fight, "k", "s")
    "Answer Sam — knockdown roll first: the answer changes this attack's figures"
    >>> attack_waits(fight, "k", "k")
    ''
    """
    return waits_said(fight, bearing_asks(fight, attacker_id, defender_id))


@checked
def waits_said(fight: Fight, waiting: tuple[int, ...]) -> str:
    """:func:`attack_waits`'s words for the questions ``waiting`` (their indexes in
    ``fight.asks``, as :func:`bearing_asks` gives them), for a page that has them already: it
    works them out once per render and asks them in place with the same indexes.

    >>> from pycore.systems.gurps.sheet import Combatant
    >>> fight = Fight((Combatant(id="k", name="Kim"),), asks=(Ask("shock", "k"),) * 2)
    >>> waits_said(fight, (0, 1)), waits_said(fight, ())
    ("Answer Kim — 2 shocks first: the answers change this attack's figures", '')
    """
    if not waiting:
        return ""
    said = questions_said(open_questions(fight, tuple(fight.asks[i] for i in waiting)))
    answer = "answers change" if len(waiting) > 1 else "answer changes"
    return f"Answer {said} first: the {answer} this attack's figures"
