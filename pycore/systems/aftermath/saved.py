"""How the Aftermath! pages are saved: ``aftermath`` (characters, campaign settings, the roll page
and the combat worksheet) and ``aftermath_ref`` (the Reference tab).

The ``aftermath`` section carries its own ``"schema"`` field (the page writes
:data:`VERSION`): data saved before sections had a stored version is read at that version, and a
newer one is refused rather than misread.

>>> from pycore.store.sections import read_section
>>> read_section("aftermath", None, {"schema": 9})
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'aftermath' has version 9, newer than this app knows (5)
>>> read_section("aftermath", 1, {"characters": [{"attr": {"STR": 99}}]})
Traceback (most recent call last):
...
pycore.store.sections.SectionError: section 'aftermath', field characters[0].attr.STR: 99 is outside 0 to 74
"""

from __future__ import annotations

import re
from typing import Any

from pycore.store.history import UNDO_LIMIT
from pycore.store.sections import LogSpec, SectionCodec, own_schema_field
from pycore.store.shape import (
    LOG_TEXT,
    RULES,
    SEED,
    WHEN,
    All,
    Anything,
    Check,
    Either,
    Flag,
    ListOf,
    MapOf,
    Record,
    Text,
    Whole,
    WholeText,
    maybe,
)
from pycore.systems.aftermath.limits import MAX_CONDITIONS, MAX_NAME

VERSION = 5  # the page's ``SCHEMA``; bump with a migration in AFTERMATH.migrations
LOG_LIMIT = 80  # each log of the section, newest first; older entries go to the archive
REF_LOG_LIMIT = 100
MAX_CHARACTERS = 200
NAME = Text(MAX_NAME)
LABEL = Text(200)
ATTR = MapOf(Whole(0, 74), 10)
THROWS = MapOf(maybe(Whole(0, 40)), 10)
COUNT = WholeText(-10_000, 10_000)
MOMENT = maybe(ListOf(Whole(0, 10**6), 2))


def _condition(record: Any) -> object:
    """Read as the sheet, the fight and the paper read it: one they refuse (no start, a phase
    past 20) would leave each of them undrawable (the saved-data fuzz test found ``{}``)."""
    from pycore.systems.aftermath.conditions import condition_from_json

    return condition_from_json(record)


CONDITION = All(
    (
        Record(
            {"name": LABEL, "start": MOMENT, "until": MOMENT, "rule": LABEL, "note": Text(1_000)}
        ),
        Check(_condition, "a condition that starts at a turn and phase"),
    )
)


def _listed(record: Any) -> object:
    """A hand weapon's row of the Weapons Listing, found as the sheet and the attack find it
    (AFT-T15): a name not in it would leave the sheet undrawable (issue 32)."""
    if record.get("kind") != "hand":
        return None
    from pycore.systems.aftermath.gear.weapons import weapon

    return weapon(record.get("listed", ""))


#: A weapon on a sheet (``arms``): its kind, the gun or listed weapon, the skill's NAME.
WEAPON = All(
    (
        Record(
            {
                "name": NAME,
                "kind": Text(10, ("gun", "hand")),
                "gun": Text(40),
                "listed": LABEL,
                "skill": Text(200),
            },
            frozenset({"name", "kind"}),
        ),
        Check(_listed, "a weapon of the Weapons Listing"),
    )
)

SHEET = Record(
    {
        "name": NAME,
        "kind": Text(20, ("character", "creature")),
        "body": Text(20, ("bipedal", "quadrupedal")),
        "personality": Flag(),
        "attr": ATTR,
        "ast": THROWS,
        "cst": THROWS,
        "derived": MapOf(maybe(Whole(-1000, 1000)), 20),
        "average_bcs": maybe(Whole(-100, 100)),
        "skills": ListOf(
            Record({"name": NAME, "bcs": Whole(-100, 100)}, frozenset({"name", "bcs"})), 40
        ),
        "weapons": ListOf(WEAPON, 12),
        "armor": MapOf(ListOf(LABEL, 10), 40),
        "cloth_bullet_av": maybe(Whole(0, 40)),
        # Both always written (sheet.add_item): an item without a name has no row to show.
        "inventory": ListOf(
            Record({"name": LABEL, "enc": Text(20)}, frozenset({"name", "enc"})), 60
        ),
        # Read as whole numbers (AFT-08 wounds: "" is none): a word would stop the sheet.
        "damage": MapOf(Either((WholeText(0, 10**6), Text(0))), 10),
        "conditions": ListOf(CONDITION, MAX_CONDITIONS + 1),  # "Dead" beyond the cap
        "regions": MapOf(Text(200), 10),
    }
)

