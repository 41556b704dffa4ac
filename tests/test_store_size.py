"""What saved state costs, counted as WebKit counts it (2 bytes a character once any character
above U+00FF is stored, and the logs hold "→").

Each action is driven through the real pages and saved as the page saves it (every section it
touched, the archive and this tab's undo steps). Measured per 100 actions of each kind:

=================  ==========================  ===============================
action             schema 1 (two full copies)  schema 2 (patches, capped logs)
=================  ==========================  ===============================
Simply combat      3,534,816 bytes             97,834 bytes (27,760 once the
                                               log and undo history are full)
character edit     2,241,744 bytes             23,098 bytes
GURPS action       8,164,770 bytes             115,096 bytes
=================  ==========================  ===============================

Growth over the first 100 actions after setting up (the undo steps of the set-up are pushed out
on the way); schema 1 is the store of commit 9cde7cd with the same drivers. The target: 1,000
Simply combat actions plus 20 characters stay under 1 MiB (schema 2: 419,604 bytes; schema 1
hit the 5 MiB quota after ~141 actions).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rkweb.app import shell
from rkweb.app.model import Ctx, Model

from pycore.store import MemoryStorage, Store
from pycore.systems.gurps import fight as gf

# Thousands of saves through the real pages: minutes on 2 cores (`make fast` leaves it out).
pytestmark = pytest.mark.slow

NOW = "2026-11-23T10:00:00+01:00"
MIB = 1024 * 1024


def send(model: Model, *msg: object, seed: str = "abc") -> Model:
    return shell.update(model, tuple(msg), Ctx(now=NOW, fresh_seed=seed))


class Page:
    """A page with its store: each action is saved as the browser's glue saves it (once after
    the action, as the debounced save does; fields typed just before are saved with it)."""

    def __init__(self, route: str) -> None:
        self.storage = MemoryStorage(bytes_per_char=2)
        self.store = Store(self.storage, "tab")
        self.model = Model(self.store.load(NOW).history, route=route)

    def send(self, *msg: object, seed: str = "abc", save: bool = True) -> None:
        self.model = send(self.model, *msg, seed=seed)
        if save:
            self.save()

    def save(self) -> None:
        report = self.store.save(self.model.history, NOW)
        assert not report.unsaved and not report.trimmed, report
        self.model = Model(report.history, self.model.route, self.model.ui)

    @property
    def used(self) -> int:
        return self.storage.used()


def characters(page: Page, count: int) -> None:
    for i in range(count):
        page.send("simply.char_new")
        page.send("simply.char_field", "name", f"Hero {i}")
        page.send("simply.char_field", "add_skill", "Brawling")


def fight(page: Page) -> None:
    page.send("simply.tab", "combat")
    for name in ("Mara", "Grunt"):
        page.send("simply.combat_form", "add", "name", name)
        page.send("simply.combat_form", "add", "hp_max", "1000")
        page.send("simply.combat_add")
    page.send("simply.combat_initiative", seed="s1")


def combat_action(page: Page, i: int) -> None:
    """An attack by whoever acts now, or the next turn's initiative; a hit's damage is applied
    first (issue 25: a new attack waits until the hit before it is applied, once)."""
    if page.model.state["simply_combat"]["combat"].get("due"):
        page.send("simply.combat_form", "damage", "max_damage", "10", save=False)  # quick NPCs
        page.send("simply.combat_damage_roll", seed=f"d{i}", save=False)
        page.send("simply.combat_damage")
        return
    actor = page.model.state["simply_combat"]["combat"].get("cursor")
    if not actor:
        page.send("simply.combat_initiative", seed=f"i{i}")
        return
    page.send("simply.combat_form", "attack", "attacker", actor, save=False)
    page.send("simply.combat_form", "attack", "target", "c2" if actor == "c1" else "c1", save=False)
    page.send("simply.combat_form", "attack", "tn", "12", save=False)  # quick NPCs: TN typed
    before = page.model.history
    page.send("simply.combat_attack", seed=f"x{i}")
    assert page.model.history is not before, page.model.ui


def character_edit(page: Page, i: int) -> None:
    page.send("simply.char_select", i % 20, save=False)
    page.send("simply.char_field", "appearance", f"Tall, scar on the left cheek ({i})")


def gurps_setup(page: Page) -> None:
    for cid, name in (("g1", "Ana"), ("g2", "Bo")):
        page.send("gurps.new")
        page.send("gurps.field", cid, "name", name)
        page.send("gurps.field", cid, "hp", "999")
        page.send("gurps.field", cid, "hp_now", "999")
        page.send("gurps.field", cid, "maneuver", "Attack")
    page.send("gurps.tab", "attack")
    page.send("gurps.attack_form", "attacker", "g1")
    page.send("gurps.attack_form", "defender", "g2")


def gurps_action(page: Page, i: int) -> None:
    # The questions that change the next attack's figures are answered first (the attack
    # waits for them): dismissed, as a GM whose book calls for none.
    fight = gf.fight_from_json(page.model.section("gurps"))
    for index in reversed(gf.bearing_asks(fight, "g1", "g2")):
        page.send("gurps.dismiss", str(index))
    before = page.model.history
    page.send("gurps.attack_full", seed=f"s{i}")
    assert page.model.history is not before, page.model.ui


def per_100(page: Page, action: Callable[[Page, int], None], start: int = 0) -> int:
    base = page.used
    for i in range(start, start + 100):
        action(page, i)
    return page.used - base


def test_bytes_per_100_actions() -> None:
    simply = Page("simply")
    fight(simply)
    edits = Page("simply")
    characters(edits, 20)
    gurps = Page("gurps")
    gurps_setup(gurps)
    figures = {
        "Simply combat": per_100(simply, combat_action),
        "character edit": per_100(edits, character_edit),
        "GURPS action": per_100(gurps, gurps_action),
    }
    print("bytes per 100 actions (WebKit):", figures)
    # The turn-first fight keeps its step and forms; since issue 25 a hit's damage is applied
    # before the next attack, so the 100 actions hold damage steps (their longer log lines).
    # Since stop 52 an entry typed between steps keeps the form as it left it (undo and redo
    # give back what the GM typed, FIGHT.md's first law): 238,538 -> 251,138 measured. Since
    # stop 53 the steps are kept as they stood at each count an undo reaches (rkweb.kit.steps:
    # the attack chosen, what was set in it; none where the fight sets them up): 262,300.
    assert figures["Simply combat"] < 265_000
    assert figures["character edit"] < 40_000
    assert figures["GURPS action"] < 200_000


def test_1000_simply_combat_actions_and_20_characters_stay_under_1_mib() -> None:
    page = Page("simply")
    characters(page, 20)
    fight(page)
    for i in range(900):
        combat_action(page, i)
    before = page.used
    for i in range(900, 1000):
        combat_action(page, i)
    # Logs at their cap and the undo history full: 100 more actions cost the archived entries.
    print("Simply combat, actions 900 to 1,000:", page.used - before, "bytes")
    # with the damage steps and the forms kept as typed (see above): 54,738 measured (stop 53,
    # each count's form kept: 54,720)
    assert page.used - before < 60_000
    state = page.model.state
    assert len(state["simply_characters"]["list"]) == 20
    assert len(state["simply_combat"]["log"]) == 300  # the stated cap; the rest is archived
    assert len(state["archive"]["simply_combat.log"]) > 700
    print("1,000 Simply combat actions and 20 characters:", page.used, "bytes")
    assert page.used < MIB
