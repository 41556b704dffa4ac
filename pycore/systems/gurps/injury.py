"""Damage and injury: damage dice, basic damage and its minimum, half damage, DR and
penetration, wounding by type, hit location and Injury Tolerance, the minimum injury of 1,
crippling and its lost excess, large-area DR and chinks (GUR-29 to GUR-42, GUR-52 to GUR-62;
tables GUR-T13, GUR-T14, GUR-T15).

>>> str(injury(7, 2, "cut"))
'basic 7 − DR 2 = 5 penetrating × 3/2 (cut) = 7.5 → injury 7'
>>> str(injury(8, 1, "pi", tolerance="unliving", hp=24))
'basic 8 − DR 1 = 7 penetrating × 1/3 (pi, Unliving) = 2.33 → injury 2'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.errors import RuleError
from pycore.systems.gurps.locations import location_keys, location_name
from pycore.systems.gurps.quantities import exact, yards_text
from pycore.tables import load_table
from pycore.validate import checked, shown, whole

#: The Injury Tolerance flags of 003 lines 66-77 (GUR-60, GUR-61).
TOLERANCES: Final = (
    "unliving",
    "homogenous",
    "diffuse",
    "no brain",
    "no vitals",
    "no eyes",
    "no head",
    "no neck",
)
LIMBS: Final = ("arm", "leg", "shield_arm")
EXTREMITIES: Final = ("hand", "foot", "shield_hand")
MAX_DAMAGE: Final = 10_000
#: The two readings of 003 line 46, "Injury over HP/10 blinds the eye; otherwise, treat as a
#: skull hit without the extra DR 2": "otherwise" as "in other respects" (the project's reading,
#: GUR-33, the default) or as "if it does not blind".
EYE_READINGS: Final = ("in other respects", "if it does not blind")
#: Ranges past this are typing slips (the longest ranged weapons reach a few thousand yards).
MAX_YARDS: Final = 100_000
_DICE = re.compile(r"^\s*(\d{1,3})d(?:6)?\s*([+-]\s*\d{1,4})?\s*$")


def damage_types() -> tuple[str, ...]:
    """The eleven damage types of GUR-T13.

    >>> damage_types()[:4]
    ('pi-', 'pi', 'pi+', 'pi++')
    """
    return tuple(str(r["code"]) for r in load_table("gurps", "wounding").rows)


def wounding_row(damage_type: str) -> dict[str, object]:
    """GUR-T13's row for ``damage_type`` (its multiplier, its minimum basic damage), or the
    refusal naming the types there are."""
    if damage_type not in damage_types():
        raise RuleError(
            f"damage type {shown(damage_type)} is unknown; allowed: {', '.join(damage_types())}"
        )
    return dict(load_table("gurps", "wounding").row_by("code", damage_type).items())


@checked
def location_penalty(location: str, grappling: bool = False) -> int:
    """The penalty to hit a location (GUR-29 to GUR-42); grappling halves it, rounding up its
    size (GUR-40).

    >>> location_penalty("skull"), location_penalty("skull", grappling=True), location_penalty("neck", True)
    (-7, -4, -3)
    """
    if location not in location_keys():
        raise RuleError(f"location {location!r} is unknown; allowed: {', '.join(location_keys())}")
    penalty = load_table("gurps", "hit_locations").row_by("key", location)["penalty"]
    assert isinstance(penalty, int)
    return -math.ceil(-penalty / 2) if grappling else penalty


@checked
def parse_damage(dice: str) -> tuple[int, int]:
    """``Nd±k`` (also ``Nd6±k``) as (N, k) (§5 of the inventory).

    >>> parse_damage("2d+2"), parse_damage("1d-3"), parse_damage("6d6-1")
    ((2, 2), (1, -3), (6, -1))
    >>> parse_damage("2d6x")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: damage dice '2d6x' is not of the form Nd+k (e.g. 2d+1, 1d-3, 6d)
    """
    match = _DICE.match(dice) if isinstance(dice, str) else None
    if match is None or int(match.group(1)) < 1:
        raise RuleError(f"damage dice {shown(dice)} is not of the form Nd+k (e.g. 2d+1, 1d-3, 6d)")
    k = int(match.group(2).replace(" ", "")) if match.group(2) else 0
    return int(match.group(1)), k


@checked
def max_damage(dice: str) -> int:
    """GUR-20 / GUR-53: a roll of 3 does maximum damage, 6N + k.

    >>> max_damage("1d+2")
    8
    """
    n, k = parse_damage(dice)
    return 6 * n + k


@checked
def basic_damage(dice: str, roll_total: int, damage_type: str) -> int:
    """GUR-53: the dice total plus the modifier, at least 0 for crushing and 1 for the rest.
    ``roll_total`` is the sum the N dice showed.

    >>> basic_damage("1d-3", 2, "cr"), basic_damage("1d-3", 2, "cut"), basic_damage("2d+2", 9, "pi")
    (0, 1, 11)
    >>> basic_damage("2d", 13, "cr")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: dice total 13 is outside 2 to 12 (2d)
    """
    n, k = parse_damage(dice)
    row = wounding_row(damage_type)
    whole(roll_total, "dice total", n, 6 * n, why=f" ({n}d)")
    minimum = row["min_basic"]
    assert isinstance(minimum, int)
    return max(minimum, roll_total + k)


@checked
def half_damage(basic: int) -> int:
    """GUR-54: at or beyond 1/2D range basic damage is halved, rounding down (1 → 0).

    >>> half_damage(9), half_damage(1)
    (4, 0)
    """
    _check("basic damage", basic)
    return basic // 2


def at_half_damage(
    yards: Fraction | int | str,
    half_range: Fraction | int | str | None,
    max_range: Fraction | int | str | None = None,
) -> bool:
    """GUR-22: at or beyond 1/2D (004 line 320); beyond Max the attack is not allowed. Every
    distance is read exactly and must be a number of yards from 0 up.

    >>> at_half_damage(9, 10), at_half_damage(10, 10), at_half_damage(100, 10, 100)
    (False, True, True)
    >>> at_half_damage(101, 10, 100)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: range 101 yd is beyond Max 100 yd: no attack
    """
    distance = exact("range (yards)", yards)
    half = None if half_range is None else exact("1/2D (yards)", half_range)
    top = None if max_range is None else exact("Max (yards)", max_range)
    if top is not None and distance > top:  # GUR-22
        raise RuleError(f"range {yards_text(distance)} is beyond Max {yards_text(top)}: no attack")
    return half is not None and distance >= half


def _check(field: str, value: object, low: int = 0, high: int = MAX_DAMAGE) -> int:
    return whole(value, field, low, high)


@checked
def large_area_dr(torso_dr: int, least_protected_dr: int) -> int:
    """GUR-62: the average of torso DR and the least protected exposed location, rounded up.

    >>> large_area_dr(5, 0)
    3
    """
    return math.ceil(Fraction(_check("torso DR", torso_dr) + _check("DR", least_protected_dr), 2))


def chink_allowed(damage_type: str, *, tight_beam: bool = False) -> None:
    """GUR-42 (003 line 86): only a piercing, impaling or tight-beam burning attack can target a
    chink in armor; any other is refused by name. The one place this rule is checked."""
    if not wounding_row(damage_type)["piercing"] and not (damage_type == "burn" and tight_beam):
        raise RuleError(
            "a chink in armor can be targeted only by piercing, impaling or tight-beam burning "
            f"attacks, not {damage_type}"
        )


@checked
def chink_dr(dr: int, damage_type: str, *, tight_beam: bool = False) -> int:
    """GUR-42: a hit on a chink halves DR (rounding down, GUR-D04), for the attacks that may
    target one (003 line 86).

    >>> chink_dr(6, "pi"), chink_dr(5, "imp"), chink_dr(5, "burn", tight_beam=True)
    (3, 2, 2)
    >>> chink_dr(6, "cut")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: a chink in armor can be targeted only by piercing, impaling or tight-beam burning attacks, not cut
    """
    chink_allowed(damage_type, tight_beam=tight_beam)
    return _check("DR", dr) // 2


def _tolerances(tolerance: str | None) -> frozenset[str]:
    if tolerance is not None and not isinstance(tolerance, str):
        raise RuleError(
            f"injury tolerance {shown(tolerance)} is not text; allowed: {', '.join(TOLERANCES)}"
        )
    if tolerance is None or not tolerance.strip():
        return frozenset()
    flags = frozenset(t.strip().lower() for t in re.split(r"[,+]", tolerance) if t.strip())
    unknown = flags - set(TOLERANCES)
    if unknown:
        raise RuleError(
            f"injury tolerance {shown(', '.join(sorted(unknown)))} is unknown; allowed: "
            f"{', '.join(TOLERANCES)}"
        )
    return flags


@dataclass(frozen=True)
class InjuryResult:
    """One hit's injury with every step (GUR-59): DR, penetration, the multiplier and why, the
    rounding, the minimum of 1, caps, and the effects."""

    basic: int
    dr: int
    dr_steps: tuple[str, ...]
    effective_dr: int
    penetrating_damage: int
    multiplier: Fraction
    multiplier_reason: str
    raw: Fraction
    injury: int
    notes: tuple[str, ...]
    effects: tuple[str, ...]

    @property
    def penetrating(self) -> bool:
        return self.penetrating_damage > 0

    def __str__(self) -> str:
        dr = " ".join(self.dr_steps) if self.dr_steps else f"DR {self.effective_dr}"
        head = f"basic {self.basic} − {dr} = {self.penetrating_damage} penetrating"
        if not self.penetrating:
            return head + ": no injury"
        raw = self.raw
        shown = str(raw.numerator) if raw.denominator == 1 else f"{float(raw):.3g}"
        text = f"{head} × {self.multiplier} ({self.multiplier_reason}) = {shown} → injury {self.injury}"
        if self.notes:
            text += "; " + "; ".join(self.notes)
        if self.effects:
            text += "; " + "; ".join(self.effects)
        return text


@checked
def injury(
    basic_damage: int,
    dr: int,
    damage_type: str,
    location: str = "torso",
    tolerance: str | None = None,
    hp: int | None = None,
    *,
    tight_beam: bool = False,
    large_area: bool = False,
    chink: bool = False,
    male: bool = False,
    eye_reading: str = EYE_READINGS[0],
) -> InjuryResult:
    """Injury from one hit (GUR-55 to GUR-62): ``dr`` is the location's DR from all sources,
    ``hp`` the target's HP (for crippling, blinding and major wounds). ``tight_beam`` marks a
    tight-beam burning attack, ``large_area`` an area/cone/explosion attack (no Diffuse cap),
    ``chink`` a hit on a chink in the armor (DR halved); ``eye_reading`` one of
    :data:`EYE_READINGS` (003 line 46).

    >>> injury(5, 2, "cr", "skull").injury, injury(5, 2, "tox", "skull").injury
    (4, 3)
    >>> injury(1, 0, "pi-").injury
    1
    >>> r = injury(8, 0, "imp", "arm", hp=10); r.injury, r.effects
    (6, ('crippled arm (injury over HP/2); excess lost', 'major wound'))
    """
    basic = _check("basic damage", basic_damage)
    armour = _check("DR", dr)
    hp_max = None if hp is None else _check("HP", hp, 1, MAX_DAMAGE)
    flags = _tolerances(tolerance)
    if eye_reading not in EYE_READINGS:
        raise RuleError(
            f"eye reading {shown(eye_reading)} is unknown; allowed: {', '.join(EYE_READINGS)}"
        )
    location, chink = _struck(location, damage_type, flags, tight_beam, chink)
    effective, steps = _dr(armour, location, damage_type, chink, tight_beam)
    penetrating = max(0, basic - effective)
    beam = damage_type == "burn" and tight_beam
    multiplier, reason = _multiplier(damage_type, location, flags, beam)
    notes: list[str] = []
    effects: list[str] = []
    # 003 line 46 read as "if it does not blind": a blow whose ordinary injury is over HP/10
    # blinds the eye and is no skull hit; a smaller one is a skull hit without the extra DR 2.
    reading_b = eye_reading == EYE_READINGS[1] and location == "eye" and hp_max is not None
    blinded_first = False
    if reading_b:
        ordinary, why_ordinary = _multiplier(damage_type, "torso", flags, beam)
        plain = _rounded(penetrating * ordinary, penetrating, damage_type, flags, large_area, [])
        blinded_first = hp_max is not None and 10 * plain > hp_max
        if blinded_first:
            multiplier, reason = ordinary, f"{why_ordinary}; the eye is blinded, no skull hit"
        else:
            notes.append("not over HP/10: a skull hit without the extra DR 2")
    raw = penetrating * multiplier
    value = _rounded(raw, penetrating, damage_type, flags, large_area, notes)
    if hp_max is not None and value > 0:
        value = _location_effects(location, damage_type, value, hp_max, flags, notes, effects)
        if reading_b and not blinded_first:  # the skull-hit branch: this blow does not blind
            effects[:] = [e for e in effects if not e.startswith("eye blinded")]
        if blinded_first and not any(e.startswith("eye blinded") for e in effects):
            effects.append("eye blinded (injury over HP/10)")
        if 2 * value > hp_max and "major wound" not in effects:
            effects.append("major wound")
    if value > 0 and not blinded_first:
        effects.extend(_knockdown(location, damage_type, flags, male))
    return InjuryResult(
        basic,
        armour,
        tuple(steps),
        effective,
        penetrating,
        multiplier,
        reason,
        raw,
        value,
        tuple(notes),
        tuple(effects),
    )


@checked
def aim_refused(
    location: str, damage_type: str, tolerance: str = "", tight_beam: bool = False
) -> str | None:
    """Why an attack of ``damage_type`` cannot hit ``location`` on a target of this Injury
    Tolerance, in words; None when it can (GUR-31, GUR-33, GUR-60).

    >>> aim_refused("vitals", "cut")
    'vitals can be targeted only by impaling, piercing or tight-beam burning attacks, not cut'
    >>> aim_refused("vitals", "imp"), aim_refused("neck", "cr", "no neck")
    (None, 'the target has no neck to hit')
    """
    return _refused(location, damage_type, _tolerances(tolerance), tight_beam)


def _refused(
    location: str, damage_type: str, flags: frozenset[str], tight_beam: bool
) -> str | None:
    beam = damage_type == "burn" and tight_beam
    # A blank type (an attack line whose damage is not typed yet) refuses nothing here: its
    # roll waits for the damage (worksheet.attack_line).
    piercing = not damage_type or wounding_row(damage_type)["piercing"]
    if location in ("vitals", "eye") and not (piercing or beam):
        # 003 lines 41, 46: "Other attacks cannot target the vitals" (GUR-31, GUR-33)
        return (
            f"{location} can be targeted only by impaling, piercing or tight-beam burning "
            f"attacks, not {damage_type}"
        )
    missing = {
        "eye": ("no eyes", "no head"),
        "skull": ("no head",),
        "face": ("no head",),
        "neck": ("no neck",),
    }.get(location, ())
    if any(flag in flags for flag in missing):
        return f"the target has no {location} to hit"  # GUR-60 (003 line 70)
    return None


def _struck(
    location: str, damage_type: str, flags: frozenset[str], tight_beam: bool, chink: bool
) -> tuple[str, bool]:
    """The location the injury is worked out on, and whether a chink was hit: refuses what
    cannot be hit by this attack (GUR-31, GUR-33, GUR-42, GUR-60)."""
    if location == "chink_torso":
        location, chink = "torso", True
    if location not in location_keys() or location.startswith("chink"):
        keys = ", ".join(k for k in location_keys() if k != "chink_other")
        raise RuleError(f"location {location!r} is not one to resolve injury on; allowed: {keys}")
    if chink:
        chink_allowed(damage_type, tight_beam=tight_beam)
    refused = _refused(location, damage_type, flags, tight_beam)
    if refused:
        raise RuleError(refused)
    if damage_type == "fat":
        location = "torso"  # 003 line 35: fatigue damage always ignores hit location
    if "no vitals" in flags and location in ("vitals", "groin"):
        location = "torso"  # GUR-60: vitals and groin hits as torso hits
    return location, chink


def _dr(
    armour: int, location: str, damage_type: str, chink: bool, tight_beam: bool
) -> tuple[int, list[str]]:
    """GUR-55: the DR that counts, and how: the skull's extra 2 (not vs toxic, GUR-32), then a
    chink's halving (GUR-42)."""
    steps = [f"DR {armour}"]
    effective = armour
    if location == "skull" and damage_type != "tox":
        effective += 2
        steps = [f"DR ({armour} + skull 2)"]
    if chink:
        effective = chink_dr(effective, damage_type, tight_beam=tight_beam)
        steps.append("halved for a chink (round down)")
        steps = [f"{' '.join(steps)} = {effective}"]
    return effective, steps


