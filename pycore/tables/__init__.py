"""Rule tables as versioned data files, validated on load, with the lookups the texts use.

>>> difficulty = load_table("simply", "difficulty")
>>> [row["name"] for row in difficulty.rows][:3]
['Automatic', 'Very Easy', 'Easy']
"""

from pycore.tables.loader import (
    FORMAT,
    TABLES_DIR,
    TableInfo,
    list_tables,
    load_table,
    load_table_file,
    parse_table,
    table_versions,
)
from pycore.tables.ranges import coverage_problems, die_span, parse_range
from pycore.tables.schema import Column
from pycore.tables.table import Row, Source, Table

__all__ = [
    "FORMAT",
    "TABLES_DIR",
    "Column",
    "Row",
    "Source",
    "Table",
    "TableInfo",
    "coverage_problems",
    "die_span",
    "list_tables",
    "load_table",
    "load_table_file",
    "parse_range",
    "parse_table",
    "table_versions",
]