LOG_ENTRY = Record(
    {
        "text": LOG_TEXT,
        "public": LOG_TEXT,
        "at": WHEN,
        "seed": SEED,
        "steps": ListOf(LOG_TEXT, 200),
        "why": ListOf(LOG_TEXT, 200),
        "applied": ListOf(LOG_TEXT, 200),
        "rules": RULES,
        "target": maybe(Whole(0, MAX_CHARACTERS)),
    },
    frozenset({"text"}),
)

ROLLS = Record(
    {
        "who": Text(12),
        "skill": LABEL,
        "bcs": COUNT,
        "halved": Flag(),
        "situations": ListOf(Text(80), 100),
        "other": COUNT,
        "attribute": Text(10),
        "ast": COUNT,  # the saving throw's odds read both (the page writes 0 to 40)
        "cst": COUNT,
        "blast": COUNT,
        "die_a": Text(20),
        "die_b": Text(20),
        "comparison": Text(40),
        "log": ListOf(LOG_ENTRY, LOG_LIMIT),
    }
)

#: What the user typed into an attack form: kept as typed (the worksheet checks it and shows
#: its error beside the field), so only its kind and length are bounded here.
TYPED = Either((Whole(-10_000, 10_000), Text(40)))
ATTACK_FORM = Record(
    {
        "bcs": TYPED,
        "damage_taken": TYPED,
        "bursts": TYPED,
        "distractions": TYPED,
        "encumbrance": TYPED,
        "shots": TYPED,
        "burst_size": TYPED,
        "count": TYPED,
        "situations": ListOf(Text(80), 100),
    }
)

#: The attack forms the combat worksheet draws, one per mode.
MODES = ("missile", "hth", "thrown")

#: The attack as the GM chose it at one step count: who attacks whom, with what, their override
#: and question, what they changed (per mode), which attack it is and when it was written.
CHOSEN = Record(
    {
        "attacker": Whole(0, MAX_CHARACTERS),
        "target": Whole(0, MAX_CHARACTERS),
        "weapon": Text(200),
        "mode": Text(20, MODES),
        "override": Text(200),
        "ask": maybe(MapOf(Anything(), 10)),
        "edits": MapOf(MapOf(Anything(), 40), 3),
        "attack": Whole(0, 10**9),
        "seq": Whole(0, 10**9),
    },
    frozenset({"attacker", "target", "weapon", "mode", "attack", "seq"}),
)

COMBAT = Record(
    {
        "turn": WholeText(0, 10**6),
        "phase": WholeText(0, 100),
        "attacker": Whole(0, MAX_CHARACTERS),
        "target": Whole(0, MAX_CHARACTERS),
        "mode": Text(20, MODES),  # the attack form drawn is the mode's
        "weapon": Text(200),
        "missile": ATTACK_FORM,
        "hth": ATTACK_FORM,
        "thrown": ATTACK_FORM,
        "log": ListOf(LOG_ENTRY, LOG_LIMIT),
        # The page's count of undoable steps and the attack as chosen at each count (rkweb
        # aftermath chosen: an undo's or a redo's attacker, target, weapon and changes).
        "steps": Whole(0, 10**9),
        "chosen": MapOf(CHOSEN, 2 * UNDO_LIMIT + 2, Text(12)),
    }
)


