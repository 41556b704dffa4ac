"""What a share carries: one record of one kind, with a stable id, when it last changed and the
schema of its data, so a later sync can merge record by record.

:func:`validate` is the one place a shared record's data is checked, by the loader its system
already uses for saved data; point it at the section codecs when they land.

>>> r = record_from_json({"kind": "gurps.fighter", "id": "x1", "updated_at": "", "schema": 1,
...                       "name": "Bo", "data": {"dx": 99}})
>>> validate(r)
Traceback (most recent call last):
...
pycore.errors.StorageError: the shared 3d6 fighter is not valid: DX 99 is outside 0 to 40
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from pycore.errors import RuleError, RulekeeperError, StorageError
from pycore.validate import checked, is_whole

#: The most records one share carries (a campaign of several parties and their settings).
MAX_RECORDS = 600
#: Kinds that are looked at, never imported nor carried in a party (a fight view).
SHOWN_ONLY: tuple[str, ...] = ("simply.fight",)

Kind = Literal[
    "simply.character",
    "simply.campaign",
    "simply.fight",
    "gurps.fighter",
    "aftermath.character",
    "percentile.gm_tables",
    "percentile.settings",
    "percentile.character",
    "gurps.settings",
    "aftermath.settings",
    "bundle",
]
KINDS: tuple[Kind, ...] = get_args(Kind)
#: What each kind is called on screen.
KIND_NAMES: Mapping[Kind, str] = {
    "simply.character": "Simply character",
    "simply.campaign": "Simply campaign settings",
    "simply.fight": "Fight (players' view)",  # the kind's name is older than the other systems
    "gurps.fighter": "3d6 fighter",
    "aftermath.character": "Aftermath character",
    "percentile.gm_tables": "Percentile GM tables",
    "percentile.settings": "Percentile combat settings",
    "percentile.character": "Percentile character",
    "gurps.settings": "3d6 campaign settings",
    "aftermath.settings": "Aftermath campaign settings",
    "bundle": "Party or campaign",
}
#: The schema of each kind's data; a share of a newer one is refused, never half-read.
#: An Aftermath character's weapons became records naming their skill in schema 2 (schema 1
#: held listing names, which an import reads as weapons with no skill yet).
SCHEMAS: Mapping[Kind, int] = {**dict.fromkeys(KINDS, 1), "aftermath.character": 2}
MAX_ID = 64
MAX_NAME = 200


@dataclass(frozen=True)
class ShareRecord:
    """One shared record: ``data`` is the record as its system saves it."""

    kind: Kind
    id: str
    updated_at: str
    schema: int
    name: str
    data: dict[str, Any]

    def __str__(self) -> str:
        return f"{KIND_NAMES[self.kind]}: {self.name}"


@checked
def record_to_json(record: ShareRecord) -> dict[str, Any]:
    return {
        "kind": record.kind,
        "id": record.id,
        "updated_at": record.updated_at,
        "schema": record.schema,
        "name": record.name,
        "data": record.data,
    }


def _text(raw: Mapping[str, Any], key: str, limit: int) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise StorageError(f"the shared record's {key} must be text of at most {limit} characters")
    return value


def record_from_json(raw: Any) -> ShareRecord:
    """The envelope's shape only; :func:`validate` checks the data itself."""
    if not isinstance(raw, dict):
        raise StorageError("the share link holds no record")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise StorageError(
            f"the share link holds a {str(kind)[:40]!r}, which this app cannot import; "
            f"it reads: {', '.join(KIND_NAMES.values())}"
        )
    schema = raw.get("schema")
    if not is_whole(schema) or schema < 1:
        raise StorageError(f"the shared record's schema {schema!r:.20} is not a version number")
    if schema > SCHEMAS[kind]:
        raise StorageError(
            f"the shared {KIND_NAMES[kind]} has schema {schema}, newer than this app reads "
            f"({SCHEMAS[kind]}); update Rulekeeper"
        )
    data = raw.get("data")
    if not isinstance(data, dict):
        raise StorageError("the shared record has no data")
    record_id = _text(raw, "id", MAX_ID)
    if not record_id:
        raise StorageError("the shared record has no id")
    return ShareRecord(
        kind=kind,
        id=record_id,
        updated_at=_text(raw, "updated_at", 40),
        schema=schema,
        name=_text(raw, "name", MAX_NAME),
        data=data,
    )


def _simply_character(data: dict[str, Any]) -> None:
    from pycore.systems.simply.character_json import character_from_json

    character_from_json(data)


def _simply_campaign(data: dict[str, Any]) -> None:
    from pycore.systems.simply.character_json import campaign_from_json

    campaign_from_json(data)


def _simply_fight(data: dict[str, Any]) -> None:
    from pycore.share.public import check_public_fight

    check_public_fight(data)


