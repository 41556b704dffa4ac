"""Conditions on a character and their timers in combat time (AFT-55): a Daze (AFT-21), a Stun
(AFT-22) and the conditions the GM records by hand. A sheet keeps them (``sheet.sheet``) and an
attack adds them (``attack.critical``, ``attack.effect_steps``): both read them here.

>>> [str(c) for c in stun_conditions(moment(2, 5))][0]
'Stunned from turn 2, phase 5 until after turn 3, phase 5; BCS and ODA halved; no attacks or firing; Deftness and Speed halved'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from pycore.dice import RandintSource, Roll, next_roll_is, roll
from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import check_int
from pycore.validate import checked

#: AFT-55 reading: 20 Action Phases per Combat Turn (m/AP = m/ct ÷ 20 in every KPH row).
PHASES: Final = 20


@dataclass(frozen=True, order=True)
class Moment:
    """A point in combat time (AFT-55): Combat Turn and Action Phase (1-20)."""

    turn: int
    phase: int

    def __str__(self) -> str:
        return f"turn {self.turn}, phase {self.phase}"


@checked
def moment(turn: int, phase: int) -> Moment:
    """A validated (turn, phase) pair.

    >>> str(moment(3, 7))
    'turn 3, phase 7'
    """
    return Moment(check_int("turn", turn, 1, 10_000), check_int("phase", phase, 1, PHASES))


@dataclass(frozen=True)
class Condition:
    """A condition on a character with its timer (AFT-55): active from ``start`` until after
    ``until`` (None: for the rest of the combat, or until cured/healed)."""

    name: str
    start: Moment
    until: Moment | None
    rule: str
    note: str = ""

    def active_at(self, at: Moment) -> bool:
        """Whether the condition still holds at ``at`` ("until after the Action Phase ...").

        >>> daze = daze_condition(moment(2, 5))
        >>> daze.active_at(moment(3, 5)), daze.active_at(moment(3, 6))
        (True, False)
        """
        if at < self.start:
            return False
        return self.until is None or at <= self.until

    def state_at(self, at: Moment) -> str:
        """ "active", "ended", or "not yet" (it starts later, e.g. the Daze after a Stun).

        >>> stun, daze = stun_conditions(moment(2, 5))
        >>> daze.state_at(moment(2, 6)), stun.state_at(moment(3, 6)), daze.state_at(moment(3, 6))
        ('not yet', 'ended', 'active')
        """
        if at < self.start:
            return "not yet"
        return "active" if self.active_at(at) else "ended"

    def __str__(self) -> str:
        end = f"until after {self.until}" if self.until else "for the rest of the combat"
        if self.name == KNOCKED_OVER and not self.until:
            end = UNTIL_UP  # 001 line 557: off his feet, not a lasting state (AFT-41)
        if self.name.startswith(f"{SEVERED} "):  # AFT-26: a lost limb does not come back
            end = "for good"
        note = f"; {self.note}" if self.note else ""
        # The rule is data (``rule``), shown only under "Why".
        return f"{self.name} from {self.start} {end}{note}"


#: The rules of each condition the GM records by hand (sheet.MANUAL_CONDITIONS), as data.
MANUAL_CONDITION_RULES: Final = {
    "dazed": ("AFT-21",),
    "dazed_rest": ("AFT-23",),
    "stunned": ("AFT-22",),
    "stunned_rest": ("AFT-23",),
    "system_shock": ("AFT-23", "AFT-25", "AFT-M08"),
    "death_blow": ("AFT-25", "AFT-M09"),
    "broken_bone": ("AFT-25",),
    "compound_fracture": ("AFT-25",),
    "compound_fracture_head": ("AFT-25",),
    "knocked_over": ("AFT-41", "AFT-M10"),
}


def condition_from_json(raw: Any) -> Condition:
    """A saved condition back as a value (RuleError when malformed).

    >>> str(condition_from_json({"name": "Dazed", "start": [1, 2], "until": None, "rule": "AFT-23"}))
    'Dazed from turn 1, phase 2 for the rest of the combat'
    """
    if not isinstance(raw, dict):
        raise RuleError("a condition must be an object")
    start, until = raw.get("start"), raw.get("until")
    if not (isinstance(start, list) and len(start) == 2):
        raise RuleError("a condition needs a start [turn, phase]")
    end = None
    if isinstance(until, list) and len(until) == 2:
        end = Moment(check_int("turn", until[0], 1, 10_000), check_int("phase", until[1], 1, 20))
    return Condition(
        str(raw.get("name", "")),
        Moment(check_int("turn", start[0], 1, 10_000), check_int("phase", start[1], 1, 20)),
        end,
        str(raw.get("rule", "")),
        str(raw.get("note", "")),
    )


@checked
def bleeding_dice(health_group: int) -> str:
    """AFT-25: Combat Turns to bleed to death = Health Group + 1D6.

    >>> bleeding_dice(3), bleeding_dice(0)
    ('1D6+3', '1D6')
    """
    health_group = check_int("Health Group", health_group, 0, 8)
    return f"1D6+{health_group}" if health_group else "1D6"


#: AFT-25 (001 line 32): the timer a Sever (or a compound fracture) starts on the sheet.
BLEEDING: Final = "Bleeding to death"
#: AFT-25 (001 line 34): what a Sever by a blow that does not cut is ("broken the bone"), and
#: what a failed Health AST makes of it ("a compound fracture"): one name each, whether an
#: attack's effect or the GM's hand records it.
BROKEN_BONE: Final = "Broken bone"
COMPOUND_FRACTURE: Final = "Compound fracture"
#: AFT-25/AFT-26 (001 lines 32, 37): a Sever to an arm or a leg takes the limb off. Bandaging or
#: cauterizing stops only the bleeding (line 32): the limb stays lost, its own condition on the
#: sheet (a GM's play-through lost the Sever with the bleeding it was a note of). The text gives
#: no BCS change for a lost limb: none is made up; the card shows it and the attacker's panel says
#: when the arm was a hand they fight with.
SEVERED: Final = "Severed"
#: AFT-41 (001 line 557): Knocked Over is being "knocked from his feet" and subject to the
#: falling rules, not a lasting state: it holds until he gets up (the card's "Gets up", the GM's
#: call, as the text gives no Action for it). "For the rest of the combat" beside "Gets up" told
#: a GM's play-through the opposite.
KNOCKED_OVER: Final = "Knocked Over"
UNTIL_UP: Final = "until up"


@checked
def severed_condition(start: Moment, region: str, location: int) -> Condition:
    """AFT-25/26: the limb a Sever took off, from ``start`` for good (no ``until``).

    >>> str(severed_condition(moment(1, 3), "arm", 17))
    'Severed arm (location 17) from turn 1, phase 3 for good; lost: bandaging stops only the bleeding'
    """
    return Condition(
        f"{SEVERED} {region} (location {location})",
        start,
        None,
        "AFT-25, AFT-26",
        "lost: bandaging stops only the bleeding",
    )


@checked
def bleeding_condition(
    dice: str, rng: RandintSource, start: Moment, why: str
) -> tuple[Roll, Condition]:
    """AFT-25 (001 lines 32-34): a Sever, or a compound fracture, bleeds to death in Health
    Group + 1D6 (``dice``) Combat Turns from ``start`` unless cauterized or bandaged: the roll
    and the countdown it starts. One code for an attack's and a hand-recorded fracture.

    >>> import random
    >>> rolled, cond = bleeding_condition("1D6+2", random.Random(3), moment(1, 1), "severed")
    >>> rolled.total, str(cond.until), cond.note
    (4, 'turn 5, phase 1', 'severed, 1D6+2 (2) + 2 = 4 Combat Turns; dies when this ends unless bandaged')
    """
    # Named for dice typed one roll at a time: a GM's play-through was asked "the next roll".
    next_roll_is(rng, f"bleeding: Combat Turns to bleed to death ({dice})")
    countdown = roll(dice, rng)
    end = Moment(start.turn + countdown.total, start.phase)
    # Every roll shows its dice: the countdown's own, in its note (the card and the log).
    note = f"{why}, {countdown} Combat Turns; dies when this ends unless bandaged"
    return countdown, Condition(BLEEDING, start, end, "AFT-25", note)


@checked
def lost_arms(saved: list[Any], at: Moment) -> list[str]:
    """The names of the severed arms on a sheet's saved conditions at ``at`` (AFT-26).

    >>> lost_arms([{"name": "Severed arm (location 25)", "start": [1, 1], "until": None}], moment(2, 1))
    ['Severed arm (location 25)']
    """
    found = []
    for raw in saved:
        try:
            cond = condition_from_json(raw)
        except RuleError:
            continue
        if cond.name.startswith(f"{SEVERED} arm ") and cond.active_at(at):
            found.append(cond.name)
    return found


@checked
def one_arm_note(who: str, arms: list[str], weapon: str, hand: str | None) -> str:
    """What the attacker's panel says of a lost arm (AFT-26): the text gives no BCS change for a
    lost limb, so none is made; the weapon's HAND column is shown as printed (its meaning is not
    given, AFT-29): whether they can still use it is the GM's call.

    >>> one_arm_note("Bo", ["Severed arm (location 25)"], "Machete", "1½")
    "Bo: Severed arm (location 25). No BCS change is given for a lost limb; whether Bo can still use Machete (HAND 1½ on the Weapons Listing) is the GM's call."
    """
    hand_said = f" (HAND {hand} on the Weapons Listing)" if hand else ""
    use = f"use {weapon}{hand_said}" if weapon else "use a weapon that needs that hand"
    return (
        f"{who}: {', '.join(arms)}. No BCS change is given for a lost limb; whether {who} can "
        f"still {use} is the GM's call."
    )


@checked
def fracture_death_blow(
    start: Moment, head_or_neck: bool, head_is_death_blow: bool
) -> Condition | None:
    """AFT-25 (001 line 32: "Severs to the head or neck are Death Blows"; line 34: a compound
    fracture "bleeds to death as for a normal Sever"): a compound fracture of the head or neck
    bleeds as printed unless the campaign makes it a Death Blow like a Sever there (the reading
    in rules AFT-25, settings.noncutting_head_sever). The Death Blow it is, or None when it
    bleeds. One rule for an attack's fracture (attack/effect_steps.py) and one recorded by hand
    (sheet.add_condition).

    >>> str(fracture_death_blow(moment(1, 2), True, True))
    'Death Blow from turn 1, phase 2 for the rest of the combat; compound fracture of the head or neck'
    >>> fracture_death_blow(moment(1, 2), True, False), fracture_death_blow(moment(1, 2), False, True)
    (None, None)
    """
    if not (head_or_neck and head_is_death_blow):
        return None
    # The note is what a saved sheet's old fracture is told by (saved.fractures_named).
    return Condition("Death Blow", start, None, "AFT-25", "compound fracture of the head or neck")


@checked
def daze_condition(at: Moment, rest_of_combat: bool = False) -> Condition:
    """AFT-21: BCS and ODA at ½ until after the same-numbered phase of the next Combat Turn.

    >>> str(daze_condition(moment(2, 5)))
    'Dazed from turn 2, phase 5 until after turn 3, phase 5; BCS and ODA halved'
    """
    until = None if rest_of_combat else Moment(at.turn + 1, at.phase)
    return Condition("Dazed", at, until, "AFT-21", "BCS and ODA halved")


@checked
def stun_conditions(
    at: Moment, rest_of_combat: bool = False, trailing_daze: bool = True
) -> tuple[Condition, ...]:
    """AFT-22: Stun as Daze plus no attacks or firing, Deftness and Speed halved; then Dazed for
    the following Combat Turn (not for an entanglement Stun, AFT-41: ``trailing_daze=False``).

    >>> [str(c) for c in stun_conditions(moment(2, 5))][1]
    'Dazed from turn 3, phase 6 until after turn 4, phase 5; BCS and ODA halved (after the Stun)'
    """
    note = "BCS and ODA halved; no attacks or firing; Deftness and Speed halved"
    if rest_of_combat:
        return (Condition("Stunned", at, None, "AFT-22", note),)
    until = Moment(at.turn + 1, at.phase)
    stun = Condition("Stunned", at, until, "AFT-22", note)
    if not trailing_daze:
        return (stun,)
    after = (
        Moment(until.turn, until.phase + 1) if until.phase < PHASES else Moment(until.turn + 1, 1)
    )
    daze = Condition(
        "Dazed",
        after,
        Moment(until.turn + 1, at.phase),
        "AFT-22",
        "BCS and ODA halved (after the Stun)",
    )
    return stun, daze
