"""Column types and the checks every cell passes before a table is used.

A column is declared in the table file::

    [[columns]]
    name = "modifier"
    type = "int"        # int, float, str, bool, fraction ("5/2"), range ("01-05"), int_list
    min = -12
    max = 4
    nullable = true     # the cell may be left out (TOML has no null)
    choices = [...]     # optional: the allowed values
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pycore.errors import TableError
from pycore.tables.ranges import parse_range

TYPES = ("int", "float", "str", "bool", "fraction", "range", "int_list")
Cell = int | float | str | bool | Fraction | tuple[int, int] | tuple[int, ...] | None


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    min: float | None = None
    max: float | None = None
    nullable: bool = False
    choices: tuple[Any, ...] | None = None
    length: int | None = None  # int_list: the exact number of values


def column_from(raw: Any, origin: str) -> Column:
    if not isinstance(raw, Mapping):
        raise TableError(f"{origin}: each [[columns]] entry must be a table")
    name, kind = raw.get("name"), raw.get("type")
    if not isinstance(name, str) or not name:
        raise TableError(f"{origin}: a column needs a 'name'")
    if kind not in TYPES:
        raise TableError(
            f"{origin}: column {name!r} has type {kind!r}; allowed: {', '.join(TYPES)}"
        )
    unknown = set(raw) - {"name", "type", "min", "max", "nullable", "choices", "length", "note"}
    if unknown:
        raise TableError(f"{origin}: column {name!r} has unknown keys {sorted(unknown)}")
    choices = raw.get("choices")
    return Column(
        name=name,
        type=kind,
        min=raw.get("min"),
        max=raw.get("max"),
        nullable=bool(raw.get("nullable", False)),
        choices=tuple(choices) if isinstance(choices, list) else None,
        length=raw.get("length"),
    )


def _bounded(value: float | Fraction, column: Column, where: str) -> None:
    low, high = column.min, column.max
    if (low is not None and value < low) or (high is not None and value > high):
        shown_low = "-∞" if low is None else low
        shown_high = "∞" if high is None else high
        raise TableError(f"{where}: {value} is outside the allowed {shown_low} to {shown_high}")


def check_cell(value: Any, column: Column, where: str, die: str | None) -> Cell:
    """The cell's value, typed; raise :class:`TableError` naming ``where`` and the allowed range."""
    if value is None:
        if column.nullable:
            return None
        raise TableError(f"{where}: a value is required")
    kind = column.type
    typed: Cell
    if kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise TableError(f"{where}: {value!r} is not a whole number")
        typed = value
        _bounded(value, column, where)
    elif kind == "float":
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise TableError(f"{where}: {value!r} is not a number")
        typed = float(value)
        _bounded(typed, column, where)
    elif kind == "bool":
        if not isinstance(value, bool):
            raise TableError(f"{where}: {value!r} is not true or false")
        typed = value
    elif kind == "str":
        if not isinstance(value, str):
            raise TableError(f"{where}: {value!r} is not text")
        typed = value
    elif kind == "fraction":
        try:
            typed = Fraction(str(value))
        except (ValueError, ZeroDivisionError):
            raise TableError(f"{where}: {value!r} is not a fraction such as '5/2'") from None
        _bounded(typed, column, where)
    elif kind == "range":
        if die is None:
            raise TableError(f"{where}: a range column needs the table's 'die'")
        typed = parse_range(value, die)
    else:  # int_list
        if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise TableError(f"{where}: {value!r} is not a list of whole numbers")
        if column.length is not None and len(value) != column.length:
            raise TableError(f"{where}: has {len(value)} values, needs exactly {column.length}")
        for index, item in enumerate(value):
            _bounded(item, column, f"{where}[{index}]")
        typed = tuple(value)
    if column.choices is not None and typed not in column.choices:
        raise TableError(f"{where}: {value!r} is not one of {list(column.choices)}")
    return typed
