"""Aftermath! armor: the Armor Materials List and Ballistic Cloth (AFT-14; tables AFT-T17,
AFT-T18), the AV at a location and Damage Done (AFT-15).

>>> ballistic_cloth_av(5), ballistic_cloth_av(35)
(1, 4)
>>> str(location_av(["Armorlon", "Heavy Leather"]))
'AV 4 (Heavy Leather; highest of Armorlon 2 (BF 20 ÷ 10, nearest), Heavy Leather 4)'
>>> str(damage_done(9, 4))
'Damage Potential 9 − AV 4 = Damage Done 5'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.errors import RuleError
from pycore.systems.aftermath.limits import MAX_DAMAGE
from pycore.systems.aftermath.rounding import check_choice, check_int, round_half_up, show
from pycore.tables import Row, load_table
from pycore.validate import checked

MAX_AV: Final = 40
MAX_COVER_AV: Final = 200
MAX_PIECES: Final = 8
ATTACKS: Final = ("hand", "bullet")


@dataclass(frozen=True)
class ArmorMaterial:
    """A material of T17 or T18 (``barrier_factor`` only for Ballistic Cloth)."""

    material: str
    code: str
    group: str
    format: str
    enc_per_location: Fraction
    armor_value: int
    barter_per_location: Fraction
    barrier_factor: int | None
    line: int
    reconstructed: bool

    def __str__(self) -> str:
        bf = f" / BF {self.barrier_factor}" if self.barrier_factor else ""
        return f"{self.material} ({self.code}, {self.format}) AV {self.armor_value}{bf}"


def _fraction(value: object) -> Fraction:
    assert isinstance(value, int | float) and not isinstance(value, bool)
    return Fraction(str(value))


def _material(row: Row, group: str, bf: object) -> ArmorMaterial:
    av, line = row["armor_value"], row["line"]
    assert isinstance(av, int) and isinstance(line, int)
    return ArmorMaterial(
        str(row["material"]),
        str(row["code"]),
        group,
        str(row["format"]),
        _fraction(row["enc_per_location"]),
        av,
        _fraction(row["barter_per_location"]),
        bf if isinstance(bf, int) else None,
        line,
        bool(row.get("reconstructed", False)),
    )


@functools.cache  # read once like the tables themselves (pycore.tables.loader); every value frozen
def armor_materials() -> tuple[ArmorMaterial, ...]:
    """All 54 materials: T17's three groups, then Ballistic Cloth (T18). Read once: a fight's
    screen looks materials up for every location of every fighter (28 times a tap).

    >>> len(armor_materials()), armor_materials()[0].material, armor_materials()[-1].material
    (54, 'Plasteel', 'Hercuweave')
    """
    listed = tuple(
        _material(row, str(row["group"]), None)
        for row in load_table("aftermath", "armor_materials").rows
    )
    cloth = tuple(
        _material(row, "ballistic cloth", row["barrier_factor"])
        for row in load_table("aftermath", "armor_ballistic_cloth").rows
    )
    return listed + cloth


@checked
def armor_material(name: str) -> ArmorMaterial:
    """A material by name or code, case-insensitive.

    >>> armor_material("heavy plasticsheet").armor_value, armor_material("HP").material
    (2, 'Heavy Plasticsheet')
    >>> armor_material("mithril")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: armor material 'mithril' is not listed; allowed: Plasteel, ...
    """
    if not isinstance(name, str):
        raise RuleError(f"armor material {name!r} is not a name")
    wanted = name.strip().casefold()
    everything = armor_materials()
    for material in everything:
        if wanted in (material.material.casefold(), material.code.casefold()):
            return material
    raise RuleError(
        f"armor material {name!r} is not listed; allowed: {', '.join(m.material for m in everything)}"
    )


@checked
def ballistic_cloth_av(barrier_factor: int) -> int:
    """AFT-14 / AFT-02 (EX-01 to EX-04): Ballistic Cloth's AV against a hand-held weapon is
    the Barrier Factor ÷ 10, nearest (half up).

    >>> [ballistic_cloth_av(bf) for bf in (5, 10, 20, 35)]
    [1, 1, 2, 4]
    """
    barrier_factor = check_int("Barrier Factor", barrier_factor, 0, 400)
    return round_half_up(Fraction(barrier_factor, 10))


@dataclass(frozen=True)
class LocationAv:
    """The AV used at a location: the highest of the pieces worn there (AFT-14)."""

    av: int
    source: str
    parts: tuple[str, ...]

    def __str__(self) -> str:
        if not self.parts:
            return f"AV {self.av} ({self.source})"
        if len(self.parts) == 1:
            return f"AV {self.av} ({self.parts[0]})"
        return f"AV {self.av} ({self.source}; highest of {', '.join(self.parts)})"


@checked
def location_av(
    pieces: Sequence[str], attack: str = "hand", bullet_av: int | None = None, natural_av: int = 0
) -> LocationAv:
    """AFT-14: the AV at a location from the materials worn there — the highest one (the text's
    only stacking rule, L325). Ballistic Cloth counts round_half_up(BF/10) against hand-held
    weapons; against bullets the text gives no rule, so ``bullet_av`` (asked, AFT-M17) is used
    for it. ``natural_av`` is an AV the user gives (a creature's, AFT-M41).

    >>> str(location_av([]))
    'AV 0 (no armor)'
    >>> location_av(["Emplon"], "bullet")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Emplon against bullets: the text gives no rule; enter the AV to use
    >>> location_av(["Emplon"], "bullet", bullet_av=3).av
    3
    """
    attack = check_choice("attack", attack, ATTACKS)
    natural_av = check_int("natural AV", natural_av, 0, MAX_AV)
    if not isinstance(pieces, list | tuple):
        raise RuleError(f"armor pieces {pieces!r} must be a list of material names")
    if len(pieces) > MAX_PIECES:
        raise RuleError(f"pieces at one location {len(pieces)} is outside 0 to {MAX_PIECES}")
    best, source, parts = natural_av, "no armor" if not natural_av else "natural armor", []
    if natural_av:
        parts.append(f"natural {natural_av}")
    for name in pieces:
        material = armor_material(name)
        if material.barrier_factor is not None:
            if attack == "hand":
                av = ballistic_cloth_av(material.barrier_factor)
                parts.append(
                    f"{material.material} {av} (BF {material.barrier_factor} ÷ 10, nearest)"
                )
            elif bullet_av is None:
                raise RuleError(
                    f"{material.material} against bullets: the text gives no rule; enter the AV "
                    "to use",
                    rules=("AFT-M17",),
                )
            else:
                av = check_int("bullet AV", bullet_av, 0, MAX_AV)
                parts.append(f"{material.material} {av} (entered for bullets)")
        else:
            av = material.armor_value
            parts.append(f"{material.material} {av}")
        if av > best or source == "no armor":
            best, source = av, material.material
    return LocationAv(best, source, tuple(parts))


@dataclass(frozen=True)
class ArmorTotals:
    """AFT-14: ENC and barter for a material over a number of locations."""

    material: str
    locations: int
    enc: Fraction
    barter: Fraction

    def __str__(self) -> str:
        return (
            f"{self.material} on {self.locations} locations: ENC {show(self.enc)}, "
            f"barter {show(self.barter)}"
        )


@checked
def armor_totals(material: str, locations: int) -> ArmorTotals:
    """ENC/LOC and barter per location times the locations covered (AFT-14 reading).

    >>> str(armor_totals("Steel", 10))
    'Steel on 10 locations: ENC 0.7, barter 90'
    """
    found = armor_material(material)
    locations = check_int("locations covered", locations, 0, 30)
    return ArmorTotals(
        found.material,
        locations,
        found.enc_per_location * locations,
        found.barter_per_location * locations,
    )


@dataclass(frozen=True)
class DamageDone:
    """AFT-15: Damage Potential against the AV; only what exceeds it is Damage Done."""

    potential: int
    av: int
    done: int
    cap: int | None = None
    capped: bool = False

    @property
    def penetrated(self) -> bool:
        """Whether the Damage Potential exceeded the AV (a Critical Effect may follow)."""
        return self.done > 0

    def __str__(self) -> str:
        if self.capped:
            return f"AV {self.av} is above the weapon's penetration cap {self.cap}: Damage Done 0"
        if self.done == 0:
            return f"Damage Potential {self.potential} does not exceed AV {self.av}: Damage Done 0"
        return f"Damage Potential {self.potential} − AV {self.av} = Damage Done {self.done}"


@checked
def damage_done(potential: int, av: int, cap: int | None = None) -> DamageDone:
    """AFT-15 (with AFT-17's ``cap``): Damage Done = Damage Potential − AV when it exceeds it.

    >>> damage_done(4, 4).done, damage_done(5, 4).done, damage_done(20, 13, cap=12).done
    (0, 1, 0)
    """
    potential = check_int("Damage Potential", potential, 0, MAX_DAMAGE)
    av = check_int("armor value", av, 0, MAX_AV + MAX_COVER_AV)  # armor plus cover (AFT-M17)
    if cap is not None:
        cap = check_int("penetration cap", cap, 0, 4 * 8)
        if av > cap:
            return DamageDone(potential, av, 0, cap, True)
    return DamageDone(potential, av, max(potential - av, 0), cap, False)
