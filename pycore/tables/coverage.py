"""The coverage check of a die-range table: every total its die can roll (or every value of its
domain) falls on exactly one row, with no gap and no overlap. The loader runs it on every
die-range table; a table with a ``group`` column is checked one group at a time.

>>> from pycore.tables import load_table
>>> check_coverage(load_table("simply", "difficulty"))  # not a die-range table: nothing to check
[]
"""

from __future__ import annotations

from pycore.tables.ranges import DieRange, coverage_problems
from pycore.tables.table import Table
from pycore.validate import checked


@checked
def check_coverage(table: Table) -> list[str]:
    """Gaps and overlaps of a die-range table's ranges; empty when the die is covered exactly.

    Each entry names the group (if any) and the stretch: ``'gap 51'``, ``'overlap 50-60'``,
    ``'outside 101 (allowed 1-100)'``.

    >>> from pycore.tables import parse_table
    >>> data = {"format": 1, "system": "aftermath", "table": "demo", "id": "AFT-T99",
    ...         "title": "Demo", "version": 1,
    ...         "source": {"seed": "001_e07e7b2bd9248eea.txt", "lines": "1-3"},
    ...         "schema": {"kind": "die_range", "die": "d20", "columns": [
    ...             {"name": "roll", "type": "range"}, {"name": "bonus", "type": "int"}]},
    ...         "rows": [{"roll": "1-9", "bonus": 1}, {"roll": "10-20", "bonus": 2}]}
    >>> check_coverage(parse_table(data, "demo.toml"))
    []
    """
    schema = table.schema
    if schema.kind != "die_range" or schema.roll is None or schema.domain is None:
        return []
    lo, hi = schema.domain
    groups: dict[object, list[tuple[int, int]]] = {}
    for row in table.rows:
        cell = row[schema.roll]
        if not isinstance(cell, DieRange):  # a hand-built table; a loaded one has only ranges
            continue
        name = row[schema.group] if schema.group is not None else None
        groups.setdefault(name, []).append((cell.lo, cell.hi))
    problems: list[str] = []
    for group, ranges in groups.items():
        prefix = f"group {group!r}: " if schema.group is not None else ""
        problems.extend(prefix + problem for problem in coverage_problems(ranges, lo, hi))
    if not groups:
        problems.append(f"gap {lo}-{hi}")
    return problems
