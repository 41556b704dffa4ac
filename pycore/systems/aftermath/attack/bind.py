"""Conditions that bind a combatant: a Stunned character may not initiate attacks or fire (001
line 24, AFT-22), a dead one cannot act (line 36, AFT-26), a wounded attacker fights at −2 or −4
(lines 60-61, AFT-08, "% wounded" read as damage ÷ DRT, AFT-M07), and one past their DRT is
flagged (what follows is the GM's, AFT-M43). The GM may override a refusal; the override is
logged with its reason.

>>> from pycore.systems.aftermath.sheet.sheet import new_sheet, set_field
>>> from pycore.systems.aftermath.conditions import moment
>>> bo = set_field(set_field(new_sheet("Bo"), "derived.drt", "20"), "damage.lethal", "12")
>>> str(wounds(bo))
'Damage 12 of DRT 20 (60%): over 50% wounded'
>>> refusal(bo, moment(1, 1))
''
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.aftermath.attack.situation import wound_level
from pycore.systems.aftermath.attack.steps import Step
from pycore.systems.aftermath.conditions import Moment, condition_from_json
from pycore.systems.aftermath.sheet.sheet import merged
from pycore.validate import checked

#: The T04 rows of each wound level (AFT-08).
WOUND_ROWS: Final = {"over_50": "wounded_50", "over_75": "wounded_75"}
WOUND_WORDS: Final = {
    "none": "not wounded over 50%",
    "over_50": "over 50% wounded",
    "over_75": "over 75% wounded",
}
MAX_REASON: Final = 200


@dataclass(frozen=True)
class Wounds:
    """How wounded a sheet is: the damage counted against DRT (Lethal, subdual and C-type; the
    Critical Damage is kept apart, its count against DRT is the GM's, AFT-M43), the DRT, the
    wound level (None while damage was taken and the DRT is not entered) and past DRT."""

    taken: int
    critical: int
    drt: int | None
    level: str | None
    past_drt: bool

    def __str__(self) -> str:
        if self.drt is None:
            head = f"Damage {self.taken}, DRT not entered"
        else:
            share = Fraction(self.taken * 100, self.drt)
            percent = f"{share.numerator}" if share.denominator == 1 else f"{float(share):.1f}"
            head = f"Damage {self.taken} of DRT {self.drt} ({percent}%)"
        words = [WOUND_WORDS[self.level]] if self.level in WOUND_ROWS else []
        if self.past_drt:
            words.append("past DRT: what follows is the GM's")  # AFT-M43
        if self.critical:
            words.append(f"{self.critical} Critical Damage kept apart")  # AFT-M43
        return head + (": " + "; ".join(words) if words else "")


@checked
def wounds(sheet: Mapping[str, Any]) -> Wounds:
    """AFT-08 / AFT-M07: the wound level by damage ÷ DRT, over 50% and over 75%.

    >>> wounds({"damage": {"lethal": 5}}).level, wounds({"damage": {}}).level
    (None, 'none')
    """
    full = merged(dict(sheet))
    damage = full["damage"]
    taken = sum(int(damage.get(k, 0) or 0) for k in ("lethal", "subdual", "c_type"))
    critical = int(damage.get("critical", 0) or 0)
    drt = full["derived"]["drt"]
    if not isinstance(drt, int) or drt < 1:
        return Wounds(taken, critical, None, "none" if taken == 0 else None, False)
    return Wounds(taken, critical, drt, wound_level(min(taken, 10_000), drt), taken > drt)


@checked
def wound_rows(sheet: Mapping[str, Any], chosen: str = "") -> tuple[str, ...]:
    """The T04 wound row an attacker fights under (AFT-08): the user's ``chosen`` level, else
    their sheet's. A sheet with damage and no DRT cannot say: the RuleError asks for one.

    >>> wound_rows({"damage": {"lethal": 13}, "derived": {"drt": 16}}), wound_rows({}, "none")
    (('wounded_75',), ())
    """
    level = chosen or wounds(sheet).level
    if level is None:
        name = merged(dict(sheet))["name"]
        raise RuleError(
            f"{name} has taken damage but the DRT is not entered: enter it on the sheet, or "
            "choose the wound level",
            rules=("AFT-08", "AFT-M07"),
        )
    if level not in WOUND_WORDS:
        raise RuleError(f"wound level {level!r} is unknown; allowed: {', '.join(WOUND_WORDS)}")
    return (WOUND_ROWS[level],) if level in WOUND_ROWS else ()


@checked
def refusal(sheet: Mapping[str, Any], at: Moment) -> str:
    """Why ``sheet`` may not attack now, in words, or "": dead (line 36, AFT-26), Stunned (line
    24, AFT-22); :func:`refusal_rules` names the rules.

    >>> from pycore.systems.aftermath.sheet.sheet import add_condition, new_sheet
    >>> from pycore.systems.aftermath.conditions import moment
    >>> mara = add_condition(new_sheet("Mara"), "stunned", moment(1, 3))
    >>> refusal(mara, moment(1, 5)), refusal_rules(mara, moment(1, 5))
    ('Mara is Stunned until after turn 2, phase 3: a Stunned character may not initiate attacks or fire', ('AFT-22', '001 line 24'))
    """
    return _refused(sheet, at)[0]


@checked
def refusal_rules(sheet: Mapping[str, Any], at: Moment) -> tuple[str, ...]:
    """The rules of :func:`refusal` (none when the attacker may attack)."""
    return _refused(sheet, at)[1]


def _refused(sheet: Mapping[str, Any], at: Moment) -> tuple[str, tuple[str, ...]]:
    full = merged(dict(sheet))
    active = [
        c for c in (condition_from_json(raw) for raw in full["conditions"]) if c.active_at(at)
    ]
    name = full["name"]
    for condition in active:
        if condition.name == "Dead":
            dead = f"{name} is dead (from {condition.start}): the dead cannot act"
            return dead, ("AFT-26", "001 line 36")
    for condition in active:
        if condition.name == "Stunned":
            until = (
                f"until after {condition.until}"
                if condition.until
                else "for the rest of the combat"
            )
            stunned = (
                f"{name} is Stunned {until}: a Stunned character may not initiate attacks or fire"
            )
            return stunned, ("AFT-22", "001 line 24")
    return "", ()


#: The rules of a second attack in one Action Phase (``acted``): one shot per Action (AFT-45,
#: 001 lines 628-643), an Action reinitiated on the next Action Phase (001 line 557, AFT-41),
#: the clock in Action Phases (AFT-55).
ACTED_RULES: Final = ("AFT-45", "AFT-41", "AFT-55")
#: The same in words, for its "Why".
ACTED_WHY: Final = (
    "AFT-45, AFT-41 (001 lines 628-643, 557): an attack is one Action (SA, BA, LA and PA guns "
    "fire 1 shot per Action), and an Action is reinitiated on the next Action Phase: one per "
    "Action Phase"
)


@checked
def refused_now(
    sheet: Mapping[str, Any], at: Moment, acted: str = ""
) -> tuple[str, tuple[str, ...]]:
    """Why ``sheet`` may not attack now and the rules, with ``acted``, the fight's own reason
    (his attack already applied in this Action Phase): ("", ()) when he may."""
    why, rules = _refused(sheet, at)
    if acted:
        why = f"{why}; {acted}" if why else acted
        rules = (*rules, *ACTED_RULES)
    return why, rules


@checked
def may_attack(
    sheet: Mapping[str, Any], at: Moment, override: str = "", acted: str = ""
) -> Step | None:
    """Refuse an attack the rules forbid (RuleError in words), unless the GM overrides it: then
    the override and its reason are a step of the attack, logged with it.

    >>> from pycore.systems.aftermath.sheet.sheet import add_condition, new_sheet
    >>> from pycore.systems.aftermath.conditions import moment
    >>> stunned = add_condition(new_sheet("Mara"), "stunned", moment(1, 3))
    >>> str(may_attack(stunned, moment(1, 4), "only grazed"))
    'GM override: Mara is Stunned until after turn 2, phase 3: a Stunned character may not initiate attacks or fire; the GM allows it: only grazed'
    """
    why, rules = refused_now(sheet, at, acted)
    if not why:
        return None
    reason = override.strip()
    if not reason:
        raise RuleError(why, rules=rules)
    if len(reason) > MAX_REASON:
        raise RuleError(f"the override's reason is at most {MAX_REASON} characters")
    rule = ", ".join(("AFT-F2", *rules))
    return Step("override", "GM override", f"{why}; the GM allows it: {reason}", rule)
