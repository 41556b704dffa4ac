"""A loaded rule table: its provenance, its typed rows and the lookups the texts use."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pycore.errors import TableError
from pycore.tables.ranges import coverage_problems
from pycore.tables.schema import Cell, Column

Row = Mapping[str, Cell]


@dataclass(frozen=True)
class Source:
    seed: str
    lines: str
    note: str = ""

    def __str__(self) -> str:
        return f"seed {self.seed}, lines {self.lines}"


@dataclass(frozen=True)
class Table:
    """An immutable table. ``kind`` is ``rows``, ``die_range`` (``die`` set) or ``grid``."""

    system: str
    table: str
    id: str
    title: str
    version: int
    source: Source
    kind: str
    key: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    die: str | None = None
    column_keys: tuple[Any, ...] = ()

    def row_by(self, column: str, value: Any) -> Row:
        """The row whose ``column`` equals ``value``."""
        for row in self.rows:
            if row.get(column) == value:
                return row
        raise TableError(f"{self.id} {self.title}: no row with {column} = {value!r}")

    def row_for_roll(self, roll: int) -> Row:
        """The row whose die range holds ``roll`` (a die-range table)."""
        if self.kind != "die_range":
            raise TableError(f"{self.id} {self.title} is not a die-range table")
        for row in self.rows:
            low, high = row[self.key]  # type: ignore[misc]
            if low <= roll <= high:
                return row
        raise TableError(
            f"{self.id} {self.title}: roll {roll} is on no row of this {self.die} table"
        )

    def row_at_or_above(self, column: str, value: float) -> Row:
        """The first row whose ``column`` is at least ``value``: "take the next row up"."""
        candidates = [r for r in self.rows if isinstance(r.get(column), (int, float))]
        candidates.sort(key=lambda r: r[column])  # type: ignore[arg-type, return-value]
        for row in candidates:
            if row[column] >= value:  # type: ignore[operator]
                return row
        last = candidates[-1][column] if candidates else None
        raise TableError(
            f"{self.id} {self.title}: {value} is beyond the last row ({column} {last})"
        )

    def row_at_or_below(self, column: str, value: float) -> Row:
        """The last row whose ``column`` is at most ``value`` (bands such as "S 10-14")."""
        candidates = [r for r in self.rows if isinstance(r.get(column), (int, float))]
        candidates.sort(key=lambda r: r[column])  # type: ignore[arg-type, return-value]
        found = [r for r in candidates if r[column] <= value]  # type: ignore[operator]
        if not found:
            first = candidates[0][column] if candidates else None
            raise TableError(
                f"{self.id} {self.title}: {value} is below the first row ({column} {first})"
            )
        return found[-1]

    def cell(self, row_key: Any, column_key: Any) -> Cell:
        """A grid's value at (row key, column key)."""
        if self.kind != "grid":
            raise TableError(f"{self.id} {self.title} is not a grid")
        if column_key not in self.column_keys:
            raise TableError(
                f"{self.id} {self.title}: column {column_key!r} is not one of "
                f"{self.column_keys[0]!r} to {self.column_keys[-1]!r}"
            )
        cells = self.row_by(self.key, row_key)["cells"]
        assert isinstance(cells, tuple)
        return cells[self.column_keys.index(column_key)]

    def coverage(self) -> list[str]:
        """Gaps and overlaps of a die-range table against its die's whole span."""
        if self.kind != "die_range" or self.die is None:
            return []
        return coverage_problems([row[self.key] for row in self.rows], self.die)  # type: ignore[misc]
