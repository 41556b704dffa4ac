"""A GM's play-through at 768x1024 (playaf2): Bo's bat hit waited for its Damage Potential,
the GM typed it and applied it, called the hit a critical, typed the critical's Damage
Potential and applied it; two Undos later the page said "part of it had changed since ... and
was kept as it is": the sheets were back at the plain hit while the critical still waited, and
its Apply added both hits (Cy: Damage 7 + 9 = 16, two log entries for one attack). The value
typed for a waiting hit was kept quietly, so the step that made the hit wait could not be
taken back whole. Now the value typed is a step of its own, and each Undo leaves the fight as
it was."""

from __future__ import annotations

from rkweb.app.model import Model
from rkweb.features.aftermath.combat.update import CbtPotential
from test_aftermath_pages import _rifleman, send


def _bo_hits_ana() -> Model:
    """Bo's bat at Ana with the app's dice (seed abc): a hit that waits for its Damage
    Potential (AFT-15: the text never says how WDM becomes it)."""
    model = send(
        _rifleman(),
        ("aftermath.tab", "combat"),
        ("aftermath.cbt_pick", "attacker", "1"),
        ("aftermath.cbt_field", "hth", "bcs", "20"),
        ("aftermath.cbt_resolve",),
    )
    assert model.state["aftermath"]["combat"]["pending"]["asks"] == "attack.damage_potential"
    return model


def _damage(model: Model) -> dict[str, int]:
    return dict(model.state["aftermath"]["characters"][0]["damage"])


def _undo_all(model: Model, untouched: dict[str, int]) -> list[str]:
    """Undo step by step back to before the roll; after each, the page kept nothing aside, and
    an attack still waiting has not written its damage (the sheet is as before it)."""
    labels = []
    while model.history.undo_label and model.history.undo_label != "Switch tab":
        labels.append(model.history.undo_label)
        model = send(model, ("shell.undo",))
        assert model.history.skipped == 0, labels
        if model.state["aftermath"]["combat"]["pending"] is not None:
            assert _damage(model) == untouched, labels
        if "Attack roll" in labels[-1] and len(labels) > 2:
            break
    return labels


def test_each_undo_after_a_typed_damage_potential_leaves_the_fight_whole() -> None:
    waiting = _bo_hits_ana()
    untouched = _damage(waiting)
    applied = send(waiting, CbtPotential(value="7"), ("aftermath.cbt_apply",))
    assert _damage(applied) != untouched
    labels = _undo_all(applied, untouched)
    assert labels[:2] == ["Attack: Bo → Ana", "Damage Potential 7"], labels


def test_undoing_a_called_critical_never_applies_the_hit_twice() -> None:
    plain = send(_bo_hits_ana(), CbtPotential(value="7"), ("aftermath.cbt_apply",))
    untouched = _damage(_bo_hits_ana())
    after_plain = _damage(plain)
    called = send(plain, ("aftermath.cbt_critical",))
    assert _damage(called) == untouched  # the plain hit taken back, the critical waits
    done = send(called, CbtPotential(value="9"), ("aftermath.cbt_apply",))
    twice = send(done, ("shell.undo",), ("shell.undo",))
    assert twice.history.skipped == 0
    combat = twice.state["aftermath"]["combat"]
    # Two steps back: the critical waits again for its Damage Potential, nothing applied.
    assert combat["pending"] is not None and combat["pending"].get("answer", "") == ""
    assert _damage(twice) == untouched
    # A third: the plain hit as it was applied, nothing waiting.
    third = send(twice, ("shell.undo",))
    assert third.state["aftermath"]["combat"]["pending"] is None
    assert _damage(third) == after_plain
    again = send(twice, CbtPotential(value="9"), ("aftermath.cbt_apply",))
    assert _damage(again) == _damage(done)
