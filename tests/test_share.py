"""Sharing a record as a link: encode/decode round trips, and any damaged link is refused with a
StorageError only; imports add a copy and never overwrite; the players' view hides numbers."""

from __future__ import annotations

import base64
import contextlib
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from share_samples import FILLED, NOW

from pycore.errors import StorageError
from pycore.share import (
    MAX_JSON_BYTES,
    ShareRecord,
    decode,
    encode,
    import_record,
    qr_code,
    same_record,
    share_record,
)
from pycore.share.records import record_to_json
from pycore.share.zdict import ZDICT_V1
from pycore.systems.aftermath.sheet.sheet import new_sheet, set_field
from pycore.systems.gurps.sheet import Combatant, combatant_to_json
from pycore.systems.simply import fight as simply_combat
from pycore.systems.simply.character import Character, Skill
from pycore.systems.simply.character_json import character_to_json
from pycore.systems.simply.fight.players import public_fight

MARA = character_to_json(
    Character(
        name="Mara Voss",
        concept="Scout",
        coordination=7,
        intellect=5,
        luck=20,
        skills=(
            Skill("Pistol", "Capable", None),
            Skill("Stealth", "Familiar", None),
            Skill("First Aid", "Familiar", None),
        ),
    )
)


def _state() -> dict[str, object]:
    return {
        "simply_characters": {"list": [dict(MARA)], "selected": 0},
        "gurps": {"combatants": [combatant_to_json(Combatant(id="g1", name="Bo"))], "next_id": 2},
        "aftermath": {"characters": [set_field(new_sheet("Ana"), "attr.STR", "30")]},
    }


def _raw_payload(envelope: object) -> str:
    deflater = zlib.compressobj(9, zdict=ZDICT_V1)
    packed = deflater.compress(json.dumps(envelope).encode()) + deflater.flush()
    return "1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@pytest.mark.parametrize(
    ("kind", "ref", "name"),
    [
        ("simply.character", 0, "Mara Voss"),
        ("gurps.fighter", "g1", "Bo"),
        ("aftermath.character", 0, "Ana"),
    ],
)
def test_a_shared_record_comes_back_whole_and_imports_as_a_copy(
    kind: str, ref: object, name: str
) -> None:
    state = _state()
    record, state = share_record(state, kind, ref, NOW, "uid-1")  # type: ignore[arg-type]
    back = decode(encode(record))
    assert back == record and back.name == name and back.id == "uid-1"
    assert same_record(state, back) == name  # the same device: the GM is asked
    kept = import_record(state, back, "keep", "uid-2")
    replaced = import_record(state, back, "replace", "unused")
    fresh = import_record({}, back, "add", "unused")
    section, key = {
        "simply.character": ("simply_characters", "list"),
        "gurps.fighter": ("gurps", "combatants"),
        "aftermath.character": ("aftermath", "characters"),
    }[kind]
    assert len(kept[section][key]) == 2 and kept[section][key][1]["uid"] == "uid-2"  # type: ignore[index]
    assert len(replaced[section][key]) == 1  # type: ignore[index]
    [imported] = fresh[section][key]  # type: ignore[index]
    assert imported["name"] == name and imported["uid"] == "uid-1"


def test_a_second_share_of_the_same_record_keeps_its_id() -> None:
    first, state = share_record(_state(), "simply.character", 0, NOW, "uid-1")
    second, _ = share_record(state, "simply.character", 0, NOW, "uid-other")
    assert first.id == second.id == "uid-1"


def test_a_typical_simply_character_fits_a_small_qr_code() -> None:
    record, _ = share_record(_state(), "simply.character", 0, NOW, "3f9a1c2e4b7d")
    payload = encode(record)
    link = f"https://example.org/rulekeeper/#/share/{payload}"
    code = qr_code(link)
    assert payload[2:].isdigit() and code is not None and code.version <= 8 and code.scannable


def test_a_filled_in_simply_character_fits_one_readable_qr_code() -> None:
    """Issue 31: 9 skills, 3 abilities, 8 items and 3 paragraphs made a 723-character link and
    "too much for a QR code" (version 22 at error correction M in format 1's base64url); in
    digits it is 18."""
    state = {"simply_characters": {"list": [FILLED], "selected": 0}}
    record, _ = share_record(state, "simply.character", 0, NOW, "3f9a1c2e4b7d")
    payload = encode(record)
    code = qr_code(f"https://example.org/rulekeeper/#/share/{payload}")
    assert code is not None and code.scannable and code.version <= 18, code
    assert decode(payload) == record
    base64url = f"https://example.org/rulekeeper/#/share/{_raw_payload(record_to_json(record))}"
    old = qr_code(base64url)
    assert old is not None and old.version > code.version  # a larger code, but it still reads
    assert decode(_raw_payload(record_to_json(record))) == record


def test_a_record_too_big_for_a_readable_qr_is_said_so() -> None:
    code = qr_code("x" * 1500)
    assert code is not None and not code.scannable and "too dense" in str(code)
    assert qr_code("x" * 5000) is None


