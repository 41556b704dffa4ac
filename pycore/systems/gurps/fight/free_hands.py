"""Which of a fighter's two hands are full, derived from his sheet and the weapon the fight
holds in his hand (:mod:`.hands`), never remembered from an earlier attack (FIGHT.md's first
law), and what follows from it (GUR-21, GUR-47, GUR-48):

- "a one-handed weapon is ready if it's being held in your hand. A two-handed weapon is ready
  only if you are gripping it with both hands" (004 line 93): the weapon in his hand fills one
  hand, or both when his sheet marks it two-handed;
- a shield on his sheet (a Shield skill or a DB) is strapped to one hand, ready to block
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
from pycore.systems.gurps.lines import AttackLine
from pycore.systems.gurps.sheet import Combatant
from pycore.validate import checked

#: A man's two hands (004 line 93: "gripping it with both hands").
HANDS: Final = 2
#: His hand is empty: he threw the weapon of his last attack (004 line 108).
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
    """The weapon filling his hands: the line the fight holds in his hand (with no record, his
    sheet's first, which stands as ready); None when his hand is empty after a throw, or the
    line is a natural weapon (a punch holds nothing)."""
    lines = attack_lines(c)
    line = 0 if held is None or not 0 <= held < len(lines) else held
    if held == EMPTY or lines[line].unarmed:
        return None
    return lines[line]


@checked
def shield_on(c: Combatant) -> bool:
    """Whether his sheet gives him a shield: a Shield skill or a shield DB (its hand is full)."""
    return c.shield_skill > 0 or c.shield_db > 0


@checked
def free_hands(c: Combatant, held: int | None) -> int:
    """How many of his hands are free: two, less the weapon in his hand (two if it is
    two-handed) and his shield. ``held``: the fight's record of the weapon in his hand, an
    attack line, :data:`EMPTY` or None (see :mod:`.hands`)."""
    weapon = _weapon(c, held)
    full = (0 if weapon is None else 2 if weapon.two_handed else 1) + shield_on(c)
    return max(0, HANDS - full)


@checked
def hands_full(c: Combatant, held: int | None) -> str:
    """What fills both his hands, in plain words ("" while a hand is free)."""
    weapon = _weapon(c, held)
    if weapon is None or free_hands(c, held):
        return ""  # a shield alone fills one hand of two
    if weapon.two_handed:
        # 004 line 93: gripped with both hands, whatever else is on his sheet (a shield
        # beside it does not make it one hand's).
        return f"Both hands hold the {weapon.name}"
    return f"The {weapon.name} and his shield fill both hands"


@checked
def holds_one_handed(c: Combatant, held: int | None) -> bool:
    """Whether the weapon in his hand (the fight's record, or his sheet's first line with none)
    is held in one hand: a two-handed weapon then is not gripped with both (004 line 93)."""
    weapon = _weapon(c, held)
    return weapon is not None and not weapon.two_handed


def _unready(c: Combatant, held: int | None, index: int) -> bool:
    """Whether line ``index`` is a two-handed weapon not ready: "a two-handed weapon is ready
    only if you are gripping it with both hands" (004 line 93) and one hand holds another,
    one-handed weapon, so it must be drawn with a Ready maneuver first (004 line 95). Another
    line of a two-handed weapon in hand may be the same weapon used another way (004 line 91):
    not refused."""
    line = attack_lines(c)[index]
    in_hand = 0 if held is None else held
    if line.unarmed or index == in_hand:
        return False
    if line.two_handed:
        return holds_one_handed(c, held)
    # A one-handed weapon while both hands grip a two-handed one: it is still in its sheath
    # ("a one-handed weapon is ready if it's being held in your hand", 004 line 93) and is
    # drawn with a Ready maneuver (004 line 95). A GM's play-through: Bo, gripping his longbow,
    # stabbed with the knife on his sheet with no Ready.
    return _grips_both(c, held)


def _grips_both(c: Combatant, held: int | None) -> bool:
    """Whether the weapon in his hand is a two-handed one, gripped with both hands."""
    weapon = _weapon(c, held)
    return weapon is not None and weapon.two_handed


@checked
def offered_lines(c: Combatant, held: int | None) -> tuple[int, ...]:
    """His attack lines he may attack with now: every one, but a punch while no hand is free
    (004 line 97: no punching with a hand that holds a weapon), and a two-handed weapon while
    his hand holds a one-handed one, or another weapon while both hands grip a two-handed one
    (004 lines 93, 95: it needs a Ready first)."""
    full = not free_hands(c, held)
    return tuple(
        i
        for i, line in enumerate(attack_lines(c))
        if not (full and with_a_hand(line)) and not _unready(c, held, i)
    )


@checked
def unready_said(c: Combatant, held: int | None) -> str:
    """Why a weapon of his not in hand is not offered, in plain words ("" when none is
    withheld): a two-handed one while he holds a one-handed one, or any other while both his
    hands grip a two-handed one."""
    lines = attack_lines(c)
    withheld = [lines[i].name for i in range(len(lines)) if _unready(c, held, i)]
    weapon = _weapon(c, held)
    if not withheld or weapon is None:
        return ""
    if weapon.two_handed:
        return (
            f"{', '.join(withheld)}: not ready. Both of {c.name}'s hands grip his "
            f"{weapon.name}: he takes a Ready maneuver to draw another weapon."
        )
    return (
        f"{', '.join(withheld)}: not ready. {c.name} holds his {weapon.name}, and a two-handed "
        "weapon is ready only when gripped with both hands: he takes a Ready maneuver to draw it."
    )


@checked
def no_punch_said(c: Combatant, held: int | None) -> str:
    """Why his punch is not offered, in plain words ("" when it is, or he has none)."""
    lines = attack_lines(c)
    punches = [line for line in lines if with_a_hand(line)]
    if not punches or free_hands(c, held):
        return ""
    other = next((line for line in lines if line.unarmed and not with_a_hand(line)), None)
    instead = f"; {other.name.lower()} instead" if other is not None else ""
    return f"{hands_full(c, held)}: no {punches[0].name.lower()}{instead}."


@checked
def no_empty_hand_said(c: Combatant, held: int | None) -> str:
    """Why he has no parry barehanded though his sheet gives one ("" while a hand is free): a
    parry needs "an empty hand" if he is unarmed (004 line 248)."""
    if free_hands(c, held):
        return ""
    full = hands_full(c, held)
    return f"No parry: {full[:1].lower()}{full[1:]}, and a parry barehanded needs an empty hand."
