"""One attack, from to-hit to the damage record (PCT-32–PCT-53), in two steps.

:func:`roll_hit` rolls to hit and finds where the attack landed; :func:`roll_wound` rolls or
looks up the damage, grazes it, updates the body part and describes it. Between them the step
may wait: when nobody has said which body part was hit (a direct hit is the attacker's choice,
a specified hit the GM's, a random hit comes from Table #3-3.4), the :class:`Hit` names the
question instead of picking a part (R-E; lines 97, 124, 129).

Every value a missing table would give is looked up in the GM's tables or taken from the single
value the user entered; when neither exists the attack stops *before any die is rolled* with
:class:`MissingValue`, naming the field to fill.

>>> import random
>>> a = AttackInput(skill=Fraction(50), damage_die="4+2", part_name="arm", part_points=Fraction(20))
>>> r = resolve_attack(a, {}, random.Random(3))
>>> r.to_hit in ("hit", "miss"), r.lines[0].startswith("to-hit d1")
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.checks import fmt
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

# Where each step's rule is written, for the "why" a user opens (seed 000 lines).
RULES: dict[str, str] = {
    "d1": "To hit, procedure one: roll under the skill (PCT-32, line 89)",
    "d2": "To hit, procedure two: roll under the Percent to Hit of Table #3-1 (PCT-33, line 89)",
    "d3": "To hit, procedure three: N = PTH − PA; more than 20 under is a direct hit "
    "(PCT-34, PCT-35, lines 89-99)",
    "d4": "Grenades: under BRAWL on target, up to 20 over bounces, else 1:10sd + 13 m away "
    "(PCT-38, lines 104-115)",
    "location": "Hit location: the GM's or the attacker's choice, or Table #3-3.4 "
    "(PCT-36, lines 97, 124, 129)",
    "1": "Damage procedure one: the damage-type table (PCT-40, lines 121-130)",
    "2": "Damage procedure two: the weapon's damage dice (PCT-42, lines 131-137)",
    "3": "Damage procedure three: WEP MOD and range on Table #3-3 (PCT-43, line 139)",
    "graze": "Grazing: damage × percent under ÷ the value to beat (PCT-44, lines 141-146)",
    "record": "Damage record: 10 structure points, then function; destroyed at 5 × the points "
    "(PCT-45-47, line 121)",
    "descriptions": "Descriptions by damage percentage (PCT-48-51, lines 149-155)",
    "organs": "Organ damage (PCT-52, PCT-53, line 158)",
    "throw": "Throwing distance, Table #3-4.0 (PCT-37, line 105)",
    "hth": "Hand to hand: not over three meters (PCT-05, lines 27, 81)",
}


class MissingValue(RuleError):
    """A value from a table the GM has not entered: ``field`` names the input to fill."""

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(message)
        self.field = field_name


@dataclass(frozen=True)
class AttackInput:
    """What the worksheet knows about one attack. ``record`` is the target's damage record (the
    part hit is looked up there); without it ``part_name``/``part_points``/``part_damage`` stand
    for the one part known."""

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
    part_name: str = ""  # the part chosen before the roll (GM's or attacker's), "" if none
    part_points: Fraction = Fraction(1)
    part_damage: Fraction = Fraction(0)
    body_points: Sequence[Fraction] = ()
    descriptions: bool = True
    organ: bool = False
    organ_multipliers: Mapping[str, Fraction] = field(default_factory=dict)
    location_mode: str = "specify"  # specify | roll (PCT-36)
    max_throw_m: Fraction | None = None  # PCT-37: Table #3-4.0 value for this thrower and object
    record: tuple[BodyPart, ...] = ()

    def body_part(self, name: str) -> BodyPart | None:
        """The target's part called ``name``, as its damage record has it."""
        if self.record:
            return next((p for p in self.record if p.name == name), None)
        if name and name == self.part_name:
            return BodyPart(name, self.part_points, self.part_damage)
        return None