def migrate_1_to_2(value: Any) -> Any:
    """Version 2 gives each weapon on a sheet a kind and the name of its skill (version 1 held a
    Weapons Listing name only): an old name becomes a hand weapon with no skill chosen yet, so
    nothing is lost; a sheet without weapons gets an empty list.

    >>> old = {"schema": 1, "characters": [{"name": "Ana", "weapons": ["Club"]}, {"name": "Bo"}]}
    >>> new = migrate_1_to_2(old)
    >>> new["schema"], new["characters"][0]["weapons"], new["characters"][1]["weapons"]
    (2, [{'name': 'Club', 'kind': 'hand', 'gun': '', 'listed': 'Club', 'skill': ''}], [])
    """
    if not isinstance(value, dict):
        return value
    chars = value.get("characters")
    if isinstance(chars, list):
        chars = [_sheet_1_to_2(c) for c in chars]
        value = {**value, "characters": chars}
    return {**value, "schema": 2}


def _sheet_1_to_2(sheet: Any) -> Any:
    if not isinstance(sheet, dict):
        return sheet
    weapons = sheet.get("weapons")
    if not isinstance(weapons, list):
        return {**sheet, "weapons": []}
    # Imported here: the app's start reads this module, and arms imports most of the rules.
    from pycore.systems.aftermath.gear.weapon_record import legacy_weapon

    return {**sheet, "weapons": [legacy_weapon(w) for w in weapons]}


def migrate_2_to_3(value: Any) -> Any:
    """Version 3 keeps the rules of a logged step as data (issue 25 item 4): an entry of the
    combat or roll log, and an attack waiting for a value, saved with rule IDs in its words has
    them moved into its ``rules`` (a step's into its line of ``why``); nothing else changes.

    >>> old = {"schema": 2, "combat": {"log": [{"text": "Ana → Bo: hit (AFT-03)"}]}}
    >>> new = migrate_2_to_3(old)
    >>> new["schema"], new["combat"]["log"]
    (3, [{'text': 'Ana → Bo: hit', 'rules': ['AFT-03']}])
    """
    if not isinstance(value, dict):
        return value
    # Imported here: the app's start reads this module; the old texts are read once.
    from pycore.systems.aftermath.old_log import entry_with_rules, log_with_rules

    out = {**value, "schema": 3}
    for part in ("combat", "rolls"):
        found = value.get(part)
        if isinstance(found, dict):
            moved = {**found, "log": log_with_rules(found.get("log", []))}
            if isinstance(found.get("pending"), dict):
                moved["pending"] = entry_with_rules(found["pending"])
            out[part] = moved
    return out


def migrate_3_to_4(value: Any) -> Any:
    """Version 4 names an attack's compound fracture "Compound fracture" (AFT-25, 001 line 34),
    as one recorded by hand is: version 3 saved before that named it "Broken bone", as a simple
    break is (:func:`fractures_named`).

    >>> bone = {"name": "Broken bone", "start": [1, 1], "rule": "AFT-25", "note": "location 5"}
    >>> bled = {"name": "Bleeding to death", "start": [1, 1], "until": [5, 1], "rule": "AFT-25",
    ...         "note": "compound fracture location 5, 1D6 (4) = 4 Combat Turns; dies ..."}
    >>> new = migrate_3_to_4({"schema": 3, "characters": [{"conditions": [bone, bled]}]})
    >>> new["schema"], [c["name"] for c in new["characters"][0]["conditions"]]
    (4, ['Compound fracture', 'Bleeding to death'])
    """
    return _fractures_named_in(value, 4)


def migrate_4_to_5(value: Any) -> Any:
    """Version 5 holds a compound fracture recorded by hand as today's two conditions, the
    fracture and its "Bleeding to death" (AFT-25): version 4 still read the very old single
    "Compound fracture, bleeding to death" as saved (version 3's migration renamed an attack's
    "Broken bone" only), and a version 4 save may hold one carried over from then.

    >>> old = {"name": "Compound fracture, bleeding to death", "start": [2, 3], "until": None,
    ...        "rule": "AFT-25", "note": "recorded by hand"}
    >>> new = migrate_4_to_5({"schema": 4, "characters": [{"conditions": [old]}]})
    >>> new["schema"], [c["name"] for c in new["characters"][0]["conditions"]]
    (5, ['Compound fracture', 'Bleeding to death'])
    """
    return _fractures_named_in(value, 5)


