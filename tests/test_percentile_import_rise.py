"""A Table #3-7.0 (PCT-M02) whose modifier falls as the damage rises, brought in by a GM tables
file or a share link (one record, or a party): the import says it in the GM page's words (row,
column, the range that would agree: the modifier only grows with the damage, lines 49, 74) and
brings the rows in only when the GM keeps them (said in the undo label); refused, nothing here
changes. Before, both imports took such rows silently."""

from __future__ import annotations

from typing import Any

from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, text_of
from rkweb.features.percentile import state as S
from test_percentile_pages import fresh, go, texts

from pycore.share import encode, share_record
from pycore.share.bundle import share_bundle
from pycore.store import History, default_data
from pycore.systems.percentile import gmtables

CTX = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="abc123")
FALLING = [
    {"damage_low": 20, "damage_high": 29, "modifier": 100},
    {"damage_low": 0, "damage_high": 9, "modifier": 0},
    {"damage_low": 10, "damage_high": 19, "modifier": 300},
]
ADVERSITY = [{"condition": "rain", "value": 10}]
SAID = (
    "GM table Damage modifiers (Table #3-7.0): Row 1, column 'modifier': 100 for 20 to 29 points "
    "is less than the 300 of row 3 for 10 to 19 points; allowed: 300 to 100000, as the modifier "
    "only grows with the damage. Keep these rows anyway?"
)


def _file() -> str:
    return gmtables.export_tables({"PCT-M02": FALLING, "PCT-M05": ADVERSITY})


def test_a_gm_tables_file_with_a_falling_table_3_7_0_is_asked_about() -> None:
    m = go(fresh(), "percentile.tab", "gm")
    asked = go(m, "percentile.gm_import", _file())
    assert texts(asked, "percentile-gm-file-error") == [SAID]
    assert S.state(asked)["gm"] == S.state(m)["gm"]  # nothing brought in yet
    assert texts(asked, "percentile-gm-import-keep") == ["Keep these rows (GM; logged)"]
    # refused: nothing here changes, and it is said
    refused = go(asked, "percentile.gm_import_refuse")
    assert S.state(refused)["gm"] == S.state(m)["gm"]
    assert not texts(refused, "percentile-gm-import-keep")
    assert texts(refused, "percentile-gm-note") == ["The file was not imported: nothing changed."]
    # kept: every table of the file comes in, the undo label and the note say what was kept
    kept = go(asked, "percentile.gm_import_keep")
    assert S.state(kept)["gm"]["PCT-M02"] == FALLING
    assert S.state(kept)["gm"]["PCT-M05"] == ADVERSITY
    assert texts(kept, "percentile-gm-file-error") == [""]
    label = kept.history.undo_label
    assert label is not None and "kept as typed: GM table Damage modifiers" in label, label
    assert "kept as typed: GM table Damage modifiers" in texts(kept, "percentile-gm-note")[0]
    # a file whose modifier only grows comes in at once
    rising = [{**r, "modifier": 400} if r["modifier"] == 100 else r for r in FALLING]
    at_once = go(m, "percentile.gm_import", gmtables.export_tables({"PCT-M02": rising}))
    assert S.state(at_once)["gm"]["PCT-M02"] == rising


def _gm_state() -> dict[str, Any]:
    return {
        **default_data(),
        "percentile": {
            "gm": {"damage_modifiers": FALLING, "adversity_modifiers": ADVERSITY},
        },
    }


def _opened(payload: str) -> Model:
    return shell.update(
        Model(History.new(default_data())), ("shell.route", "#/share/" + payload), CTX
    )


def _gm_of(m: Model) -> Any:
    return m.state.get("percentile", {}).get("gm", {})


def test_a_shared_set_of_gm_tables_with_a_falling_table_3_7_0_is_asked_about() -> None:
    record, _ = share_record(_gm_state(), "percentile.gm_tables", 0, CTX.now, "u")
    player = _opened(encode(record))
    asked = shell.update(player, ("share.import", "add"), CTX)
    tree = shell.view(asked)
    assert [text_of(n) for n in find_all(tree, "share-asked")] == [SAID]
    assert _gm_of(asked) == _gm_of(player)
    assert [text_of(n) for n in find_all(tree, "share-keep-asked")] == [
        "Keep these rows (GM; logged)"
    ]
    refused = shell.update(asked, ("share.refuse_asked",), CTX)
    assert _gm_of(refused) == _gm_of(player)
    assert find_all(shell.view(refused), "share-refused")
    kept = shell.update(asked, ("share.keep_asked",), CTX)
    assert _gm_of(kept)["damage_modifiers"] == FALLING
    assert find_all(shell.view(kept), "share-imported")
    label = kept.history.undo_label
    assert label is not None and "kept as typed: GM table Damage modifiers" in label, label


def test_a_shared_party_carrying_a_falling_table_3_7_0_is_asked_about() -> None:
    record, _ = share_bundle(_gm_state(), "percentile", CTX.now, "u")
    asked = shell.update(_opened(encode(record)), ("share.import", "add"), CTX)
    assert [text_of(n) for n in find_all(shell.view(asked), "share-asked")] == [SAID]
    kept = shell.update(asked, ("share.keep_asked",), CTX)
    assert _gm_of(kept)["damage_modifiers"] == FALLING
