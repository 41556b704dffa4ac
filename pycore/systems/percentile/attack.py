"""One attack, from to-hit to the damage record (PCT-32–PCT-53), in two steps.

:func:`roll_hit` rolls to hit and finds where the attack landed; :func:`roll_wound` rolls or
looks up the damage, grazes it, updates the body part and describes it. Between them the step
may wait: when nobody has said which body part was hit (a direct hit is the attacker's choice,
a specified hit the GM's, a random hit comes from Table #3-3.4), the :class:`Hit` names the
question instead of picking a part (R-E; lines 97, 124, 129).

Every value a missing table would give is looked up in the GM's tables or taken from the single
value the user entered; when neither exists the attack stops *before any die is rolled* with
:class:`MissingValue`, naming the field to fill.

Both at once: :func:`pycore.systems.percentile.wound.resolve_attack`.

>>> import random
>>> a = AttackInput(skill=Fraction(50), damage_die="4+2", part_name="arm", part_points=Fraction(20))
>>> hit = roll_hit(a, {}, random.Random(3))
>>> hit.verdict in ("hit", "miss"), hit.lines[0].startswith("to-hit d1")
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
from pycore.systems.percentile.checks import bounded, fmt
from pycore.systems.percentile.damage import (
    BodyPart,
    DamageResult,
    OrganDamage,
    Race,
)
from pycore.systems.percentile.dice import damage_dice
from pycore.systems.percentile.tohit import (
    GRENADE_MISS_PLUS,
    MAX_PTH,
    check_hth_range,
    grenade,
    throw_in_range,
    to_hit_d1,
    to_hit_d2,
    to_hit_d3,
)
from pycore.validate import checked, exact, is_whole, shown, texts

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


#: The rule IDs of each explanation above, as data (a step's ``rules``; issue 25 item 4).
RULE_IDS: dict[str, tuple[str, ...]] = {
    "d1": ("PCT-32",),
    "d2": ("PCT-33",),
    "d3": ("PCT-34", "PCT-35"),
    "d4": ("PCT-38",),
    "location": ("PCT-36",),
    "1": ("PCT-40",),
    "2": ("PCT-42",),
    "3": ("PCT-43",),
    "graze": ("PCT-44",),
    "record": ("PCT-45", "PCT-46", "PCT-47"),
    "descriptions": ("PCT-48", "PCT-49", "PCT-50", "PCT-51"),
    "organs": ("PCT-52", "PCT-53"),
    "throw": ("PCT-37",),
    "hth": ("PCT-05",),
}


@checked
def rules_of(why: tuple[str, ...]) -> tuple[str, ...]:
    """The rule IDs of an attack's explanations, in order, each once.

    >>> rules_of((RULES["hth"], RULES["d1"], "a line of the GM's own"))
    ('PCT-05', 'PCT-32')
    """
    keys = {text: key for key, text in RULES.items()}
    ids = (i for line in why if line in keys for i in RULE_IDS[keys[line]])
    return tuple(dict.fromkeys(ids))


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

    ``part`` is the body part once known; otherwise ``waits_for`` is the question to answer.
    ``stage`` is the step that comes next."""

    verdict: str  # hit | direct | random | miss | bounce
    lines: tuple[str, ...]
    graze_target: Fraction | None = None
    graze_roll: int | None = None
    part: str | None = None
    waits_for: str | None = None
    why: tuple[str, ...] = ()
    stage: str = "done"  # next: miss_distance | bounce | location | part | damage | stun | done
    # The to-hit roll as the result card says it ("30, under 50"): two misses in a row read
    # "Miss" and "Miss" with nothing to tell them apart, and the app's roll was only under Why.
    rolled: str = ""

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
            "stage": self.stage,
            "rolled": self.rolled,
        }


