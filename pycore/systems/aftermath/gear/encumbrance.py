"""Encumbrance: an item's ENC from its Bulk and Mass (AFT-32, T22) and the status a load gives
against the character's ENC CAP (AFT-33, T23). ENC CAP is not computed in this text: the user
enters it.

>>> str(enc_value("Lg", "Hvy")), str(enc_value("HG5", "Lt"))
('3/2', '35/2')
>>> str(encumbrance_status(Fraction(30), 40))
'carrying 30 of ENC CAP 40 (75%): Partially Encumbered — Deftness −25%, Speed −25%, BCS −1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import check_number, show
from pycore.tables import load_table
from pycore.validate import checked, whole

BULKS: Final = ("VSm", "Sm", "Med", "Lg", "VLg", "HG1", "HG2", "HG3")
MASSES: Final = ("Vlt", "Lt", "Hvy", "VHvy", "MS1", "MS2", "MS3")
MAX_HUGE: Final = 99


@checked
def enc_value(bulk: str, mass: str) -> Fraction:
    """AFT-32: the chart's cell; HGn for n > 3 is n × HG1 (L406 "and so on"). MS4 and beyond has
    no pattern: refused, the user enters the item's ENC.

    >>> enc_value("VSm", "Vlt")
    Fraction(1, 1000)
    >>> enc_value("Med", "MS4")
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: mass 'MS4' is not on the chart (Vlt, Lt, Hvy, VHvy, MS1, MS2, MS3): enter the item's ENC
    """
    if not isinstance(bulk, str) or not isinstance(mass, str):
        raise RuleError(f"bulk {bulk!r} and mass {mass!r} must be chart names such as 'Med', 'Hvy'")
    if mass not in MASSES:
        raise RuleError(
            f"mass {mass!r} is not on the chart ({', '.join(MASSES)}): enter the item's ENC",
            rules=("AFT-32",),
        )
    table = load_table("aftermath", "encumbrance_values")
    huge = re.fullmatch(r"HG(\d{1,2})", bulk)
    if huge and int(huge.group(1)) > 3:
        n = int(huge.group(1))
        if n > MAX_HUGE:
            raise RuleError(f"bulk {bulk!r} is outside HG1 to HG{MAX_HUGE}")
        return n * Fraction(str(table.cell("HG1", mass)))
    if bulk not in BULKS:
        raise RuleError(f"bulk {bulk!r} is unknown; allowed: {', '.join(BULKS)}, HG4 and up")
    return Fraction(str(table.cell(bulk, mass)))


@dataclass(frozen=True)
class EncumbranceStatus:
    carried: Fraction
    cap: int
    status: str
    deftness_pct: int
    speed_pct: int
    bcs: int
    over_cap: bool

    def __str__(self) -> str:
        # Numbers as players read them: ENC as a decimal, the share of ENC CAP in percent.
        head = f"carrying {show(self.carried)} of ENC CAP {self.cap} ({_percent(self.carried / self.cap)})"
        if self.deftness_pct == 0:
            text = f"{head}: {self.status}, no modifications"
        else:
            text = (
                f"{head}: {self.status} — Deftness −{-self.deftness_pct}%, "
                f"Speed −{-self.speed_pct}%, BCS −{-self.bcs}"
            )
        if self.over_cap:
            text += " — over ENC CAP: the text does not cover it (the Fully row applies)"
        return text

    @property
    def rules(self) -> tuple[str, ...]:
        """The chart the status is read from, as data (shown only under "Why")."""
        return ("AFT-33", "AFT-T23")


def _percent(share: Fraction) -> str:
    """A share in percent, to one decimal unless whole (57.9%, 75%).

    >>> _percent(Fraction(1809, 3125)), _percent(Fraction(3, 4))
    ('57.9%', '75%')
    """
    value = share * 100
    return f"{value.numerator}%" if value.denominator == 1 else f"{float(value):.1f}%"


@checked
def encumbrance_status(carried: Fraction | int, enc_cap: int) -> EncumbranceStatus:
    """AFT-33: up to ½ ENC CAP Unencumbered, up to ¾ Partially, up to the cap Fully ("up to" is
    inclusive). ENC carried is read as typed: "3.3" is 33/10.

    >>> encumbrance_status(20, 40).status, encumbrance_status(41, 40).over_cap
    ('Unencumbered', True)
    >>> encumbrance_status(float("inf"), 10)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: ENC carried inf is not a finite number; allowed: 0 to 1000000
    """
    whole(enc_cap, "ENC CAP", 1, 10_000, why=" (enter it: not in this text)")
    load = check_number("ENC carried", carried, 0, 1_000_000)
    share = load / enc_cap
    rows = load_table("aftermath", "encumbrance_status").rows
    row = next((r for r in rows if share <= Fraction(str(r["up_to"]))), rows[-1])
    return EncumbranceStatus(
        load,
        enc_cap,
        str(row["status"]),
        int(str(row["deftness_pct"])),
        int(str(row["speed_pct"])),
        int(str(row["bcs"])),
        share > 1,
    )
