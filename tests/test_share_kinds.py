"""The share kinds of issue 31 item 7: a Percentile character, each system's campaign settings,
Percentile's GM tables, a party and the whole campaign. Each round-trips through a link and an
import; anything its system refuses, nested too deep or too many, is refused with a
StorageError before it changes anything."""

from __future__ import annotations

import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pycore.errors import StorageError
from pycore.share import ShareRecord, decode, encode, import_record, share_record
from pycore.share.bundle import clashes, import_bundle, share_bundle
from pycore.share.link import FORMAT, to_digits
from pycore.share.records import MAX_RECORDS, record_to_json, records_of
from pycore.share.words import sheet_words
from pycore.share.zdict import ZDICT_V1
from pycore.systems.aftermath.campaign import CHOICES
from pycore.systems.gurps.injury import EYE_READINGS
from pycore.systems.gurps.sheet import Combatant, combatant_to_json
from pycore.systems.percentile.combat import CHOICES as PCT_CHOICES
from pycore.systems.percentile.roster import SHEET_DEFAULTS
from pycore.systems.simply.character import Character
from pycore.systems.simply.character_json import character_to_json

NOW = "2026-11-23T10:00:00+00:00"
ROW = {"skill_low": 0, "skill_high": 100, "range_m_low": 0, "range_m_high": 50}


def _pct(name: str, aim: int = 50, race: str = "human") -> dict[str, Any]:
    weapon = {"name": "AUTO PISTOL", "category": "weaponry", "wep_dif": 30}
    weapon["damage_die"] = "4:10sd+2"
    return {**SHEET_DEFAULTS, "id": "c1", "name": name, "aim": str(aim), "race": race,
            "weapons": [weapon]}  # fmt: skip


def _through_a_link(record: ShareRecord) -> ShareRecord:
    back = decode(encode(record))
    assert back == record
    return back


@settings(max_examples=40, deadline=None)
@given(
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=60),
    st.integers(0, 100),
    st.sampled_from(("human", "Kzinti", "")),
)
def test_round_trip_of_any_percentile_character(name: str, aim: int, race: str) -> None:
    state = {"percentile": {"characters": [_pct(name, aim, race or "human")]}}
    record, state = share_record(state, "percentile.character", 0, NOW, "u1")
    back = _through_a_link(record)
    fresh = import_record({}, back, "add", "u2")
    [char] = fresh["percentile"]["characters"]
    assert (char["name"], char["aim"], char["race"]) == (name, str(aim), race or "human")
    assert char["weapons"][0]["name"] == "AUTO PISTOL" and char["id"] == "c1"
    # Its words: every attribute under the sheet's own name.
    rows, lists = sheet_words("percentile.character", char)
    assert ("AIM", str(aim)) in rows and lists[0][1][0].startswith("AUTO PISTOL")


def test_a_percentile_character_imported_beside_others_gets_a_free_id() -> None:
    record, _ = share_record({"percentile": {"characters": [_pct("Ann")]}}, "percentile.character",
                             0, NOW, "u1")  # fmt: skip
    here = {"percentile": {"characters": [{**_pct("Bob"), "id": "c1"}, {**_pct("Cy"), "id": "c2"}]}}
    ids = [c["id"] for c in import_record(here, record, "add", "n")["percentile"]["characters"]]
    assert ids == ["c1", "c2", "c3"]


@pytest.mark.parametrize(
    ("data", "words"),
    [({"aim": "170"}, "AIM must be from 0 to 100"), ({"weapons": [{"name": ""}]}, "Weapon name")],
)
def test_a_percentile_character_its_sheet_refuses_is_refused(
    data: dict[str, Any], words: str
) -> None:
    record = ShareRecord("percentile.character", "x", NOW, 1, "Ann", {**_pct("Ann"), **data})
    with pytest.raises(StorageError, match=words):
        decode(encode(record))


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(EYE_READINGS),
    st.fixed_dictionaries({k: st.sampled_from(v) for k, v in CHOICES.items()}),
    st.fixed_dictionaries({k: st.sampled_from(v) for k, v in PCT_CHOICES.items()}),
    st.integers(1, 20),
)
def test_round_trip_of_each_systems_campaign_settings(
    eye: str, aft: dict[str, str], pct: dict[str, str], stat_max: int
) -> None:
    state = {
        "gurps": {"settings": {"eye_reading": eye}},
        "aftermath": {"settings": aft},
        "percentile": {"settings": pct},
        "simply_characters": {"campaign": {"stat_max": stat_max}},
    }
    for kind, section, key in (
        ("gurps.settings", "gurps", "settings"),
        ("aftermath.settings", "aftermath", "settings"),
        ("percentile.settings", "percentile", "settings"),
        ("simply.campaign", "simply_characters", "campaign"),
    ):
        record, _ = share_record(state, kind, 0, NOW, "u")  # type: ignore[arg-type]
        fresh = import_record({}, _through_a_link(record), "add", "n")
        assert fresh[section][key] == state[section][key], kind
        rows, lists = sheet_words(kind, record.data)
        assert rows or lists


