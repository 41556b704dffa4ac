"""A shared record's values in the game's words, for the preview someone reads before importing
it (issue 31): campaign settings, GM tables, a Percentile character and what a party or campaign
holds. Each kind's names come from its own system (the share page may import no system); a
value the system has no name for is shown with its key's words ("bdg order: range first").

>>> rows, lists = sheet_words("gurps.settings", {"eye_reading": "if it does not blind"})
>>> rows
[('An eye hit that blinds', 'is not a skull hit (ordinary wounding)')]
>>> sheet_words("simply.campaign", {"stat_max": 12})[0][:3]
[('Starting stat points', 24), ('Lowest stat', 1), ('Highest stat', 12)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pycore.validate import checked

Rows = list[tuple[str, Any]]
Lists = list[tuple[str, list[str]]]


def _plain(value: Any) -> str:
    """A saved key or choice in words: ``range_first`` → ``range first``."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).replace("_", " ")


def _simply_campaign(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    from pycore.systems.simply.character import Campaign
    from pycore.systems.simply.character_json import CAMPAIGN_FIELDS

    fresh = Campaign()
    rows: Rows = [
        (label, d.get(key, getattr(fresh, key))) for key, (label, *_) in CAMPAIGN_FIELDS.items()
    ]
    return rows, []


def _gurps_settings(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    from pycore.systems.gurps.injury import EYE_READINGS

    reading = d.get("eye_reading", EYE_READINGS[0])
    words = (  # the GURPS page's words for the two readings
        "is also a skull hit (wounding ×4, knockdown)"
        if reading == EYE_READINGS[0]
        else "is not a skull hit (ordinary wounding)"
    )
    return [("An eye hit that blinds", words)], []


def _aftermath_settings(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    from pycore.systems.aftermath.campaign import SETTINGS
    from pycore.systems.aftermath.setting_words import setting_words

    return [setting_words(key, str(d.get(key, default))) for key, default in SETTINGS.items()], []


def _percentile_settings(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    from pycore.systems.percentile.combat import settings_from_json

    return [], [("Settings", settings_from_json(d).summary().split(" · "))]


def _row_words(row: Any) -> str:
    if not isinstance(row, Mapping):
        return _plain(row)
    return "; ".join(f"{_plain(k)} {_plain(v)}" for k, v in row.items() if v not in (None, ""))


def _percentile_gm_tables(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    from pycore.systems.percentile.gm_schemas import GM_TABLES
    from pycore.systems.percentile.saved import INVENTORY_IDS

    lists: Lists = []
    for key, rows in d.items():
        spec = GM_TABLES.get(INVENTORY_IDS.get(key, key))
        title = spec.name if spec else _plain(key)
        entered = rows if isinstance(rows, list) else []
        lists.append((title, [_row_words(r) for r in entered] or ["(not entered)"]))
    rows_count = sum(len(r) for r in d.values() if isinstance(r, list))
    return [("Tables", len(d)), ("Rows in all", rows_count)], lists


def _percentile_character(d: Mapping[str, Any]) -> tuple[Rows, Lists]:
    from pycore.systems.percentile.roster import ATTRIBUTES

    rows: Rows = [("Race", d.get("race"))]
    rows += [(label, d.get(key)) for key, label, _, _ in ATTRIBUTES]
    rows += [("Alertness", d.get("alertness")), ("Alertness level", d.get("alertness_level"))]
    weapons = [_weapon(w) for w in d.get("weapons") or []]
    parts = [_row_words(p) for p in d.get("parts") or []]
    return rows, [("Weapons", weapons), ("Damage record", parts)]


def _weapon(weapon: Any) -> str:
    if not isinstance(weapon, Mapping):
        return _plain(weapon)
    rest = _row_words({k: v for k, v in weapon.items() if k != "name"})
    return f"{weapon.get('name')} ({rest})" if rest else str(weapon.get("name"))


WORDS: Mapping[str, Callable[[Mapping[str, Any]], tuple[Rows, Lists]]] = {
    "simply.campaign": _simply_campaign,
    "gurps.settings": _gurps_settings,
    "aftermath.settings": _aftermath_settings,
    "percentile.settings": _percentile_settings,
    "percentile.gm_tables": _percentile_gm_tables,
    "percentile.character": _percentile_character,
}


@checked
def sheet_words(kind: str, data: Mapping[str, Any]) -> tuple[Rows, Lists]:
    """The rows (a name and a value) and lists (a title and its entries) of a shared record of
    ``kind`` (one of :data:`WORDS`), its data read with its defaults filled in."""
    try:
        return WORDS[kind](data)
    except (TypeError, KeyError, AttributeError, ValueError):  # a record the loader accepted
        return [(_plain(k).capitalize(), _plain(v)) for k, v in data.items()], []
