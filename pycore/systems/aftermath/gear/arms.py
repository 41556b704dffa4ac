"""Aftermath! a character's own weapons and the attack each one sets up.

A weapon on a sheet has a name (the player's), a kind and the NAME of the skill it is used with:

- a **gun** the missile worksheet knows, keyed as its Inherent Accuracy row is (AFT-44, T35,
  L615-626: ``pistol|STD``, ``long_gun|Rifle``, ``shotgun|Slug``...) plus the SMG, which has a
  Range Table row (L686) but no Inherent Accuracy (AFT-M36). The gun gives the Range Table row
  it fires on (AFT-46, T39, L674-697) and its Critical Hit Enhancement row (AFT-19, L7-10);
- a **hand** weapon of the Weapons Listing (AFT-T15, L197-250), whose WDM the hand-to-hand and
  thrown attacks use (the Damage Potential stays the user's, asked after the roll, AFT-M05).

The skill is linked by name, never by its place in the skill list, so removing or reordering
skills never gives a weapon another skill's BCS. A skill's BCS is the user's (AFT-M01, L32, L66):
when the linked skill is not on the sheet the set-up waits for it, it never assumes a BCS.

>>> from pycore.systems.aftermath.sheet.sheet import add_skill, new_sheet
>>> ana = add_skill(new_sheet("Ana"), "Rifle", "14")
>>> ana = add_weapon(ana, {"name": "Hunting rifle", "kind": "gun", "gun": "long_gun|Rifle",
...     "skill": "Rifle", "ammo": "long gun:308 (7.62mm NATO)", "rounds": "5", "capacity": "5"})
>>> setup = attack_setup(ana, "Hunting rifle")
>>> setup.mode, setup.base_bcs, setup.range_row, setup.critical_row, setup.ready
('missile', 14, 'Long Gun Rifle', 'rifle', True)
>>> attack_setup(new_sheet("Bo") | {"weapons": ana["weapons"]}, "Hunting rifle").waits_for
("the skill 'Rifle' (Hunting rifle is used with it) is not on Bo's sheet: add it with its BCS, or type the Base BCS",)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.aftermath.gear.guns import (
    GUNS,
    ammunition_choices,
    critical_row,
    gun_name,
    range_row_for,
)
from pycore.systems.aftermath.gear.weapon_record import (
    AMMO_FIELDS,
    FIELD_NAMES,
    MAX_ROUNDS,
    legacy_weapon,
    round_count,
    tidy,
)
from pycore.systems.aftermath.gear.weapons import weapon
from pycore.systems.aftermath.limits import MAX_NAME, MAX_WEAPONS
from pycore.validate import checked, is_whole

__all__ = [
    "FIELD_NAMES",
    "KINDS",
    "SheetWeapon",
    "WeaponError",
    "WeaponSetup",
    "add_weapon",
    "attack_setup",
    "edit_weapon",
    "find_weapon",
    "legacy_weapon",
    "only_skill",
    "remove_weapon",
    "set_rounds",
    "sheet_weapons",
    "skill_bcs",
    "weapon_problems",
]

#: The kinds of weapon a sheet holds: stored key → shown label.
KINDS: Final = {"gun": "Gun", "hand": "Hand-to-hand or thrown (from the Weapons Listing)"}
GUN_KEYS: Final = tuple(key for key, _ in GUNS)


class WeaponError(RuleError):
    """A weapon refused: ``problems`` maps each wrong field to its message (every one at once,
    so the page shows each beside its field)."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        self.problems = dict(problems)
        super().__init__("; ".join(self.problems.values()))


@dataclass(frozen=True)
class SheetWeapon:
    """A weapon on a sheet: ``gun`` is a GUNS key for a gun, ``listed`` a Weapons Listing name
    for a hand weapon; ``skill`` the name of the skill it is used with ("" until chosen)."""

    name: str
    kind: str
    gun: str = ""
    listed: str = ""
    skill: str = ""
    # A gun's loaded ammunition: the cartridge key ("" while not said), the rounds left and the
    # rounds a full load holds (None while not said: nothing is counted).
    ammo: str = ""
    rounds: int | None = None
    capacity: int | None = None

    @property
    def mode(self) -> str:
        """The worksheet it is used on: guns the missile attack (AFT-57), the rest hand-to-hand
        (AFT-56; the thrown form takes them too, AFT-29)."""
        return "missile" if self.kind == "gun" else "hth"

    @property
    def what(self) -> str:
        """The gun or listed weapon, as players say it."""
        if self.kind == "gun":
            kind, _, size = self.gun.partition("|")
            return gun_name(kind, size)
        return self.listed

    def __str__(self) -> str:
        skill = f"skill {self.skill}" if self.skill else "no skill chosen"
        return f"{self.name}: {self.what}, {skill}"


