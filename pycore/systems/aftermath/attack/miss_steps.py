"""A critical miss, step by step (AFT-28, AFT-53, AFT-54): the table's roll, clearing a dud or
a jam, what lands on the attacker, and a chamber explosion's blast."""

from __future__ import annotations

from pycore.dice import RandintSource, roll
from pycore.systems.aftermath.attack.critical_misses import (
    ChamberExplosion,
    CriticalMiss,
    chamber_explosion,
    critical_miss,
)
from pycore.systems.aftermath.attack.steps import Step, die
from pycore.systems.aftermath.campaign import MODERN_96
from pycore.systems.aftermath.conditions import Condition, Moment, daze_condition, stun_conditions
from pycore.systems.aftermath.rounding import check_choice
from pycore.validate import checked


def critical_miss_step(
    steps: list[Step],
    rng: RandintSource,
    kind: str,
    bdg: int | None = None,
    durability: int | None = None,
    modern_96: str = "reconstructed",
    waits: list[str] | None = None,
    autoloading: bool | None = None,
    extractor: bool | None = None,
) -> tuple[CriticalMiss, ChamberExplosion | None]:
    """AFT-28, AFT-53, AFT-54: roll D100 on the kind's table; a cook-off or chamber explosion
    works out the burst from the round's BDG and the weapon's Durability (AFT-M19), and returns
    it with the result."""
    result = critical_miss(kind, die(rng, 100, "critical miss"))
    text = str(result)
    waits_for = ""
    blast = None
    if kind == "modern" and result.effect in ("dud", "jammed"):
        text += "; " + _clearing(result.effect, autoloading, extractor)
    if result.effect == "falls":
        # AFT-M10: the falling rules are in Book 1 (p. 32), not in this text.
        text += "; the falling rules are not in this text: the GM rules the fall"
        waits_for = "GM: the fall (AFT-M10)"
    if result.reconstructed and check_choice("modern 96-00", modern_96, MODERN_96) == "ask":
        text += "; the GM rules this row, missing from the text"
        waits_for = "GM: modern 96-00"
    elif result.burst_divisor is not None:
        if_off = "if it goes off: " if result.effect == "cook-off" else ""
        if durability is None or bdg is None:
            text += f"; {if_off}the burst needs the weapon's Durability (not in the text)"
            waits_for = "weapon.durability"
        else:
            blast = chamber_explosion(bdg, durability, result.burst_divisor)
            text += f"; {if_off}{blast}"
    rule = f"AFT-28, {result.table_id}, L{result.line}"
    steps.append(Step("critical_miss", "Critical miss", text, rule, waits_for))
    if waits_for and waits is not None:
        waits.append(waits_for)
    return result, blast


def _clearing(effect: str, autoloading: bool | None, extractor: bool | None) -> str:
    """AFT-54: what clearing a dud or a jam costs this gun (its flags are the user's)."""
    if effect == "dud":
        if autoloading is None:
            return "autoloaders and autoweapons clear it by hand in 1 Action, other guns with the next round (is this gun an autoloader?)"
        return (
            "this autoloader clears it by hand in 1 Action"
            if autoloading
            else "this gun clears it with the next round, no special action"
        )
    if extractor is None:
        return "2 Actions to clear by hand, 1 with an extractor (has this gun one?)"
    return "1 Action to clear (extractor)" if extractor else "2 Actions to clear by hand"


@checked
def miss_on_attacker(
    steps: list[Step],
    rng: RandintSource,
    miss: CriticalMiss,
    at: Moment | None,
    waits: list[str],
) -> tuple[list[Condition], int]:
    """AFT-28 reading: a critical miss's Dazed or Stunned is the attacker's (AFT-21, AFT-22);
    Unarmed/Natural 71-80 disables the attacking part with 1D6 Critical Damage, whose Sever
    chance is that many percent (AFT-23, AFT-25)."""
    if miss.effect == "dazed":
        return ([daze_condition(at)] if at is not None else []), 0
    if miss.effect == "stunned":
        return (list(stun_conditions(at)) if at is not None else []), 0
    if miss.effect != "part disabled":
        return [], 0
    damage = roll("1d6", rng)
    steps.append(
        Step(
            "miss_damage",
            "Attacking part",
            f"{damage.explain()} Critical Damage to the hand, foot or jaws used; Sever chance "
            f"{damage.total}% (by the location: the attacker's choice of part is the GM's)",
            "AFT-28, AFT-25",
            "GM: which location",
        )
    )
    waits.append("GM: which location")
    found = []
    if at is not None:
        found.append(
            Condition(
                "Disabled attacking part",
                at,
                None,
                "AFT-28, AFT-23",
                f"{damage.total} Critical Damage; a Health AST each hour regains a limb",
            )
        )
    return found, damage.total


@checked
def chamber_blast(
    steps: list[Step],
    rng: RandintSource,
    blast: ChamberExplosion,
    at: Moment | None,
    waits: list[str],
) -> tuple[int, list[Condition]]:
    """AFT-53: a chamber explosion that goes off does its D10s of Lethal damage to the firer's
    location nearest the breech and leaves the gun Disrepaired, Junked on 1D6 ≤ the D10s; one
    that does not costs a point of Durability and is a dud."""
    if not blast.explodes:
        note = "Durability −1 (recorded on the weapon by hand); the round is a dud"
        steps.append(Step("blast", "Chamber explosion", note, "AFT-53", "weapon.durability"))
        waits.append("weapon.durability")
        return 0, []
    damage = roll(f"{blast.dice}d10", rng)
    junk = roll("1d6", rng)
    junked = junk.total <= blast.dice
    state = "Junked" if junked else "Disrepaired"
    steps.append(
        Step(
            "blast",
            "Chamber explosion",
            f"{damage.explain()} Lethal to the firer's location nearest the breech (which one "
            f"is the GM's); junk check {junk.explain()} vs ≤ {blast.dice}: the gun is {state}",
            "AFT-53",
            "attack.breech_location",
        )
    )
    waits.append("attack.breech_location")
    if at is None:
        return damage.total, []
    return damage.total, [
        Condition(f"Gun {state}", at, None, "AFT-53, AFT-M19", "chamber explosion")
    ]
