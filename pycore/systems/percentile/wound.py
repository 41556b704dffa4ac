"""The wound (PCT-39–PCT-54): once the body part is known, the damage by the chosen procedure,
grazing, the damage record, the descriptions and the organ damage; and the severity roll for a
wound left untreated. Every value a missing table would give is asked for before a die is rolled.

>>> class Faces:
...     def __init__(self, *f: int) -> None: self.f = list(f)
...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
>>> a = AttackInput(skill=Fraction(60), damage_die="3", part_name="leg", part_points=Fraction(10))
>>> str(roll_wound(a, Hit("hit", (), None, None), "leg", {}, Faces(1, 2, 3)).part)
'leg: 6 damage; structure 4 of 10; function 10 of 10 (destroyed at 50)'
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import (
    RULES,
    AttackInput,
    AttackResult,
    Hit,
    MissingValue,
    need,
    roll_hit,
    table_3_3_points,
    typed_damage,
)
from pycore.systems.percentile.damage import (
    BodyPart,
    DamageResult,
    OrganDamage,
    additional_descriptions,
    category_label,
    category_number,
    damage_points,
    damage_procedure_one,
    description_order_notice,
    organ_damage,
    organ_row,
    take_damage,
)
from pycore.systems.percentile.dice import damage_dice, roll_damage
from pycore.systems.percentile.tohit import damage_die_advisory
from pycore.validate import checked


@checked
def roll_wound(
    a: AttackInput, hit: Hit, part_name: str, tables: gm.Tables, rng: RandintSource
) -> AttackResult:
    """The damage step once the part is known: damage, grazing, the record, descriptions, organs.

    >>> class Faces:
    ...     def __init__(self, *f: int) -> None: self.f = list(f)
    ...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
    >>> a = AttackInput(skill=Fraction(60), damage_die="4+2", part_name="arm", part_points=Fraction(20))
    >>> r = roll_wound(a, Hit("hit", (), Fraction(60), 15), "arm", {}, Faces(5, 6, 6, 5))   # PCT-D08
    >>> r.damage.recorded, r.part.function_left
    (Fraction(18, 1), Fraction(12, 1))
    """
    before = a.body_part(part_name)
    if before is None:
        raise RuleError(f"body part {part_name!r} is not on the target's damage record")
    mults = _multipliers(a, part_name, tables) if a.organ else {}  # asked before any die
    lines = list(hit.lines)
    why = [*hit.why, RULES[a.damage_procedure], RULES["record"]]
    result, severity = _damage(a, hit, before, tables, rng, lines)
    if result.grazing:
        why.append(RULES["graze"])
    lines.append(str(result))
    part = take_damage(before, result.recorded)
    lines.append(str(part))
    if a.descriptions and category_number(result.percentage) is not None:
        lines.append(_description(a, result, tables))
        why.append(RULES["descriptions"])
    organs: tuple[OrganDamage, ...] = ()
    if a.organ:
        organs = _organs(a, part_name, result, mults)
        lines += [_organ_line(o, tables) for o in organs]
        why.append(RULES["organs"])
    return AttackResult(hit.verdict, tuple(lines), result, part, organs, severity, why=tuple(why))


def _damage(
    a: AttackInput,
    hit: Hit,
    part: BodyPart,
    tables: gm.Tables,
    rng: RandintSource,
    lines: list[str],
) -> tuple[DamageResult, str | None]:
    """PCT-39–44: procedure one's table, two's dice or three's Table #3-3, grazed if on."""
    if a.damage_procedure == "1":
        entry = None
        if typed_damage(a, tables):
            die = rng.randint(1, 10)
            entry = gm.damage_type_entry(tables, a.damage_type, die)
            if entry is not None:
                lines.append(
                    f"damage-type table {a.damage_type}: 1:10sd ({die}): {entry[0]} "
                    f"(severity table {entry[2]})"
                )
        pct = need(
            entry[3] if entry else a.damage_percentage,
            "damage_percentage",
            "DAMAGE PERCENTAGE (damage-type table)",
        )
        title = entry[0] if entry else a.damage_title
        return damage_procedure_one(pct, part.points, title), entry[2] if entry else None
    if a.damage_procedure == "2":
        dice = damage_dice(need(a.damage_die or None, "damage_die", "DAMAGE DIE ROLL"))
        rolled = roll_damage(dice, rng)
        potential, how = rolled.total, str(rolled)
        advice = damage_die_advisory(a.range_m)
        if advice:
            lines.append(advice)
    else:
        potential, how = table_3_3_points(a, tables)
    graze = (
        (hit.graze_target, hit.graze_roll)
        if hit.graze_target is not None and hit.graze_roll is not None
        else None
    )
    result = damage_points(
        a.damage_procedure,
        potential,
        part.points,
        graze=graze,
        record_grazed=a.record_grazed,
        how=how,
    )
    return result, None


