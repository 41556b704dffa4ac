"""How the 3d6 (GURPS Lite style) pages are saved: one section ``gurps``.

The combatants are checked by the sheet's own reader (:func:`~pycore.systems.gurps.sheet.
combatant_from_json`), so a saved HP of −5 is refused with the same words as a typed one.

>>> from pycore.store.sections import read_section
>>> read_section("gurps", 1, {"combatants": [{"id": "g1", "hp": -5}]})
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'gurps', field combatants[0]: HP -5 is outside 1 to 999
>>> read_section("gurps", 1, {"next_id": "x"})
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'gurps', field next_id: 'x' is not a whole number from 1 to 1000000000
"""

from __future__ import annotations

from typing import Any

from pycore.errors import RuleError
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
    Number,
    Record,
    Text,
    Whole,
    maybe,
)

LOG_LIMIT = 300  # newest first; older entries go to the export's archive
MAX_COMBATANTS = 200
ID = Text(20)


def _combatant(value: Any) -> object:
    from pycore.systems.gurps.sheet import combatant_from_json

    return combatant_from_json(value)


def _turn_in_order(fight: Any) -> None:
    order, turn = fight.get("order", []), fight.get("turn", 0)
    if order and not 0 <= turn < len(order):
        raise RuleError(f"turn {turn} is outside the order of {len(order)} (0 to {len(order) - 1})")


COMBATANT = All(
    (
        Record(
            {
                "id": ID,
                "name": Text(200),
                "weapon": Text(200),
                "reach": Text(40),
                "basic_speed": Text(20),
                "damage": Text(40),
                "half_d": Text(20),
                "max_range": Text(20),
                "dr_locations": Text(400),
                "tolerance": Text(200),
                "option": Text(200),
                "notes": Text(5_000),
            }
        ),
        Check(_combatant, "a combatant"),
    )
)

FIGHT = All(
    (
        Record(
            {
                "round": Whole(0, 10**6),
                "turn": Whole(0, MAX_COMBATANTS),
                "order": ListOf(
                    Record({"id": ID, "tiebreak": Number(-(10**9), 10**9)}, frozenset({"id"})),
                    MAX_COMBATANTS,
                ),
            }
        ),
        Check(_turn_in_order, "a turn within the order"),
    )
)

PENDING = maybe(
    Record(
        {
            "stage": Text(20, ("defense", "damage")),
            "maximum": Flag(),
            "critical": Flag(),
            "used": ListOf(Text(40), 10),
        },
        frozenset({"stage"}),
    )
)

ATTACK = Record({"keys": MapOf(maybe(Text(20)), 200)})

LOG_ENTRY = Record(
    {"text": LOG_TEXT, "public": LOG_TEXT, "at": WHEN, "seed": SEED, "round": Whole(0, 10**6)},
    frozenset({"text"}),
)

GURPS = SectionCodec(
    "gurps",
    1,
    Record(
        {
            "combatants": ListOf(COMBATANT, MAX_COMBATANTS),
            "next_id": Whole(1, 10**9),
            "selected": ID,
            "fight": FIGHT,
            "attack": All((ATTACK, MapOf(Either((Text(400), MapOf(maybe(Text(20)), 200))), 40))),
            "pending": PENDING,
            "log": ListOf(LOG_ENTRY, LOG_LIMIT),
        }
    ),
    logs=(LogSpec(("log",), LOG_LIMIT),),
)

CODECS = (GURPS,)