@dataclass(frozen=True)
class Hit:
    """The to-hit step: the verdict, its explanation, what grazing needs and where it landed.

    ``part`` is the body part once known; otherwise ``waits_for`` is the question to answer."""

    verdict: str  # hit | direct | random | miss | bounce
    lines: tuple[str, ...]
    graze_target: Fraction | None = None
    graze_roll: int | None = None
    part: str | None = None
    waits_for: str | None = None
    why: tuple[str, ...] = ()

    @property
    def landed(self) -> bool:
        """Whether damage follows (a grenade that bounces or misses does no damage here)."""
        return self.verdict not in ("miss", "bounce")

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "lines": list(self.lines),
            "graze_target": None if self.graze_target is None else str(self.graze_target),
            "graze_roll": self.graze_roll,
            "part": self.part,
            "waits_for": self.waits_for,
            "why": list(self.why),
        }


def hit_from_json(raw: Mapping[str, Any]) -> Hit:
    target = raw.get("graze_target")
    roll = raw.get("graze_roll")
    return Hit(
        verdict=str(raw.get("verdict", "hit")),
        lines=tuple(str(x) for x in raw.get("lines", [])),
        graze_target=None if target in (None, "") else Fraction(str(target)),
        graze_roll=roll if isinstance(roll, int) else None,
        part=None if raw.get("part") in (None, "") else str(raw["part"]),
        waits_for=None if raw.get("waits_for") in (None, "") else str(raw["waits_for"]),
        why=tuple(str(x) for x in raw.get("why", [])),
    )


@dataclass(frozen=True)
class AttackResult:
    """The whole attack: the to-hit verdict, each step's explanation, the damage and the part.

    ``waits_for`` names the question the attack stopped at (the body part), if any."""

    to_hit: str
    lines: tuple[str, ...]
    damage: DamageResult | None = None
    part: BodyPart | None = None
    organs: tuple[OrganDamage, ...] = ()
    severity_table: str | None = None
    waits_for: str | None = None
    why: tuple[str, ...] = ()

    @property
    def hit(self) -> bool:
        return self.to_hit not in ("miss",)

    def __str__(self) -> str:
        return " · ".join(self.lines)


def _need(value: Any, field_name: str, what: str) -> Any:
    if value is None:
        raise MissingValue(field_name, f"{what}: enter it here, or enter the table on the GM page")
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
    if a.to_hit == "d2":
        return pth, f"Percent to Hit {fmt(pth)} ({source})"
    pa = a.percent_against
    pa_source = "entered"
    if pa is None and a.adversity_total is not None:
        looked = gm.percent_against(tables, a.adversity_total)
        pa = None if looked is None else Fraction(looked)
        pa_source = f"Table #3-2 (GM) for adversity {a.adversity_total}"
    pa = _need(pa, "percent_against", "Percent Against (Table #3-2)")
    return pth - pa, f"N = PTH {fmt(pth)} ({source}) − PA {fmt(pa)} ({pa_source}) = {fmt(pth - pa)}"


def check_inputs(a: AttackInput, tables: gm.Tables) -> None:
    """Every value the attack will need, asked for before a die is rolled (R-E).

    >>> check_inputs(AttackInput(skill=Fraction(50), damage_procedure="3"), {})
    Traceback (most recent call last):
    ...
    pycore.systems.percentile.attack.MissingValue: damage points (Table #3-3): enter it here, or enter the table on the GM page
    """
    if a.category == "hth":
        check_hth_range(a.range_m)  # PCT-05
    if a.category != "grenade":
        _target(a, tables)
    if a.damage_procedure == "1":
        typed = a.damage_type and gm.has_group(tables, "PCT-M11", "damage_type", a.damage_type)
        if not typed:
            _need(a.damage_percentage, "damage_percentage", "DAMAGE PERCENTAGE (damage-type table)")
    elif a.damage_procedure == "2":
        damage_dice(_need(a.damage_die or None, "damage_die", "DAMAGE DIE ROLL of the weapon"))
    else:
        _table_3_3(a, tables)
    if a.organ and not tables.get("PCT-M15") and not a.organ_multipliers:
        raise MissingValue(
            "organ_multiplier",
            "organ multipliers: enter them, or enter Table #3-3.1 on the GM page",
        )


