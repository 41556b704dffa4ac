"""The ``[schema]`` of a table file: its kind, its columns, and the check every cell passes.

A column is declared once and every row is checked against it (``tables/README.md`` has the
whole format)::

    [[schema.columns]]
    name = "modifier"
    type = "int"          # int, float, str, bool, fraction ("5/2"), range ("01-05", "96-00")
    min = -12             # optional bounds (numbers; for a range, its ends)
    max = 4
    nullable = true       # the cell may be left out (TOML has no null): it reads as None

>>> column = parse_column({"name": "modifier", "type": "int", "min": -12, "max": 4}, "demo")
>>> column.coerce(-4), column.allowed()
(-4, 'int from -12 to 4')
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final, TypeGuard

from pycore.errors import TableError
from pycore.systems.system import SYSTEM_KEYS, systems
from pycore.tables.ranges import DieRange, die_span
from pycore.validate import checked, is_whole

#: The newest table-file ``format`` this code reads. A file with a newer one is refused whole.
SUPPORTED_FORMAT: Final = 1
#: The four rule systems, as folder names under ``tables/``, and their inventory ID prefixes.
SYSTEMS: Final = SYSTEM_KEYS
ID_PREFIXES: Final = {s.key: s.rule_prefix for s in systems()}
TYPES: Final = ("int", "float", "str", "bool", "fraction", "range")
KINDS: Final = ("rows", "die_range", "grid")
#: A grid row keeps its cells, in ``column_keys`` order, under this name.
CELLS: Final = "cells"

Scalar = int | float | str | bool | Fraction | DieRange
Value = Scalar | tuple[Scalar | None, ...] | None
Number = int | float | Fraction

NAME = re.compile(r"[a-z][a-z0-9_]{0,63}", re.ASCII)
_FRACTION = re.compile(r"\s*(-?[0-9]{1,9})\s*(?:/\s*([0-9]{1,9}))?\s*", re.ASCII)
_COLUMN_KEYS = frozenset(
    {
        "name",
        "type",
        "min",
        "max",
        "nullable",
        "default",
        "choices",
        "tokens",
        "list",
        "length",
        "increasing",
        "doc",
    }
)
_SCHEMA_KEYS: Final = {
    "rows": frozenset({"kind", "columns", "key"}),
    "die_range": frozenset(
        {"kind", "columns", "key", "die", "domain", "roll", "group", "open_low", "open_high"}
    ),
    "grid": frozenset({"kind", "columns", "key", "row_key", "column_keys", "cell"}),
}
_NUMERIC = ("int", "float", "fraction")


@checked
def is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number and not a bool (``True`` is an ``int`` in Python).

    >>> is_int(3), is_int(True), is_int(3.0)
    (True, False, False)
    """
    return is_whole(value)


@checked
def is_number(value: object) -> TypeGuard[int | float | Fraction]:
    """Whether ``value`` is an int, a finite float or a Fraction (never a bool).

    >>> is_number(Fraction(1, 3)), is_number(float("nan")), is_number(False)
    (True, False, False)
    """
    if isinstance(value, float):
        return math.isfinite(value)
    return is_int(value) or isinstance(value, Fraction)


def _show(value: object) -> str:
    if isinstance(value, Fraction):
        return f"'{value}'"
    return repr(value)


