"""How the Percentile pages are saved: one section ``percentile``.

Version 2 keys the GM's tables by stable, meaningful names (``"alertness_conditions"``), not by
the rules inventory's IDs (``"PCT-M01"``), so renumbering the inventory never orphans a user's
tables. Version 1 data (today's storage and schema-1 export files) is migrated; the section's own
``"schema"`` field follows the version.

>>> migrate_1_to_2({"schema": 1, "gm": {"PCT-M01": [], "PCT-M05": []}})
{'schema': 2, 'gm': {'alertness_conditions': [], 'adversity_modifiers': []}}
>>> gm_by_id({"alertness_conditions": [{"level": 1}]})
{'PCT-M01': [{'level': 1}]}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.errors import RuleError
from pycore.store.history import UNDO_LIMIT
from pycore.store.sections import LogSpec, SectionCodec, own_schema_field
from pycore.store.shape import (
    LOG_TEXT,
    SEED,
    WHEN,
    All,
    Anything,
    Check,
    Either,
    ListOf,
    MapOf,
    Record,
    Text,
    Whole,
    WholeText,
    maybe,
)
from pycore.systems.percentile.limits import MAX_ROWS
from pycore.systems.percentile.table_keys import INVENTORY_IDS, STABLE_KEYS
from pycore.validate import checked

VERSION = 2
LOG_LIMIT = 200  # each log (checks, combat), newest first; older entries go to the archive
MAX_CHARACTERS = 500


@checked
def gm_by_id(gm: Mapping[str, Any]) -> dict[str, Any]:
    """Saved tables (stable keys) keyed by inventory ID, as the rules look them up."""
    return {INVENTORY_IDS.get(key, key): rows for key, rows in gm.items()}


@checked
def gm_by_key(gm: Mapping[str, Any]) -> dict[str, Any]:
    """Tables keyed by inventory ID (or already by stable key) keyed for saving."""
    return {STABLE_KEYS.get(key, key): rows for key, rows in gm.items()}


def migrate_1_to_2(value: Any) -> Any:
    """GM tables from inventory IDs to stable keys; a stable key already there wins."""
    if not isinstance(value, dict):
        return value
    gm = value.get("gm")
    if isinstance(gm, dict):
        renamed = gm_by_key({k: v for k, v in gm.items() if k in STABLE_KEYS})
        gm = {**renamed, **{k: v for k, v in gm.items() if k not in STABLE_KEYS}}
        value = {**value, "gm": gm}
    return {**value, "schema": 2} if "schema" in value else value


def _gm_tables(gm: Any) -> None:
    from pycore.errors import RulekeeperError
    from pycore.systems.percentile.gm_schemas import validate_gm_table

    for key, rows in gm.items():
        if key in INVENTORY_IDS and rows:
            try:
                validate_gm_table(INVENTORY_IDS[key], rows)
            except RulekeeperError as exc:
                raise RuleError(f"{key}: {exc}") from None


def _settings(value: Any) -> object:
    from pycore.systems.percentile.combat import settings_from_json

    return settings_from_json(value)


NUMBER = WholeText(-100_000, 100_000)
ROW = MapOf(Anything(), 40)
LOG = ListOf(
    Record({"text": LOG_TEXT, "public": LOG_TEXT, "at": WHEN, "seed": SEED}, frozenset({"text"})),
    LOG_LIMIT,
)

CHARACTER = Record(
    {
        "id": Text(40),
        "name": Text(200),
        "race": Text(80),
        "weapons": ListOf(MapOf(Anything(), 60), 100),
        "parts": ListOf(MapOf(Anything(), 20), 100),
        "ledger": maybe(MapOf(Anything(), 20)),
    }
)
#: A character in the section: the pages find it by its id (sheet, sides, checks; issue 32); a
#: missing name reads as the sheet's default. A shared one has no id yet: the import gives it one.
SAVED_CHARACTER = All((CHARACTER, Record({}, frozenset({"id"}))))

SIDE = Record(
    {
        "name": Text(200),
        "members": ListOf(Record({"id": Text(40)}, frozenset({"id"})), MAX_CHARACTERS),
        "modifier": Text(40),
        "ac": Text(40),
    },
    frozenset({"name", "members"}),
)


def _fight(section: Any) -> object:
    """The fight as the pages read it: the core's own reader, so the store keeps no order of
    attack, attack waiting or hit the Combat tab cannot draw (issue 32)."""
    from pycore.systems.percentile.fight import fight_from_json

    return fight_from_json(section)


PERCENTILE = SectionCodec(
    "percentile",
    VERSION,
    All(
        (
            Record(
                {
                    "schema": Whole(1, VERSION),
                    "settings": Check(_settings, "the campaign settings"),
                    "characters": ListOf(SAVED_CHARACTER, MAX_CHARACTERS),
                    "gm": All(
                        (
                            MapOf(ListOf(ROW, MAX_ROWS), 40, Text(40)),
                            Check(_gm_tables, "the GM tables"),
                        )
                    ),
                    "check": Record({"log": LOG}),
                    "combat": Record(
                        {
                            "sides": ListOf(SIDE, 50),
                            "round": NUMBER,
                            "order": maybe(MapOf(Anything(), 40)),
                            "surprise": maybe(MapOf(Anything(), 10)),
                            "attack": MapOf(Anything(), 100),
                            "log": LOG,
                            # The page's count of fight steps, the count the attack form's
                            # last entry follows and its serial (saved before stop 53: the
                            # form it left), the last serial given, and the form at each count (rkweb percentile
                            # state: an undo's or a redo's form).
                            "steps": Whole(0, 10**9),
                            "form_typed_at": Whole(0, 10**9),
                            "form_typed": Either((Whole(0, 10**9), MapOf(Anything(), 100))),
                            "form_serial": Whole(0, 10**9),
                            "forms": MapOf(MapOf(Anything(), 100), 2 * UNDO_LIMIT + 2, Text(12)),
                        }
                    ),
                }
            ),
            Check(_fight, "a fight"),
        )
    ),
    migrations={1: migrate_1_to_2},
    logs=(LogSpec(("check", "log"), LOG_LIMIT), LogSpec(("combat", "log"), LOG_LIMIT)),
    legacy_version=own_schema_field,
)

CODECS = (PERCENTILE,)