def test_settings_a_system_refuses_are_refused() -> None:
    for kind, data in (
        ("gurps.settings", {"eye_reading": "sideways"}),
        ("aftermath.settings", {"bdg_order": "sideways"}),
        ("percentile.settings", {"grazing": "maybe"}),
        ("simply.campaign", {"stat_max": 999}),
    ):
        with pytest.raises(StorageError):
            decode(encode(ShareRecord(kind, "x", NOW, 1, "S", data)))  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 999), st.integers(51, 500))
def test_round_trip_of_percentile_gm_tables_keyed_as_saved(percent: int, far: int) -> None:
    """The saved tables are keyed by stable names; a share of them was refused as "unknown"."""
    rows = [{**ROW, "percent_to_hit": percent}, {**ROW, "range_m_low": 51, "range_m_high": far,
                                                 "percent_to_hit": 1}]  # fmt: skip
    state = {"percentile": {"gm": {"percent_to_hit": rows, "alertness_conditions": []}}}
    record, _ = share_record(state, "percentile.gm_tables", 0, NOW, "u")
    fresh = import_record({}, _through_a_link(record), "add", "n")
    assert fresh["percentile"]["gm"]["percent_to_hit"] == rows
    _, lists = sheet_words("percentile.gm_tables", record.data)
    assert (
        lists[0][0] == "Percent to Hit (Table #3-1)"
        and f"percent to hit {percent}" in lists[0][1][0]
    )


NAMES = st.lists(st.text("abcdefgh ", min_size=1, max_size=12), min_size=1, max_size=6)


@settings(max_examples=30, deadline=None)
@given(NAMES, NAMES)
def test_round_trip_of_a_party_and_a_whole_campaign(simply: list[str], gurps: list[str]) -> None:
    fighters = [combatant_to_json(Combatant(id=f"g{i}", name=n)) for i, n in enumerate(gurps, 1)]
    state = {
        "simply_characters": {"list": [character_to_json(Character(name=n)) for n in simply]},
        "gurps": {"combatants": fighters, "settings": {"eye_reading": EYE_READINGS[1]}},
    }
    party, _ = share_bundle(state, "gurps", NOW, "u")
    assert [r.name for r in records_of(party.data)] == [*gurps, "3d6 campaign settings"]
    whole, state = share_bundle(state, "", NOW, "u")
    fresh = import_bundle({}, _through_a_link(whole), "add", "n")
    assert [c["name"] for c in fresh["simply_characters"]["list"]] == simply
    assert [c["name"] for c in fresh["gurps"]["combatants"]] == gurps
    assert fresh["gurps"]["settings"] == {"eye_reading": EYE_READINGS[1]}
    # The same share again: every record is here; "Keep both" adds copies, "Replace" none.
    assert len(clashes(fresh, whole)) == len(simply) + len(gurps) + 1
    kept = import_bundle(fresh, whole, "keep", "k")
    assert len(kept["simply_characters"]["list"]) == 2 * len(simply)
    replaced = import_bundle(fresh, whole, "replace", "r")
    assert len(replaced["gurps"]["combatants"]) == len(gurps)


def test_nothing_to_share_is_said_so() -> None:
    with pytest.raises(StorageError, match="nothing to share yet"):
        share_bundle({}, "aftermath", NOW, "u")


def _bundle(records: list[Any]) -> ShareRecord:
    return ShareRecord("bundle", "all", NOW, 1, "Party", {"system": "", "records": records})


def _ana() -> dict[str, Any]:
    data = character_to_json(Character(name="Ana"))
    return record_to_json(ShareRecord("simply.character", "a", NOW, 1, "Ana", data))


@pytest.mark.parametrize(
    ("records", "words"),
    [
        ([], "holds no records"),
        ([{**_ana(), "id": f"a{i}", "data": {}} for i in range(MAX_RECORDS + 1)], "at most"),
        ([_ana(), _ana()], "twice"),
        ([record_to_json(_bundle([_ana()]))], "cannot be part of a party"),
        (
            [_ana(), {**_ana(), "id": "b", "data": {"luck": "lots"}}],
            "Simply character is not valid",
        ),
        ([_ana(), {**_ana(), "kind": "simply.fight"}], "cannot be part of a party"),
    ],
)
def test_a_hostile_party_is_refused_whole(records: list[Any], words: str) -> None:
    with pytest.raises(StorageError, match=words):
        decode(encode(_bundle(records)))


def test_a_party_nested_too_deep_is_refused_before_it_is_parsed() -> None:
    text = '{"kind":"bundle","id":"all","updated_at":"","schema":1,"name":"P","data":{"records":'
    text += "[" * 50_000 + "]" * 50_000 + "}}"
    packer = zlib.compressobj(9, zdict=ZDICT_V1)
    payload = f"{FORMAT}." + to_digits(packer.compress(text.encode()) + packer.flush())
    with pytest.raises(StorageError, match=r"nested 50,00[0-9] levels deep"):
        decode(payload)
