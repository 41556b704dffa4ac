"""What the Percentile system shares (its descriptor's ``shares``, read by ``pycore.share``): a
character, the combat settings and the GM tables, each checked the way its page checks what is
typed, and their words for the preview someone reads before importing one."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from pycore.share.hook import share_hook
from pycore.share.words import Lists, Rows, plain, row_words
from pycore.systems.percentile import roster
from pycore.systems.percentile.combat import settings_from_json
from pycore.systems.percentile.gm_schemas import GM_TABLES
from pycore.systems.percentile.gmtables import validate_gm_table
from pycore.systems.percentile.saved import CHARACTER
from pycore.systems.percentile.table_keys import INVENTORY_IDS
from pycore.systems.percentile.table_rise import asked_on_import


@share_hook
def check_gm_tables(data: dict[str, Any]) -> None:
    # Saved tables are keyed by stable names ("alertness_conditions"); a share made before
    # that (keyed "PCT-M01") reads too. An empty table is one the GM has not entered yet.
    for key, rows in data.items():
        if rows != []:
            validate_gm_table(INVENTORY_IDS.get(key, key), rows)


@share_hook
def ask_gm_tables(data: dict[str, Any]) -> str | None:
    # Valid rows the text implies otherwise (a Table #3-7.0 modifier falling as the damage
    # rises, PCT-11, 28): the import asks the GM, as the GM page asks of rows typed.
    return asked_on_import(data)


@share_hook
def check_character(data: dict[str, Any]) -> None:
    # Checked as the sheet checks what is typed: the saved shape, each attribute in its
    # range, each weapon as the weapon form reads it; then the fight must read the sheet.
    CHARACTER.check(data, ())
    for key in roster.DEFAULTS:
        if key in data:
            roster.check_attribute(key, str(data[key]))
    for weapon in data.get("weapons") or []:
        roster.weapon_from_form({k: "" if v is None else str(v) for k, v in weapon.items()})
    roster.race_of(str(data.get("race") or "human"))
    roster.fighter_from_json(data)


@share_hook
def check_settings(data: dict[str, Any]) -> None:
    settings_from_json(data)


@share_hook
def fresh_character() -> dict[str, Any]:
    return copy.deepcopy(roster.SHEET_DEFAULTS)


@share_hook
def character_id(section: dict[str, Any], items: list[Any]) -> str:
    """An imported character's id: the next free ``c<n>`` (the sheet's own numbering,
    ``rkweb.features.percentile.sheet``)."""
    taken = {str(item.get("id")) for item in items if isinstance(item, dict)}
    number = len(items) + 1
    while f"c{number}" in taken:
        number += 1
    return f"c{number}"


@share_hook
def settings_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    return [], [("Settings", settings_from_json(d).summary().split(" · "))]


@share_hook
def gm_tables_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    lists: Lists = []
    for key, rows in d.items():
        spec = GM_TABLES.get(INVENTORY_IDS.get(key, key))
        title = spec.name if spec else plain(key)
        entered = rows if isinstance(rows, list) else []
        lists.append((title, [row_words(r) for r in entered] or ["(not entered)"]))
    rows_count = sum(len(r) for r in d.values() if isinstance(r, list))
    return [("Tables", len(d)), ("Rows in all", rows_count)], lists


def _weapon(weapon: Any) -> str:
    if not isinstance(weapon, Mapping):
        return plain(weapon)
    rest = row_words({k: v for k, v in weapon.items() if k != "name"})
    return f"{weapon.get('name')} ({rest})" if rest else str(weapon.get("name"))


@share_hook
def character_words(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    rows: Rows = [("Race", d.get("race"))]
    rows += [(label, d.get(key)) for key, label, _, _ in roster.ATTRIBUTES]
    rows += [("Alertness", d.get("alertness")), ("Alertness level", d.get("alertness_level"))]
    weapons = [_weapon(w) for w in d.get("weapons") or []]
    parts = [row_words(p) for p in d.get("parts") or []]
    return rows, [("Weapons", weapons), ("Damage record", parts)]