def _skills(sheet: Mapping[str, Any]) -> list[tuple[str, int]]:
    raw = sheet.get("skills")
    found: list[tuple[str, int]] = []
    for skill in raw if isinstance(raw, list) else []:
        if isinstance(skill, Mapping) and isinstance(skill.get("name"), str):
            bcs = skill.get("bcs")
            if is_whole(bcs):
                found.append((skill["name"], bcs))
    return found


@checked
def skill_bcs(sheet: Mapping[str, Any], skill: str) -> int | None:
    """AFT-M01: the BCS the sheet gives the skill NAMED ``skill`` (None when it has none, or
    two skills of that name disagree: the set-up asks rather than picks one).

    >>> skill_bcs({"skills": [{"name": "Pistol", "bcs": 9}, {"name": "Rifle", "bcs": 14}]}, "Rifle")
    14
    """
    values = {bcs for name, bcs in _skills(sheet) if name == skill}
    return values.pop() if len(values) == 1 else None


@checked
def only_skill(sheet: Mapping[str, Any]) -> tuple[str, int] | None:
    """The sheet's one skill and its BCS when it lists exactly one (AFT-M01: the BCS is the
    sheet's): the attack of a fighter with no weapon on their sheet is made with it, as the sheet
    gives no other (FIGHT.md: derived from the sheet, never remembered from an earlier attack).
    None when it lists none or several: the GM chooses.

    >>> only_skill({"skills": [{"name": "Rifle", "bcs": 14}]}), only_skill({"skills": []})
    (('Rifle', 14), None)
    """
    raw = sheet.get("skills")
    found = _skills(sheet)
    return found[0] if isinstance(raw, list) and len(raw) == 1 and len(found) == 1 else None


@checked
def sheet_weapons(sheet: Mapping[str, Any]) -> tuple[SheetWeapon, ...]:
    """The weapons on a sheet, in its order (a version-1 listing name read as a hand weapon).

    >>> sheet_weapons({"weapons": ["Club"]})[0]
    SheetWeapon(name='Club', kind='hand', gun='', listed='Club', skill='', ammo='', rounds=None, capacity=None)
    """
    raw = sheet.get("weapons")
    out = []
    for item in raw if isinstance(raw, list) else []:
        record = legacy_weapon(item)
        if record["name"] and record["kind"] in KINDS:
            counts = {k: (None if record.get(k) == "" else record.get(k)) for k in AMMO_FIELDS[1:]}
            out.append(SheetWeapon(**{**record, **counts}))
    return tuple(out)


@checked
def find_weapon(sheet: Mapping[str, Any], name: str) -> SheetWeapon:
    """The weapon named ``name`` on the sheet (case and spaces do not matter).

    >>> find_weapon({"name": "Ana", "weapons": []}, "Rifle")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Ana has no weapon named 'Rifle'
    """
    wanted = tidy(name).casefold()
    for found in sheet_weapons(sheet):
        if found.name.casefold() == wanted:
            return found
    raise RuleError(f"{tidy(sheet.get('name')) or 'this character'} has no weapon named {name!r}")


@checked
def weapon_problems(
    sheet: Mapping[str, Any], fields: Mapping[str, Any], editing: str = ""
) -> dict[str, str]:
    """What is wrong with a weapon typed into the sheet, field by field ({} when nothing).
    ``editing`` names the weapon being changed (its own name is not a clash).

    >>> weapon_problems({"skills": [], "weapons": []}, {"name": "", "kind": "gun", "gun": "bow"})
    {'name': 'Weapon name must be 1 to 60 characters', 'gun': "Gun 'bow' is unknown; choose one of the list"}
    >>> weapon_problems({"skills": []}, {"name": "Axe", "kind": "hand", "listed": "Ax, fire", "skill": "Axe"})
    {'skill': "Skill 'Axe' is not on this sheet; add it under Skills first, or leave it empty"}
    """
    out: dict[str, str] = {}
    name = tidy(fields.get("name"))
    if not 1 <= len(name) <= MAX_NAME:
        out["name"] = f"{FIELD_NAMES['name']} must be 1 to {MAX_NAME} characters"
    taken = {w.name.casefold() for w in sheet_weapons(sheet)} - {tidy(editing).casefold()}
    if name and name.casefold() in taken:
        out["name"] = f"{FIELD_NAMES['name']} {name!r} is already on this sheet"
    kind = fields.get("kind")
    if kind not in KINDS:
        out["kind"] = f"{FIELD_NAMES['kind']} {kind!r} is unknown; allowed: {', '.join(KINDS)}"
    elif kind == "gun" and not fields.get("gun"):
        out["gun"] = f"{FIELD_NAMES['gun']}: choose one of the list"
    elif kind == "gun" and fields.get("gun") not in GUN_KEYS:
        out["gun"] = (
            f"{FIELD_NAMES['gun']} {fields.get('gun')!r} is unknown; choose one of the list"
        )
    elif kind == "hand" and not tidy(fields.get("listed")):
        out["listed"] = f"{FIELD_NAMES['listed']}: choose one of the list"
    elif kind == "hand":
        try:
            weapon(str(fields.get("listed") or ""))  # AFT-T15
        except RuleError as exc:
            out["listed"] = f"{FIELD_NAMES['listed']}: {str(exc)[:200]}"
    if kind == "gun":
        out.update(_ammo_problems(fields))
    skill = tidy(fields.get("skill"))
    if skill and skill not in {n for n, _ in _skills(sheet)}:
        out["skill"] = (
            f"{FIELD_NAMES['skill']} {skill!r} is not on this sheet; "
            "add it under Skills first, or leave it empty"
        )
    return out


