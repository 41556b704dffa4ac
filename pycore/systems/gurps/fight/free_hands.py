"""Which of a fighter's two hands are full, derived from their sheet and the weapon the fight
holds in their hand (:mod:`.hands`), never remembered from an earlier attack (FIGHT.md's first
law), and what follows from it (GUR-21, GUR-47, GUR-48):

- "a one-handed weapon is ready if it's being held in your hand. A two-handed weapon is ready
  only if you are gripping it with both hands" (004 line 93): the weapon in their hand fills one
  hand, or both when their sheet marks it two-handed;
- a shield on their sheet (a Shield skill or a DB) is strapped to one hand, ready to block
  (004 line 236: "requires a ready shield");
- "a natural weapon (punch, kick, etc.) is always ready unless the body part is occupied or
  restrained (e.g., no punching with a hand that holds a weapon)" (004 line 97): a punch is
  offered only while a hand is free; a kick or a bite is always offered;
- a parry barehanded needs "an empty hand" (004 line 248): none while both hands are full.

A natural weapon is a line marked barehanded. Which body part strikes is the line's name: a
kick, knee, stamp, bite, head butt, tail or horn strikes with no hand (:data:`NOT_A_HAND`); any
other barehanded line (a punch, a jab, a chop) is struck with a hand.

>>> from pycore.systems.gurps.lines import lines_from_saved
>>> natural = lines_from_saved("Punch: 12, 1d-2 cr, unarmed; Kick: 10, 1d cr, unarmed")
>>> hugh = Combatant(name="Hugh", weapon="Greatsword", two_handed=True, more_attacks=natural)
>>> print(hands_full(hugh, None))
Both hands hold the Greatsword
>>> offered_lines(hugh, None)
(0, 2)
>>> print(no_punch_said(hugh, None))
Both hands hold the Greatsword: no punch; kick instead.
>>> knife = Combatant(name="Kit", weapon="Knife", more_attacks=natural)
>>> offered_lines(knife, None), free_hands(knife, None)
((0, 1, 2), 1)
"""

from __future__ import annotations

import re
from typing import Final

from pycore.systems.gurps.attacks import attack_lines
from pycore.systems.gurps.line_weapons import same_weapon, weapon_of
from pycore.systems.gurps.lines import AttackLine
from pycore.systems.gurps.sheet import Combatant
from pycore.validate import checked

#: A man's two hands (004 line 93: "gripping it with both hands").
HANDS: Final = 2
#: Their hand is empty: they threw the weapon of their last attack (004 line 108).
EMPTY: Final = -1
#: The words of a natural weapon that strikes with no hand: 004 line 97 names "punch, kick",
#: line 89 "punch, kick, bite". A name starting with one of them is struck with that part.
NOT_A_HAND: Final = ("kick", "knee", "foot", "feet", "stamp", "stomp", "bite", "head", "butt")
NOT_A_HAND_MORE: Final = ("tail", "horn", "gore", "trample")


@checked
def with_a_hand(line: AttackLine) -> bool:
    """Whether ``line`` is a natural weapon struck with a hand (a punch), so it needs a free
    hand (004 line 97). A weapon is held, not struck with a free hand: False.

    >>> from pycore.systems.gurps.lines import lines_from_saved
    >>> [with_a_hand(x) for x in lines_from_saved(
    ...     "Punch: 12, 1d cr, unarmed; Kick: 10, 1d cr, unarmed; Head butt: 9, 1d cr, unarmed")]
    [True, False, False]
    """
    words = re.findall(r"[a-z]+", line.name.lower())
    parts = (*NOT_A_HAND, *NOT_A_HAND_MORE)
    return line.unarmed and not any(w.startswith(p) for w in words for p in parts)


def _weapon(c: Combatant, held: int | None) -> AttackLine | None:
    """The weapon filling their hands: the line the fight holds in their hand (with no record, their
    sheet's first, which stands as ready); None when their hand is empty after a throw, or the
    line is a natural weapon (a punch holds nothing)."""
    line = _hand_line(c, held)
    return None if line is None else attack_lines(c)[line]


@checked
def shield_on(c: Combatant) -> bool:
    """Whether their sheet gives them a shield: a Shield skill or a shield DB (its hand is full)."""
    return c.shield_skill > 0 or c.shield_db > 0


@checked
def free_hands(c: Combatant, held: int | None) -> int:
    """How many of their hands are free: two, less the weapon in their hand (two if it is
    two-handed) and their shield. ``held``: the fight's record of the weapon in their hand, an
    attack line, :data:`EMPTY` or None (see :mod:`.hands`)."""
    weapon = _weapon(c, held)
    full = (0 if weapon is None else 2 if weapon.two_handed else 1) + shield_on(c)
    return max(0, HANDS - full)


@checked
def hands_full(c: Combatant, held: int | None) -> str:
    """What fills both their hands, in plain words ("" while a hand is free)."""
    weapon = _weapon(c, held)
    if weapon is None or free_hands(c, held):
        return ""  # a shield alone fills one hand of two
    if weapon.two_handed:
        # 004 line 93: gripped with both hands, whatever else is on their sheet (a shield
        # beside it does not make it one hand's).
        return f"Both hands hold the {weapon.name}"
    return f"The {weapon.name} and the shield fill both hands"


@checked
def holds_one_handed(c: Combatant, held: int | None) -> bool:
    """Whether the weapon in their hand (the fight's record, or their sheet's first line with none)
    is held in one hand: a two-handed weapon then is not gripped with both (004 line 93)."""
    weapon = _weapon(c, held)
    return weapon is not None and not weapon.two_handed


