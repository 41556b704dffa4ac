"""KPH to DAT movement (AFT-43, T34): metres per Combat Turn, per Action Phase, and the rounded
value the DAT display uses. Speeds on the table are read from it; others are computed with the
formula every row satisfies and labelled so.

>>> str(kph_to_dat(60))
'60 kph = 96 m per Combat Turn = 4.8 m per Action Phase → 5'
>>> str(kph_to_dat(62))
'62 kph = 99.2 m per Combat Turn = 4.96 m per Action Phase → 5 (computed, not in the table)'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pycore.errors import RuleError
from pycore.systems.aftermath.rounding import round_half_up, show
from pycore.tables import load_table
from pycore.validate import Exact, checked, exact


@dataclass(frozen=True)
class DatSpeed:
    kph: Fraction
    m_per_ct: Fraction
    m_per_ap: Fraction
    rounded: int
    line: int | None

    @property
    def rules(self) -> tuple[str, ...]:
        """The row of the table it was read from, as data (shown only under "Why")."""
        return ("AFT-43", "AFT-T34", f"L{self.line}") if self.line else ("AFT-43",)

    def __str__(self) -> str:
        where = "" if self.line else " (computed, not in the table)"
        return (
            f"{float(self.kph):g} kph = {float(self.m_per_ct):g} m per Combat Turn = "
            f"{float(self.m_per_ap):g} m per Action Phase → {self.rounded}{where}"
        )


@checked
def formula(kph: Fraction) -> tuple[Fraction, Fraction, int]:
    """AFT-43: m/ct = 1.6 × kph; m/AP = m/ct ÷ 20; rounded to nearest (half up), at least 1.

    >>> formula(Fraction(25))
    (Fraction(40, 1), Fraction(2, 1), 2)
    """
    per_ct = Fraction(8, 5) * kph
    per_ap = per_ct / 20
    return per_ct, per_ap, max(1, round_half_up(per_ap))


@checked
def kph_to_dat(kph: Exact) -> DatSpeed:
    """A speed in kph on the DAT display (AFT-43), read as typed ("0.3" is 3/10).

    >>> kph_to_dat("12.5").m_per_ap
    Fraction(1, 1)
    >>> kph_to_dat(0)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: speed 0 kph is outside 0.1 to 1000
    """
    speed = exact(kph, "speed (kph)")
    if not Fraction(1, 10) <= speed <= 1000:
        raise RuleError(f"speed {show(speed)} kph is outside 0.1 to 1000")
    table = load_table("aftermath", "kph_to_dat")
    if speed.denominator == 1 and int(speed) in {int(str(r["kph"])) for r in table.rows}:
        row = table.row_by("kph", int(speed))
        return DatSpeed(
            speed,
            Fraction(int(str(row["m_per_ct"]))),
            Fraction(str(row["m_per_ap"])),
            int(str(row["rounded"])),
            int(str(row["line"])),
        )
    per_ct, per_ap, rounded = formula(speed)
    return DatSpeed(speed, per_ct, per_ap, rounded, None)
