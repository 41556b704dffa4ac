"""The attack step of the fight (PCT-24, PCT-28, PCT-30–PCT-54) as transitions of a
:class:`~pycore.systems.percentile.fight.Fight`.

:func:`attack` reads the attack form, asks for every missing value before a die is rolled, pays
the attack's AP (c2), rolls to hit and, once the body part is known, the wound: the target's
damage record, its Table #3-7.0 damage modifier and the stun it owes are written to the fighter
(and so to the sheet). When nobody has said which body part was hit the fight keeps the attack
*waiting* (:attr:`Fight.pending`) and :func:`answer_part` finishes it: the core never picks one.

>>> from pycore.systems.percentile.fight_codec import fight_from_json
>>> class Faces:
...     def __init__(self, *f: int) -> None: self.f = list(f)
...     def randint(self, a: int, b: int) -> int: return self.f.pop(0)
>>> f = fight_from_json({"characters": [
...     {"id": "c1", "name": "Ann", "aim": "70", "weapons": [{"name": "PISTOL", "wep_dif": 30,
...      "damage_die": "4:10sd+2"}]},
...     {"id": "c2", "name": "Bob", "parts": [{"name": "arm", "points": "20"}]}]})
>>> f, step = attack(f, {"attacker": "c1", "target": "c2"}, Faces(15))
>>> step.waits_for
'which body part was hit? (the GM specifies it)'
>>> f, step = answer_part(f, "arm", {}, Faces(5, 6, 6, 5))
>>> f.fighter("c2").part("arm").damage, f.pending is None   # 24 grazed by 35/50
(Fraction(84, 5), True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from pycore.dice import RandintSource
from pycore.errors import RuleError, RulekeeperError
from pycore.systems.percentile import agility
from pycore.systems.percentile import gmtables as gm
from pycore.systems.percentile.attack import (
    AttackInput,
    AttackResult,
    Hit,
    MissingValue,
    check_inputs,
    roll_hit,
    roll_wound,
    severity_roll,
)
from pycore.systems.percentile.checks import fmt, parse_number
from pycore.systems.percentile.damage import ORGAN_SYSTEMS, Poison, organ_row, poison_damage
from pycore.systems.percentile.fight import Fight, PendingAttack
from pycore.systems.percentile.roster import Fighter, Weapon, race_of

Form = Mapping[str, str]

# R-F: the attack form's numbers, key → (label, low, high, whole).
ATTACK_NUMBERS: dict[str, tuple[str, int, int, bool]] = {
    "range_m": ("Range (m)", 0, 100_000, False),
    "percent_to_hit": ("Percent to Hit (Table #3-1)", 0, 100, False),
    "percent_against": ("Percent Against (Table #3-2)", 0, 100, False),
    "adversity_total": ("Adversity total (Tables 7.0-7.4)", -1000, 1000, True),
    "table_3_3_damage": ("Damage points (Table #3-3)", 0, 5000, False),
    "damage_percentage": ("DAMAGE PERCENTAGE (damage-type table)", 0, 1000, False),
    "ap_cost": ("AP cost of the attack (Table #3-6)", 0, 10_000, False),
    "stun_modifier": ("Table #3-7.0 modifier for this damage (stun)", 0, 100_000, False),
    "max_throw_m": ("Throwing distance (m, Table #3-4.0)", 0, 100_000, False),
    "poison_damage": ("Poison: Table #3-3 value (damage points)", 0, 5000, False),
    **{
        f"m_{s}": (f"{s.replace('_', '-')} multiplier (Table #3-3.1)", 0, 100, False)
        for s in ORGAN_SYSTEMS
    },
}
WAITING = "An attack is waiting for its body part: answer it or set it aside first."


def check_field(key: str, text: str) -> str:
    """One attack or poison form value, checked where it is entered; blank is allowed.

    >>> check_field("percent_to_hit", "150")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Percent to Hit (Table #3-1) must be from 0 to 100, got 150
    """
    value = text.strip()
    if value and key in ATTACK_NUMBERS:
        label, low, high, whole = ATTACK_NUMBERS[key]
        parse_number(label, value, low, high, whole=whole)
    if value and key == "wep_mod":
        parse_number("WEP MOD", value, -1000, 1000)
    return value


def number(form: Form, key: str) -> Fraction | None:
    """A form number, or None when left blank."""
    text = str(form.get(key) or "").strip()
    if not text:
        return None
    label, low, high, whole = ATTACK_NUMBERS[key]
    return parse_number(label, text, low, high, whole=whole)


def _parties(fight: Fight, form: Form) -> tuple[Fighter, Fighter, Weapon]:
    attacker = fight.fighter(str(form.get("attacker") or ""))
    target = fight.fighter(str(form.get("target") or ""))
    if attacker is None or target is None:
        raise RuleError("Choose the attacker and the target.")
    index = str(form.get("weapon") or "0")
    weapon = attacker.weapon(int(index)) if index.isdigit() else None
    if weapon is None:
        raise RuleError(f"{attacker.name} has no weapon: add one on the character sheet.")
    if not target.parts:
        raise RuleError(
            f"{target.name} has no body parts on the damage record: add them on the sheet."
        )
    part = str(form.get("part") or "")
    if part and target.part(part) is None:
        raise RuleError(f"{target.name} has no body part {part!r}: choose one of theirs.")
    return attacker, target, weapon


def attack_input(fight: Fight, form: Form) -> tuple[Fighter, Fighter, Weapon, AttackInput]:
    """The attack as the core resolves it: both sheets, the weapon and the form's values."""
    attacker, target, weapon = _parties(fight, form)
    adversity = number(form, "adversity_total")
    conditions = [c for c in str(form.get("adversity_conditions") or "").split(",") if c.strip()]
    if adversity is None and conditions:
        # PCT-34: the conditions present are summed from the GM's Tables 7.0-7.4.
        summed = gm.adversity_total(fight.tables, conditions)
        adversity = None if summed is None else Fraction(summed)
    settings = fight.settings
    part = str(form.get("part") or "")
    chosen = target.part(part)
    a = AttackInput(
        skill=attacker.skill(weapon),
        category=weapon.category,
        to_hit=settings.to_hit,
        brawl=Fraction(attacker.brawl),
        range_m=number(form, "range_m") or Fraction(0),
        percent_to_hit=number(form, "percent_to_hit"),
        percent_against=number(form, "percent_against"),
        adversity_total=None if adversity is None else int(adversity),
        damage_procedure=settings.damage,
        damage_die=weapon.damage_die or "",
        wep_mod=weapon.wep_mod,
        table_3_3_damage=number(form, "table_3_3_damage"),
        damage_type=weapon.damage_type or "",
        damage_percentage=number(form, "damage_percentage"),
        grazing=settings.grazing,
        record_grazed=settings.graze_record == "grazed",
        race=race_of(target.race),
        part_name=part,
        part_points=chosen.points if chosen else Fraction(1),
        part_damage=chosen.damage if chosen else Fraction(0),
        body_points=[p.points for p in target.parts],
        descriptions=settings.descriptions,
        organ=settings.organ_damage,
        organ_multipliers=_typed_multipliers(form),
        location_mode=str(form.get("location") or "specify"),
        max_throw_m=_throw(fight, form, attacker, weapon),
        record=target.parts,
    )
    return attacker, target, weapon, a


def _typed_multipliers(form: Form) -> dict[str, Fraction]:
    return {s: v for s in ORGAN_SYSTEMS if (v := number(form, f"m_{s}")) is not None}


def _throw(fight: Fight, form: Form, attacker: Fighter, weapon: Weapon) -> Fraction | None:
    """PCT-37: the throwing distance typed in, else Table #3-4.0 for Strength and weight."""
    typed = number(form, "max_throw_m")
    if typed is not None or weapon.weight_kg is None:
        return typed
    if weapon.category != "grenade" or not fight.tables.get("PCT-M08"):
        return None
    return gm.throw_distance(fight.tables, attacker.strength, weapon.weight_kg)


@dataclass(frozen=True)
class AttackStep:
    """One step of an attack: who, with what, the result so far and what it waits for."""

    attacker: str
    target: str
    weapon: str
    result: AttackResult
    waits_field: str | None = None  # the form field that answers the wait ("part" for a part)
    notes: tuple[str, ...] = ()

    @property
    def waits_for(self) -> str | None:
        return self.result.waits_for

    def __str__(self) -> str:
        text = f"{self.attacker} attacks {self.target} with {self.weapon}: {self.result}"
        text += "".join(f" · {n}" for n in self.notes)
        return text + (f" · waits: {self.waits_for}" if self.waits_for else "")


def attack(fight: Fight, form: Form, rng: RandintSource) -> tuple[Fight, AttackStep]:
    """Roll an attack set up in ``form``; the fight may then wait for the body part."""
    if fight.pending is not None:
        raise RuleError(WAITING)
    attacker, target, weapon, a = attack_input(fight, form)
    check_inputs(a, fight.tables)
    cost = number(form, "ap_cost")
    if fight.settings.ap == "c2" and cost is not None:  # PCT-24: the attack is paid first
        ledger = agility.spend(attacker.ledger, cost, "the attack")
        fight = fight.with_fighter(replace(attacker, ledger=ledger))
    hit = roll_hit(a, fight.tables, rng)
    fight = replace(fight, attacked=tuple(sorted({*fight.attacked, target.id})))
    if not hit.landed:
        result = AttackResult(hit.verdict, hit.lines, why=hit.why)
        step = AttackStep(attacker.name, target.name, weapon.name, result)
        return replace(fight, last=result.lines, last_why=hit.why, last_severity=None), step
    if hit.part is None:
        return _wait(fight, form, hit, str(hit.waits_for), "part")
    return _wound(fight, form, hit, hit.part, rng)


def _wait(
    fight: Fight, form: Form, hit: Hit, question: str, field: str
) -> tuple[Fight, AttackStep]:
    attacker, target, weapon = _parties(fight, form)
    result = AttackResult(hit.verdict, hit.lines, waits_for=question, why=hit.why)
    waiting = replace(
        fight,
        pending=PendingAttack(dict(form), replace(hit, waits_for=question), field),
        last=hit.lines,
        last_why=hit.why,
    )
    return waiting, AttackStep(attacker.name, target.name, weapon.name, result, field)


def answer_part(
    fight: Fight, part: str, current: Form, rng: RandintSource
) -> tuple[Fight, AttackStep]:
    """Finish the waiting attack on ``part`` (the GM's or the attacker's pick). Values asked
    for meanwhile come from the ``current`` form where the waiting one left them blank."""
    pending = fight.pending
    if pending is None:
        raise RuleError("No attack is waiting.")
    form = {**pending.form, **{k: v for k, v in current.items() if not pending.form.get(k)}}
    target = fight.fighter(str(form.get("target") or ""))
    if target is None or target.part(part) is None:
        raise RuleError("Choose the body part that was hit.")
    return _wound(fight, form, replace(pending.hit, part=part, waits_for=None), part, rng)


def set_aside(fight: Fight) -> tuple[Fight, str]:
    """Drop the waiting attack (its AP stay spent: the attack was made)."""
    if fight.pending is None:
        raise RuleError("No attack is waiting.")
    return replace(fight, pending=None), "the waiting attack was set aside"


def _wound(
    fight: Fight, form: Form, hit: Hit, part: str, rng: RandintSource
) -> tuple[Fight, AttackStep]:
    attacker, target, weapon, a = attack_input(fight, {**form, "part": part})
    try:
        result = roll_wound(a, hit, part, fight.tables, rng)
    except MissingValue as exc:
        return _wait(fight, form, replace(hit, part=part), str(exc), exc.field)
    assert result.part is not None
    wounded = replace(
        target, parts=tuple(result.part if p.name == part else p for p in target.parts)
    )
    wounded, notes = _after_damage(fight, wounded, result, number(form, "stun_modifier"))
    done = replace(
        fight.with_fighter(wounded),
        pending=None,
        last=(*result.lines, *notes),
        last_why=result.why,
        last_severity=result.severity_table,
    )
    return done, AttackStep(attacker.name, target.name, weapon.name, result, notes=notes)


def _after_damage(
    fight: Fight, target: Fighter, result: AttackResult, typed_stun: Fraction | None
) -> tuple[Fighter, tuple[str, ...]]:
    """PCT-11/28: the new Table #3-7.0 modifier for the damage taken and the stun it causes: the
    modifier's rise (whole points of damage; old wounds do not stun again), or the GM's value."""
    stun = typed_stun
    notes: list[str] = []
    if fight.tables.get("PCT-M02") and result.damage is not None:
        taken = sum((p.damage for p in target.parts), Fraction(0))
        before = math.floor(taken - result.damage.recorded)
        try:
            rise = gm.stun_modifier_increase(fight.tables, before, math.floor(taken))
            now = gm.damage_modifier(fight.tables, math.floor(taken))
        except RulekeeperError as exc:
            notes.append(f"{exc}: the damage modifier is unchanged")
            rise = now = None
        if now is not None:
            target = replace(target, damage_modifier=now)
        if stun is None and rise is not None:
            stun = Fraction(rise)
    if fight.settings.stun and stun is not None:
        target = replace(target, ledger=agility.stun(target.ledger, stun))
        notes.append(f"{target.name} owes {fmt(stun / agility.STUN_DIVISOR)} AP to the stun")
    return target, tuple(notes)


def severity(fight: Fight, rng: RandintSource) -> tuple[Fight, str]:
    """PCT-41: the severity roll for the last procedure-one wound (a wound left untreated)."""
    if not fight.last_severity:
        raise RuleError("There is no wound from the damage-type table to roll severity for.")
    text = severity_roll(fight.tables, fight.last_severity, rng)
    return replace(fight, last=(*fight.last, text)), text


# --- Poisons and drugs (PCT-54) ----------------------------------------------------------------


@dataclass(frozen=True)
class PoisonStep:
    lines: tuple[str, ...]

    def __str__(self) -> str:
        return " · ".join(self.lines)


def poison(fight: Fight, form: Form, attack_form: Form) -> tuple[Fight, PoisonStep]:
    """PCT-54: a poison acts on the organ systems the GM chose; its Table #3-3 points feed the
    organ damage only, never the damage record. Multipliers come from Table #3-3.1 or the
    attack form's organ fields."""
    target = fight.fighter(str(form.get("target") or ""))
    if target is None or not target.parts:
        raise RuleError("Choose a target with body parts.")
    systems = tuple(s for s in ORGAN_SYSTEMS if form.get(s) == "on")
    if not systems:
        raise RuleError("Choose the organ system(s) the poison acts on (the GM's call).")
    part = target.part(str(form.get("part") or ""))
    if part is None:
        raise RuleError("Choose the site (body part) the poison acts on.")
    wep_mod = str(form.get("wep_mod") or "").strip()
    mod = int(parse_number("WEP MOD", wep_mod, -1000, 1000)) if wep_mod else None
    points = number(form, "poison_damage")
    if points is None and mod is not None and fight.tables.get("PCT-M13"):
        looked = gm.table_3_3(fight.tables, mod, Fraction(0))
        points = None if looked is None else Fraction(looked)
    if points is None:
        raise MissingValue(
            "poison_damage",
            "Enter the Table #3-3 value, or the WEP MOD with Table #3-3 entered on the GM page.",
        )
    race = race_of(target.race)
    mults = _poison_multipliers(fight, organ_row(race, part.name), attack_form)
    missing = [s for s in systems if s not in mults and s not in race.decentralized]
    if missing:
        names = ", ".join(s.replace("_", "-") for s in missing)
        raise MissingValue(
            "organ_multiplier",
            f"Enter the Table #3-3.1 multiplier for {names} (the attack's organ fields), or "
            "Table #3-3.1 on the GM page.",
        )
    name = str(form.get("name") or "poison")
    organs = poison_damage(
        Poison(name, systems, mod or 0),
        race,
        part.name,
        part.points,
        points,
        mults,
        [p.points for p in target.parts],
    )
    lines = [
        f"{name} on {target.name} ({part.name}), {fmt(points)} points for the organ calculation only"
    ]
    for o in organs:
        desc = gm.organ_description(fight.tables, o.system, o.organ_dp)
        lines.append(str(o) + (f": {desc}" if desc else ""))
    return replace(fight, last=tuple(lines)), PoisonStep(tuple(lines))


def _poison_multipliers(fight: Fight, row: str, attack_form: Form) -> dict[str, Fraction]:
    mults: dict[str, Fraction] = {}
    if fight.tables.get("PCT-M15"):
        try:
            mults = dict(gm.organ_multipliers(fight.tables, row) or {})
        except RulekeeperError:
            mults = {}
    for s, typed in _typed_multipliers(attack_form).items():
        mults.setdefault(s, typed)
    return mults
