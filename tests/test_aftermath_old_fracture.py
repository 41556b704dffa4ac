"""A compound fracture saved before it was named so (AFT-25, 001 line 34): the release before
named an attack's fracture "Broken bone" whether the Health AST passed or not; a failed one
(a compound fracture) also started its "Bleeding to death" countdown, or, at the head or neck by
the setting, a Death Blow. Read from the storage or a share, it is named "Compound fracture";
a simple break, and a broken bone recorded by hand, stay "Broken bone"."""

from __future__ import annotations

import json
from typing import Any

from rkweb.app.model import Model
from share_samples import NOW
from test_aftermath_pages import fresh, send, texts

from pycore.share import ShareRecord, import_record
from pycore.store.persist import read_section_value


def _saved(
    name: str, start: list[int], note: str, until: list[int] | None = None
) -> dict[str, Any]:
    """A condition of rule AFT-25 as the sheet saves it (conditions.condition_to_json)."""
    return {"name": name, "start": start, "until": until, "rule": "AFT-25", "note": note}


#: Conditions as the previous release wrote them on a sheet (attack/effect_steps.py then):
#: the bone's note is "location N", its countdown's "compound fracture location N, ...".
BO = [
    _saved("Broken bone", [1, 1], "location 30"),
    _saved(
        "Bleeding to death",
        [1, 1],
        "compound fracture location 30, 1D6+2 (5) + 2 = 7 Combat Turns; dies when this ends "
        "unless bandaged",
        [8, 1],
    ),
    # a simple break of location 3 later (its Health AST passed): no countdown
    _saved("Broken bone", [2, 4], "location 3"),
]
#: A compound fracture of the head by the setting "A Death Blow" (settings.noncutting_head_sever),
#: and a broken bone recorded by hand at the same moment.
CY = [
    _saved("Broken bone", [1, 3], "location 2"),
    _saved("Death Blow", [1, 3], "compound fracture of the head or neck"),
    _saved("Broken bone", [1, 3], "recorded by hand"),
]
#: An older countdown's note had no dice ("...location 10; dies when ..."): location 1's simple
#: break beside it stays one.
DI = [
    _saved("Broken bone", [3, 2], "location 1"),
    _saved("Broken bone", [3, 2], "location 10"),
    _saved(
        "Bleeding to death",
        [3, 2],
        "compound fracture location 10; dies when this ends unless bandaged",
        [7, 2],
    ),
]

OLD_BLOB = json.dumps(
    {
        "app": "rulekeeper",
        "schema": 2,
        "saved": "2026-11-01T10:00:00Z",
        "section": "aftermath",
        "version": 3,
        "data": {
            "schema": 3,
            "characters": [
                {"name": "Ana", "conditions": []},
                {"name": "Bo", "conditions": BO},
                {"name": "Cy", "conditions": CY},
                {"name": "Di", "conditions": DI},
            ],
            "combat": {"turn": 2, "phase": 5},
        },
    }
)


def _names(sheet: dict[str, object]) -> list[str]:
    conditions = sheet["conditions"]
    assert isinstance(conditions, list)
    return [c["name"] for c in conditions]


def card_conditions(loaded: dict[str, Any], index: int) -> str:
    """The conditions a fight's strip card shows for character ``index`` of a loaded section."""
    model = send(fresh(), ("aftermath.tab", "combat"))
    model = Model(
        model.history.set_quietly("aftermath", {**model.section("aftermath"), **loaded}),
        route="aftermath",
    ).with_ui(**model.ui)
    return texts(model, f"aft-card-conditions-{index}")[0]


def test_aft_25_an_old_saves_compound_fracture_loads_as_compound_fracture() -> None:
    chars = read_section_value(OLD_BLOB, "aftermath")["characters"]
    assert [_names(c) for c in chars[1:]] == [
        ["Compound fracture", "Bleeding to death", "Broken bone"],
        ["Compound fracture", "Death Blow", "Broken bone"],
        ["Broken bone", "Compound fracture", "Bleeding to death"],
    ]
    # nothing else of them changes: notes, times, the countdown
    assert chars[1]["conditions"][0] == {**BO[0], "name": "Compound fracture"}
    assert chars[1]["conditions"][1:] == BO[1:]


def test_aft_25_an_old_saves_compound_fracture_shows_and_bleeds_on_the_card() -> None:
    """Loaded, Bo's card shows the fracture and its countdown, which still kills after turn 8,
    phase 1 (7 Combat Turns from turn 1, phase 1)."""
    shown = card_conditions(read_section_value(OLD_BLOB, "aftermath"), 1)
    assert shown.startswith("Compound fracture (rest of the combat), Bleeding to death (dies "), (
        shown
    )
    assert "Broken bone (rest of the combat)" in shown  # the simple break of turn 2


def test_aft_25_a_character_shared_with_an_old_compound_fracture_imports_it_so_named() -> None:
    old = ShareRecord(
        "aftermath.character", "u1", NOW, 2, "Bo", {"name": "Bo", "weapons": [], "conditions": BO}
    )
    [bo] = import_record({}, old, "add", "x")["aftermath"]["characters"]
    assert _names(bo) == ["Compound fracture", "Bleeding to death", "Broken bone"]
