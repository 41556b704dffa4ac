"""How Simply Roleplaying! is saved: the characters, the task roll and the combat worksheet.

Each section's shape names its fields, types and ranges; the core's own readers
(``character_from_json``, ``campaign_from_json``, ``combat_from_json``) then check what they
know, so a saved value is refused for the same reasons a typed one is.

>>> from pycore.store.sections import read_section
>>> read_section("simply_combat", 2, {"combat": {"turn": "x"}})
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'simply_combat', field combat.turn: 'x' is not a whole number from 0 to 1000000
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pycore.store.history import UNDO_LIMIT
from pycore.store.sections import LogSpec, SectionCodec
from pycore.store.shape import (
    LOG_TEXT,
    RULES,
    SEED,
    WHEN,
    All,
    Check,
    Either,
    Flag,
    ListOf,
    MapOf,
    Record,
    Text,
    Whole,
    maybe,
)
from pycore.validate import checked, is_whole

#: The stated caps of the logs (newest first); older entries go to the export's archive.
COMBAT_LOG_LIMIT = 300
TASK_LOG_LIMIT = 100
MAX_CHARACTERS = 500
#: A task side's base-score label, as the core takes it (tasks.MAX_NAME; a test holds them equal:
#: the store never keeps a label the Task tab then cannot draw, issue 32).
TASK_LABEL_CHARS = 60
NAME = Text(200)
PROSE = Text(5_000)
SMALL = Whole(-1000, 1000)
HP = Whole(-10_000, 10_000)
TIME = Whole(0, 10**9)


def _character(value: Any) -> object:
    from pycore.systems.simply.character_json import character_from_json

    return character_from_json(value)


def _campaign(value: Any) -> object:
    from pycore.systems.simply.character_json import campaign_from_json

    return campaign_from_json(value)


def _fight(value: Any) -> object:
    from pycore.systems.simply.fight import combat_from_json

    return combat_from_json(value)


CHARACTER = All(
    (
        Record(
            {
                # The record's stable id (links.py; the share code's "uid"): fighters and the
                # Task page link to it. Version 1 records had none unless shared.
                "uid": Text(80),
                "name": NAME,
                "player": NAME,
                "concept": Text(500),
                "age": NAME,
                "age_note": Text(500),
                "race": NAME,
                "appearance": PROSE,
                "history": PROSE,
                "personality": PROSE,
                "abilities": ListOf(NAME, 200),
                "disabilities": ListOf(NAME, 200),
                "gear": ListOf(Record({"name": NAME, "notes": Text(1_000)}), 500),
                "skills": ListOf(
                    Record({"name": NAME, "level": NAME, "specialty": maybe(NAME)}), 300
                ),
                "adjustments": ListOf(
                    Record({"source": NAME, "stat": Text(2), "amount": SMALL}), 200
                ),
            }
        ),
        Check(_character, "a character record"),
    )
)

#: Where a link saved as a list position waits for the join to turn it into the record's id.
POSITION = "sheet_position"


@checked
def characters_1_to_2(value: Any) -> Any:
    """Version 2 gives every record a stable ``uid`` (links.py): a shared record keeps its own,
    any other gets one derived from its content and position.

    >>> new = characters_1_to_2({"list": [{"name": "A"}, {"name": "B", "uid": "u1"}]})
    >>> [r["uid"] for r in new["list"]][1], new["list"][0]["uid"].startswith("r")
    ('u1', True)
    """
    from pycore.systems.simply.links import with_uids

    if not isinstance(value, dict) or not isinstance(value.get("list"), list):
        return value
    return {**value, "list": with_uids(value["list"])}


def _records(state: Mapping[str, Any]) -> list[Any]:
    section = state.get("simply_characters")
    found = section.get("list") if isinstance(section, dict) else None
    return found if isinstance(found, list) else []


def _resolved(item: Any, key: str, records: list[Any], unlinked: Any) -> Any:
    """``item`` with a position waiting in :data:`POSITION` turned into the record's id."""
    from pycore.systems.simply.links import uid_at

    if not isinstance(item, dict) or POSITION not in item:
        return item
    rest = {k: v for k, v in item.items() if k != POSITION}
    uid = uid_at(records, item[POSITION])
    return {**rest, key: unlinked if uid is None else uid}


CHARACTERS = SectionCodec(
    "simply_characters",
    2,
    Record(
        {
            "list": ListOf(CHARACTER, MAX_CHARACTERS),
            "selected": Whole(0, MAX_CHARACTERS),
            "campaign": Check(_campaign, "the campaign settings"),
        }
    ),
    migrations={1: characters_1_to_2},
)

