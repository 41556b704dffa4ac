"""The weapon each fighter holds, as the fight holds it. "You cannot parry unless your weapon is
ready" (004 line 248); "a one-handed weapon is ready if it's being held in your hand" (004 line
93); "to draw a new weapon from a sheath, scabbard, or sling ... you must take a Ready maneuver"
(004 line 95). So they parry with the weapon in their hand, and with no other until a Ready
maneuver. A GM's play-through: Bo parried with their knife right after shooting their bow, the app
taking the first melee weapon on their sheet.

What the fight holds for them, one of:

- nothing (no record): before their first attack or Ready the fight knows of no weapon in hand,
  and their sheet's first line stands in their hand (the texts do not say which weapon a fighter
  starts with): the one they attack and parries with, or, a natural weapon first, none;
- an attack line: the line of their last attack, or the one the GM said they readied;
- :data:`EMPTY`: they threw the weapon of their last attack: "thrown weapons are weapons you must
  physically hurl at the target" (004 line 108), so it has left their hand, which is empty; "if
  you are unarmed, you have an empty hand" to parry with (004 line 248), barehanded with
  Brawling, Karate or DX (004 lines 266-268).

Beside it, whether they took Ready and which weapon they drew is the GM's to say (their sheet has
more than one: ``Fight.drawing``, :data:`UNSAID` from :func:`in_hand`): the texts cannot tell, so
no parry is offered while their Ready is in force and it is not said (:func:`ready_weapon`, the
chips on the maneuver step and the defence step). A Ready never said drew nothing the fight
knows of: once they take their next maneuver their hand holds what it held before (the weapon of their
last attack), never a weapon of the sheet's choosing. A GM's play-through: Bo (bow in hand) took
Ready, nobody tapped a weapon, and on their next turn (a Move) they parried with the sheet's knife.

>>> from pycore.systems.gurps.sheet import PARRYING_KINDS, Combatant, own_parry
>>> from pycore.systems.gurps.lines import lines_from_saved
>>> bo = Combatant(id="b", name="Bo", weapon="Short bow", attack_kind="bow",
...     more_attacks=lines_from_saved("Knife: 12, 1d-1 imp"))
>>> fight = with_hand(Fight((bo,)), "b", 0)
>>> own_parry(holding(fight, bo)) is None, own_parry(bo) is not None
(True, True)
>>> print(parry_withheld(fight, bo))
No parry: Bo holds the Short bow, which cannot parry. A parry needs a ready weapon – or, if you are unarmed, an empty hand: holding a weapon, Bo is not unarmed. Another weapon is drawn with a Ready maneuver.
>>> own_parry(holding(with_hand(fight, "b", 1), bo)).value
9
>>> str(own_parry(holding(with_hand(fight, "b", EMPTY), bo)))
'Parry (unarmed, DX) = ⌊3 + DX 10/2⌋ = 8'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.gurps.attacks import armed, attack_lines, no_skill_said, skill_set
from pycore.systems.gurps.defenses import Defense
from pycore.systems.gurps.fight.free_hands import (
    EMPTY,
    no_empty_hand_said,
    no_punch_said,
    offered_lines,
    ready_offers,
    unready_said,
    weapon_unknown,
)
from pycore.systems.gurps.fight.public import readied_public
from pycore.systems.gurps.fight.value import Fight, Logged
from pycore.systems.gurps.modifiers import EffectiveSkill
from pycore.systems.gurps.sheet import PARRYING_KINDS, Combatant, own_parry
from pycore.systems.gurps.worksheet import (
    AttackPreview,
    AttackSetup,
    defense_options,
    defenses_of,
    preview,
)
from pycore.validate import checked, is_whole, shown

#: They took Ready and the GM has not said which weapon they drew (004 line 95).
UNSAID: Final = -2


@checked
def in_hand(fight: Fight, fighter: str) -> int | None:
    """What ``fighter`` holds: an attack line, :data:`EMPTY`, None (no record), or
    :data:`UNSAID` while the weapon their Ready drew is not said."""
    return UNSAID if fighter in fight.drawing else _held(fight, fighter)


def _held(fight: Fight, fighter: str) -> int | None:
    """The weapon in their hand as the fight holds it: an attack line, :data:`EMPTY` or None."""
    return next((line for who, line in fight.hands if who == fighter), None)


@checked
def with_hand(fight: Fight, fighter: str, line: int | None) -> Fight:
    """The fight holding ``line`` in ``fighter``'s hand (None: no record), said: no longer a
    Ready's weapon to say."""
    kept = tuple(h for h in fight.hands if h[0] != fighter)
    hands = kept if line is None else (*kept, (fighter, line))
    return replace(fight, hands=hands, drawing=tuple(f for f in fight.drawing if f != fighter))


