"""The combatant sheet: the values the texts use, bounded and validated, and what is derived
from them live (GUR-46 to GUR-48, GUR-55, GUR-60). Basic Speed, HP, Move and the encumbrance
level are inputs: their formulas and tables are not in the texts (§6).

>>> c = combatant_from_json({"name": "Ana", "basic_speed": "5.75", "weapon_skill": 13,
...                          "shield_skill": 11, "dr": 2, "dr_locations": "skull=4, arm=0"})
>>> [str(d) for d in derived_defenses(c)]
['Dodge = ⌊5.75 + 3⌋ − 0 = 8', 'Parry = ⌊3 + 13/2⌋ + 0 = 9', 'Block = ⌊3 + 11/2⌋ = 8']
>>> dr_at(c, "skull"), dr_at(c, "arm"), dr_at(c, "torso")
(4, 0, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, Final

from pycore.errors import RuleError
from pycore.systems.gurps.defenses import (
    ATTACK_KINDS,
    Defense,
    attack_kind,
    explain_block,
    explain_dodge,
    explain_parry,
    unarmed_parry,
)
from pycore.systems.gurps.injury import (
    _tolerances,
    damage_types,
    parse_damage,
)
from pycore.systems.gurps.lines import AttackLine, counted, line_to_json, lines_from_saved
from pycore.systems.gurps.locations import location_keys
from pycore.systems.gurps.modifiers import maneuver_names, posture_names
from pycore.systems.gurps.order import Fighter
from pycore.validate import checked, exact, shown, whole

#: (low, high) of every whole-number field; the message names the field and the range.
BOUNDS: Final[dict[str, tuple[int, int]]] = {
    "st": (0, 40),
    "dx": (0, 40),
    "iq": (0, 40),
    "ht": (0, 40),
    "hp": (1, 999),
    "hp_now": (-9999, 999),
    "move": (0, 99),
    "encumbrance": (0, 4),
    "weapon_skill": (0, 40),
    "parry_bonus": (-10, 10),
    "acc": (0, 20),
    "shield_skill": (0, 40),
    "shield_db": (0, 10),
    "dr": (0, 999),
    "brawling": (0, 40),
    "karate": (0, 40),
    "sm": (-15, 30),
    "shock": (0, 8),
}
LABELS: Final = {
    "st": "ST",
    "dx": "DX",
    "iq": "IQ",
    "ht": "HT",
    "hp": "HP",
    "hp_now": "current HP",
    "move": "Move",
    "encumbrance": "encumbrance level",
    "weapon_skill": "weapon skill",
    "parry_bonus": "parry bonus",
    "acc": "Acc",
    "shield_skill": "Shield skill",
    "shield_db": "shield DB",
    "dr": "DR",
    "basic_speed": "Basic Speed",
    "half_d": "1/2D",
    "max_range": "Max",
    "damage": "damage dice",
    "damage_type": "damage type",
    "brawling": "Brawling",
    "karate": "Karate",
    "sm": "Size Modifier",
    "shock": "shock",
}


@dataclass(frozen=True)
class Combatant:
    id: str = "g1"
    name: str = "Fighter"
    st: int = 10
    dx: int = 10
    iq: int = 10
    ht: int = 10
    hp: int = 10
    hp_now: int = 10
    basic_speed: str = "5"
    move: int = 5
    encumbrance: int = 0
    weapon: str = "Broadsword"
    weapon_skill: int = 12
    damage: str = "1d+1"
    damage_type: str = "cut"
    attack_kind: str = "melee"
    thrust: bool = False  # a thrust: an unarmed parry takes no −3 against it (004 line 270)
    light: bool = False  # a thrown weapon of 1 lb or less: −2 to parry it (004 line 257)
    tight_beam: bool = False  # a tight-beam burning attack: vitals, eyes, chinks (003 l. 41, 86)
    unarmed: bool = False  # fights barehanded: parries with DX, Brawling or Karate (004 l. 266)
    two_handed: bool = False  # their weapon is gripped with both hands to be ready (004 line 93)
    brawling: int = 0
    karate: int = 0
    more_attacks: tuple[AttackLine, ...] = ()  # the other attack lines (attacks.py; 004 l. 91)
    reach: str = ""
    parry_bonus: int = 0
    acc: int = 0
    half_d: str = ""
    max_range: str = ""
    shield_skill: int = 0
    shield_db: int = 0
    # A large shield: "holding a large shield" is −2 to their melee attacks (004 line 141); the
    # texts give no sizes, so the sheet says it (GUR-25). Sheets saved before it: not large.
    shield_large: bool = False
    dr: int = 0
    dr_locations: str = ""
    tolerance: str = ""
    male: bool = False
    posture: str = "Standing"
    maneuver: str = "Do Nothing"
    option: str = ""
    stunned: bool = False
    notes: str = ""
    sm: int = (
        0  # Size Modifier: 7 or more above the target's makes a melee blow large-area (003 l. 82)
    )
    scaled: bool = False  # their weapons are scaled to their body size (003 line 82)
    mental_stun: bool = False  # stunned mentally: an IQ roll recovers (004 line 46)
    # After an injury, what the GM's book gave (GUR-58, fight/checks.py): unconscious (no
    # action, no defense) and a shock penalty to their attacks on their next turn.
    unconscious: bool = False
    shock: int = 0

    @property
    def dazed(self) -> bool:
        """Stunned, physically or mentally: they must Do Nothing and defends at −4 (004 lines
        46, 217)."""
        return self.stunned or self.mental_stun

    @property
    def shield_unready(self) -> str:
        """Why the shield on their sheet is not ready with the weapon they hold, in plain words
        ("" when it is, or they have none). A shield is held in a hand (003 line 58: "a hand
        holding a shield"), and "a two-handed weapon is ready if you are gripping it with both
        hands" (004 line 93): while both hands grip their two-handed weapon no hand holds the
        shield, so it is not the "ready shield" that adds its DB (004 line 219) or blocks (004
        line 237). Armed with the weapon in their hands: on the sheet their first, in the fight the
        one held (fight/hands.py).

        >>> Combatant(weapon="Greatsword", two_handed=True, shield_db=2).shield_unready
        'both hands grip the Greatsword'
        >>> Combatant(shield_db=2).shield_unready, Combatant(two_handed=True).shield_unready
        ('', '')
        """
        if not (self.shield_skill or self.shield_db) or self.unarmed or not self.two_handed:
            return ""
        return f"both hands grip the {self.weapon}"

    @property
    def shield_db_now(self) -> int:
        """The DB their shield adds to a defense against a blow from the front or their shield
        side: its DB while it is ready, else 0 (GUR-45, 004 line 219)."""
        return 0 if self.shield_unready else self.shield_db

    @property
    def blocks(self) -> bool:
        """Whether they can block: a Shield skill, and the shield ready (004 line 237)."""
        return bool(self.shield_skill) and not self.shield_unready

    @property
    def shield_held(self) -> bool:
        """Whether a hand holds his shield: his sheet has one (a Shield skill or a DB), and it
        is ready (no hand holds it while both grip a two-handed weapon, 004 line 93). Only then
        has he a shield arm and a shield hand to aim at (003 lines 55, 58)."""
        return bool(self.shield_skill or self.shield_db) and not self.shield_unready

    @property
    def large_shield_held(self) -> bool:
        """Whether they hold a large shield, −2 to their melee attacks (004 line 141): their sheet
        says it is large, and it is ready (no hand holds it while both grip a two-handed
        weapon)."""
        return self.shield_large and self.shield_held

    @property
    def shield_said(self) -> str:
        """His shield in words, as the printed sheet and the share preview say it: its skill
        and DB, and large (−2 to his melee attacks, 004 line 141; GUR-25); "" with none.

        >>> Combatant(shield_skill=11, shield_db=2, shield_large=True).shield_said
        'skill 11, DB 2, large'
        """
        if not (self.shield_skill or self.shield_db):
            return ""
        return f"skill {self.shield_skill}, DB {self.shield_db}" + (
            ", large" if self.shield_large else ""
        )

    @property
    def speed(self) -> Fraction:
        return exact(self.basic_speed, "Basic Speed")

    @property
    def ranged(self) -> bool:
        """A thrown or missile weapon is a ranged attack (004 line 108)."""
        return self.attack_kind != "melee"


_FIELDS = {f.name: f for f in fields(Combatant)}
#: The kinds of attack whose weapon can parry (GUR-48): a melee weapon, or one held to throw.
PARRYING_KINDS: Final = ("melee", "thrown")


def _number(field: str, raw: str, *, optional: bool, high: int = 10_000) -> Fraction | None:
    text = str(raw).strip()
    if not text and optional:
        return None
    try:
        value = exact(text, LABELS[field])  # as typed, and no "1e99999999" to work out
    except (ValueError, ZeroDivisionError, RuleError):
        raise RuleError(f"{LABELS[field]} {shown(raw)} is not a number from 0 to {high}") from None
    if not 0 <= value <= high:
        raise RuleError(f"{LABELS[field]} {shown(raw)} is outside 0 to {high}")
    return value


@checked
def combatant_from_json(data: Mapping[str, Any]) -> Combatant:
    """A combatant from saved or typed data; every bad value is a :class:`RuleError` naming the
    field and its range. Unknown keys are ignored.

    >>> combatant_from_json({"dx": 99})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: DX 99 is outside 0 to 40
    >>> combatant_from_json({"damage_type": "zap"})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: damage type 'zap' is unknown; allowed: pi-, pi, pi+, pi++, cut, imp, cr, burn, cor, fat, tox
    """
    values: dict[str, Any] = {}
    if "attack_kind" not in data and data.get("ranged"):
        # Saved before attacks had a kind: "ranged" allowed dodge and block, as a bow does.
        values["attack_kind"] = "bow"
    for key, value in data.items():
        if key not in _FIELDS:
            continue
        if key == "more_attacks":
            value = lines_from_saved(value)  # a list, or the text of sheets saved before
        elif key in BOUNDS:
            low, high = BOUNDS[key]
            whole(value, LABELS[key], low, high)
        elif key in CHECKS:
            value = bool(value)
        else:
            value = str(value)
        values[key] = value
    c = Combatant(**values)
    _number("basic_speed", c.basic_speed, optional=False, high=30)
    _number("half_d", c.half_d, optional=True)
    _number("max_range", c.max_range, optional=True)
    parse_damage(c.damage)
    if c.damage_type not in damage_types():
        raise RuleError(
            f"damage type {shown(c.damage_type)} is unknown; allowed: {', '.join(damage_types())}"
        )
    attack_kind(c.attack_kind)
    if c.posture not in posture_names():
        raise RuleError(f"posture {shown(c.posture)} is unknown")
    if c.maneuver not in maneuver_names():
        raise RuleError(f"maneuver {shown(c.maneuver)} is unknown")
    _tolerances(c.tolerance)
    dr_locations(c)
    counted(c.more_attacks)
    return c


@checked
def combatant_to_json(c: Combatant) -> dict[str, Any]:
    """Plain data for localStorage.

    >>> combatant_from_json(combatant_to_json(Combatant(name="Bo"))).name
    'Bo'
    """
    data = {name: getattr(c, name) for name in _FIELDS}
    return {**data, "more_attacks": [line_to_json(line) for line in c.more_attacks]}


def attack_kinds() -> tuple[tuple[str, str], ...]:
    """Each kind of attack and its words, for a choice on the sheet."""
    return tuple(ATTACK_KINDS.items())


#: Fields read as yes or no; the rest that are not whole numbers are text.
CHECKS: Final = (
    "male",
    "stunned",
    "thrust",
    "light",
    "unarmed",
    "tight_beam",
    "two_handed",
    "shield_large",
    "scaled",
    "mental_stun",
    "unconscious",
)
_YES: Final = ("true", "on", "yes", "1")


def edited(c: Combatant, field: str, typed: str) -> Combatant:
    """The sheet with one field changed to what the user typed, checked like a saved sheet.

    A fresh sheet's current HP follows its HP until it is hurt; a new maneuver clears the old
    maneuver's option (GUR-06: the options belong to the maneuver chosen).

    >>> edited(Combatant(), "hp", "12").hp_now, edited(Combatant(hp_now=4), "hp", "12").hp_now
    (12, 4)
    >>> edited(Combatant(), "dx", "ten")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: DX 'ten' is not a whole number from 0 to 40
    """
    if field not in _FIELDS or field == "id":
        raise RuleError(f"{shown(field)} is not a field of the sheet")
    value: object = typed
    if field in BOUNDS:
        low, high = BOUNDS[field]
        try:
            value = int(typed.strip())
        except ValueError:
            raise RuleError(
                f"{LABELS[field]} {shown(typed)} is not a whole number from {low} to {high}"
            ) from None
    elif field in CHECKS:
        value = typed.strip().lower() in _YES
    data = {**combatant_to_json(c), field: value}
    if field == "hp":
        data["hp_now"] = value if c.hp_now == c.hp else c.hp_now
    if field == "maneuver" and value != c.maneuver:
        data["option"] = ""
    return combatant_from_json(data)


@checked
def dr_locations(c: Combatant) -> dict[str, int]:
    """The per-location DR entries (``skull=4, arm=2``); other locations use the general DR.

    >>> dr_locations(Combatant(dr_locations="tail=3"))
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: DR by location: 'tail' is not a location; allowed: torso, vitals, skull, eye, face, neck, groin, arm, leg, shield_arm, hand, foot, shield_hand
    """
    result: dict[str, int] = {}
    keys = [k for k in location_keys() if not k.startswith("chink")]
    for part in filter(None, (p.strip() for p in c.dr_locations.split(","))):
        name, _, value = part.partition("=")
        name = name.strip().lower().replace(" ", "_")
        if name not in keys:
            raise RuleError(
                f"DR by location: {shown(name)} is not a location; allowed: {', '.join(keys)}"
            )
        if not (value.strip().isascii() and value.strip().isdigit()) or int(value) > 999:
            raise RuleError(f"DR by location: {shown(part)} needs a DR from 0 to 999, like skull=4")
        result[name] = int(value)
    return result


@checked
def dr_at(c: Combatant, location: str) -> int:
    """The DR at a location: its own entry, else the general DR (GUR-55)."""
    return dr_locations(c).get(location, c.dr)


def _parrying_line(c: Combatant) -> tuple[int, int, bool] | None:
    """The first of their attack lines, in the sheet's order (their weapon, then the others), that
    can parry, as (skill, parry modifier, barehanded); None when none can. A parry needs a
    ready weapon or an empty hand (GUR-48, GUR-50, 004 lines 247-253: even against a missile
    it is "the defender's melee weapon" that parries). A thrown weapon (a knife, an axe, a
    spear) is in their hand until thrown; a bow, a crossbow or a gun is a missile weapon with no
    parry (PARRYING_KINDS), so it never gives them one."""
    first = (c.weapon_skill, c.parry_bonus, c.unarmed, c.attack_kind)
    # A line whose skill is not set yet parries with nothing known (a barehanded one parries
    # with DX, Brawling or Karate, never its own skill, 004 lines 266-268).
    others = [
        (x.skill or 0, x.parry, x.unarmed, x.kind)
        for x in c.more_attacks
        if x.skill is not None or x.unarmed
    ]
    lines = (first, *others)
    found = ((skill, bonus, bare) for skill, bonus, bare, kind in lines if kind in PARRYING_KINDS)
    return next(found, None)


@checked
def own_parry(c: Combatant, *, vs_weapon: bool = False, thrust: bool = False) -> Defense | None:
    """The combatant's Parry: with the first of their weapons that parries (GUR-48), or barehanded with
    DX, Brawling or Karate (GUR-50, 004 lines 266-270), against a weapon or not; None when no
    line of their can parry (a bow alone: :func:`_parrying_line`).

    >>> own_parry(Combatant(weapon="Bow", attack_kind="bow")) is None
    True
    """
    found = _parrying_line(c)
    if found is None:
        return None
    skill, bonus, bare = found
    if bare:
        return unarmed_parry(
            c.dx,
            c.brawling or None,
            c.karate or None,
            vs_weapon=vs_weapon,
            thrust=thrust,
            encumbrance=c.encumbrance,
        )
    return explain_parry(skill, bonus)


@dataclass(frozen=True)
class SheetDefense:
    """A defense as the sheet lists it: the score with its formula (GUR-46 to GUR-48) and the
    DB of a ready shield, which counts against a blow from the front or their shield side
    (GUR-45, 004 line 219), so the sheet shows what the fight adds; ``note`` says why a shield
    on the sheet adds nothing now (or gives no block)."""

    score: Defense
    db: int = 0
    note: str = ""

    @property
    def name(self) -> str:
        return self.score.name

    @property
    def value(self) -> int:
        """The score with the shield's DB: what they defend with from the front."""
        return self.score.value + self.db

    def __str__(self) -> str:
        s = self.score
        text = f"{s.name} = {s.formula} + shield DB {self.db} = {self.value}" if self.db else str(s)
        if self.db:
            text += f" ({s.value} from the unshielded side)"
        return f"{text} ({self.note})" if self.note else text


@checked
def derived_defenses(c: Combatant) -> tuple[SheetDefense, ...]:
    """Dodge, Parry (with a melee weapon, or barehanded; none with a bow alone) and Block (with
    a shield skill), each with its formula and their ready shield's DB (GUR-45), as the fight
    counts them against a blow from the front.

    >>> ana = Combatant(basic_speed="6", weapon_skill=13, shield_skill=11, shield_db=2)
    >>> [str(d) for d in derived_defenses(ana)][0]
    'Dodge = ⌊6 + 3⌋ − 0 + shield DB 2 = 11 (9 from the unshielded side)'
    >>> hugh = Combatant(weapon="Greatsword", two_handed=True, shield_skill=11, shield_db=2)
    >>> str(derived_defenses(hugh)[2])
    'Block = ⌊3 + 11/2⌋ = 8 (no block: both hands grip the Greatsword)'
    """
    db, unready = c.shield_db_now, c.shield_unready
    no_db = f"no shield DB: {unready}" if unready and c.shield_db else ""
    parts = [explain_dodge(c.speed, c.encumbrance), own_parry(c)]
    listed = [SheetDefense(d, db, no_db) for d in parts if d is not None]
    if c.shield_skill:
        score = explain_block(c.shield_skill)
        listed.append(SheetDefense(score, db, f"no block: {unready}" if unready else ""))
    return tuple(listed)


@checked
def fighter(c: Combatant) -> Fighter:
    """What the turn order needs (GUR-05)."""
    return Fighter(c.name, c.speed, c.dx, c.id)
