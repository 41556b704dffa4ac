"""FIGHT.md's measures for the Aftermath fight (make bench --only fights): Ana (a pistol used
with her Pistol skill, BCS 13) and Bo (a bowie knife used with his Knife skill, BCS 12) built on
the sheet, criticals decided by the roll (the campaign's Critical hit setting). Phases taken in
turn: Ana shoots Bo (missile), then Bo stabs Ana (hand-to-hand), from "Next Action Phase" to
the attack applied (its Critical Effect when one comes) with the app's dice. Each turn taps the
attacker's card ("Acts": his first weapon chosen, the other one aimed at), Resolve, and for a
hand-to-hand hit types its Damage Potential (one entry: the book leaves it to the user, asked
once the critical is known) and taps Apply. A card already acting costs no tap (the first
attacker's first weapon is chosen once it is on his sheet). Every turn must log its attack."""

from __future__ import annotations

from typing import Any

from fight_measure import Tap, TurnFigures, install, rows, run_turn
from support import aftermath_fighter, all_ones, enter

READY = 'html[data-ready="1"]'
#: Each fighter: name, skill and BCS, and the weapon on his sheet (name, kind, gun or listed, and
#: the ammunition loaded in a gun).
FIGHTERS = (
    ("Ana", "Pistol", "13", ("Service pistol", "gun", "pistol|STD", "pistol:9mm Parabellum")),
    ("Bo", "Knife", "12", ("Bowie", "hand", "Knife, bowie")),
)


def _fight(browser: Any, origin: str) -> Any:
    context = browser.new_context(service_workers="block", viewport={"width": 768, "height": 1024})
    page = context.new_page()
    install(page)
    page.goto(f"{origin}/#/aftermath")
    page.wait_for_selector(READY, timeout=120_000)
    for name, skill, bcs, arm in FIGHTERS:
        aftermath_fighter(page, name, skill, bcs, arm)
    page.get_by_test_id("aftermath-tab-settings").click()
    enter(page, "aft-set-critical_hit_rule", "2")  # criticals by the roll, not the GM's call
    page.get_by_test_id("aftermath-tab-combat").click()
    page.evaluate("window.scrollTo(0, 0)")
    return context, page


def _acts(page: Any, index: int) -> list[Tap]:
    pressed = page.get_by_test_id(f"aft-card-acts-{index}").get_attribute("aria-pressed")
    return [] if pressed == "true" else [Tap(f"aft-card-acts-{index}", "aft-cbt-use-0")]


def _add(figures: TurnFigures, part: TurnFigures) -> None:
    figures.taps += part.taps
    figures.entries += part.entries
    figures.latencies_ms += part.latencies_ms
    figures.out_of_view += part.out_of_view
    figures.brought_into_view += part.brought_into_view


def _able(page: Any) -> None:
    """Outside the measure: the conditions a Critical Effect left on the one just hit (who acts
    next) are removed, so every turn measures an attack made, not one the rules refuse."""
    while page.get_by_test_id("aft-target-conditions-remove-0").count():
        page.get_by_test_id("aft-target-conditions-remove-0").click()


def _phase(page: Any, first: bool, attacker: int) -> TurnFigures:
    made = page.get_by_test_id("aft-cbt-log-entry").count()
    figures = run_turn(page, [] if first else [Tap("aft-next-phase", "aft-clock")])
    _add(figures, run_turn(page, _acts(page, attacker)))
    _add(figures, run_turn(page, [Tap("aft-resolve", "aft-attack-result")]))
    if page.get_by_test_id("aft-hth-dp").count():  # a hand-to-hand hit: its Damage Potential
        last = [Tap("aft-hth-dp", value="9"), Tap("aft-apply-dp", "aft-attack-result")]
        _add(figures, run_turn(page, last))
    if page.get_by_test_id("aft-cbt-log-entry").count() != made + 1:
        refused = page.get_by_test_id("aft-resolve-error").inner_text()
        raise RuntimeError(f"the turn made no attack: {refused or 'no result logged'}")
    _able(page)
    page.evaluate("window.scrollTo(0, 0)")
    return figures


def _typed_phase(page: Any) -> TurnFigures:
    """Ana shoots with the dice rolled at the table: one entry per roll the step names (a D100
    typed as 50, any other roll as its lowest total), each answered where the result shows."""
    made = page.get_by_test_id("aft-cbt-log-entry").count()
    figures = run_turn(page, [Tap("aft-next-phase", "aft-clock"), *_acts(page, 0)])
    roll = "3"  # to hit: under Ana's BCS
    for _ in range(12):
        _add(figures, run_turn(page, [Tap("aft-dice-typed", "aft-attack-result", value=roll)]))
        if not page.get_by_test_id("aft-dice-given").count():
            break
        expr = page.get_by_test_id("aft-dice").locator(".dice-expr").inner_text()
        roll = "50" if expr == "1d100" else all_ones(expr)  # a total includes its modifier
    if page.get_by_test_id("aft-cbt-log-entry").count() != made + 1:
        raise RuntimeError("the typed shot made no attack")
    _able(page)
    return figures


def figures(browser: Any, origin: str) -> list[tuple[str, str, str]]:
    context, page = _fight(browser, origin)
    missile, hand = [], []
    for i in range(6):
        (missile if i % 2 == 0 else hand).append(_phase(page, first=i == 0, attacker=i % 2))
    _phase(page, first=False, attacker=1)  # Bo again, so that Ana's card is tapped
    typed = [_typed_phase(page) for _ in range(2)]
    context.close()
    return [
        *rows("Aftermath fight (missile), app dice", missile),
        *rows("Aftermath fight (hand-to-hand, Damage Potential typed), app dice", hand),
        *rows("Aftermath fight (missile), typed dice", typed),
    ]
