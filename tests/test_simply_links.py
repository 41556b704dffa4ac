"""Simply Character Records have stable ids (issue 14, FIGHT.md: "combatants linked to their
sheets by a stable id"): every record gets a ``uid`` when created and old saves get one on load;
fighters and the Task page's sides link by it, so deleting, adding or importing records never
points a fighter at another record."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rkweb.app import shell
from rkweb.app.model import Ctx, Model

from pycore.errors import RuleError
from pycore.share import import_record, share_record
from pycore.store import History, MemoryStorage, Store, default_data
from pycore.store.envelope import APP, SCHEMA
from pycore.store.exchange import export_text, import_text
from pycore.store.jsontext import dump
from pycore.store.persist import section_key
from pycore.store.sections import read_section
from pycore.systems.simply import fight as core
from pycore.systems.simply.character import Character
from pycore.systems.simply.character_json import character_to_json
from pycore.systems.simply.fight.sheet import add_character, luck_spent_elsewhere, sheet_deleted
from pycore.systems.simply.links import chosen_index, fresh_uid, index_of, with_uids
from pycore.systems.simply.saved import combat_1_to_2

NOW = "2026-11-23T10:00:00+01:00"


# --- the core ---------------------------------------------------------------------------------


def test_fresh_ids_come_from_the_seed_and_never_repeat_one_taken() -> None:
    assert fresh_uid("s1", []) == "s1"
    assert fresh_uid("s1", ["s1", "s1-2"]) == "s1-3"
    with pytest.raises(RuleError, match="seed"):
        fresh_uid("", [])


def test_old_records_get_ids_a_shared_one_keeps_its_own_and_duplicates_split() -> None:
    old = [{"name": "Ana", "uid": "shared-1"}, {"name": "Bo"}, {"name": "Ana", "uid": "shared-1"}]
    new = with_uids(old)
    uids = [r["uid"] for r in new]
    assert uids[0] == "shared-1" and len(set(uids)) == 3
    assert with_uids(old) == new  # the same on every load: derived, not random
    assert with_uids(new) == new  # nothing to do once every record has its own


def test_the_characters_section_migrates_to_version_2_with_ids() -> None:
    v1 = {"list": [{"name": "Ana", "uid": "u-ana"}, {"name": "Bo"}], "selected": 1}
    v2 = read_section("simply_characters", 1, v1)
    assert [r["name"] for r in v2["list"]] == ["Ana", "Bo"] and v2["selected"] == 1
    assert v2["list"][0]["uid"] == "u-ana" and v2["list"][1]["uid"]


def test_a_fighter_follows_its_record_by_id() -> None:
    fight = add_character(core.Combat(), Character(name="Ana"), "ua")
    fight = add_character(fight, Character(name="Bo"), "ub")
    fight = add_character(fight, Character(name="Bo again"), "ub")
    assert [c.character for c in sheet_deleted(fight, "ub").combatants] == ["ua", None, None]
    assert sheet_deleted(fight, "gone") == fight
    spent = luck_spent_elsewhere(fight, "ub", 3)
    assert [c.luck for c in spent.combatants] == [10, 7, 7]
    assert core.combat_from_json(core.combat_to_json(fight)) == fight


def test_a_link_that_is_not_an_id_is_refused_naming_the_field() -> None:
    with pytest.raises(RuleError, match=r"combat.combatants\[0\].character"):
        core.combat_from_json(
            {
                "combatants": [
                    {
                        "id": "c1",
                        "name": "A",
                        "hp": 5,
                        "hp_max": 5,
                        "strength": 5,
                        "health": 5,
                        "character": [1],
                    }
                ]
            }
        )
    old = {"id": "c1", "name": "A", "hp": 5, "hp_max": 5, "strength": 5, "health": 5}
    # A position from before the ids (an undo step saved then) reads as a plain fighter.
    assert (
        core.combat_from_json({"combatants": [{**old, "character": 0}]}).get("c1").character is None
    )


def test_a_picker_sends_an_id_or_the_position_shown() -> None:
    records = [{"uid": "u1"}, {"uid": "u2"}]
    assert [chosen_index(records, x) for x in ("u2", "1", "9", "")] == [1, 1, None, None]
    assert index_of(records, None) is None


# --- an old save: the fight's and the Task page's position links become ids --------------------

OLD_FIGHTER = {"name": "Bo", "hp": 3, "hp_max": 24, "strength": 6, "health": 6, "luck": 10}
OLD_CHARACTERS = {
    "list": [
        {"name": "Ana", "uid": "shared-ana"},  # shared before the ids: keeps its own
        {"name": "Bo"},
        {"name": "Cy"},
    ],
    "selected": 0,
}
OLD_COMBAT = {
    "combat": {
        "combatants": [
            {**OLD_FIGHTER, "id": "c1", "name": "Bo", "character": 1},
            {**OLD_FIGHTER, "id": "c2", "name": "Ana", "character": 0},
            {**OLD_FIGHTER, "id": "c3", "name": "Gone", "character": 7},  # no record there
            {**OLD_FIGHTER, "id": "c4", "name": "Grunt", "character": None},
        ],
        "next_id": 5,
    },
    "log": [],
}
OLD_TASK = {"mode": "contest", "a": {"character": "2"}, "b": {"character": ""}, "log": []}


def _v1(name: str, value: Any) -> str:
    meta = {"app": APP, "schema": SCHEMA, "saved": NOW, "section": name, "version": 1}
    return dump({**meta, "data": value})


def _links(state: dict[str, Any]) -> tuple[list[str | None], list[Any]]:
    by_uid = {r["uid"]: r["name"] for r in state["simply_characters"]["list"]}
    fighters = [
        by_uid.get(f.get("character")) for f in state["simply_combat"]["combat"]["combatants"]
    ]
    sides = [by_uid.get(state["simply_task"][k]["character"], "") for k in ("a", "b")]
    return fighters, sides


def test_an_old_saved_fight_links_its_fighters_to_the_same_records_by_id() -> None:
    storage = MemoryStorage()
    for name, value in (
        ("simply_characters", OLD_CHARACTERS),
        ("simply_combat", OLD_COMBAT),
        ("simply_task", OLD_TASK),
    ):
        storage.setItem(section_key(name), _v1(name, value))
    store = Store(storage, "a")
    report = store.load(NOW)
    assert report.problems == ()
    state = report.history.state
    assert _links(state) == (["Bo", "Ana", None, None], ["Cy", ""])
    fighters = state["simply_combat"]["combat"]["combatants"]
    assert fighters[1]["character"] == "shared-ana"
    assert all("sheet_position" not in f for f in fighters)
    assert core.combat_from_json(state["simply_combat"]["combat"]).get("c1").character
    # Saved as version 2, it loads the same again, with the same ids.
    store.save(report.history, NOW)
    again = Store(storage, "b").load(NOW).history.state
    assert again["simply_combat"] == state["simply_combat"]
    assert again["simply_characters"] == state["simply_characters"]
    assert again["simply_task"] == state["simply_task"]


def test_an_old_export_file_is_imported_with_the_links_by_id() -> None:
    text = export_text(History.new({}), NOW)
    old = text.replace(
        '"state":{}',
        '"state":'
        + dump(
            {
                "simply_characters": OLD_CHARACTERS,
                "simply_combat": OLD_COMBAT,
                "simply_task": OLD_TASK,
            }
        ),
    ).replace(
        '"versions":{}', '"versions":{"simply_characters":1,"simply_combat":1,"simply_task":1}'
    )
    assert old != text
    assert _links(import_text(old).sections) == (["Bo", "Ana", None, None], ["Cy", ""])


def test_the_combat_migration_leaves_what_it_does_not_know() -> None:
    for value in (None, [], {"combat": 3}, {"combat": {"combatants": "x"}}):
        assert combat_1_to_2(value) == value


# --- the pages: new, duplicate, delete, import, the end of the fight ---------------------------


class Game:
    """A model driven through the pages' messages, each with a fresh seed."""

    def __init__(self) -> None:
        self.model = Model(History.new(default_data()), route="simply")
        self.count = 0

    def send(self, *msg: object) -> None:
        self.count += 1
        self.model = shell.update(self.model, tuple(msg), Ctx(now=NOW, fresh_seed=f"s{self.count}"))

    @property
    def records(self) -> list[dict[str, Any]]:
        return list(self.model.state["simply_characters"]["list"])

    def new(self, name: str) -> None:
        self.send("simply.char_new")
        self.send("simply.char_field", "name", name)

    def fighters(self) -> list[dict[str, Any]]:
        return list(
            self.model.state.get("simply_combat", {}).get("combat", {}).get("combatants", [])
        )

    def import_(self, record_index: int, choice: str, name: str | None = None) -> None:
        """Share the record at ``record_index`` and bring it back in (``keep``: a copy,
        renamed ``name``; ``replace``: over itself)."""
        self.count += 1
        state = self.model.state
        shared, state = share_record(state, "simply.character", record_index, NOW, f"x{self.count}")
        state = import_record(state, shared, choice, f"i{self.count}")  # type: ignore[arg-type]
        history = self.model.history.apply(
            "simply_characters", state["simply_characters"], "Import", NOW
        )
        self.model = replace(self.model, history=history)
        if name is not None:
            self.send("simply.char_select", len(self.records) - 1)
            self.send("simply.char_field", "name", name)


