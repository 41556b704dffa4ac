"""A fight step's result as the panel shows it: the verdict in words, the number that matters,
and the full explanation (with the rule references) for "Why". Reads the core's result values;
decides nothing."""

from __future__ import annotations

from typing import Any

from pycore.dice.roller import Roll
from pycore.systems.gurps.fight import (
    Answered,
    AttackRolled,
    Defended,
    Injured,
    Logged,
    Recovered,
    Struck,
)
from pycore.systems.gurps.quantities import figure
from pycore.systems.gurps.rolls import defense_needed, highest_success
from rkweb.kit.results import Tone

_TONES: dict[str, Tone] = {"good": "good", "bad": "bad", "neutral": "neutral"}


def tone(value: object) -> Tone:
    return _TONES.get(str(value), "neutral")


def explained(step: Logged) -> list[str]:
    """What "Why" opens on: the step in full, then the rules it applied (only there)."""
    return [str(step), "Rules applied: " + ", ".join(step.rules)] if step.rules else [str(step)]


def _rolled(roll: Roll, needed: int) -> str:
    """The roll as the core explains it, with the app's faces beside its sum (a GM saw them
    only in the log), then the number it needed: "3d6 (4, 2, 5) = 11, needed 12 or less"."""
    return f"{roll.explain()}, needed {needed} or less"


def _attack(step: AttackRolled) -> dict[str, Any]:
    result = step.rolled.result
    # GUR-20: 17-18 always miss, 3-4 always hit: the roll needed is not always the skill.
    number = _rolled(step.rolled.roll, highest_success(result.effective_skill))
    if result.critical:
        verdict = f"Critical hit on {step.defender}: no defense"
    elif result.hit:
        verdict = f"Hit: {step.defender} may defend" if step.waits_for == "defense" else "Hit"
    else:
        verdict = "Miss" + (": critical failure" if result.critical_failure else "")
    good = "good" if result.hit else "bad"
    return {"verdict": verdict, "number": number, "tone": good, "why": explained(step)}


def _defense(step: Defended) -> dict[str, Any]:
    if step.rolled is None:
        return {
            "verdict": f"{step.defender} does not defend",
            "tone": "neutral",
            "why": explained(step),
        }
    result = step.rolled.result
    # GUR-44: the defense its chip and the log give, and 3-4 succeed, 17-18 fail beside it
    number = f"{step.rolled.roll.explain()}, {defense_needed(result.effective_defense)}"
    if step.success:
        verdict = f"{step.defender} {step.verb}: no harm done"
    elif step.again:
        verdict = f"{step.defender} fails to {step.kind}: a second defense may be tried"
    else:
        verdict = f"{step.defender} fails to {step.kind}"
    tone_of = "bad" if step.success else "good"  # from the attacker's side, as the attack's
    return {"verdict": verdict, "number": number, "tone": tone_of, "why": explained(step)}


def _struck(step: Struck) -> dict[str, Any]:
    """GUR-49: their parry struck the attacker's limb (damage next, no defense), or not."""
    rolled = step.rolled
    verdict = (
        f"{step.name}'s parry strikes {step.foe}'s {step.location}: roll damage, no defense"
        if rolled.success
        else f"{step.name}'s parry does not injure {step.foe}"
    )
    number = _rolled(rolled.roll, rolled.target)
    good = "good" if rolled.success else "neutral"
    return {"verdict": verdict, "number": number, "tone": good, "why": explained(step)}


def _injury(step: Injured) -> dict[str, Any]:
    effects = "; ".join(step.hurt.effects)
    verdict = f"{step.defender}: injury {step.hurt.injury}" + (f" ({effects})" if effects else "")
    number = f"HP {figure(step.hp_before)} → {figure(step.hp_after)}"
    if step.death_note:  # the core's words: no death rule in the texts, the GM decides
        number += f" · {step.death_note}"
    return {"verdict": verdict, "number": number, "tone": "good", "why": explained(step)}


def _recovery(step: Recovered) -> dict[str, Any]:
    rolled = step.rolled
    what = " from mental stun" if step.kind == "mental" else ""
    verdict = (
        f"{step.name} recovers{what} at the end of the turn"
        if rolled.success
        else f"{step.name} stays{' mentally' if what else ''} stunned"
    )
    number = _rolled(rolled.roll, rolled.target)
    return {"verdict": verdict, "number": number, "tone": "neutral", "why": explained(step)}


def of(step: Logged) -> dict[str, Any]:
    """The panel's content for one step (kept in the section, so a reload shows it again)."""
    if isinstance(step, AttackRolled):
        return _attack(step)
    if isinstance(step, Defended):
        return _defense(step)
    if isinstance(step, Injured):
        return _injury(step)
    if isinstance(step, Struck):
        return _struck(step)
    if isinstance(step, Answered) and step.rolled is not None and step.outcome:
        # a knockdown roll made (no effect) or a roll to stay conscious made (stays conscious),
        # recorded with the roll (GUR-58)
        verdict = f"{step.name}: {step.what} made: {step.outcome}"
        number = _rolled(step.rolled.roll, step.rolled.target)
        return {"verdict": verdict, "number": number, "tone": "neutral", "why": explained(step)}
    if isinstance(step, Recovered):
        return _recovery(step)
    return {"verdict": str(step), "tone": "neutral", "why": explained(step)[1:]}
