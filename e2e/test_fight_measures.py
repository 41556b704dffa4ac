"""FIGHT.md's measures for the Simply, Aftermath and Percentile fights at 768x1024, driven by the
same code as `make bench` (tools/bench_fight_<system>.py, counted by e2e/fight_measure.py):
from "next turn" to the damage applied in at most 4 taps with the app's dice (Aftermath: a
missile turn and a hand-to-hand turn, its Damage Potential typed), every tap answered
in the DOM, the results in view (GURPS has its own, e2e/test_gurps_fight_measures.py)."""

from __future__ import annotations

import importlib

import pytest
from playwright.sync_api import Browser


# Aftermath plays a real firefight in its bench (issue 28: a reload, a weapon change, a knife's
# Damage Potential typed, typed dice, a knock-back) beside its plain shots, each result in view
# after its tap. Percentile's real fight (a weapon change, an AP move, Tables #3-6 and #3-3.4
# entered before it, as a GM enters his tables once) is within 4 taps for every attack.
@pytest.mark.parametrize("system", ["simply", "aftermath", "percentile"])
def test_next_turn_to_damage_in_four_taps(system: str, browser: Browser, app_url: str) -> None:
    module = importlib.import_module(f"bench_fight_{system}")
    rows = module.figures(browser, app_url.rstrip("/"))
    taps = {name: int(figure) for name, figure, _ in rows if name.endswith("taps per turn (max)")}
    # FIGHT.md counts a plain attack (the weapon in hand, nothing set before the roll); a bench
    # that also plays luck, a Defend or a weapon change reports those beside it. Simply's issue 26
    # asks every attack, luck and a Defend included, within 4 taps.
    plain = {name: n for name, n in taps.items() if "plain attacks" in name}
    measured = taps if system == "simply" else (plain or taps)
    assert taps and all(n <= 4 for n in measured.values()), taps
    if system == "aftermath":  # missile and hand-to-hand turns, app and typed dice (issues 16, 28)
        kinds = {n.split(":")[0] for n in taps}
        assert kinds == {
            "Aftermath fight (missile), app dice",
            "Aftermath fight (hand-to-hand, Damage Potential typed), app dice",
            "Aftermath fight (missile), typed dice",
            "Aftermath firefight, plain attacks (a shot with the gun's own ammunition), app dice",
            "Aftermath firefight (3 Combat Turns, 3 fighters), app dice",
            "Aftermath firefight, typed dice (Knocked Over shot included)",
        }, taps
    unseen = [(n, f) for n, f, _ in rows if n.endswith("results out of view") and f != "none"]
    assert unseen == [], unseen
