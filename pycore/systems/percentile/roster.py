"""The characters as the fight reads them (PCT-M17, PCT-M18): attributes, weapons, the damage
record and the AP ledger, read from the saved sheet and written back, with the sheet's bounds.

The sheet is saved as the text the user typed (``"47½"``, ``"95/2"``); a value that no longer
reads falls back to its default instead of breaking the fight. The fight changes three things on
a character: the damage record, the AP ledger and the Table #3-7.0 damage modifier; those are
written back to the sheet, so the sheet and the fight are one truth.

>>> f = fighter_from_json({"id": "c1", "name": "Ann", "aim": "70", "ap": "50",
...     "weapons": [{"name": "AUTO PISTOL", "wep_dif": 30, "damage_die": "4:10sd+2"}]})
>>> f.name, f.aim, f.weapons[0].name, str(f.skill(f.weapons[0]))
('Ann', 70, 'AUTO PISTOL', '50')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from pycore.errors import FieldError, RuleError, RulekeeperError
from pycore.systems.percentile import agility
from pycore.systems.percentile.agility import Ledger, new_ledger
from pycore.systems.percentile.checks import (
    brawlmanship,
    marksmanship,
    parse_number,
    skill_text,
)
from pycore.systems.percentile.damage import BodyPart, Race, races
from pycore.systems.percentile.damage import heal as damage_heal
from pycore.systems.percentile.dice import damage_dice
from pycore.validate import checked

# R-F: the sheet's numbers, (key, label, low, high); every one a whole number.
ATTRIBUTES: tuple[tuple[str, str, int, int], ...] = (
    ("perception", "PERCEPTION", 0, 100),
    ("brawl", "BRAWL", 0, 100),
    ("aim", "AIM", 0, 100),
    ("strength", "Physical Strength", 0, 100),
    ("agility", "Agility", 0, 100),
    ("ap", "Agility Points (AP)", 1, 10_000),
    ("damage_modifier", "Damage modifier now (Table #3-7.0)", -100_000, 100_000),
)
DEFAULTS: dict[str, str] = {
    "perception": "50",
    "brawl": "50",
    "aim": "50",
    "strength": "50",
    "agility": "50",
    "ap": "50",
    "damage_modifier": "0",
}
#: A new character's sheet as saved (the sheet page's new character, a share's defaults).
SHEET_DEFAULTS: dict[str, Any] = {
    "name": "",
    "race": "human",
    **DEFAULTS,
    "alertness": "",
    "alertness_level": "",
    "weapons": [],
    "parts": [],
    "ledger": None,
}
# PCT-04: the category follows the use.
CATEGORIES: tuple[tuple[str, str], ...] = (
    ("hth", "hand-to-hand"),
    ("weaponry", "weaponry"),
    ("grenade", "grenade / explosive"),
)
WEAPON_NUMBERS: dict[str, tuple[str, int, int]] = {
    "attack_dif": ("ATTACK DIF", -100, 100),
    "wep_dif": ("WEP DIF", -100, 100),
    "wep_mod": ("WEP MOD", -1000, 1000),
}
MAX_PART_POINTS = 5000  # R-F: body-part points 1-5000


def tolerant(text: object, default: Fraction = Fraction(0)) -> Fraction:
    """A saved number as an exact value (``47½``, ``95/2``), or ``default`` if it does not read.

    >>> tolerant("47½"), tolerant("95/2"), tolerant("lots", Fraction(5))
    (Fraction(95, 2), Fraction(95, 2), Fraction(5, 1))
    """
    raw = str(text).strip()
    half = Fraction(1, 2) if raw.endswith("½") else Fraction(0)
    try:
        return Fraction(raw.removesuffix("½").strip() or "0") + half
    except (ValueError, ZeroDivisionError):
        return default


def _whole(value: object, default: int) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        return default


def _optional_int(value: object) -> int | None:
    if value is None or str(value).strip() == "":
        return None
    try:
        return int(str(value).strip())
    except ValueError:
        return None


@dataclass(frozen=True)
class Weapon:
    """An attack or weapon from the DATA SHEETS (PCT-M17)."""

    name: str
    category: str = "weaponry"  # hth | weaponry | grenade (PCT-04)
    attack_dif: int | None = None
    wep_dif: int | None = None
    wep_mod: int | None = None
    damage_die: str | None = None
    damage_type: str | None = None
    weight_kg: Fraction | None = None


@checked
def weapon_from_json(raw: Mapping[str, Any]) -> Weapon:
    weight = raw.get("weight_kg")
    return Weapon(
        name=str(raw.get("name") or "weapon"),
        category=str(raw.get("category") or "weaponry"),
        attack_dif=_optional_int(raw.get("attack_dif")),
        wep_dif=_optional_int(raw.get("wep_dif")),
        wep_mod=_optional_int(raw.get("wep_mod")),
        damage_die=str(raw["damage_die"]) if raw.get("damage_die") else None,
        damage_type=str(raw["damage_type"]) if raw.get("damage_type") else None,
        weight_kg=None if weight in (None, "") else tolerant(weight),
    )


@dataclass(frozen=True)
class Fighter:
    """One character as the fight sees it; ``id`` links it to its sheet."""

    id: str
    name: str
    race: str = "human"
    perception: int = 50
    brawl: int = 50
    aim: int = 50
    strength: int = 50
    agility: int = 50
    ap: Fraction = Fraction(50)
    damage_modifier: int = 0
    alertness: str = ""  # the Alertness Percentage now, as typed
    alertness_level: str = ""  # or a level of the GM's Table #3-5
    weapons: tuple[Weapon, ...] = ()
    parts: tuple[BodyPart, ...] = ()
    ledger: Ledger = field(default_factory=lambda: new_ledger(50))

    @property
    def race_facts(self) -> Race:
        return race_of(self.race)

    def part(self, name: str) -> BodyPart | None:
        return next((p for p in self.parts if p.name == name), None)

    def weapon(self, index: int) -> Weapon | None:
        return self.weapons[index] if 0 <= index < len(self.weapons) else None

    def skill(self, weapon: Weapon) -> Fraction:
        """PCT-30/31: BRAWLmanship hand to hand, MARKSmanship for weaponry."""
        if weapon.category == "hth":
            return brawlmanship(self.brawl, weapon.attack_dif or 0)
        return marksmanship(self.aim, weapon.wep_dif or 0)


@checked
def race_of(name: str) -> Race:
    """PCT-T04's facts about a race, or a race the text does not describe."""
    return races().get(name) or Race(name or "unknown")


