"""One full attack, from to-hit to the damage record (PCT-32–PCT-53), as the worksheet runs it.

Every value a missing table would give is looked up in the GM's tables (PCT-M04, M06, M07, M11,
M13, M14, M15, M16) or taken from the single value the user entered; when neither exists the
attack stops with :class:`MissingValue`, naming the field to fill (R-E).

>>> import random
>>> a = AttackInput(skill=Fraction(50), damage_die="4+2", part_name="arm", part_points=Fraction(20))
>>> r = resolve_attack(a, {}, random.Random(3))
>>> r.to_hit in ("hit", "miss"), r.lines[0].startswith("to-hit d1")
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.checks import bounded, fmt
from pycore.systems.percentile.damage import (
    BodyPart,
    DamageResult,
    OrganDamage,
    Race,
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
from pycore.systems.percentile.tohit import (
    GRENADE_MISS_PLUS,
    check_hth_range,
    damage_die_advisory,
    grenade,
    throw_in_range,
    to_hit_d1,
    to_hit_d2,
    to_hit_d3,
)
from pycore.validate import checked


class MissingValue(RuleError):
    """A value from a table the GM has not entered: ``field`` names the input to fill."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass(frozen=True)
class AttackInput:
    """What the worksheet knows about one attack."""

    skill: Fraction
    category: str = "weaponry"  # hth | weaponry | grenade (PCT-04)
    to_hit: str = "d1"
    brawl: Fraction = Fraction(0)  # d4 grenades roll against BRAWL
    range_m: Fraction = Fraction(0)
    percent_to_hit: Fraction | None = None
    percent_against: Fraction | None = None
    adversity_total: int | None = None
    damage_procedure: str = "2"
    damage_die: str = ""
    wep_mod: int | None = None
    table_3_3_damage: Fraction | None = None
    damage_type: str = ""
    damage_percentage: Fraction | None = None  # procedure one single value
    damage_title: str = ""
    grazing: bool = True
    record_grazed: bool = True
    race: Race = field(default_factory=lambda: Race("human"))
    part_name: str = ""
    part_points: Fraction = Fraction(1)
    part_damage: Fraction = Fraction(0)
    body_points: Sequence[Fraction] = ()
    descriptions: bool = True
    organ: bool = False
    organ_multipliers: Mapping[str, Fraction] = field(default_factory=dict)
    location_mode: str = "specify"  # specify | roll (PCT-36)
    max_throw_m: Fraction | None = None  # PCT-37: Table #3-4.0 value for this thrower and object


@dataclass(frozen=True)
class AttackResult:
    """The whole attack: the to-hit verdict, each step's explanation, the damage and the part."""

    to_hit: str
    lines: tuple[str, ...]
    damage: DamageResult | None = None
    part: BodyPart | None = None
    organs: tuple[OrganDamage, ...] = ()
    severity_table: str | None = None

    @property
    def hit(self) -> bool:
        return self.to_hit not in ("miss",)

    def __str__(self) -> str:
        return " · ".join(self.lines)


def _need(value: Any, field_name: str, what: str) -> Any:
    if value is None:
        raise MissingValue(field_name, f"{what}: enter it, or enter the GM table ({field_name})")
    return value


def _target(a: AttackInput, tables: gm.Tables) -> tuple[Fraction, str]:
    """The value the to-hit roll must beat and how it was found (PCT-32–34)."""
    if a.to_hit == "d1":
        return a.skill, f"skill {fmt(a.skill)}"
    pth = a.percent_to_hit
    source = "entered"
    if pth is None:
        looked = gm.percent_to_hit(tables, a.skill, a.range_m)
        pth = None if looked is None else Fraction(looked)
        source = "Table #3-1 (GM)"
    pth = _need(pth, "percent_to_hit", "Percent to Hit (Table #3-1)")
    pth = bounded("Percent to Hit", pth, 0, 100, whole=False)  # a percentage (PCT-33)
    if a.to_hit == "d2":
        return pth, f"Percent to Hit {fmt(pth)} ({source})"
    pa = a.percent_against
    pa_source = "entered"
    if pa is None and a.adversity_total is not None:
        looked = gm.percent_against(tables, a.adversity_total)
        pa = None if looked is None else Fraction(looked)
        pa_source = f"Table #3-2 (GM) for adversity {a.adversity_total}"
    pa = bounded(
        "Percent Against",
        _need(pa, "percent_against", "Percent Against (Table #3-2)"),
        0,
        100,
        whole=False,
    )
    return pth - pa, f"N = PTH {fmt(pth)} ({source}) − PA {fmt(pa)} ({pa_source}) = {fmt(pth - pa)}"


