"""A weapon parry against an unarmed attack may injure the attacker (GUR-49, 004 lines 259-261):
"If you successfully parry an unarmed attack (bite, punch, etc.) with a weapon, you may injure
your attacker. Immediately roll against your skill with the weapon you used to parry. This roll
is at -4 if your attacker used Karate. If you succeed, your parry struck the attacker's limb
squarely. He gets no defense roll against this! Roll damage normally". A GM's play-through: Ana
parried Cy's punch with a broadsword and the app never asked the roll.

After such a parry the fight waits at the ``"strike"`` stage, the parrier now the attacker and
the puncher the defender (:class:`~.value.Pending`): the roll against the parrying weapon's skill
(:func:`strike`), then on a success the damage roll with that weapon at the attacking limb, with
no defense (the ``"damage"`` stage). The roll is theirs to make ("you may"): the GM may call it off.

Readings: the limb is the arm for a natural weapon struck with a hand (a punch), the leg for a
kick; a bite strikes with no limb (the rules file's reading leaves its location to the GM), so
no roll is asked for it here. The attacker "used Karate" when their barehanded line is named so,
or its skill is their Karate and not also their Brawling.

>>> from pycore.systems.gurps.lines import lines_from_saved
>>> from pycore.systems.gurps.sheet import Combatant
>>> cy = Combatant(id="c", name="Cy", weapon="Punch", unarmed=True, damage="1d-1",
...     damage_type="cr", weapon_skill=13, brawling=13)
>>> ana = Combatant(id="a", name="Ana", weapon_skill=14)
>>> fight = Fight((cy, ana), pending=Pending("c", "a", AttackSetup(), "defense"))
>>> waiting = after_parry(fight, "parry")
>>> waiting.attacker, waiting.defender, waiting.setup.location, waiting.stage
('a', 'c', 'arm', 'strike')
>>> strike_skill(replace(fight, pending=waiting))
(14, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.gurps.attacks import armed, attack_lines
from pycore.systems.gurps.fight.free_hands import with_a_hand
from pycore.systems.gurps.fight.hands import parry_line
from pycore.systems.gurps.fight.value import Fight, Logged, Pending
from pycore.systems.gurps.lines import AttackLine
from pycore.systems.gurps.rolls import RolledSuccess, roll_success
from pycore.systems.gurps.sheet import Combatant
from pycore.systems.gurps.worksheet import AttackSetup
from pycore.validate import checked

#: 004 line 260: "This roll is at -4 if your attacker used Karate."
KARATE_PENALTY = -4


def _limb(line: AttackLine) -> str:
    """The attacking limb's location: the arm for a punch, the leg for a kick; "" for a bite
    (no limb: its location is the GM's, not asked here)."""
    if with_a_hand(line):
        return "arm"
    return "" if re.search(r"\bbit", line.name.lower()) else "leg"


def _karate(c: Combatant, line: int) -> bool:
    """Whether their barehanded attack ``line`` is Karate (see the module's readings)."""
    way = attack_lines(c)[line]
    if "karate" in way.name.lower():
        return True
    skill = armed(c, line).weapon_skill
    return c.karate > 0 and skill == c.karate and c.brawling != c.karate


@checked
def after_parry(fight: Fight, kind: str) -> Pending | None:
    """What the fight waits for after the defender's successful ``kind`` of defense against
    the attack under way: the roll to strike the attacker's limb after a weapon parry against
    a natural weapon (GUR-49), else nothing (the attack is over)."""
    pending = fight.pending
    if pending is None or kind != "parry":
        return None
    attacker = fight.combatant(pending.attacker)
    way = attack_lines(attacker)[pending.setup.line]
    parrier = fight.combatant(pending.defender)
    line = parry_line(fight, parrier)
    if not way.unarmed or line is None or not (limb := _limb(way)):
        return None
    karate = ("karate",) if _karate(attacker, pending.setup.line) else ()
    setup = AttackSetup(line=line, location=limb)
    # ``used`` keeps whether the punch was Karate for the roll's −4 (004 line 260).
    return Pending(parrier.id, attacker.id, setup, "strike", used=karate)


@checked
def strike_skill(fight: Fight) -> tuple[int, bool]:
    """The roll's target (their skill with the parrying weapon, −4 if the attacker used Karate)
    and whether it was Karate."""
    pending = fight.pending
    if pending is None or pending.stage != "strike":
        raise RuleError("no parry is waiting for its roll to strike the attacker's limb")
    skill = armed(fight.combatant(pending.attacker), pending.setup.line).weapon_skill
    karate = "karate" in pending.used
    return skill + (KARATE_PENALTY if karate else 0), karate


@checked
def strike_said(fight: Fight) -> str:
    """The question in words: "Ana's parry with the Broadsword may injure Cy: roll Broadsword
    14 to strike Cy's arm squarely (no defense)"; the page adds its chance."""
    pending = fight.pending
    target, karate = strike_skill(fight)
    assert pending is not None
    weapon = armed(fight.combatant(pending.attacker), pending.setup.line).weapon
    foe = fight.combatant(pending.defender).name
    less = " (−4 against Karate)" if karate else ""
    return (
        f"{fight.combatant(pending.attacker).name}'s parry with the {weapon} may injure {foe}: "
        f"roll {weapon} {target}{less} to strike {foe}'s {pending.setup.location} squarely "
        "(no defense)"
    )


@dataclass(frozen=True)
class Struck(Logged):
    """The roll after a weapon parry against an unarmed attack (GUR-49)."""

    name: str
    foe: str
    weapon: str
    location: str
    rolled: RolledSuccess
    karate: bool = False

    @property
    def public(self) -> str:
        if self.rolled.success:
            return f"{self.name}'s parry strikes {self.foe}'s {self.location}"
        return f"{self.name}'s parry does not injure {self.foe}"

    def __str__(self) -> str:
        then = (
            f"the parry struck {self.foe}'s {self.location} squarely: damage, no defense"
            if self.rolled.success
            else f"{self.foe} is not injured"
        )
        # Said as the question said it ("roll Broadsword 9 (−4 against Karate)"): a GM's
        # play-through read "Broadsword skill 9" in the log, the penalty gone.
        head = f"{self.rolled.what} {self.rolled.target}"
        less = " (−4 against Karate)" if self.karate else ""
        said = head + less + str(self.rolled).removeprefix(head)
        return f"{self.name}'s parry: {said}; {then}"

    @property
    def rules(self) -> tuple[str, ...]:
        return ("GUR-49", *(("GUR-02",) if self.rolled.critical_failure else ()))


@checked
def strike(fight: Fight, rng: RandintSource) -> tuple[Fight, Struck]:
    """Roll against the parrying weapon's skill (−4 against Karate): a success waits for the
    damage roll at the attacking limb, with no defense (004 line 261); a failure ends it."""
    target, karate = strike_skill(fight)
    pending = fight.pending
    assert pending is not None
    parrier = armed(fight.combatant(pending.attacker), pending.setup.line)
    rolled = roll_success(parrier.weapon, target, rng)
    after = replace(pending, stage="damage", used=()) if rolled.success else None
    foe = fight.combatant(pending.defender).name
    step = Struck(parrier.name, foe, parrier.weapon, pending.setup.location, rolled, karate)
    return replace(fight, pending=after), step