@checked
def part_from_json(raw: Mapping[str, Any]) -> BodyPart:
    return BodyPart(
        str(raw.get("name", "")),
        min(Fraction(MAX_PART_POINTS), max(Fraction(1), tolerant(raw.get("points"), Fraction(1)))),
        max(Fraction(0), min(Fraction(MAX_PART_POINTS * 10), tolerant(raw.get("damage")))),
    )


def ledger_from_json(raw: object, ap: Fraction) -> agility.Ledger:
    """The saved AP ledger, or a fresh one when none is saved or the AP score changed."""
    if not isinstance(raw, Mapping) or tolerant(raw.get("ap")) != ap:
        return agility.new_ledger(ap)
    spent = tolerant(raw.get("spent"))
    if not 0 <= spent <= agility.MAX_AP * 2:  # what agility.spend takes: else a fresh ledger
        return agility.new_ledger(ap)
    return agility.Ledger(
        ap=ap,
        available=tolerant(raw.get("available")),
        spent=spent,
        debt=tolerant(raw.get("debt")),
        borrowed=tolerant(raw.get("borrowed")),
        locked=bool(raw.get("locked")),
        no_borrow_this_turn=bool(raw.get("no_borrow_this_turn")),
        turn=_whole(raw.get("turn", 1), 1),
        taken=bool(raw.get("taken")),
        repaid=max(Fraction(0), min(Fraction(agility.MAX_AP), tolerant(raw.get("repaid")))),
        stun_paid=max(Fraction(0), min(Fraction(agility.MAX_AP), tolerant(raw.get("stun_paid")))),
    )


@checked
def ledger_to_json(ledger: agility.Ledger) -> dict[str, Any]:
    return {
        "ap": str(ledger.ap),
        "available": str(ledger.available),
        "spent": str(ledger.spent),
        "debt": str(ledger.debt),
        "borrowed": str(ledger.borrowed),
        "locked": ledger.locked,
        "no_borrow_this_turn": ledger.no_borrow_this_turn,
        "turn": ledger.turn,
        "taken": ledger.taken,
        "repaid": str(ledger.repaid),
        "stun_paid": str(ledger.stun_paid),
    }