def _rounded(
    raw: Fraction,
    penetrating: int,
    damage_type: str,
    flags: frozenset[str],
    large_area: bool,
    notes: list[str],
) -> int:
    """GUR-57: injury rounds down, at least 1 when anything penetrated; Diffuse caps it at 1
    (piercing, impaling) or 2 unless the attack covers a large area (GUR-61)."""
    value = math.floor(raw)
    if penetrating > 0 and value < 1:
        value = 1
        notes.append("minimum 1")
    if "diffuse" in flags and penetrating > 0 and not large_area:
        cap = 1 if wounding_row(damage_type)["piercing"] else 2
        if value > cap:
            value = cap
            notes.append(f"Diffuse: at most {cap}")
    return value


def _knockdown(
    location: str, damage_type: str, flags: frozenset[str], male: bool
) -> tuple[str, ...]:
    """The notes a hit leaves for rules not in the texts: knockdown on the skull and face
    (GUR-32, GUR-34) and on the eye, a skull hit without the extra DR (003 lines 43, 46), the
    groin of a male (GUR-36), decapitation on the neck (GUR-35)."""
    solid = not flags & {"diffuse", "homogenous"}
    if location in ("skull", "eye") and "no brain" in flags:
        location = "torso" if location == "skull" else "face"  # GUR-60 No Brain
    exempt = location in ("skull", "eye") and damage_type == "tox"  # 003 line 44
    if location in ("skull", "eye", "face") and solid and not exempt:
        # On screen as the game's figures are: the true minus (−10), never a hyphen.
        return (f"knockdown rolls at −{5 if location == 'face' else 10}",)
    if location == "groin" and male and solid:
        return (
            "knockdown rolls at −5" + ("; double shock (max −8)" if damage_type == "cr" else ""),
        )
    if location == "neck" and damage_type == "cut":
        return ("if this kills: the GM may rule decapitation",)
    return ()


