"""What a fighter's card on the order strip says of them, in the fight's time: the maneuver in
force and the defenses it leaves (GUR-06, GUR-18), or that they are stunned (Do Nothing, GUR-07,
004 line 46) or unconscious (no action, no defense: 004 line 210) rather than last turn's
maneuver; their posture; a shock as the turn it counts on comes and goes (GUR-58); and, at −HP or
below, that the texts give no death rule (GUR-35, GUR-58: the product never decides "killed").

>>> from dataclasses import replace
>>> from pycore.systems.gurps.fight.value import Place
>>> kim = Combatant(id="k", name="Kim", maneuver="Attack", shock=4)
>>> fight = Fight((Combatant(id="s", name="Sam"), kim), 1, (Place("s", 1), Place("k", 2)))
>>> card_line(fight, "k")
'Attack · dodge, parry · shock −4 next turn'
>>> card_line(replace(fight, turn=1), "k")
'Attack · dodge, parry · shock −4 this turn'
>>> card_line(fight, "s")  # round 1, their turn not come yet: no maneuver chosen
'No turn yet · dodge, parry'
"""

from __future__ import annotations

from pycore.figures import figure
from pycore.systems.gurps.defenses import carried_defense_modifiers
from pycore.systems.gurps.fight.hands import CARD_PARRY_UNSAID, defenses_now, parry_waits
from pycore.systems.gurps.fight.once import used
from pycore.systems.gurps.fight.value import Fight
from pycore.systems.gurps.sheet import Combatant
from pycore.validate import checked

#: The note at −HP or below: the texts stop at the injury (GUR-58, 004 lines 347-349).
NO_DEATH_RULE = "−HP or below: the texts give no death rule, the GM decides"
#: The same on the card, kept to a line of its narrow column (the whole note wrapped to four
#: lines at 768 px and pushed the turn panel down); the injury's result says it in full.
CARD_DEATH_NOTE = "−HP or below: GM decides"


@checked
def past_minus_hp(c: Combatant) -> bool:
    """At −HP or below, where a GM's full rules would ask about death: the texts give none
    (GUR-35: "the product never decides 'killed'"), so the card and the injury say so."""
    return c.hp_now <= -c.hp


def _no_turn_yet(fight: Fight, c: Combatant) -> bool:
    """They have not chosen a maneuver in this fight: before it starts, or in round 1 before their
    turn (or at its start, before they choose). Their sheet's "Do Nothing" then is only the
    default their defenses are read from (GUR-06), not a choice the card should show as theirs."""
    if c.maneuver != "Do Nothing":  # set by the GM ahead of their turn: that one is said
        return False
    if not fight.started:
        return True
    if fight.round > 1:
        return False
    place = next(i for i, p in enumerate(fight.order) if p.id == c.id)
    return place > fight.turn or (place == fight.turn and not fight.chosen)


@checked
def raised(kinds: tuple[str, ...], option: str) -> tuple[str, ...]:
    """The defenses, +2 to the one All-Out Defense (Increased ...) names (GUR-17), as the
    maneuver's chip and the fighter's card say them.

    >>> raised(("dodge", "parry"), "Increased Parry"), raised(("dodge",), "Determined")
    (('dodge', 'parry +2'), ('dodge',))
    """
    up = option.removeprefix("Increased ").lower() if option.startswith("Increased ") else ""
    return tuple(f"{k} +2" if k == up else k for k in kinds)