@dataclass(frozen=True)
class Column:
    """One declared column. ``coerce`` turns a raw TOML value into the column's typed value.

    ``die`` and ``top`` are the die-range table's die and highest value, which a ``range`` cell
    needs to read ``00`` and ``N+``.

    >>> Column("roll", "range", die="d100").coerce("96-00")
    DieRange(lo=96, hi=100, text='96-00')
    """

    name: str
    type: str
    min: Number | None = None
    max: Number | None = None
    nullable: bool = False
    has_default: bool = False
    default: Value = None
    choices: tuple[Scalar, ...] | None = None
    tokens: tuple[str, ...] = ()
    is_list: bool = False
    length: int | None = None
    increasing: bool = False
    doc: str = ""
    die: str | None = None
    top: int | None = None

    def allowed(self) -> str:
        """What the column accepts, in words, for error messages.

        >>> Column("automatic", "str", nullable=True, choices=("success", "failure")).allowed()
        "str, one of 'success', 'failure', or left out"
        >>> Column("roll", "range", die="d100").allowed()
        "range such as '01-05' or '96-00' (00 = 100) on d100"
        """
        if self.type == "range":
            text = "range such as '01-05'"
            if self.die is not None and die_span(self.die) == (1, 100):
                text += " or '96-00' (00 = 100)"
            if self.die is not None:
                text += f" on {self.die}"
        else:
            text = self.type
        if self.min is not None and self.max is not None:
            text += f" from {self.min} to {self.max}"
        elif self.min is not None:
            text += f" of at least {self.min}"
        elif self.max is not None:
            text += f" of at most {self.max}"
        if self.choices is not None:
            text += ", one of " + ", ".join(_show(c) for c in self.choices)
        if self.tokens:
            text += ", or the marks " + ", ".join(repr(t) for t in self.tokens)
        if self.is_list:
            size = f"{self.length} " if self.length is not None else ""
            text = f"a list of {size}({text})"
        if self.nullable:
            text += ", or left out"
        return text

    def coerce(self, value: object) -> Value:
        """The typed value of one cell, or :class:`TableError` saying what is wrong with it.

        >>> Column("hp", "fraction").coerce("5/2")
        Fraction(5, 2)
        >>> Column("locations", "int", is_list=True).coerce([4, 5])
        (4, 5)
        >>> Column("modifier", "int", min=-12, max=4).coerce(7)
        Traceback (most recent call last):
        ...
        pycore.errors.TableError: value 7 is above the maximum 4
        """
        if not self.is_list:
            return self._scalar(value)
        if not isinstance(value, (list, tuple)):
            raise TableError(f"value {_show(value)} is not a list")
        if self.length is not None and len(value) != self.length:
            raise TableError(f"the list has {len(value)} values, not {self.length}")
        return tuple(self._scalar(item) for item in value)

    def _scalar(self, value: object) -> Scalar:
        if isinstance(value, str) and value in self.tokens:
            return value
        typed = _typed(self.type, value, self.die, self.top)
        low: Number | None = None
        high: Number | None = None
        if isinstance(typed, DieRange):
            low, high = typed.lo, typed.hi
        elif not isinstance(typed, (str, bool)):
            low = high = typed
        if self.min is not None and low is not None and low < self.min:
            raise TableError(f"value {_show(value)} is below the minimum {self.min}")
        if self.max is not None and high is not None and high > self.max:
            raise TableError(f"value {_show(value)} is above the maximum {self.max}")
        if self.choices is not None and typed not in self.choices:
            raise TableError(f"value {_show(value)} is not one of the choices")
        return typed


def _typed(kind: str, value: object, die: str | None, top: int | None) -> Scalar:
    """``value`` as ``kind``, or :class:`TableError` (a bool is never a number here)."""
    if kind == "int":
        if is_int(value):
            return value
    elif kind == "float":
        if is_number(value) and not isinstance(value, Fraction):
            return float(value)
    elif kind == "fraction":
        return _fraction(value)
    elif kind == "bool":
        if isinstance(value, bool):
            return value
    elif kind == "str":
        if isinstance(value, str):
            return value
    elif kind == "range":
        if isinstance(value, str):
            return DieRange.parse(value, die, top=top)
        if is_int(value) and value >= 0:
            return DieRange(value, value, str(value))
        raise TableError(f"value {_show(value)} is not a range such as '01-05'")
    raise TableError(f"value {_show(value)} is of type {type(value).__name__}, not {kind}")


def _fraction(value: object) -> Fraction:
    """``"5/2"``, ``"-1/3"`` or a whole number as an exact Fraction; never a float."""
    if is_int(value) or isinstance(value, Fraction):
        return Fraction(value)
    match = _FRACTION.fullmatch(value) if isinstance(value, str) else None
    if match is not None and int(match.group(2) or 1) != 0:
        return Fraction(int(match.group(1)), int(match.group(2) or 1))
    raise TableError(
        f"value {_show(value)} is not a fraction; write it as a string such as '5/2' or a "
        "whole number (a float would not be exact)"
    )


