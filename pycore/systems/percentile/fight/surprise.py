"""Surprise and the sides' damage modifiers (PCT-09–PCT-17, PCT-11): what each side brings to
the surprise check under the chosen procedure, the check rolled, and the Alertness levels an
attacked character may rise to. The order of attack (:mod:`.turns`) uses the same modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.step import Step
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile import sides
from pycore.systems.percentile.checks import parse_number
from pycore.systems.percentile.fight.value import (
    MODIFIER_RANGE,
    Fight,
    Member,
    Side,
    SurpriseOutcome,
)
from pycore.systems.percentile.roster import Fighter
from pycore.validate import checked

# --- Surprise (PCT-09–PCT-17) ------------------------------------------------------------------


@checked
def alertness_percent(tables: gm.Tables, level: str, percent: str, who: str) -> Fraction:
    """An Alertness Condition's percentage: the level's on the GM's Table #3-5, else the
    percentage typed in (saved data from before the two entries: a level name typed as text).

    >>> t = {"PCT-M01": [{"level": 4, "name": "wary", "percent": 66}]}
    >>> alertness_percent(t, "wary", "", "Ann"), alertness_percent(t, "", "4", "Ann")
    (Fraction(66, 1), Fraction(4, 1))
    >>> alertness_percent({}, "", "", "Ann")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Ann: choose an Alertness level of Table #3-5 or enter the Alertness Percentage
    """
    levels = gm.alertness_levels(tables)
    name = level.strip() or (percent.strip() if percent.strip() in levels else "")
    if name:
        if name not in levels:
            raise RuleError(f"{who}: Alertness level {name!r} is not on Table #3-5")
        return Fraction(gm.alertness_percent(tables, name) or 0)
    if not percent.strip():
        raise RuleError(
            f"{who}: choose an Alertness level of Table #3-5 or enter the Alertness Percentage"
        )
    return parse_number(f"{who} Alertness Percentage", percent, 0, 100)


def _member_alertness(fight: Fight, member: Member, fighter: Fighter) -> Fraction:
    """a3: the member's own entry for this fight, else the sheet's."""
    if member.alertness_level or member.alertness:
        return alertness_percent(
            fight.tables, member.alertness_level, member.alertness, fighter.name
        )
    return alertness_percent(fight.tables, fighter.alertness_level, fighter.alertness, fighter.name)


@checked
def awake_members(fight: Fight, side: Side) -> list[tuple[Member, Fighter]]:
    """The side's members awake (PCT-06: sleepers are left out), with their sheets."""
    pairs = [(m, fight.fighter(m.id)) for m in side.members if not m.asleep]
    return [(m, f) for m, f in pairs if f is not None]


@checked
def side_modifier(fight: Fight, side: Side) -> Fraction:
    """PCT-11: the side's damage modifier, the GM's or its awake members' mean (PCT-06)."""
    if side.modifier.strip():
        return parse_number(
            f"{side.name} damage modifier", side.modifier, -MODIFIER_RANGE, MODIFIER_RANGE
        )
    return sides.side_modifier([f.damage_modifier for _, f in awake_members(fight, side)])


@checked
def side_modifiers(fight: Fight) -> dict[str, Fraction]:
    return {side.name: side_modifier(fight, side) for side in fight.sides}


@checked
def surprise_sides(fight: Fight) -> dict[str, sides.SurpriseSide]:
    """What each side brings to the surprise check under the chosen procedure (PCT-12–14)."""
    procedure = fight.settings.surprise
    out = {}
    for side in fight.sides:
        awake = awake_members(fight, side)
        member_alertness: tuple[Fraction | None, ...] = ()
        side_alertness = None
        if procedure == "a3":
            member_alertness = tuple(_member_alertness(fight, m, f) for m, f in awake)
        if procedure == "a2":
            side_alertness = alertness_percent(
                fight.tables, side.alertness_level, side.alertness, side.name
            )
        out[side.name] = sides.SurpriseSide(
            tuple(f.perception for _, f in awake),
            member_alertness,
            side_alertness,
            side_modifier(fight, side),
        )
    return out


@checked
def surprise_targets(fight: Fight) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """Every side's target and damage modifier (the core picks the procedure's formula)."""
    return sides.surprise_targets(_procedure(fight), surprise_sides(fight))


@checked
def surprise_chances(fight: Fight) -> dict[str, Fraction]:
    return sides.surprise_chances(_procedure(fight), surprise_sides(fight))


def _procedure(fight: Fight) -> str:
    if fight.settings.surprise == "none":
        raise RuleError("Surprise is switched off in the settings.")
    return fight.settings.surprise


@dataclass(frozen=True)
class Surprised:
    """PCT-09–15: the surprise check as rolled; ``winner`` has the one turn of this round."""

    rolled: sides.SurpriseResult

    @property
    def winner(self) -> str:
        return self.rolled.winner

    def __str__(self) -> str:
        return f"Surprise: {self.rolled}"

    @property
    def step(self) -> Step:
        rules = ("PCT-09", "PCT-12", "PCT-13", "PCT-14", "PCT-15")
        return Step(str(self), f"{self.winner} has SURPRISE", rules)


@checked
def roll_surprise(fight: Fight, rng: RandintSource) -> tuple[Fight, Surprised]:
    """PCT-09–15: every side rolls; the lowest score has the one and only turn of this round."""
    targets, mods = surprise_targets(fight)
    result = sides.roll_surprise(targets, rng, mods)
    return replace(fight, surprise=SurpriseOutcome(result.winner, str(result))), Surprised(result)


@checked
def higher_alertness(fight: Fight, cid: str) -> list[str] | None:
    """PCT-17: the levels an attacked character may rise to (None while Table #3-5 is empty)."""
    levels = gm.alertness_levels(fight.tables)
    if not levels:
        return None
    member = fight.member(cid)
    fighter = fight.fighter(cid)
    entries = [
        *((member.alertness_level, member.alertness) if member else ()),
        *((fighter.alertness_level, fighter.alertness) if fighter else ()),
    ]
    current = next((e for e in entries if e in levels), None)
    return sides.higher_levels(levels, current)
