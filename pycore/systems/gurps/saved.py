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
    RULES,
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
    WholeText,
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
            # "strike": the roll after a weapon parry of a punch (GUR-49)
            "stage": Text(20, ("defense", "damage", "strike")),
            "maximum": Flag(),
            "critical": Flag(),
            "used": ListOf(Text(40), 10),
        },
        frozenset({"stage"}),
    )
)

ATTACK = Record({"keys": MapOf(maybe(Text(20)), 200)})

LOG_ENTRY = Record(
    {
        "text": LOG_TEXT,
        "public": LOG_TEXT,
        "at": WHEN,
        "seed": SEED,
        "round": Whole(0, 10**6),
        "rules": RULES,
    },
    frozenset({"text"}),
)

#: What the turn's step holds (the page's draft of the attack: target, location, chips,
#: toggles, the typed range, override and exposed spot, the defense picked): the page reads
#: each field as this kind, so the store keeps nothing else (issue 32).
TYPED = Text(400)  # the page refuses a longer typed value (state.too_long)
STEP = maybe(
    Record(
        {
            "attacker": Text(80),
            "target": Text(80),
            "location": TYPED,
            "chips": ListOf(Text(80), 100),
            "line": WholeText(0, 50),
            "yards": Text(40),
            "defense": Text(40),
            "override": TYPED,
            "random_location": Flag(),
            "from_above": Flag(),
            "pinned": Flag(),
            "exposed": TYPED,
            "only_exposed": Flag(),
            "chink": Flag(),
        }
    )
)

#: The last result shown (a reload shows it again): its words and its explanation.
SHOWN = maybe(
    Record(
        {"verdict": LOG_TEXT, "number": LOG_TEXT, "tone": Text(20), "why": ListOf(LOG_TEXT, 200)}
    )
)


def _fight(section: Any) -> object:
    """The fight as the page reads it: the core's own reader, so the store keeps no fight the
    page cannot read (an attack set-up's table modifiers, a defense used...)."""
    from pycore.systems.gurps.fight import fight_from_json

    return fight_from_json(section)


GURPS = SectionCodec(
    "gurps",
    1,
    All(
        (
            Record(
                {
                    "combatants": ListOf(COMBATANT, MAX_COMBATANTS),
                    "next_id": Whole(1, 10**9),
                    "selected": ID,
                    "fight": FIGHT,
                    "attack": All(
                        (ATTACK, MapOf(Either((Text(400), MapOf(maybe(Text(20)), 200))), 40))
                    ),
                    "pending": PENDING,
                    "log": ListOf(LOG_ENTRY, LOG_LIMIT),
                    "attack_seed": SEED,  # the Attack tab's own last roll's, in the log
                    "step": STEP,
                    "step_for": Text(200),
                    "ended": Whole(0, 10**9),
                    "shown": SHOWN,
                    "settings": maybe(Record({"eye_reading": Text(200)})),
                }
            ),
            Check(_fight, "a fight"),
        )
    ),
    logs=(LogSpec(("log",), LOG_LIMIT),),
)

CODECS = (GURPS,)