def _bound(raw: object, kind: str, name: str, origin: str) -> Number | None:
    if raw is None:
        return None
    if kind == "fraction" and isinstance(raw, str):
        return _fraction(raw)
    if (kind == "float" and is_number(raw)) or (
        kind in ("int", "range", "fraction") and is_int(raw)
    ):
        return raw
    raise TableError(
        f"{origin}: schema, column {name!r}: bound {_show(raw)} does not suit type {kind!r}; "
        "allowed: a number of the column's type"
    )


@checked
def parse_column(
    raw: object, origin: str, *, die: str | None = None, top: int | None = None
) -> Column:
    """One ``[[schema.columns]]`` entry as a :class:`Column`, checked.

    >>> parse_column({"name": "roll", "type": "range"}, "demo", die="d20").allowed()
    "range such as '01-05' on d20"
    >>> parse_column({"name": "x", "type": "decimal"}, "t.toml")
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: t.toml: schema, column 'x': type 'decimal' is unknown; allowed: int, float, str, bool, fraction, range
    """
    if not isinstance(raw, Mapping):
        raise TableError(f"{origin}: schema: each column must be a table with 'name' and 'type'")
    name = raw.get("name")
    if not isinstance(name, str) or NAME.fullmatch(name) is None:
        raise TableError(
            f"{origin}: schema: column name {name!r} is not allowed; allowed: lower-case "
            "letters, digits and '_', starting with a letter"
        )
    where = f"{origin}: schema, column {name!r}"
    unknown = sorted(set(raw) - _COLUMN_KEYS)
    if unknown:
        raise TableError(
            f"{where}: unknown key {unknown[0]!r}; allowed: {', '.join(sorted(_COLUMN_KEYS))}"
        )
    kind = raw.get("type")
    if kind not in TYPES:
        raise TableError(f"{where}: type {kind!r} is unknown; allowed: {', '.join(TYPES)}")
    flags = {}
    for flag in ("nullable", "list", "increasing"):
        flag_value = raw.get(flag, False)
        if not isinstance(flag_value, bool):
            raise TableError(f"{where}: {flag!r} is {_show(flag_value)}; allowed: true or false")
        flags[flag] = flag_value
    if kind in ("str", "bool") and ("min" in raw or "max" in raw):
        raise TableError(f"{where}: min/max do not apply to type {kind!r}; allowed: choices")
    low = _bound(raw.get("min"), kind, name, origin)
    high = _bound(raw.get("max"), kind, name, origin)
    if low is not None and high is not None and low > high:
        raise TableError(f"{where}: min {low} is above max {high}")
    length = raw.get("length")
    if length is not None and (not flags["list"] or not is_int(length) or length < 1):
        raise TableError(
            f"{where}: 'length' {_show(length)} needs list = true and a whole number >= 1"
        )
    if flags["increasing"] and (kind not in _NUMERIC or flags["list"]):
        raise TableError(f"{where}: 'increasing' applies to a single int, float or fraction column")
    tokens = raw.get("tokens", [])
    if not isinstance(tokens, list) or not all(isinstance(t, str) and t for t in tokens):
        raise TableError(f"{where}: 'tokens' must be a list of non-empty strings, e.g. ['x', '?']")
    doc = raw.get("doc", "")
    if not isinstance(doc, str):
        raise TableError(f"{where}: 'doc' must be text")
    column = Column(
        name=name,
        type=kind,
        min=low,
        max=high,
        nullable=flags["nullable"],
        tokens=tuple(tokens),
        is_list=flags["list"],
        length=length,
        increasing=flags["increasing"],
        doc=doc,
        die=die,
        top=top,
    )
    choices = raw.get("choices")
    if choices is not None:
        if not isinstance(choices, list) or not choices:
            raise TableError(f"{where}: 'choices' must be a non-empty list")
        try:
            typed = tuple(column._scalar(choice) for choice in choices)
        except TableError as exc:
            raise TableError(f"{where}: a choice does not suit the column: {exc}") from None
        column = replace(column, choices=typed)
    if "default" in raw:
        try:
            default = column.coerce(raw["default"])
        except TableError as exc:
            raise TableError(f"{where}: the default does not suit the column: {exc}") from None
        column = replace(column, has_default=True, default=default)
    return column


