"""Aftermath! hit location (AFT-12, AFT-13; tables AFT-T08 to AFT-T11).

A D100 (optionally ±5 for the attack's direction, clamped to 1-100) gives a location key such as
``"1"``, ``"13/14"`` or ``"8/9/10"``; a second D100 splits a multiple location.

>>> hit_location(12), hit_location(93, "quadrupedal"), hit_location(92, "quadrupedal", 5)
('4/5', '29', '30')
>>> split_location("4/5", 30, "front"), split_location("8/9/10", 75, "side", near_side=9)
('4', '10')
>>> str(locate(3, "bipedal", "above"))
'D100 3 − 5 (from above) = 1 (clamped from -2) → location 1 (head & neck)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import check_choice, check_int
from pycore.tables import Row, load_table
from pycore.validate import checked

BODIES: Final = ("bipedal", "quadrupedal")
ATTACK_FROM: Final = ("front", "rear", "side")
DIRECTIONS: Final = {"bipedal": ("above", "below"), "quadrupedal": ("front", "rear")}
#: AFT-13: bipedal regions by location number.
REGION_NAMES: Final = {"head_neck": "head & neck", "torso": "torso", "leg": "leg", "arm": "arm"}
MAX_LOCATION_MODIFIER: Final = 10


@checked
def region_of(location: int) -> str:
    """AFT-13: the bipedal region of a location 1-30 (head_neck, torso, leg, arm).

    >>> region_of(1), region_of(12), region_of(13), region_of(30)
    ('head_neck', 'torso', 'leg', 'arm')
    """
    location = check_int("location", location, 1, 30)
    if location <= 3:
        return "head_neck"
    if location <= 12:
        return "torso"
    if location <= 20:
        return "leg"
    return "arm"


@checked
def is_limb(location: int) -> bool:
    """AFT-13: locations 13-30 are limbs on a biped.

    >>> is_limb(12), is_limb(13)
    (False, True)
    """
    return region_of(location) in ("leg", "arm")


@checked
def location_modifier(body: str, direction: str | None) -> int:
    """AFT-T09: the D100 modifier for an attack's direction (None or "level" adds nothing).
    Bipedal from above is −5 (the print says +5; AFT-12 reading).

    >>> location_modifier("bipedal", "above"), location_modifier("quadrupedal", "rear")
    (-5, 5)
    >>> location_modifier("bipedal", None)
    0
    """
    body = check_choice("body", body, BODIES)
    if direction in (None, "", "level"):
        return 0
    direction = check_choice(f"{body} direction", direction, DIRECTIONS[body])
    table = load_table("aftermath", "hit_location_modifiers")
    for row in table.rows_where("body", body):
        if row["direction"] == direction:
            value = row["modifier"]
            assert isinstance(value, int)
            return value
    raise RuleError(f"no modifier for {body} {direction}")  # pragma: no cover


def _row(body: str, total: int) -> Row:
    if body == "bipedal":
        return load_table("aftermath", "hit_location_bipedal").row_for_roll(total)
    return load_table("aftermath", "hit_location_quadrupedal").row_for_roll(total)


def _key(row: Row) -> str:
    locations = row["locations"]
    assert isinstance(locations, tuple)
    return "/".join(str(n) for n in locations)


@dataclass(frozen=True)
class HitLocation:
    """A hit-location roll: the D100, its modifier, the clamped total and the table's key."""

    body: str
    roll: int
    modifier: int
    direction: str | None
    total: int
    key: str

    @property
    def locations(self) -> tuple[int, ...]:
        """The candidate locations, in printed order."""
        return tuple(int(n) for n in self.key.split("/"))

    def __str__(self) -> str:
        text = f"D100 {self.roll}"
        if self.modifier:
            raw = self.roll + self.modifier
            sign = "+" if self.modifier > 0 else "−"
            text += f" {sign} {abs(self.modifier)} (from {self.direction}) = {self.total}"
            if raw != self.total:
                text += f" (clamped from {raw})"
        text += f" → location {self.key}"
        if self.body == "bipedal":
            text += f" ({REGION_NAMES[region_of(self.locations[0])]})"
        return text


@checked
def hit_location(d100: int, body: str = "bipedal", modifier: int = 0) -> str:
    """AFT-12: the table's location key for a D100 roll plus ``modifier``, clamped to 1-100.

    >>> hit_location(11), hit_location(99), hit_location(100, modifier=5), hit_location(1, modifier=-5)
    ('3', '19/20', '19/20', '1')
    >>> hit_location(0)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: D100 0 is outside 1 to 100 (D100, 00 = 100)
    """
    d100 = check_int("D100", d100, 1, 100, " (D100, 00 = 100)")
    body = check_choice("body", body, BODIES)
    modifier = check_int(
        "location modifier", modifier, -MAX_LOCATION_MODIFIER, MAX_LOCATION_MODIFIER
    )
    return _key(_row(body, min(max(d100 + modifier, 1), 100)))