def _fractures_named_in(value: Any, schema: int) -> Any:
    """Every sheet of a stored section with its fractures named (:func:`fractures_named`), the
    section at ``schema``."""
    if not isinstance(value, dict):
        return value
    out = {**value, "schema": schema}
    chars = value.get("characters")
    if isinstance(chars, list):
        out["characters"] = [fractures_named(c) for c in chars]
    return out


def fractures_named(sheet: Any) -> Any:
    """A sheet whose attack's compound fractures saved as "Broken bone" are named "Compound
    fracture" (a stored section's migration, and a shared character's upgrade).

    AFT-25 (001 line 34): a Sever by what does not cut breaks the bone; a failed Health AST
    makes it a compound fracture, which bleeds (or, by settings.noncutting_head_sever, is a
    Death Blow at the head or neck). The old attack wrote the bone "Broken bone" with the note
    "location N" either way, so what tells them apart is what only a compound one started at
    the same moment: a countdown noted "compound fracture location N" (",": with its dice;
    ";": before its dice were noted) or a Death Blow noted "compound fracture of the head or
    neck". A simple break, and a broken bone recorded by hand ("recorded by hand"), stay. A
    compound fracture recorded by hand before its 1D6 was rolled is today's two conditions
    (:func:`_hand_fractures_today`).
    """
    if not isinstance(sheet, dict) or not isinstance(sheet.get("conditions"), list):
        return sheet
    have = sheet["conditions"]
    named = [_fracture_named(c, have) for c in have]
    return {**sheet, "conditions": _hand_fractures_today(sheet, named)}


#: AFT-25: the name a compound fracture recorded by hand had before its 1D6 was rolled (the
#: conditions list's label, sheet.MANUAL_CONDITIONS): no countdown, "the time is yours to keep".
OLD_HAND_FRACTURE = "Compound fracture, bleeding to death"


def _hand_fractures_today(sheet: dict[str, Any], have: list[Any]) -> list[Any]:
    """A compound fracture recorded by hand before its bleeding's 1D6 was rolled, one condition
    "Compound fracture, bleeding to death" with no end, is today's two (sheet.add_condition,
    AFT-25, 001 lines 32-34): the fracture, and its "Bleeding to death". No die was rolled, so no
    end is invented (FIGHT.md: the core picks no die): the bleeding keeps no end and never kills
    by the clock, its note saying the time the text gives and that it is the GM's to keep, as the
    old one's did (its card shows it). Where the sheet holds no room for one more condition, the
    fracture alone keeps the bleeding in its note. Recorded by hand, it had no place on the body:
    never the head or neck's Death Blow (that choice came with its place)."""
    # Imported here: the app's start reads this module.
    from pycore.systems.aftermath.conditions import COMPOUND_FRACTURE

    # The sheet's cap (sheet.with_conditions): 40, "Dead" beyond them.
    room = MAX_CONDITIONS - sum(not (isinstance(c, dict) and c.get("name") == "Dead") for c in have)
    out: list[Any] = []
    for condition in have:
        bleeding = _old_hand_fracture_bleeding(sheet, condition)
        if bleeding is None:
            out.append(condition)
            continue
        bone = {**condition, "name": COMPOUND_FRACTURE, "rule": "AFT-25"}
        if room > 0:
            out += [{**bone, "note": "recorded by hand"}, bleeding]
            room -= 1
        else:
            out.append({**bone, "note": bleeding["note"]})
    return out


