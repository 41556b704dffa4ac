"""Cartridges and shot shells: their base BDG (AFT-47, T40-T42; the lost values are the
user's, AFT-M27, AFT-M28), a shot's B damage (AFT-51) and a cartridge's ENC (AFT-52, T43).

>>> ammunition_bdg("pistol", "38 Special"), shot_shell_bdg("00 Buck", "12")
(10, 32)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pycore.errors import RuleError
from pycore.systems.aftermath.gear.firearms import GAUGES, MAX_BDG, STEPS
from pycore.systems.aftermath.rounding import check_choice, check_int, check_number
from pycore.tables import Row, load_table
from pycore.validate import is_whole


@dataclass(frozen=True)
class Ammunition:
    """A cartridge of T40, T41 or T42 with its base BDG."""

    table: str
    name: str
    bdg: int | None
    line: int
    note: str

    def __str__(self) -> str:
        bdg = "BDG not in the source" if self.bdg is None else f"BDG {self.bdg}"
        return f"{self.name} ({self.table}): {bdg}{'; ' + self.note if self.note else ''}"


def pistol_ammunition() -> tuple[Ammunition, ...]:
    """T40: 24 centerfire pistol calibers.

    >>> len(pistol_ammunition()), str(pistol_ammunition()[0])
    (24, '22 Jet (pistol): BDG 4')
    """
    return tuple(
        Ammunition("pistol", str(r["caliber"]), _int(r["bdg"]), _line(r), "")
        for r in load_table("aftermath", "bdg_pistol").rows
    )


def long_gun_ammunition(include_unresolved: bool = False) -> tuple[Ammunition, ...]:
    """T41: the long-gun calibers; the garbled L731/L732 rows only with ``include_unresolved``.

    >>> len(long_gun_ammunition()), len(long_gun_ammunition(True))
    (35, 37)
    >>> [str(a) for a in long_gun_ammunition() if a.name == "32-20"]
    ['32-20 (long gun): BDG 6; printed 32-30 | 6, read 32-20 (AFT-T41)']
    """
    out = []
    for r in load_table("aftermath", "bdg_long_gun").rows:
        if r["ask"] and not include_unresolved:
            continue
        note = ""
        if r["reconstructed"]:
            note = f"printed {r['printed']}, read {r['caliber']} (AFT-T41)"
        elif r["ask"]:
            note = f"printed {r['printed']}: garbled, ask the user (AFT-M27)"
        out.append(Ammunition("long gun", str(r["caliber"]), _int(r["bdg"]), _line(r), note))
    return tuple(out)


def _int(value: object) -> int | None:
    return value if is_whole(value) else None


def _line(row: Row) -> int:
    line = row["line"]
    assert isinstance(line, int)
    return line


def ammunition_bdg(table: str, caliber: str, supplied: int | None = None) -> int:
    """Base BDG of a cartridge (``table`` "pistol" or "long gun"); a value the text lacks is
    the user's ``supplied`` one (AFT-M27: 38-40, 44-40, 44 Magnum on the long-gun table).

    >>> ammunition_bdg("pistol", "22 Jet"), ammunition_bdg("long gun", "22 Jet")
    (4, 8)
    >>> ammunition_bdg("long gun", "44 Magnum")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: long gun 44 Magnum: the long-gun BDG is not in the source; enter it in Settings
    >>> ammunition_bdg("long gun", "44 Magnum", supplied=23)
    23
    """
    table = check_choice("ammunition table", table, ("pistol", "long gun"))
    listing = pistol_ammunition() if table == "pistol" else long_gun_ammunition(True)
    for ammo in listing:
        if ammo.name.casefold() == str(caliber).strip().casefold():
            if ammo.bdg is not None and supplied is None:
                return ammo.bdg
            if supplied is None:
                raise RuleError(
                    f"{ammo.name}: BDG unreadable in the source; enter it", rules=("AFT-M27",)
                )
            return check_int(f"BDG of {ammo.name}", supplied, 1, MAX_BDG)
    missing = load_table("aftermath", "bdg_long_gun").meta.get("missing", ())
    if table == "long gun" and caliber in tuple(missing):
        if supplied is None:
            raise RuleError(
                f"long gun {caliber}: the long-gun BDG is not in the source; enter it in Settings",
                rules=("AFT-M27", "L758"),
            )
        return check_int(f"BDG of {caliber}", supplied, 1, MAX_BDG)
    names = ", ".join(a.name for a in listing)
    raise RuleError(f"{table} caliber {caliber!r} is not listed; allowed: {names}")


def shot_shell_bdg(shot: str, gauge: str, supplied: int | None = None) -> int:
    """AFT-51 (T42): BDG by shot size and gauge; "x" = no such shell (a RuleError); the two lost
    12-9 cells need the user's value (AFT-M28).

    >>> shot_shell_bdg("4-BB", ".410"), shot_shell_bdg("00 Buck", "10")
    (16, 36)
    >>> shot_shell_bdg("Slug", "10")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: no Slug shell is made for 10 gauge
    >>> shot_shell_bdg("12-9", "12")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: 12-9 in 12 gauge is lost from the source; enter it in Settings
    """
    gauge = check_choice("gauge", str(gauge), GAUGES)
    table = load_table("aftermath", "bdg_shot_shell")
    shots = tuple(str(s) for s in table.values("shot"))
    shot = check_choice("shot size", shot, shots)
    cell = table.cell(shot, gauge)
    if cell == "x":
        raise RuleError(f"no {shot} shell is made for {gauge} gauge", rules=("L756",))
    if cell == "?":
        if supplied is None:
            raise RuleError(
                f"{shot} in {gauge} gauge is lost from the source; enter it in Settings",
                rules=("AFT-M28", "L743"),
            )
        return check_int(f"BDG of {shot} {gauge} gauge", supplied, 1, MAX_BDG)
    assert isinstance(cell, int)
    return cell


def shot_damage_type(
    shot: str, step: str, target_mass: Fraction | float | int | None
) -> str | None:
    """AFT-51: "B" (half lethal, half subdual) for 12-9 against a target massing over 2, and for
    8-5 and 4-BB beyond SHT; else None (the ordinary damage).

    >>> shot_damage_type("12-9", "SHT", 3), shot_damage_type("8-5", "EFF", None), shot_damage_type("8-5", "SHT", 1)
    ('B', 'B', None)
    """
    step = check_choice("range step", step, STEPS)
    if shot == "12-9":
        if target_mass is None:
            raise RuleError("12-9 shot: enter the target's Mass", rules=("AFT-M32",))
        return "B" if check_number("target Mass", target_mass, 0, 1000) > 2 else None
    if shot in ("8-5", "4-BB") and STEPS.index(step) > STEPS.index("SHT"):
        return "B"
    return None


def cartridge_enc(
    kind: str, caliber_hundredths: int | None = None, rimfire: bool = False
) -> Fraction:
    """AFT-52 (T43): .01 per cartridge for pistol ammunition of 30 or less and all rimfire, .02
    for other pistol ammunition (32 or larger), long guns and shot shells.

    >>> cartridge_enc("pistol", 35), cartridge_enc("pistol", 30), cartridge_enc("long gun", rimfire=True)
    (Fraction(1, 50), Fraction(1, 100), Fraction(1, 100))
    """
    kind = check_choice("ammunition", kind, ("pistol", "long gun", "shot shell"))
    table = load_table("aftermath", "cartridge_enc")
    if rimfire:
        key = "rimfire"
    elif kind == "pistol":
        if caliber_hundredths is None:
            raise RuleError("pistol cartridge ENC needs the caliber (hundredths of an inch)")
        hundredths = check_int("caliber", caliber_hundredths, 1, 99)
        limit = table.meta.get("small_pistol_max_hundredths", 30)
        key = "pistol_small" if hundredths <= int(limit) else "pistol_large"
    else:
        key = "long_gun" if kind == "long gun" else "shot_shell"
    enc = table.row_by("ammunition", key)["enc"]
    assert isinstance(enc, Fraction)
    return enc


def pistol_cartridge_enc(caliber: str) -> Fraction:
    """AFT-52 by a T40 caliber name (D-18).

    >>> pistol_cartridge_enc("9mm Parabellum"), pistol_cartridge_enc("30 (7.65mm)")
    (Fraction(1, 50), Fraction(1, 100))
    """
    row = load_table("aftermath", "bdg_pistol").row_by("caliber", caliber)
    hundredths = row["caliber_hundredths"]
    assert isinstance(hundredths, int)
    return cartridge_enc("pistol", hundredths)