@checked
def resolve_attack(a: AttackInput, tables: gm.Tables, rng: RandintSource) -> AttackResult:
    """Roll to hit, locate, roll or look up damage, graze, update the body part, describe it.

    >>> class Faces:
    ...     def __init__(self, *f: int) -> None: self.f = list(f)
    ...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
    >>> a = AttackInput(skill=Fraction(60), damage_die="4+2", part_name="arm", part_points=Fraction(20))
    >>> r = resolve_attack(a, {}, Faces(15, 5, 6, 6, 5))   # PCT-D08: 24 grazed to 18
    >>> r.damage.recorded, r.part.function_left
    (Fraction(18, 1), Fraction(12, 1))
    """
    lines: list[str] = []
    if a.category == "hth":
        check_hth_range(a.range_m)  # PCT-05
    thrown = a.category in ("grenade", "weaponry") and a.max_throw_m is not None
    if thrown and not throw_in_range(a.range_m, a.max_throw_m or Fraction(0)):
        lines.append(
            f"target at {fmt(a.range_m)} m is beyond the throwing distance "
            f"{fmt(a.max_throw_m or 0)} m (Table #3-4.0): the GM decides what happens (PCT-37)"
        )
    if a.category == "grenade":
        roll = rng.randint(1, 100)
        band = grenade(a.brawl, roll)
        text = f"grenade d4: 1:100sd ({roll}) vs BRAWL {fmt(a.brawl)}: {band}"
        if band == "miss":
            die = rng.randint(1, 10)
            text += f"; lands 1:10sd ({die}) + 13 = {die + GRENADE_MISS_PLUS} m from the target hex"
            return AttackResult("miss", (*lines, text))
        if band == "bounce":
            text += "; it bounces (Table #3-4.1, bounce chart: GM)"
            for table_id, what in (("PCT-M09", "bounce table"), ("PCT-M10", "bounce chart")):
                if tables.get(table_id):
                    die = gm.own_die(tables, table_id)
                    face = rng.randint(1, die)
                    outcome = (
                        f"{gm.bounces(tables, face)} bounce(s)"
                        if table_id == "PCT-M09"
                        else f"lands {gm.landing(tables, face)}"
                    )
                    text += f"; 1:{die}sd ({face}) on the GM's {what}: {outcome}"
            return AttackResult("bounce", (*lines, text))
        lines.append(text)
        graze_target: Fraction | None = None
        verdict = "direct"
    else:
        target, how = _target(a, tables)
        roll = rng.randint(1, 100)
        if a.to_hit == "d3":
            verdict = to_hit_d3(target + 0, Fraction(0), roll) if target >= 0 else "miss"
        elif a.to_hit == "d2":
            verdict = to_hit_d2(max(Fraction(0), min(Fraction(100), target)), roll)
        else:
            verdict = to_hit_d1(target, roll)
        margin = target - roll
        lines.append(
            f"to-hit {a.to_hit}: 1:100sd ({roll}) vs under {how}: {verdict}"
            + (f", {fmt(margin)} under" if verdict != "miss" else "")
        )
        if verdict == "miss":
            return AttackResult("miss", tuple(lines))
        graze_target = target if a.grazing else None
        graze_roll = roll
    # PCT-36: location
    if verdict == "direct":
        lines.append(f"direct hit: the attacker chooses the {a.part_name}")
    elif a.location_mode == "roll" or verdict == "random":
        die = rng.randint(1, 10)
        found = gm.random_hit(tables, a.race.name, die) if tables.get("PCT-M07") else None
        if found is None:
            lines.append(
                f"random hit: 1:10sd ({die}); Table #3-3.4 not entered: GM picks the {a.part_name}"
            )
        else:
            lines.append(f"random hit: 1:10sd ({die}) on Table #3-3.4 ({a.race.name}): {found[0]}")
    else:
        lines.append(f"hit location specified by the GM: {a.part_name}")
    part = BodyPart(a.part_name or "body part", a.part_points, a.part_damage)
    # PCT-39–44: damage
    result: DamageResult
    severity: str | None = None
    if a.damage_procedure == "1":
        entry = None
        if a.damage_type and tables.get("PCT-M11"):
            die = rng.randint(1, 10)
            entry = gm.damage_type_entry(tables, a.damage_type, die)
            if entry is not None:
                lines.append(
                    f"damage-type table {a.damage_type}: 1:10sd ({die}): {entry[0]} "
                    f"(severity table {entry[2]})"
                )
        severity = entry[2] if entry else None
        pct = entry[3] if entry else a.damage_percentage
        pct = _need(pct, "damage_percentage", "DAMAGE PERCENTAGE (damage-type table)")
        result = damage_procedure_one(pct, a.part_points, entry[0] if entry else a.damage_title)
    else:
        if a.damage_procedure == "2":
            dice = damage_dice(_need(a.damage_die or None, "damage_die", "DAMAGE DIE ROLL"))
            rolled = roll_damage(dice, rng)
            potential, how = rolled.total, str(rolled)
            advice = damage_die_advisory(a.range_m)
            if advice:
                lines.append(advice)
        else:
            pts = a.table_3_3_damage
            how = "Table #3-3 value entered"
            if pts is None and a.wep_mod is not None:
                looked = gm.table_3_3(tables, a.wep_mod, a.range_m)
                pts = None if looked is None else Fraction(looked)
                how = f"Table #3-3 (GM): WEP MOD {a.wep_mod} at {fmt(a.range_m)} m"
            potential = _need(pts, "table_3_3_damage", "damage points (Table #3-3)")
            how += f" = {fmt(potential)}"
        graze = (graze_target, graze_roll) if graze_target is not None else None
        result = damage_points(
            a.damage_procedure,
            potential,
            a.part_points,
            graze=graze,
            record_grazed=a.record_grazed,
            how=how,
        )
    lines.append(str(result))
    part = take_damage(part, result.recorded)
    lines.append(str(part))
    # PCT-49–51: descriptions
    cat = category_number(result.percentage)
    if a.descriptions and cat is not None:
        notice = description_order_notice(a.race)
        texts = (
            gm.descriptions(tables, a.damage_type, a.race.skeleton == "exo")
            if a.damage_type
            else None
        )
        ends = gm.run_ends(tables, a.damage_type) if a.damage_type else None
        chain = additional_descriptions(cat, ends or [])
        labels = [
            f"{category_label(c)}" + (f": {texts[c]}" if texts and c in texts else "")
            for c in chain
        ]
        lines.append(
            "description "
            + " ← ".join(labels)
            + ("" if texts else " (description table not entered)")
            + (f"; {notice}" if notice else "")
        )
    organs: tuple[OrganDamage, ...] = ()
    if a.organ:
        row = organ_row(a.race, a.part_name)
        mults = gm.organ_multipliers(tables, row) if tables.get("PCT-M15") else None
        mults = mults if mults is not None else dict(a.organ_multipliers)
        if not mults:
            raise MissingValue(
                "organ_multiplier", "organ multipliers: enter them, or enter Table #3-3.1 (PCT-M15)"
            )
        organs = tuple(
            organ_damage(
                a.race,
                a.part_name,
                result.percentage,
                mults,
                damage=result.recorded,
                body_points=a.body_points or [a.part_points],
            )
        )
        for o in organs:
            desc = gm.organ_description(tables, o.system, o.organ_dp)
            lines.append(str(o) + (f": {desc}" if desc else ""))
    return AttackResult(verdict, tuple(lines), result, part, organs, severity)


@checked
def severity_roll(tables: gm.Tables, severity_table: str, rng: RandintSource) -> str:
    """PCT-41: roll ``1:10sd`` on a severity table (GM-entered, PCT-M12) — offered for a wound left
    untreated for an extended period (line 125).

    >>> import random
    >>> severity_roll({}, "S1", random.Random(1))
    Traceback (most recent call last):
    ...
    pycore.systems.percentile.attack.MissingValue: severity table S1: enter the GM's severity tables (PCT-M12) or read the result by hand
    """
    if not tables.get("PCT-M12"):
        raise MissingValue(
            "severity_result",
            f"severity table {severity_table}: enter the GM's severity tables (PCT-M12) or read the "
            "result by hand",
        )
    die = rng.randint(1, 10)
    entry = gm.severity_entry(tables, severity_table, die)
    assert entry is not None
    title, description = entry
    return f"severity table {severity_table}: 1:10sd ({die}): {title}" + (
        f" — {description}" if description else ""
    )
