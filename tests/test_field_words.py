"""The notices about two tabs name a field in the game's words (its sheet's label), never by
its stored key: "Another tab changed Kira's ht to 12" read "ht" where the sheet says "HT"."""

from __future__ import annotations

from typing import Any

import pytest
from rkweb.app.saving import race_words

from pycore.store.conflicts import first_difference
from pycore.store.patch import diff, merge
from pycore.store.races import Race
from pycore.systems.system import SYSTEM_KEYS, ref, system


def _raced(section: str, key: str, record: dict[str, Any], path: tuple[str, ...]) -> str:
    """The notice when two tabs set the record's field at ``path`` to 12 and 9 (this tab's)."""

    def put(value: int) -> dict[str, Any]:
        changed = {**record}
        inner = changed
        for step in path[:-1]:
            inner[step] = {**inner[step]}
            inner = inner[step]
        inner[path[-1]] = value
        return {key: [changed]}

    before = {key: [record]}
    _, conflicts = merge(put(12), diff(before, put(9)))
    assert len(conflicts) == 1
    return race_words(Race(section, conflicts[0]))


@pytest.mark.parametrize(
    ("kind", "path", "words"),
    [
        ("gurps.fighter", ("ht",), "Kira's HT"),
        ("gurps.fighter", ("hp_now",), "Kira's Current HP"),
        ("percentile.character", ("brawl",), "Kira's BRAWL"),
        ("percentile.character", ("ap",), "Kira's Agility Points (AP)"),
        ("aftermath.character", ("ast", "HLH"), "Kira's Health AST"),
        ("aftermath.character", ("derived", "cda"), "Kira's CDA"),
        ("simply.character", ("luck",), "Kira's Luck"),
        ("simply.character", ("hp",), "Kira's Hit Points"),
    ],
)
def test_a_field_both_tabs_changed_is_named_by_its_label(
    kind: str, path: tuple[str, ...], words: str
) -> None:
    share = next(k for s in map(system, SYSTEM_KEYS) for k in s.shares if k.kind == kind)
    record = {**ref(share.fresh)(), "id": "x1", "name": "Kira"}
    text = _raced(share.section, share.key, record, path)
    assert text == f"Another tab changed {words} to 12 while you changed it to 9; kept 9."


def test_a_percentile_weapon_field_is_named_by_the_form_label_with_its_owner() -> None:
    """The notice read "AUTO PISTOL's WEP DIF", as if the weapon owned the field: the merge
    named the innermost record. Now the owner first, then the weapon, then the sheet's label;
    also when the other tab's whole fight is kept (:func:`first_difference`)."""
    record = {"id": "c1", "name": "Kira", "weapons": [{"name": "AUTO PISTOL", "wep_dif": 30}]}
    weapon = {**record["weapons"][0], "wep_dif": 40}
    _, conflicts = merge(
        {"characters": [{**record, "weapons": [weapon]}]},
        diff(
            {"characters": [record]},
            {"characters": [{**record, "weapons": [weapon | {"wep_dif": 20}]}]},
        ),
    )
    said = race_words(Race("percentile", conflicts[0]))
    assert (
        said == "Another tab changed Kira's AUTO PISTOL: WEP DIF to 40 while you changed it to 20; "
        "kept 20."
    )
    first = first_difference(
        {"characters": [{**record, "weapons": [weapon]}]},
        {"characters": [{**record, "weapons": [weapon | {"wep_dif": 20}]}]},
    )
    assert (first.at, first.names) == (
        ("characters", "weapons", "wep_dif"),
        ("Kira", "AUTO PISTOL"),
    )


def _leaves(value: dict[str, Any], at: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for key, inner in value.items():
        if isinstance(inner, dict) and inner:
            out += _leaves(inner, (*at, key))
        elif key != "id":
            out.append((*at, key))
    return out


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_every_field_of_a_shared_record_has_its_words(key: str) -> None:
    """A system's ``field_words`` knows every field of its records (a new field gets its label
    where the sheet has it)."""
    described = system(key)
    words = ref(described.field_words)
    for share in described.shares:
        if not share.fresh:
            continue
        for path in _leaves(ref(share.fresh)()):
            at = (share.key, *path) if share.is_list else path
            said = words(at)
            assert isinstance(said, str) and said, (share.kind, at)


def test_a_3d6_sheet_edit_is_undone_in_the_sheet_words() -> None:
    """The undo of an HT edit said "Undo: Kira: ht" (the stored key)."""
    from rkweb.app import shell
    from rkweb.app.model import Ctx, Model

    from pycore.store import History, default_data

    ctx = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="abc")
    model = Model(History.new(default_data()), route="gurps")
    model = shell.update(model, ("gurps.new",), ctx)
    cid = model.history.state["gurps"]["combatants"][0]["id"]
    model = shell.update(model, ("gurps.field", cid, "name", "Kira"), ctx)
    model = shell.update(model, ("gurps.field", cid, "ht", "12"), ctx)
    assert model.history.undo_label == "Kira: HT"
    model = shell.update(model, ("gurps.field", cid, "basic_speed", "6"), ctx)
    assert model.history.undo_label == "Kira: Basic Speed"
