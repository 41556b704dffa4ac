"""The stun a wound causes (PCT-11, PCT-28): the target's Table #3-7.0 damage modifier for the
whole points taken (PCT-M02, the GM's table: asked once where it has no row, never invented),
and the AP its rise costs."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction

from pycore.errors import RuleError, RulekeeperError
from pycore.figures import figure
from pycore.systems.percentile import agility
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import AttackResult
from pycore.systems.percentile.checks import fmt, parse_number
from pycore.systems.percentile.fight.setup import ATTACK_NUMBERS
from pycore.systems.percentile.fight.turns import change_ap, piece_to_come
from pycore.systems.percentile.fight.value import Fight, Note
from pycore.systems.percentile.roster import Fighter
from pycore.validate import checked


@checked
def damage_taken(fighter: Fighter) -> Fraction:
    """The damage a fighter has taken, exact: the text never rounds (R-B; line 137's ½ dice and
    line 146's grazing give fractions)."""
    return sum((p.damage for p in fighter.parts), Fraction(0))


@checked
def points_taken(fighter: Fighter) -> int:
    """The whole points of damage a fighter has taken: what Table #3-7.0 is read with (the
    GM's rows count whole points; a fraction has not reached the next point)."""
    return math.floor(damage_taken(fighter))


@checked
def read_as(fighter: Fighter) -> str:
    """How the damage taken is read on Table #3-7.0's whole-point rows, said when it has a
    fraction ("" when it has none): a GM asked about "16 points" for 16.8 damage could not tell
    where the 16 came from.

    >>> from pycore.systems.percentile.damage import BodyPart
    >>> read_as(Fighter("b", "Bob", parts=(BodyPart("arm", Fraction(20), Fraction(84, 5)),)))
    ' (read as 16 on its whole-point rows: 16.8 has not reached 17)'
    """
    taken, whole = damage_taken(fighter), points_taken(fighter)
    if taken == whole:
        return ""
    return f" (read as {whole} on its whole-point rows: {fmt(taken)} has not reached {whole + 1})"


def _modifier_at(fight: Fight, points: int) -> int | None:
    """PCT-M02: the GM's Table #3-7.0 modifier for ``points`` taken; None while no row has it
    (the text leaves the table out: never invented)."""
    try:
        return gm.damage_modifier(fight.tables, points)
    except RulekeeperError:
        return None


@checked
def after_damage(
    fight: Fight, target: Fighter, result: AttackResult
) -> tuple[Fighter, tuple[str, ...], bool]:
    """PCT-11/28: the new Table #3-7.0 modifier for the damage taken and the stun it causes, its
    rise (whole points of damage; old wounds do not stun again). While the GM's table has no row
    for the damage taken the value is asked for (True), and only then: a hit that leaves the
    whole points as they were cannot change the modifier (issue 29 round 2 item 3)."""
    if result.damage is None:
        return target, (), False
    after = points_taken(target)
    before_points = math.floor(
        sum((p.damage for p in target.parts), Fraction(0)) - result.damage.recorded
    )
    if before_points == after:
        return target, (), False
    now = _modifier_at(fight, after)
    if now is None:
        return target, (), fight.settings.stun
    before = _modifier_at(fight, before_points)
    rise = max(0, now - (target.damage_modifier if before is None else before))
    notes: list[str] = []
    if now != target.damage_modifier:
        target = replace(target, damage_modifier=now)
        notes.append(f"{target.name}'s damage modifier is now {figure(now)}")
    if fight.settings.stun and rise:
        to_come = piece_to_come(fight, target.id)  # PCT-26: the next piece pays it
        target = replace(target, ledger=agility.stun(target.ledger, rise, turn_to_come=to_come))
        notes.append(
            f"{target.name} owes {fmt(Fraction(rise, agility.STUN_DIVISOR))} AP to the stun"
        )
    return target, tuple(notes), False


class Contradicted(RuleError):
    """A Table #3-7.0 modifier typed for the damage taken that goes against an earlier row for
    less (or more) damage: said beside the field, kept only once the GM confirms it."""


def _earlier(tables: gm.Tables, points: int, modifier: int) -> tuple[int, str, str] | None:
    """The earlier Table #3-7.0 row most against ``modifier`` for ``points``: its modifier, its
    damage in words and whether the value typed is "less" or "more" than it; None for none."""
    bands = [
        tuple(int(str(r[k])) for k in ("damage_low", "damage_high", "modifier"))
        for r in tables.get("PCT-M02") or []
    ]
    less = [b for b in bands if b[1] < points and b[2] > modifier]
    more = [b for b in bands if b[0] > points and b[2] < modifier]
    if not less and not more:
        return None
    low, high, value = max(less, key=lambda b: b[2]) if less else min(more, key=lambda b: b[2])
    return (
        value,
        f"{low} points" if low == high else f"{low} to {high} points",
        ("less" if less else "more"),
    )


@checked
def against_earlier(tables: gm.Tables, points: int, modifier: int) -> str | None:
    """What an earlier Table #3-7.0 row says against ``modifier`` for ``points`` of damage, or
    None. The text implies, without stating, that the modifier can only grow with the damage:
    it is "the amount of damage the side has taken" added to a roll where lower is better (line
    49), and its tenth is "the number of agility points the character loses due to the stunning
    effects of taking damage" (line 74); more damage never hinders less. The table's values are
    the GM's (R-E), so a contradiction is asked about, never refused, never taken silently (the
    play-through: 0 typed at 27 points after 300 at 16 only logged "not stunned").

    >>> rows = {"PCT-M02": [{"damage_low": 16, "damage_high": 16, "modifier": 300}]}
    >>> against_earlier(rows, 27, 0)
    '0 for 27 points is less than the 300 Table #3-7.0 has for 16 points: the modifier only grows with the damage. Keep 0 anyway?'
    >>> against_earlier(rows, 10, 400)
    '400 for 10 points is more than the 300 Table #3-7.0 has for 16 points: the modifier only grows with the damage. Keep 400 anyway?'
    >>> print(against_earlier(rows, 27, 300), against_earlier(rows, 10, 300))
    None None
    """
    earlier = _earlier(tables, points, modifier)
    if earlier is None:
        return None
    value, damage, than = earlier
    return (
        f"{figure(modifier)} for {points} points is {than} than the {figure(value)} Table #3-7.0 "
        # Its lines (49, 74) are the refusal's rules (PCT-28), shown under its "Why".
        f"has for {damage}: the modifier only grows with the damage. "
        f"Keep {figure(modifier)} anyway?"
    )


@checked
def answer_stun(fight: Fight, text: str, *, confirmed: bool = False) -> tuple[Fight, Note]:
    """PCT-28 / PCT-M02: the GM's Table #3-7.0 modifier for the damage the target has taken,
    kept as the table's row for those points (asked once, as Table #3-6's costs are); its rise
    over the target's modifier is the stun, modifier ÷ 10 AP owed. A value against an earlier
    row (:func:`against_earlier`) is refused as :class:`Contradicted` until ``confirmed``, and
    then logged as the GM's."""
    pending = fight.pending
    if pending is None or pending.hit.stage != "stun":
        raise RuleError("No damage is waiting for its stun.")
    label, low, high, whole = ATTACK_NUMBERS["stun_modifier"]
    modifier = int(parse_number(label, text, low, high, whole=whole))
    target = fight.fighter(str(pending.form.get("target")))
    assert target is not None
    points = points_taken(target)
    against = against_earlier(fight.tables, points, modifier)
    if against is not None and not confirmed:
        raise Contradicted(against, rules=("PCT-28", "PCT-M02"))
    earlier = _earlier(fight.tables, points, modifier)
    rows = [dict(r) for r in fight.tables.get("PCT-M02") or []]
    rows.append({"damage_low": points, "damage_high": points, "modifier": modifier})
    gm.validate_gm_table("PCT-M02", rows)
    rise = max(0, modifier - target.damage_modifier)
    fight = replace(fight, tables={**fight.tables, "PCT-M02": rows}, pending=None)
    fight = fight.with_fighter(replace(target, damage_modifier=modifier))
    said = (
        f"Table #3-7.0: {fmt(damage_taken(target))} points of damage{read_as(target)} give "
        f"modifier {figure(modifier)} (kept on the GM page)"
    )
    if earlier is not None:  # the GM's word against the earlier row, in the log
        said += f"; the GM kept it against the {figure(earlier[0])} for {earlier[1]}"
    if not rise:
        return fight, Note(f"{said}; {target.name} is not stunned", "", ("PCT-28", "PCT-M02"))
    fight, change = change_ap(fight, target.id, "stun", Fraction(rise))
    lost = fmt(Fraction(rise, agility.STUN_DIVISOR))
    text = f"{said}; {target.name} is stunned: {lost} AP lost"
    return fight, Note(text, change.step.public, ("PCT-28", "PCT-M02"))
