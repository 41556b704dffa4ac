"""A loaded rule table: where it comes from, its typed immutable rows, and the lookups the texts
use: an exact key, a die roll, a grid cell, and "between two rows, take the next row up".

Every failed lookup raises :class:`~pycore.errors.TableError` naming the table file, the column,
the value asked for and what the table allows, so a caller can show it or ask the user instead.

>>> from pycore.tables import load_table
>>> load_table("simply", "difficulty").row_by("name", "Difficult")["modifier"]
-4
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from pycore.errors import TableError
from pycore.tables.ranges import DieRange
from pycore.tables.schema import CELLS, Column, Number, Schema, Value, is_int, is_number

#: A row maps column names to typed values; it is a read-only ``MappingProxyType``.
Row = Mapping[str, Value]

#: How many values a "no row with ..." message lists before it stops.
_SHOWN = 12


@dataclass(frozen=True)
class Source:
    """Where a table comes from: the seed file, its lines ("26-36", "18-20, 69") and a note.

    >>> str(Source("002_397ff4437f29826d.txt", "26-36"))
    '002_397ff4437f29826d.txt lines 26-36'
    """

    seed: str
    lines: str
    note: str = ""

    def __str__(self) -> str:
        return f"{self.seed} lines {self.lines}"


def _listing(values: list[Any]) -> str:
    shown = ", ".join(repr(str(v)) if isinstance(v, DieRange) else repr(v) for v in values[:_SHOWN])
    return shown + (f", ... ({len(values)} in all)" if len(values) > _SHOWN else "")


@dataclass(frozen=True)
class Table:
    """One validated table. Rows are read-only mappings, in file order.

    Build one with :func:`~pycore.tables.loader.parse_table` or the loaders, never by hand: they
    are what guarantee that every row fits ``schema``.

    >>> from pycore.tables import load_table
    >>> str(load_table("simply", "difficulty"))
    'SIM-T01 Task difficulty (tables/simply/difficulty.toml)'
    """

    system: str
    table: str
    id: str
    title: str
    version: int
    source: Source
    schema: Schema
    rows: tuple[Row, ...]
    #: The file's free-form ``[meta]`` (footnotes, errata, reconstructed cells), read-only.
    meta: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    #: The file the table came from, as named in messages ("tables/simply/difficulty.toml").
    origin: str = ""
    format: int = 1

    @property
    def columns(self) -> tuple[Column, ...]:
        """The declared columns, in order.

        >>> from pycore.tables import load_table
        >>> [c.name for c in load_table("simply", "difficulty").columns]
        ['ladder_index', 'name', 'modifier', 'automatic', 'line']
        """
        return self.schema.columns

    @property
    def kind(self) -> str:
        """``"rows"``, ``"die_range"`` or ``"grid"``.

        >>> from pycore.tables import load_table
        >>> load_table("simply", "difficulty").kind
        'rows'
        """
        return self.schema.kind

    def __str__(self) -> str:
        return f"{self.id} {self.title} ({self.origin or f'{self.system}/{self.table}'})"

    def _fail(self, message: str) -> TableError:
        return TableError(f"{self.origin or f'{self.system}/{self.table}'}: {message}")

    def column(self, name: str) -> Column:
        """The column called ``name``, or :class:`TableError` listing the columns there are.

        >>> from pycore.tables import load_table
        >>> load_table("simply", "difficulty").column("modifier").allowed()
        'int from -12 to 4, or left out'
        """
        found = self.schema.column(name)
        if found is None:
            raise self._fail(
                f"column {name!r} does not exist; allowed: {', '.join(self.schema.names)}"
            )
        return found

    def values(self, column: str) -> tuple[Value, ...]:
        """The column's values, one per row, in row order.

        >>> from pycore.tables import load_table
        >>> load_table("simply", "difficulty").values("modifier")[:4]
        (None, 4, 2, 0)
        """
        self.column(column)
        return tuple(row[column] for row in self.rows)

    def rows_where(self, column: str, value: object) -> tuple[Row, ...]:
        """Every row whose ``column`` equals ``value`` (possibly none), in row order.

        >>> from pycore.tables import load_table
        >>> len(load_table("simply", "difficulty").rows_where("modifier", None))
        2
        """
        self.column(column)
        return tuple(row for row in self.rows if _same(row[column], value))

    def row_by(self, column: str, value: object) -> Row:
        """The one row whose ``column`` equals ``value`` exactly.

        >>> from pycore.tables import load_table
        >>> table = load_table("simply", "difficulty")
        >>> table.row_by("name", "Very Easy")["modifier"], table.row_by("ladder_index", 9)["name"]
        (4, 'Impossible')
        >>> table.row_by("name", "Hard")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        pycore.errors.TableError: tables/simply/difficulty.toml: no row has name = 'Hard'; allowed: 'Automatic', 'Very Easy', ...
        """
        found = self.rows_where(column, value)
        if len(found) == 1:
            return found[0]
        if not found:
            present = [v for v in self.values(column) if v is not None]
            raise self._fail(f"no row has {column} = {value!r}; allowed: {_listing(present)}")
        numbers = [self.rows.index(row) + 1 for row in found]
        raise self._fail(
            f"rows {', '.join(map(str, numbers))} all have {column} = {value!r}; "
            "use rows_where() or a key column"
        )

    def _roll_column(self) -> str:
        if self.schema.kind != "die_range" or self.schema.roll is None:
            raise self._fail(f"is a {self.schema.kind!r} table, not a die_range table")
        return self.schema.roll

    def row_for_roll(self, roll: int, group: object = None) -> Row:
        """The row whose die range holds ``roll``; ``00`` on a d100 is 100.

        A table with a ``group`` column holds one sub-table per group value and needs ``group``.
        A roll beyond the die is refused unless the table is open at that end (``open_high``:
        e.g. D100 + damage above 100 stays on the last row).

        >>> from pycore.tables import parse_table
        >>> data = {"format": 1, "system": "aftermath", "table": "demo", "id": "AFT-T99",
        ...         "title": "Demo", "version": 1,
        ...         "source": {"seed": "001_e07e7b2bd9248eea.txt", "lines": "1-3"},
        ...         "schema": {"kind": "die_range", "die": "d100", "columns": [
        ...             {"name": "roll", "type": "range"}, {"name": "effect", "type": "str"}]},
        ...         "rows": [{"roll": "01-95", "effect": "none"}, {"roll": "96-00", "effect": "x"}]}
        >>> table = parse_table(data, "demo.toml")
        >>> table.row_for_roll(100)["effect"], table.row_for_roll(95)["effect"]
        ('x', 'none')
        >>> table.row_for_roll(101)
        Traceback (most recent call last):
        ...
        pycore.errors.TableError: demo.toml: roll 101 is outside the table; allowed: 1 to 100 (d100)
        """
        column = self._roll_column()
        if not is_int(roll):
            raise self._fail(f"roll {roll!r} is not a whole number; allowed: an int")
        schema = self.schema
        rows = self.rows
        if schema.group is not None:
            groups = list(dict.fromkeys(row[schema.group] for row in rows))
            if group not in groups:
                raise self._fail(
                    f"group {group!r} is not in column {schema.group!r}; "
                    f"allowed: {_listing(groups)}"
                )
            rows = tuple(row for row in rows if _same(row[schema.group], group))
        elif group is not None:
            raise self._fail(f"has no group column; group {group!r} does not apply")
        assert schema.domain is not None
        lo, hi = schema.domain
        if roll < lo and schema.open_low:
            roll = lo
        elif roll > hi and schema.open_high:
            roll = hi
        if not lo <= roll <= hi:
            die = f" ({schema.die})" if schema.die else ""
            raise self._fail(f"roll {roll} is outside the table; allowed: {lo} to {hi}{die}")
        for row in rows:
            cell = row[column]
            if isinstance(cell, DieRange) and roll in cell:
                return row
        # Unreachable for a loaded table (coverage is checked on load); kept for hand-built ones.
        raise self._fail(f"roll {roll} is on no row of column {column!r}")

    def cell(self, row_key: object, column_key: int | str) -> Value:
        """A grid's value at (row key, column key), e.g. Master Damage (max damage, D20 roll).

        >>> from pycore.tables import parse_table
        >>> data = {"format": 1, "system": "simply", "table": "demo", "id": "SIM-T99",
        ...         "title": "Demo", "version": 1,
        ...         "source": {"seed": "002_397ff4437f29826d.txt", "lines": "448-560"},
        ...         "schema": {"kind": "grid", "row_key": "max", "column_keys": [1, 2],
        ...                    "cell": {"type": "int", "min": 1},
        ...                    "columns": [{"name": "max", "type": "int"}]},
        ...         "rows": [{"max": 1, "cells": [1, 1]}, {"max": 2, "cells": [1, 2]}]}
        >>> parse_table(data, "demo.toml").cell(2, 2)
        2
        >>> parse_table(data, "demo.toml").cell(2, 3)
        Traceback (most recent call last):
        ...
        pycore.errors.TableError: demo.toml: column key 3 is not in the grid; allowed: 1, 2
        """
        schema = self.schema
        if schema.kind != "grid" or schema.row_key is None:
            raise self._fail(f"is a {schema.kind!r} table, not a grid")
        keys = schema.column_keys
        index = next(
            (i for i, k in enumerate(keys) if type(k) is type(column_key) and k == column_key),
            None,
        )
        if index is None:
            raise self._fail(
                f"column key {column_key!r} is not in the grid; allowed: {_listing(list(keys))}"
            )
        if self.column(schema.row_key).type == "range" and is_int(row_key):
            # A grid whose rows are bands ("01-05"): the row whose band holds the value.
            band = next(
                (
                    r
                    for r in self.rows
                    if isinstance(k := r[schema.row_key], DieRange) and row_key in k
                ),
                None,
            )
            if band is None:
                bands = [r[schema.row_key] for r in self.rows]
                raise self._fail(
                    f"no row of {schema.row_key!r} holds {row_key}; allowed: {_listing(bands)}"
                )
            row = band
        else:
            row = self.row_by(schema.row_key, row_key)
        cells = row[CELLS]
        assert isinstance(cells, tuple)
        return cells[index]

    def _numbered(self, column: str, value: object) -> list[tuple[Number, int, Row]]:
        kind = self.column(column).type
        if kind not in ("int", "float", "fraction") or self.column(column).is_list:
            raise self._fail(f"column {column!r} holds {kind} values; allowed: a number column")
        if not is_number(value):
            raise self._fail(f"value {value!r} is not a number; allowed: int, float or Fraction")
        numbered: list[tuple[Number, int, Row]] = []
        for order, row in enumerate(self.rows):
            cell = row[column]
            # Cells left out (None) and marks such as 'x' are on no step of the ladder.
            if isinstance(cell, (int, float, Fraction)) and not isinstance(cell, bool):
                numbered.append((cell, order, row))
        return numbered

    def row_at_or_above(self, column: str, value: Number) -> Row:
        """The row with the smallest ``column`` value at or above ``value``: a value between two
        rows takes the next row up (GURPS size and speed/range). Past the last row: an error.

        >>> from pycore.tables import parse_table
        >>> data = {"format": 1, "system": "gurps", "table": "demo", "id": "GUR-T99",
        ...         "title": "Demo", "version": 1,
        ...         "source": {"seed": "004_8e72aab36b774822.txt", "lines": "181-195"},
        ...         "schema": {"columns": [{"name": "yards", "type": "fraction"},
        ...                                {"name": "size", "type": "int"}]},
        ...         "rows": [{"yards": "1/3", "size": -5}, {"yards": 1, "size": -2},
        ...                  {"yards": 2, "size": 0}, {"yards": 3, "size": 1}]}
        >>> table = parse_table(data, "demo.toml")
        >>> table.row_at_or_above("yards", 1.5)["size"], table.row_at_or_above("yards", 2)["size"]
        (0, 0)
        >>> table.row_at_or_above("yards", 4)
        Traceback (most recent call last):
        ...
        pycore.errors.TableError: demo.toml: yards 4 is past the last row; allowed: up to 3
        """
        rows = self._numbered(column, value)
        above = [entry for entry in rows if entry[0] >= value]
        if not above:
            top = max((entry[0] for entry in rows), default=None)
            raise self._fail(
                f"{column} {_number(value)} is past the last row; allowed: up to {_number(top)}"
            )
        return min(above, key=lambda entry: (entry[0], entry[1]))[2]

    def row_at_or_below(self, column: str, value: Number) -> Row:
        """The row with the largest ``column`` value at or below ``value`` (bands given by their
        lower bound). Below the first row: an error.

        >>> from pycore.tables import load_table
        >>> table = load_table("simply", "difficulty")
        >>> table.row_at_or_below("ladder_index", 4.5)["name"]
        'Above Average'
        >>> table.row_at_or_below("ladder_index", -1)
        Traceback (most recent call last):
        ...
        pycore.errors.TableError: tables/simply/difficulty.toml: ladder_index -1 is before the first row; allowed: from 0
        """
        rows = self._numbered(column, value)
        below = [entry for entry in rows if entry[0] <= value]
        if not below:
            bottom = min((entry[0] for entry in rows), default=None)
            raise self._fail(
                f"{column} {_number(value)} is before the first row; "
                f"allowed: from {_number(bottom)}"
            )
        return max(below, key=lambda entry: (entry[0], -entry[1]))[2]


def _number(value: object) -> str:
    return str(value) if isinstance(value, Fraction) else repr(value)


def _same(cell: object, value: object) -> bool:
    """Equality that does not let ``True`` match ``1`` nor ``1`` match ``True``."""
    if isinstance(cell, bool) != isinstance(value, bool):
        return False
    return cell == value