@dataclass(frozen=True)
class Schema:
    """A table's shape: ``kind``, the columns, the unique key, and the kind's own settings.

    ``rows`` tables are looked up by any column; ``die_range`` tables by a roll (``die`` such as
    ``"d100"``, or ``domain`` for a rating band, with an optional ``group`` column holding
    several sub-tables); ``grid`` tables by (row key, column key).

    >>> parse_schema({"kind": "grid", "row_key": "max", "column_keys": [1, 2],
    ...               "cell": {"type": "int"}, "columns": [{"name": "max", "type": "int"}]},
    ...              "demo").key
    ('max',)
    """

    kind: str
    columns: tuple[Column, ...]
    key: tuple[str, ...] = ()
    die: str | None = None
    domain: tuple[int, int] | None = None
    roll: str | None = None
    group: str | None = None
    open_low: bool = False
    open_high: bool = False
    row_key: str | None = None
    column_keys: tuple[int | str, ...] = ()
    cell: Column | None = None

    def column(self, name: str) -> Column | None:
        """The column called ``name``, or None.

        >>> schema = Schema("rows", (Column("name", "str"),))
        >>> schema.column("name").type, schema.column("nom")
        ('str', None)
        """
        return next((c for c in self.columns if c.name == name), None)

    @property
    def names(self) -> tuple[str, ...]:
        """The column names in declared order (a grid's ``cells`` is not among them).

        >>> Schema("rows", (Column("name", "str"), Column("modifier", "int"))).names
        ('name', 'modifier')
        """
        return tuple(c.name for c in self.columns)


def _names(raw: object, what: str, where: str, names: tuple[str, ...]) -> tuple[str, ...]:
    listed = [raw] if isinstance(raw, str) else raw
    if not isinstance(listed, list) or not listed or not all(isinstance(n, str) for n in listed):
        raise TableError(f"{where}: {what} must be a column name or a list of column names")
    for name in listed:
        if name not in names:
            raise TableError(
                f"{where}: {what} {name!r} is not a column; allowed: {', '.join(names)}"
            )
    return tuple(listed)


@checked
def parse_schema(raw: object, origin: str) -> Schema:
    """The ``[schema]`` table as a :class:`Schema`, checked for its kind.

    >>> s = parse_schema({"kind": "die_range", "die": "d100",
    ...                   "columns": [{"name": "roll", "type": "range"}]}, "demo")
    >>> s.kind, s.roll, s.domain
    ('die_range', 'roll', (1, 100))
    """
    where = f"{origin}: schema"
    if not isinstance(raw, Mapping):
        raise TableError(
            f"{where}: [schema] is missing or not a table; allowed: a table with 'columns'"
        )
    kind = raw.get("kind", "rows")
    if kind not in KINDS:
        raise TableError(f"{where}: kind {kind!r} is unknown; allowed: {', '.join(KINDS)}")
    unknown = sorted(set(raw) - _SCHEMA_KEYS[kind])
    if unknown:
        raise TableError(
            f"{where}: key {unknown[0]!r} does not apply to a {kind!r} table; "
            f"allowed: {', '.join(sorted(_SCHEMA_KEYS[kind]))}"
        )
    die: str | None = None
    domain: tuple[int, int] | None = None
    if kind == "die_range":
        die, domain = _die_and_domain(raw, where)
    raw_columns = raw.get("columns")
    if not isinstance(raw_columns, list) or not raw_columns:
        raise TableError(f"{where}: 'columns' must list at least one column")
    top = None if domain is None else domain[1]
    columns = tuple(parse_column(c, origin, die=die, top=top) for c in raw_columns)
    names = tuple(c.name for c in columns)
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise TableError(f"{where}: column {repeated[0]!r} is declared twice")
    key = _names(raw["key"], "key", where, names) if "key" in raw else ()
    schema = Schema(kind=kind, columns=columns, key=key, die=die, domain=domain)
    if kind == "die_range":
        return _die_range_schema(schema, raw, where)
    if kind == "grid":
        return _grid_schema(schema, raw, origin)
    return schema