def _table_3_3(a: AttackInput, tables: gm.Tables) -> tuple[Fraction, str]:
    """PCT-43: the damage points typed in, else Table #3-3 for the weapon's WEP MOD and range."""
    if a.table_3_3_damage is not None:
        return a.table_3_3_damage, f"Table #3-3 value entered = {fmt(a.table_3_3_damage)}"
    looked = None if a.wep_mod is None else gm.table_3_3(tables, a.wep_mod, a.range_m)
    points = _need(looked, "table_3_3_damage", "damage points (Table #3-3)")
    how = f"Table #3-3 (GM): WEP MOD {a.wep_mod} at {fmt(a.range_m)} m = {points}"
    return Fraction(points), how


def roll_hit(a: AttackInput, tables: gm.Tables, rng: RandintSource) -> Hit:
    """Roll to hit (d1–d3, grenades d4) and find where the attack landed.

    >>> class Faces:
    ...     def __init__(self, *f: int) -> None: self.f = list(f)
    ...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
    >>> h = roll_hit(AttackInput(skill=Fraction(60), damage_die="3", location_mode="roll"), {},
    ...     Faces(15, 7))
    >>> h.verdict, h.part, h.waits_for
    ('hit', None, 'which body part was hit? (Table #3-3.4 is not entered: the GM picks)')
    """
    check_inputs(a, tables)
    lines: list[str] = []
    why: list[str] = [RULES["hth"]] if a.category == "hth" else []
    thrown = a.category in ("grenade", "weaponry") and a.max_throw_m is not None
    if thrown and not throw_in_range(a.range_m, a.max_throw_m or Fraction(0)):
        lines.append(
            f"target at {fmt(a.range_m)} m is beyond the throwing distance "
            f"{fmt(a.max_throw_m or 0)} m (Table #3-4.0): the GM decides what happens"
        )
        why.append(RULES["throw"])
    if a.category == "grenade":
        hit = _grenade(a, tables, rng)
    else:
        target, how = _target(a, tables)
        roll = rng.randint(1, 100)
        if a.to_hit == "d3":
            verdict = to_hit_d3(target, Fraction(0), roll) if target >= 0 else "miss"
        elif a.to_hit == "d2":
            verdict = to_hit_d2(max(Fraction(0), min(Fraction(100), target)), roll)
        else:
            verdict = to_hit_d1(target, roll)
        under = f", {fmt(target - roll)} under" if verdict != "miss" else ""
        line = f"to-hit {a.to_hit}: 1:100sd ({roll}) vs under {how}: {verdict}{under}"
        hit = Hit(verdict, (line,), target if a.grazing else None, roll, why=(RULES[a.to_hit],))
    hit = replace(hit, lines=(*lines, *hit.lines), why=(*why, *hit.why))
    return _locate(a, hit, tables, rng) if hit.landed else hit


def _grenade(a: AttackInput, tables: gm.Tables, rng: RandintSource) -> Hit:
    """PCT-38: on target, a bounce (the GM's bounce tables with their own die) or a miss."""
    roll = rng.randint(1, 100)
    band = grenade(a.brawl, roll)
    text = f"grenade d4: 1:100sd ({roll}) vs BRAWL {fmt(a.brawl)}: {band}"
    why = (RULES["d4"],)
    if band == "miss":
        die = rng.randint(1, 10)
        text += f"; lands 1:10sd ({die}) + 13 = {die + GRENADE_MISS_PLUS} m from the target hex"
        return Hit("miss", (text,), why=why)
    if band == "bounce":
        text += "; it bounces (Table #3-4.1 and the bounce chart: the GM's)"
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
        return Hit("bounce", (text,), why=why)
    return Hit("direct", (text,), why=why)


