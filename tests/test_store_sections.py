"""The section codecs: every saved section's shape, limits and migrations.

Any JSON value is either accepted or refused with a :class:`SectionError` naming the section and
the field; nothing else escapes (hypothesis drives every codec with arbitrary JSON, and with
valid sections mutated one field at a time).
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pycore.errors import StorageError
from pycore.store.jsontext import JsonTextError, nesting_depth, parse
from pycore.store.sections import (
    SectionError,
    check_section,
    codec_for,
    codecs,
    defaults,
    fit,
    read_section,
)
from pycore.systems.percentile.saved import gm_by_id, gm_by_key
from pycore.systems.percentile.table_keys import STABLE_KEYS

SECTIONS = sorted(codecs())

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=40,
)


def test_every_saved_section_of_the_pages_has_a_codec() -> None:
    assert set(SECTIONS) >= {
        "dice",
        "settings",
        "simply_characters",
        "simply_task",
        "simply_combat",
        "gurps",
        "aftermath",
        "aftermath_ref",
        "percentile",
    }


@pytest.mark.parametrize("name", SECTIONS)
@given(value=json_values)
def test_any_json_value_is_accepted_or_refused_with_the_typed_error(name: str, value: Any) -> None:
    try:
        read_section(name, 1, value)
    except SectionError as exc:
        assert exc.section == name
        assert str(exc).startswith(f"section {name!r}")


@pytest.mark.parametrize("name", SECTIONS)
@given(
    key=st.sampled_from(["log", "list", "combatants", "characters", "combat", "gm", "form"]),
    value=json_values,
)
def test_a_known_field_replaced_by_anything_is_accepted_or_refused(
    name: str, key: str, value: Any
) -> None:
    try:
        read_section(name, None, {key: value})
    except SectionError as exc:
        assert exc.section == name


@pytest.mark.parametrize(
    ("name", "value", "field"),
    [
        ("gurps", {"combatants": [{"id": "g1", "hp": -5}]}, "combatants[0]"),
        ("gurps", {"next_id": "x"}, "next_id"),
        ("gurps", {"log": [{"text": "x"}] * 50_000}, "log"),
        ("gurps", {"combatants": [{"id": "g1", "name": "n" * 100_000}]}, "combatants[0].name"),
        ("gurps", {"fight": {"order": [{"id": "g1"}], "turn": 3}}, "fight"),
        ("dice", {"log": [{"expr": "d6"}]}, "log[0].at"),
        ("dice", {"target": 1e300}, "target"),
        ("settings", {"persist_asked": "yes"}, "persist_asked"),
        ("simply_characters", {"list": [{"strength": "7"}]}, "list[0]"),
        ("simply_combat", {"combat": {"combatants": [{"id": "c1"}]}}, "combat.combatants[0]"),
        ("simply_task", {"a": {"base": 1000}}, "a.base"),
        ("aftermath", {"characters": [{"attr": {"STR": 99}}]}, "characters[0].attr.STR"),
        ("aftermath", {"combat": {"missile": {"bcs": "x" * 500}}}, "combat.missile.bcs"),
        ("aftermath_ref", {"terrain": 5}, "terrain"),
        ("percentile", {"gm": {"alertness_conditions": [{"level": 1, "percent": 150}]}}, "gm"),
        ("percentile", {"settings": {"pieces": "maybe"}}, "settings"),
    ],
)
def test_hostile_values_are_refused_naming_section_and_field(
    name: str, value: Any, field: str
) -> None:
    with pytest.raises(SectionError) as info:
        read_section(name, None, value)
    assert info.value.section == name
    assert info.value.field is not None and info.value.field.startswith(field), info.value
    assert str(info.value).startswith(f"section {name!r}, field {field}")


def test_nesting_is_refused_before_parsing() -> None:
    for depth in (5_000, 10_000):
        with pytest.raises(JsonTextError) as info:
            parse('{"a":' * depth + "1" + "}" * depth, what="the file")
        assert info.value.problem == "too_deep"
    assert nesting_depth('["[[[", {"a": "\\"{{"}]') == 2
    deep: Any = 1
    for _ in range(40):
        deep = [deep]
    with pytest.raises(SectionError, match="nested more than"):
        check_section("dice", {"extra": deep})


def test_infinity_and_nan_are_refused_naming_the_field() -> None:
    for text in ('{"hp": 1e400}', '{"hp": Infinity}', '{"hp": NaN}', '{"hp": ' + "9" * 5000 + "}"):
        with pytest.raises(SectionError) as info:
            read_section("notes", 1, parse(text, what="x"))
        assert info.value.field == "hp"
    with pytest.raises(SectionError, match="field extra"):
        check_section("gurps", {"extra": math.inf})


def test_defaults_pass_their_codecs() -> None:
    for name, value in defaults().items():
        check_section(name, value)


def test_newer_section_version_is_refused_as_newer() -> None:
    with pytest.raises(SectionError) as info:
        read_section("gurps", 2, {})
    assert info.value.reason == "newer"
    with pytest.raises(SectionError) as info:
        read_section("aftermath", None, {"schema": 6})
    assert info.value.reason == "newer"
    assert read_section("aftermath", None, {"schema": 1})["schema"] == 5  # read at 1, migrated


def test_percentile_gm_tables_move_to_stable_keys() -> None:
    rows = [{"level": 1, "name": "asleep", "percent": 5}]
    old = {"schema": 1, "gm": {"PCT-M01": rows, "PCT-M05": []}, "characters": []}
    new = read_section("percentile", None, old)
    assert new["schema"] == 2
    assert new["gm"] == {"alertness_conditions": rows, "adversity_modifiers": []}
    assert read_section("percentile", 1, {"gm": {"PCT-M01": rows}})["gm"] == {
        "alertness_conditions": rows
    }
    assert gm_by_id(gm_by_key({"PCT-M07": []})) == {"PCT-M07": []}
    assert len(set(STABLE_KEYS.values())) == len(STABLE_KEYS)
    assert codec_for("percentile") is not None


def test_fit_cuts_long_texts_and_logs_so_what_is_saved_loads() -> None:
    long_name = {"combatants": [{"id": "g1", "name": "n" * 100_000}]}
    fitted, overflow = fit("gurps", long_name)
    assert (
        len(fitted["combatants"][0]["name"]) == 200 and fitted["combatants"][0]["name"][-1] == "…"
    )
    assert overflow == {}
    check_section("gurps", fitted)
    log = [{"text": f"roll {i}"} for i in range(350)]
    fitted, overflow = fit("gurps", {"log": log})
    assert fitted["log"] == log[:300] and overflow == {"log": log[300:]}


def test_section_errors_are_storage_errors() -> None:
    assert issubclass(SectionError, StorageError)
    assert json.loads(json.dumps(defaults()))  # defaults are plain JSON
