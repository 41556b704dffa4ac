"""Read rule tables from ``tables/<system>/<table>.toml``, validated before any rule sees them.

>>> table = load_table("simply", "difficulty")
>>> table.id, table.row_by("name", "Difficult")["modifier"]
('SIM-T01', -4)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from pycore.errors import TableError
from pycore.tables.schema import Cell, check_cell, column_from
from pycore.tables.table import Source, Table

# The newest table-file format this code reads; a newer file is refused, never half-read.
FORMAT = 1
SYSTEMS = ("simply", "gurps", "aftermath", "percentile")
KINDS = ("rows", "die_range", "grid")
TABLES_DIR = Path(__file__).resolve().parent.parent.parent / "tables"
TOP_KEYS = {
    "format",
    "system",
    "table",
    "id",
    "title",
    "version",
    "source",
    "kind",
    "key",
    "die",
    "column_keys",
    "columns",
    "rows",
    "notes",
}


def _text(data: Mapping[str, Any], key: str, origin: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise TableError(f"{origin}: '{key}' must be non-empty text, got {value!r}")
    return value


def parse_table(data: Mapping[str, Any], origin: str) -> Table:
    """Validate parsed TOML and build the :class:`Table`; ``origin`` names it in messages."""
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or fmt < 1:
        raise TableError(f"{origin}: 'format' must be a whole number from 1 to {FORMAT}")
    if fmt > FORMAT:
        raise TableError(
            f"{origin}: format {fmt} is newer than this app reads (up to {FORMAT}); update the app"
        )
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise TableError(f"{origin}: unknown keys {sorted(unknown)}")
    system = _text(data, "system", origin)
    if system not in SYSTEMS:
        raise TableError(f"{origin}: system {system!r} is not one of {', '.join(SYSTEMS)}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise TableError(f"{origin}: 'version' must be a whole number of at least 1")
    source = data.get("source")
    if not isinstance(source, Mapping):
        raise TableError(f"{origin}: [source] with 'seed' and 'lines' is required")
    kind = data.get("kind", "rows")
    if kind not in KINDS:
        raise TableError(f"{origin}: kind {kind!r} is not one of {', '.join(KINDS)}")
    die = data.get("die")
    if kind == "die_range" and not isinstance(die, str):
        raise TableError(f"{origin}: a die_range table needs 'die' (e.g. \"d100\")")
    raw_columns = data.get("columns")
    if not isinstance(raw_columns, list) or not raw_columns:
        raise TableError(f"{origin}: at least one [[columns]] entry is required")
    columns = tuple(column_from(c, origin) for c in raw_columns)
    names = [c.name for c in columns]
    if len(set(names)) != len(names):
        raise TableError(f"{origin}: column names repeat: {names}")
    key = data.get("key", names[0])
    if key not in names:
        raise TableError(f"{origin}: key column {key!r} is not among the columns {names}")
    column_keys: tuple[Any, ...] = ()
    if kind == "grid":
        raw_keys = data.get("column_keys")
        if not isinstance(raw_keys, list) or not raw_keys:
            raise TableError(f"{origin}: a grid needs 'column_keys'")
        column_keys = tuple(raw_keys)
        cells = next((c for c in columns if c.name == "cells"), None)
        if cells is None or cells.type != "int_list" or cells.length != len(column_keys):
            raise TableError(
                f"{origin}: a grid needs an int_list column 'cells' of length {len(column_keys)}"
            )
    raw_rows = data.get("rows")
    if not isinstance(raw_rows, list) or not raw_rows:
        raise TableError(f"{origin}: at least one [[rows]] entry is required")
    rows = []
    seen: set[Any] = set()
    for number, raw in enumerate(raw_rows, start=1):
        if not isinstance(raw, Mapping):
            raise TableError(f"{origin} row {number}: must be a table")
        extra = set(raw) - set(names) - {"line"}
        if extra:
            raise TableError(f"{origin} row {number}: unknown columns {sorted(extra)}")
        row: dict[str, Cell] = {}
        for column in columns:
            where = f"{origin} row {number}, column {column.name!r}"
            row[column.name] = check_cell(raw.get(column.name), column, where, die)
        if "line" in raw:
            row["line"] = raw["line"]
        if row[key] in seen:
            raise TableError(f"{origin} row {number}: key {key} = {raw.get(key)!r} repeats")
        seen.add(row[key])
        rows.append(MappingProxyType(row))
    table = Table(
        system=system,
        table=_text(data, "table", origin),
        id=_text(data, "id", origin),
        title=_text(data, "title", origin),
        version=version,
        source=Source(
            _text(source, "seed", origin),
            _text(source, "lines", origin),
            str(source.get("note", "")),
        ),
        kind=kind,
        key=key,
        columns=columns,
        rows=tuple(rows),
        die=die,
        column_keys=column_keys,
    )
    problems = table.coverage()
    if problems:
        raise TableError(f"{origin}: die ranges do not cover {die} exactly: {'; '.join(problems)}")
    return table


def load_table_file(path: Path) -> Table:
    """Load one file; its folder and stem must match its ``system`` and ``table``."""
    origin = f"tables/{path.parent.name}/{path.name}"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TableError(f"{origin}: no such table file") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise TableError(f"{origin}: not valid TOML: {exc}") from None
    table = parse_table(data, origin)
    if (table.system, table.table) != (path.parent.name, path.stem):
        raise TableError(
            f"{origin}: says system {table.system!r}, table {table.table!r}; "
            f"expected {path.parent.name!r}, {path.stem!r} from its path"
        )
    return table


def load_table(system: str, table: str, root: Path = TABLES_DIR) -> Table:
    """Load ``tables/<system>/<table>.toml``."""
    if system not in SYSTEMS:
        raise TableError(f"system {system!r} is not one of {', '.join(SYSTEMS)}")
    if not table.replace("_", "").isalnum():
        raise TableError(f"table name {table!r} may hold only letters, digits and '_'")
    return load_table_file(root / system / f"{table}.toml")


def list_tables(root: Path = TABLES_DIR) -> list[tuple[str, str]]:
    """Every (system, table) on disk, sorted."""
    return sorted((p.parent.name, p.stem) for p in root.glob("*/*.toml"))


@dataclass(frozen=True)
class TableInfo:
    system: str
    table: str
    id: str
    title: str
    version: int
    source: str


def table_versions(root: Path = TABLES_DIR) -> list[TableInfo]:
    """Version and source of every table, for the About page."""
    infos = []
    for system, name in list_tables(root):
        t = load_table(system, name, root)
        infos.append(TableInfo(t.system, t.table, t.id, t.title, t.version, str(t.source)))
    return infos