def _locate(a: AttackInput, hit: Hit, tables: gm.Tables, rng: RandintSource) -> Hit:
    """PCT-35/36: where the attack landed, or the question to ask; never a part nobody chose."""
    why = (*hit.why, RULES["location"])
    if hit.verdict == "direct":
        if a.part_name:
            return _landed(hit, a.part_name, f"direct hit: the attacker chooses the {a.part_name}")
        return replace(hit, waits_for="a direct hit: which body part does the attacker choose?")
    if a.location_mode == "roll" or hit.verdict == "random":
        die = rng.randint(1, 10)
        race = a.race.name
        if not tables.get("PCT-M07"):
            note = f"random hit: 1:10sd ({die}); Table #3-3.4 is not entered"
            question = "which body part was hit? (Table #3-3.4 is not entered: the GM picks)"
        elif not gm.has_group(tables, "PCT-M07", "race", race):
            note = f"random hit: 1:10sd ({die}); Table #3-3.4 has no column for {race}"
            question = f"which body part was hit? (Table #3-3.4 has no {race} column: the GM picks)"
        else:
            found = gm.random_hit(tables, race, die)
            assert found is not None
            instruction, part = found
            note = f"random hit: 1:10sd ({die}) on Table #3-3.4 ({race}): {instruction}"
            if part is not None and a.body_part(part) is not None:
                return replace(_landed(hit, part, note), why=why)
            question = f"the table says “{instruction}”: which body part was hit?"
        return replace(hit, lines=(*hit.lines, note), waits_for=question, why=why)
    if a.part_name:
        return replace(
            _landed(hit, a.part_name, f"hit location specified by the GM: {a.part_name}"), why=why
        )
    return replace(hit, waits_for="which body part was hit? (the GM specifies it)", why=why)


def _landed(hit: Hit, part: str, line: str) -> Hit:
    return replace(hit, lines=(*hit.lines, line), part=part, waits_for=None)


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
        organs = _organs(a, part_name, result, tables)
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
        if a.damage_type and gm.has_group(tables, "PCT-M11", "damage_type", a.damage_type):
            die = rng.randint(1, 10)
            entry = gm.damage_type_entry(tables, a.damage_type, die)
            if entry is not None:
                lines.append(
                    f"damage-type table {a.damage_type}: 1:10sd ({die}): {entry[0]} "
                    f"(severity table {entry[2]})"
                )
        pct = _need(
            entry[3] if entry else a.damage_percentage,
            "damage_percentage",
            "DAMAGE PERCENTAGE (damage-type table)",
        )
        title = entry[0] if entry else a.damage_title
        return damage_procedure_one(pct, part.points, title), entry[2] if entry else None
    if a.damage_procedure == "2":
        dice = damage_dice(_need(a.damage_die or None, "damage_die", "DAMAGE DIE ROLL"))
        rolled = roll_damage(dice, rng)
        potential, how = rolled.total, str(rolled)
        advice = damage_die_advisory(a.range_m)
        if advice:
            lines.append(advice)
    else:
        potential, how = _table_3_3(a, tables)
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


def _organs(
    a: AttackInput, part_name: str, result: DamageResult, tables: gm.Tables
) -> tuple[OrganDamage, ...]:
    """PCT-52/53: organ damage from Table #3-3.1's row for the part, or the values typed in."""
    row = organ_row(a.race, part_name)
    mults = gm.organ_multipliers(tables, row) if tables.get("PCT-M15") else None
    mults = mults if mults is not None else dict(a.organ_multipliers)
    if not mults:
        raise MissingValue(
            "organ_multiplier",
            "organ multipliers: enter them, or enter Table #3-3.1 on the GM page",
        )
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
    if not hit.landed or hit.part is None:
        return AttackResult(hit.verdict, hit.lines, waits_for=hit.waits_for, why=hit.why)
    return roll_wound(a, hit, hit.part, tables, rng)


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