LOG_ENTRY = Record(
    {"text": LOG_TEXT, "public": LOG_TEXT, "at": WHEN, "seed": SEED, "rules": RULES},
    required=frozenset({"text"}),
)

SIDE = Record(
    {
        "character": Text(80),  # the linked record's uid (version 1: its position)
        "pick": NAME,
        "label": Text(TASK_LABEL_CHARS),
        "base": Whole(-99, 99),
        "level": Text(40),
        "difficulty": Text(40),
        "modifier": Whole(-99, 99),
        # Luck is declared yes/no before the roll (SIM-10); saves from before that held the LP.
        "luck": Either((Whole(0, 1000), Text(3, ("yes", "no")))),
        "lp": Whole(0, 100_000),
    }
)


@checked
def task_1_to_2(value: Any) -> Any:
    """Version 2 links a side to a record by its uid: a position ("3") waits for the join.

    >>> task_1_to_2({"a": {"character": "3"}, "b": {"character": ""}})
    {'a': {'character': '', 'sheet_position': 3}, 'b': {'character': ''}}
    """
    from pycore.systems.simply.links import position_in

    if not isinstance(value, dict):
        return value
    moved = dict(value)
    for key in ("a", "b"):
        side: Any = value.get(key)
        linked = side.get("character") if isinstance(side, dict) else None
        position = position_in(linked) if isinstance(linked, str) else None
        if position is not None:
            moved[key] = {**side, "character": "", POSITION: position}
    return moved


@checked
def task_join(state: Mapping[str, Any]) -> Any:
    """The Task page's sides linked by uid once the characters are read (version 1 links)."""
    value = state.get("simply_task")
    if not isinstance(value, dict) or not any(
        isinstance(value.get(k), dict) and POSITION in value[k] for k in ("a", "b")
    ):
        return value
    records = _records(state)
    return {
        **value,
        **{k: _resolved(v, "character", records, "") for k, v in value.items() if k in "ab"},
    }


TASK = SectionCodec(
    "simply_task",
    2,
    Record(
        {
            "mode": Text(20, ("test", "contest")),
            "a": SIDE,
            "b": SIDE,
            "log": ListOf(LOG_ENTRY, TASK_LOG_LIMIT),
        }
    ),
    logs=(LogSpec(("log",), TASK_LOG_LIMIT),),
    migrations={1: task_1_to_2},
    join=task_join,
)

FIGHTER = Record(
    {
        "id": Text(20),
        "name": NAME,
        "hp": HP,
        "hp_max": Whole(1, 10_000),
        "strength": SMALL,
        "health": SMALL,
        "bonus": SMALL,
        "minor": Flag(),
        "actions_per_turn": Whole(0, 100),
        "luck": Whole(0, 100_000),
        "armor": maybe(Text(80)),
        "coating": maybe(Text(80)),
        "shield": maybe(Text(80)),
        "ablative_hits": Whole(0, 10_000),
        "max_damage": maybe(Whole(0, 10_000)),
        "conditions": ListOf(Text(80), 50),
        "bleeding_since": maybe(TIME),
        "bled": Whole(0, 10**6),
        "injured_at": maybe(TIME),
        "first_aid_done": Flag(),
        "stabilize_attempts": Whole(0, 10**6),
        "stabilized_until": maybe(TIME),
        "character": maybe(Text(80)),  # the linked record's uid (version 1: its position)
    },
    required=frozenset({"id", "name", "hp", "hp_max", "strength", "health"}),
)

PENDING = Record(
    {
        "combatant": Text(20),
        "name": NAME,
        "rule": Text(80),
        "check": Text(200),
        "target_number": Whole(-1000, 1000),
        "on_failure": Text(500),
    },
    required=frozenset({"combatant", "name", "rule", "check", "target_number", "on_failure"}),
)

FIGHT = All(
    (
        Record(
            {
                "combatants": ListOf(FIGHTER, 200),
                "turn": Whole(0, 1_000_000),
                "order": ListOf(Text(20), 200),
                "actions": MapOf(Whole(-100, 100), 200),
                "passed": ListOf(Text(20), 200),
                "phase": Text(20),
                "cursor": maybe(Text(20)),
                "interrupt_lock": maybe(Text(20)),
                "clock": TIME,
                "pending": ListOf(PENDING, 200),
                "next_id": Whole(0, 10**9),
                "attacks": Whole(0, 10**9),
                "due": maybe(
                    Record(
                        {"serial": Whole(0, 10**9), "attacker": Text(20), "target": Text(20)},
                        required=frozenset({"serial", "attacker", "target"}),
                    )
                ),
            }
        ),
        Check(_fight, "a fight"),
    )
)