def _die_and_domain(raw: Mapping[str, Any], where: str) -> tuple[str | None, tuple[int, int]]:
    die, domain = raw.get("die"), raw.get("domain")
    if (die is None) == (domain is None):
        raise TableError(
            f"{where}: a die_range table needs exactly one of 'die' (e.g. \"d100\") and "
            "'domain' (e.g. [0, 74] for a rating band)"
        )
    if die is not None:
        try:
            return die.strip(), die_span(die)
        except (TableError, AttributeError) as exc:
            reason = exc if isinstance(exc, TableError) else f"die {die!r} is not text"
            raise TableError(f"{where}: {reason}") from None
    if (
        not isinstance(domain, list)
        or len(domain) != 2
        or not all(is_int(d) and d >= 0 for d in domain)
        or domain[0] > domain[1]
    ):
        raise TableError(f"{where}: domain {domain!r} must be [lo, hi] with 0 <= lo <= hi")
    return None, (domain[0], domain[1])


def _die_range_schema(schema: Schema, raw: Mapping[str, Any], where: str) -> Schema:
    ranges = [c.name for c in schema.columns if c.type == "range" and not c.is_list]
    roll = raw.get("roll")
    if roll is None:
        if len(ranges) != 1:
            raise TableError(
                f"{where}: name the roll column with 'roll'; range columns: {ranges or 'none'}"
            )
        roll = ranges[0]
    if roll not in ranges:
        raise TableError(f"{where}: roll column {roll!r} is not a range column; allowed: {ranges}")
    roll_column = schema.column(roll)
    assert roll_column is not None
    if roll_column.nullable or roll_column.tokens or roll_column.has_default:
        raise TableError(f"{where}: roll column {roll!r} must be given on every row")
    group = raw.get("group")
    if group is not None:
        group = _names(group, "group", where, schema.names)[0]
    flags = []
    for flag in ("open_low", "open_high"):
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            raise TableError(f"{where}: {flag!r} is {value!r}; allowed: true or false")
        flags.append(value)
    return replace(schema, roll=roll, group=group, open_low=flags[0], open_high=flags[1])


def _grid_schema(schema: Schema, raw: Mapping[str, Any], origin: str) -> Schema:
    where = f"{origin}: schema"
    if CELLS in schema.names:
        raise TableError(
            f"{where}: a grid keeps its cells in 'cells'; do not declare it as a column"
        )
    row_key = _names(raw.get("row_key"), "row_key", where, schema.names)[0]
    keys = raw.get("column_keys")
    if (
        not isinstance(keys, list)
        or not keys
        or not (all(is_int(k) for k in keys) or all(isinstance(k, str) for k in keys))
    ):
        raise TableError(
            f"{where}: 'column_keys' must be a non-empty list of all ints or all strings"
        )
    if len(set(keys)) != len(keys):
        raise TableError(f"{where}: 'column_keys' repeat a key")
    cell = raw.get("cell")
    if not isinstance(cell, Mapping):
        raise TableError(f"{where}: a grid needs 'cell', e.g. {{ type = \"int\", min = 1 }}")
    cell_column = parse_column({"name": CELLS, **cell}, origin)
    if cell_column.is_list or cell_column.increasing:
        raise TableError(f"{where}: a grid's cell is one value ('list'/'increasing' do not apply)")
    key = schema.key or (row_key,)
    return replace(schema, row_key=row_key, column_keys=tuple(keys), cell=cell_column, key=key)
