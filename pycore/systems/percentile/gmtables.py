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
pycore.errors.TableError: GM table Alertness Conditions (Table #3-5): row 1, column 'percent': value 120 is above the maximum 100; allowed: int from 0 to 100
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from pycore.errors import TableError
from pycore.systems.percentile.damage import ORGAN_SYSTEMS
from pycore.systems.percentile.gm_schemas import (
    GM_TABLES,
    GMTable,
    _name,
    _spec,
    validate_gm_table,
    words,
)
from pycore.systems.percentile.table_keys import INVENTORY_IDS, STABLE_KEYS
from pycore.tables import Table
from pycore.validate import checked, exact, mapping, texts

__all__ = ["GM_TABLES", "GMTable", "validate_gm_table"]

EXPORT_KIND = "percentile-gm-tables"
#: 2: tables keyed by stable names ("adversity_modifiers"), as the saved section keys them;
#: 1 (read, never written): keyed by the rules inventory's IDs ("PCT-M05").
EXPORT_VERSION = 2


def export_tables(tables: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """One JSON file holding the GM's tables (empty ones left out).

    >>> text = export_tables({"PCT-M05": [{"condition": "rain", "value": 10}], "PCT-M01": []})
    >>> '"adversity_modifiers"' in text, sorted(import_tables(text))
    (True, ['PCT-M05'])
    """
    kept = {k: v for k, v in mapping(tables, "GM tables", TableError).items() if v}
    for key, rows in kept.items():
        validate_gm_table(key, rows)
    # The file names each table by its stable key: renumbering the inventory never orphans it.
    kept = {STABLE_KEYS.get(k, k): [dict(r) for r in kept[k]] for k in sorted(kept)}
    payload = {"app": "rulekeeper", "kind": EXPORT_KIND, "version": EXPORT_VERSION, "tables": kept}
    return json.dumps(payload, indent=1, ensure_ascii=False, default=str)


def import_tables(text: str) -> dict[str, list[dict[str, Any]]]:
    """Read a GM tables file; every table is validated and nothing is returned on any error.

    >>> import_tables('{"app": "rulekeeper", "kind": "percentile-gm-tables", "version": 9, "tables": {}}')
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: GM tables file: version 9 is newer than this app reads (2)
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
    for name, rows in tables.items():
        key = str(name) if version < 2 else INVENTORY_IDS.get(str(name), str(name))
        validate_gm_table(key, rows)
        out[key] = [dict(r) for r in rows]
    return out


def rows_from_csv(table_id: str, text: str) -> list[dict[str, Any]]:
    """Rows typed in as CSV (a header line of column names, then one row per line), converted to
    the column types and validated. Empty cells are left out (optional columns).

    >>> rows_from_csv("PCT-M05", "condition,value\\nrain,10\\nnight,25")
    [{'condition': 'rain', 'value': 10}, {'condition': 'night', 'value': 25}]
    >>> rows_from_csv("PCT-M05", "condition,value\\nrain,lots")
    Traceback (most recent call last):
    ...
    pycore.errors.TableError: GM table Adversity modifiers (Tables 7.0-7.4): row 1, column 'value': 'lots' is not a whole number; allowed: int from -100 to 100
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
    where = f"{name}: row {i}, column '{words(str(col['name']))}'"
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
    wanted_values = {k: exact(v, k, error=TableError) for k, v in values.items()}
    rows = [r for r in table.rows if all(_in(r, k, v) for k, v in wanted_values.items())]
    if rows:  # fractional bands may touch: a value on the edge is the band's that ends there
        return min(rows, key=lambda r: tuple(Fraction(str(r[f"{k}_high"])) for k in values))
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


@checked
def has_group(tables: Tables, table_id: str, column: str, value: str) -> bool:
    """Whether a GM table grouped by ``column`` (one sub-table per race, damage type, ...) has
    rows for ``value``.

    >>> has_group({"PCT-M07": [{"race": "human", "roll": "1-10", "instruction": "chest"}]},
    ...     "PCT-M07", "race", "Krane")
    False
    """
    table = _table(tables, table_id)
    return table is not None and bool(table.rows_where(column, value))


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
