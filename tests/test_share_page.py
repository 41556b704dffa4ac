"""The share page without a browser: Share opens the panel with a link and a QR code; opening the
link in another store previews and imports a copy; a clash asks; a damaged link changes nothing."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, message_from, text_of

from pycore.store import History, default_data
from pycore.systems.simply.character import Character
from pycore.systems.simply.character_json import character_to_json

CTX = Ctx(now="2026-11-23T10:00:00+01:00", fresh_seed="abc123")


def _gm() -> Model:
    state = {
        **default_data(),
        "simply_characters": {"list": [character_to_json(Character(name="Mara"))], "selected": 0},
    }
    return Model(History.new(state), route="simply").with_ui(simply_tab="characters")


def _shared(model: Model) -> tuple[Model, str]:
    [share] = find_all(shell.view(model), "share")
    opened = shell.update(model, message_from(str(share.attr("data-on-click"))), CTX)
    tree = shell.view(opened)
    [link] = find_all(tree, "share-link")
    assert find_all(tree, "share-qr")[0].tag == "svg"
    return opened, str(link.attr("href"))


def test_share_then_import_in_a_fresh_store_adds_the_character() -> None:
    gm, link = _shared(_gm())
    assert gm.route == "share" and "#/share/1." in link
    player = shell.update(
        Model(History.new(default_data())), ("shell.route", link[link.index("#") :]), CTX
    )
    tree = shell.view(player)
    assert "Mara" in text_of(find_all(tree, "share-preview")[0])
    imported = shell.update(player, ("share.import", "add"), CTX)
    assert [c["name"] for c in imported.state["simply_characters"]["list"]] == ["Mara"]
    assert find_all(shell.view(imported), "share-imported")


def test_the_same_record_asks_replace_or_keep_both() -> None:
    gm, link = _shared(_gm())
    back = shell.update(gm, ("shell.route", link[link.index("#") :]), CTX)
    asked = shell.update(back, ("share.import", "add"), CTX)
    assert find_all(shell.view(asked), "share-clash")
    assert len(asked.state["simply_characters"]["list"]) == 1
    both = shell.update(asked, ("share.import", "keep"), CTX)
    assert [c["name"] for c in both.state["simply_characters"]["list"]] == [
        "Mara",
        "Mara (shared copy)",
    ]


def test_a_damaged_link_says_so_and_changes_nothing() -> None:
    _, link = _shared(_gm())
    fresh = Model(History.new(default_data()))
    broken = shell.update(fresh, ("shell.route", link[link.index("#") :][:-5]), CTX)
    tree = shell.view(broken)
    assert find_all(tree, "share-error") and not find_all(tree, "share-import")
    assert broken.history is fresh.history


def test_the_player_view_shows_no_hidden_numbers() -> None:
    model = Model(History.new(default_data()), route="player")
    tree = shell.view(model)
    assert find_all(tree, "player-view") and not find_all(tree, "undo")