def _ammo_problems(fields: Mapping[str, Any]) -> dict[str, str]:
    """A gun's loaded ammunition: a cartridge of T40-T42 (or none said), and whole counts of
    rounds, those left no more than a full load."""
    out: dict[str, str] = {}
    ammo = tidy(fields.get("ammo"))
    if ammo and ammo not in {c.key for c in ammunition_choices({})}:  # T40-T42
        out["ammo"] = f"{FIELD_NAMES['ammo']} {ammo!r} is unknown; choose one of the list"
    counts: dict[str, int | str] = {}
    for key in AMMO_FIELDS[1:]:
        text = tidy(str(fields.get(key, "")))
        counts[key] = round_count(text)
        if text and counts[key] == "":
            out[key] = f"{FIELD_NAMES[key]} must be empty or a whole number from 0 to {MAX_ROUNDS}"
    rounds, capacity = counts["rounds"], counts["capacity"]
    if isinstance(rounds, int) and isinstance(capacity, int) and rounds > capacity:
        out["rounds"] = f"{FIELD_NAMES['rounds']} {rounds} is more than a full load ({capacity})"
    return out


def _checked_weapon(
    sheet: Mapping[str, Any], fields: Mapping[str, Any], editing: str = ""
) -> dict[str, str]:
    problems = weapon_problems(sheet, fields, editing)
    if problems:
        raise WeaponError(problems)
    kind = str(fields["kind"])
    out: dict[str, Any] = {
        "name": tidy(fields["name"]),
        "kind": kind,
        "gun": str(fields["gun"]) if kind == "gun" else "",
        "listed": weapon(fields["listed"]).name if kind == "hand" else "",
        "skill": tidy(fields.get("skill")),
    }
    if kind == "gun":
        out["ammo"] = tidy(fields.get("ammo"))
        out["rounds"] = round_count(tidy(str(fields.get("rounds", ""))))
        out["capacity"] = round_count(tidy(str(fields.get("capacity", ""))))
    return out


def _with_weapons(sheet: Mapping[str, Any], weapons: list[dict[str, Any]]) -> dict[str, Any]:
    return {**sheet, "weapons": weapons}