def test_new_and_duplicated_records_get_ids_of_their_own() -> None:
    game = Game()
    game.new("Ana")
    game.send("simply.char_dup", 0)
    uids = [r["uid"] for r in game.records]
    assert len(set(uids)) == 2 and all(uids)


def test_a_record_without_an_id_gets_one_when_it_joins_the_fight() -> None:
    game = Game()
    state = {
        **default_data(),
        "simply_characters": {"list": [character_to_json(Character(name="Ana"))]},
    }
    game.model = Model(History.new(state), route="simply")
    game.send("simply.combat_add_char", "0")
    (ana,) = game.records
    assert game.fighters()[0]["character"] == ana["uid"] == "s1"


def test_the_task_side_links_by_id_and_spends_luck_on_that_record_and_its_fighter() -> None:
    game = Game()
    for name in ("Ana", "Bo"):
        game.new(name)
    game.send("simply.combat_add_char", game.records[1]["uid"])
    game.send("simply.task_field", "a", "character", "1")  # the position shown: stored as an id
    assert game.model.state["simply_task"]["a"]["character"] == game.records[1]["uid"]
    game.send("simply.char_del", 0)  # Ana leaves: Bo moves up, the side still names Bo
    game.send("simply.task_field", "a", "luck", "yes")
    game.send("simply.task_field", "a", "base", "-20")
    game.send("simply.task_roll")
    (bo,) = game.records
    assert bo["luck"] < 10 and game.fighters()[0]["luck"] == bo["luck"]