@checked
def fighter_from_json(raw: Mapping[str, Any]) -> Fighter:
    """A saved character; a number that does not read takes its default."""
    ap = min(Fraction(10_000), max(Fraction(1), tolerant(raw.get("ap", "50"), Fraction(50))))
    weapons = raw.get("weapons") if isinstance(raw.get("weapons"), list) else []
    parts = raw.get("parts") if isinstance(raw.get("parts"), list) else []
    return Fighter(
        id=str(raw.get("id", "")),
        name=str(raw.get("name", "")),
        race=str(raw.get("race") or "human"),
        perception=_clamped(raw, "perception"),
        brawl=_clamped(raw, "brawl"),
        aim=_clamped(raw, "aim"),
        strength=_clamped(raw, "strength"),
        agility=_clamped(raw, "agility"),
        ap=ap,
        damage_modifier=_clamped(raw, "damage_modifier"),
        alertness=str(raw.get("alertness") or ""),
        alertness_level=str(raw.get("alertness_level") or ""),
        weapons=tuple(weapon_from_json(w) for w in weapons or [] if isinstance(w, Mapping)),
        parts=tuple(part_from_json(p) for p in parts or [] if isinstance(p, Mapping)),
        ledger=ledger_from_json(raw.get("ledger"), ap),
    )


def _clamped(raw: Mapping[str, Any], key: str) -> int:
    low, high = next((lo, hi) for k, _, lo, hi in ATTRIBUTES if k == key)
    value = _whole(raw.get(key, DEFAULTS[key]), int(DEFAULTS[key]))
    return value if low <= value <= high else int(DEFAULTS[key])


@checked
def fighter_into_json(raw: Mapping[str, Any], fighter: Fighter) -> dict[str, Any]:
    """The saved character with the fight's live values written back (only what changed)."""
    before = fighter_from_json(raw)
    out = dict(raw)
    if fighter.ledger != before.ledger:
        out["ledger"] = ledger_to_json(fighter.ledger)
    if fighter.damage_modifier != before.damage_modifier:
        out["damage_modifier"] = str(fighter.damage_modifier)
    if fighter.parts != before.parts:
        damage = {p.name: p.damage for p in fighter.parts}
        out["parts"] = [
            {**p, "damage": str(damage[str(p.get("name"))])} if str(p.get("name")) in damage else p
            for p in raw.get("parts", [])
            if isinstance(p, Mapping)
        ]
    return out


# --- The sheet's entries, checked (R-F) --------------------------------------------------------


@checked
def check_attribute(key: str, text: str) -> str:
    """A sheet number as typed, once it is in its range; a :class:`RuleError` names it otherwise.

    >>> check_attribute("aim", "170")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: AIM must be from 0 to 100, got 170
    """
    found = [(lb, lo, hi) for k, lb, lo, hi in ATTRIBUTES if k == key]
    if not found:
        allowed = ", ".join(k for k, *_ in ATTRIBUTES)
        raise RuleError(f"sheet number {key!r:.40} is unknown; allowed: {allowed}")
    label, low, high = found[0]
    parse_number(label, text, low, high)
    return text.strip()


@checked
def weapon_from_form(form: Mapping[str, Any]) -> dict[str, Any]:
    """A weapon typed on the sheet, checked, as it is saved. A refusal is a
    :class:`FieldError` naming the form's field, so the sheet shows it beside that field.

    >>> weapon_from_form({"name": "AUTO PISTOL", "wep_dif": "30", "damage_die": "4+2"})["damage_die"]
    '4:10sd+2'
    >>> try:
    ...     weapon_from_form({"name": "AUTO PISTOL", "wep_dif": "300"})
    ... except FieldError as refused:
    ...     print(refused.field, refused)
    wep_dif WEP DIF must be from -100 to 100, got 300
    """
    name = str(form.get("name", "")).strip()
    if not name:
        raise FieldError("name", "Weapon name must not be empty.")
    category = str(form.get("category") or "weaponry")
    if category not in dict(CATEGORIES):
        raise FieldError(
            "category", f"Category must be one of {', '.join(dict(CATEGORIES))}, got {category!r}"
        )
    weapon: dict[str, Any] = {"name": name, "category": category}
    for key, (label, low, high) in WEAPON_NUMBERS.items():
        text = str(form.get(key, "")).strip()
        with _beside(key):
            weapon[key] = int(parse_number(label, text, low, high)) if text else None
    die = str(form.get("damage_die", "")).strip()
    with _beside("damage_die"):
        weapon["damage_die"] = damage_dice(die).notation if die else None
    weapon["damage_type"] = str(form.get("damage_type", "")).strip() or None
    weight = str(form.get("weight_kg", "")).strip()
    with _beside("weight_kg"):
        weapon["weight_kg"] = (
            str(parse_number("Weight (kg)", weight, 0, 10_000, whole=False)) if weight else None
        )
    return weapon


