"""The game master's tables (PCT-M01–M18, R-E): typed, validated schemas for every table the text
names but does not print. The app ships **no contents**: the GM enters rows once; every rule that
needs one looks it up here, or takes the single value as a parameter while the table is empty.

Rows are validated by the platform's table loader (:func:`pycore.tables.parse_table`), so a bad
cell is reported with its row, column, value and the allowed range; band tables are also checked
for overlapping rows, and die-roll tables (``1:10sd``) for covering 1–10 exactly once.

>>> t = validate_gm_table("PCT-M01", [{"level": 1, "name": "asleep", "percent": 5},
...                                   {"level": 2, "name": "combat", "percent": 90}])
>>> alertness_percent({"PCT-M01": [dict(r) for r in [{"level": 1, "name": "asleep", "percent": 5},
...     {"level": 2, "name": "combat", "percent": 90}]]}, "combat")
90
>>> validate_gm_table("PCT-M01", [{"level": 1, "name": "combat", "percent": 120}])
Traceback (most recent call last):
...
pycore.errors.TableError: GM table PCT-M01 (Alertness Conditions, Table #3-5): row 1, column 'percent': value 120 is above the maximum 100; allowed: int from 0 to 100
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pycore.errors import DiceError, TableError
from pycore.systems.percentile.damage import ORGAN_SYSTEMS
from pycore.tables import Table, parse_table
from pycore.validate import exact, mapping, shown, texts

SEED = "000_3a834ccfd7e05c13.txt"
EXPORT_KIND = "percentile-gm-tables"
EXPORT_VERSION = 1
MAX_ROWS = 2000


def _col(name: str, type_: str, **opts: Any) -> dict[str, Any]:
    return {"name": name, "type": type_, **opts}


def _band(prefix: str, type_: str, low: Any, high: Any, doc: str) -> list[dict[str, Any]]:
    return [
        _col(f"{prefix}_low", type_, min=low, max=high, doc=f"{doc}: lowest value of the band"),
        _col(f"{prefix}_high", type_, min=low, max=high, doc=f"{doc}: highest value of the band"),
    ]


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
    def columns(self) -> list[str]:
        return [str(c["name"]) for c in self.schema["columns"]]

    def column_help(self) -> list[str]:
        out = []
        for c in self.schema["columns"]:
            bits = [str(c["type"])]
            if "min" in c:
                bits.append(f"{c['min']} to {c['max']}")
            if "choices" in c:
                bits.append("one of " + ", ".join(str(x) for x in c["choices"]))
            if c.get("nullable") or "default" in c:
                bits.append("optional")
            out.append(f"{c['name']} ({', '.join(bits)})")
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
                    *_band("range_m", "int", 0, 100000, "range in meters"),
                    _col("percent_to_hit", "int", min=0, max=100),
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


def _spec(table_id: str) -> GMTable:
    if not isinstance(table_id, str) or table_id not in GM_TABLES:
        raise TableError(f"GM table {shown(table_id)} is unknown; allowed: PCT-M01 to PCT-M18")
    return GM_TABLES[table_id]


def _name(spec: GMTable) -> str:
    return f"GM table {spec.id} ({spec.title})"


def validate_gm_table(table_id: str, rows: Sequence[Mapping[str, Any]]) -> Table:
    """Check the GM's rows against the table's schema; return the loaded table.

    >>> validate_gm_table("PCT-M07", [{"race": "human", "roll": "1-5", "instruction": "left arm"}])
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: GM table PCT-M07 (Random hit, Table #3-3.4): column 'roll': the die ranges do not cover d10 (1-10) exactly once: group 'human': gap 6-10; allowed: every total on exactly one row
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
        "rows": [dict(r) for r in rows],
    }
    try:
        table = parse_table(data, name)
    except TableError as exc:
        raise TableError(_tidy(str(exc), name)) from None
    _check_bands(spec, table, name)
    _check_extra(spec, table, name)
    return table


def _tidy(message: str, name: str) -> str:
    # The loader words coverage problems for files; keep its text but one clear prefix.
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
                a[0] <= b[1] and b[0] <= a[1] for a, b in zip(spans[i], spans[j], strict=True)
            ):
                raise TableError(
                    f"{name}: rows {i + 1} and {j + 1} overlap; each value may fall in one row only"
                )


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


