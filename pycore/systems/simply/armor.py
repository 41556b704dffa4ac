"""Simply Roleplaying! armor and shields (SIM-30 to SIM-32; tables SIM-T06 and SIM-T07).

Armor and shield Dmg Mods are negative numbers added to Raw Damage (SIM-41); which value applies
depends on the attack type, projectile / energy / other (SIM-D09).

>>> worn = wear("chainmail", shield="large")
>>> str(apply_protection(20, "other", worn))
'raw 20 − Chainmail 8 − Large 2 = injury 10'
>>> worn.min_strength, worn.c_adjustment, worn.def_mod
(5, 2, -1)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from pycore.errors import RuleError
from pycore.systems.simply.limits import MAX_RAW
from pycore.tables import Row, load_table
from pycore.validate import checked, fields_as_declared, whole

#: The attack types of SIM-D09 (the user may override the type per attack).
DamageKind = Literal["projectile", "energy", "other"]
DAMAGE_KINDS: Final[tuple[str, ...]] = get_args(DamageKind)

#: Bounds for Raw Damage and free entries (spells, powers); past them is a RuleError (STYLE 3).
MAX_FREE_MOD: Final = 100


def _int_or_none(row: Row, column: str) -> int | None:
    value = row[column]
    return value if isinstance(value, int) else None


def _int(row: Row, column: str) -> int:
    value = row[column]
    assert isinstance(value, int)
    return value


def _str(row: Row, column: str) -> str:
    value = row[column]
    assert isinstance(value, str)
    return value


@checked
def check_kind(kind: str) -> DamageKind:
    """``kind`` as a :data:`DamageKind`, or a RuleError naming the allowed types (SIM-D09).

    >>> check_kind("energy")
    'energy'
    >>> check_kind("fire")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: damage kind 'fire' is unknown; allowed: projectile, energy, other
    """
    if kind == "projectile":
        return "projectile"
    if kind == "energy":
        return "energy"
    if kind == "other":
        return "other"
    raise RuleError(f"damage kind {kind!r} is unknown; allowed: {', '.join(DAMAGE_KINDS)}")


@dataclass(frozen=True)
class Armor:
    """One body armor row of SIM-T06 (SIM-30).

    >>> armor("kevlar_vest").dmg_mod("projectile"), armor("Kevlar vest").dmg_mod("energy")
    (-14, -4)
    """

    id: str
    name: str
    era: str
    dmg_all: int | None
    dmg_projectile: int | None
    dmg_non_projectile: int | None
    min_s: int | None
    c_adj: int
    coatable: bool
    reconstructed: bool
    lines: str

    def dmg_mod(self, kind: str) -> int:
        """The Dmg Mod against an attack type; "vs. all other" covers energy and other (SIM-30).

        >>> armor("plate").dmg_mod("energy")
        -12
        """
        checked = check_kind(kind)
        if self.dmg_all is not None:
            return self.dmg_all
        value = self.dmg_projectile if checked == "projectile" else self.dmg_non_projectile
        assert value is not None
        return value


@dataclass(frozen=True)
class Coating:
    """A Plasteel coating of SIM-T06: extra protection vs. energy, Min S / C Adj increments.

    >>> c = coating("ablative")
    >>> c.energy_addl, c.min_s_add, c.c_adj_add, c.charges, c.reconstructed
    (-10, 1, 1, 5, True)
    """

    id: str
    name: str
    energy_addl: int
    min_s_add: int
    c_adj_add: int
    #: Footnote #: energy attacks withstood before the coating adds nothing (None: lasts).
    charges: int | None
    reconstructed: bool
    lines: str


@dataclass(frozen=True)
class Shield:
    """One row of SIM-T07 (SIM-31).

    >>> s = shield("e-Shield as Large")
    >>> s.dmg_mod("energy"), s.dmg_mod("projectile"), s.def_mod, s.dmg
    (-6, -2, -1, None)
    """

    id: str
    name: str
    era: str
    dmg_all: int | None
    dmg_energy: int | None
    dmg_non_energy: int | None
    min_s: int | None
    c_adj: int
    #: Added to the TN of Defend tasks made with the shield (SIM-D12).
    def_mod: int
    #: Max damage on the Master Damage Tables for a shield strike; None: cannot strike.
    dmg: int | None
    lines: str

    def dmg_mod(self, kind: str) -> int:
        """The Dmg Mod against an attack type; the e-Shield's "vs. other" is every non-energy one.

        >>> shield("target").dmg_mod("energy")
        -1
        """
        checked = check_kind(kind)
        if self.dmg_all is not None:
            return self.dmg_all
        value = self.dmg_energy if checked == "energy" else self.dmg_non_energy
        assert value is not None
        return value


def _find(table_name: str, name: str, rows: Sequence[Row], era: str | None) -> Row:
    if not isinstance(name, str):  # a typed error naming the field, never an AttributeError
        raise RuleError(f"{table_name} {name!r} is not a name; allowed: a table id or name")
    key = name.strip().casefold().replace(" ", "_").replace("-", "_")
    for row in rows:
        if era is not None and (row["era"] == "coating") != (era == "coating"):
            continue
        ids = {_str(row, "id"), _str(row, "id").removeprefix("coating_")}
        if key in ids or name.strip().casefold() == _str(row, "name").casefold():
            return row
    allowed = ", ".join(
        _str(r, "id") for r in rows if era is None or (r["era"] == "coating") == (era == "coating")
    )
    raise RuleError(f"{table_name} {name!r} is not in the table; allowed: {allowed}")


@checked
@functools.lru_cache(maxsize=64)  # a fight's screen names every choice each tap; values frozen
def armor(name: str) -> Armor:
    """Body armor by id or printed name (SIM-T06, SIM-30).

    >>> armor("Chainmail").dmg_all, armor("chainmail").min_s
    (-8, 5)
    >>> armor("mithril")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: armor 'mithril' is not in the table; allowed: padded_cloth, ...
    """
    row = _find("armor", name, load_table("simply", "armor").rows, "armor")
    return Armor(
        id=_str(row, "id"),
        name=_str(row, "name"),
        era=_str(row, "era"),
        dmg_all=_int_or_none(row, "dmg_all"),
        dmg_projectile=_int_or_none(row, "dmg_projectile"),
        dmg_non_projectile=_int_or_none(row, "dmg_non_projectile"),
        min_s=_int_or_none(row, "min_s"),
        c_adj=_int(row, "c_adj"),
        coatable=row["coatable"] is True,
        reconstructed=row["reconstructed"] is True,
        lines=_str(row, "lines"),
    )


@checked
@functools.lru_cache(maxsize=64)  # a fight's screen names every choice each tap; values frozen
def coating(name: str) -> Coating:
    """A coating by id ("ablative", "coating_reflective") or printed name (SIM-T06, SIM-30).

    >>> coating("reflective").energy_addl
    -5
    """
    row = _find("coating", name, load_table("simply", "armor").rows, "coating")
    return Coating(
        id=_str(row, "id"),
        name=_str(row, "name"),
        energy_addl=_int(row, "energy_addl"),
        min_s_add=_int_or_none(row, "min_s") or 0,
        c_adj_add=_int(row, "c_adj"),
        charges=_int_or_none(row, "charges"),
        reconstructed=row["reconstructed"] is True,
        lines=_str(row, "lines"),
    )


@checked
@functools.lru_cache(maxsize=64)  # a fight's screen names every choice each tap; values frozen
def shield(name: str) -> Shield:
    """A shield by id or printed name (SIM-T07, SIM-31).

    >>> shield("Large").def_mod, shield("target").dmg
    (-1, 6)
    """
    row = _find("shield", name, load_table("simply", "shields").rows, None)
    return Shield(
        id=_str(row, "id"),
        name=_str(row, "name"),
        era=_str(row, "era"),
        dmg_all=_int_or_none(row, "dmg_all"),
        dmg_energy=_int_or_none(row, "dmg_energy"),
        dmg_non_energy=_int_or_none(row, "dmg_non_energy"),
        min_s=_int_or_none(row, "min_s"),
        c_adj=_int(row, "c_adj"),
        def_mod=_int(row, "def_mod"),
        dmg=_int_or_none(row, "dmg"),
        lines=_str(row, "lines"),
    )


def armor_ids() -> tuple[str, ...]:
    """Every body armor id of SIM-T06, in table order (coatings excluded).

    >>> armor_ids()[:3]
    ('padded_cloth', 'hardened_leather', 'chainmail')
    """
    return tuple(_str(r, "id") for r in load_table("simply", "armor").rows if r["era"] != "coating")


def coating_ids() -> tuple[str, ...]:
    """Every coating or insert of SIM-T06 (Plasteel only, SIM-30 footnote +), in table order.

    >>> "reflective" in coating_ids()
    True
    """
    rows = load_table("simply", "armor").rows
    return tuple(_str(r, "id").removeprefix("coating_") for r in rows if r["era"] == "coating")


def shield_ids() -> tuple[str, ...]:
    """Every shield id of SIM-T07, in table order.

    >>> shield_ids()[-1]
    'e_shield_large'
    """
    return tuple(_str(r, "id") for r in load_table("simply", "shields").rows)


@dataclass(frozen=True)
class Protection:
    """What a character wears: one body armor, at most one coating, one shield (SIM-D11).

    ``ablative_hits`` counts energy attacks already applied to an ablative coating (footnote #).

    >>> p = wear("plasteel_light", ["ablative"])
    >>> p.min_strength, p.c_adjustment
    (1, 1)
    """

    armor: Armor | None = None
    coating: Coating | None = None
    shield: Shield | None = None
    ablative_hits: int = 0

    def __post_init__(self) -> None:
        hits = self.ablative_hits
        whole(hits, "ablative_hits", 0, MAX_RAW)
        fields_as_declared(self)  # real armor rows (issue 14)
        if self.coating is not None and (self.armor is None or not self.armor.coatable):
            where = "no armor" if self.armor is None else self.armor.id
            raise RuleError(
                f"coating {self.coating.id!r} on {where}: only Plasteel armor may be coated",
                rules=("SIM-30",),  # its footnote +
            )

    @property
    def min_strength(self) -> int:
        """The armor's effective Min S: the suit's (no minimum = 0) + the coating's (SIM-32).

        The shield is checked on its own (:meth:`strength_problems`).

        >>> wear("plasteel_heavy", ["ablative"]).min_strength
        7
        """
        if self.armor is None:
            return 0
        base = self.armor.min_s or 0
        return base + (self.coating.min_s_add if self.coating else 0)

    @property
    def c_adjustment(self) -> int:
        """C Adj of armor + coating + shield, subtracted from C (SIM-30, SIM-31, SIM-32).

        >>> wear("chainmail", shield="large").c_adjustment
        2
        """
        total = self.armor.c_adj if self.armor else 0
        total += self.coating.c_adj_add if self.coating else 0
        return total + (self.shield.c_adj if self.shield else 0)

    @property
    def def_mod(self) -> int:
        """The shield's Def Mod for Defend tasks made with it (SIM-31, SIM-D12); 0 without one.

        >>> wear(shield="buckler").def_mod
        1
        """
        return self.shield.def_mod if self.shield else 0

    def strength_problems(self, strength: int) -> tuple[str, ...]:
        """SIM-D10: each item whose Min S is above the original S; nothing is applied.

        >>> wear("plate", shield="large").strength_problems(5)
        ('S 5 below Min S 8 for Plate armor',)
        """
        problems: list[str] = []
        if self.armor is not None and strength < self.min_strength:
            worn = self.armor.name + (f" {self.coating.name}" if self.coating else "")
            problems.append(f"S {strength} below Min S {self.min_strength} for {worn}")
        if self.shield is not None and strength < (self.shield.min_s or 0):
            problems.append(f"S {strength} below Min S {self.shield.min_s} for {self.shield.name}")
        return tuple(problems)


@checked
def wear(
    armor_name: str | None = None,
    coatings: Sequence[str] = (),
    shield: str | None = None,
    ablative_hits: int = 0,
) -> Protection:
    """Build a :class:`Protection`; one coating at most, Plasteel only (SIM-30 footnote +).

    >>> wear("plasteel_medium", ["ablative", "reflective"])
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: coatings ['ablative', 'reflective']: 2 given; allowed: at most 1
    """
    if isinstance(coatings, str) or not isinstance(coatings, Sequence):
        raise RuleError(f"coatings {coatings!r} must be a list of coating names")
    if len(coatings) > 1:
        raise RuleError(
            f"coatings {list(coatings)}: {len(coatings)} given; allowed: at most 1",
            rules=("SIM-30",),  # its footnote +
        )
    return Protection(
        armor=armor(armor_name) if armor_name is not None else None,
        coating=coating(coatings[0]) if coatings else None,
        shield=_shield_lookup(shield) if shield is not None else None,
        ablative_hits=ablative_hits,
    )


_shield_lookup = shield


@dataclass(frozen=True)
class Step:
    """One modifier applied to Raw Damage: its source, its signed value, the rule and a note."""

    source: str
    modifier: int
    rule: str
    note: str = ""


@dataclass(frozen=True)
class ProtectionResult:
    """Raw Damage after armor, coating, shield and free entries (SIM-41).

    ``injury`` = max(0, raw + Σ modifiers): never negative.
    ``ablative_hits_after`` is the new count of energy attacks on an ablative coating.

    >>> r = apply_protection(40, "energy", wear("plasteel_heavy", ["reflective"]))
    >>> r.injury, [s.modifier for s in r.steps]
    (5, [-30, -5])
    """

    raw: int
    kind: DamageKind
    steps: tuple[Step, ...]
    injury: int
    ablative_hits_after: int

    @property
    def total_modifier(self) -> int:
        """The sum of every step's modifier.

        >>> apply_protection(20, "other", wear("chainmail", shield="large")).total_modifier
        -10
        """
        return sum(s.modifier for s in self.steps)

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules its words apply, as data (shown only under "Why").

        >>> apply_protection(5, "other", wear("chainmail")).rules
        ('SIM-30', 'SIM-41')
        """
        return tuple(dict.fromkeys((*(s.rule for s in self.steps), "SIM-41")))

    def __str__(self) -> str:
        parts = [f"raw {self.raw}"]
        for step in self.steps:
            sign = "−" if step.modifier < 0 else "+"
            parts.append(f"{sign} {step.source} {abs(step.modifier)}")
        text = " ".join(parts) + f" = injury {self.injury}"
        if self.raw + self.total_modifier < 0:
            text += " (never below 0)"  # SIM-41, among the steps' rules
        return text


@checked
def apply_protection(
    raw: int,
    kind: str,
    protection: Protection | None = None,
    others: Sequence[tuple[str, int]] = (),
) -> ProtectionResult:
    """Apply armor, coating and shield to ``raw`` damage of one attack type (SIM-41, SIM-D09).

    ``others`` are free signed entries for spells, special powers, etc. (SIM-41).
    An ablative coating protects vs. energy for its first five energy attacks, then adds 0
    (footnote #); every energy attack applied to it is counted.

    >>> str(apply_protection(20, "projectile", wear("kevlar_vest")))
    'raw 20 − Kevlar vest 14 = injury 6'
    >>> str(apply_protection(5, "other", wear("chainmail")))
    'raw 5 − Chainmail 8 = injury 0 (never below 0)'
    >>> apply_protection(20, "energy", wear("plasteel_light", ["ablative"], ablative_hits=5)).injury
    5
    """
    checked = check_kind(kind)
    whole(raw, "raw damage", 0, MAX_RAW)
    worn = protection if protection is not None else Protection()
    steps: list[Step] = []
    hits = worn.ablative_hits
    if worn.armor is not None:
        steps.append(Step(worn.armor.name, worn.armor.dmg_mod(checked), "SIM-30"))
    if worn.coating is not None and checked == "energy":
        spent = worn.coating.charges is not None and hits >= worn.coating.charges
        steps.append(
            Step(
                worn.coating.name.removeprefix("w/ "),
                0 if spent else worn.coating.energy_addl,
                "SIM-30",
                f"worn out after {worn.coating.charges} energy attacks (footnote #)"
                if spent
                else "",
            )
        )
        if worn.coating.charges is not None:
            hits += 1
    if worn.shield is not None:
        steps.append(Step(worn.shield.name, worn.shield.dmg_mod(checked), "SIM-31"))
    for entry in others:
        if not isinstance(entry, tuple) or len(entry) != 2:
            raise RuleError(f"modifier {entry!r} is not a (name, value) pair", rules=("SIM-41",))
        label, value = entry
        whole(value, f"modifier {label!r}", -MAX_FREE_MOD, MAX_FREE_MOD)
        steps.append(Step(str(label), value, "SIM-41"))
    injury = max(0, raw + sum(s.modifier for s in steps))
    return ProtectionResult(raw, checked, tuple(steps), injury, hits)


#: SIM-D09: the specialties whose attacks take the energy row; the rest of Missile Weapon and
#: Thrown Weapon are projectiles, everything else "other".
ENERGY_SPECIALTIES: Final = frozenset({"Blasters", "Lasers", "e-Blade", "e-Sword"})
PROJECTILE_SKILLS: Final = frozenset({"Missile Weapon", "Thrown Weapon"})


@checked
def attack_kind(skill: str, specialty: str = "") -> DamageKind:
    """The armor row an attack with this skill takes by default (SIM-D09); the user can
    override it per attack.

    >>> attack_kind("Missile Weapon", "Bows"), attack_kind("Missile Weapon", "Lasers")
    ('projectile', 'energy')
    >>> attack_kind("Melee Weapon", "e-Sword"), attack_kind("Melee Weapon", "Axe"), attack_kind("Thrown Weapon")
    ('energy', 'other', 'projectile')
    """
    if specialty.strip() in ENERGY_SPECIALTIES:
        return "energy"
    if skill.strip() in PROJECTILE_SKILLS:
        return "projectile"
    return "other"