@checked
def after_attack(fight: Fight, c: Combatant, line: int) -> Fight:
    """Their hand after an attack with ``line``: that weapon, or empty once a thrown weapon has
    left it (004 line 108: hurled at the target). A punch or a kick holds nothing: the weapon
    they held stays in their hand (004 line 97: they punched with their other hand)."""
    way = armed(c, line)
    if way.unarmed and _held(fight, c.id) != EMPTY:
        return with_hand(fight, c.id, _held(fight, c.id))
    return with_hand(fight, c.id, EMPTY if way.attack_kind == "thrown" else line)


@checked
def after_ready(fight: Fight, c: Combatant) -> Fight:
    """Their hand after they take Ready (004 line 95): the weapon they draw is the GM's to say, so
    none is taken for them unless their sheet has only one; until it is said their hand holds what
    it held (``drawing``)."""
    if len(attack_lines(c)) == 1:
        return with_hand(fight, c.id, 0)
    return replace(fight, drawing=(*(f for f in fight.drawing if f != c.id), c.id))


@checked
def after_maneuver(fight: Fight, c: Combatant) -> Fight:
    """Their hand once they take maneuver ``c.maneuver`` for their turn (GUR-06): a Ready draws a
    weapon (:func:`after_ready`); any other ends their last Ready, and a weapon it drew that was
    never said is none the fight knows of: their hand holds what it held (004 line 93)."""
    if c.maneuver == "Ready":
        return after_ready(fight, c)
    return replace(fight, drawing=tuple(f for f in fight.drawing if f != c.id))


def _barehanded(c: Combatant) -> Combatant:
    """``c`` unarmed: their parry barehanded with Brawling, Karate or DX (004 lines 266-268)."""
    return replace(
        c, weapon="bare hands", attack_kind="melee", unarmed=True, parry_bonus=0, more_attacks=()
    )


@checked
def holding(fight: Fight, c: Combatant) -> Combatant:
    """``c`` as they defend: the weapon in their hand their only one to parry with (004 line 248),
    their bare hands once they threw it. While a Ready's weapon is not said, what they held before,
    the parry withheld by :func:`defenses_now` and :func:`defending`."""
    line = _held(fight, c.id)
    if line == EMPTY:
        return _barehanded(c)
    if line is None and attack_lines(c)[0].unarmed:
        # With no record and a natural weapon first on their sheet, their hand holds no weapon
        # (as the attack step has it, :mod:`.free_hands`): their natural weapons are ready (004
        # line 97), another is drawn first (004 line 95), so they parry barehanded.
        return replace(c, more_attacks=tuple(x for x in c.more_attacks if x.unarmed))
    if line is None:
        # With no record their sheet's first weapon stands in their hand, the one their attack step
        # offers (004 line 93; a two-handed one in both): the one ready to parry with (004
        # line 248), none other. The texts say nothing of which weapon a fighter starts with;
        # the sheet's first is what the app takes for both. A GM's play-through: Bo, crossbow
        # aimed, parried with the knife on their sheet; with their bow first, before any attack
        # they parried with the knife the step said was "not ready".
        line = 0
    if line < 0 or line >= len(attack_lines(c)):
        return c
    return replace(armed(c, _parrying_way(c, line)), more_attacks=())