@checked
def add_weapon(sheet: Mapping[str, Any], fields: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet with a weapon added (a :class:`WeaponError` names each wrong field).

    >>> add_weapon({"skills": [], "weapons": []}, {"name": "Machete", "kind": "hand",
    ...     "listed": "machete"})["weapons"]
    [{'name': 'Machete', 'kind': 'hand', 'gun': '', 'listed': 'Sword, machete', 'skill': ''}]
    """
    record = _checked_weapon(sheet, fields)
    weapons = [legacy_weapon(w) for w in sheet.get("weapons") or []]
    if len(weapons) >= MAX_WEAPONS:
        raise WeaponError({"name": f"weapons count is at most {MAX_WEAPONS}"})
    return _with_weapons(sheet, [*weapons, record])


@checked
def edit_weapon(sheet: Mapping[str, Any], name: str, fields: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet with the weapon named ``name`` replaced by ``fields``, in its place.

    >>> s = add_weapon({"skills": [{"name": "Club", "bcs": 9}]}, {"name": "Bat", "kind": "hand",
    ...     "listed": "Baseball bat"})
    >>> edit_weapon(s, "bat", {"name": "Bat", "kind": "hand", "listed": "Club", "skill": "Club"})[
    ...     "weapons"][0]["skill"]
    'Club'
    """
    old = find_weapon(sheet, name)
    record = _checked_weapon(sheet, fields, old.name)
    weapons = [legacy_weapon(w) for w in sheet.get("weapons") or []]
    return _with_weapons(sheet, [record if w["name"] == old.name else w for w in weapons])


@checked
def remove_weapon(sheet: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The sheet without the weapon named ``name``.

    >>> remove_weapon({"weapons": ["Club", "Sap"]}, "club")["weapons"][0]["name"]
    'Sap'
    """
    old = find_weapon(sheet, name)
    weapons = [legacy_weapon(w) for w in sheet.get("weapons") or []]
    return _with_weapons(sheet, [w for w in weapons if w["name"] != old.name])


@checked
def set_rounds(sheet: Mapping[str, Any], name: str, rounds: int) -> dict[str, Any]:
    """The sheet with the gun named ``name`` holding ``rounds`` rounds (a shot fired, a reload).

    >>> s = {"weapons": [{"name": "R", "kind": "gun", "gun": "long_gun|Rifle", "rounds": 5}]}
    >>> set_rounds(s, "r", 4)["weapons"][0]["rounds"]
    4
    """
    old = find_weapon(sheet, name)
    if old.kind != "gun":
        raise RuleError(f"{old.name} is not a gun: it holds no rounds")
    if isinstance(rounds, bool) or not 0 <= rounds <= MAX_ROUNDS:
        raise RuleError(f"{FIELD_NAMES['rounds']} {rounds!r} is outside 0 to {MAX_ROUNDS}")
    weapons = [legacy_weapon(w) for w in sheet.get("weapons") or []]
    return _with_weapons(
        sheet, [{**w, "rounds": rounds} if w["name"] == old.name else w for w in weapons]
    )


@dataclass(frozen=True)
class WeaponSetup:
    """What the fight needs from an attacker's weapon: the worksheet (``mode``), the skill by
    name and its BCS from the sheet (None: asked), the gun with its Range Table row (None for a
    shot-loaded shotgun: its choke is asked) and Critical Hit Enhancement row, or the listed
    hand weapon; ``waits_for`` the questions still open, in words."""

    weapon: SheetWeapon
    mode: str
    skill: str
    base_bcs: int | None
    gun: str = ""
    size: str = ""
    range_row: str | None = None
    critical_row: str | None = None
    listed: str = ""
    waits_for: tuple[str, ...] = ()
    # The cartridge loaded in the gun ("" while the sheet does not say: asked, never assumed).
    ammo: str = ""

    @property
    def ready(self) -> bool:
        return not self.waits_for

    def __str__(self) -> str:
        bcs = "asked" if self.base_bcs is None else str(self.base_bcs)
        row = f", Range Table row {self.range_row or 'asked'}" if self.mode == "missile" else ""
        return f"{self.weapon.name} ({self.weapon.what}): {self.skill or 'no skill'} BCS {bcs}{row}"


@checked
def attack_setup(sheet: Mapping[str, Any], weapon_name: str) -> WeaponSetup:
    """The attack ``sheet``'s weapon ``weapon_name`` sets up: its skill's BCS by the skill's
    NAME (AFT-M01); a gun's Range Table row (AFT-46) and critical row (AFT-19); what is still
    asked. A RuleError when the sheet has no such weapon.

    >>> s = {"name": "Ana", "skills": [{"name": "Shotgun", "bcs": 11}], "weapons": [{"name":
    ...     "Pump", "kind": "gun", "gun": "shotgun|Shot", "skill": "Shotgun", "ammo": "shot:00 Buck:12"}]}
    >>> found = attack_setup(s, "Pump")
    >>> found.base_bcs, found.range_row, found.waits_for
    (11, None, ('the choke of Pump: pick its Range Table row (Shot Load by choke)',))
    """
    found = find_weapon(sheet, weapon_name)
    owner = tidy(sheet.get("name")) or "this character"
    waits: list[str] = []
    bcs = skill_bcs(sheet, found.skill) if found.skill else None
    if not found.skill:
        waits.append(f"the skill {found.name} is used with: choose it, or type the Base BCS")
    elif bcs is None:
        twice = sum(1 for n, _ in _skills(sheet) if n == found.skill) > 1
        waits.append(
            f"the skill {found.skill!r} ({found.name} is used with it) "
            + ("has two different BCS on " if twice else "is not on ")
            + f"{owner}'s sheet: "
            + ("correct one" if twice else "add it with its BCS")
            + ", or type the Base BCS"
        )
    if found.kind != "gun":
        listed = weapon(found.listed).name  # AFT-T15
        return WeaponSetup(found, "hth", found.skill, bcs, listed=listed, waits_for=tuple(waits))
    kind, _, size = found.gun.partition("|")
    row = range_row_for(kind, size)
    if row is None:
        waits.append(f"the choke of {found.name}: pick its Range Table row (Shot Load by choke)")
    if kind == "smg":
        waits.append(f"the Inherent Accuracy of {found.name} (not in the book for an SMG)")
    if not found.ammo:
        waits.append(
            f"the ammunition loaded in {found.name}: load it on the sheet, or choose it for this shot"
        )
    crit = critical_row(kind, row) if row else None
    return WeaponSetup(
        found,
        "missile",
        found.skill,
        bcs,
        kind,
        size,
        row,
        crit,
        waits_for=tuple(waits),
        ammo=found.ammo,
    )