def _what_he_does(fight: Fight, c: Combatant) -> list[str]:
    """Their maneuver and defenses, or their state when it rules them out (no stale maneuver); a
    parry only with the weapon in their hand (004 line 248, fight/hands.py). All-Out Defense
    says its +2 (GUR-17) or its Double Defense until their next turn, as its chip did (a GM's
    play-through: the card said "All-Out Defense · dodge, parry" after Increased Dodge). A
    block or a parry they used this turn is not among them, and is said used (GUR-47, GUR-48:
    one each per turn, back when their own turn begins). While a Ready's weapon is not said, the
    parry waits for it (004 lines 95, 248), as the maneuver's chip and their turn's line say."""
    spent = used(fight, c.id)
    left = tuple(k for k in defenses_now(fight, c) if k not in spent)
    if "parry" not in spent and parry_waits(fight, c):  # as the chip and the turn line say
        left = (*left, CARD_PARRY_UNSAID)
    defenses = ", ".join(raised(left, c.option))
    if spent and not c.unconscious:
        gone = " and ".join(spent)
        defenses = f"{defenses}; {gone} used" if defenses else f"{gone} used"
    if c.unconscious:  # 004 line 210: unable to react, no action
        return ["Unconscious", "no defense"]
    if c.dazed:  # 004 line 46: Do Nothing; −4 to defend (GUR-45), said by carried_said
        which = "Stunned" if c.stunned else "Mentally stunned"
        return [f"{which}: Do Nothing", defenses or "no defense"]
    doing = "No turn yet" if _no_turn_yet(fight, c) else c.maneuver
    if doing == "All-Out Defense" and c.option == "Double Defense":
        doing = f"{doing} ({c.option})"  # GUR-17: a second defense after a failed one
    return [doing, defenses or "no defense"]


@checked
def carried_said(c: Combatant) -> str:
    """The modifier a fighter brings to every defense, its total and each part, from the function
    the defense step adds them with (:func:`carried_defense_modifiers`: stunned −4, GUR-45;
    their posture's, GUR-10), so the card never says less than the step applies (a GM's
    play-through: "parry used at −4 · lying down" while the step applied −7). "" when none.

    >>> carried_said(Combatant(stunned=True, posture="Lying Down"))
    'defenses −7 (stunned −4, lying down −3)'
    >>> carried_said(Combatant(posture="Crouching"))
    ''
    """
    mods = carried_defense_modifiers(c.posture, c.dazed)
    if not mods:
        return ""
    total = sum(m.value for m in mods)
    # stunned first, as the card says it first; the posture in the card's lower case
    order = sorted(mods, key=lambda m: m.reason.startswith("posture "))
    each = ", ".join(
        f"{m.reason.removeprefix('posture ').lower()} {figure(m.value)}" for m in order
    )
    return f"defenses {figure(total)} ({each})"


@checked
def shocks(fight: Fight, cid: str) -> tuple[tuple[int, str], ...]:
    """Their shocks and the turn each counts on, "this turn" or "next turn" (GUR-58): their
    sheet's, which counts on this turn once their turn has come, and, in their own turn, the one a
    wound in it left for their next (``fight.next_shock``). None for an unconscious fighter: they
    make no attack for a shock to touch.

    >>> from pycore.systems.gurps.fight.value import Place
    >>> fight = Fight((Combatant(id="k", shock=2),), 1, (Place("k", 1),), next_shock=3)
    >>> shocks(fight, "k")
    ((2, 'this turn'), (3, 'next turn'))
    """
    c = fight.combatant(cid)
    if c.unconscious:
        return ()
    current = fight.current()
    now = current is not None and current.id == cid
    said = [(c.shock, "this turn" if now else "next turn")] if c.shock else []
    if now and fight.next_shock:  # hurt in their own turn: held for their next
        said.append((fight.next_shock, "next turn"))
    return tuple(said)


@checked
def card_line(fight: Fight, cid: str) -> str:
    """The card's line for ``cid``. A shock counts on their next turn only (GUR-58): "next turn"
    until their turn comes, "this turn" during it; the turn passing ends it
    (:func:`~pycore.systems.gurps.fight.turns.next_turn`). A wound in their own turn leaves one
    for their next (``fight.next_shock``), said beside this turn's. An unconscious fighter's
    shock is not said: they make no attack for it to touch."""
    c = fight.combatant(cid)
    parts = _what_he_does(fight, c)
    carried = carried_said(c) if parts[-1] != "no defense" else ""
    if carried:  # the posture with its defense penalty (GUR-10), stunned −4 (GUR-45)
        parts.append(carried)
    if c.posture != "Standing" and c.posture.lower() not in carried:
        parts.append(c.posture.lower())  # a knockdown leaves them lying down (GUR-58)
    parts += [f"shock −{amount} {when}" for amount, when in shocks(fight, cid)]
    if past_minus_hp(c):
        parts.append(CARD_DEATH_NOTE)
    return " · ".join(parts)