@checked
def drawn_parry(c: Combatant, line: int) -> Defense | None:
    """The parry the weapon of ``line`` gives him once in his hand (a Ready's chip says it),
    with its melee way (:func:`_parrying_way`); None when it cannot parry (004 line 248)."""
    count = len(attack_lines(c))
    if not is_whole(line) or not 0 <= line < count:
        raise RuleError(f"attack line {shown(line)} is not one of the {count} on the sheet")
    return own_parry(replace(armed(c, _parrying_way(c, line)), more_attacks=()))


def _parrying_way(c: Combatant, line: int) -> int:
    """The line the weapon in his hand (held by its ``line``) parries with. What is ready is a
    weapon, not a line (004 lines 91, 93): a spear's throw and thrust are one spear in hand,
    and "the defender's melee weapon" parries (004 line 248), with its melee skill (GUR-48). So
    a thrown way in hand parries with a melee way of the same weapon ready with it (its skill
    set), and with its own line only when the weapon has none. A GM's play-through: a sheet
    whose first line was the spear thrown parried with the Thrown Weapon skill."""
    lines = attack_lines(c)
    if lines[line].kind == "melee":
        return line
    ready = offered_lines(c, line)  # the ways of the weapon in hand (004 line 91)
    melee = (i for i in ready if not lines[i].unarmed and lines[i].kind == "melee")
    return next((i for i in melee if skill_set(c, i)), line)


@checked
def target_as_held(fight: Fight, c: Combatant | None) -> Combatant | None:
    """``c`` as an attack aims at him now: with the weapon in his hand (:func:`holding`), so a
    shield no hand holds, both gripping his two-handed weapon (004 line 93), leaves no shield
    arm or hand to aim at (003 lines 55, 58), as it adds no DB and gives no block (004 lines
    219, 237). None (no target chosen) stays None."""
    return None if c is None else holding(fight, c)


@checked
def parry_line(fight: Fight, c: Combatant) -> int | None:
    """The attack line of the weapon ``c`` parries with now (the one in their hand, with no
    record their sheet's first, as :func:`holding` gives them); None when they parry barehanded
    or not at all."""
    held = holding(fight, c)
    way = next((x for x in attack_lines(held) if x.kind in PARRYING_KINDS), None)
    if way is None or way.unarmed or _no_parry(fight, c):
        return None
    line = _held(fight, c.id)
    if line is not None and 0 <= line < len(attack_lines(c)):
        return _parrying_way(c, line)  # the melee way of the weapon in hand (004 line 248)
    return attack_lines(c).index(way)


@checked
def line_in_hand(fight: Fight, c: Combatant) -> int:
    """The attack line a fresh attack by ``c`` starts with (FIGHT.md's first law: from their
    sheet and the fight so far): the weapon in their hand, "ready if it's being held in your
    hand" (004 line 93), so the GM need not pick it again each turn. With no record (before
    their first attack or Ready), or a line no longer on their sheet, their sheet's first line. While
    a Ready's weapon is not said, what they held before (a Ready left unsaid draws nothing).

    With their hand empty after a throw (004 line 108), their first natural weapon: "a natural
    weapon (punch, kick, etc.) is always ready" (004 line 97) and any ready weapon may attack
    (004 line 89), where another weapon is drawn first with a Ready maneuver (004 line 95).
    With no natural weapon on their sheet, their sheet's first line, and the step says their hand is
    empty (:func:`empty_hand_said`): the texts give them no ready weapon to start with.

    >>> from pycore.systems.gurps.lines import lines_from_saved
    >>> bo = Combatant(id="b", name="Bo", weapon="Short bow", attack_kind="bow",
    ...     more_attacks=lines_from_saved("Knife: 12, 1d-1 imp, thrown; Kick: 9, 1d cr, unarmed"))
    >>> fight = Fight((bo,))
    >>> line_in_hand(fight, bo), line_in_hand(with_hand(fight, "b", 1), bo)
    (0, 1)
    >>> line_in_hand(with_hand(fight, "b", EMPTY), bo)
    2
    """
    lines = attack_lines(c)
    line = _held(fight, c.id)
    if line == EMPTY:
        # their first natural weapon with its skill set (a line without one is not offered)
        return next((i for i, way in enumerate(lines) if way.unarmed and skill_set(c, i)), 0)
    if line is None or not 0 <= line < len(lines):
        return 0
    return line


