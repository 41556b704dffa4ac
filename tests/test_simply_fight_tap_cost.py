"""Issue 33: a Simply fight tap ("Apply damage") costs the same with 2 fighters and with 30.

Each tap built every fighter's card in the order strip and row in the participants list anew
(about 16 nodes a fighter: 605 nodes a tap with 30 fighters, 295 with 2), encoded every fighter
again (twice) and the store compared each one's 24 fields with the saved fighter to find the one
hit (890 comparisons a tap with 30 fighters, 196 with 2). Now a fighter's card, row and saved
data are the same objects while the fighter is unchanged: the view builds the hit fighter's card
only, and the store finds the others unchanged at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rkweb.app import shell, vdom
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all

from pycore.store import History, default_data
from pycore.store import patch as store_patch

NOW = "2026-11-23T10:00:00+01:00"
FORM = (
    ("simply.tab", "combat"),
    ("simply.combat_form", "damage", "target", "c1"),
    ("simply.combat_form", "damage", "source", "weapon"),
    ("simply.combat_form", "damage", "raw", "1"),
)
TAP = ("simply.combat_damage",)


def _send(model: Model, *msgs: tuple[object, ...]) -> Model:
    for msg in msgs:
        model = shell.update(model, msg, Ctx(now=NOW, fresh_seed="abc"))
    return model


def _fight(fighters: int) -> Model:
    """``fighters`` quick NPCs (Tough first, HP 1000), one damage applied, its form filled."""

    def npc(name: str, hp: str) -> tuple[tuple[object, ...], ...]:
        return (
            ("simply.combat_form", "add", "name", name),
            ("simply.combat_form", "add", "hp_max", hp),
            ("simply.combat_add",),
        )

    extras = [m for n in range(1, fighters - 1) for m in npc(f"Extra {n}", "10")]
    model = Model(History.new(default_data()), route="simply")
    model = _send(model, ("simply.tab", "combat"), *npc("Tough", "1000"), *npc("Grunt", "12"))
    model = _send(model, *extras, *FORM, TAP, *FORM)
    shell.view(model)  # the page as the GM sees it before the next tap
    return model


def _counted(
    monkeypatch: pytest.MonkeyPatch,
    module: Any,
    name: str,
    model: Model,
    which: Callable[..., bool] = lambda *args: True,
) -> int:
    """How often ``module.name`` runs (on arguments ``which`` takes) in one tap: its update and
    the view after it."""
    calls = 0
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any) -> Any:
        nonlocal calls
        calls += bool(which(*args))
        return real(*args)

    monkeypatch.setattr(module, name, counted)
    shell.view(_send(model, *FORM, TAP))
    monkeypatch.undo()
    return calls


def _two_fighters(before: Any, after: Any) -> bool:
    """Two saved fighters compared field by field (not the same object)."""
    return before is not after and all(
        isinstance(x, dict) and "hp_max" in x for x in (before, after)
    )


def test_a_tap_builds_the_nodes_of_what_changed_only(monkeypatch: pytest.MonkeyPatch) -> None:
    two, thirty = _fight(2), _fight(30)
    # Each h() call flattens its children once. What grows is a choice of fighter whose value
    # the tap changed (the damage's target), drawn again with its 31 options.
    small = _counted(monkeypatch, vdom, "_flatten", two)
    big = _counted(monkeypatch, vdom, "_flatten", thirty)
    assert big <= small * 1.2, (small, big)  # 295 and 605 before


def test_a_tap_compares_the_hit_fighter_only(monkeypatch: pytest.MonkeyPatch) -> None:
    two, thirty = _fight(2), _fight(30)
    small = _counted(monkeypatch, store_patch, "same", two, _two_fighters)
    big = _counted(monkeypatch, store_patch, "same", thirty, _two_fighters)
    assert big == small, (small, big)


def test_an_unchanged_fighter_is_the_same_card_row_and_saved_data_after_a_tap() -> None:
    model = _fight(30)
    after = _send(model, *FORM, TAP)
    before_view, after_view = shell.view(model), shell.view(after)
    for testid in ("sc-combatant", "sc-participant"):
        old, new = find_all(before_view, testid), find_all(after_view, testid)
        assert len(old) == len(new) == 30
        changed = [n.key for o, n in zip(old, new, strict=True) if o is not n]
        assert changed in ([], ["c1"]), (testid, changed)  # Tough's card shows the new HP
    fighters = [m.state["simply_combat"]["combat"]["combatants"] for m in (model, after)]
    assert [o is n for o, n in zip(*fighters, strict=True)] == [False] + [True] * 29
    assert fighters[1][0]["hp"] == fighters[0][0]["hp"] - 1
