"""The schemas of the game master's tables (PCT-M01–M18, R-E) and their validation: for each
table the text names but does not print, its name, lines, the rules that use it, the single
value those rules ask for while it is empty, and the columns with their types and ranges. The
files and look-ups are in :mod:`pycore.systems.percentile.gmtables`.

>>> GM_TABLES["PCT-M04"].name
'Percent to Hit (Table #3-1)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pycore.errors import DiceError, TableError
from pycore.systems.percentile.damage import ORGAN_SYSTEMS
from pycore.systems.percentile.limits import MAX_ROWS
from pycore.tables import Table, parse_table
from pycore.validate import checked


def _col(name: str, type_: str, **opts: Any) -> dict[str, Any]:
    return {"name": name, "type": type_, **opts}


def _band(prefix: str, type_: str, low: Any, high: Any, doc: str) -> list[dict[str, Any]]:
    return [
        _col(f"{prefix}_low", type_, min=low, max=high, doc=f"{doc}: lowest value of the band"),
        _col(f"{prefix}_high", type_, min=low, max=high, doc=f"{doc}: highest value of the band"),
    ]


#: Table #3-1's cells go above 100 (the published table's highest is 929).
MAX_PERCENT_TO_HIT = 999

#: A column's type as the GM reads it.
TYPE_WORDS = {"int": "whole number", "fraction": "number", "float": "number", "str": "text"}


@checked
def words(key: str) -> str:
    """A column's CSV key as words on the screen (plain words: no settings keys shown).

    >>> words("percent_to_hit")
    'percent to hit'
    """
    return key.replace("_", " ")


@dataclass(frozen=True)
class GMTable:
    """One missing table: its id, the text's name and lines, the rules that use it, the
    single-value field those rules ask for while it is empty, and its schema."""

    id: str
    title: str
    lines: str
    rules: str
    fallback: str
    schema: Mapping[str, Any]
    bands: tuple[str, ...] = ()  # band prefixes: rows whose every band overlaps are refused
    group: str | None = None  # per-group checks (one sub-table per race, damage type, ...)

    @property
    def name(self) -> str:
        """The text's own name for the table, as the screen shows it.

        >>> GM_TABLES["PCT-M01"].name, GM_TABLES["PCT-M12"].name
        ('Alertness Conditions (Table #3-5)', 'Severity tables')
        """
        what, _, number = self.title.partition(", ")
        return f"{what} ({number})" if number else what

    @property
    def columns(self) -> list[str]:
        return [str(c["name"]) for c in self.schema["columns"]]

    def column_help(self) -> list[str]:
        """Each column in words, as the GM reads it (its CSV header key is under "How").

        >>> GM_TABLES["PCT-M03"].column_help()
        ['action (text)', 'ap cost (number, 0 to 10000)']
        """
        out = []
        for c in self.schema["columns"]:
            bits = [TYPE_WORDS.get(str(c["type"]), str(c["type"]))]
            if "min" in c:
                bits.append(f"{c['min']} to {c['max']}")
            if "choices" in c:
                bits.append("one of " + ", ".join(str(x) for x in c["choices"]))
            if c.get("nullable") or "default" in c:
                bits.append("optional")
            out.append(f"{words(str(c['name']))} ({', '.join(bits)})")
        return out


_D10 = {"kind": "die_range", "die": "d10", "roll": "roll"}
_SYSTEMS = list(ORGAN_SYSTEMS)

GM_TABLES: dict[str, GMTable] = {
    t.id: t
    for t in (
        GMTable(
            "PCT-M01",
            "Alertness Conditions, Table #3-5",
            "49",
            "PCT-10, 13, 14, 16, 17",
            "Alertness % per side (a2) or character (a3)",
            {
                "kind": "rows",
                "key": "name",
                "columns": [
                    _col("level", "int", min=1, max=50, increasing=True, doc="least alert first"),
                    _col("name", "str"),
                    _col("percent", "int", min=0, max=100),
                ],
            },
        ),
        GMTable(
            "PCT-M02",
            "Damage modifiers, Table #3-7.0",
            "49, 56, 64, 74",
            "PCT-11, 28",
            "damage modifier on the sheet; stun modifier per attack",
            {
                "kind": "rows",
                "columns": [
                    *_band("damage", "int", 0, 50000, "damage points taken"),
                    _col("modifier", "int", min=-100000, max=100000),
                ],
            },
            bands=("damage",),
        ),
        GMTable(
            "PCT-M03",
            "Action costs, Table #3-6",
            "68, 78",
            "PCT-24, 29",
            "AP typed per action",
            {
                "kind": "rows",
                "key": "action",
                "columns": [_col("action", "str"), _col("ap_cost", "fraction", min=0, max=10000)],
            },
        ),
        GMTable(
            "PCT-M04",
            "Percent to Hit, Table #3-1",
            "89, 91",
            "PCT-33, 34, 44",
            "Percent to Hit per attack",
            {
                "kind": "rows",
                "columns": [
                    *_band("skill", "int", -100, 100, "MARKSmanship or BRAWLmanship"),
                    # as published: fractional range rows (.25, .50, .75, 1.5 …) and cells above
                    # 100 (up to 929): the GM types them as printed (issue 29 item 6)
                    *_band("range_m", "fraction", 0, 100000, "range in meters"),
                    _col("percent_to_hit", "int", min=0, max=MAX_PERCENT_TO_HIT),
                ],
            },
            bands=("skill", "range_m"),
        ),
        GMTable(
            "PCT-M05",
            "Adversity modifiers, Tables 7.0-7.4",
            "92",
            "PCT-34",
            "adversity total per attack",
            {
                "kind": "rows",
                "key": "condition",
                "columns": [_col("condition", "str"), _col("value", "int", min=-100, max=100)],
            },
        ),
        GMTable(
            "PCT-M06",
            "Percent Against, Table #3-2",
            "92",
            "PCT-34",
            "Percent Against per attack",
            {
                "kind": "rows",
                "columns": [
                    *_band("adversity", "int", -1000, 1000, "adversity total"),
                    _col("percent_against", "int", min=0, max=100),
                ],
            },
            bands=("adversity",),
        ),
        GMTable(
            "PCT-M07",
            "Random hit, Table #3-3.4",
            "97, 124, 129",
            "PCT-35, 36, 40",
            "body part chosen by the GM",
            {
                **_D10,
                "group": "race",
                "columns": [
                    _col("race", "str"),
                    _col("roll", "range"),
                    _col("instruction", "str"),
                    _col("body_part", "str", nullable=True),
                ],
            },
            group="race",
        ),
        GMTable(
            "PCT-M08",
            "Throwing distance, Table #3-4.0",
            "105",
            "PCT-37",
            "throwing distance per attack",
            {
                "kind": "rows",
                "columns": [
                    *_band("strength", "int", 0, 100, "Physical Strength"),
                    *_band("weight_kg", "fraction", 0, 10000, "object weight in kg"),
                    _col("distance_m", "fraction", min=0, max=100000),
                ],
            },
            bands=("strength", "weight_kg"),
        ),
        GMTable(
            "PCT-M09",
            "Grenade bounce, Table #3-4.1",
            "112",
            "PCT-38",
            "bounces: the GM says",
            {
                "kind": "rows",
                "columns": [
                    *_band("roll", "int", 1, 100, "the GM's roll"),
                    _col("bounces", "int", min=0, max=100),
                ],
            },
            bands=("roll",),
        ),
        GMTable(
            "PCT-M10",
            "Grenade bounce chart",
            "112",
            "PCT-38",
            "landing: the GM says",
            {
                "kind": "rows",
                "columns": [*_band("roll", "int", 1, 100, "the GM's roll"), _col("landing", "str")],
            },
            bands=("roll",),
        ),
        GMTable(
            "PCT-M11",
            "Damage-type tables 3-16 to 3-23",
            "124-130",
            "PCT-40",
            "DAMAGE PERCENTAGE per attack",
            {
                **_D10,
                "group": "damage_type",
                "columns": [
                    _col("damage_type", "str"),
                    _col("roll", "range"),
                    _col("title", "str"),
                    _col("description", "str", default=""),
                    _col("severity_table", "str"),
                    _col("damage_percentage", "fraction", min=0, max=1000),
                ],
            },
            group="damage_type",
        ),
        GMTable(
            "PCT-M12",
            "Severity tables",
            "125",
            "PCT-41",
            "severity result: the GM reads it",
            {
                **_D10,
                "group": "severity_table",
                "columns": [
                    _col("severity_table", "str"),
                    _col("roll", "range"),
                    _col("title", "str"),
                    _col("description", "str", default=""),
                ],
            },
            group="severity_table",
        ),
        GMTable(
            "PCT-M13",
            "Damage points, Table #3-3",
            "139, 161",
            "PCT-43, 54",
            "damage points (Table #3-3) per attack",
            {
                "kind": "rows",
                "columns": [
                    *_band("wep_mod", "int", -1000, 1000, "WEP MOD"),
                    *_band("range_m", "int", 0, 100000, "range in meters"),
                    _col("damage", "int", min=0, max=5000),
                ],
            },
            bands=("wep_mod", "range_m"),
        ),
        GMTable(
            "PCT-M14",
            "Description tables 3-8 to 3-14",
            "125, 149, 155",
            "PCT-49, 50, 51",
            "none: the category label and AD chain are shown as labels",
            {
                "kind": "rows",
                "key": ["damage_type", "category"],
                "columns": [
                    _col("damage_type", "str"),
                    _col("category", "int", min=1, max=20),
                    _col("description", "str"),
                    _col("ends_damage_type", "bool", default=False),
                    _col("exoskeleton", "str", default=""),
                ],
            },
            group="damage_type",
        ),
        GMTable(
            "PCT-M15",
            "Organ multipliers, Table #3-3.1",
            "158",
            "PCT-52, 53, 54",
            "multiplier per organ system on the worksheet",
            {
                "kind": "rows",
                "key": "body_part",
                "columns": [
                    _col("body_part", "str"),
                    *[_col(s, "fraction", min=0, max=100) for s in _SYSTEMS],
                ],
            },
        ),
        GMTable(
            "PCT-M16",
            "Organ damage tables 3-15.1 to 3-15.4",
            "158",
            "PCT-52, 54",
            "none: the organ DP is shown alone",
            {
                "kind": "rows",
                "columns": [
                    _col("system", "str", choices=_SYSTEMS),
                    *_band("dp", "fraction", 0, 500000, "organ DP"),
                    _col("description", "str"),
                ],
            },
            bands=("dp",),
            group="system",
        ),
        GMTable(
            "PCT-M17",
            "Weapon and attack data sheets",
            "81, 121, 131, 139, 149",
            "PCT-30, 31, 39-43, 49",
            "weapon fields entered on the character sheet",
            {
                "kind": "rows",
                "key": "name",
                "columns": [
                    _col("name", "str"),
                    _col("category", "str", choices=["hth", "weaponry", "grenade"]),
                    _col("attack_dif", "int", min=-100, max=100, nullable=True),
                    _col("wep_dif", "int", min=-100, max=100, nullable=True),
                    _col("wep_mod", "int", min=-1000, max=1000, nullable=True),
                    _col("damage_die", "str", nullable=True),
                    _col("damage_type", "str", nullable=True),
                    _col("weight_kg", "fraction", min=0, max=10000, nullable=True),
                ],
            },
        ),
        GMTable(
            "PCT-M18",
            "Character generation: body parts",
            "78, 149",
            "PCT-25-29, 45-48",
            "body parts entered on the character sheet",
            {
                "kind": "rows",
                "key": ["race", "body_part"],
                "columns": [
                    _col("race", "str"),
                    _col("body_part", "str"),
                    _col("points", "int", min=1, max=5000),
                ],
            },
        ),
    )
}


SEED = "000_3a834ccfd7e05c13.txt"


def _spec(table_id: str) -> GMTable:
    if table_id not in GM_TABLES:
        raise TableError(f"GM table {table_id!r} is unknown")
    return GM_TABLES[table_id]


def _name(spec: GMTable) -> str:
    return f"GM table {spec.name}"


def validate_gm_table(table_id: str, rows: Sequence[Mapping[str, Any]]) -> Table:
    """Check the GM's rows against the table's schema; return the loaded table.

    >>> validate_gm_table("PCT-M07", [{"race": "human", "roll": "1-5", "instruction": "left arm"}])
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: GM table Random hit (Table #3-3.4): column 'roll': the die ranges do not cover d10 (1-10) exactly once: group 'human': gap 6-10; allowed: every total on exactly one row
    """
    spec = _spec(table_id)
    name = _name(spec)
    if not isinstance(rows, Sequence) or isinstance(rows, (str, bytes)):
        raise TableError(f"{name}: rows must be a list of objects")
    if not rows:
        raise TableError(f"{name}: no rows; enter at least one row, or leave the table empty")
    if len(rows) > MAX_ROWS:
        raise TableError(f"{name}: {len(rows)} rows; the limit is {MAX_ROWS}")
    for i, row in enumerate(rows, 1):
        if not isinstance(row, Mapping):
            raise TableError(
                f"{name}: row {i} must be an object with the columns {', '.join(spec.columns)}"
            )
    data = {
        "format": 1,
        "system": "percentile",
        "table": spec.id.lower().replace("-", "_"),
        "id": spec.id,
        "title": spec.title,
        "version": 1,
        "source": {"seed": SEED, "lines": spec.lines, "note": "entered by the game master"},
        "schema": dict(spec.schema),
        "rows": [_exact_cells(spec, r) for r in rows],
    }
    try:
        table = parse_table(data, name)
        _check_bands(spec, table, name)
        _check_extra(spec, table, name)
    except TableError as exc:
        raise TableError(_tidy(str(exc), name, spec)) from None
    return table


def _exact_cells(spec: GMTable, row: Mapping[str, Any]) -> dict[str, Any]:
    """The row for the loader: a decimal typed in a fraction column (".25", as Table #3-1 prints
    its range rows) read exactly ("1/4"); the GM's rows keep the text as typed."""
    out = dict(row)
    for col in spec.schema["columns"]:
        value = out.get(col["name"])
        if col["type"] == "fraction" and isinstance(value, str) and "." in value:
            with suppress(ValueError):  # not a number: the loader says so, naming the column
                out[col["name"]] = str(Fraction(value.strip()))
    return out


def _tidy(message: str, name: str, spec: GMTable) -> str:
    # The loader words coverage problems for files; keep its text but one clear prefix, and
    # name each column in words as the editor shows it.
    for key in spec.columns:
        message = message.replace(f"'{key}'", f"'{words(key)}'")
    return message if message.startswith(name) else f"{name}: {message}"


def _check_bands(spec: GMTable, table: Table, name: str) -> None:
    spans: list[list[tuple[Fraction, Fraction]]] = []
    for i, row in enumerate(table.rows, 1):
        span = []
        for prefix in spec.bands:
            low, high = Fraction(str(row[f"{prefix}_low"])), Fraction(str(row[f"{prefix}_high"]))
            if low > high:
                raise TableError(
                    f"{name}: row {i}, column '{prefix}_high': value {row[f'{prefix}_high']} is below "
                    f"'{prefix}_low' {row[f'{prefix}_low']}; allowed: at least {row[f'{prefix}_low']}"
                )
            span.append((low, high))
        spans.append(span)
    if not spec.bands:
        return
    for i in range(len(spans)):
        for j in range(i + 1, len(spans)):
            same_group = (
                spec.group is None or table.rows[i][spec.group] == table.rows[j][spec.group]
            )
            if same_group and all(
                _overlap(a, b, _fractional(spec, prefix))
                for a, b, prefix in zip(spans[i], spans[j], spec.bands, strict=True)
            ):
                raise TableError(
                    f"{name}: rows {i + 1} and {j + 1} overlap; each value may fall in one row only"
                )


def _fractional(spec: GMTable, prefix: str) -> bool:
    return any(
        c["name"] == f"{prefix}_low" and c["type"] == "fraction" for c in spec.schema["columns"]
    )


def _overlap(a: tuple[Fraction, Fraction], b: tuple[Fraction, Fraction], touch: bool) -> bool:
    """Whether two bands share values; fractional bands may touch at an edge (.25-.50, .50-.75:
    the published rows), and a value on the edge is the band's that ends there."""
    if touch:
        return (a[0] < b[1] and b[0] < a[1]) or a == b
    return a[0] <= b[1] and b[0] <= a[1]


def _check_extra(spec: GMTable, table: Table, name: str) -> None:
    if spec.id == "PCT-M14":
        groups: dict[str, set[int]] = {}
        for row in table.rows:
            groups.setdefault(str(row["damage_type"]), set()).add(int(str(row["category"])))
        for group, cats in groups.items():
            missing = sorted(set(range(1, 21)) - cats)
            if missing:
                raise TableError(
                    f"{name}: damage type {group!r} needs all 20 categories; missing "
                    + ", ".join(str(m) for m in missing)
                )
    if spec.id == "PCT-M17":
        from pycore.systems.percentile.dice import damage_dice

        for i, row in enumerate(table.rows, 1):
            die = row["damage_die"]
            if die is not None:
                try:
                    damage_dice(str(die))
                except DiceError as exc:
                    raise TableError(f"{name}: row {i}, column 'damage_die': {exc}") from None