@checked
def empty_hand_said(fight: Fight, c: Combatant) -> str:
    """What the attack step says when they threw their last weapon ("" otherwise): their hand is
    empty (004 line 108), and what they may attack with."""
    if _held(fight, c.id) != EMPTY:
        return ""
    natural = any(way.unarmed for way in attack_lines(c))
    after = (
        "A punch or kick needs no weapon in hand; another weapon is drawn with a Ready maneuver."
        if natural
        else "Another weapon is drawn with a Ready maneuver."
    )
    return f"{c.name}'s hand is empty after throwing the weapon. {after}"


@checked
def unsaid(fight: Fight, c: Combatant) -> bool:
    """They took Ready and the weapon they drew is not said yet (no parry until it is)."""
    return c.id in fight.drawing and c.maneuver == "Ready"


def _bare_parry(held: Combatant) -> bool:
    """Whether ``held`` (as :func:`holding` gives them) parries barehanded (004 lines 266-268):
    the first of their lines that parries is a natural weapon."""
    return next((x.unarmed for x in attack_lines(held) if x.kind in PARRYING_KINDS), False)


def _no_parry(fight: Fight, c: Combatant) -> bool:
    """Whether their parry is withheld: their Ready's weapon is not said, or they would parry
    barehanded with no empty hand (004 line 248; both hands full, :mod:`.free_hands`)."""
    if unsaid(fight, c):
        return True
    return _bare_parry(holding(fight, c)) and bool(no_empty_hand_said(c, _held(fight, c.id)))


@checked
def lines_now(fight: Fight, c: Combatant) -> tuple[int, ...]:
    """The attack lines they may attack with now: no punch while both hands are full (004 line
    97, :func:`.free_hands.offered_lines`), and none whose skill is not set yet on their sheet
    (:func:`skill_withheld`)."""
    return tuple(i for i in offered_lines(c, _held(fight, c.id)) if skill_set(c, i))


@checked
def ready_now(fight: Fight, c: Combatant) -> tuple[int, ...]:
    """The weapons not in their hand (the first line of each) a Ready maneuver draws now, each
    with its skill on their sheet (004 line 95, GUR-13; :func:`.free_hands.ready_offers`): the
    step offers them as "Ready <weapon>", not as attacks."""
    return tuple(i for i in ready_offers(c, _held(fight, c.id)) if skill_set(c, i))


@checked
def weapon_withheld(fight: Fight, c: Combatant) -> tuple[int, ...]:
    """Their lines not offered because which weapon each is a way of using is not told (the
    sheet's Weapon field, or the names, :mod:`..line_weapons`): the GM says it, no guess."""
    return weapon_unknown(c, _held(fight, c.id))


@checked
def skill_withheld(c: Combatant) -> str:
    """Why a line of theirs is not offered: its skill is not set yet, naming the field ("" when
    every line has one)."""
    return " ".join(filter(None, (no_skill_said(c, i) for i in range(len(attack_lines(c))))))


@checked
def punch_withheld(fight: Fight, c: Combatant) -> str:
    """Why their punch, or a two-handed weapon not in their hands, is not offered now, in plain
    words ("" when every way is): 004 lines 93, 95, 97."""
    held = _held(fight, c.id)
    return " ".join(filter(None, (no_punch_said(c, held), unready_said(c, held))))


@checked
def defenses_now(fight: Fight, c: Combatant) -> tuple[str, ...]:
    """The defenses they have now, with the weapon in their hand (the order strip's card)."""
    kinds = defenses_of(holding(fight, c))
    return tuple(k for k in kinds if k != "parry" or not _no_parry(fight, c))


