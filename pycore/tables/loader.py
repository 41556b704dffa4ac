"""Read rule tables from ``tables/<system>/<table>.toml`` and validate them before any rule sees
them. ``tables/README.md`` describes the file format.

The folder is found from this file (``pycore/tables/loader.py`` → the repository root), which
holds in the browser too: the app's zip unpacks ``pycore/`` and ``tables/`` side by side.

Every problem is a :class:`~pycore.errors.TableError` naming the file and, for a cell, the row
number, the column, the value and what the column allows. A file whose ``format`` is newer than
:data:`~pycore.tables.schema.SUPPORTED_FORMAT` is refused whole, never half-read.

>>> table = load_table("simply", "difficulty")
>>> table.id, table.version, table.row_by("name", "Difficult")["modifier"]
('SIM-T01', 1, -4)
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from pycore.errors import TableError
from pycore.tables.coverage import check_coverage
from pycore.tables.ranges import MAX_DIGITS
from pycore.tables.schema import (
    CELLS,
    ID_PREFIXES,
    NAME,
    SUPPORTED_FORMAT,
    SYSTEMS,
    Column,
    Schema,
    Value,
    is_int,
    parse_schema,
)
from pycore.tables.table import Row, Source, Table
from pycore.validate import checked

_ROOT = Path(__file__).resolve().parent.parent.parent
#: The repository's ``tables/`` folder (``pycore/tables/loader.py`` → repo root). The page
#: imports the code from its zip (web/snapshot.mjs) and unpacks the tables beside that zip.
TABLES_DIR: Final = (_ROOT.parent if _ROOT.suffix == ".zip" else _ROOT) / "tables"
#: Most rows in one table, and most problems listed in one error message.
MAX_ROWS: Final = 10_000
MAX_PROBLEMS: Final = 25

REQUIRED: Final = (
    "format",
    "system",
    "table",
    "id",
    "title",
    "version",
    "source",
    "schema",
    "rows",
)
OPTIONAL: Final = ("meta",)
_SEED = re.compile(r"[0-9]{3}_[0-9a-f]{16}\.txt", re.ASCII)
_LINE = rf"[0-9]{{1,{MAX_DIGITS}}}(?:-[0-9]{{1,{MAX_DIGITS}}})?"
_LINES = re.compile(rf"{_LINE}(?:, ?{_LINE})*", re.ASCII)


def _whole(value: object, key: str, origin: str) -> int:
    if not is_int(value) or value < 1:
        raise TableError(f"{origin}: {key!r} is {value!r}; allowed: a whole number of at least 1")
    return value


def _text(value: object, key: str, origin: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TableError(f"{origin}: {key!r} is {value!r}; allowed: non-empty text")
    return value


def _check_format(data: Mapping[str, Any], origin: str) -> int:
    if "format" not in data:
        raise TableError(
            f"{origin}: missing key 'format'; allowed: a table-file format from 1 to "
            f"{SUPPORTED_FORMAT}"
        )
    fmt = _whole(data["format"], "format", origin)
    if fmt > SUPPORTED_FORMAT:
        raise TableError(
            f"{origin}: table format {fmt} is newer than this version of Rulekeeper reads "
            f"(newest supported format: {SUPPORTED_FORMAT}); update Rulekeeper to use this file"
        )
    return fmt


def _source(raw: object, origin: str) -> Source:
    where = f"{origin}: source"
    if not isinstance(raw, Mapping):
        raise TableError(
            f"{where}: must be a table with 'seed' and 'lines' (and an optional 'note')"
        )
    unknown = sorted(set(raw) - {"seed", "lines", "note"})
    if unknown:
        raise TableError(f"{where}: unknown key {unknown[0]!r}; allowed: seed, lines, note")
    seed, lines, note = raw.get("seed"), raw.get("lines"), raw.get("note", "")
    if not isinstance(seed, str) or _SEED.fullmatch(seed) is None:
        raise TableError(
            f"{where}: seed {seed!r} is not a seed file name; allowed: e.g. "
            "'002_397ff4437f29826d.txt'"
        )
    if not isinstance(lines, str) or _LINES.fullmatch(lines) is None:
        raise TableError(f"{where}: lines {lines!r}; allowed: e.g. '26-36' or '18-20, 69'")
    for part in lines.split(","):
        first, _, last = part.strip().partition("-")
        if int(first) < 1 or (last and int(last) < int(first)):
            raise TableError(
                f"{where}: lines {lines!r} has the range {part.strip()!r} backwards or at 0"
            )
    if not isinstance(note, str):
        raise TableError(f"{where}: note {note!r}; allowed: text")
    return Source(seed, lines, note)


def _freeze(value: Any) -> Any:
    """A read-only copy of parsed TOML: tables become mapping proxies, arrays tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): _freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _row(raw: object, number: int, schema: Schema, origin: str, problems: list[str]) -> Row:
    """One row, typed; each problem is appended to ``problems`` with its row and column."""
    if not isinstance(raw, Mapping):
        problems.append(f"{origin}: row {number}: is {raw!r}; allowed: a table of column = value")
        return MappingProxyType({})
    columns = list(schema.columns)
    if schema.cell is not None:
        columns.append(schema.cell)
    allowed_names = [c.name for c in columns]
    for name in raw:
        if name not in allowed_names:
            problems.append(
                f"{origin}: row {number}, column {name!r}: unknown column (value "
                f"{raw[name]!r}); allowed: {', '.join(allowed_names)}"
            )
    row: dict[str, Value] = {}
    for column in columns:
        row[column.name] = _cell(raw, number, column, schema, origin, problems)
    return MappingProxyType(row)


