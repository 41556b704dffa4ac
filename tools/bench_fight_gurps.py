"""FIGHT.md's measures for the GURPS fight (``make bench``'s "fights", and e2e/test_gurps_fight_measures.py):
two fighters take turns on the Combat tracker tab at 768x1024; each turn runs from "Next turn"
to the damage applied (or to the miss or the successful defense that ends it), with the dice
rolled by the app and, in a second fight, typed. Counted with e2e/fight_measure.py: taps,
typed entries, tap → DOM, and the step results that end up out of view.

The turns are driven as a person drives them: tap "Next turn", the maneuver of the turn (GUR-06:
chosen each turn, one chip; issue 27 counts it in the attack's 4 taps), then "Roll for me" on
whatever the step waits for (the attack, the defense, the damage) until the attack is over."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))

from fight_measure import Tap, TurnFigures, install, rows, run_turn

READY = 'html[data-ready="1"]'
RESULT = "gurps-fight-result"
#: Ana (sword, skill 14) and Bo (Basic Speed 6, so he acts first; DR 2); both start on Do Nothing.
FIGHTERS = (("Ana", {"weapon_skill": "14"}), ("Bo", {"basic_speed": "6", "dr": "2"}))
#: The step's app-dice buttons in the order an attack asks for them.
ROLLS = (
    "gurps-fight-attack-roll",
    "gurps-fight-defense-roll",
    "gurps-fight-no-defense",
    "gurps-fight-damage-roll",
)
#: Typed dice: 9 hits either fighter, 18 fails every defense, 3 on the damage die.
TYPED = (
    ("gurps-fight-attack-typed", "3 3 3"),
    ("gurps-fight-defense-typed", "18"),
    ("gurps-fight-damage-typed", "3"),
)
TURNS = 6
#: The chip that takes the Attack maneuver for this turn (GUR-06, GUR-14).
TAKE_ATTACK = "gurps-take-attack"


def _enter(page: Any, testid: str, value: str) -> None:
    field = page.get_by_test_id(testid)
    field.fill(value)
    field.press("Tab")


def set_up(page: Any, fighters: tuple[tuple[str, dict[str, str]], ...] = FIGHTERS) -> None:
    """The sheets, then the fight started on the tracker (not measured)."""
    page.get_by_test_id("nav-gurps").click()
    for name, values in fighters:
        page.get_by_test_id("gurps-new").click()
        _enter(page, "gurps-name", name)
        for key, value in values.items():
            _enter(page, f"gurps-{key}", value)
    page.get_by_test_id("gurps-tab-tracker").click()
    page.get_by_test_id("gurps-start").click()
    page.get_by_test_id("gurps-turn").wait_for()


def _merge(total: TurnFigures, part: TurnFigures) -> None:
    total.taps += part.taps
    total.entries += part.entries
    total.latencies_ms += part.latencies_ms
    total.out_of_view += part.out_of_view


def _waiting(page: Any, testids: tuple[str, ...]) -> str | None:
    """The first of ``testids`` on the page now: what the step waits for."""
    return next((t for t in testids if page.get_by_test_id(t).count()), None)


def app_dice_turn(page: Any, *, first: bool = False) -> tuple[TurnFigures, bool]:
    """One turn with "Roll for me": ("Next turn" unless ``first``), then each roll the attack
    asks for. Returns the figures and whether damage was applied."""
    figures = TurnFigures()
    if not first:
        _merge(figures, run_turn(page, [Tap("gurps-next", shows="gurps-turn")]))
    _merge(figures, run_turn(page, [Tap(TAKE_ATTACK, shows="gurps-maneuver-chosen")]))
    damaged = False
    for _ in range(len(ROLLS)):
        waiting = _waiting(page, ROLLS)
        if waiting is None:
            break
        _merge(figures, run_turn(page, [Tap(waiting, shows=RESULT)]))
        damaged = damaged or waiting == ROLLS[-1]
    return figures, damaged


def typed_dice_turn(page: Any, *, first: bool = False) -> TurnFigures:
    """One turn with the dice typed: a hit, a failed defense, the damage."""
    taps = [] if first else [Tap("gurps-next", shows="gurps-turn")]
    taps.append(Tap(TAKE_ATTACK, shows="gurps-maneuver-chosen"))
    taps += [Tap(testid, shows=RESULT, value=value) for testid, value in TYPED]
    return run_turn(page, taps)


def fight(browser: Any, origin: str, typed: bool) -> list[TurnFigures]:
    """A fresh page, the two fighters, ``TURNS`` turns; only turns that applied damage count
    for the "next turn → damage applied" figure (a miss or a parry ends the turn sooner)."""
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/gurps")
    page.wait_for_selector(READY, timeout=120_000)
    set_up(page)
    turns: list[TurnFigures] = []
    for index in range(TURNS):
        if typed:
            turns.append(typed_dice_turn(page, first=index == 0))
            continue
        figures, damaged = app_dice_turn(page, first=index == 0)
        if damaged or index == TURNS - 1:
            turns.append(figures)
    context.close()
    return turns


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    """FIGHT.md's rows for GURPS: app dice, then typed dice."""
    return rows("gurps fight, app dice", fight(browser, origin, typed=False)) + rows(
        "gurps fight, typed dice", fight(browser, origin, typed=True)
    )