#: A Ready's parry while the weapon it drew is not said (004 lines 95, 248).
PARRY_UNSAID: Final = "parry once the weapon drawn is said"
#: The same on the order strip's card, kept short for its narrow column (:mod:`.card`).
CARD_PARRY_UNSAID: Final = PARRY_UNSAID.replace("the weapon drawn is", "weapon")


@checked
def parry_waits(fight: Fight, c: Combatant) -> bool:
    """Whether his parry waits for the weapon his Ready drew to be said: it is not said, and
    one of his weapons parries (004 lines 95, 248). The chip, the turn line and the card say
    so (a GM's play-through: the card read "Ready · dodge", the chip "dodge, parry once ...")."""
    lines = range(len(attack_lines(c)))
    return unsaid(fight, c) and any(own_parry(armed(c, i)) is not None for i in lines)


@checked
def defenses_taking(fight: Fight, c: Combatant) -> tuple[str, ...]:
    """The defenses they have once they take ``c.maneuver``, as the maneuver's chip and then their
    turn's line say them: with the hand it leaves them (:func:`after_maneuver`; taken already,
    the hand it left, a weapon said since included). A Ready's weapon is the GM's to say, and
    they parry only with a ready one (004 lines 95, 248): the parry waits for it, said so (a
    GM's play-through: the Ready chip read "dodge, parry", the turn line after the tap "dodge").
    """
    current = fight.current()
    mine = current is not None and current.id == c.id and current.maneuver == c.maneuver
    after = fight if fight.chosen and mine else after_maneuver(fight, c)
    kinds = defenses_now(after, c)
    if parry_waits(after, c):
        return (*kinds, PARRY_UNSAID)  # a weapon they may have drawn parries
    return kinds


@checked
def defending(
    fight: Fight, attacker: Combatant, defender: Combatant, setup: AttackSetup
) -> tuple[tuple[str, EffectiveSkill], ...]:
    """The defenses ``defender`` may use against this attack with what they hold now."""
    options = defense_options(attacker, holding(fight, defender), setup)
    lost = _no_parry(fight, defender)
    return tuple((k, line) for k, line in options if k != "parry" or not lost)


@checked
def preview_now(
    fight: Fight, attacker: Combatant, defender: Combatant, setup: AttackSetup
) -> AttackPreview:
    """The attack before its roll with the defenses the fight leaves the defender (the weapon
    in their hand, 004 line 248): the odds count the defenses the defence step will offer."""
    return preview(attacker, defender, setup, defending(fight, attacker, defender, setup))


@checked
def parry_withheld(fight: Fight, c: Combatant) -> str:
    """Why ``c`` has no parry though their sheet gives one ("" when it does not withhold one)."""
    if unsaid(fight, c) and own_parry(c) is not None:
        return (
            f"No parry yet: {c.name} took Ready and which weapon was drawn is not said. Tap it "
            f"above: {c.name} parries with it if it can parry."
        )
    held = holding(fight, c)
    if own_parry(held) is not None and _bare_parry(held):
        return no_empty_hand_said(c, _held(fight, c.id))
    bare = _held(fight, c.id) is None and own_parry(c) is not None and _bare_parry(c)
    if bare and (full := no_empty_hand_said(c, None)):
        # their two-handed first weapon fills both hands and their sheet parries barehanded only
        return full
    if held is c or own_parry(held) is not None or own_parry(c) is None:
        return ""
    return (
        f"No parry: {c.name} holds the {held.weapon}, which cannot parry. "
        "A parry needs a ready weapon – or, if you are unarmed, an empty hand: holding a "
        f"weapon, {c.name} is not unarmed. Another weapon is drawn with a Ready maneuver."
    )


