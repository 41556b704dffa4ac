"""Rule tables as versioned TOML data (``tables/<system>/<table>.toml``), validated on load,
with the lookups the rule texts use. The file format is described in ``tables/README.md``.

>>> difficulty = load_table("simply", "difficulty")
>>> [row["name"] for row in difficulty.rows][:3]
['Automatic', 'Very Easy', 'Easy']
>>> difficulty.row_by("name", "Difficult")["modifier"]
-4
>>> str(difficulty.source)
'002_397ff4437f29826d.txt lines 26-36'
"""

from pycore.errors import TableError
from pycore.tables.coverage import check_coverage
from pycore.tables.loader import (
    TABLES_DIR,
    TableInfo,
    list_tables,
    load_table,
    load_table_file,
    parse_table,
    table_versions,
)
from pycore.tables.ranges import DieRange, coverage_problems, die_span, parse_range
from pycore.tables.schema import SUPPORTED_FORMAT, SYSTEMS, TYPES, Column, Schema, Value
from pycore.tables.table import Row, Source, Table

__all__ = [
    "SUPPORTED_FORMAT",
    "SYSTEMS",
    "TABLES_DIR",
    "TYPES",
    "Column",
    "DieRange",
    "Row",
    "Schema",
    "Source",
    "Table",
    "TableError",
    "TableInfo",
    "Value",
    "check_coverage",
    "coverage_problems",
    "die_span",
    "list_tables",
    "load_table",
    "load_table_file",
    "parse_range",
    "parse_table",
    "table_versions",
]
