"""How Simply Roleplaying! is saved: the characters, the task roll and the combat worksheet.

Each section's shape names its fields, types and ranges; the core's own readers
(``character_from_json``, ``campaign_from_json``, ``combat_from_json``) then check what they
know, so a saved value is refused for the same reasons a typed one is.

>>> from pycore.store.sections import read_section
>>> read_section("simply_combat", 1, {"combat": {"turn": "x"}})
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'simply_combat', field combat.turn: 'x' is not a whole number from 0 to 1000000
"""

from __future__ import annotations

from typing import Any

from pycore.store.sections import LogSpec, SectionCodec
from pycore.store.shape import (
    LOG_TEXT,
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

#: The stated caps of the logs (newest first); older entries go to the export's archive.
COMBAT_LOG_LIMIT = 300
TASK_LOG_LIMIT = 100
MAX_CHARACTERS = 500
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

CHARACTERS = SectionCodec(
    "simply_characters",
    1,
    Record(
        {
            "list": ListOf(CHARACTER, MAX_CHARACTERS),
            "selected": Whole(0, MAX_CHARACTERS),
            "campaign": Check(_campaign, "the campaign settings"),
        }
    ),
)

LOG_ENTRY = Record({"text": LOG_TEXT, "at": WHEN, "seed": SEED}, required=frozenset({"text"}))

SIDE = Record(
    {
        "character": Text(12),
        "pick": NAME,
        "label": NAME,
        "base": Whole(-99, 99),
        "level": Text(40),
        "difficulty": Text(40),
        "modifier": Whole(-99, 99),
        # Luck is declared yes/no before the roll (SIM-10); saves from before that held the LP.
        "luck": Either((Whole(0, 1000), Text(3, ("yes", "no")))),
        "lp": Whole(0, 100_000),
    }
)

TASK = SectionCodec(
    "simply_task",
    1,
    Record(
        {
            "mode": Text(20, ("test", "contest")),
            "a": SIDE,
            "b": SIDE,
            "log": ListOf(LOG_ENTRY, TASK_LOG_LIMIT),
        }
    ),
    logs=(LogSpec(("log",), TASK_LOG_LIMIT),),
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
        "character": maybe(Whole(0, MAX_CHARACTERS)),
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
            }
        ),
        Check(_fight, "a fight"),
    )
)

COMBAT = SectionCodec(
    "simply_combat",
    1,
    Record(
        {
            "combat": FIGHT,
            "log": ListOf(LOG_ENTRY, COMBAT_LOG_LIMIT),
            "form": MapOf(MapOf(Text(400), 40), 20),
        }
    ),
    logs=(LogSpec(("log",), COMBAT_LOG_LIMIT),),
)

CODECS = (CHARACTERS, TASK, COMBAT)