def _old_hand_fracture_bleeding(sheet: dict[str, Any], condition: Any) -> dict[str, Any] | None:
    """The "Bleeding to death" an old hand-recorded fracture stands for (None: not one). Its
    time: the old note's ("1D6+2 Combat Turns from turn 1, phase 1: the time is yours to keep;
    ..."), or, where the first release noted only "recorded by hand", the sheet's Health Group +
    1D6 from its start, as the next release wrote it."""
    if not (
        isinstance(condition, dict)
        and condition.get("name") == OLD_HAND_FRACTURE
        and condition.get("until") is None
    ):
        return None
    from pycore.errors import RulekeeperError
    from pycore.systems.aftermath.conditions import BLEEDING, condition_from_json
    from pycore.systems.aftermath.sheet.sheet import FRACTURE_TIME, fracture_bleeding_dice

    try:
        start = condition_from_json({**condition, "rule": "AFT-25"}).start
    except RulekeeperError:
        return None  # not a condition the sheet reads: the codec says so, as saved
    told, said, _ = str(condition.get("note", "")).partition(f": {FRACTURE_TIME}")
    if not said:
        try:
            dice = fracture_bleeding_dice(sheet)
        except (RulekeeperError, TypeError, ValueError):
            dice = "Health Group + 1D6"
        told = f"{dice} Combat Turns from {start}"
    note = (
        f"compound fracture recorded by hand, {told}: {FRACTURE_TIME}; no die rolled, no end "
        "kept; dies when it runs out unless cauterized or bandaged"
    )
    return {
        "name": BLEEDING,
        "start": condition["start"],
        "until": None,
        "rule": "AFT-25",
        "note": note,
    }


def _fracture_named(condition: Any, have: list[Any]) -> Any:
    # Imported here: the app's start reads this module.
    from pycore.systems.aftermath.conditions import BLEEDING, BROKEN_BONE, COMPOUND_FRACTURE

    if not (
        isinstance(condition, dict)
        and condition.get("name") == BROKEN_BONE
        and condition.get("rule") == "AFT-25"
        and re.fullmatch(r"location \d+", str(condition.get("note", "")))
    ):
        return condition
    bled = re.compile(rf"compound fracture {re.escape(str(condition['note']))}[,;]")

    def started_by_it(other: Any) -> bool:
        if not isinstance(other, dict) or other.get("start") != condition.get("start"):
            return False
        note = str(other.get("note", ""))
        if other.get("name") == BLEEDING:
            return bled.match(note) is not None
        return other.get("name") == "Death Blow" and note == "compound fracture of the head or neck"

    return {**condition, "name": COMPOUND_FRACTURE} if any(map(started_by_it, have)) else condition


def migrate_ref_1_to_2(value: Any) -> Any:
    """Version 2 of the Reference tab keeps the rules of a logged roll as data (issue 25
    item 4): an entry saved with rule IDs in its words has them moved into its ``rules``.

    >>> migrate_ref_1_to_2({"log": [{"text": "Acid D100 21: No serious effect (AFT-T33 L571)"}]})
    {'log': [{'text': 'Acid D100 21: No serious effect', 'rules': ['AFT-T33', 'L571']}]}
    """
    if not isinstance(value, dict):
        return value
    from pycore.systems.aftermath.old_log import log_with_rules

    return {**value, "log": log_with_rules(value.get("log", []))}


AFTERMATH = SectionCodec(
    "aftermath",
    VERSION,
    Record(
        {
            "schema": Whole(1, VERSION),
            "characters": ListOf(SHEET, MAX_CHARACTERS),
            "selected": Whole(0, MAX_CHARACTERS),
            "settings": MapOf(Either((Text(200), Anything())), 100),
            "rolls": ROLLS,
            "combat": COMBAT,
        }
    ),
    migrations={1: migrate_1_to_2, 2: migrate_2_to_3, 3: migrate_3_to_4, 4: migrate_4_to_5},
    logs=(LogSpec(("rolls", "log"), LOG_LIMIT), LogSpec(("combat", "log"), LOG_LIMIT)),
    legacy_version=own_schema_field,
)

REFERENCE = SectionCodec(
    "aftermath_ref",
    2,
    Record(
        {
            "terrain": ListOf(Text(80), 100),
            "study": ListOf(Text(80), 100),
            "reactions": ListOf(Anything(), REF_LOG_LIMIT),
            "log": ListOf(
                Record(
                    {"text": LOG_TEXT, "at": WHEN, "seed": SEED, "rules": RULES},
                    frozenset({"text"}),
                ),
                REF_LOG_LIMIT,
            ),
        }
    ),
    migrations={1: migrate_ref_1_to_2},
    logs=(LogSpec(("log",), REF_LOG_LIMIT),),
)

CODECS = (AFTERMATH, REFERENCE)