def test_deleting_a_record_unlinks_its_task_side() -> None:
    game = Game()
    game.new("Ana")
    game.send("simply.task_field", "b", "character", game.records[0]["uid"])
    game.send("simply.char_del", 0)
    assert game.model.state["simply_task"]["b"]["character"] == ""


# --- the property: any deletions, additions and imports keep every link on its own record ------

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("delete"), st.integers(0, 30)),
        st.tuples(st.just("new"), st.just(0)),
        st.tuples(st.just("dup"), st.integers(0, 30)),
        st.tuples(st.just("copy"), st.integers(0, 30)),
        st.tuples(st.just("replace"), st.integers(0, 30)),
        st.tuples(st.just("fight"), st.integers(0, 30)),
    ),
    max_size=10,
)


def _step(game: Game, op: str, k: int, names: list[str], origin: dict[str, str]) -> None:
    records = game.records
    if op == "new" or not records:
        names.append(f"N{len(names)}")
        game.new(names[-1])
        return
    k %= len(records)
    if op == "delete":
        game.send("simply.char_del", k)
    elif op == "dup":
        names.append(f"N{len(names)}")
        game.send("simply.char_dup", k)
        game.send("simply.char_field", "name", names[-1])
    elif op == "copy":
        names.append(f"N{len(names)}")
        game.import_(k, "keep", names[-1])
    elif op == "replace":
        game.import_(k, "replace")
    else:  # fight: the record joins the fight, picked by its id
        game.send("simply.combat_add_char", records[k]["uid"])
        origin[game.fighters()[-1]["id"]] = records[k]["name"]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.integers(1, 5), fighting=st.sets(st.integers(0, 4)), ops=OPS)
def test_any_deletions_additions_and_imports_keep_every_fighter_on_its_own_record(
    start: int, fighting: set[int], ops: list[tuple[str, int]]
) -> None:
    game = Game()
    names = [f"N{i}" for i in range(start)]
    for name in names:
        game.new(name)
    origin: dict[str, str] = {}
    for k in sorted(i for i in fighting if i < start):
        _step(game, "fight", k, names, origin)
    for op, k in ops:
        _step(game, op, k, names, origin)
        alive = {r["name"]: r["uid"] for r in game.records}
        assert len(alive) == len(game.records)  # names stay unique: the check below is exact
        for fighter in game.fighters():
            wanted = alive.get(origin[fighter["id"]])
            assert fighter.get("character") == wanted, (op, k, fighter, game.records)
    if not game.fighters():
        return
    # The fight's end writes each fighter's HP to its own record, wherever it now is.
    fight = core.combat_from_json(game.model.state["simply_combat"]["combat"])
    for n, c in enumerate(fight.combatants):
        fight, _ = core.hit(fight, c.id, n + 1)
    combat = {**game.model.state["simply_combat"], "combat": core.combat_to_json(fight)}
    game.model = replace(
        game.model, history=game.model.history.apply("simply_combat", combat, "Hits", NOW)
    )
    game.send("simply.combat_end")
    hp = {r["uid"]: r.get("hp") for r in game.records}
    last = {c.character: c.hp for c in fight.combatants if c.character is not None}
    for uid, left in last.items():  # two fighters of one record: the last one's HP stays
        assert hp[uid] == left
    linked = {c.character for c in fight.combatants}
    assert all(h is None for u, h in hp.items() if u not in linked)


def test_an_imported_copy_never_takes_an_id_already_in_the_list() -> None:
    state = {"simply_characters": {"list": [{"name": "Ana", "uid": "s1"}], "selected": 0}}
    shared, state = share_record(state, "simply.character", 0, NOW, "unused")
    state = import_record(state, shared, "keep", "s1")
    uids = [r["uid"] for r in state["simply_characters"]["list"]]
    assert uids[0] == "s1" and len(set(uids)) == 2
