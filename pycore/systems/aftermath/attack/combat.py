"""Aftermath! attacks assembled step by step: the hand-to-hand procedure (AFT-56, in ``hand``)
and the missile procedure (AFT-57, in ``missile``), each step explained with its dice and rule,
stopping where the text needs a value it does not give (the step says which field it waits for;
nothing is guessed). The shared pieces are in ``steps``, ``effect_steps`` and ``miss_steps``.

>>> resolve_hth.__module__, resolve_missile.__module__
('pycore.systems.aftermath.attack.hand', 'pycore.systems.aftermath.attack.missile')
"""

from __future__ import annotations

from pycore.figures import figure
from pycore.systems.aftermath.attack.hand import (
    ARMOR_FORMATS,
    HthAttack,
    hth_bcs,
    resolve_hth,
)
from pycore.systems.aftermath.attack.missile import (
    MISSILE_MISS_TABLES,
    MissileAttack,
    missile_bcs,
    resolve_missile,
)
from pycore.systems.aftermath.attack.questions import question
from pycore.systems.aftermath.attack.steps import LowerSave, Resolution, Step
from pycore.systems.aftermath.bcs import BcsResult
from pycore.systems.aftermath.rounding import instance


def summary(resolution: Resolution) -> str:
    """A one-line verdict for the log, in the game's words: the verdict and the die it came
    from first (FIGHT.md: "Ana → Bo (missile): miss" left the number under "Every step").

    >>> from pycore.systems.aftermath.bcs import judge_bcs
    >>> summary(Resolution("hth", (), roll=judge_bcs(11, 14), hit=False))
    'miss (rolled 14 against BCS 11)'
    >>> waits = ("attack.damage_potential",)
    >>> summary(Resolution("hth", (), roll=judge_bcs(11, 6), hit=True, location=4, waits_for=waits))
    'hit (rolled 6 against BCS 11): location 4; waits for the Damage Potential'
    >>> summary(Resolution("hth", (), hit=True, location=4, damage_done=9))
    'hit: location 4, Damage Done 9'
    """
    roll = instance(resolution, Resolution, "resolution").roll
    roll = roll if isinstance(roll, BcsResult) else None
    # AFT-03: the D20 against the modified BCS (the steps hold how the BCS was made).
    rolled = f" (rolled {roll.roll} against BCS {figure(roll.bcs)})" if roll is not None else ""
    if not resolution.hit:
        return f"{'critical miss' if resolution.critical_miss else 'miss'}{rolled}"
    # The near side of a split may be what the hit waits for: no location yet.
    where = f"location {resolution.location}" if resolution.location is not None else ""
    if resolution.waits_for:
        asked = ", ".join(question(w) for w in resolution.waits_for)
        critical = " (critical)" if resolution.critical_hit else ""
        return f"hit{rolled}{': ' if where else ''}{where}{critical}; waits for {asked}"
    text = f"hit{rolled}: {where}, Damage Done {resolution.damage_done}"
    if resolution.effect != "none":
        text += f", {resolution.effect}"
    # AFT-50: a knock-back and its end are said in the headline, not only in the steps.
    if any(s.key == "knock_back" and "no effect" not in s.text for s in resolution.steps):
        text += ", knocked back"
    if any(c.name == "Knocked Over" for c in resolution.conditions):
        text += ", Knocked Over"
    return text + (" (critical)" if resolution.critical_hit else "")


__all__ = [
    "ARMOR_FORMATS",
    "MISSILE_MISS_TABLES",
    "HthAttack",
    "LowerSave",
    "MissileAttack",
    "Resolution",
    "Step",
    "hth_bcs",
    "missile_bcs",
    "question",
    "resolve_hth",
    "resolve_missile",
    "summary",
]
