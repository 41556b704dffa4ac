"""Issue 33: the Combat tab costs the same at any fight size. A closed fold draws nothing (its
contents are built once the GM opens it, and forgotten with the tab); what a view shows again
unchanged (a log entry, a fighter's card) is the same node, so the patcher finds it unchanged at
once; what a view works out from the settings is worked out once, not at each view."""

from __future__ import annotations

from typing import Any

from rkweb.app import shell
from rkweb.app.vdom import VNode, find_all
from test_aftermath_fight_screen import _fight
from test_aftermath_pages import send
from test_percentile_pages import go, round_ready

from pycore.systems.aftermath.gear import guns


def _nodes(node: Any) -> int:
    return 1 + sum(map(_nodes, node.children)) if isinstance(node, VNode) else 0


def test_a_closed_fold_draws_nothing_until_opened_and_closes_with_its_tab() -> None:
    model = round_ready()  # Percentile, on the Combat tab, before the first turn
    fold = find_all(shell.view(model), "percentile-fold-worksheet")[0]
    assert fold.attr("open") is None
    assert not find_all(fold, "percentile-attack-resolve")  # 132 nodes drawn closed before
    assert _nodes(fold) <= 3  # the fold and its summary
    opened = go(model, "shell.fold", "percentile-fold-worksheet", True)
    fold = find_all(shell.view(opened), "percentile-fold-worksheet")[0]
    assert fold.attr("open") == ""
    assert find_all(fold, "percentile-attack-resolve")
    summary = find_all(fold, "percentile-fold-worksheet-open")[0]
    assert summary.attr("data-on-click") == '["shell.fold", "percentile-fold-worksheet", false]'
    # Another tab and back: drawn afresh, closed, as the browser drew a new <details>.
    again = go(go(opened, "percentile.tab", "characters"), "percentile.tab", "combat")
    assert find_all(shell.view(again), "percentile-fold-worksheet")[0].attr("open") is None


def test_the_set_up_is_open_before_the_first_turn_and_folded_once_the_round_starts() -> None:
    model = go(round_ready(), "percentile.surprise_roll_typed", "50 50")
    assert find_all(shell.view(model), "percentile-fold-setup")[0].attr("open") == ""
    started = go(model, "percentile.turn_next", seed="order")
    setup = find_all(shell.view(started), "percentile-fold-setup")[0]
    assert setup.attr("open") is None
    assert not find_all(setup, "percentile-worksheet-settings")


def test_the_aftermath_attack_draws_its_rare_fields_once_opened() -> None:
    model = _fight()
    assert not find_all(shell.view(model), "aft-missile-ammo")  # 245 nodes drawn closed before
    opened = send(model, ("shell.fold", "aft-missile-more", True))
    assert find_all(shell.view(opened), "aft-missile-ammo")


def test_the_ammunition_is_worked_out_once_not_at_each_view(monkeypatch: Any) -> None:
    """The choices of T40-T42 were made twice per view (a fifth of the tab's Python time)."""
    calls: list[int] = []
    real = guns.pistol_ammunition

    def counted() -> Any:
        calls.append(1)
        return real()

    monkeypatch.setattr(guns, "pistol_ammunition", counted)
    model = send(_fight(), ("shell.fold", "aft-missile-more", True))
    for _ in range(3):
        shell.view(model)
    assert len(calls) <= 1


def test_an_unchanged_log_entry_and_fighter_card_are_the_same_nodes_after_a_tap() -> None:
    model = send(_fight(), ("aftermath.cbt_field", "missile", "ammo", "pistol:38 Special"))
    model = send(model, ("aftermath.cbt_resolve",), ("aftermath.cbt_next_phase",))
    before = shell.view(model)
    # the next shot in the next Action Phase: one attack a phase (AFT-45)
    after = shell.view(send(model, ("aftermath.cbt_resolve",), seed="again"))
    old, new = (find_all(v, "aft-cbt-log-entry") for v in (before, after))
    assert len(new) > len(old) >= 1
    assert all(a is b for a, b in zip(old, new[-len(old) :], strict=True))  # as they were
    cards = [find_all(v, "aft-card") for v in (before, after)]
    assert cards[0][0] is cards[1][0]  # Ana's card: nothing on it changed


def test_the_combat_tab_grows_with_what_it_shows_only() -> None:
    """Thirty fighters add their cards to the strip (7 nodes each), nothing else: the lists by
    name (2 options a fighter) wait in their closed fold."""
    model = _fight()

    def size(extra: int) -> int:
        more = model
        for n in range(extra):
            more = send(
                more,
                ("aftermath.tab", "characters"),
                ("aftermath.char_new", "character"),
                ("aftermath.char_field", "name", f"Extra {n}"),
            )
        return _nodes(shell.view(send(more, ("aftermath.tab", "combat"))))

    two, thirty = size(0), size(28)
    card = (thirty - two) / 28
    assert card <= 7, (two, thirty, card)  # its name, damage, conditions, Acts and Target
