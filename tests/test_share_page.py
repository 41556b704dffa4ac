"""The share page without a browser: Share opens the panel with a link and a QR code; opening the
link in another store previews and imports a copy; a clash asks; a damaged link changes nothing."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, message_from, text_of

from pycore.share import ShareRecord, encode
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
    assert gm.route == "share" and "#/share/2." in link
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


def _gurps_fight_state() -> dict[str, object]:
    import random

    from pycore.systems.gurps import fight as gurps
    from pycore.systems.gurps.sheet import Combatant

    people = (Combatant(id="g1", name="Kim", basic_speed="7", stunned=True), Combatant(id="g2"))
    fight, drawn = gurps.start(gurps.Fight(people), random.Random(1))
    log = [{"text": str(drawn), "at": CTX.now}]
    return {**default_data(), "gurps": {**gurps.fight_to_json(fight), "log": log}}


def test_the_player_view_follows_a_3d6_fight_and_the_gms_choice() -> None:
    model = Model(History.new(_gurps_fight_state()), route="player")
    view = find_all(shell.view(model), "player-view")[0]
    assert text_of(find_all(view, "player-system")[0]) == "3d6 (GURPS Lite style)"
    assert text_of(find_all(view, "player-turn")[0]) == "Round 1"
    assert text_of(find_all(view, "player-current")[0]) == "Kim to act"
    entries = [text_of(e) for e in find_all(view, "player-entry")]
    assert entries == ["Kim · stunned", "Fighter"]
    # the one acting is marked once, for the eye (app.css) and for a screen reader
    marks = [e.attr("aria-current") for e in find_all(view, "player-entry")]
    assert marks == ["true", None]
    assert "HP" not in text_of(view) and "DR" not in text_of(view)
    # The GM picks the Simply fight on the share page: the choice is kept in the settings.
    share = Model(model.history, route="share")
    [choice] = find_all(shell.view(share), "player-fight")
    assert choice.attr("data-on-change")
    picked = shell.update(share, ("share.player_fight", "simply"), CTX)
    assert picked.state["settings"]["player_fight"] == "simply"
    assert picked.history.undo_label is None  # a preference, not an undo step
    player = Model(picked.history, route="player")
    shown = text_of(find_all(shell.view(player), "player-system")[0])
    assert shown == "Simply Roleplaying!"
    refused = shell.update(share, ("share.player_fight", "chess"), CTX)
    assert refused.history is share.history and "chess" in str(refused.ui["share_player_error"])


def test_a_snapshot_for_phones_carries_the_3d6_fight() -> None:
    model = Model(History.new(_gurps_fight_state()), route="share")
    opened = shell.update(model, ("share.open_fight",), CTX)
    [link] = find_all(shell.view(opened), "share-link")
    href = str(link.attr("href"))
    phone = shell.update(
        Model(History.new(default_data())), ("shell.route", href[href.index("#") :]), CTX
    )
    preview = find_all(shell.view(phone), "share-preview")[0]
    assert "Kim to act" in text_of(preview) and "Round 1" in text_of(preview)


def test_the_panel_copies_the_link_and_the_share_sheet_carries_link_and_file() -> None:
    """Issue 31: no "Copy link", and the share sheet offered only a file."""
    gm, link = _shared(_gm())
    tree = shell.view(gm)
    [copy] = find_all(tree, "share-copy")
    assert message_from(str(copy.attr("data-on-click"))) == ("app.copy", link)
    [sheet] = find_all(tree, "share-file")
    sent = message_from(str(sheet.attr("data-on-click")))
    assert (
        sent[0] == "app.share_file"
        and sent[-1] == link
        and link[link.index("#/share/") + 8 :] in sent[2]
    )
    for done, words in ((True, "copied"), (False, "did not let")):
        answered = shell.update(gm, ("share.copied", done), CTX)
        assert words in text_of(find_all(shell.view(answered), "share-copied")[0])


def test_each_link_opened_starts_a_fresh_preview_and_says_what_happened() -> None:
    """Issue 31: a second link after an import showed "was added" and no Import button; after
    Replace the message still said "was added"; "Open it" landed on the first tab."""
    _, link = _shared(_gm())
    fresh = shell.update(
        Model(History.new(default_data())), ("shell.route", link[link.index("#") :]), CTX
    )
    added = shell.update(fresh, ("share.import", "add"), CTX)
    assert "Mara was added" in text_of(find_all(shell.view(added), "share-imported")[0])
    bo = encode(ShareRecord("simply.character", "u2", CTX.now, 1, "Bo", {"name": "Bo"}))
    other = shell.update(added, ("shell.route", f"#/share/{bo}"), CTX)
    assert not find_all(shell.view(other), "share-imported")
    assert find_all(shell.view(other), "share-import")
    other = shell.update(other, ("share.import", "add"), CTX)
    again = shell.update(other, ("shell.route", link[link.index("#") :]), CTX)
    assert find_all(shell.view(again), "share-import")
    asked = shell.update(again, ("share.import", "add"), CTX)
    assert find_all(shell.view(asked), "share-clash")
    replaced = shell.update(asked, ("share.import", "replace"), CTX)
    said = text_of(find_all(shell.view(replaced), "share-imported")[0])
    assert "Mara replaced the one here" in said
    opened = shell.update(replaced, ("share.open_record",), CTX)
    assert opened.route == "simply" and opened.ui["simply_tab"] == "characters"
    assert opened.state["simply_characters"]["selected"] == 0


def test_an_imported_character_with_a_skill_off_the_list_shows_on_its_tab() -> None:
    """Issue 31: a shared Simply character with a skill not on the skill list imported, then its
    Characters tab failed to render. The tab shows the skill and says it is not on the list."""
    odd = {**character_to_json(Character(name="Ink")), "uid": "u-ink"}
    odd["skills"] = [{"name": "Basket Weaving", "level": "Familiar", "specialty": None}]
    record = ShareRecord("simply.character", "u-ink", CTX.now, 1, "Ink", odd)
    player = shell.update(
        Model(History.new(default_data())), ("shell.route", f"#/share/{encode(record)}"), CTX
    )
    imported = shell.update(player, ("share.import", "add"), CTX)
    opened = shell.update(imported, ("share.open_record",), CTX)
    tree = shell.view(opened)
    [row] = find_all(tree, "char-skill")
    assert "Basket Weaving" in text_of(row)
    assert "not on the skill list" in text_of(tree)


def test_a_whole_campaign_imports_as_one_undo_step_and_a_refused_one_changes_nothing() -> None:
    gm = shell.update(_gm(), ("share.open", "bundle", ""), CTX)
    [link] = find_all(shell.view(gm), "share-link")
    here = str(link.attr("href"))
    player = shell.update(
        Model(History.new(default_data())), ("shell.route", here[here.index("#") :]), CTX
    )
    assert "1 records: Simply character: Mara" in text_of(
        find_all(shell.view(player), "share-bundle-count")[0]
    )
    imported = shell.update(player, ("share.import", "add"), CTX)
    assert [c["name"] for c in imported.state["simply_characters"]["list"]] == ["Mara"]
    assert imported.history.undo().state == player.history.state
    # A party whose record its system refuses: the page says so and the store is as it was.
    bad = {"kind": "simply.character", "id": "b", "updated_at": "", "schema": 1, "name": "B",
           "data": {"luck": "lots"}}  # fmt: skip
    record = ShareRecord("bundle", "all", CTX.now, 1, "P", {"system": "", "records": [bad]})
    refused = shell.update(player, ("shell.route", f"#/share/{encode(record)}"), CTX)
    assert "Nothing was changed" in text_of(find_all(shell.view(refused), "share-error")[0])
    assert shell.update(refused, ("share.import", "add"), CTX).state == player.state