@checked
def shield_withheld(fight: Fight, c: Combatant) -> str:
    """Why the shield on their sheet adds no DB and gives no block now, in plain words ("" when
    it is ready, or they have none): both hands grip the two-handed weapon in their hands, so none
    holds the shield (004 line 93, 003 line 58; :attr:`Combatant.shield_unready`).

    >>> from pycore.systems.gurps.lines import lines_from_saved
    >>> hugh = Combatant(id="h", name="Hugh", weapon="Broadsword", shield_skill=11, shield_db=2,
    ...     more_attacks=lines_from_saved("Greatsword: 12, 2d cut, two-handed"))
    >>> shield_withheld(Fight((hugh,)), hugh)
    ''
    >>> print(shield_withheld(with_hand(Fight((hugh,)), "h", 1), hugh))
    No shield DB and no block: both hands grip the Greatsword, so none holds the shield.
    """
    why = holding(fight, c).shield_unready
    lost = " and no ".join(
        w for w, has in (("shield DB", c.shield_db), ("block", c.shield_skill)) if has
    )
    return f"No {lost}: {why}, so none holds the shield." if why else ""


@dataclass(frozen=True)
class WeaponReadied(Logged):
    """The weapon the GM says a fighter drew with their Ready maneuver (004 line 95)."""

    name: str
    weapon: str

    @property
    def public(self) -> str:
        return readied_public(self.name, self.weapon)

    def __str__(self) -> str:
        return f"{self.name} readies the {self.weapon}: the weapon in hand"

    @property
    def rules(self) -> tuple[str, ...]:
        return ("GUR-06", "GUR-48")


@checked
def ready_weapon(fight: Fight, fighter: str, line: int) -> tuple[Fight, WeaponReadied]:
    """The GM says which of their attack lines ``fighter`` drew with their Ready maneuver (004 line
    95): it is in their hand, theirs to parry with (004 line 248), until their next attack or Ready.
    Said while their Ready is in force, from their turn to their next (GUR-06)."""
    c = fight.combatant(fighter)
    if c.maneuver != "Ready" or in_hand(fight, fighter) is None:
        raise RuleError(f"{c.name} has not taken a Ready maneuver: a weapon is drawn with one")
    lines = attack_lines(c)
    if not is_whole(line) or not 0 <= line < len(lines):
        raise RuleError(f"attack line {shown(line)} is not one of the {len(lines)} on the sheet")
    if not skill_set(c, line) and not lines[line].unarmed:
        raise RuleError(no_skill_said(c, line))  # its parry would be read from no skill
    return with_hand(fight, fighter, line), WeaponReadied(c.name, lines[line].name)


@checked
def hands_from_json(
    raw: object, drawing: object, ids: set[str]
) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """The saved weapons in hand (``{fighter: line}``, ``-1`` an empty hand) and who took Ready
    with the weapon not said (``drawing``, a list of fighters), each checked; one of someone no
    longer in the fight is left out. A save made before ``drawing`` marked it in the hand
    (``-2``): read as not said, with no weapon known in their hand."""
    raw = {} if raw is None else raw
    if not isinstance(raw, dict) or len(raw) > len(ids):
        raise RuleError(f"saved weapons in hand {shown(raw)} is not one line per fighter")
    for fighter, line in raw.items():
        if not (is_whole(line) and UNSAID <= line < 100):
            raise RuleError(f"saved weapon in hand of {shown(fighter)}: {shown(line)} is no line")
    drawing = [] if drawing is None else drawing
    if not isinstance(drawing, list) or len(drawing) > len(ids):
        raise RuleError(f"saved Ready maneuvers {shown(drawing)} is not a list of fighters")
    said = tuple((who, line) for who, line in raw.items() if who in ids and line != UNSAID)
    unsaid = [*drawing, *(who for who, line in raw.items() if line == UNSAID)]
    return said, tuple(dict.fromkeys(who for who in unsaid if who in ids))


@checked
def hands_to_json(fight: Fight) -> dict[str, Any]:
    return {
        **({"hands": dict(fight.hands)} if fight.hands else {}),
        **({"drawing": list(fight.drawing)} if fight.drawing else {}),
    }
