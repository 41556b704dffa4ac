"""A GM's play-through of the Simply fight (defects of the injury checks): the checks' odds left
out the luck declared (SIM-10, SIM-11) and its choice sat under three checks, below the fold;
a Stamina Check stayed queued for a fighter its twin had already knocked out (SIM-47)."""

from __future__ import annotations

from rkweb.app import shell
from rkweb.app.model import Ctx, Model
from rkweb.app.vdom import find_all, text_of
from rkweb.features.simply.combat import state as saved
from scripted import Faces as ScriptedRng
from test_simply_fight_page import ids_in

from pycore.store import History, default_data
from pycore.systems.simply.fight import Combat, add_combatant, hit, roll_check


def _send(model: Model, *msg: object) -> Model:
    return shell.update(model, tuple(msg), Ctx(now="2026-11-29T10:00:00+01:00", fresh_seed="t"))


def _texts(model: Model, testid: str) -> list[str]:
    return [text_of(n) for n in find_all(shell.view(model), testid)]


def _bea_hit() -> Model:
    """The play-through's repro: quick NPCs Ada and Bea (HP 30, S 6, H 6, 6 LP); a raw 24 on
    Bea: HP 6, three checks at TN 12 (knockback, an injury over half HP, at ¼ HP or less)."""
    model = _send(Model(History.new(default_data()), route="simply"), "simply.tab", "combat")
    for name in ("Ada", "Bea"):
        for field, value in (
            ("name", name),
            ("hp_max", "30"),
            ("strength", "6"),
            ("health", "6"),
            ("luck", "6"),
        ):
            model = _send(model, "simply.combat_form", "add", field, value)
        model = _send(model, "simply.combat_add")
    model = _send(model, "simply.combat_initiative_typed", "9 5")
    for field, value in (("target", "c2"), ("source", "weapon"), ("raw", "24")):
        model = _send(model, "simply.combat_form", "damage", field, value)
    return _send(model, "simply.combat_damage")


def test_the_checks_odds_count_the_luck_declared_and_its_choice_comes_first() -> None:
    model = _bea_hit()
    checks = _texts(model, "sc-check")
    assert len(checks) == 3 and all("TN 12" in c and "64%" in c for c in checks), checks
    model = _send(model, "simply.combat_form", "check", "luck", "yes")
    checks = _texts(model, "sc-check")
    # 6 LP staked at TN 12: a failure up to 18 is bought off, a 20 fails (SIM-10): 97 in 100.
    assert all("97%" in c and "64%" not in c for c in checks), checks
    order = [t for t in ids_in(shell.view(model)) if t in ("sc-check-luck", "sc-check-0-roll")]
    assert order == ["sc-check-luck", "sc-check-0-roll"], order  # declared before the roll


def test_a_stamina_check_made_moot_by_its_twin_is_dropped_saying_why() -> None:
    """Bea fails the Stamina Check for an injury over half HP: unconscious; the one at ¼ HP or
    less could only make her unconscious: dropped, said in the check's result and the log."""
    model = _send(_bea_hit(), "simply.combat_waive", 0)  # the knockback
    model = _send(model, "simply.combat_check_typed", 0, "10 9")  # 19 vs TN 12: failure
    fight = saved.fight_of(model, saved.load(model))
    assert fight.get("c2").unconscious and fight.pending == ()
    said = "Stamina Check (at ¼ HP or less) dropped: unconscious already"
    assert said in _texts(model, "sc-log-entry")[0]
    assert said in " ".join(_texts(model, "sc-check-result"))
    assert _texts(model, "sc-check-dropped") == [
        "Bea: Stamina Check (at ¼ HP or less) dropped: unconscious already, failing it changes "
        "nothing"
    ]


def test_core_a_failed_check_drops_only_the_same_fighter_s_checks_of_the_same_effect() -> None:
    fight = add_combatant(Combat(), name="Bea", hp_max=30, strength=6, health=6)
    fight = add_combatant(fight, name="Cy", hp_max=30, strength=6, health=6)
    fight, _ = hit(fight, "c1", 24)
    fight, _ = hit(fight, "c2", 24)
    before = [(p.combatant, p.rule) for p in fight.pending]
    assert before == [(c, r) for c in ("c1", "c2") for r in ("SIM-44", "SIM-45", "SIM-47")]
    fight, rolled = roll_check(fight, 1, ScriptedRng(10, 9))  # Bea's SIM-45: failure
    assert not rolled.passed
    assert [(p.combatant, p.rule) for p in fight.pending] == [("c1", "SIM-44"), *before[3:]]
    fight, rolled = roll_check(fight, 0, ScriptedRng(1, 2))  # her knockback: passed
    assert rolled.passed and "dropped" not in rolled.text
    assert len(fight.pending) == 3