# --- Files ------------------------------------------------------------------------------------


def export_tables(tables: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """One JSON file holding the GM's tables (empty ones left out).

    >>> text = export_tables({"PCT-M05": [{"condition": "rain", "value": 10}], "PCT-M01": []})
    >>> sorted(import_tables(text))
    ['PCT-M05']
    """
    kept = {k: v for k, v in mapping(tables, "GM tables", TableError).items() if v}
    for key, rows in kept.items():
        validate_gm_table(key, rows)
    kept = {k: [dict(r) for r in kept[k]] for k in sorted(kept)}
    payload = {"app": "rulekeeper", "kind": EXPORT_KIND, "version": EXPORT_VERSION, "tables": kept}
    return json.dumps(payload, indent=1, ensure_ascii=False, default=str)


def import_tables(text: str) -> dict[str, list[dict[str, Any]]]:
    """Read a GM tables file; every table is validated and nothing is returned on any error.

    >>> import_tables('{"app": "rulekeeper", "kind": "percentile-gm-tables", "version": 9, "tables": {}}')
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: GM tables file: version 9 is newer than this app reads (1)
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise TableError(f"GM tables file: not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise TableError(
            "GM tables file: not a percentile GM tables export (kind must be 'percentile-gm-tables')"
        )
    version = data.get("version")
    if not isinstance(version, int) or version > EXPORT_VERSION:
        raise TableError(
            f"GM tables file: version {version} is newer than this app reads ({EXPORT_VERSION})"
        )
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise TableError("GM tables file: 'tables' must be an object of table id → rows")
    out: dict[str, list[dict[str, Any]]] = {}
    for key, rows in tables.items():
        validate_gm_table(str(key), rows)
        out[str(key)] = [dict(r) for r in rows]
    return out


def rows_from_csv(table_id: str, text: str) -> list[dict[str, Any]]:
    """Rows typed in as CSV (a header line of column names, then one row per line), converted to
    the column types and validated. Empty cells are left out (optional columns).

    >>> rows_from_csv("PCT-M05", "condition,value\\nrain,10\\nnight,25")
    [{'condition': 'rain', 'value': 10}, {'condition': 'night', 'value': 25}]
    >>> rows_from_csv("PCT-M05", "condition,value\\nrain,lots")
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: GM table PCT-M05 (Adversity modifiers, Tables 7.0-7.4): row 1, column 'value': 'lots' is not a whole number; allowed: int from -100 to 100
    """
    spec = _spec(table_id)
    name = _name(spec)
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if not lines:
        return []
    reader = csv.reader(io.StringIO("\n".join(lines)))
    header = [h.strip() for h in next(reader)]
    columns = {str(c["name"]): c for c in spec.schema["columns"]}
    unknown = [h for h in header if h not in columns]
    if unknown:
        raise TableError(f"{name}: unknown column {unknown[0]!r}; allowed: {', '.join(columns)}")
    rows = []
    for i, cells in enumerate(reader, 1):
        if len(cells) > len(header):
            raise TableError(
                f"{name}: row {i} has {len(cells)} cells but the header has {len(header)}"
            )
        row: dict[str, Any] = {}
        for key, raw in zip(header, cells, strict=False):
            value = raw.strip()
            if value:
                row[key] = _typed(name, i, columns[key], value)
        rows.append(row)
    validate_gm_table(table_id, rows)
    return rows


def _typed(name: str, i: int, col: Mapping[str, Any], value: str) -> Any:
    kind = col["type"]
    where = f"{name}: row {i}, column '{col['name']}'"
    bounds = f" from {col['min']} to {col['max']}" if "min" in col else ""
    if kind == "int":
        try:
            return int(value)
        except ValueError:
            raise TableError(
                f"{where}: {value!r} is not a whole number; allowed: int{bounds}"
            ) from None
    if kind == "bool":
        if value.lower() in ("true", "yes", "1", "x"):
            return True
        if value.lower() in ("false", "no", "0"):
            return False
        raise TableError(f"{where}: {value!r} is not yes/no; allowed: true or false")
    return value  # str, range and fraction are read by the loader from their text


def rows_to_csv(table_id: str, rows: Sequence[Mapping[str, Any]]) -> str:
    """The GM's rows as CSV for editing.

    >>> rows_to_csv("PCT-M05", [{"condition": "rain", "value": 10}])
    'condition,value\\nrain,10\\n'
    """
    spec = _spec(table_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(spec.columns)
    for row in rows:
        writer.writerow(
            ["" if row.get(c) is None else _cell_text(row.get(c)) for c in spec.columns]
        )
    return out.getvalue()


def _cell_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# --- Lookups ----------------------------------------------------------------------------------

Tables = Mapping[str, Sequence[Mapping[str, Any]]]


def _table(tables: Tables, table_id: str) -> Table | None:
    rows = mapping(tables, "GM tables", TableError).get(table_id) or []
    return validate_gm_table(table_id, rows) if rows else None


def _in(row: Mapping[str, Any], prefix: str, value: Fraction) -> bool:
    return Fraction(str(row[f"{prefix}_low"])) <= value <= Fraction(str(row[f"{prefix}_high"]))


def _band_row(tables: Tables, table_id: str, **values: Any) -> Mapping[str, Any] | None:
    table = _table(tables, table_id)
    if table is None:
        return None
    for row in table.rows:
        if all(_in(row, k, exact(v, k, error=TableError)) for k, v in values.items()):
            return row
    wanted = ", ".join(f"{k} {v}" for k, v in values.items())
    raise TableError(
        f"{_name(_spec(table_id))}: no row for {wanted}; add one or enter the value by hand"
    )


def alertness_percent(tables: Tables, level: str) -> int | None:
    """PCT-M01: the Alertness Percentage of a named level, None while the table is empty.

    >>> print(alertness_percent({}, "combat"))
    None
    """
    table = _table(tables, "PCT-M01")
    return None if table is None else int(str(table.row_by("name", level)["percent"]))


def alertness_levels(tables: Tables) -> list[str]:
    """PCT-M01 level names, least alert first (PCT-17 raises a level after an attack).

    >>> alertness_levels({})
    []
    """
    table = _table(tables, "PCT-M01")
    return [] if table is None else [str(r["name"]) for r in table.rows]


def damage_modifier(tables: Tables, damage_taken: int) -> int | None:
    """PCT-M02: Table #3-7.0 modifier for the damage taken.

    >>> damage_modifier({"PCT-M02": [{"damage_low": 0, "damage_high": 9, "modifier": 0},
    ...     {"damage_low": 10, "damage_high": 50, "modifier": 20}]}, 12)
    20
    """
    row = _band_row(tables, "PCT-M02", damage=damage_taken)
    return None if row is None else int(str(row["modifier"]))


def action_cost(tables: Tables, action: str) -> Fraction | None:
    """PCT-M03: an action's AP cost.

    >>> action_cost({"PCT-M03": [{"action": "walk 1 m", "ap_cost": "5/2"}]}, "walk 1 m")
    Fraction(5, 2)
    """
    table = _table(tables, "PCT-M03")
    return None if table is None else Fraction(str(table.row_by("action", action)["ap_cost"]))


def percent_to_hit(tables: Tables, skill: Fraction | int, range_m: Fraction | int) -> int | None:
    """PCT-M04: Percent to Hit for a skill at a range (a halved skill falls in the band holding it).

    >>> print(percent_to_hit({}, 50, 10))
    None
    """
    row = _band_row(tables, "PCT-M04", skill=skill, range_m=range_m)
    return None if row is None else int(str(row["percent_to_hit"]))


def adversity_value(tables: Tables, condition: str) -> int | None:
    """PCT-M05: one adversity condition's modifier.

    >>> adversity_value({"PCT-M05": [{"condition": "rain", "value": 10}]}, "rain")
    10
    """
    table = _table(tables, "PCT-M05")
    return None if table is None else int(str(table.row_by("condition", condition)["value"]))


def percent_against(tables: Tables, adversity_total: int) -> int | None:
    """PCT-M06: Percent Against for the summed adversity modifiers.

    >>> percent_against({"PCT-M06": [{"adversity_low": 0, "adversity_high": 50,
    ...     "percent_against": 15}]}, 25)
    15
    """
    row = _band_row(tables, "PCT-M06", adversity=adversity_total)
    return None if row is None else int(str(row["percent_against"]))


def random_hit(tables: Tables, race: str, roll: int) -> tuple[str, str | None] | None:
    """PCT-M07: the race column's instruction (and body part) for a ``1:10sd`` roll.

    >>> random_hit({"PCT-M07": [{"race": "human", "roll": "1-10", "instruction": "chest",
    ...     "body_part": "chest"}]}, "human", 4)
    ('chest', 'chest')
    """
    table = _table(tables, "PCT-M07")
    if table is None:
        return None
    row = table.row_for_roll(roll, race)
    part = row["body_part"]
    return str(row["instruction"]), None if part is None else str(part)


def throw_distance(tables: Tables, strength: int, weight_kg: Fraction | int) -> Fraction | None:
    """PCT-M08: how far (m) a character of this Physical Strength throws this weight.

    >>> print(throw_distance({}, 50, 1))
    None
    """
    row = _band_row(tables, "PCT-M08", strength=strength, weight_kg=weight_kg)
    return None if row is None else Fraction(str(row["distance_m"]))


def bounces(tables: Tables, roll: int) -> int | None:
    """PCT-M09: the number of bounces for the GM's roll.

    >>> bounces({"PCT-M09": [{"roll_low": 1, "roll_high": 10, "bounces": 2}]}, 3)
    2
    """
    row = _band_row(tables, "PCT-M09", roll=roll)
    return None if row is None else int(str(row["bounces"]))


def landing(tables: Tables, roll: int) -> str | None:
    """PCT-M10: where a bouncing grenade lands for the GM's roll.

    >>> landing({"PCT-M10": [{"roll_low": 1, "roll_high": 10, "landing": "left"}]}, 3)
    'left'
    """
    row = _band_row(tables, "PCT-M10", roll=roll)
    return None if row is None else str(row["landing"])


def damage_type_entry(
    tables: Tables, damage_type: str, roll: int
) -> tuple[str, str, str, Fraction] | None:
    """PCT-M11: ``(title, description, severity table, DAMAGE PERCENTAGE)`` for a ``1:10sd`` roll.

    >>> print(damage_type_entry({}, "cut", 3))
    None
    """
    table = _table(tables, "PCT-M11")
    if table is None:
        return None
    row = table.row_for_roll(roll, damage_type)
    return (
        str(row["title"]),
        str(row["description"]),
        str(row["severity_table"]),
        Fraction(str(row["damage_percentage"])),
    )


def severity_entry(tables: Tables, severity_table: str, roll: int) -> tuple[str, str] | None:
    """PCT-M12: ``(title, description)`` of a severity roll.

    >>> print(severity_entry({}, "S1", 3))
    None
    """
    table = _table(tables, "PCT-M12")
    if table is None:
        return None
    row = table.row_for_roll(roll, severity_table)
    return str(row["title"]), str(row["description"])


def table_3_3(tables: Tables, wep_mod: int, range_m: Fraction | int) -> int | None:
    """PCT-M13: damage points for WEP MOD at a range.

    >>> table_3_3({"PCT-M13": [{"wep_mod_low": 0, "wep_mod_high": 10, "range_m_low": 0,
    ...     "range_m_high": 100, "damage": 24}]}, 5, 50)
    24
    """
    row = _band_row(tables, "PCT-M13", wep_mod=wep_mod, range_m=range_m)
    return None if row is None else int(str(row["damage"]))


def descriptions(
    tables: Tables, damage_type: str, exoskeleton: bool = False
) -> dict[int, str] | None:
    """PCT-M14: category → description for a damage type (the exoskeleton version where entered).

    >>> print(descriptions({}, "cut"))
    None
    """
    table = _table(tables, "PCT-M14")
    if table is None:
        return None
    rows = table.rows_where("damage_type", damage_type)
    if not rows:
        return None
    return {
        int(str(r["category"])): str(r["exoskeleton"])
        if exoskeleton and r["exoskeleton"]
        else str(r["description"])
        for r in rows
    }


def run_ends(tables: Tables, damage_type: str) -> list[int] | None:
    """PCT-M14: the categories flagged as the end of a type of damage (for PCT-50).

    >>> print(run_ends({}, "cut"))
    None
    """
    table = _table(tables, "PCT-M14")
    if table is None:
        return None
    rows = table.rows_where("damage_type", damage_type)
    return [int(str(r["category"])) for r in rows if r["ends_damage_type"]] if rows else None


def organ_multipliers(tables: Tables, body_part: str) -> dict[str, Fraction] | None:
    """PCT-M15: the Table #3-3.1 row (system → multiplier) for a body part (or its head row).

    >>> print(organ_multipliers({}, "head"))
    None
    """
    table = _table(tables, "PCT-M15")
    if table is None:
        return None
    row = table.row_by("body_part", body_part)
    return {s: Fraction(str(row[s])) for s in ORGAN_SYSTEMS}


def organ_description(tables: Tables, system: str, organ_dp: Fraction) -> str | None:
    """PCT-M16: the organ damage table's description for an organ DP.

    >>> print(organ_description({}, "circulatory", Fraction(10)))
    None
    """
    table = _table(tables, "PCT-M16")
    if table is None:
        return None
    for row in table.rows_where("system", system):
        if _in(row, "dp", organ_dp):
            return str(row["description"])
    return None


def weapons(tables: Tables) -> dict[str, Mapping[str, Any]]:
    """PCT-M17: the data sheets by name.

    >>> weapons({"PCT-M17": [{"name": "KNIFE", "category": "hth", "attack_dif": 10}]})["KNIFE"]["attack_dif"]
    10
    """
    table = _table(tables, "PCT-M17")
    return {} if table is None else {str(r["name"]): r for r in table.rows}


def body_parts(tables: Tables, race: str) -> list[tuple[str, int]]:
    """PCT-M18: a race's body parts and points from the GM's character generation sheet.

    >>> body_parts({"PCT-M18": [{"race": "human", "body_part": "hand", "points": 6}]}, "human")
    [('hand', 6)]
    """
    table = _table(tables, "PCT-M18")
    if table is None:
        return []
    return [(str(r["body_part"]), int(str(r["points"]))) for r in table.rows_where("race", race)]


def waiting(tables: Tables) -> list[GMTable]:
    """The missing tables still empty: the rules using them ask for single values meanwhile.

    >>> len(waiting({}))
    18
    """
    return [spec for key, spec in GM_TABLES.items() if not mapping(tables, "GM tables").get(key)]


def adversity_total(tables: Tables, conditions: Sequence[str]) -> int | None:
    """PCT-34 reading: the adversity modifiers of the conditions present are summed before the
    Table #3-2 look-up; None while Tables 7.0-7.4 (PCT-M05) are not entered.

    >>> adversity_total({"PCT-M05": [{"condition": "rain", "value": 10},
    ...     {"condition": "running", "value": 15}]}, ["rain", "running"])
    25
    """
    if not mapping(tables, "GM tables", TableError).get("PCT-M05"):
        return None
    return sum(adversity_value(tables, c.strip()) or 0 for c in texts(conditions, "conditions"))


def stun_modifier_increase(tables: Tables, damage_before: int, damage_after: int) -> int | None:
    """PCT-28 reading: the Table #3-7.0 modifier a new wound stuns with is the increase of the
    character's modifier (old wounds do not stun again); None while PCT-M02 is not entered.

    >>> t = {"PCT-M02": [{"damage_low": 0, "damage_high": 9, "modifier": 0},
    ...                  {"damage_low": 10, "damage_high": 50000, "modifier": 40}]}
    >>> stun_modifier_increase(t, 5, 12), stun_modifier_increase(t, 12, 20)
    (40, 0)
    """
    before = damage_modifier(tables, damage_before)
    after = damage_modifier(tables, damage_after)
    if before is None or after is None:
        return None
    return max(0, after - before)


def own_die(tables: Tables, table_id: str) -> int:
    """The die of a GM table "with its own roll" (PCT-M09, M10): ``1:10sd`` when its rows stop at
    10, else ``1:100sd`` (the text names no die; reading).

    >>> own_die({"PCT-M09": [{"roll_low": 1, "roll_high": 10, "bounces": 1}]}, "PCT-M09")
    10
    """
    rows = mapping(tables, "GM tables", TableError).get(_spec(table_id).id) or []
    top = max((int(str(r.get("roll_high", 100))) for r in rows), default=100)
    return 10 if top <= 10 else 100


def action_names(tables: Tables) -> list[str]:
    """PCT-M03: the actions the GM listed on Table #3-6, in order.

    >>> action_names({"PCT-M03": [{"action": "walk 1 m", "ap_cost": "5/2"}]})
    ['walk 1 m']
    """
    table = _table(tables, "PCT-M03")
    return [] if table is None else [str(r["action"]) for r in table.rows]