@checked
def hit_from_json(raw: Mapping[str, Any]) -> Hit:
    """A saved to-hit step; its lines, explanation and grazing numbers are refused naming them
    when they do not read (the page shows them and grazes with them: issue 32).

    >>> hit_from_json({"lines": None})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: saved hit's lines None is not a list of text
    """
    target = raw.get("graze_target")
    roll = raw.get("graze_roll")
    if roll is not None and not is_whole(roll):
        raise RuleError(f"saved hit's grazing roll {shown(roll)} is not a whole number")
    return Hit(
        verdict=str(raw.get("verdict", "hit")),
        lines=tuple(texts(raw.get("lines", []), "saved hit's lines")),
        graze_target=None if target in (None, "") else exact(target, "saved hit's graze target"),
        graze_roll=roll,
        part=None if raw.get("part") in (None, "") else str(raw["part"]),
        waits_for=None if raw.get("waits_for") in (None, "") else str(raw["waits_for"]),
        why=tuple(texts(raw.get("why", []), "saved hit's explanation")),
        stage=str(raw.get("stage") or ("part" if raw.get("waits_for") else "damage")),
        rolled=str(raw.get("rolled") or ""),  # saved before it was kept: none to show
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


def need(value: Any, field_name: str, what: str) -> Any:
    if value is None:
        raise MissingValue(field_name, f"{what}: enter it here, or enter the table on the GM page")
    return value


@checked
def to_hit_value(a: AttackInput, tables: gm.Tables) -> tuple[Fraction, str]:
    """The value the to-hit roll must beat and how it was found (PCT-32–34)."""
    if a.to_hit == "d1":
        return a.skill, f"skill {fmt(a.skill)}"
    pth = a.percent_to_hit
    source = "entered"
    if pth is None:
        looked = gm.percent_to_hit(tables, a.skill, a.range_m)
        pth = None if looked is None else Fraction(looked)
        source = "Table #3-1 (GM)"
    pth = need(pth, "percent_to_hit", "Percent to Hit (Table #3-1)")
    pth = bounded("Percent to Hit", pth, 0, MAX_PTH, whole=False)  # above 100 as published
    if a.to_hit == "d2":
        return pth, f"Percent to Hit {fmt(pth)} ({source}){_capped(pth)}"
    pa = a.percent_against
    pa_source = "entered"
    if pa is None and a.adversity_total is not None:
        looked = gm.percent_against(tables, a.adversity_total)
        pa = None if looked is None else Fraction(looked)
        pa_source = f"Table #3-2 (GM) for adversity {a.adversity_total}"
    pa = need(pa, "percent_against", "Percent Against (Table #3-2)")
    pa = bounded("Percent Against", pa, 0, 100, whole=False)  # a percentage (PCT-34)
    n = pth - pa
    how = f"N = PTH {fmt(pth)} ({source}) − PA {fmt(pa)} ({pa_source}) = {fmt(n)}"
    return n, how + _capped(n, margin=True)


def _capped(value: Fraction, *, margin: bool = False) -> str:
    """Said when the value to beat is above 100: 1:100sd cannot roll over it, so the chance is
    capped; under d3 the "more than 20 under" margin still counts from the full value (PCT-35)."""
    if value <= 100:
        return ""
    said = "; above 100: every 1:100sd roll is under it"
    return said + (f", and the direct-hit margin counts from {fmt(value)}" if margin else "")


@checked
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
        to_hit_value(a, tables)
    if a.damage_procedure == "1":
        if not typed_damage(a, tables):
            need(a.damage_percentage, "damage_percentage", "DAMAGE PERCENTAGE (damage-type table)")
    elif a.damage_procedure == "2":
        damage_dice(need(a.damage_die or None, "damage_die", "DAMAGE DIE ROLL of the weapon"))
    else:
        table_3_3_points(a, tables)
    if a.organ and not tables.get("PCT-M15") and not a.organ_multipliers:
        raise MissingValue(
            "organ_multiplier",
            "organ multipliers: enter them, or enter Table #3-3.1 on the GM page",
        )


@checked
def table_3_3_points(a: AttackInput, tables: gm.Tables) -> tuple[Fraction, str]:
    """PCT-43: the damage points typed in, else Table #3-3 for the weapon's WEP MOD and range."""
    if a.table_3_3_damage is not None:
        return a.table_3_3_damage, f"Table #3-3 value entered = {fmt(a.table_3_3_damage)}"
    looked = None if a.wep_mod is None else gm.table_3_3(tables, a.wep_mod, a.range_m)
    points = need(looked, "table_3_3_damage", "damage points (Table #3-3)")
    how = f"Table #3-3 (GM): WEP MOD {a.wep_mod} at {fmt(a.range_m)} m = {points}"
    return Fraction(points), how


DICE_STAGES = ("to_hit", "miss_distance", "bounce", "location", "damage")


def stage_dice(a: AttackInput, stage: str, tables: gm.Tables) -> str | None:
    """The dice a stage rolls, as the text writes them (``None``: a stage without dice).

    >>> a = AttackInput(skill=Fraction(50), damage_die="4+2")
    >>> [stage_dice(a, s, {}) for s in ("to_hit", "location", "damage", "part")]
    ['1:100sd', '1:10sd', '4:10sd+2', None]
    """
    if stage == "to_hit":
        return "1:100sd"
    if stage in ("miss_distance", "location"):
        return "1:10sd"
    if stage == "bounce":
        dice = [f"1:{gm.own_die(tables, t)}sd" for t in ("PCT-M09", "PCT-M10") if tables.get(t)]
        return "+".join(dice) or None
    if stage == "damage":
        if a.damage_procedure == "2":
            return damage_dice(a.damage_die).notation
        if a.damage_procedure == "1" and typed_damage(a, tables):
            return "1:10sd"
    return None


@checked
def typed_damage(a: AttackInput, tables: gm.Tables) -> bool:
    return bool(a.damage_type) and gm.has_group(tables, "PCT-M11", "damage_type", a.damage_type)


@checked
def roll_to_hit(a: AttackInput, tables: gm.Tables, rng: RandintSource) -> Hit:
    """The to-hit roll alone (d1–d3, grenades d4); ``stage`` says what comes next.

    >>> class Faces:
    ...     def __init__(self, *f: int) -> None: self.f = list(f)
    ...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
    >>> h = roll_to_hit(AttackInput(skill=Fraction(60), damage_die="3", location_mode="roll"), {},
    ...     Faces(15))
    >>> h.verdict, h.stage
    ('hit', 'location')
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
        target, how = to_hit_value(a, tables)
        roll = rng.randint(1, 100)
        if a.to_hit == "d3":
            verdict = to_hit_d3(target, Fraction(0), roll) if target >= 0 else "miss"
        elif a.to_hit == "d2":
            verdict = to_hit_d2(max(Fraction(0), min(Fraction(100), target)), roll)
        else:
            verdict = to_hit_d1(target, roll)
        under = f", {fmt(target - roll)} under" if verdict != "miss" else ""
        line = f"to-hit {a.to_hit}: 1:100sd ({roll}) vs under {how}: {verdict}{under}"
        said = f"{roll}, {'not ' if verdict == 'miss' else ''}under {fmt(target)}"
        hit = Hit(
            verdict,
            (line,),
            target if a.grazing else None,
            roll,
            why=(RULES[a.to_hit],),
            rolled=said,
        )
    hit = replace(hit, lines=(*lines, *hit.lines), why=(*why, *hit.why))
    return locate(a, hit) if hit.landed else hit


@checked
def roll_hit(a: AttackInput, tables: gm.Tables, rng: RandintSource) -> Hit:
    """Roll to hit and every die of where it went (miss distance, bounce, location).

    >>> class Faces:
    ...     def __init__(self, *f: int) -> None: self.f = list(f)
    ...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
    >>> h = roll_hit(AttackInput(skill=Fraction(60), damage_die="3", location_mode="roll"), {},
    ...     Faces(15, 7))
    >>> h.verdict, h.part, h.waits_for
    ('hit', None, 'which body part was hit? (Table #3-3.4 is not entered: the GM picks)')
    """
    hit = roll_to_hit(a, tables, rng)
    while hit.stage in ("miss_distance", "bounce", "location"):
        hit = roll_where(a, hit, tables, rng)
    return hit


def _grenade(a: AttackInput, tables: gm.Tables, rng: RandintSource) -> Hit:
    """PCT-38: on target, a bounce (the GM's bounce tables, rolled next) or a miss (its distance
    rolled next)."""
    roll = rng.randint(1, 100)
    band = grenade(a.brawl, roll)
    text = f"grenade d4: 1:100sd ({roll}) vs BRAWL {fmt(a.brawl)}: {band}"
    why = (RULES["d4"],)
    said = f"{roll} vs BRAWL {fmt(a.brawl)}"
    if band == "miss":
        return Hit("miss", (text,), why=why, stage="miss_distance", rolled=said)
    if band == "bounce":
        text += "; it bounces (Table #3-4.1 and the bounce chart: the GM's)"
        stage = "bounce" if stage_dice(a, "bounce", tables) else "done"
        return Hit("bounce", (text,), why=why, stage=stage, rolled=said)
    return Hit("direct", (text,), why=why, rolled=said)


@checked
def roll_where(a: AttackInput, hit: Hit, tables: gm.Tables, rng: RandintSource) -> Hit:
    """The roll of where the attack went: a missed grenade's distance, its bounces, or the
    random-hit location (``hit.stage`` says which)."""
    if hit.stage == "miss_distance":
        die = rng.randint(1, 10)
        line = f"lands 1:10sd ({die}) + 13 = {die + GRENADE_MISS_PLUS} m from the target hex"
        return replace(hit, lines=(*hit.lines, line), stage="done")
    if hit.stage == "bounce":
        lines = list(hit.lines)
        for table_id, what in (("PCT-M09", "bounce table"), ("PCT-M10", "bounce chart")):
            if tables.get(table_id):
                die = gm.own_die(tables, table_id)
                face = rng.randint(1, die)
                outcome = (
                    f"{gm.bounces(tables, face)} bounce(s)"
                    if table_id == "PCT-M09"
                    else f"lands {gm.landing(tables, face)}"
                )
                lines.append(f"1:{die}sd ({face}) on the GM's {what}: {outcome}")
        return replace(hit, lines=tuple(lines), stage="done")
    if hit.stage == "location":
        return _roll_location(a, hit, tables, rng)
    raise RuleError(f"there is no roll of where the attack went at the {hit.stage} step")


@checked
def locate(a: AttackInput, hit: Hit) -> Hit:
    """PCT-35/36: where the attack landed, the location roll it needs, or the question to ask;
    never a part nobody chose."""
    why = (*hit.why, RULES["location"])
    if hit.verdict == "direct":
        if a.part_name:
            line = f"direct hit: the attacker chooses the {a.part_name}"
            return replace(_landed(hit, a.part_name, line), why=why)
        question = "a direct hit: which body part does the attacker choose?"
        return replace(hit, waits_for=question, why=why, stage="part")
    if a.location_mode == "roll" or hit.verdict == "random":
        return replace(hit, stage="location", why=why)
    if a.part_name:
        line = f"hit location specified by the GM: {a.part_name}"
        return replace(_landed(hit, a.part_name, line), why=why)
    question = "which body part was hit? (the GM specifies it)"
    return replace(hit, waits_for=question, why=why, stage="part")


def _roll_location(a: AttackInput, hit: Hit, tables: gm.Tables, rng: RandintSource) -> Hit:
    """PCT-36: the race's column of Table #3-3.4 for a 1:10sd (lines 97, 129)."""
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
            return _landed(hit, part, note)
        question = f"the table says “{instruction}”: which body part was hit?"
    return replace(hit, lines=(*hit.lines, note), waits_for=question, stage="part")


@checked
def answer_part(hit: Hit, part: str) -> Hit:
    """The GM's (or, for a direct hit, the attacker's) answer to which body part was hit."""
    if hit.stage != "part":
        raise RuleError("the attack is not waiting for a body part")
    chooser = "the attacker chooses" if hit.verdict == "direct" else "the GM picks"
    return _landed(hit, part, f"{chooser} the {part}")


def _landed(hit: Hit, part: str, line: str) -> Hit:
    return replace(hit, lines=(*hit.lines, line), part=part, waits_for=None, stage="damage")