@contextmanager
def _beside(key: str) -> Iterator[None]:
    """A value of form field ``key`` refused, as a :class:`FieldError` naming that field."""
    try:
        yield
    except FieldError:
        raise
    except RulekeeperError as refused:
        raise FieldError(key, str(refused), rules=refused.rules) from None


@checked
def part_from_form(form: Mapping[str, Any], existing: Sequence[str]) -> dict[str, str]:
    """A body part typed on the damage record (PCT-45): a new name and 1 to 5000 points.

    >>> part_from_form({"name": "arm", "points": "20"}, ["leg"])
    {'name': 'arm', 'points': '20', 'damage': '0'}
    """
    name = str(form.get("name", "")).strip()
    if not name:
        raise FieldError("name", "Body part name must not be empty.")
    if name in existing:
        raise FieldError("name", f"Body part {name!r} is already on the record.")
    with _beside("points"):
        points = parse_number("Body-part points", form.get("points", ""), 1, MAX_PART_POINTS)
    return {"name": name, "points": str(points), "damage": "0"}


@checked
def weapon_skill(fighter: Fighter, weapon: Weapon) -> tuple[str, Fraction]:
    """What a weapon's to-hit roll is made under, by name and value: BRAWLmanship hand to hand
    (PCT-30), MARKSmanship for weaponry (PCT-31), BRAWL for a grenade (d4, PCT-38).

    >>> weapon_skill(Fighter("c1", "Ann", brawl=55), Weapon("knife", "hth", attack_dif=40))
    ('BRAWLmanship', Fraction(95, 2))
    >>> weapon_skill(Fighter("c1", "Ann", brawl=55), Weapon("frag", "grenade"))
    ('BRAWL', Fraction(55, 1))
    """
    if weapon.category == "grenade":
        return "BRAWL", Fraction(fighter.brawl)
    name = "BRAWLmanship" if weapon.category == "hth" else "MARKSmanship"
    return name, fighter.skill(weapon)


@checked
def weapon_skill_text(fighter: Fighter, weapon: Weapon) -> str:
    """The weapon's skill with its formula (PCT-30, PCT-31); grenades roll against BRAWL (d4).

    >>> weapon_skill_text(Fighter("c1", "Ann", brawl=55), Weapon("knife", "hth", attack_dif=40))
    'BRAWLmanship = (BRAWL 55 + ATTACK DIF 40) / 2 = 47½'
    """
    try:
        if weapon.category == "grenade":
            return f"grenades roll against BRAWL {fighter.brawl}"
        if weapon.category == "hth":
            return skill_text("hth", fighter.brawl, weapon.attack_dif or 0)
        return skill_text("weaponry", fighter.aim, weapon.wep_dif or 0)
    except RuleError as exc:
        return f"skill not available: {exc}"


@checked
def check_alertness(levels: Sequence[str], text: str, *, level: bool = False) -> str:
    """An Alertness Condition on the sheet: a percentage, or (``level``) a level of the GM's
    Table #3-5, two entries so that "4" is never read as both.

    >>> check_alertness([], "40"), check_alertness(["relaxed", "combat"], "combat", level=True)
    ('40', 'combat')
    >>> check_alertness(["relaxed", "combat"], "4", level=True)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Alertness level must be one of Table #3-5's: relaxed, combat; got '4'
    >>> check_alertness([], "wary")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Alertness Percentage must be a whole number from 0 to 100, got 'wary'
    """
    value = text.strip()
    if not value:
        return value
    if level:
        if value not in levels:
            named = ", ".join(levels) or "none entered yet"
            raise RuleError(f"Alertness level must be one of Table #3-5's: {named}; got {value!r}")
        return value
    parse_number("Alertness Percentage", value, 0, 100)
    return value


@checked
def heal(fighter: Fighter, part: str, amount: str, natural: bool) -> Fighter:
    """Heal a body part by the GM's amount (the text gives none): medical treatment restores
    function points only, structure comes back only naturally (PCT-46).

    >>> f = Fighter("c1", "Ann", parts=(BodyPart("arm", Fraction(8), Fraction(14)),))
    >>> heal(f, "arm", "10", natural=False).part("arm").damage
    Fraction(10, 1)
    """
    found = fighter.part(part)
    if found is None:
        raise RuleError("Choose the body part to heal.")
    points = parse_number("Points healed", amount, 0, 50_000, whole=False)
    healed = damage_heal(found, points, natural=natural)
    return replace(fighter, parts=tuple(healed if p.name == part else p for p in fighter.parts))