@checked
def locate(d100: int, body: str = "bipedal", direction: str | None = None) -> HitLocation:
    """AFT-12 with the direction named (``above``/``below`` for bipeds, ``front``/``rear`` for
    quadrupeds) and the explanation kept.

    >>> str(locate(97, "quadrupedal", "front"))
    'D100 97 − 5 (from front) = 92 → location 28/27'
    """
    modifier = location_modifier(body, direction)
    d100 = check_int("D100", d100, 1, 100, " (D100, 00 = 100)")
    total = min(max(d100 + modifier, 1), 100)
    return HitLocation(body, d100, modifier, direction, total, hit_location(d100, body, modifier))


@checked
def parse_location(location: str) -> tuple[int, ...]:
    """A location key as its numbers: ``"8/9/10"`` → (8, 9, 10); each 1-30, one to three.

    >>> parse_location("13/14"), parse_location("1")
    ((13, 14), (1,))
    >>> parse_location("4/x")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: location '4/x' is not a location key; allowed: 1 to 3 numbers 1-30 joined by '/'
    """
    why = "; allowed: 1 to 3 numbers 1-30 joined by '/'"
    if not isinstance(location, str):
        raise RuleError(f"location {location!r} is not a location key{why}")
    parts = location.strip().split("/")
    if not 1 <= len(parts) <= 3 or not all(
        (p.strip().isascii() and p.strip().isdigit()) and len(p.strip()) <= 2 for p in parts
    ):
        raise RuleError(f"location {location!r} is not a location key{why}")
    numbers = tuple(int(p) for p in parts)
    if not all(1 <= n <= 30 for n in numbers) or len(set(numbers)) != len(numbers):
        raise RuleError(f"location {location!r} is not a location key{why}")
    return numbers


@dataclass(frozen=True)
class Split:
    """A multiple location resolved by a second D100 (AFT-T11)."""

    location: str
    roll: int
    attack_from: str
    member: str
    result: int | None  # None: the near side is not given and the member depends on it
    near_side: int | None

    @property
    def waits_for(self) -> str:
        """AFT-12, AFT-F1: which member is nearest is in the missing figure: the user says."""
        return "attack.near_side_location" if self.result is None else ""

    def __str__(self) -> str:
        text = (
            f"split {self.location} from the {self.attack_from}: D100 {self.roll} → {self.member}"
        )
        if self.result is None:
            return text + " side: which of them is on the near side? (the figure is missing)"
        return text + f" → location {self.result}"


@checked
def split(location: str, d100: int, attack_from: str, near_side: int | None = None) -> Split:
    """AFT-12 / AFT-T11 with the explanation. For a side attack ``near_side`` is the member on
    the attacker's side (the figure of L189 is missing): without it a nearest or furthest
    result waits for it (``result`` None) instead of taking one; the underbelly needs none.

    >>> str(split("6/7", 51, "rear"))
    'split 6/7 from the rear: D100 51 → second → location 7'
    >>> split("5/6/7", 65, "side", near_side=6).result, split("5/6/7", 80, "side").result
    (5, 7)
    >>> split("21/22", 10, "side").waits_for
    'attack.near_side_location'
    """
    numbers = parse_location(location)
    d100 = check_int("split D100", d100, 1, 100, " (D100, 00 = 100)")
    attack_from = check_choice("attack from", attack_from, ATTACK_FROM)
    if len(numbers) == 1:
        return Split(location, d100, attack_from, "single", numbers[0], None)
    table = load_table("aftermath", "hit_location_split")
    side = attack_from == "side"
    group = ("side_" if side else "front_rear_") + ("xy" if len(numbers) == 2 else "xyz")
    member = table.row_for_roll(d100, group)["member"]
    assert isinstance(member, str)
    result: int | None
    if side and member in ("nearest", "furthest"):
        pair = numbers[:2]  # X and Y are the two sides; Z (a triple's last) is the underbelly
        if near_side is None:
            return Split(location, d100, attack_from, member, None, None)
        near_side = check_int("near-side location", near_side, 1, 30)
        if near_side not in pair:
            raise RuleError(
                f"near-side location {near_side} is not a side member of {location}; "
                f"allowed: {', '.join(map(str, pair))}"
            )
        far = pair[1] if near_side == pair[0] else pair[0]
        result = near_side if member == "nearest" else far
    elif side:
        result = numbers[-1]
    else:
        result = numbers[{"first": 0, "second": 1, "third": 2}[member]]
    return Split(location, d100, attack_from, member, result, near_side)


@checked
def split_location(location: str, d100: int, attack_from: str, near_side: int | None = None) -> str:
    """AFT-12: one location out of a multiple one, as a key string.

    >>> split_location("13/14", 50, "front"), split_location("13/14", 51, "front")
    ('13', '14')
    >>> split_location("8/9/10", 41, "rear"), split_location("8/9/10", 100, "front")
    ('9', '10')
    >>> split_location("21/22", 71, "side", near_side=21), split_location("12", 99, "side")
    ('22', '12')
    >>> split_location("21/22", 71, "side")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: 21/22 from the side: which member is on the near side is in the missing figure; enter which location is on the near side
    >>> split_location("4/5", 10, "above")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: attack from 'above' is unknown; allowed: front, rear, side
    """
    found = split(location, d100, attack_from, near_side)
    if found.result is None:
        raise RuleError(
            f"{location} from the side: which member is on the near side is in the missing "
            "figure; enter which location is on the near side",
            rules=("AFT-12", "AFT-F1"),
        )
    return str(found.result)