@checked
def wounding_at(
    damage_type: str, location: str, tolerance: str | None = None, tight_beam: bool = False
) -> Fraction:
    """The wounding multiplier of ``damage_type`` at ``location`` (GUR-56, GUR-57, GUR-60), as
    :func:`injury` applies it, for the damage step to say beside the dice; the type's own
    where the location cannot be resolved (a chink not yet placed: the injury refuses it).

    >>> wounding_at("imp", "torso"), wounding_at("cut", "skull"), wounding_at("imp", "arm")
    (Fraction(2, 1), Fraction(4, 1), Fraction(1, 1))
    """
    flags = _tolerances(tolerance)
    try:
        where, _ = _struck(location, damage_type, flags, tight_beam, False)
    except RuleError:
        return Fraction(str(wounding_row(damage_type)["multiplier"]))
    return _multiplier(damage_type, where, flags, damage_type == "burn" and tight_beam)[0]


def _multiplier(
    damage_type: str, location: str, flags: frozenset[str], beam: bool
) -> tuple[Fraction, str]:
    base = load_table("gurps", "wounding").row_by("code", damage_type)["multiplier"]
    assert isinstance(base, Fraction)
    it_row = {str(r["code"]): r for r in load_table("gurps", "wounding_it").rows}.get(damage_type)
    if flags & {"diffuse", "homogenous"}:
        # GUR-60: no location wounding modifiers; GUR-61 table (Diffuse: base, then capped)
        if "diffuse" in flags:
            return base, f"{damage_type}, Diffuse"
        if it_row is not None:
            value = it_row["homogenous"]
            assert isinstance(value, Fraction)
            return value, f"{damage_type}, Homogenous"
        return base, f"{damage_type}, Homogenous"
    piercing = damage_type in ("pi-", "pi", "pi+", "pi++", "imp")
    if location == "vitals" and (piercing or beam):
        return (
            (Fraction(3), f"{damage_type}, vitals")
            if piercing
            else (Fraction(2), "tight-beam burn, vitals")
        )
    if location in ("skull", "eye") and damage_type != "tox":
        if "no brain" not in flags:
            return Fraction(4), f"{damage_type}, {location}"
        location = "torso" if location == "skull" else "face"  # GUR-60 No Brain
    if (
        "unliving" in flags
        and piercing
        and it_row is not None
        and location not in ("eye", "skull", "vitals")
    ):
        value = it_row["unliving"]
        assert isinstance(value, Fraction)
        return value, f"{damage_type}, Unliving"
    if location == "face" and damage_type == "cor":
        return Fraction(3, 2), "cor, face"
    if location == "neck" and damage_type in ("cr", "cor", "cut"):
        value = Fraction(2) if damage_type == "cut" else Fraction(3, 2)
        return value, f"{damage_type}, neck"
    if location in LIMBS + EXTREMITIES and damage_type in ("pi+", "pi++", "imp"):
        return Fraction(1), f"{damage_type}, {location.replace('_', ' ')} (living)"
    return base, damage_type


def _location_effects(
    location: str,
    damage_type: str,
    value: int,
    hp: int,
    flags: frozenset[str],
    notes: list[str],
    effects: list[str],
) -> int:
    name = location_name(location)
    if location in LIMBS and 2 * value > hp:  # GUR-37: over HP/2 cripples; excess lost
        cap = hp // 2 + 1
        effects.append(f"crippled {name} (injury over HP/2); excess lost")
        effects.append("major wound")
        if value > cap:
            notes.append(f"capped at ⌊HP/2⌋ + 1 = {cap}")
            value = cap
    if location in EXTREMITIES and 3 * value > hp:  # GUR-38: over HP/3
        cap = hp // 3 + 1
        effects.append(f"crippled {name} (injury over HP/3); excess lost")
        effects.append("major wound")  # 003 line 57: "a crippling major wound"
        if value > cap:
            notes.append(f"capped at ⌊HP/3⌋ + 1 = {cap}")
            value = cap
    if location == "eye" and 10 * value > hp:  # GUR-33
        effects.append("eye blinded (injury over HP/10)")
    if location == "face" and damage_type == "cor" and 2 * value > hp:  # GUR-34
        effects.append("blinded in both eyes" if value > hp else "blinded in one eye")
    return value
