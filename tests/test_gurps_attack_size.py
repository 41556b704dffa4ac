"""Issue 33: a GURPS attack costs the same with 2 fighters or 30. A tap saved every fighter's
sheet anew and the store compared each with its saved copy key by key (30 sheets of 45 fields),
and the Attack tab built the attacker's and the defender's choices anew (one option a fighter)
for the patcher to compare option by option: the tap's Python calls grew by 12 % from 2 fighters
to 30 (18 % with 1,000 log entries beside them, tools/view_sizes.py; the page's tap by 30 %).
The fighters an attack leaves alone are saved as they were, and the options are the same nodes
while the choices are the same."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import pytest
from rkweb.app import shell
from rkweb.app.model import Model
from rkweb.app.patcher import patch
from rkweb.app.vdom import VNode, find_all
from test_gurps_pages import send, two_fighters
from test_patcher import mounted

FORM = (
    ("gurps.tab", "attack"),
    ("gurps.attack_form", "attacker", "g1"),
    ("gurps.attack_form", "defender", "g2"),
    ("gurps.field", "g1", "maneuver", "Attack"),
)
TAP = ("gurps.attack_full",)


@pytest.fixture(autouse=True)
def _saved_sections_always_load() -> Iterator[None]:
    """The codecs' check of each section written (tests/conftest.py) is not what a tap costs
    in the page: it reads every sheet, and would be counted with the tap."""
    yield


def _many(model: Model, *msgs: tuple[object, ...], seed: str = "abc") -> Model:
    for msg in msgs:
        model = send(model, *msg, seed=seed)
    return model


def _fight(fighters: int) -> Model:
    """Ana (skill 14) and Bo (DR 2) among ``fighters`` fighters, the attack's form filled."""
    model = two_fighters()
    for n in range(1, fighters - 1):
        model = _many(model, ("gurps.new",), ("gurps.field", f"g{n + 2}", "name", f"Extra {n}"))
    return _many(model, *FORM)


def _tapped(model: Model, seed: str) -> Model:
    return _many(_many(model, TAP, seed=seed), *FORM)


def test_an_attack_saves_the_fighters_it_left_alone_as_they_were() -> None:
    model = _tapped(_fight(30), "first")
    before = model.section("gurps")
    after = send(model, *TAP, seed="second").section("gurps")
    assert after["log"][0] is not before["log"][0]  # the attack was made
    kept = [a is b for a, b in zip(before["combatants"], after["combatants"], strict=True)]
    assert all(kept[2:]), kept  # the 28 others: the same saved sheets, not copies
    assert after["fight"]["order"] is before["fight"]["order"]


def test_the_attacker_and_defender_options_are_the_same_nodes_after_an_attack() -> None:
    model = _tapped(_fight(30), "first")
    views = [shell.view(m) for m in (model, _tapped(model, "second"))]
    for testid in ("gurps-attack-attacker", "gurps-attack-defender"):
        old, new = (find_all(v, testid)[0] for v in views)
        assert len(new.children) == 31  # "choose…" and the 30 fighters, all still offered
        assert all(a is b for a, b in zip(old.children, new.children, strict=True))


def _calls(run: Callable[[], object]) -> int:
    """The Python calls (and calls of built-ins) ``run`` makes: a count, not a time, so the
    shared machine's load does not move it."""
    count = 0

    def counted(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(counted)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def _tap_calls(fighters: int) -> int:
    """An attack on the Attack tab as the page makes it: the update, the view, the patch of
    the page drawn before it (caches warmed by two attacks before, as at the table)."""
    model = _tapped(_tapped(_fight(fighters), "one"), "two")
    old = shell.view(model)

    def tap() -> int:
        _, root = mounted(old)
        return _calls(lambda: patch(root.firstChild, old, shell.view(send(model, *TAP, seed="3"))))

    tap()  # what this attack reads once (its tables, its dice), read as the page did before
    return tap()


def test_an_attack_costs_as_many_calls_with_30_fighters_as_with_2() -> None:
    """Measured: 1.12x before (each sheet encoded again and compared key by key, the options
    built and compared), 1.01x since: what is left is the fight's record checked once per
    fighter (pycore.validate) and the options' words read to find their nodes."""
    two, thirty = _tap_calls(2), _tap_calls(30)
    assert thirty <= 1.05 * two, (two, thirty, thirty / two)


def test_a_new_fighter_is_offered_at_once() -> None:
    """The options kept from view to view are those of the same choices: a fighter added is
    offered as the attacker and the defender at once."""
    model = _fight(3)
    model = _many(model, ("gurps.new",), ("gurps.field", "g4", "name", "Cy"), *FORM)
    attacker = find_all(shell.view(model), "gurps-attack-attacker")[0]
    options = [c for c in attacker.children if isinstance(c, VNode) and c.tag == "option"]
    assert [o.attr("value") for o in options][-1] == "g4"
    chosen = [o.attr("value") for o in options if o.attr("selected") is not None]
    assert chosen == ["g1"]
