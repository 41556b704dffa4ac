"""Table #3-7.0 (PCT-M02) only grows with the damage: its rows, typed on the GM page, answered in
a fight or imported, are asked about when a modifier falls as the damage rises (PCT-11, PCT-28,
lines 49 and 74), never refused for good: the values are the GM's (R-E).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pycore.errors import TableError
from pycore.figures import figure
from pycore.systems.percentile.gm_schemas import GM_TABLES, _name, _spec
from pycore.systems.percentile.table_keys import INVENTORY_IDS
from pycore.validate import checked

#: Why a Table #3-7.0 modifier lower than an earlier row's for less damage is asked about (the
#: "Why" beside the question, on the fight page and the GM page).
RISE_WHY = (
    "Table #3-7.0 is left out of the text; its modifier is the damage taken (line 49) and its "
    "tenth the AP a stun costs (line 74), so more damage never gives less (PCT-11, PCT-28, "
    "PCT-M02). The values are the GM's: kept when the GM says so, and logged."
)


class Falling(TableError):
    """Table #3-7.0 rows whose modifier falls as the damage rises: said beside the rows, saved
    only once the GM keeps them (the fight page asks the same of one answer, PCT-28)."""


def _m02_bands(rows: Sequence[Mapping[str, Any]]) -> list[tuple[int, int, int, int]]:
    """PCT-M02's rows as ``(damage_low, damage_high, modifier, row number as typed)``."""
    return [
        (int(str(r["damage_low"])), int(str(r["damage_high"])), int(str(r["modifier"])), i)
        for i, r in enumerate(rows, 1)
    ]


@checked
def against_the_rise(table_id: str, rows: Sequence[Mapping[str, Any]]) -> str | None:
    """The first Table #3-7.0 row (by damage) whose modifier is less than a row's for less
    damage, said with its row, its column and the range that would agree; None when the
    modifier never falls (and for any other table). The text implies, without stating, that the
    modifier only grows with the damage: it is "the amount of damage the side has taken" added
    to a roll where lower is better (line 49), and its tenth is the AP lost "due to the
    stunning effects of taking damage" (line 74). The values are the GM's (R-E): asked about,
    never refused for good.

    >>> rows = [{"damage_low": 0, "damage_high": 9, "modifier": 0},
    ...         {"damage_low": 10, "damage_high": 19, "modifier": 300},
    ...         {"damage_low": 20, "damage_high": 29, "modifier": 100}]
    >>> print(against_the_rise("PCT-M02", rows))
    Row 3, column 'modifier': 100 for 20 to 29 points is less than the 300 of row 2 for 10 to 19 points; allowed: 300 to 100000, as the modifier only grows with the damage. Keep these rows anyway?
    >>> print(against_the_rise("PCT-M02", rows[:2]), against_the_rise("PCT-M05", []))
    None None
    """
    if _spec(table_id).id != "PCT-M02":
        return None
    top = max(int(c["max"]) for c in _spec(table_id).schema["columns"] if c["name"] == "modifier")
    bands = sorted(_m02_bands(rows))
    for low, high, modifier, row in bands:
        below = [b for b in bands if b[1] < low]
        peak = max(below, key=lambda b: (b[2], -b[3]), default=None)
        if peak is None or peak[2] <= modifier:
            continue
        above = [b[2] for b in bands if b[0] > high and b[2] >= peak[2]]
        span = f"{low} points" if low == high else f"{low} to {high} points"
        then = f"{peak[0]} points" if peak[0] == peak[1] else f"{peak[0]} to {peak[1]} points"
        return (
            f"Row {row}, column 'modifier': {figure(modifier)} for {span} is less than the "
            f"{figure(peak[2])} of row {peak[3]} for {then}; allowed: {figure(peak[2])} to "
            f"{figure(min(above, default=top))}, as the modifier only grows with the damage. "
            "Keep these rows anyway?"
        )
    return None


@checked
def check_rise(table_id: str, rows: Sequence[Mapping[str, Any]]) -> None:
    """Raise :class:`Falling` when :func:`against_the_rise` has something to say (PCT-11, 28).

    >>> check_rise("PCT-M02", [{"damage_low": 0, "damage_high": 9, "modifier": 50},
    ...                        {"damage_low": 10, "damage_high": 19, "modifier": -5}])
    Traceback (most recent call last):
    ...
    pycore.systems.percentile.table_rise.Falling: Row 2, column 'modifier': −5 for 10 to 19 points is less than the 50 of row 1 for 0 to 9 points; allowed: 50 to 100000, as the modifier only grows with the damage. Keep these rows anyway?
    """
    said = against_the_rise(table_id, rows)
    if said is not None:
        raise Falling(said, rules=("PCT-11", "PCT-28", "PCT-M02"))


@checked
def asked_on_import(tables: Mapping[str, Sequence[Mapping[str, Any]]]) -> str | None:
    """What an import of GM tables (a file, or a share keyed by stable names) asks before it
    brings them in: :func:`against_the_rise` of its Table #3-7.0, named as the file names it,
    None when nothing is asked. The file's rows are the GM's as much as typed ones (PCT-11, 28):
    asked about the same way, kept or refused by them, never taken or dropped unsaid.

    >>> print(asked_on_import({"damage_modifiers": [
    ...     {"damage_low": 0, "damage_high": 9, "modifier": 50},
    ...     {"damage_low": 10, "damage_high": 19, "modifier": 20}]}))
    GM table Damage modifiers (Table #3-7.0): Row 2, column 'modifier': 20 for 10 to 19 points is less than the 50 of row 1 for 0 to 9 points; allowed: 50 to 100000, as the modifier only grows with the damage. Keep these rows anyway?
    >>> print(asked_on_import({"PCT-M05": [{"condition": "rain", "value": 10}]}))
    None
    """
    for key, rows in tables.items():
        tid = INVENTORY_IDS.get(str(key), str(key))
        said = against_the_rise(tid, rows) if tid in GM_TABLES and rows else None
        if said is not None:
            return f"{_name(_spec(tid))}: {said}"
    return None