def _gurps_fighter(data: dict[str, Any]) -> None:
    from pycore.systems.gurps.sheet import combatant_from_json

    combatant_from_json(data)


def _aftermath_character(data: dict[str, Any]) -> None:
    from pycore.systems.aftermath.sheet import sheet

    # The sheet keeps plain data: every field a user can type is re-checked the way it was
    # typed, then the whole sheet must derive (AFT-05 and on) without error.
    merged = sheet.merged(data)
    sheet.check_field("name", str(merged["name"]))
    for head in ("attr", "ast", "cst", "derived"):
        for key, value in merged[head].items():
            sheet.check_field(f"{head}.{key}", "" if value is None else str(value))
    sheet.check_field("body", str(merged["body"]))
    from pycore.systems.aftermath.gear.arms import weapon_problems

    for weapon in merged["weapons"]:  # the skill may be asked later; the rest must hold
        problems = weapon_problems({}, {k: v for k, v in weapon.items() if k != "skill"})
        if problems:
            raise RuleError(next(iter(problems.values())))
    try:
        sheet.derive(merged)
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        raise StorageError(f"its sheet does not hold together ({exc!r:.80})") from None


def _percentile_gm_tables(data: dict[str, Any]) -> None:
    from pycore.systems.percentile.gmtables import validate_gm_table
    from pycore.systems.percentile.saved import INVENTORY_IDS

    # Saved tables are keyed by stable names ("alertness_conditions"); a share made before
    # that (keyed "PCT-M01") reads too. An empty table is one the GM has not entered yet.
    for key, rows in data.items():
        if rows != []:
            validate_gm_table(INVENTORY_IDS.get(key, key), rows)


def _percentile_character(data: dict[str, Any]) -> None:
    from pycore.systems.percentile import roster
    from pycore.systems.percentile.saved import CHARACTER

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


def _gurps_settings(data: dict[str, Any]) -> None:
    from pycore.systems.gurps.injury import EYE_READINGS

    reading = data.get("eye_reading", EYE_READINGS[0])
    if reading not in EYE_READINGS or set(data) - {"eye_reading"}:
        raise RuleError(f"an eye hit is read one of two ways: {' or '.join(EYE_READINGS)}")


def _aftermath_settings(data: dict[str, Any]) -> None:
    from pycore.systems.aftermath.campaign import check_setting

    for key, value in data.items():
        check_setting(key, value if isinstance(value, str) else repr(value))


def _bundle(data: dict[str, Any]) -> None:
    records_of(data)


def _percentile_settings(data: dict[str, Any]) -> None:
    from pycore.systems.percentile.combat import settings_from_json

    settings_from_json(data)


LOADERS: Mapping[Kind, Callable[[dict[str, Any]], None]] = {
    "simply.character": _simply_character,
    "simply.campaign": _simply_campaign,
    "simply.fight": _simply_fight,
    "gurps.fighter": _gurps_fighter,
    "aftermath.character": _aftermath_character,
    "percentile.gm_tables": _percentile_gm_tables,
    "percentile.settings": _percentile_settings,
    "percentile.character": _percentile_character,
    "gurps.settings": _gurps_settings,
    "aftermath.settings": _aftermath_settings,
    "bundle": _bundle,
}


@checked
def records_of(data: Mapping[str, Any]) -> tuple[ShareRecord, ...]:
    """The records a party or campaign carries, each checked; anything else is refused whole."""
    raw = data.get("records")
    if not isinstance(raw, list) or not raw:
        raise StorageError("it holds no records")
    if len(raw) > MAX_RECORDS:
        raise StorageError(f"it holds {len(raw)} records; at most {MAX_RECORDS} are read")
    found = tuple(record_from_json(item) for item in raw)
    seen: set[tuple[str, str]] = set()
    for record in found:  # the envelopes first: a kind not carried is not checked further
        if record.kind in (*SHOWN_ONLY, "bundle"):
            raise StorageError(f"a {KIND_NAMES[record.kind]} cannot be part of a party or campaign")
        if (record.kind, record.id) in seen:
            raise StorageError(f"it holds the record {record.name!r} twice")
        seen.add((record.kind, record.id))
    return tuple(validate(record) for record in found)


@checked
def validate(record: ShareRecord) -> ShareRecord:
    """``record`` when its system's loader accepts its data; else a :class:`StorageError`
    naming the kind and the loader's complaint. The one check of shared data."""
    try:
        LOADERS[record.kind](record.data)
    except RulekeeperError as exc:
        raise StorageError(f"the shared {KIND_NAMES[record.kind]} is not valid: {exc}") from None
    except (TypeError, KeyError, AttributeError, IndexError, ValueError, RecursionError) as exc:
        # A loader written for the app's own saved data may trip on shapes it never writes.
        raise StorageError(
            f"the shared {KIND_NAMES[record.kind]} is not valid: {type(exc).__name__}"
        ) from None
    return record