def _hand_line(c: Combatant, held: int | None) -> int | None:
    """The line whose weapon is in their hand (with no record, their sheet's first, which stands as
    ready); None when their hand holds no weapon: empty after a throw, or a natural weapon."""
    lines = attack_lines(c)
    line = 0 if held is None or not 0 <= held < len(lines) else held
    if held == EMPTY or lines[line].unarmed:
        return None
    return line


def _ready_now(c: Combatant, held: int | None, index: int) -> bool | None:
    """Whether line ``index`` is ready: a natural weapon always is (004 line 97; a punch needs a
    free hand, :func:`offered_lines`); a weapon only while it is the one in their hand, "a
    one-handed weapon is ready if it's being held in your hand. A two-handed weapon is ready
    only if you are gripping it with both hands" (004 line 93). Any other weapon is drawn with
    a Ready maneuver first (004 line 95; GUR-13, GUR-21). A line of the weapon in hand is the
    same weapon used another way (004 line 91): ready, but for a two-handed way while they hold
    it in one hand. None: which weapon the line is a way of using cannot be told from the sheet
    (:mod:`..line_weapons`): the GM is asked, never a guess."""
    line = attack_lines(c)[index]
    if line.unarmed:
        return True
    hand = _hand_line(c, held)
    if hand is None:
        return False  # their hand holds no weapon: thrown (004 line 108), or barehanded
    if index == hand:
        return True
    if line.two_handed and holds_one_handed(c, held):
        return False  # gripped in one hand: its two-handed way is not ready (004 line 93)
    return same_weapon(c, hand, index)


def _unready(c: Combatant, held: int | None, index: int) -> bool:
    """Whether line ``index`` is a weapon not in their hand: drawn with a Ready first."""
    return _ready_now(c, held, index) is False


@checked
def weapon_unknown(c: Combatant, held: int | None) -> tuple[int, ...]:
    """Their lines not offered because which weapon they are a way of using is not told (by the
    sheet's Weapon field or the names): the GM says it (a line's Weapon on the sheet)."""
    return tuple(i for i in range(len(attack_lines(c))) if _ready_now(c, held, i) is None)


@checked
def offered_lines(c: Combatant, held: int | None) -> tuple[int, ...]:
    """Their attack lines they may attack with now: the ways of using the weapon in their hand (004
    lines 91, 93) and their natural weapons, but a punch while no hand is free (004 line 97: no
    punching with a hand that holds a weapon). Another weapon on their sheet is not ready: it is
    drawn with a Ready maneuver first (004 line 95, GUR-13; :func:`ready_offers`)."""
    full = not free_hands(c, held)
    return tuple(
        i
        for i, line in enumerate(attack_lines(c))
        if not (full and with_a_hand(line)) and _ready_now(c, held, i) is True
    )


@checked
def ready_offers(c: Combatant, held: int | None) -> tuple[int, ...]:
    """The weapons not in their hand a Ready maneuver would draw (004 line 95, GUR-13): the first
    line of each, once per weapon, in the sheet's order."""
    seen: set[str] = set()
    offers = []
    for i in range(len(attack_lines(c))):
        weapon = weapon_of(c, i)
        if not _unready(c, held, i) or weapon is None or weapon.casefold() in seen:
            continue
        seen.add(weapon.casefold())
        offers.append(i)
    return tuple(offers)


@checked
def unready_said(c: Combatant, held: int | None) -> str:
    """Why a weapon of theirs not in hand is not offered, in plain words ("" when none is
    withheld, or their hand is empty after a throw, which :func:`.hands.empty_hand_said` says)."""
    lines = attack_lines(c)
    withheld = [i for i in range(len(lines)) if _unready(c, held, i)]
    names = ", ".join(dict.fromkeys(lines[i].name for i in withheld))
    weapon = _weapon(c, held)
    if not withheld or held == EMPTY:
        return ""
    if weapon is None:
        return f"{names}: not ready. {c.name} holds no weapon: a Ready maneuver draws one."
    if weapon.two_handed:
        return (
            f"{names}: not ready. Both of {c.name}'s hands grip the "
            f"{weapon.name}: a Ready maneuver draws another weapon."
        )
    if all(lines[i].two_handed for i in withheld):
        return (
            f"{names}: not ready. {c.name} holds the {weapon.name}, and a two-handed "
            "weapon is ready only when gripped with both hands: a Ready maneuver draws it."
        )
    return (
        f"{names}: not ready. {c.name} holds the {weapon.name}: a weapon is ready while held "
        "in the hand, and another is drawn with a Ready maneuver."
    )


@checked
def no_punch_said(c: Combatant, held: int | None) -> str:
    """Why their punch is not offered, in plain words ("" when it is, or they have none)."""
    lines = attack_lines(c)
    punches = [line for line in lines if with_a_hand(line)]
    if not punches or free_hands(c, held):
        return ""
    other = next((line for line in lines if line.unarmed and not with_a_hand(line)), None)
    instead = f"; {other.name.lower()} instead" if other is not None else ""
    return f"{hands_full(c, held)}: no {punches[0].name.lower()}{instead}."


@checked
def no_empty_hand_said(c: Combatant, held: int | None) -> str:
    """Why they have no parry barehanded though their sheet gives one ("" while a hand is free): a
    parry needs "an empty hand" if they are unarmed (004 line 248)."""
    if free_hands(c, held):
        return ""
    full = hands_full(c, held)
    return f"No parry: {full[:1].lower()}{full[1:]}, and a parry barehanded needs an empty hand."