def _description(a: AttackInput, result: DamageResult, tables: gm.Tables) -> str:
    """PCT-49–51: the category's description and the additional descriptions of its run."""
    cat = category_number(result.percentage)
    assert cat is not None
    notice = description_order_notice(a.race)
    texts = (
        gm.descriptions(tables, a.damage_type, a.race.skeleton == "exo") if a.damage_type else None
    )
    ends = gm.run_ends(tables, a.damage_type) if a.damage_type else None
    chain = additional_descriptions(cat, ends or [])
    labels = [
        f"{category_label(c)}" + (f": {texts[c]}" if texts and c in texts else "") for c in chain
    ]
    return (
        "description "
        + " ← ".join(labels)
        + ("" if texts else " (description table not entered)")
        + (f"; {notice}" if notice else "")
    )


def _multipliers(a: AttackInput, part_name: str, tables: gm.Tables) -> dict[str, Fraction]:
    """PCT-52/53: Table #3-3.1's row for the part (the head row where the head is), or the
    values typed in; asked for when neither is there."""
    row = organ_row(a.race, part_name)
    if gm.has_group(tables, "PCT-M15", "body_part", row):
        return dict(gm.organ_multipliers(tables, row) or {})
    if a.organ_multipliers:
        return dict(a.organ_multipliers)
    raise MissingValue(
        "organ_multiplier",
        f"organ multipliers for the {row}: enter them, or enter its row of Table #3-3.1 on the "
        "GM page",
    )


def _organs(
    a: AttackInput, part_name: str, result: DamageResult, mults: Mapping[str, Fraction]
) -> tuple[OrganDamage, ...]:
    """PCT-52/53: organ DP per system from the tissue DP (decentralised systems spread)."""
    record = [p.points for p in a.record] or list(a.body_points) or [a.part_points]
    return tuple(
        organ_damage(
            a.race,
            part_name,
            result.percentage,
            mults,
            damage=result.recorded,
            body_points=record,
        )
    )


def _organ_line(organ: OrganDamage, tables: gm.Tables) -> str:
    desc = gm.organ_description(tables, organ.system, organ.organ_dp)
    return str(organ) + (f": {desc}" if desc else "")


@checked
def severity_roll(tables: gm.Tables, severity_table: str, rng: RandintSource) -> str:
    """PCT-41: roll ``1:10sd`` on a severity table (GM-entered) — offered for a wound left
    untreated for an extended period (line 125).

    >>> import random
    >>> severity_roll({}, "S1", random.Random(1))
    Traceback (most recent call last):
    ...
    pycore.systems.percentile.attack.MissingValue: severity table S1: enter the severity tables on the GM page, or read the result by hand
    """
    if not tables.get("PCT-M12"):
        raise MissingValue(
            "severity_result",
            f"severity table {severity_table}: enter the severity tables on the GM page, or read "
            "the result by hand",
        )
    die = rng.randint(1, 10)
    entry = gm.severity_entry(tables, severity_table, die)
    assert entry is not None
    title, description = entry
    return f"severity table {severity_table}: 1:10sd ({die}): {title}" + (
        f" — {description}" if description else ""
    )


@checked
def resolve_attack(a: AttackInput, tables: gm.Tables, rng: RandintSource) -> AttackResult:
    """Both steps at once; when the location waits the result names the question.

    >>> class Faces:
    ...     def __init__(self, *f: int) -> None: self.f = list(f)
    ...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
    >>> a = AttackInput(skill=Fraction(60), damage_die="4+2", part_name="arm", part_points=Fraction(20))
    >>> r = resolve_attack(a, {}, Faces(15, 5, 6, 6, 5))   # PCT-D08: 24 grazed to 18
    >>> r.damage.recorded, r.part.function_left
    (Fraction(18, 1), Fraction(12, 1))
    """
    hit = roll_hit(a, tables, rng)
    if hit.stage != "damage" or hit.part is None:
        return AttackResult(hit.verdict, hit.lines, waits_for=hit.waits_for, why=hit.why)
    return roll_wound(a, hit, hit.part, tables, rng)
