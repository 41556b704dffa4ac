"""Which weapon each attack line is a way of using (GUR-21, 004 line 91: "if a weapon can be
used in more than one way (e.g., a shortsword can swing or thrust)", each way is a line of the
same weapon; a second weapon is another line). What is ready is a weapon, not a line: "a
one-handed weapon is ready if it's being held in your hand" (004 line 93), so every line of the
weapon in their hand may attack, and a line of another weapon needs a Ready first (GUR-13, 004
line 95).

The sheet says it when a line's Weapon field is filled. Otherwise it is read from the names, as
the app reads which body part strikes from a natural weapon's name (:mod:`.fight.free_hands`):

- a barehanded line is a natural weapon: no weapon, nothing held ("");
- the sheet's weapon (the first line) is its own weapon, named by its name;
- a line whose name begins with the name of a weapon on the sheet is that weapon's ("Knife
  thrown" is the Knife's);
- a line named only by a way of attacking ("Thrust", "Swing") is the weapon's of a sheet with
  one weapon; with several, the names cannot tell, and the GM is asked (None);
- any other line is a weapon of its own, named by its name ("Knife").

>>> from pycore.systems.gurps.lines import lines_from_saved
>>> from pycore.systems.gurps.sheet import Combatant
>>> ana = Combatant(weapon="Shortsword",
...     more_attacks=lines_from_saved("Thrust: 13, 1d imp, thrust; Punch: 12, 1d-2 cr, unarmed"))
>>> [weapon_of(ana, i) for i in range(3)]
['Shortsword', 'Shortsword', '']
>>> bo = Combatant(weapon="Shortsword", more_attacks=lines_from_saved(
...     "Knife: 12, 1d-1 imp; Knife thrown: 11, 1d-1 imp, thrown; Thrust: 13, 1d imp, thrust"))
>>> [weapon_of(bo, i) for i in range(4)]
['Shortsword', 'Knife', 'Knife', None]
"""

from __future__ import annotations

import re
from typing import Final

from pycore.errors import RuleError
from pycore.systems.gurps.attacks import attack_lines
from pycore.systems.gurps.lines import AttackLine
from pycore.systems.gurps.sheet import Combatant
from pycore.validate import checked, is_whole, shown

#: Words that name a way of attacking with a weapon, not a weapon (004 line 91: "swing or
#: thrust"; line 108: thrown; a bow or gun shoots).
WAYS: Final = frozenset(
    (
        "swing", "swung", "thrust", "stab", "slash", "cut", "chop", "lunge", "strike", "bash",
        "throw", "thrown", "shoot", "shot", "fire", "pommel", "butt", "impale", "sweep", "hit",
        "melee", "ranged", "one", "two", "handed", "hand", "hands", "grip", "1h", "2h",
    )
)  # fmt: skip


def _words(name: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", name.lower())


@checked
def a_way(name: str) -> bool:
    """Whether ``name`` names only a way of attacking ("Thrust", "Two-handed swing"), no weapon.

    >>> a_way("Thrust"), a_way("Two-handed swing"), a_way("Knife")
    (True, True, False)
    """
    words = _words(name)
    return bool(words) and all(w in WAYS for w in words)


def _own(lines: tuple[AttackLine, ...], index: int) -> bool:
    """Whether line ``index`` is named as a weapon of its own: the sheet's weapon, or a line of
    no weapon said whose name is not only a way of attacking."""
    line = lines[index]
    return not line.unarmed and (index == 0 or (not line.weapon and not a_way(line.name)))


def _begins(name: str, weapon: str) -> bool:
    """Whether ``name``'s words begin with all of ``weapon``'s, and go on."""
    words, first = _words(name), _words(weapon)
    return bool(first) and len(words) > len(first) and words[: len(first)] == first


@checked
def weapons_named(c: Combatant) -> tuple[str, ...]:
    """The weapons their sheet names, each once, in the sheet's order: the sheet's weapon, the
    weapons the lines say, and each line named as a weapon of its own."""
    lines = attack_lines(c)
    own = [line.name for i, line in enumerate(lines) if _own(lines, i)]
    # "Knife thrown" beside "Knife" is a way of using the Knife, not another weapon.
    own = [name for name in own if not any(_begins(name, other) for other in own)]
    said = [line.weapon for line in lines if line.weapon and not line.unarmed]
    seen: dict[str, str] = {}
    for name in (*own[:1], *said, *own[1:]):
        seen.setdefault(name.casefold(), name)
    return tuple(seen.values())


@checked
def weapon_of(c: Combatant, index: int) -> str | None:
    """The weapon line ``index`` of their sheet is a way of using: its name, "" for a natural
    weapon (nothing held, 004 line 97), None when neither the sheet nor the names tell (the GM
    is asked, :func:`weapon_asked`)."""
    lines = attack_lines(c)
    if not is_whole(index) or not 0 <= index < len(lines):
        raise RuleError(f"attack line {shown(index)} is not one of the {len(lines)} on the sheet")
    line = lines[index]
    if line.unarmed:
        return ""
    if line.weapon:
        return _as_named(c, line.weapon)
    if index == 0:
        return line.name
    others = [w for w in weapons_named(c) if w.casefold() != line.name.casefold()]
    begun = [w for w in others if _begins(line.name, w)]
    if begun:
        return max(begun, key=len)  # "Short bow thrown" is the Short bow's, not the Short's
    if a_way(line.name):
        # A way of attacking with no weapon named: the sheet's one weapon's, if it has one.
        return others[0] if len(others) == 1 else None
    return _as_named(c, line.name)


def _as_named(c: Combatant, name: str) -> str:
    """``name`` spelt as the sheet first names that weapon ("knife" is their "Knife")."""
    return next((w for w in weapons_named(c) if w.casefold() == name.casefold()), name)


@checked
def same_weapon(c: Combatant, one: int, other: int) -> bool | None:
    """Whether lines ``one`` and ``other`` are ways of using the same weapon; None when the
    weapon of either cannot be told (the GM is asked)."""
    first, second = weapon_of(c, one), weapon_of(c, other)
    if one == other:
        return True
    first, second = weapon_of(c, one), weapon_of(c, other)
    if first is None or second is None:
        return None
    return bool(first) and first.casefold() == second.casefold()


@checked
def weapon_asked(c: Combatant) -> tuple[int, ...]:
    """Their lines whose weapon neither the sheet nor the names tell: the GM says it."""
    return tuple(i for i in range(len(attack_lines(c))) if weapon_of(c, i) is None)
