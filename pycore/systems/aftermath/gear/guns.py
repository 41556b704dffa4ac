"""Guns on the missile worksheet: which guns the Inherent Accuracy table knows (AFT-44, T35),
the Range Table row a gun fires on (AFT-46, T39), the Critical Hit Enhancement row a gun's
critical uses (AFT-19, T02) and the cartridges with their base BDG (AFT-47, T40-T42).

Where the text has no answer the functions say so (``None``, or a RuleError naming the value
to enter) instead of picking one: a shotgun's critical row (AFT-M39), the BDG the source lost
(AFT-M27, AFT-M28), the choke of a shot-load gun.

>>> critical_row("long_gun", "Long Gun Rifle"), critical_row("pistol", "Pistol STD")
('rifle', 'pistol')
>>> critical_row("long_gun", "Autofire Rifle"), critical_row("shotgun", "Shotgun Slug Load")
('burst', None)
>>> range_row_for("long_gun", "Rifle"), range_row_for("shotgun", "Shot")
('Long Gun Rifle', None)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from pycore.errors import RuleError
from pycore.systems.aftermath.gear.ammunition import (
    ammunition_bdg,
    long_gun_ammunition,
    pistol_ammunition,
    shot_shell_bdg,
)
from pycore.systems.aftermath.gear.firearms import GAUGES, range_row
from pycore.systems.aftermath.rounding import check_choice
from pycore.tables import load_table
from pycore.validate import checked

#: The guns of the Inherent Accuracy table (T35) and the SMG, as ``kind|size`` with their names.
GUNS: Final = (
    ("pistol|SNUB", "Pistol, snub barrel"),
    ("pistol|SHT", "Pistol, short barrel"),
    ("pistol|STD", "Pistol, standard barrel"),
    ("pistol|LNG", "Pistol, long barrel"),
    ("pistol|XLNG", "Pistol, extra-long barrel"),
    ("long_gun|Carbine", "Carbine"),
    ("long_gun|Rifle", "Rifle"),
    ("shotgun|Slug", "Shotgun, slug"),
    ("shotgun|Shot", "Shotgun, shot"),
    ("smg|SMG", "Submachine gun"),
)
#: AFT-19 rows, plus "none" for the user's "no bonus" reading of a shotgun (AFT-M39).
CRITICAL_ROWS: Final = ("pistol", "rifle", "burst", "none")
SHOTGUN_ROWS: Final = ("pistol", "rifle", "none")
#: AFT-M27, AFT-M28: the cartridges whose BDG the source lost → the campaign setting holding it.
MISSING_BDG: Final = {
    "long gun:38-40": "bdg_long_gun_38_40",
    "long gun:44-40": "bdg_long_gun_44_40",
    "long gun:44 Magnum": "bdg_long_gun_44_magnum",
    "shot:12-9:10": "bdg_birdshot_10",
    "shot:12-9:12": "bdg_birdshot_12",
}


def gun_name(kind: str, size: str) -> str:
    """The gun's name as players say it.

    >>> gun_name("pistol", "STD"), gun_name("smg", "SMG")
    ('Pistol, standard barrel', 'Submachine gun')
    """
    return dict(GUNS).get(f"{kind}|{size}", f"{kind} {size}")


def range_group(row: str) -> str:
    """The Range Table group of a row (pistol, long_gun, autofire, shotgun, shot_load).

    >>> range_group("Autofire SMG"), range_group("shot riot gun")
    ('autofire', 'shot_load')
    """
    group = load_table("aftermath", "range_steps").row_by("row", range_row(row))["group"]
    assert isinstance(group, str)
    return group


def range_row_for(kind: str, size: str, autofire: bool = False) -> str | None:
    """AFT-46 (T39): the Range Table row a gun fires on. Pistols by barrel, long guns by carbine
    or rifle (their autofire rows when firing automatic), the SMG on its own row (L697), a
    slug-loaded shotgun on the Slug Load row. A shot-loaded shotgun's row is its choke, which
    the gun listing does not give: ``None``, the user picks the row.

    >>> range_row_for("pistol", "SNUB"), range_row_for("long_gun", "Carbine", autofire=True)
    ('Pistol SNUB', 'Autofire Carbine')
    >>> range_row_for("smg", "SMG"), range_row_for("shotgun", "Slug")
    ('Autofire SMG', 'Shotgun Slug Load')
    """
    key = check_choice("gun", f"{kind}|{size}", tuple(k for k, _ in GUNS))
    kind, size = key.split("|")
    if kind == "pistol":
        return range_row(f"Pistol {size}")
    if kind == "long_gun":
        return range_row(f"{'Autofire' if autofire else 'Long Gun'} {size}")
    if kind == "smg":
        return "Autofire SMG"
    return "Shotgun Slug Load" if size == "Slug" else None


def critical_row(kind: str, row: str, autofire: bool = False, shotgun_row: str = "") -> str | None:
    """AFT-19 (T02): the Critical Hit Enhancement row of a gun's critical hit. Autofire (or an
    autofire row of the Range Table) is Burst; pistols the Pistol row (+1D10 BDG); "Rifle"
    covers the long guns, carbine and rifle (+2D10 BDG), and the SMG fired single shot.
    Shotguns have no row: the user's ``shotgun_row`` (AFT-M39), ``None`` while it is not given.

    >>> critical_row("shotgun", "Shot Load Full Choke", shotgun_row="rifle")
    'rifle'
    >>> critical_row("smg", "Autofire SMG"), critical_row("smg", "Pistol STD")
    ('burst', 'rifle')
    """
    kind = check_choice("gun", kind, ("pistol", "long_gun", "shotgun", "smg"))
    if autofire or range_group(row) == "autofire":
        return "burst"
    if kind == "pistol":
        return "pistol"
    if kind in ("long_gun", "smg"):
        return "rifle"
    if not shotgun_row:
        return None
    return check_choice("shotgun critical row", shotgun_row, SHOTGUN_ROWS)


@dataclass(frozen=True)
class AmmunitionChoice:
    """A cartridge the worksheet offers: its key (``pistol:38 Special``, ``shot:00 Buck:12``), the
    words shown, and its base BDG (``None`` while the source lost it and the user has not given
    it, AFT-M27, AFT-M28)."""

    key: str
    label: str
    bdg: int | None


def _given(supplied: Mapping[str, int | None], key: str) -> int | None:
    setting = MISSING_BDG.get(key)
    return supplied.get(setting) if setting else None


@checked
def ammunition_choices(supplied: Mapping[str, int | None]) -> tuple[AmmunitionChoice, ...]:
    """Every cartridge and shot shell of T40-T42 with its base BDG; ``supplied`` holds the
    user's values for the lost ones, by setting name (:data:`MISSING_BDG`).

    >>> found = ammunition_choices({})
    >>> found[0].label, [c.label for c in found if c.key == "long gun:44-40"]
    ('Pistol 22 Jet (BDG 4)', ['Long gun 44-40 (BDG not in the book: enter it in Settings)'])
    >>> [c.bdg for c in ammunition_choices({"bdg_birdshot_12": 9}) if c.key == "shot:12-9:12"]
    [9]
    """
    # The same choices at every view of a fight (issue 33: twice per view, a fifth of the
    # Aftermath Combat tab): kept by the user's values, the only input besides the tables.
    return _choices(tuple((name, supplied.get(name)) for name in _SETTINGS))


_SETTINGS: Final = tuple(sorted(set(MISSING_BDG.values())))


@lru_cache(maxsize=8)
def _choices(values: tuple[tuple[str, int | None], ...]) -> tuple[AmmunitionChoice, ...]:
    supplied = dict(values)
    lost = "not in the book: enter it in Settings"
    out = [
        AmmunitionChoice(f"pistol:{a.name}", f"Pistol {a.name} (BDG {a.bdg})", a.bdg)
        for a in pistol_ammunition()
    ]
    for ammo in long_gun_ammunition():
        read = " (printed as 32-30)" if ammo.note else ""
        out.append(
            AmmunitionChoice(
                f"long gun:{ammo.name}", f"Long gun {ammo.name}{read} (BDG {ammo.bdg})", ammo.bdg
            )
        )
    for name in ("38-40", "44-40", "44 Magnum"):
        key = f"long gun:{name}"
        given = _given(supplied, key)
        shown = f"BDG {given}" if given is not None else f"BDG {lost}"
        out.append(AmmunitionChoice(key, f"Long gun {name} ({shown})", given))
    table = load_table("aftermath", "bdg_shot_shell")
    for row in table.rows:
        for gauge in GAUGES:
            cell = table.cell(row["shot"], gauge)
            if cell == "x":
                continue
            key = f"shot:{row['shot']}:{gauge}"
            bdg = _given(supplied, key) if cell == "?" else cell
            assert bdg is None or isinstance(bdg, int)
            shown = f"BDG {bdg}" if bdg is not None else f"BDG {lost}"
            out.append(
                AmmunitionChoice(key, f"Shot shell {row['shot']}, {gauge} gauge ({shown})", bdg)
            )
    return tuple(out)


@checked
def base_bdg(ammo: str, override: int | None, supplied: Mapping[str, int | None]) -> int:
    """The base BDG of the chosen cartridge (T40-T42), or the user's ``override``; a lost value
    is the user's setting, else the RuleError names what to enter.

    >>> base_bdg("pistol:38 Special", None, {}), base_bdg("shot:00 Buck:12", None, {})
    (10, 32)
    >>> base_bdg("long gun:44-40", None, {"bdg_long_gun_44_40": 14}), base_bdg("x", 12, {})
    (14, 12)
    """
    if override is not None:
        return override
    given = _given(supplied, ammo)
    if ammo.startswith("shot:"):
        _, shot, gauge = ammo.split(":", 2)
        return shot_shell_bdg(shot, gauge, given)
    table, _, caliber = ammo.partition(":")
    if not caliber:
        raise RuleError(f"ammunition {ammo!r} is unknown: choose a cartridge")
    return ammunition_bdg(table, caliber, given)


@checked
def shot_size(ammo: str, override: int | None) -> str:
    """The shot size of a shot-shell load (AFT-51 decides its B damage), "" for cartridges and
    when the user typed the BDG (the load is then theirs, not a listed one).

    >>> shot_size("shot:12-9:12", None), shot_size("shot:12-9:12", 9), shot_size("pistol:38 Special", None)
    ('12-9', '', '')
    """
    if ammo.startswith("shot:") and override is None:
        return ammo.split(":", 2)[1]
    return ""
