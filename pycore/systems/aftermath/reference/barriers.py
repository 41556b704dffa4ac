"""Barrier factors (AFT-40, T31) and carrying places (AFT-34, T24): data the referee reads.
How a Barrier Factor stops a bullet or a blow is not in this text, so nothing is computed from it.

>>> barrier_factor("Stone")
BarrierFactor(material='Stone', bf_low=30, bf_high=30, starred=True, line=542, chosen=None, star_note='')
>>> str(barrier_factor("Soil"))
'Soil: Barrier Factor 8 to 20 per inch (pick the value)'
>>> carried_things({"hand": 2, "belt": 10})
12
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pycore.errors import RuleError
from pycore.tables import load_table
from pycore.validate import checked, is_whole, whole


@dataclass(frozen=True)
class BarrierFactor:
    material: str
    bf_low: int
    bf_high: int
    starred: bool
    line: int
    chosen: int | None = None  # the user's value in a variable range (soil, AFT-40)
    star_note: str = ""  # the user's text for the missing * footnote (AFT-M25)

    def __str__(self) -> str:
        if self.chosen is not None:
            value = f"{self.chosen} per inch (your value, {self.bf_low}-{self.bf_high})"
        elif self.bf_low != self.bf_high:
            value = f"{self.bf_low} to {self.bf_high} per inch (pick the value)"
        else:
            value = f"{self.bf_low} per inch"
        star = ""
        if self.starred:
            star = (
                f"; * (your note): {self.star_note}"
                if self.star_note
                else "; marked * — its footnote is missing from the text"
            )
        return f"{self.material}: Barrier Factor {value}{star}"

    @property
    def rules(self) -> tuple[str, ...]:
        """The row of T31 it was read from (and the * note's rule), as data."""
        return ("AFT-T31", f"L{self.line}", *(("AFT-M25",) if self.starred else ()))


def barrier_materials() -> tuple[str, ...]:
    """The 20 materials of T31 in the text's order.

    >>> barrier_materials()[:2], len(barrier_materials())
    (('Glass', 'Glass, safety'), 20)
    """
    return tuple(str(r["material"]) for r in load_table("aftermath", "barrier_factors").rows)


@checked
def barrier_factor(material: str, chosen: int | None = None, star_note: str = "") -> BarrierFactor:
    """One material's Barrier Factor per inch (AFT-40); ``chosen`` picks a value in a variable
    range (soil 8-20, asked), ``star_note`` is the user's text for the missing * note (AFT-M25).

    >>> str(barrier_factor("Soil", chosen=12))
    'Soil: Barrier Factor 12 per inch (your value, 8-20)'
    >>> str(barrier_factor("Stone", star_note="as my copy says"))
    'Stone: Barrier Factor 30 per inch; * (your note): as my copy says'
    >>> barrier_factor("Soil", chosen=21)
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: Soil Barrier Factor 21 is outside 8 to 20
    """
    if material not in barrier_materials():
        raise RuleError(
            f"material {material!r} is not on the Barrier Factor table", rules=("AFT-T31",)
        )
    row = load_table("aftermath", "barrier_factors").row_by("material", material)
    bf = row["bf"]
    low = bf if isinstance(bf, int) else int(str(row["bf_low"]))
    high = bf if isinstance(bf, int) else int(str(row["bf_high"]))
    if chosen is not None and low != high:
        whole(chosen, f"{material} Barrier Factor", low, high, rules=("AFT-40",))
    else:
        chosen = None
    starred = bool(row["starred"])
    note = star_note.strip() if starred else ""
    return BarrierFactor(material, low, high, starred, int(str(row["line"])), chosen, note)


@checked
def carried_things(load: Mapping[str, int]) -> int:
    """AFT-34: check a load against the places (back 1, each hand 1 up to VLg, each shoulder 1,
    belt 10); returns the number of things carried.

    >>> carried_things({"belt": 11})
    Traceback (most recent call last):
    ...
    pycore.errors.RuleError: belt: 11 things is over the 10 the text allows
    """
    rows = {str(r["place"]): r for r in load_table("aftermath", "carrying_places").rows}
    total = 0
    for place, things in load.items():
        row = rows.get(place)
        if row is None:
            raise RuleError(f"place {place!r} is unknown; allowed: {', '.join(rows)}")
        cap = int(str(row["things"])) * int(str(row["count"]))
        if not is_whole(things) or things < 0:
            raise RuleError(f"{place}: {things!r} is not a number of things")
        if things > cap:
            raise RuleError(
                f"{place}: {things} things is over the {cap} the text allows", rules=("AFT-34",)
            )
        total += things
    return total
