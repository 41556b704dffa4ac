"""Stopping a fighter's bleeding to death (AFT-25, 001 line 32): a Sever (or a compound
fracture) "will cause the character to bleed to death ... unless cauterized or bandaged with a
First Aid Skill BCS roll. Cauterization will automatically put the character into System Shock.
A Health Ability Saving Throw is required for the character to survive the cauterization."

Bandaging is a First Aid Skill BCS roll (AFT-03: 1D20 ≤ the BCS of the one who bandages); on a
success the bleeding stops (its countdown is taken off the sheet). A failed roll leaves it
running: the text says nothing of another try, the GM rules it (the action stays offered).
Cauterizing always stops it and records System Shock (AFT-M08: its effects are the GM's); the
bleeder's Health AST on 1D20 (AFT-05) decides whether they survive it: failed, they are Dead.
What neither takes (time, tools, who may do it) is not in the text: nothing is assumed.

>>> from pycore.dice import TypedRolls
>>> from pycore.systems.aftermath.conditions import bleeding_condition, moment
>>> from pycore.systems.aftermath.sheet.sheet import add_skill, new_sheet, with_conditions
>>> _, bleeding = bleeding_condition("1D6+2", TypedRolls(["3"]), moment(1, 3), "severed")
>>> bo = with_conditions(new_sheet("Bo"), (bleeding,))
>>> done = bandage(bo, moment(2, 1), 12, TypedRolls(["7"]), by="Ana")
>>> done.text, [c["name"] for c in done.sheet["conditions"]]
('Bo bandaged by Ana: First Aid 1D20 = 7 vs BCS 12: success by 5 → the bleeding stops', [])
>>> bo["ast"]["HLH"], bo["cst"]["HLH"] = 8, 3
>>> done = cauterize(bo, moment(2, 1), TypedRolls(["15"]))
>>> done.text
'Bo cauterized: System Shock; Health AST 1D20 = 15 vs CST 3 / AST 8: failure → dies of it'

The BCS is the bandager's, read from their sheet (:func:`first_aid_skill`): the text gives no
way to compute a BCS (AFT-M01), so a sheet without the skill gives none, and the GM types it.

>>> ana = add_skill(new_sheet("Ana"), "First Aid", "13")
>>> first_aid_skill(ana), first_aid_skill(bo)
(AidSkill(name='First Aid', bcs=13), None)
>>> default_bandager([bo, ana], acting=0, at=moment(2, 1))
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pycore.dice import RandintSource, next_roll_is
from pycore.errors import RuleError
from pycore.systems.aftermath.bcs import bcs_chance, judge_bcs, roll_saving_throw, save_chances
from pycore.systems.aftermath.conditions import BLEEDING, Condition, Moment, condition_from_json
from pycore.systems.aftermath.sheet.sheet import DEAD, merged, with_conditions
from pycore.validate import checked, is_whole

#: The roll of each treatment, by the name the dice entry asks it under.
BANDAGE_ROLL = "First Aid BCS roll to bandage"
CAUTERY_ROLL = "Health AST to survive the cauterization"
#: The sheet skills that are the "First Aid Skill" of AFT-25 (001 line 32), in the order they
#: are looked for, compared without case: the text's own name, then "Medical", the name a
#: sheet may give it (a GM's play-through; the text names no other).
FIRST_AID_SKILLS: Final = ("first aid", "medical")


@dataclass(frozen=True)
class AidSkill:
    """The bandager's First Aid Skill as on their sheet: its name there and its BCS."""

    name: str
    bcs: int


@dataclass(frozen=True)
class Treated:
    """A treatment made: the bleeder's sheet after it and what happened, in words (the GM's
    text, with the dice, the BCS and the System Shock; ``public``, the players' line) and the
    rules it follows: the fight's log keeps them (FIGHT.md: the fight holds the log)."""

    sheet: dict[str, Any]
    text: str
    stopped: bool
    died: bool
    public: str = ""
    rules: tuple[str, ...] = ()


@checked
def bleeding_now(raw: Mapping[str, Any], at: Moment) -> bool:
    """Whether a Bleeding to death countdown holds on the sheet at ``at`` (AFT-25)."""
    for saved in merged(dict(raw))["conditions"]:
        try:
            cond = condition_from_json(saved)
        except RuleError:
            continue
        if cond.name == BLEEDING and cond.active_at(at):
            return True
    return False


@checked
def health_save(raw: Mapping[str, Any]) -> tuple[int, int] | None:
    """Their Health AST and CST from the sheet, or None when one is not entered."""
    full = merged(dict(raw))
    ast, cst = full["ast"].get("HLH"), full["cst"].get("HLH")
    return (ast, cst) if isinstance(ast, int) and isinstance(cst, int) else None