@checked
def combat_1_to_2(value: Any) -> Any:
    """Version 2 links a fighter to its record by the record's uid: a position waits for the
    join (:func:`combat_join`), which knows the list.

    >>> combat_1_to_2({"combat": {"combatants": [{"id": "c1", "character": 2}, {"id": "c2"}]}})
    {'combat': {'combatants': [{'id': 'c1', 'sheet_position': 2}, {'id': 'c2'}]}}
    """
    combat: Any = value.get("combat") if isinstance(value, dict) else None
    fighters = combat.get("combatants") if isinstance(combat, dict) else None
    if not isinstance(fighters, list):
        return value
    moved = []
    for fighter in fighters:
        linked = fighter.get("character") if isinstance(fighter, dict) else None
        if is_whole(linked):
            fighter = {k: v for k, v in fighter.items() if k != "character"}
            fighter[POSITION] = linked
        moved.append(fighter)
    return {**value, "combat": {**combat, "combatants": moved}}


@checked
def combat_join(state: Mapping[str, Any]) -> Any:
    """The fighters linked by uid once the characters are read (version 1 links); a position
    with no record there any more leaves a plain fighter."""
    value: Any = state.get("simply_combat")
    combat: Any = value.get("combat") if isinstance(value, dict) else None
    fighters = combat.get("combatants") if isinstance(combat, dict) else None
    if not isinstance(fighters, list) or not any(
        isinstance(f, dict) and POSITION in f for f in fighters
    ):
        return value
    records = _records(state)
    linked = [_resolved(f, "character", records, None) for f in fighters]
    return {**value, "combat": {**combat, "combatants": linked}}


RESULT = Record(
    {
        "verdict": LOG_TEXT,
        "number": LOG_TEXT,
        "text": LOG_TEXT,
        "ended": LOG_TEXT,
        "hit": Flag(),
        "passed": Flag(),
    },
    required=frozenset({"verdict", "number", "text"}),
)

#: The attack, damage and treatment steps as an entry left them (saved before stop 53: those
#: steps, what the GM set in them and for which attack).
_TYPED = Record(
    {
        "form": MapOf(MapOf(Text(400), 40), 4),
        "set": MapOf(MapOf(Text(400), 40), 4),
        "set_for": MapOf(Text(400), 4),
    }
)
#: The steps as they stood at one step count: the attack chosen (attacker, weapon, target),
#: what the GM set in it, the treatment's fields chosen or typed.
_STOOD = Record(
    {
        "choice": Text(400),
        "set": MapOf(MapOf(Text(400), 40), 4),
        "treat": MapOf(Text(400), 20),
    },
    frozenset({"choice"}),
)

COMBAT = SectionCodec(
    "simply_combat",
    2,
    Record(
        {
            "combat": FIGHT,
            "log": ListOf(LOG_ENTRY, COMBAT_LOG_LIMIT),
            "form": MapOf(MapOf(Text(400), 40), 20),
            # What the GM set in the attack under way (and which attack it belongs to), and
            # the attack whose hit awaits its damage (issue 25).
            "set": MapOf(MapOf(Text(400), 40), 4),
            "set_for": MapOf(Text(400), 4),
            "hit": MapOf(Text(40), 4),
            # The page's count of fight steps, the count the last entry of the attack, damage
            # or treatment step follows and its serial (saved before stop 53: those steps as
            # it left them), the last serial given, and those steps as they stood at each count (rkweb simply combat
            # state: what an undo or a redo shows of the entries typed without an undo step).
            "steps": Whole(0, 10**9),
            "form_typed_at": Whole(0, 10**9),
            "form_typed": Either((Whole(0, 10**9), _TYPED)),
            "form_serial": Whole(0, 10**9),
            "forms": MapOf(_STOOD, 2 * UNDO_LIMIT + 2, Text(12)),
            # The last result shown where its tap was (the attack's, the damage's, a check's):
            # the page shows its words, so each is text and the verdict is said (issue 32).
            "result": MapOf(RESULT, 4),
            # The logs of the last fights ended (End fight keeps them, issue 26).
            "past": ListOf(
                Record(
                    {"at": WHEN, "names": Text(400), "log": ListOf(LOG_ENTRY, COMBAT_LOG_LIMIT)}
                ),
                5,
            ),
        }
    ),
    logs=(LogSpec(("log",), COMBAT_LOG_LIMIT),),
    migrations={1: combat_1_to_2},
    join=combat_join,
    whole_steps=True,  # a hit's log line and its HP change stand or go together (issue 32)
)

CODECS = (CHARACTERS, TASK, COMBAT)
