"""A compound fracture recorded by hand before its bleeding's 1D6 was rolled (AFT-25, 001 lines
32-34): the conditions list then saved one condition, "Compound fracture, bleeding to death",
with no end ("recorded by hand"; the release after noted its "1D6+2 Combat Turns from ...: the
time is yours to keep"). The section's version 4 migration renamed an attack's "Broken bone"
only, so these loaded as saved. They load as today's fracture recorded by hand: "Compound
fracture" and its "Bleeding to death", which keeps no invented end (no die was rolled) and says
its time is the GM's; never a Death Blow (recorded by hand, it had no place on the body)."""

from __future__ import annotations

import json
from typing import Any

from test_aftermath_old_fracture import card_conditions

from pycore.store.persist import read_section_value
from pycore.systems.aftermath.conditions import condition_from_json
from pycore.systems.aftermath.limits import MAX_CONDITIONS
from pycore.systems.aftermath.sheet.sheet import FRACTURE_TIME, new_sheet

OLD = "Compound fracture, bleeding to death"
#: The first release's: its words only.
FIRST = {"name": OLD, "start": [1, 2], "until": None, "rule": "AFT-25", "note": "recorded by hand"}
#: The next release's (1fb56ec): the time the text gives, said, and no die rolled.
NEXT = {
    "name": OLD,
    "start": [2, 5],
    "until": None,
    "rule": "AFT-25",
    "note": "1D6+2 Combat Turns from turn 2, phase 5: the time is yours to keep; recorded by "
    "hand, no die rolled; unless cauterized or bandaged",
}
STUN = {"name": "Stunned", "start": [1, 1], "until": [1, 3], "rule": "AFT-22", "note": "x"}


def _blob(version: int, conditions: list[dict[str, Any]], attr: dict[str, Any]) -> str:
    """A stored Aftermath section of ``version`` with Bo's sheet holding ``conditions``."""
    sheet = {**new_sheet("Bo"), "attr": {**new_sheet()["attr"], **attr}, "conditions": conditions}
    data = {"schema": version, "characters": [sheet], "combat": {"turn": 2, "phase": 6}}
    return json.dumps(
        {
            "app": "rulekeeper",
            "schema": 2,
            "saved": "2026-11-01T10:00:00Z",
            "section": "aftermath",
            "version": version,
            "data": data,
        }
    )


def _conditions(blob: str) -> list[dict[str, Any]]:
    conditions: list[dict[str, Any]] = read_section_value(blob, "aftermath")["characters"][0][
        "conditions"
    ]
    return conditions


def test_aft_25_an_old_hand_fracture_loads_as_today_s_fracture_and_its_bleeding() -> None:
    for version in (3, 4):
        loaded = _conditions(_blob(version, [STUN, FIRST, NEXT], {"HLH": 12}))
        assert [c["name"] for c in loaded] == [
            "Stunned",
            "Compound fracture",
            "Bleeding to death",
            "Compound fracture",
            "Bleeding to death",
        ], version
        assert loaded[0] == STUN
        # the fracture as sheet.add_condition records it, at its own moment
        assert loaded[1] == {**FIRST, "name": "Compound fracture"}
        assert loaded[3] == {**NEXT, "name": "Compound fracture", "note": "recorded by hand"}
        first, later = condition_from_json(loaded[2]), condition_from_json(loaded[4])
        # no die was rolled: no end invented, it never kills by the clock; its time said
        assert (first.until, later.until) == (None, None)
        assert (str(first.start), str(later.start)) == ("turn 1, phase 2", "turn 2, phase 5")
        assert first.rule == later.rule == "AFT-25"
        # the first release noted no time: the sheet's Health Group (HLH 12: 2) + 1D6
        assert first.note.startswith(
            f"compound fracture recorded by hand, 1D6+2 Combat Turns from turn 1, phase 2: "
            f"{FRACTURE_TIME}; "
        ), first.note
        assert later.note.startswith(
            f"compound fracture recorded by hand, 1D6+2 Combat Turns from turn 2, phase 5: "
            f"{FRACTURE_TIME}; "
        ), later.note
        assert "Death Blow" not in [c["name"] for c in loaded]


def test_aft_25_the_loaded_fracture_s_card_says_its_time_is_the_gm_s() -> None:
    shown = card_conditions(read_section_value(_blob(4, [FIRST], {"HLH": 12}), "aftermath"), 0)
    assert shown == (
        "Compound fracture (rest of the combat), Bleeding to death (compound fracture recorded "
        f"by hand, 1D6+2 Combat Turns from turn 1, phase 2: {FRACTURE_TIME})"
    ), shown


def test_aft_25_a_full_sheet_keeps_the_bleeding_in_the_fracture_s_note() -> None:
    """No room for one more condition (the sheet's cap): the fracture alone, renamed, its
    bleeding's words in its note; nothing is lost and the section still loads."""
    full = [{**STUN, "start": [1, i % 20 + 1]} for i in range(MAX_CONDITIONS - 1)]
    loaded = _conditions(_blob(4, [*full, FIRST], {"HLH": 12}))
    assert len(loaded) == MAX_CONDITIONS
    assert loaded[-1]["name"] == "Compound fracture"
    assert loaded[-1]["note"].startswith("compound fracture recorded by hand, 1D6+2 Combat Turns")