@checked
def first_aid_skill(raw: Mapping[str, Any]) -> AidSkill | None:
    """Their First Aid Skill and its BCS from their sheet's skills (AFT-M01: the BCS is the one the
    user gave the skill), or None when their sheet has none: no BCS is made up for them."""
    found: dict[str, AidSkill] = {}
    for skill in merged(dict(raw))["skills"]:
        if not isinstance(skill, Mapping):
            continue
        name, bcs = skill.get("name"), skill.get("bcs")
        if not isinstance(name, str) or not is_whole(bcs):
            continue
        key = name.strip().casefold()
        if key in FIRST_AID_SKILLS and key not in found:
            found[key] = AidSkill(name.strip(), bcs)
    return next((found[k] for k in FIRST_AID_SKILLS if k in found), None)


def _dead(raw: Mapping[str, Any], at: Moment) -> bool:
    for saved in merged(dict(raw))["conditions"]:
        try:
            cond = condition_from_json(saved)
        except RuleError:
            continue
        if cond.name == DEAD and cond.active_at(at):
            return True
    return False


@checked
def default_bandager(characters: Sequence[Mapping[str, Any]], acting: int, at: Moment) -> int:
    """Who bandages unless the GM picks another: the fighter whose turn it is (``acting``) when
    their sheet has the First Aid Skill, else the first living one whose sheet has it, else the
    one whose turn it is (their BCS is then asked). The text names no one: the GM may pick any."""
    alive = [i for i, raw in enumerate(characters) if not _dead(raw, at)]
    skilled = [i for i in alive if first_aid_skill(characters[i]) is not None]
    if acting in skilled:
        return acting
    return skilled[0] if skilled else acting


def _stopped(full: dict[str, Any], at: Moment) -> dict[str, Any]:
    """The sheet without the bleeding that holds now: its countdown no longer kills them
    (``fight.turns._bled_out`` reads it)."""
    kept = []
    for saved in full["conditions"]:
        try:
            cond = condition_from_json(saved)
        except RuleError:
            kept.append(saved)
            continue
        if not (cond.name == BLEEDING and cond.active_at(at)):
            kept.append(saved)
    return {**full, "conditions": kept}


@checked
def bandage(
    raw: Mapping[str, Any], at: Moment, bcs: int, rng: RandintSource, by: str = ""
) -> Treated:
    """AFT-25: bandaged with a First Aid Skill BCS roll (``bcs``: the bandager's, named ``by``),
    AFT-03."""
    full = merged(dict(raw))
    if not bleeding_now(full, at):
        raise RuleError(f"{full['name']} is not bleeding to death now")
    chance = bcs_chance(bcs)  # checks the BCS too
    next_roll_is(rng, BANDAGE_ROLL, ((f"stops it on D20 ≤ {max(bcs, 0)}", chance),))
    rolled = judge_bcs(bcs, rng.randint(1, 20))
    verdict = "the bleeding stops" if rolled.success else "still bleeding"
    who = f" by {by}" if by else ""
    text = f"{full['name']} bandaged{who}: First Aid {rolled} → {verdict}"
    after = _stopped(full, at) if rolled.success else full
    public = f"{full['name']} bandaged{who}: " + (
        "the bleeding stops" if rolled.success else "still bleeding"
    )
    return Treated(after, text, rolled.success, False, public, ("AFT-25", "AFT-03"))


@checked
def cauterize(raw: Mapping[str, Any], at: Moment, rng: RandintSource) -> Treated:
    """AFT-25: cauterized: the bleeding stops, System Shock at once (AFT-M08: its effects are
    the GM's), and their Health Ability Saving Throw (AFT-05) to survive it."""
    full = merged(dict(raw))
    if not bleeding_now(full, at):
        raise RuleError(f"{full['name']} is not bleeding to death now")
    save = health_save(full)
    if save is None:
        raise RuleError(
            f"cauterizing asks {full['name']}'s Health AST and CST: enter them on the sheet"
        )
    ast, cst = save
    next_roll_is(rng, CAUTERY_ROLL, save_chances(ast, cst))
    thrown = roll_saving_throw(ast, cst, rng)
    shock = Condition("System Shock", at, None, "AFT-25, AFT-M08", "cauterized: effects the GM's")
    added = [shock]
    if not thrown.ability_save_passed:
        added.append(Condition("Dead", at, None, "AFT-25", "did not survive the cauterization"))
    after = with_conditions(_stopped(full, at), added)
    verdict = "survives it" if thrown.ability_save_passed else "dies of it"
    text = f"{full['name']} cauterized: System Shock; Health AST {thrown} → {verdict}"
    public = f"{full['name']} cauterized: " + (
        "survives it" if thrown.ability_save_passed else "dies of it"
    )
    rules = ("AFT-25", "AFT-05", "AFT-M08")
    return Treated(after, text, True, not thrown.ability_save_passed, public, rules)


__all__ = [
    "BANDAGE_ROLL",
    "CAUTERY_ROLL",
    "FIRST_AID_SKILLS",
    "AidSkill",
    "Treated",
    "bandage",
    "bleeding_now",
    "cauterize",
    "default_bandager",
    "first_aid_skill",
]
