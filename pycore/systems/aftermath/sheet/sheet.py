"""Aftermath! character sheet: the values a sheet holds, their bounds, and what is derived from
them live (AFT-05, AFT-06, AFT-14, AFT-21 to AFT-26, AFT-55; missing values AFT-M01, M03, M04).

A sheet is plain JSON-able data (the page keeps it in saved state); :func:`check_field` refuses a
bad value with the typed error, :func:`derive` computes everything the text computes, and marks
what the text does not compute as entered by the user.

>>> sheet = new_sheet("Ana")
>>> sheet = set_field(sheet, "attr.STR", "30")
>>> view = derive(sheet)
>>> str(view.groups["STR"])
'rating 30 → Group 4, Effect Die 2D6'
>>> view.av[1].av, view.save_odds["HLH"] is None
(0, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from pycore.dice import RandintSource
from pycore.errors import RuleError
from pycore.systems.aftermath.bcs import SaveOdds, saving_throw_odds
from pycore.systems.aftermath.conditions import (
    BROKEN_BONE,
    COMPOUND_FRACTURE,
    MANUAL_CONDITION_RULES,
    Condition,
    Moment,
    bleeding_condition,
    bleeding_dice,
    condition_from_json,
    daze_condition,
    fracture_death_blow,
    stun_conditions,
)
from pycore.systems.aftermath.gear.armor import (
    ArmorTotals,
    LocationAv,
    armor_material,
    armor_totals,
    location_av,
)
from pycore.systems.aftermath.gear.encumbrance import EncumbranceStatus, encumbrance_status
from pycore.systems.aftermath.gear.weapon_record import legacy_weapon
from pycore.systems.aftermath.limits import MAX_CONDITIONS, MAX_NAME
from pycore.systems.aftermath.rounding import check_choice, check_int, signed, unstated
from pycore.systems.aftermath.sheet.attributes import AttributeGroup, Note, attribute_group
from pycore.validate import checked, exact, string

#: The four attributes the text names (STR, DFT, SPD, HLH; L352).
ATTRIBUTES: Final = ("STR", "DFT", "SPD", "HLH")
ATTRIBUTE_NAMES: Final = {"STR": "Strength", "DFT": "Deftness", "SPD": "Speed", "HLH": "Health"}
#: AFT-M04: derived values the text uses but never computes; the user enters them.
DERIVED: Final = {
    "oda": ("ODA", 0, 100),
    "cda": ("CDA", 0, 50),
    "pca": ("PCA", 0, 100),
    "bap": ("BAP", 0, 100),
    "mna": ("MNA", 0, 20),
    "drt": ("DRT", 1, 1000),
    "sf": ("SF", 0, 100),
    "enc_cap": ("ENC CAP", 0, 1000),
    "bma": ("BMA", 0, 100),
    "mass": ("Mass", 1, 1000),
    # AFT-M41: a creature's own AV at every location (the horse's is not printed).
    "natural_av": ("Natural AV (creatures)", 0, 40),
}
KINDS: Final = ("character", "creature")
DAMAGE_KINDS: Final = ("lethal", "subdual", "critical", "c_type")
#: AFT-M31: the regions a user gives a quadruped's locations (limbs count as legs for AFT-23).
REGIONS: Final = ("head_neck", "torso", "limb")
BODIES: Final = ("bipedal", "quadrupedal")
MAX_SKILLS: Final = 40
MAX_ITEMS: Final = 60
#: The condition death records (AFT-26 Lethal, AFT-25 bleeding to death): outside the cap.
DEAD: Final = "Dead"
LOCATIONS: Final = tuple(range(1, 31))


def new_sheet(name: str = "New character", kind: str = "character") -> dict[str, Any]:
    """An empty sheet: attributes 10, every value the text does not compute left empty.

    >>> new_sheet()["attr"]
    {'STR': 10, 'DFT': 10, 'SPD': 10, 'HLH': 10}
    """
    return {
        "name": name,
        "kind": check_choice("kind", kind, KINDS),
        "body": "bipedal",
        "personality": kind == "character",
        "attr": dict.fromkeys(ATTRIBUTES, 10),
        "ast": dict.fromkeys(ATTRIBUTES),
        "cst": dict.fromkeys(ATTRIBUTES),
        "derived": dict.fromkeys(DERIVED),
        "average_bcs": None,
        "skills": [],
        "weapons": [],
        "armor": {},
        "cloth_bullet_av": None,
        "inventory": [],
        "damage": {"lethal": 0, "subdual": 0, "critical": 0},
        "conditions": [],
        "regions": {"head_neck": "", "torso": "", "limb": ""},
    }


def merged(raw: Any) -> dict[str, Any]:
    """A saved sheet merged over the defaults, so older data still loads.

    >>> merged({"name": "Old"})["derived"]["cda"] is None
    True
    """
    base = new_sheet()
    if not isinstance(raw, dict):
        return base
    out = {**base, **raw}
    for key in ("attr", "ast", "cst", "derived", "damage", "regions"):
        saved = raw.get(key)
        out[key] = {**base[key], **(saved if isinstance(saved, dict) else {})}
    weapons = out["weapons"] if isinstance(out["weapons"], list) else []
    out["weapons"] = [legacy_weapon(w) for w in weapons]  # a version-1 sheet held names only
    return out


def _optional_int(field: str, raw: str, low: int, high: int) -> int | None:
    text = string(raw, field).strip()
    if text == "":
        return None
    try:
        value = int(text)
    except ValueError:
        raise RuleError(
            f"{field} {raw!r} is not a whole number; allowed: {low} to {high}"
        ) from None
    return check_int(field, value, low, high)


def check_field(path: str, raw: str) -> Any:
    """The typed value of a sheet field from what was typed, or a RuleError naming it.

    >>> check_field("attr.DFT", "14"), check_field("derived.cda", ""), check_field("ast.HLH", "12")
    (14, None, 12)
    >>> check_field("damage.lethal", "7"), check_field("damage.critical", "")
    (7, 0)
    >>> check_field("attr.DFT", "80")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Deftness 80 is outside 0 to 74
    """
    if not isinstance(raw, str):
        raise RuleError(f"{path}: {raw!r} is not text")
    head, _, tail = string(path, "sheet field").partition(".")
    if head == "name":
        name = raw.strip()
        if not 1 <= len(name) <= MAX_NAME:
            raise RuleError(f"name must be 1 to {MAX_NAME} characters")
        return name
    if head == "attr":
        check_choice("attribute", tail, ATTRIBUTES)
        value = _optional_int(ATTRIBUTE_NAMES[tail], raw, 0, 74)
        if value is None:
            raise RuleError(f"{ATTRIBUTE_NAMES[tail]} is needed; allowed: 0 to 74")
        return value
    if head in ("ast", "cst"):
        check_choice("attribute", tail, ATTRIBUTES)
        return _optional_int(f"{ATTRIBUTE_NAMES[tail]} {head.upper()}", raw, 0, 40)
    if head == "derived":
        label, low, high = DERIVED[check_choice("derived value", tail, tuple(DERIVED))]
        return _optional_int(label, raw, low, high)
    if head in ("average_bcs",):
        return _optional_int("Average BCS", raw, -100, 100)
    if head == "cloth_bullet_av":
        return _optional_int("Ballistic Cloth AV against bullets", raw, 0, 40)
    if head == "regions":
        check_choice("region", tail, REGIONS)
        return ", ".join(str(n) for n in parse_locations(raw)) if raw.strip() else ""
    if head == "body":
        return check_choice("body", raw, BODIES)
    if head == "personality":
        return raw in ("true", "yes", "on", "1")
    if head == "damage":
        # AFT-F2: the GM corrects the damage record by hand (AFT-M43 keeps the kinds apart).
        kind = check_choice("damage kind", tail, DAMAGE_KINDS)
        value = _optional_int(f"{kind.capitalize()} damage", raw, 0, 10_000)
        return 0 if value is None else value
    raise RuleError(f"sheet field {path!r} is unknown")


def set_field(sheet: dict[str, Any], path: str, raw: str) -> dict[str, Any]:
    """A new sheet with ``path`` set from ``raw`` (validated by :func:`check_field`).

    >>> set_field(new_sheet(), "derived.mass", "3")["derived"]["mass"]
    3
    """
    value = check_field(path, raw)
    out = merged(sheet)
    head, _, tail = path.partition(".")
    if tail:
        out[head] = {**out[head], tail: value}
    else:
        out[head] = value
    return out


def add_skill(sheet: dict[str, Any], name: str, bcs: str) -> dict[str, Any]:
    """AFT-M01: a skill with the BCS the user gives (the text has no way to compute it).

    >>> add_skill(new_sheet(), "Pistol", "12")["skills"]
    [{'name': 'Pistol', 'bcs': 12}]
    """
    out = merged(sheet)
    name = string(name, "skill name").strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise RuleError(f"skill name must be 1 to {MAX_NAME} characters")
    value = _optional_int(f"BCS of {name}", bcs, -100, 100)
    if value is None:
        raise RuleError(f"BCS of {name} is needed; allowed: -100 to 100", rules=("AFT-M01",))
    if any(
        isinstance(s, dict) and s.get("name") == name for s in out["skills"]
    ):  # weapons link skills by name
        raise RuleError(f"skill name {name!r} is already on this sheet")
    if len(out["skills"]) >= MAX_SKILLS:
        raise RuleError(f"skills count is at most {MAX_SKILLS}")
    out["skills"] = [*out["skills"], {"name": name, "bcs": value}]
    return out


def set_armor(sheet: dict[str, Any], locations: str, material: str) -> dict[str, Any]:
    """AFT-14: wear ``material`` on the locations ``"1-3"`` or ``"4,5,6"`` ("" removes it all).

    >>> set_armor(new_sheet(), "4-6", "Steel")["armor"]
    {'4': ['Steel'], '5': ['Steel'], '6': ['Steel']}
    """
    out = merged(sheet)
    numbers = parse_locations(locations)
    armor = {k: list(v) for k, v in out["armor"].items()}
    for number in numbers:
        key = str(number)
        if material == "":
            armor.pop(key, None)
            continue
        name = armor_material(material).material
        pieces = armor.setdefault(key, [])
        if name not in pieces:
            if len(pieces) >= 4:
                raise RuleError(f"location {number} already has 4 pieces of armor")
            pieces.append(name)
    out["armor"] = dict(sorted(armor.items(), key=lambda kv: int(kv[0])))
    return out


def armor_worn(sheet: dict[str, Any]) -> tuple[ArmorTotals, ...]:
    """AFT-14: each material worn, its ENC and barter over the locations it covers.

    >>> sheet = set_armor(new_sheet(), "4-12", "Steel")
    >>> [str(t) for t in armor_worn(sheet)]
    ['Steel on 9 locations: ENC 0.63, barter 81']
    """
    counts: dict[str, int] = {}
    for pieces in merged(sheet)["armor"].values():
        for material in pieces:
            counts[material] = counts.get(material, 0) + 1
    return tuple(armor_totals(m, n) for m, n in counts.items())


def parse_locations(text: str) -> tuple[int, ...]:
    """Locations typed as ``"1-3"``, ``"4, 5, 12"`` or ``"13-20"``.

    >>> parse_locations("1-3, 12")
    (1, 2, 3, 12)
    >>> parse_locations("0-3")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: locations '0-3' must be numbers 1-30 such as '1-3, 12'
    """
    why = RuleError(f"locations {text!r} must be numbers 1-30 such as '1-3, 12'")
    numbers: list[int] = []
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            continue
        lo, _, hi = part.partition("-")
        if (
            len(part) > 9
            or not (lo.strip().isascii() and lo.strip().isdigit())
            or (hi and not (hi.strip().isascii() and hi.strip().isdigit()))
        ):
            raise why
        a, b = int(lo), int(hi) if hi else int(lo)
        if not 1 <= a <= b <= 30:
            raise why
        numbers.extend(range(a, b + 1))
    if not numbers:
        raise why
    return tuple(dict.fromkeys(numbers))


def add_item(sheet: dict[str, Any], name: str, enc: str) -> dict[str, Any]:
    """An inventory item with the ENC the user gives (AFT-32 values come from the chart).

    >>> add_item(new_sheet(), "rope", "0.5")["inventory"]
    [{'name': 'rope', 'enc': '0.5'}]
    """
    out = merged(sheet)
    name = string(name, "item name").strip()
    if not 1 <= len(name) <= MAX_NAME:
        raise RuleError(f"item name must be 1 to {MAX_NAME} characters")
    try:
        value = exact(string(enc, "ENC"), "ENC")  # as typed; no "1e999999999" to work out
    except (ValueError, ZeroDivisionError):
        raise RuleError(f"ENC {enc!r} is not a number; allowed: 0 to 100") from None
    if not 0 <= value <= 100:
        raise RuleError(f"ENC {enc} is outside 0 to 100")
    if len(out["inventory"]) >= MAX_ITEMS:
        raise RuleError(f"inventory count is at most {MAX_ITEMS}")
    out["inventory"] = [*out["inventory"], {"name": name, "enc": enc.strip()}]
    return out


@checked
def condition_to_json(condition: Condition) -> dict[str, Any]:
    """A condition as saved data.

    >>> from pycore.systems.aftermath.conditions import daze_condition, moment
    >>> condition_to_json(daze_condition(moment(1, 2)))["until"]
    [2, 2]
    """
    return {
        "name": condition.name,
        "start": [condition.start.turn, condition.start.phase],
        "until": None if condition.until is None else [condition.until.turn, condition.until.phase],
        "rule": condition.rule,
        "note": condition.note,
    }


@checked
def with_conditions(sheet: dict[str, Any], added: Sequence[Condition]) -> dict[str, Any]:
    """The sheet (read over a new one, :func:`merged`) with the conditions added, within the cap
    (what an attack's result adds, ``attack.apply``, and what the GM records by hand)."""
    out = merged(sheet)
    have = out["conditions"] if isinstance(out["conditions"], list) else []
    # Death is always recorded (a fighter bleeding to death with a full list would stop the
    # clock, AFT-25): "Dead" is outside the cap, and once on the sheet it is not added again
    # (they die once, at the first).
    dead = any(isinstance(c, Mapping) and c.get("name") == DEAD for c in have)
    kept = [c for c in added if not (c.name == DEAD and dead)]
    alive = [c for c in have if not (isinstance(c, Mapping) and c.get("name") == DEAD)]
    adding = sum(c.name != DEAD for c in kept)
    if len(alive) + adding > MAX_CONDITIONS:
        # Plain words (STYLE 3: the field, the value, the limit): it read "conditions count is
        # at most 40; clear some first", and the card's buttons say "Remove".
        who = str(out.get("name") or "This fighter")
        more = f" (this adds {adding})" if adding > 1 else ""
        raise RuleError(
            f"Conditions: {who} has {len(alive)}{more}, and a sheet holds at most "
            f"{MAX_CONDITIONS}; remove some first"
        )
    out["conditions"] = [*have, *(condition_to_json(c) for c in kept)]
    return out


#: Conditions the GM records by hand (the worksheet adds the rest): key → label. Their rules are
#: the text's; System Shock, Death Blow and falls are only named there (AFT-M08, M09, M10).
MANUAL_CONDITIONS: Final = {
    "dazed": "Dazed, until after this phase next Combat Turn",
    "dazed_rest": "Dazed for the rest of the combat",
    "stunned": "Stunned, then Dazed",
    "stunned_rest": "Stunned for the rest of the combat",
    "system_shock": "System Shock (effects the GM's)",
    "death_blow": "Death Blow (consequence the GM's)",
    "broken_bone": BROKEN_BONE,
    "compound_fracture": f"{COMPOUND_FRACTURE}, bleeding to death",
    # AFT-25: at the head or neck it may be a Death Blow (settings.noncutting_head_sever)
    "compound_fracture_head": f"{COMPOUND_FRACTURE} of the head or neck",
    "knocked_over": "Knocked Over (falling rules the GM's)",
}


#: AFT-25: what a compound fracture recorded by hand said of its time before its 1D6 was rolled
#: (a sheet saved then still holds it; its card shows it).
FRACTURE_TIME: Final = "the time is yours to keep"


def add_condition(
    sheet: dict[str, Any],
    key: str,
    at: Moment,
    rng: RandintSource | None = None,
    head_is_death_blow: bool = False,
) -> dict[str, Any]:
    """Record a condition by hand from ``at`` (AFT-55), e.g. System Shock after cauterization.
    A compound fracture bleeds: ``rng`` gives its 1D6 (the app's dice or the die typed); of the
    head or neck, it is a Death Blow instead when ``head_is_death_blow`` (the campaign's
    settings.noncutting_head_sever), as an attack's is (AFT-25).

    >>> from pycore.systems.aftermath.conditions import moment
    >>> [c["name"] for c in add_condition(new_sheet(), "stunned", moment(2, 3))["conditions"]]
    ['Stunned', 'Dazed']
    >>> add_condition(new_sheet(), "fear", moment(1, 1))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: condition 'fear' is unknown; allowed: dazed, dazed_rest, stunned, stunned_rest, system_shock, death_blow, broken_bone, compound_fracture, compound_fracture_head, knocked_over
    >>> add_condition(new_sheet(), "", moment(1, 1))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Condition: choose one to record first
    """
    if key == "":  # none is pre-chosen: a condition is only ever the GM's choice (AFT-M08)
        raise RuleError("Condition: choose one to record first")
    key = check_choice("condition", key, tuple(MANUAL_CONDITIONS))
    found: tuple[Condition, ...]
    if key in ("dazed", "dazed_rest"):
        found = (daze_condition(at, rest_of_combat=key == "dazed_rest"),)
    elif key in ("stunned", "stunned_rest"):
        found = stun_conditions(at, rest_of_combat=key == "stunned_rest")
    elif key in ("compound_fracture", "compound_fracture_head"):
        head = key == "compound_fracture_head"
        found = _compound_fracture(sheet, at, rng, head, head_is_death_blow)
    else:
        name = MANUAL_CONDITIONS[key].partition(" (")[0]
        rule = ", ".join(MANUAL_CONDITION_RULES[key])
        found = (Condition(name, at, None, rule, "recorded by hand"),)
    return with_conditions(merged(sheet), found)


def fracture_bleeding_dice(sheet: dict[str, Any]) -> str:
    """AFT-25: the Combat Turns a compound fracture bleeds for on this sheet, Health Group +
    1D6 (what the page offers to roll before it records one).

    >>> fracture_bleeding_dice({**new_sheet(), "attr": {**new_sheet()["attr"], "HLH": 24}})
    '1D6+3'
    """
    return bleeding_dice(attribute_group(int(merged(sheet)["attr"]["HLH"] or 0)).number)


def _compound_fracture(
    sheet: dict[str, Any],
    at: Moment,
    rng: RandintSource | None,
    head: bool = False,
    head_is_death_blow: bool = False,
) -> tuple[Condition, ...]:
    """AFT-25 (001 lines 32-34): a compound fracture "bleeds to death as for a normal Sever",
    in Health Group + 1D6 Combat Turns: the bone, and the countdown an attack's fracture starts
    (one code: :func:`bleeding_condition`), which kills when it runs out; or, of the head or
    neck (``head``) when the campaign says so (``head_is_death_blow``), the Death Blow an attack's makes (one rule:
    :func:`fracture_death_blow`).

    >>> import random
    >>> bo = {**new_sheet("Bo"), "attr": {**new_sheet()["attr"], "HLH": 12}}
    >>> [str(c) for c in _compound_fracture(bo, Moment(1, 1), random.Random(3))][1]
    'Bleeding to death from turn 1, phase 1 until after turn 5, phase 1; compound fracture recorded by hand, 1D6+2 (2) + 2 = 4 Combat Turns; dies when this ends unless bandaged'
    """
    # the name an attack's compound fracture has too (its effect, attack/effect_steps.py)
    bone = Condition(COMPOUND_FRACTURE, at, None, "AFT-25", "recorded by hand")
    blow = fracture_death_blow(at, head, head_is_death_blow)
    if blow is not None:  # no countdown: no die asked
        return bone, blow
    dice = fracture_bleeding_dice(sheet)
    if rng is None:
        # The core picks no die (FIGHT.md): the page rolls it or takes the one typed.
        raise RuleError(f"Compound fracture: its bleeding needs a die ({dice} Combat Turns)")
    _, bleeding = bleeding_condition(dice, rng, at, "compound fracture recorded by hand")
    return bone, bleeding


@dataclass(frozen=True)
class SheetView:
    """Everything derived from a sheet, for the page to show."""

    groups: dict[str, AttributeGroup]
    effective: dict[str, AttributeGroup]
    save_odds: dict[str, SaveOdds | None]
    av: dict[int, LocationAv]
    av_errors: dict[int, str]
    enc_total: Fraction
    active: tuple[Condition, ...]
    expired: tuple[Condition, ...]
    stunned: bool
    dazed: bool
    notes: tuple[Note, ...]
    encumbrance: EncumbranceStatus | None = None  # AFT-33, once ENC CAP is entered


def derive(
    sheet: dict[str, Any],
    at: Moment | None = None,
    group8_effect_die: str = "2D10+2",
    rounding: str = "half_up",
) -> SheetView:
    """AFT-06 groups and dice; under Stun (AFT-22) Deftness and Speed at ½ and their groups
    looked up again; save odds where AST and CST are entered (AFT-05); the AV of every
    location (AFT-14); ENC total; conditions active at ``at``.

    >>> from pycore.systems.aftermath.conditions import stun_conditions, moment
    >>> sheet = {**new_sheet(), "attr": {"STR": 30, "DFT": 15, "SPD": 24, "HLH": 24}}
    >>> sheet["conditions"] = [condition_to_json(c) for c in stun_conditions(moment(1, 4))]
    >>> view = derive(sheet, moment(1, 10))
    >>> view.stunned, str(view.effective["DFT"]), view.notes[0]
    (True, 'rating 8 → Group 2, Effect Die 1D6', Note(text='Stunned: Deftness 15 × ½ = 8', rules=('AFT-22',)))
    >>> derive(sheet, moment(2, 5)).stunned, derive(sheet, moment(2, 5)).dazed
    (False, True)
    """
    sheet = merged(sheet)
    groups = {a: attribute_group(int(sheet["attr"][a]), group8_effect_die) for a in ATTRIBUTES}
    conditions = [condition_from_json(c) for c in sheet["conditions"]]
    now = at or Moment(1, 1)
    active = tuple(c for c in conditions if c.active_at(now))
    expired = tuple(c for c in conditions if not c.active_at(now))
    stunned = any(c.name == "Stunned" for c in active)
    dazed = stunned or any(c.name == "Dazed" for c in active)
    effective = dict(groups)
    notes: list[Note] = []
    enc = sum((exact(str(item.get("enc", "0")), "ENC") for item in sheet["inventory"]), Fraction(0))
    enc += sum((worn.enc for worn in armor_worn(sheet)), Fraction(0))  # AFT-14: armor is carried
    cap = sheet["derived"]["enc_cap"]
    status = encumbrance_status(enc, cap) if isinstance(cap, int) and cap > 0 else None
    ratings = {a: int(sheet["attr"][a]) for a in ("DFT", "SPD")}
    if status is not None and status.deftness_pct:
        # AFT-33: the percentages cut the ratings (rounded, AFT-02); Groups looked up again.
        for a, pct in (("DFT", status.deftness_pct), ("SPD", status.speed_pct)):
            cut = unstated(Fraction(ratings[a] * (100 + pct), 100), rounding)
            said = f"{status.status}: {ATTRIBUTE_NAMES[a]} {ratings[a]} {signed(pct)}% = {cut}"
            notes.append(Note(said, ("AFT-33",)))
            ratings[a] = cut
            effective[a] = attribute_group(cut, group8_effect_die)
    if stunned:
        for a in ("DFT", "SPD"):
            halved = unstated(Fraction(ratings[a], 2), rounding)
            effective[a] = attribute_group(halved, group8_effect_die)
            said = f"Stunned: {ATTRIBUTE_NAMES[a]} {ratings[a]} × ½ = {halved}"
            notes.append(Note(said, ("AFT-22",)))
    if dazed:
        notes.append(Note("Dazed or Stunned: BCS and ODA at ½", ("AFT-21",)))
    odds: dict[str, SaveOdds | None] = {}
    for a in ATTRIBUTES:
        ast, cst = sheet["ast"][a], sheet["cst"][a]
        odds[a] = (
            saving_throw_odds(ast, cst) if isinstance(ast, int) and isinstance(cst, int) else None
        )
    av: dict[int, LocationAv] = {}
    errors: dict[int, str] = {}
    natural = sheet["derived"]["natural_av"] or 0
    for number in LOCATIONS:
        pieces = sheet["armor"].get(str(number), [])
        av[number] = location_av(pieces, natural_av=natural)
        try:
            location_av(pieces, "bullet", sheet["cloth_bullet_av"], natural)
        except RuleError as exc:
            errors[number] = str(exc)
    return SheetView(
        groups,
        effective,
        odds,
        av,
        errors,
        enc,
        active,
        expired,
        stunned,
        dazed,
        tuple(notes),
        status,
    )


def bullet_av(sheet: dict[str, Any], location: int) -> int:
    """The AV at ``location`` against a bullet: Ballistic Cloth needs the user's value
    (AFT-M17); other armor counts its AV.

    >>> bullet_av(set_armor(new_sheet(), "4", "Steel"), 4)
    9
    """
    sheet = merged(sheet)
    pieces = sheet["armor"].get(str(location), [])
    natural = sheet["derived"]["natural_av"] or 0
    return location_av(pieces, "bullet", sheet["cloth_bullet_av"], natural).av


def location_regions(sheet: dict[str, Any]) -> dict[int, str]:
    """AFT-M31: a quadruped's location → region as the user gave them (limb → "leg").

    >>> location_regions(set_field(new_sheet(), "regions.head_neck", "1-2"))
    {1: 'head_neck', 2: 'head_neck'}
    """
    out: dict[int, str] = {}
    for region, text in merged(sheet)["regions"].items():
        if region in REGIONS and str(text).strip():
            for number in parse_locations(str(text)):
                out[number] = "leg" if region == "limb" else region
    return out