def _cell(
    raw: Mapping[str, Any],
    number: int,
    column: Column,
    schema: Schema,
    origin: str,
    problems: list[str],
) -> Value:
    where = f"{origin}: row {number}, column {column.name!r}"
    value = raw.get(column.name)
    if value is None:  # left out (TOML has no null; a dict built in Python may say None)
        if column.has_default:
            return column.default
        if column.nullable:
            return None
        problems.append(f"{where}: missing; allowed: {column.allowed()}")
        return None
    if column.name == CELLS and schema.cell is not None:
        return _grid_cells(value, where, column, schema, problems)
    try:
        return column.coerce(value)
    except TableError as exc:
        problems.append(f"{where}: {_because(exc, column)}")
        return None


def _because(exc: TableError, column: Column) -> str:
    """The cell's problem and what the column allows (once, if the problem says it already)."""
    reason = str(exc)
    return reason if "; allowed:" in reason else f"{reason}; allowed: {column.allowed()}"


def _grid_cells(
    value: object, where: str, column: Column, schema: Schema, problems: list[str]
) -> Value:
    keys = schema.column_keys
    if not isinstance(value, list) or len(value) != len(keys):
        size = len(value) if isinstance(value, list) else "not a list"
        problems.append(
            f"{where}: has {size} cells; allowed: a list of {len(keys)} cells, one per column key "
            f"({keys[0]!r} to {keys[-1]!r}), each {column.allowed()}"
        )
        return None
    cells: list[Any] = []
    for key, item in zip(keys, value, strict=True):
        if item is None and column.nullable:  # only a dict built in Python can hold None
            cells.append(None)
            continue
        try:
            cells.append(column.coerce(item))
        except TableError as exc:
            problems.append(f"{where}, cell {key!r}: {_because(exc, column)}")
            cells.append(None)
    return tuple(cells)


def _check_keys(rows: list[Row], schema: Schema, origin: str, problems: list[str]) -> None:
    if schema.key:
        seen: dict[tuple[Any, ...], int] = {}
        for number, row in enumerate(rows, start=1):
            key = tuple(_hashable(row.get(name)) for name in schema.key)
            if key in seen:
                shown = ", ".join(f"{n} = {row.get(n)!r}" for n in schema.key)
                problems.append(
                    f"{origin}: row {number}, column {schema.key[0]!r}: value {shown} repeats "
                    f"row {seen[key]}; allowed: a key ({', '.join(schema.key)}) unique to one row"
                )
            else:
                seen[key] = number
    for column in schema.columns:
        if not column.increasing:
            continue
        previous: tuple[int, Any] | None = None
        for number, row in enumerate(rows, start=1):
            value = row.get(column.name)
            if value is None or isinstance(value, str):
                continue
            if previous is not None and not value > previous[1]:
                problems.append(
                    f"{origin}: row {number}, column {column.name!r}: value {value} is not "
                    f"above row {previous[0]}'s {previous[1]}; allowed: values increasing "
                    "down the table"
                )
            previous = (number, value)