def test_the_qr_matrix_is_segnos_own() -> None:
    import segno

    code = qr_code("https://example.org/#/share/1.abc")
    assert code is not None
    expected = segno.make_qr("https://example.org/#/share/1.abc", error="m", boost_error=False)
    assert [list(map(bool, r)) for r in expected.matrix] == [list(r) for r in code.rows]
    digits = "https://example.org/#/share/2." + "0123456789" * 30
    code = qr_code(digits)
    assert code is not None
    expected = segno.make_qr(
        [(digits[:30], None), (digits[30:], None)], error="m", boost_error=False
    )
    assert [list(map(bool, r)) for r in expected.matrix] == [list(r) for r in code.rows]


def test_a_record_the_system_refuses_is_refused() -> None:
    bad = {"kind": "simply.character", "id": "x", "updated_at": "", "schema": 1, "name": "X"}
    with pytest.raises(StorageError, match="strength"):
        decode(_raw_payload({**bad, "data": {"strength": "seven"}}))
    with pytest.raises(StorageError, match="newer than this app"):
        decode(_raw_payload({**bad, "schema": 2, "data": {}}))
    with pytest.raises(StorageError, match="cannot import"):
        decode(_raw_payload({**bad, "kind": "chess.board", "data": {}}))


def test_bounds_on_size_and_depth() -> None:
    deep: object = 1
    for _ in range(30):
        deep = [deep]
    base = {"kind": "simply.character", "id": "x", "updated_at": "", "schema": 1, "name": "X"}
    with pytest.raises(StorageError, match="not a Rulekeeper record: lists or groups nested 32"):
        decode(_raw_payload({**base, "data": {"gear": deep}}))
    with pytest.raises(StorageError, match="larger than"):
        decode(_raw_payload({**base, "data": {"notes": "a" * (MAX_JSON_BYTES + 10)}}))
    with pytest.raises(StorageError, match="characters long"):
        decode("1." + "A" * 40_000)


RECORD = ShareRecord("simply.character", "u1", NOW, 1, "Mara Voss", {"name": "Mara Voss"})
PAYLOAD = encode(RECORD)


@given(st.text(max_size=300))
def test_any_text_decodes_or_is_refused_with_a_storage_error(text: str) -> None:
    with contextlib.suppress(StorageError):
        decode(text)


@given(st.integers(0, len(PAYLOAD) - 1), st.sampled_from("AZaz09-_.%~"))
def test_a_tampered_link_is_refused_with_a_storage_error_only(index: int, char: str) -> None:
    tampered = PAYLOAD[:index] + char + PAYLOAD[index + 1 :]
    with contextlib.suppress(StorageError):
        assert decode(tampered) == RECORD  # a change in base64's unused last bits is harmless


@given(st.integers(0, len(PAYLOAD) - 1))
def test_a_truncated_link_is_refused(cut: int) -> None:
    with pytest.raises(StorageError):
        decode(PAYLOAD[:cut])


@settings(max_examples=60)
@given(
    st.text(min_size=1, max_size=60),
    st.integers(-1000, 1000),
    st.lists(st.sampled_from(["Pistol", "Stealth", "Climbing"]), max_size=3),
)
def test_round_trip_of_any_simply_character(name: str, luck: int, skills: list[str]) -> None:
    data = character_to_json(
        Character(name=name, luck=luck, skills=tuple(Skill(s, "Familiar", None) for s in skills))
    )
    record, _ = share_record(
        {"simply_characters": {"list": [data]}}, "simply.character", 0, NOW, "u"
    )
    assert decode(encode(record)) == record


def test_the_public_view_of_a_fight_hides_numbers() -> None:
    import random

    fight = simply_combat.add_combatant(
        simply_combat.Combat(), name="Ana", hp_max=9, strength=5, health=5, bonus=9
    )
    fight = simply_combat.add_combatant(fight, name="Bo", hp_max=9, strength=5, health=5)
    fight, _ = simply_combat.roll_initiative(fight, random.Random(1))
    # Issue 25: the view reads each entry's public line; an entry without one shows nothing.
    log = [
        {"text": "MDT max 74, D20 13 → raw 48; raw 48 = injury 48; HP 5 → −43"},
        {
            "text": "Ana attacks Bo: 2d10 (1, 2) = 3 vs TN 14: success by 11 → hit",
            "public": "Ana attacks Bo → hit",
        },
    ]
    view = public_fight({"combat": simply_combat.combat_to_json(fight), "log": log})
    text = json.dumps(view)
    assert view["result"] == "Ana attacks Bo → hit"
    assert "HP" not in text and "TN" not in text and "hp" not in text
    record = ShareRecord("simply.fight", "fight", NOW, 1, "Fight", view)
    assert decode(encode(record)).data == view


def test_an_aftermath_character_shared_before_weapons_named_their_skill_imports_whole() -> None:
    """Schema 1 shares held listing names as weapons: they arrive as hand weapons, no skill yet;
    a weapon of an unknown kind is refused by name."""
    old = ShareRecord(
        "aftermath.character", "u1", NOW, 1, "Ana", {"name": "Ana", "weapons": ["Club"]}
    )
    [ana] = import_record({}, old, "add", "x")["aftermath"]["characters"]
    assert ana["weapons"] == [
        {"name": "Club", "kind": "hand", "gun": "", "listed": "Club", "skill": ""}
    ]
    from pycore.share.records import validate

    bad = ShareRecord(
        "aftermath.character", "u2", NOW, 2, "Bo", {"name": "Bo", "weapons": [{"name": "X"}]}
    )
    with pytest.raises(StorageError, match="Kind '' is unknown"):
        validate(bad)