def _hashable(value: object) -> object:
    # As a key True must not equal 1 (nor the text "True").
    return (bool, value) if isinstance(value, bool) else value


@checked
def parse_table(data: Mapping[str, Any], origin: str) -> Table:
    """Validate parsed TOML (or an equivalent dict) and build the :class:`Table`.

    ``origin`` names the table in every message (the loaders pass the file's path).

    >>> data = {"format": 1, "system": "simply", "table": "demo", "id": "SIM-T99",
    ...         "title": "Demo", "version": 1,
    ...         "source": {"seed": "002_397ff4437f29826d.txt", "lines": "26-36"},
    ...         "schema": {"key": "name", "columns": [{"name": "name", "type": "str"},
    ...                    {"name": "modifier", "type": "int", "min": -12, "max": 4}]},
    ...         "rows": [{"name": "Easy", "modifier": 2}, {"name": "Hard", "modifier": -5}]}
    >>> parse_table(data, "demo.toml").row_by("name", "Hard")["modifier"]
    -5
    >>> data["rows"][1]["modifier"] = 7
    >>> parse_table(data, "demo.toml")
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: demo.toml: row 2, column 'modifier': value 7 is above the maximum 4; allowed: int from -12 to 4
    """
    if not isinstance(data, Mapping):
        raise TableError(f"{origin}: is {type(data).__name__}; allowed: a table (TOML document)")
    fmt = _check_format(data, origin)
    unknown = sorted(set(data) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise TableError(
            f"{origin}: unknown key {unknown[0]!r}; allowed: {', '.join(REQUIRED + OPTIONAL)}"
        )
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise TableError(
            f"{origin}: missing key {', '.join(map(repr, missing))}; "
            f"required: {', '.join(REQUIRED)}"
        )
    system = data["system"]
    if system not in SYSTEMS:
        raise TableError(f"{origin}: system {system!r} is unknown; allowed: {', '.join(SYSTEMS)}")
    name = data["table"]
    if not isinstance(name, str) or NAME.fullmatch(name) is None:
        raise TableError(
            f"{origin}: table {name!r} is not a table name; allowed: lower-case letters, digits "
            "and '_', starting with a letter (the file's stem)"
        )
    table_id = data["id"]
    prefix = ID_PREFIXES[system]
    if (
        not isinstance(table_id, str)
        or re.fullmatch(rf"{prefix}-[TM][0-9]{{2,3}}", table_id) is None
    ):
        raise TableError(
            f"{origin}: id {table_id!r} is not a {system} table ID; allowed: e.g. "
            f"'{prefix}-T01' (or '{prefix}-M01' for a table the text names but omits)"
        )
    title = _text(data["title"], "title", origin)
    version = _whole(data["version"], "version", origin)
    source = _source(data["source"], origin)
    schema = parse_schema(data["schema"], origin)
    raw_rows = data["rows"]
    if not isinstance(raw_rows, list) or not raw_rows or len(raw_rows) > MAX_ROWS:
        raise TableError(f"{origin}: rows; allowed: a list of 1 to {MAX_ROWS} [[rows]] tables")
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise TableError(f"{origin}: meta is {meta!r}; allowed: a table ([meta])")
    problems: list[str] = []
    rows = [_row(raw, number, schema, origin, problems) for number, raw in enumerate(raw_rows, 1)]
    if not problems:
        _check_keys(rows, schema, origin, problems)
    if problems:
        more = len(problems) - MAX_PROBLEMS
        shown = problems[:MAX_PROBLEMS] + ([f"... and {more} more"] if more > 0 else [])
        raise TableError("\n".join(shown))
    table = Table(
        system=system,
        table=name,
        id=table_id,
        title=title,
        version=version,
        source=source,
        schema=schema,
        rows=tuple(rows),
        meta=_freeze(meta),
        origin=origin,
        format=fmt,
    )
    gaps = check_coverage(table)
    if gaps:
        span = (
            f"{schema.die} ({schema.domain[0]}-{schema.domain[1]})"
            if schema.die and schema.domain
            else f"the domain {schema.domain}"
        )
        raise TableError(
            f"{origin}: column {schema.roll!r}: the die ranges do not cover {span} exactly "
            f"once: {'; '.join(gaps)}; allowed: every total on exactly one row"
        )
    return table


def _origin(path: Path) -> str:
    """The path as messages show it: relative to the repository when it lies inside."""
    try:
        return path.resolve().relative_to(TABLES_DIR.parent).as_posix()
    except ValueError:
        return path.as_posix()


@checked
def load_table_file(path: str | Path) -> Table:
    """Load one table file; its folder and file name must match its ``system`` and ``table``.

    >>> load_table_file(TABLES_DIR / "simply" / "difficulty.toml").title
    'Task difficulty'
    >>> load_table_file(TABLES_DIR / "simply" / "nothing.toml")
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: tables/simply/nothing.toml: no such table file
    """
    path = Path(path)
    stat = _stat(path)
    return _load_cached(str(path), stat[0], stat[1])


def _stat(path: Path) -> tuple[int, int]:
    try:
        info = path.stat()
    except OSError:
        raise TableError(f"{_origin(path)}: no such table file") from None
    return info.st_mtime_ns, info.st_size


@functools.lru_cache(maxsize=256)
def _load_cached(name: str, mtime_ns: int, size: int) -> Table:
    # Keyed by modification time and size too, so an edited file is read again; a table is
    # immutable, so one copy can serve every page render.
    del mtime_ns, size
    path = Path(name)
    origin = _origin(path)
    try:
        text = path.read_bytes().decode("utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise TableError(f"{origin}: cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise TableError(f"{origin}: is not UTF-8 text: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{origin}: is not valid TOML: {exc}") from None
    table = parse_table(data, origin)
    folder, stem = path.parent.name, path.stem
    if table.system != folder:
        raise TableError(
            f"{origin}: system {table.system!r} does not match its folder {folder!r}; "
            f"allowed: {folder!r} (or move the file to tables/{table.system}/)"
        )
    if table.table != stem:
        raise TableError(
            f"{origin}: table {table.table!r} does not match its file name {stem!r}; "
            f"allowed: {stem!r}"
        )
    return table


@checked
def load_table(system: str, table: str, root: Path = TABLES_DIR) -> Table:
    """Load ``tables/<system>/<table>.toml`` (``root`` is for tests).

    >>> load_table("simply", "difficulty").row_by("name", "Near Impossible")["modifier"]
    -12
    >>> load_table("simply", "../secrets")
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: table '../secrets' is not a table name; allowed: lower-case letters, digits and '_', starting with a letter
    """
    if system not in SYSTEMS:
        raise TableError(f"system {system!r} is unknown; allowed: {', '.join(SYSTEMS)}")
    if not isinstance(table, str) or NAME.fullmatch(table) is None:
        raise TableError(
            f"table {table!r} is not a table name; allowed: lower-case letters, digits and '_', "
            "starting with a letter"
        )
    return load_table_file(root / system / f"{table}.toml")


@checked
def list_tables(root: Path = TABLES_DIR) -> list[tuple[str, str]]:
    """Every ``(system, table)`` with a file under ``root``, sorted.

    >>> ("simply", "difficulty") in list_tables()
    True
    """
    return sorted((path.parent.name, path.stem) for path in root.glob("*/*.toml"))


@dataclass(frozen=True)
class TableInfo:
    """One line of the About page's table list.

    >>> info = table_versions()[0]
    >>> isinstance(info, TableInfo) and info.version >= 1
    True
    """

    system: str
    table: str
    id: str
    title: str
    version: int
    source: Source


@checked
def table_versions(root: Path = TABLES_DIR) -> list[TableInfo]:
    """ID, version and source of every table on disk (each one loaded, so validated).

    >>> [(t.id, t.version, str(t.source)) for t in table_versions() if t.table == "difficulty"]
    [('SIM-T01', 1, '002_397ff4437f29826d.txt lines 26-36')]
    """
    infos = []
    for system, name in list_tables(root):
        t = load_table(system, name, root)
        infos.append(TableInfo(t.system, t.table, t.id, t.title, t.version, t.source))
    return infos
